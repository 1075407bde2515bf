import { useMemo, useState } from "react";
import { seatName } from "../format";
import type { Card, DraftState, Option } from "../protocol";
import { buildActions, CardDetailContext, myOptions, type Actions } from "./actions";
import { CardDialog } from "./CardDialog";
import { CardTile } from "./CardTile";

type DraftBoardProps = {
  state: DraftState;
  actions: Actions | null;
};

/** The options of one kind ("pick", "cut", "restore") as the actions of the zone they act on. */
function zoneActions(state: DraftState, actions: Actions | null, kind: Option["kind"]): Actions | null {
  const options = myOptions(state);
  if (actions === null || options === null) return null;
  return buildActions(
    options.filter((option) => option.kind === kind),
    actions.choose,
    actions.disabled,
    actions.hovered,
  );
}

function Zone({
  title,
  cards,
  actions,
  testId,
  empty,
}: {
  title: string;
  cards: Card[];
  actions: Actions | null;
  testId: string;
  empty?: string;
}) {
  return (
    <section className="zone" aria-label={title} data-testid={testId}>
      <h3 className="zone-title">
        {title} <span className="muted">({cards.length})</span>
      </h3>
      {cards.length === 0 ? (
        empty && <p className="muted small">{empty}</p>
      ) : (
        <div className="cards">
          {cards.map((card, i) => (
            <CardTile key={`${card.obj}-${i}`} card={card} actions={actions} testId={`${testId}-card`} />
          ))}
        </div>
      )}
    </section>
  );
}

/** How a deck being built stands: its size against the rule, its curve and its alignments. */
function DeckSummary({ deck, min, exact }: { deck: Card[]; min: number; exact: boolean }) {
  const curve = new Map<number, number>();
  const alignments = new Map<string, number>();
  for (const card of deck) {
    curve.set(card.cost, (curve.get(card.cost) ?? 0) + 1);
    for (const alignment of card.alignments) alignments.set(alignment, (alignments.get(alignment) ?? 0) + 1);
  }
  const champions = deck.filter((card) => card.kind === "champion").length;
  const over = deck.length - min;
  const rule = exact
    ? over > 0
      ? `cut ${over} more to make exactly ${min}`
      : `exactly ${min}: ready`
    : over >= 0
      ? `at least ${min}: ready`
      : `put back ${-over} to make ${min}`;
  return (
    <div className="deck-summary" data-testid="deck-summary">
      <p>
        <strong>{deck.length} cards</strong> ({rule}); {champions} champions, {deck.length - champions} events.
      </p>
      <p className="small">
        Cost:{" "}
        {[...curve.entries()]
          .sort(([a], [b]) => a - b)
          .map(([cost, n]) => `${n}×${cost}`)
          .join(", ") || "none"}
        {alignments.size > 0 && (
          <>
            {" · "}
            {[...alignments.entries()].map(([alignment, n]) => `${alignment} ${n}`).join(", ")}
          </>
        )}
      </p>
    </div>
  );
}

/** A game's draft: the pack in front of you to pick from, then the deck you build from your picks. */
export function DraftBoard({ state, actions }: DraftBoardProps) {
  const [detail, setDetail] = useState<Card | null>(null);
  const { board, seat } = state;
  const picking = useMemo(() => zoneActions(state, actions, "pick"), [state, actions]);
  const cutting = useMemo(() => zoneActions(state, actions, "cut"), [state, actions]);
  const restoring = useMemo(() => zoneActions(state, actions, "restore"), [state, actions]);
  const stage = board.over
    ? "The draft is over"
    : board.building
      ? "Building decks"
      : `${board.format === "open-draft" ? "Reveal" : "Pack"} ${board.round} of ${board.rounds}`;

  return (
    <CardDetailContext.Provider value={setDetail}>
      <div className="board draft-board" data-testid="draft-board">
        <div className="status-bar">
          <span className="status-item">{board.title}</span>
          <span className="status-item">{stage}</span>
          {board.players.map((player) => (
            <span key={player.seat} className="status-item">
              <span className="status-label">{seatName(board, player.seat, seat)}</span> {player.cards} cards
            </span>
          ))}
        </div>
        {board.building || board.over ? (
          <>
            {seat !== null && (
              <DeckSummary deck={board.deck} min={board.min_deck} exact={board.exact_deck} />
            )}
            <Zone
              title="Your deck: click a card to cut it"
              cards={board.deck}
              actions={cutting}
              testId="draft-deck"
            />
            <Zone
              title="Left out: click a card to put it back"
              cards={board.left_out}
              actions={restoring}
              testId="draft-left-out"
              empty="Nothing cut yet."
            />
          </>
        ) : (
          <>
            <Zone
              title={board.format === "open-draft" ? "Revealed: click a card to pick it" : "Your pack: click a card to pick it"}
              cards={board.pack}
              actions={picking}
              testId="draft-pack"
              empty="No pack in front of you now."
            />
            <Zone
              title="Your picks"
              cards={board.picks}
              actions={null}
              testId="draft-picks"
              empty={board.format === "dark-draft" ? "Dark Draft: your picks stay face down until the end." : "None yet."}
            />
          </>
        )}
      </div>
      {detail && <CardDialog card={detail} onClose={() => setDetail(null)} />}
    </CardDetailContext.Provider>
  );
}
