import { useEffect, useState, type FormEvent } from "react";
import { api, errorText } from "../api";
import { DeckSelect, Players } from "../components/Choices";
import { SERVERS_DECK, deckFields, decksOf } from "../components/deckChoice";
import { useAction } from "../components/useAction";
import type { GameSummary, Options } from "../protocol";
import { navigate, paths } from "../router";

/** The deck of every seat of a game whose decks are drafted at the table. */
const DRAFTED = "drafted";

/** The game and the server's options a join form needs. */
type Loaded = { game: GameSummary; options: Options };

/**
 * Takes an open seat: the invite's (`secret`), or else the first. The player sees the
 * game they join and picks their deck, or keeps the one chosen for the seat.
 */
export function JoinScreen({ id, secret }: { id: string; secret: string | null }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [deck, setDeck] = useState(SERVERS_DECK);
  const { busy, error, run } = useAction();

  useEffect(() => {
    let live = true;
    Promise.all([api.game(id), api.options()])
      .then(([game, options]) => {
        if (!live) return;
        // Already seated (a second click on the link): straight to the game.
        if (game.your_seat !== null) navigate(paths.game(game.id), { replace: true });
        else setLoaded({ game, options });
      })
      .catch((e: unknown) => {
        if (live) setLoadError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [id]);

  const join = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const game = await api.join(id, { ...(secret === null ? {} : { invite: secret }), ...deckFields(deck) });
      navigate(paths.game(game.id), { replace: true });
    });
  };

  if (loadError !== null) return <Trouble id={id} error={loadError} />;
  if (loaded === null) return <p className="loading">Loading the game…</p>;
  const { game, options } = loaded;
  const open = game.seats.filter((s) => s.open);
  if (game.status !== "open" || open.length === 0) {
    return <Trouble id={id} error="every seat of this game is taken" />;
  }
  // Without an invite the first open seat is taken; an invite's seat is the server's secret.
  // In a drafted game every seat's deck is drafted.
  const seatDeck =
    secret === null || open.length === 1 || open.every((s) => s.deck === DRAFTED) ? open[0].deck : null;
  return (
    <div className="screen narrow">
      <section className="panel" data-testid="join-panel">
        <h2>Join a game</h2>
        <p>
          <Players game={game} />
        </p>
        <p className="muted small">
          {game.format === null ? "No format: any deck the game can play." : `Format: ${game.format}.`}
        </p>
        <form className="form" onSubmit={join}>
          {seatDeck === DRAFTED ? (
            <p className="muted small">The decks are drafted at the table once every seat is taken.</p>
          ) : (
            <DeckSelect
              label="Your deck"
              decks={decksOf(options, game.ruleset)}
              value={deck}
              onChange={setDeck}
              any={seatDeck === null ? "The seat’s deck" : `The seat’s deck (${seatDeck})`}
              testId="join-deck"
            />
          )}
          <div className="form-buttons">
            <button type="submit" className="primary" data-testid="join-game" disabled={busy}>
              {busy ? "Joining…" : "Join the game"}
            </button>
          </div>
        </form>
        {error && (
          <p className="notice notice-error" role="alert">
            Could not join: {error}
          </p>
        )}
      </section>
    </div>
  );
}

function Trouble({ id, error }: { id: string; error: string }) {
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
