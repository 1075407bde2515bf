import { useState } from "react";
import { Flash } from "../components/Flash";
import { Modal } from "../components/Modal";
import { possessive, seatName } from "../format";
import type { CardText, ClassicPlayer, ClassicState, InPlay, LineItem } from "../protocol";
import { ChampionStats } from "./CardTile";
import { CardTextDialog, NamedCard, type Show } from "./NamedCard";
import { SeatClock } from "./Countdown";
import { Stat } from "./PlayerArea";
import { StatusBar, StatusItem } from "./StatusBar";

function ClassicStatusBar({ state }: { state: ClassicState }) {
  const { board, seat } = state;
  const name = (s: number) => seatName(board, s, seat);
  return (
    <StatusBar
      turn={board.turn === 0 ? "mulligans" : board.turn}
      active={name(board.active)}
      moment={board.moment}
    >
      <StatusItem label="Priority">{name(board.priority)}</StatusItem>
    </StatusBar>
  );
}

function InPlayTile({ card, text, show }: { card: InPlay; text: CardText | undefined; show: Show }) {
  const badges: string[] = [];
  if (card.veiled) badges.push("Face down");
  if (card.pose !== "prepared") badges.push(card.pose === "expended" ? "Expended" : "Flipped");
  if (card.token) badges.push("Token");
  if (card.owner !== card.controller) badges.push(`Player ${card.owner + 1}’s`);
  return (
    <NamedCard
      name={card.name}
      text={text}
      show={show}
      testId="in-play"
      className={[card.pose === "expended" ? "is-expended" : "", card.pose === "flipped" ? "is-flipped" : ""]
        .filter(Boolean)
        .join(" ")}
    >
      {badges.length > 0 && (
        <span className="badges">
          {badges.map((badge) => (
            <span key={badge} className="badge">
              {badge}
            </span>
          ))}
        </span>
      )}
      {card.offense !== null && card.defense !== null && (
        <ChampionStats offense={card.offense} defense={card.defense} damage={card.damage} counters={card.counters} />
      )}
    </NamedCard>
  );
}

type AreaProps = {
  state: ClassicState;
  player: ClassicPlayer;
  deciding: number | null;
  show: Show;
};

/** One player's side: Mojo, actions and counts, the cards they control, and a hand. */
function PlayerArea({ state, player, deciding, show }: AreaProps) {
  const { board } = state;
  const [pileOpen, setPileOpen] = useState(false);
  const isMe = state.seat === player.seat;
  const flags: string[] = [];
  if (board.active === player.seat) flags.push("Active");
  if (board.priority === player.seat) flags.push("Priority");
  if (deciding === player.seat) flags.push("Deciding");
  if (player.out) flags.push("Out");
  const controlled = board.in_play.filter((card) => card.controller === player.seat);
  const pile = [
    ["Discard pile", player.discard],
    ["Other players’ cards in the pile", player.discard_foreign],
    ["Removed from the game", player.removed],
  ] as const;
  const title = isMe ? "You" : player.name;
  return (
    <section
      className={`player ${isMe ? "player-me" : "player-other"} ${board.active === player.seat ? "is-active" : ""}`}
      data-seat={player.seat}
      aria-label={title}
    >
      <header className="player-header">
        <div className="player-title">
          <h2 className="player-name">{title}</h2>
          {isMe && player.name && <span className="muted player-real-name">{player.name}</span>}
          {/* The rules' words for seats ("Player 2's hand", "Player 2's veiled champion"). */}
          <span className="muted player-seat">Player {player.seat + 1}</span>
          {flags.map((flag) => (
            <span key={flag} className={`flag flag-${flag.toLowerCase()}`}>
              {flag}
            </span>
          ))}
          <SeatClock clock={state.clock} seat={player.seat} running={deciding === player.seat} />
        </div>
        <div className="player-stats">
          <Stat label="Mojo" value={player.mojo} className="stat-health" testId={`mojo-${player.seat}`} />
          <Stat label="Actions" value={player.actions} />
          <Stat label="Hand" value={player.hand_count} testId={isMe ? undefined : "opponent-hand-count"} />
          <Stat label="Deck" value={player.deck_count} />
          <button
            type="button"
            className="stat stat-button"
            onClick={() => setPileOpen(true)}
            title="Show the discard pile and the cards removed from the game"
          >
            <span className="stat-label">Discard</span>
            <Flash value={player.discard.length + player.discard_foreign.length} className="stat-value">
              {player.discard.length + player.discard_foreign.length}
            </Flash>
          </button>
        </div>
      </header>

      {!isMe && player.hand.length > 0 && (
        <div className="zone">
          <h3 className="zone-title">Face up in hand</h3>
          <div className="cards">
            {player.hand.map((name, i) => (
              <NamedCard key={i} name={name} text={board.cards[name]} show={show} />
            ))}
          </div>
        </div>
      )}

      <div className="zone zone-champions">
        <h3 className="zone-title">In play</h3>
        {controlled.length === 0 ? (
          <p className="muted empty">Nothing in play.</p>
        ) : (
          <div className="cards">
            {controlled.map((card, i) => (
              <InPlayTile key={i} card={card} text={board.cards[card.name]} show={show} />
            ))}
          </div>
        )}
      </div>

      {isMe && (
        <div className="zone zone-hand">
          <h3 className="zone-title">Your hand</h3>
          <div className="cards" data-testid="my-hand">
            {player.hand.map((name, i) => (
              <NamedCard key={i} name={name} text={board.cards[name]} show={show} testId="hand-card" />
            ))}
          </div>
          {player.hand.length === 0 && <p className="muted empty">No cards.</p>}
        </div>
      )}

      {pileOpen && (
        <Modal title={`${possessive(title)} discard pile`} onClose={() => setPileOpen(false)}>
          {pile.map(([label, names]) =>
            names.length === 0 ? null : (
              <div key={label} className="zone">
                <h3 className="zone-title">{label}</h3>
                <div className="cards">
                  {names.map((name, i) => (
                    <NamedCard key={i} name={name} text={board.cards[name]} show={show} />
                  ))}
                </div>
              </div>
            ),
          )}
          {pile.every(([, names]) => names.length === 0) && <p className="muted">Empty.</p>}
        </Modal>
      )}
    </section>
  );
}

function LineTile({ item, state, show }: { item: LineItem; state: ClassicState; show: Show }) {
  const name = item.name.replace(/ \(face down\)$/, "");
  return (
    <NamedCard name={item.name} text={state.board.cards[name]} show={() => show(name)} testId="line-item">
      <span className="muted">
        {item.ability ? "ability · " : ""}
        {seatName(state.board, item.controller, state.seat)}
      </span>
    </NamedCard>
  );
}

/** A classic (2009) game's table as the State shows it: other players on top, the line, you at the bottom. */
export function ClassicBoard({ state }: { state: ClassicState }) {
  const [detail, setDetail] = useState<string | null>(null);
  const { board, seat } = state;
  const me = board.players.find((player) => player.seat === seat) ?? null;
  const others = board.players.filter((player) => player !== me);
  const deciding = state.result === null ? (state.decision?.seat ?? null) : null;
  // Only cards the board gives a text for are shown: a hidden card has none.
  const show: Show = (name) => {
    if (board.cards[name]) setDetail(name);
  };
  const area = (player: ClassicPlayer) => (
    <PlayerArea key={player.seat} state={state} player={player} deciding={deciding} show={show} />
  );
  const shown = detail !== null ? board.cards[detail] : undefined;

  return (
    <div className="board board-classic" data-testid="board">
      <ClassicStatusBar state={state} />
      <div className="others">{others.map(area)}</div>
      {(board.line.length > 0 || board.pending !== null) && (
        <section className="zone zone-resolving" aria-label="The line" data-testid="line">
          <h3 className="zone-title">The line (the top item resolves first)</h3>
          <div className="cards">
            {board.pending !== null && (
              <div className="line-pending">
                <span className="muted">Being played:</span>
                <LineTile item={board.pending} state={state} show={show} />
              </div>
            )}
            {[...board.line].reverse().map((item, i) => (
              <LineTile key={board.line.length - i} item={item} state={state} show={show} />
            ))}
          </div>
        </section>
      )}
      {me && area(me)}
      {detail !== null && shown && <CardTextDialog name={detail} text={shown} onClose={() => setDetail(null)} />}
    </div>
  );
}
