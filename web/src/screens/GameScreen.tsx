import { useCallback, useEffect, useMemo, useState } from "react";
import { buildActions, myOptions } from "../board/actions";
import { Table } from "../board/Table";
import { Modal } from "../components/Modal";
import { useGameSocket } from "../game/useGameSocket";
import { isDraft, type Option } from "../protocol";
import { navigate, paths } from "../router";
import { useSettings } from "../settings";

export function GameScreen({ id }: { id: string }) {
  const { state, log, connection, pendingSeq, notices, fatal, decide, concede, setAutoPass, dismiss } =
    useGameSocket(id);
  const { autoPass } = useSettings();
  const [conceding, setConceding] = useState(false);

  const seq = state?.seq ?? null;
  const choose = useCallback(
    (option: Option) => {
      if (seq !== null) decide(seq, option.index);
    },
    [decide, seq],
  );

  const options = state ? myOptions(state) : null;
  const disabled = pendingSeq !== null || connection !== "open";
  // The option button under the pointer, remembered with the State it belongs to.
  const [hover, setHover] = useState<{ seq: number; index: number } | null>(null);
  const hovered =
    hover !== null && hover.seq === seq ? (options?.find((o) => o.index === hover.index) ?? null) : null;
  const onHover = (option: Option | null) =>
    setHover(option !== null && seq !== null ? { seq, index: option.index } : null);
  const actions = useMemo(
    () => (options ? buildActions(options, choose, disabled, hovered) : null),
    [options, choose, disabled, hovered],
  );

  // Auto-pass is the server's: it passes for a seat whose only option is to pass, after a
  // wait like the player's own decisions, so the timing tells the opponents nothing.
  const mySeat = state?.seat ?? null;
  useEffect(() => {
    if (mySeat !== null && connection === "open") setAutoPass(autoPass);
  }, [autoPass, mySeat, connection, setAutoPass]);

  if (fatal !== null) {
    return (
      <div className="screen narrow">
        <p className="notice notice-error">{fatal}</p>
        <a href={paths.home()}>Home</a>
      </div>
    );
  }

  return (
    <div className="game-screen">
      {connection === "reconnecting" && (
        <div className="connection" role="status">
          Reconnecting…
        </div>
      )}
      {notices.length > 0 && (
        <div className="notices">
          {notices.map((notice) => (
            <div key={notice.id} className="notice notice-error" role="alert">
              <span>{notice.message}</span>
              <button
                type="button"
                className="icon-button"
                aria-label="Dismiss"
                onClick={() => dismiss(notice.id)}
              >
                ×
              </button>
            </div>
          ))}
        </div>
      )}
      {state === null ? (
        <p className="loading">{connection === "reconnecting" ? "Reconnecting…" : "Connecting…"}</p>
      ) : (
        <>
          {state.result !== null && (
            <div className="game-over" data-testid="game-over" role="status">
              <p className="game-over-text">{state.result.text}</p>
              <div className="game-over-buttons">
                <button
                  type="button"
                  className="primary"
                  data-testid="replay-button"
                  onClick={() => navigate(paths.replay(id))}
                >
                  Replay
                </button>
                <button type="button" onClick={() => navigate(paths.home())}>
                  Home
                </button>
              </div>
            </div>
          )}
          <Table
            state={state}
            actions={actions}
            log={log}
            onHover={onHover}
            controls={
              state.result === null &&
              state.seat !== null &&
              // A draft is not conceded: the game begins once every deck is built.
              !isDraft(state) && (
                <div className="game-actions">
                  <button
                    type="button"
                    data-testid="concede-button"
                    disabled={connection !== "open"}
                    onClick={() => setConceding(true)}
                  >
                    Concede
                  </button>
                </div>
              )
            }
          />
          {conceding && state.result === null && (
            <Modal title="Concede the game?" onClose={() => setConceding(false)}>
              <p>You leave the game and lose it; in a game of more players, the others play on.</p>
              <div className="modal-buttons">
                <button
                  type="button"
                  className="danger"
                  data-testid="concede-confirm"
                  onClick={() => {
                    concede();
                    setConceding(false);
                  }}
                >
                  Concede
                </button>
                <button type="button" onClick={() => setConceding(false)}>
                  Keep playing
                </button>
              </div>
            </Modal>
          )}
        </>
      )}
    </div>
  );
}
