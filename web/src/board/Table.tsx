import type { ReactNode } from "react";
import { isClassic, isDraft, isMultiverse, type LogLine, type Option, type State } from "../protocol";
import type { Actions } from "./actions";
import { Board } from "./Board";
import { ClassicBoard } from "./ClassicBoard";
import { DecisionPanel } from "./DecisionPanel";
import { DraftBoard } from "./DraftBoard";
import { GameLog } from "./GameLog";
import { MultiverseBoard } from "./MultiverseBoard";

type TableProps = {
  state: State;
  actions: Actions | null;
  log: LogLine[];
  /** A replay: the decision's options are listed, not offered. */
  readOnly?: boolean;
  onHover?: (option: Option | null) => void;
  /** Shown under the decision: what a player may do whoever decides (conceding). */
  controls?: ReactNode;
};

/** The board, with the decision at hand and the game log beside it: a live game's or a replay frame's. */
export function Table({ state, actions, log, readOnly, onHover, controls }: TableProps) {
  return (
    <div className="table">
      <div className="table-board">
        {isClassic(state) ? (
          <ClassicBoard state={state} />
        ) : isMultiverse(state) ? (
          <MultiverseBoard state={state} />
        ) : isDraft(state) ? (
          <DraftBoard state={state} actions={actions} />
        ) : (
          <Board state={state} actions={actions} />
        )}
      </div>
      <aside className="table-side">
        <DecisionPanel state={state} actions={actions} readOnly={readOnly} onHover={onHover} />
        {controls}
        <GameLog lines={log} />
      </aside>
    </div>
  );
}
