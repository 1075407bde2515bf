import type { ReactNode } from "react";
import { seatLabel } from "../format";
import type { GameSummary } from "../protocol";
import { ANY, LISTED, type DeckChoice } from "./deckChoice";

type ChoiceProps = {
  label: string;
  choices: string[];
  value: string;
  onChange: (choice: string) => void;
  /** The words for leaving it to the server (the value ANY), offered first; omitted: no such option. */
  any?: string;
  /** Options offered after the names. */
  more?: ReactNode;
  testId?: string;
};

/** A labelled select of names. */
export function Choice({ label, choices, value, onChange, any, more, testId }: ChoiceProps) {
  return (
    <label>
      {label}
      <select value={value} data-testid={testId} onChange={(event) => onChange(event.target.value)}>
        {any !== undefined && <option value={ANY}>{any}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
        {more}
      </select>
    </label>
  );
}

type DeckSelectProps = {
  label: string;
  decks: string[];
  value: DeckChoice;
  onChange: (choice: DeckChoice) => void;
  /** The words for leaving the deck as it is (the server's choice by default). */
  any?: string;
  testId?: string;
};

/** A deck by name, or a deck list pasted into the box it opens. */
export function DeckSelect({ label, decks, value, onChange, any = "Server’s choice", testId }: DeckSelectProps) {
  return (
    <>
      <Choice
        label={label}
        choices={decks}
        value={value.deck}
        onChange={(deck) => onChange({ ...value, deck })}
        any={any}
        more={<option value={LISTED}>A deck list…</option>}
        testId={testId}
      />
      {value.deck === LISTED && (
        <label>
          {label}: one card a line, “3 Ember Bolt”
          <textarea
            rows={8}
            value={value.list}
            data-testid={testId && `${testId}-list`}
            placeholder={"3 Ember Bolt\n2 Sky Knight"}
            onChange={(event) => onChange({ ...value, list: event.target.value })}
          />
        </label>
      )}
    </>
  );
}

/** A game's seats: who plays each, with its deck. */
export function Players({ game }: { game: GameSummary }) {
  return (
    <span className="players">
      {game.ruleset === "classic" && <span className="flag flag-classic">Classic</span>}
      {game.seats.map((s, i) => (
        <span key={s.seat}>
          {i > 0 && <span className="muted"> vs </span>}
          <span className={game.your_seat === s.seat ? "me" : s.open ? "muted" : undefined}>
            {seatLabel(game, s.seat)}
          </span>
          {s.deck && <span className="muted deck"> ({s.deck})</span>}
        </span>
      ))}
    </span>
  );
}
