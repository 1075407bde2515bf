import { seatName } from "../format";
import type { Option, State } from "../protocol";
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
  const options = myOptions(state);
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
