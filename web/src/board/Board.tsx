import { useState } from "react";
import { phaseName, seatName } from "../format";
import type { Card, EpicState } from "../protocol";
import { CardDetailContext, type Actions } from "./actions";
import { CardDialog } from "./CardDialog";
import { CardTile } from "./CardTile";
import { PlayerArea } from "./PlayerArea";
import { StatusBar, StatusItem } from "./StatusBar";
import { useFresh } from "./useFresh";

type BoardProps = {
  state: EpicState;
  actions: Actions | null;
};

function EpicStatusBar({ state }: { state: EpicState }) {
  const { board, seat } = state;
  const name = (s: number | null) => seatName(board, s, seat);
  return (
    <StatusBar turn={board.turn} active={name(board.active)} moment={phaseName(board.phase)}>
      {board.initiative !== null && <StatusItem label="Initiative">{name(board.initiative)}</StatusItem>}
      {board.attacker !== null && (
        <StatusItem className="status-battle">
          {name(board.attacker)} {board.attacker === seat ? "attack" : "attacks"}
          {board.defender !== null && <> {name(board.defender)}</>}
        </StatusItem>
      )}
    </StatusBar>
  );
}

/** The whole table as the State shows it: other players on top, you at the bottom. */
export function Board({ state, actions }: BoardProps) {
  const [detail, setDetail] = useState<Card | null>(null);
  const { board, seat } = state;
  const me = board.players.find((player) => player.seat === seat) ?? null;
  const others = board.players.filter((player) => player !== me);

  const fresh = useFresh([
    ...board.champions.map((champion) => `play:${champion.obj}`),
    ...(me?.hand ?? []).map((card) => `hand:${card.obj}`),
    ...board.resolving.map((card) => `resolving:${card.obj}`),
  ]);

  const deciding = state.result === null ? (state.decision?.seat ?? null) : null;
  const area = (player: (typeof board.players)[number]) => (
    <PlayerArea
      key={player.seat}
      board={board}
      player={player}
      champions={board.champions.filter((champion) => champion.controller === player.seat)}
      mySeat={seat}
      deciding={deciding}
      actions={actions}
      fresh={fresh}
      clock={state.clock}
    />
  );

  return (
    <CardDetailContext.Provider value={setDetail}>
      <div className="board" data-testid="board">
        <EpicStatusBar state={state} />
        <div className="others">{others.map(area)}</div>
        {board.resolving.length > 0 && (
          <section className="zone zone-resolving" aria-label="Being played">
            <h3 className="zone-title">Being played</h3>
            <div className="cards">
              {board.resolving.map((card) => (
                <CardTile
                  key={card.obj}
                  card={card}
                  actions={actions}
                  fresh={fresh.has(`resolving:${card.obj}`)}
                />
              ))}
            </div>
          </section>
        )}
        {me && area(me)}
      </div>
      {detail && <CardDialog card={detail} onClose={() => setDetail(null)} />}
    </CardDetailContext.Provider>
  );
}
