import { useEffect, useState } from "react";
import { api, errorText } from "../api";
import type { GameSummary } from "../protocol";
import { navigate, paths } from "../router";

// One request per invite, even when React runs the effect twice (StrictMode).
const joins = new Map<string, Promise<GameSummary>>();

function joinOnce(id: string, secret: string): Promise<GameSummary> {
  const key = `${id}/${secret}`;
  let join = joins.get(key);
  if (!join) {
    join = api.join(id, { invite: secret });
    joins.set(key, join);
    join.catch(() => joins.delete(key));
  }
  return join;
}

/** Takes the invite's seat, then opens the game. */
export function JoinScreen({ id, secret }: { id: string; secret: string }) {
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    joinOnce(id, secret)
      .then((game) => {
        if (live) navigate(paths.game(game.id), { replace: true });
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [id, secret]);

  if (error === null) return <p className="loading">Joining the game…</p>;
  return (
    <div className="screen narrow">
      <p className="notice notice-error" role="alert">
        Could not join: {error}
      </p>
      <p>
        <a href={paths.game(id)}>Open the game anyway</a> · <a href={paths.home()}>Home</a>
      </p>
    </div>
  );
}
