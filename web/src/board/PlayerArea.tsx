import { useState } from "react";
import { Flash } from "../components/Flash";
import { Modal } from "../components/Modal";
import type { Board, Champion, Clock, PlayerBoard } from "../protocol";
import type { Actions } from "./actions";
import { CardTile } from "./CardTile";
import { SeatClock } from "./Countdown";
import { OptionMenu } from "./OptionMenu";
import { usePick } from "./usePick";

type PlayerAreaProps = {
  board: Board;
  player: PlayerBoard;
  champions: Champion[];
  mySeat: number | null;
  deciding: number | null;
  actions: Actions | null;
  fresh: ReadonlySet<string>;
  clock: Clock | null;
};

type StatProps = { label: string; value: number; testId?: string; className?: string };

export function Stat({ label, value, testId, className }: StatProps) {
  return (
    <span className={className ? `stat ${className}` : "stat"}>
      <span className="stat-label">{label}</span>
      <Flash value={value} className="stat-value">
        <span data-testid={testId}>{value}</span>
      </Flash>
    </span>
  );
}

/** One player's side of the table: name and counts, God card, champions, hand. */
export function PlayerArea({
  board,
  player,
  champions,
  mySeat,
  deciding,
  actions,
  fresh,
  clock,
}: PlayerAreaProps) {
  const [discardOpen, setDiscardOpen] = useState(false);
  const playerOptions = actions?.byPlayer.get(player.seat);
  const { pickable, enabled, pick, menu } = usePick(playerOptions, actions);
  const isMe = mySeat !== null && player.seat === mySeat;
  const discardPicks = actions
    ? player.discard.filter((card) => actions.byCard.has(card.obj)).length
    : 0;

  // Choosing a card from the discard pile closes the pile.
  const discardActions: Actions | null = actions && {
    ...actions,
    choose: (option) => {
      setDiscardOpen(false);
      actions.choose(option);
    },
  };

  const flags: string[] = [];
  if (board.active === player.seat) flags.push("Active");
  if (board.initiative === player.seat) flags.push("Initiative");
  if (board.attacker === player.seat) flags.push("Attacker");
  if (board.defender === player.seat) flags.push("Defender");
  if (deciding === player.seat) flags.push("Deciding");
  if (player.eliminated) flags.push("Eliminated");
  const myTeam = mySeat === null ? null : board.players.find((p) => p.seat === mySeat)?.team;
  const team =
    player.team === null || player.team === undefined
      ? null
      : !isMe && player.team === myTeam
        ? "Your partner"
        : `Team ${player.team + 1}`;

  const classes = [
    "player",
    isMe ? "player-me" : "player-other",
    board.active === player.seat ? "is-active" : "",
    player.eliminated ? "is-eliminated" : "",
    pickable ? "pickable" : "",
    actions?.hovered?.player === player.seat ? "hover-target" : "",
  ].filter(Boolean);

  return (
    <section className={classes.join(" ")} data-seat={player.seat} aria-label={isMe ? "You" : player.name}>
      <header className="player-header">
        <div className="player-title">
          {pickable ? (
            <button
              type="button"
              className="player-pick"
              disabled={!enabled}
              onClick={pick}
              title={(playerOptions ?? []).map((o) => o.label).join("\n")}
            >
              {isMe ? "You" : player.name}
            </button>
          ) : (
            <h2 className="player-name">{isMe ? "You" : player.name}</h2>
          )}
          {isMe && player.name && <span className="muted player-real-name">{player.name}</span>}
          {team && <span className="flag flag-team">{team}</span>}
          {flags.map((flag) => (
            <span key={flag} className={`flag flag-${flag.toLowerCase()}`}>
              {flag}
            </span>
          ))}
          {menu && <OptionMenu {...menu} />}
          <SeatClock clock={clock} seat={player.seat} running={deciding === player.seat} />
        </div>
        <div className="player-stats">
          <Stat label="Health" value={player.health} className="stat-health" />
          <Stat label="Gold" value={player.gold} />
          <Stat label="Hand" value={player.hand_count} testId={isMe ? undefined : "opponent-hand-count"} />
          <Stat label="Deck" value={player.deck_count} />
          <button
            type="button"
            className={`stat stat-button ${discardPicks > 0 ? "pickable" : ""}`}
            onClick={() => setDiscardOpen(true)}
            title="Show the discard pile"
          >
            <span className="stat-label">Discard</span>
            <Flash value={player.discard.length} className="stat-value">
              {player.discard.length}
            </Flash>
          </button>
        </div>
      </header>

      {player.god && (
        <div className="zone zone-god">
          <CardTile card={player.god} actions={actions} small />
        </div>
      )}

      {player.deck_known.length > 0 && (
        <div className="zone" data-testid="deck-known">
          <h3 className="zone-title">Known in the deck</h3>
          <div className="cards">
            {player.deck_known.map(({ place, card }) => (
              <figure key={card.obj} className="deck-known">
                <CardTile card={card} actions={actions} small />
                <figcaption className="muted">{place}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      )}

      {!isMe && player.hand.length > 0 && (
        <div className="zone">
          <h3 className="zone-title">Revealed from hand</h3>
          <div className="cards">
            {player.hand.map((card) => (
              <CardTile key={card.obj} card={card} actions={actions} />
            ))}
          </div>
        </div>
      )}

      <div className="zone zone-champions">
        <h3 className="zone-title">Champions</h3>
        {champions.length === 0 ? (
          <p className="muted empty">None in play.</p>
        ) : (
          <div className="cards">
            {champions.map((champion) => (
              <CardTile
                key={champion.obj}
                card={champion}
                actions={actions}
                testId="champion"
                fresh={fresh.has(`play:${champion.obj}`)}
              />
            ))}
          </div>
        )}
      </div>

      {isMe && (
        <div className="zone zone-hand">
          <h3 className="zone-title">Your hand</h3>
          <div className="cards" data-testid="my-hand">
            {player.hand.map((card) => (
              <CardTile
                key={card.obj}
                card={card}
                actions={actions}
                testId="hand-card"
                fresh={fresh.has(`hand:${card.obj}`)}
              />
            ))}
          </div>
          {player.hand.length === 0 && <p className="muted empty">No cards.</p>}
        </div>
      )}

      {discardOpen && (
        <Modal
          title={`${isMe ? "Your" : `${player.name}’s`} discard pile`}
          onClose={() => setDiscardOpen(false)}
        >
          {player.discard.length === 0 ? (
            <p className="muted">Empty.</p>
          ) : (
            <div className="cards">
              {player.discard.map((card) => (
                <CardTile key={card.obj} card={card} actions={discardActions} />
              ))}
            </div>
          )}
        </Modal>
      )}
    </section>
  );
}
