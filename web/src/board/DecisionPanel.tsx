import { seatName } from "../format";
import { isDraft, type Option, type State } from "../protocol";
import { myOptions, type Actions } from "./actions";
import { Countdown } from "./Countdown";

type DecisionPanelProps = {
  state: State;
  actions: Actions | null;
  /** In a replay nothing can be chosen: options are listed without buttons. */
  readOnly?: boolean;
  /** The option under the pointer (or focused), to highlight what it names. */
  onHover?: (option: Option | null) => void;
};

/** The decision at hand: the prompt and the options when it is yours, else who is thinking. */
export function DecisionPanel({ state, actions, readOnly, onHover }: DecisionPanelProps) {
  const decision = state.decision;
  if (state.result !== null || decision === null) return null;
  // A draft's cards are picked, cut and put back on the board; only "Done" is a button.
  const draft = isDraft(state);
  const all = myOptions(state);
  const options = all && draft ? all.filter((option) => option.kind === "done") : all;
  // Keyed by the deadline: a new one counts from now, not from the last tick of the old one.
  const deadline =
    state.deadline !== null && !readOnly ? <Countdown key={state.deadline} deadline={state.deadline} /> : null;

  if (options === null) {
    return (
      <section className="decision decision-waiting" aria-live="polite">
        <p className="prompt" data-testid="prompt">
          Waiting for {seatName(state.board, decision.seat, state.seat)}…
        </p>
        {deadline}
      </section>
    );
  }

  return (
    <section className="decision decision-mine" aria-live="polite">
      <p className="prompt" data-testid="prompt">
        {decision.prompt}
      </p>
      {deadline}
      {draft && all !== null && options !== null && all.length > options.length && (
        <p className="muted small">Click a card on the board to choose it.</p>
      )}
      {readOnly ? (
        <ul className="options-read-only">
          {options.map((option) => (
            <li key={option.index}>{option.label}</li>
          ))}
        </ul>
      ) : (
        <div className="options">
          {options.map((option) => (
            <button
              key={option.index}
              type="button"
              className={`option ${option.card !== null || option.player !== null ? "option-target" : ""}`}
              data-testid="option"
              data-index={option.index}
              disabled={!actions || actions.disabled}
              onClick={() => actions?.choose(option)}
              onPointerEnter={() => onHover?.(option)}
              onPointerLeave={() => onHover?.(null)}
              onFocus={() => onHover?.(option)}
              onBlur={() => onHover?.(null)}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}
      {actions?.disabled && <p className="muted sending">Sending…</p>}
    </section>
  );
}
