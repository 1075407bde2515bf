import { useEffect, useMemo, useState } from "react";
import { api, errorText, saveUrl } from "../api";
import { Table } from "../board/Table";
import type { LogLine, Replay } from "../protocol";
import { paths } from "../router";

type Loaded = { replay: Replay } | { error: string };

export function ReplayScreen({ id }: { id: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    let live = true;
    api
      .replay(id)
      .then((replay) => {
        if (live) setLoaded({ replay });
      })
      .catch((error: unknown) => {
        if (live) setLoaded({ error: errorText(error) });
      });
    return () => {
      live = false;
    };
  }, [id]);

  const replay = loaded !== null && "replay" in loaded ? loaded.replay : null;
  const frames = useMemo(() => replay?.frames ?? [], [replay]);
  const last = Math.max(0, frames.length - 1);
  const k = Math.min(frame, last);

  // Each frame carries the log lines since the one before it: the whole log,
  // and where each frame's part of it ends.
  const { lines, ends } = useMemo(() => {
    const lines: LogLine[] = [];
    const ends: number[] = [];
    for (const state of frames) {
      for (const line of state.log) lines.push(line);
      ends.push(lines.length);
    }
    return { lines, ends };
  }, [frames]);
  const log = useMemo(() => lines.slice(0, ends[k] ?? 0), [lines, ends, k]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
      if (event.key === "ArrowRight") setFrame((f) => Math.min(last, f + 1));
      else if (event.key === "ArrowLeft") setFrame((f) => Math.max(0, Math.min(last, f) - 1));
      else if (event.key === "Home") setFrame(0);
      else if (event.key === "End") setFrame(last);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [last]);

  if (loaded === null) return <p className="loading">Loading the replay…</p>;
  if ("error" in loaded) {
    return (
      <div className="screen narrow">
        <p className="notice notice-error">{loaded.error}</p>
        <p>
          <a href={paths.game(id)}>Open the game</a> · <a href={paths.home()}>Home</a>
        </p>
      </div>
    );
  }
  if (frames.length === 0) {
    return (
      <div className="screen narrow">
        <p className="muted">This replay has no frames.</p>
        <a href={paths.home()}>Home</a>
      </div>
    );
  }

  const state = frames[k];
  return (
    <div className="game-screen replay-screen">
      <div className="replay-controls">
        <button type="button" onClick={() => setFrame(0)} disabled={k === 0} aria-label="First" title="First (Home)">
          «
        </button>
        <button
          type="button"
          data-testid="replay-prev"
          onClick={() => setFrame(Math.max(0, k - 1))}
          disabled={k === 0}
          aria-label="Back"
          title="Back (←)"
        >
          ‹
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={k}
          onChange={(event) => setFrame(Number(event.target.value))}
          aria-label="Frame"
        />
        <button
          type="button"
          data-testid="replay-next"
          onClick={() => setFrame(Math.min(last, k + 1))}
          disabled={k === last}
          aria-label="Forward"
          title="Forward (→)"
        >
          ›
        </button>
        <button type="button" onClick={() => setFrame(last)} disabled={k === last} aria-label="Last" title="Last (End)">
          »
        </button>
        <span className="replay-frame" data-testid="replay-frame">
          {k} / {last}
        </span>
        <a className="replay-save" href={saveUrl(id)} download>
          Download save
        </a>
      </div>
      {state.result !== null && (
        <div className="game-over game-over-replay" role="status">
          <p className="game-over-text">{state.result.text}</p>
        </div>
      )}
      <Table state={state} actions={null} log={log} readOnly />
    </div>
  );
}
