import { useState } from "react";
import { Modal } from "../components/Modal";
import { possessive, seatName } from "../format";
import type { MultiverseCharacter, MultiversePlayer, MultiverseState } from "../protocol";
import { SeatClock } from "./Countdown";
import { CardTextDialog, NamedCard, type Show } from "./NamedCard";
import { Stat } from "./PlayerArea";
import { StatusBar, StatusItem } from "./StatusBar";

function MultiverseStatusBar({ state }: { state: MultiverseState }) {
  const { board, seat } = state;
  return (
    <StatusBar
      turn={board.turn === 0 ? "opening hands" : board.turn}
      active={seatName(board, board.active, seat)}
      moment={board.moment}
    >
      <StatusItem label="First to" testId="goal">
        {board.goal} points
      </StatusItem>
      {board.countdown && (
        <StatusItem label="Round" testId="countdown">
          {board.countdown.round} of {board.countdown.of}
        </StatusItem>
      )}
      {board.campaign && (
        <StatusItem label="Battle" testId="campaign">
          {board.campaign.battle}, won at {board.campaign.battle_value} points scored in it
        </StatusItem>
      )}
    </StatusBar>
  );
}

/** A card's whole text as a tooltip, for a card named inside another's tile. */
function cardTitle(state: MultiverseState, name: string) {
  const text = state.board.cards[name];
  return text ? [name, text.type_line, ...text.text].join("\n") : name;
}

/**
 * A character in play or in a holding area: its stats, wounds, state and items. A held
 * character is "tapped" until its player's next turn, when it may return (F-11.5).
 */
function CharacterTile({
  character,
  state,
  show,
  held = false,
}: {
  character: MultiverseCharacter;
  state: MultiverseState;
  show: Show;
  held?: boolean;
}) {
  const badges = [...character.labels.filter((label) => label !== "Hero")];
  if (character.state !== "healthy") badges.unshift(character.state === "injured" ? "Injured" : "Disabled");
  if (held) badges.unshift(character.tapped ? "Returns from next turn" : "May return");
  else if (character.tapped) badges.unshift("Tapped");
  if (character.flying) badges.unshift("In flight");
  if (character.hidden) badges.unshift("Hidden");
  if (character.poison > 0) badges.unshift(`Poison ${character.poison}`);
  if (character.intangible) badges.unshift("Intangible");
  if (character.invisible) badges.unshift("Invisible");
  if (character.marker) badges.unshift("Swarm marker");
  return (
    <NamedCard
      name={character.name}
      text={state.board.cards[character.card]}
      show={() => show(character.card)}
      testId="character"
      className={[character.tapped && !held ? "is-expended" : "", character.state === "disabled" ? "is-disabled" : ""]
        .filter(Boolean)
        .join(" ")}
    >
      <span className="badges">
        {badges.map((badge) => (
          <span key={badge} className="badge">
            {badge}
          </span>
        ))}
      </span>
      <span className="card-line" data-testid="character-stats">
        <span title="Combat value">C {character.combat}</span>
        {" · "}
        <span title="Defense value">D {character.defense}</span>
        {" · "}
        <span className="muted" title="Energy cost, and its points">
          {character.cost} {character.cost === 1 ? "point" : "points"}
        </span>
        {character.wounds > 0 && (
          <span data-testid="wounds" title="Wounds">
            {" · "}
            {character.wounds} {character.wounds === 1 ? "wound" : "wounds"}
          </span>
        )}
      </span>
      {character.powers.length > 0 && <span className="card-line muted">{character.powers.join(", ")}</span>}
      {character.items.length > 0 && (
        <span className="card-line" data-testid="items">
          {character.items.map((item, i) => (
            <span key={i}>
              {i > 0 && ", "}
              <span title={cardTitle(state, item.name)}>{item.name}</span>
              {item.state === "working" ? "" : ` (${item.state === "disabled" ? "disabled" : "knocked away"})`}
            </span>
          ))}
        </span>
      )}
    </NamedCard>
  );
}

/** Footholds by name: how many, and how many are untapped (energy to spend). */
function groupFootholds(player: MultiversePlayer) {
  const groups: { name: string; energy: string; count: number; untapped: number }[] = [];
  for (const foothold of player.footholds) {
    let group = groups.find((g) => g.name === foothold.name);
    if (!group) {
      group = { name: foothold.name, energy: foothold.energy, count: 0, untapped: 0 };
      groups.push(group);
    }
    group.count += 1;
    if (!foothold.tapped) group.untapped += 1;
  }
  return groups;
}

type AreaProps = { state: MultiverseState; player: MultiversePlayer; deciding: number | null; show: Show };

/** One Beyonder's side: points and counts, footholds, characters, the holding area and a hand. */
function PlayerArea({ state, player, deciding, show }: AreaProps) {
  const { board } = state;
  const [graveOpen, setGraveOpen] = useState(false);
  const isMe = state.seat === player.seat;
  const flags: string[] = [];
  if (board.active === player.seat) flags.push("Active");
  if (deciding === player.seat) flags.push("Deciding");
  if (player.out) flags.push("Out");
  if (player.team !== null) flags.push(`Team ${player.team + 1}`);
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
          <span className="muted player-seat">Player {player.seat + 1}</span>
          {flags.map((flag) => (
            <span key={flag} className={`flag flag-${flag.toLowerCase().split(" ")[0]}`}>
              {flag}
            </span>
          ))}
          <SeatClock clock={state.clock} seat={player.seat} running={deciding === player.seat} />
        </div>
        <div className="player-stats">
          <Stat label="Points" value={player.points} className="stat-health" testId={`points-${player.seat}`} />
          {player.battle_points !== undefined && <Stat label="This battle" value={player.battle_points} />}
          <Stat label="Hand" value={player.hand_count} testId={isMe ? undefined : "opponent-hand-count"} />
          <Stat label="Resources" value={player.deck_count} />
          <Stat label="Discards" value={player.discard_count} />
          <button
            type="button"
            className="stat stat-button"
            onClick={() => setGraveOpen(true)}
            title="Show the graveyard: the characters killed"
          >
            <span className="stat-label">Graveyard</span>
            <span className="stat-value">{player.graveyard.length}</span>
          </button>
        </div>
      </header>

      <div className="zone zone-footholds">
        <h3 className="zone-title">Footholds</h3>
        {player.footholds.length === 0 ? (
          <p className="muted empty">No foothold yet.</p>
        ) : (
          <div className="cards">
            {groupFootholds(player).map((group) => (
              <NamedCard key={group.name} name={group.name} text={board.cards[group.name]} show={show} testId="foothold">
                <span className="muted">
                  {group.energy} · {group.untapped} of {group.count} untapped
                </span>
              </NamedCard>
            ))}
          </div>
        )}
      </div>

      <div className="zone zone-champions">
        <h3 className="zone-title">Characters</h3>
        {player.characters.length === 0 ? (
          <p className="muted empty">No character in play.</p>
        ) : (
          <div className="cards">
            {player.characters.map((character, i) => (
              <CharacterTile key={i} character={character} state={state} show={show} />
            ))}
          </div>
        )}
      </div>

      {player.holding.length > 0 && (
        <div className="zone zone-holding">
          <h3 className="zone-title">Holding area ({player.holding_points}/{state.board.holding_capacity} points)</h3>
          <div className="cards">
            {player.holding.map((character, i) => (
              <CharacterTile key={i} character={character} state={state} show={show} held />
            ))}
          </div>
        </div>
      )}

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

      {graveOpen && (
        <Modal title={`${possessive(title)} graveyard`} onClose={() => setGraveOpen(false)}>
          {player.graveyard.length === 0 ? (
            <p className="muted">Empty.</p>
          ) : (
            <div className="cards">
              {player.graveyard.map((name, i) => (
                <NamedCard key={i} name={name} text={board.cards[name]} show={show} />
              ))}
            </div>
          )}
        </Modal>
      )}
    </section>
  );
}

/** A multiverse game's table (docs/multiverse.md): other Beyonders on top, the attacks of the combat, you at the bottom. */
export function MultiverseBoard({ state }: { state: MultiverseState }) {
  const [detail, setDetail] = useState<string | null>(null);
  const { board, seat } = state;
  const me = board.players.find((player) => player.seat === seat) ?? null;
  const others = board.players.filter((player) => player !== me);
  const deciding = state.result === null ? (state.decision?.seat ?? null) : null;
  const show: Show = (name) => {
    if (board.cards[name]) setDetail(name);
  };
  const area = (player: MultiversePlayer) => (
    <PlayerArea key={player.seat} state={state} player={player} deciding={deciding} show={show} />
  );
  const shown = detail !== null ? board.cards[detail] : undefined;
  const blockerOf = (target: string) => board.blocks.find(([, t]) => t === target)?.[0];

  return (
    <div className="board board-classic board-multiverse" data-testid="board">
      <MultiverseStatusBar state={state} />
      <div className="others">{others.map(area)}</div>
      {board.incidents.length > 0 && (
        <section className="zone" aria-label="Incidents in play" data-testid="incidents">
          <h3 className="zone-title">Incidents in play</h3>
          <div className="cards">
            {board.incidents.map((incident, i) => (
              <NamedCard key={i} name={incident.name} text={board.cards[incident.name]} show={show}>
                <span className="muted">
                  {seatName(board, incident.seat, seat)} · on {incident.on}
                </span>
              </NamedCard>
            ))}
          </div>
        </section>
      )}
      {board.attacks.length > 0 && (
        <section className="zone zone-resolving" aria-label="Attacks" data-testid="attacks">
          <h3 className="zone-title">Attacks (resolved in this order)</h3>
          <ol className="attack-list">
            {board.attacks.map(([attacker, target], i) => (
              <li key={i}>
                {attacker} attacks {target}
                {blockerOf(target) ? ` — blocked by ${blockerOf(target)}` : ""}
              </li>
            ))}
          </ol>
        </section>
      )}
      {me && area(me)}
      {detail !== null && shown && <CardTextDialog name={detail} text={shown} onClose={() => setDetail(null)} />}
    </div>
  );
}
