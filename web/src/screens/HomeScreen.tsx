import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { api, errorText, inviteUrl, saveUrl } from "../api";
import { dateText, gameStatusText, seatLabel } from "../format";
import type { GameSummary, NewGame, Options, Ruleset, SeatSpec, User } from "../protocol";
import { Field } from "../components/Field";
import { useAction } from "../components/useAction";
import { navigate, paths } from "../router";

const ANY = "";
const LOBBY_REFRESH_MS = 10_000;

type ChoiceProps = {
  label: string;
  choices: string[];
  value: string;
  onChange: (choice: string) => void;
  /** The words for leaving it to the server (the value ANY), offered first; omitted: no such option. */
  any?: string;
};

/** A labelled select of names. */
function Choice({ label, choices, value, onChange, any }: ChoiceProps) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {any !== undefined && <option value={ANY}>{any}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </label>
  );
}

function DeckSelect({ decks, ...props }: Omit<ChoiceProps, "choices" | "any"> & { decks: string[] }) {
  return <Choice {...props} choices={decks} any="Server’s choice" />;
}

const RULESET_NAMES: Record<Ruleset, string> = {
  "2017": "Epic (2017 rules)",
  classic: "Epic classic (2009 rules)",
};

/** Which game to play; choosing another clears the decks chosen, which belong to one game. */
function RulesetSelect({
  options,
  value,
  onChange,
}: {
  options: Options;
  value: Ruleset;
  onChange: (ruleset: Ruleset) => void;
}) {
  if (options.rulesets.length < 2) return null;
  return (
    <label>
      Game
      <select value={value} data-testid="ruleset" onChange={(event) => onChange(event.target.value as Ruleset)}>
        {options.rulesets.map((ruleset) => (
          <option key={ruleset} value={ruleset}>
            {RULESET_NAMES[ruleset] ?? ruleset}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The decks of a ruleset. */
function decksOf(options: Options, ruleset: Ruleset): string[] {
  return ruleset === "classic" ? options.classic_decks : options.decks;
}

function seat(kind: SeatSpec["kind"], deck: string, ai?: string): SeatSpec {
  const spec: SeatSpec = { kind };
  if (deck !== ANY) spec.deck = deck;
  if (ai !== undefined) spec.ai = ai;
  return spec;
}

function Copyable({ text, testId }: { text: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="copyable">
      <code data-testid={testId}>{text}</code>
      <button type="button" onClick={copy}>
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}

function NewAiGame({ options }: { options: Options }) {
  const [ruleset, setRuleset] = useState<Ruleset>("2017");
  const [myDeck, setMyDeck] = useState(ANY);
  const [aiDeck, setAiDeck] = useState(ANY);
  const chooseRuleset = (chosen: Ruleset) => {
    setRuleset(chosen);
    setMyDeck(ANY);
    setAiDeck(ANY);
  };
  const [level, setLevel] = useState(() =>
    options.ai.includes("medium") ? "medium" : (options.ai[0] ?? "medium"),
  );
  const { busy, error, run } = useAction();

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const game = await api.createGame({ ruleset, seats: [seat("me", myDeck), seat("ai", aiDeck, level)] });
      navigate(paths.game(game.id));
    });
  };

  return (
    <section className="panel">
      <h2>New game against the AI</h2>
      <form className="form" onSubmit={start}>
        <RulesetSelect options={options} value={ruleset} onChange={chooseRuleset} />
        <DeckSelect label="Your deck" decks={decksOf(options, ruleset)} value={myDeck} onChange={setMyDeck} />
        <DeckSelect label="AI’s deck" decks={decksOf(options, ruleset)} value={aiDeck} onChange={setAiDeck} />
        <Choice label="AI level" choices={options.ai} value={level} onChange={setLevel} />
        <div className="form-buttons">
          <button type="submit" className="primary" data-testid="new-ai-game" disabled={busy}>
            {busy ? "Starting…" : "Play"}
          </button>
        </div>
      </form>
      {error && <p className="notice notice-error">{error}</p>}
    </section>
  );
}

/** Every human decision has a timer on the server (docs/server.md, "Timers"). */
type Timer = "live" | "async";

/** The server's own timer for each kind of game, in seconds, shown as the default. */
const DEFAULT_SECONDS: Record<Timer, number> = { live: 120, async: 48 * 60 * 60 };

/** The server's game clock for a game with a friend, in minutes: each player's time. */
const DEFAULT_CLOCK_MINUTES: Record<Timer, number> = { live: 20, async: 0 };

/** The longest move timer the server accepts: a week. */
const MAX_SECONDS = 7 * 24 * 60 * 60;

/** Seconds in words, in the largest whole unit: "2 minutes", "48 hours". */
function duration(seconds: number): string {
  const units: [number, string][] = [
    [3600, "hour"],
    [60, "minute"],
  ];
  for (const [size, unit] of units) {
    if (seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} seconds`;
}

function NewFriendGame({ options, onCreated }: { options: Options; onCreated: () => void }) {
  const [ruleset, setRuleset] = useState<Ruleset>("2017");
  const [myDeck, setMyDeck] = useState(ANY);
  const [variant, setVariant] = useState(ANY);
  // A classic game is a free-for-all: the variants are the 2017 game's.
  const chooseRuleset = (chosen: Ruleset) => {
    setRuleset(chosen);
    setMyDeck(ANY);
    setVariant(ANY);
  };
  const [timer, setTimer] = useState<Timer>("live");
  // Blank: the server's default for the timer chosen.
  const [seconds, setSeconds] = useState("");
  const [clockMinutes, setClockMinutes] = useState("");
  const { busy, error, run } = useAction();
  const [created, setCreated] = useState<GameSummary | null>(null);

  const start = (event: FormEvent) => {
    event.preventDefault();
    const game: NewGame = { ruleset, seats: [seat("me", myDeck), { kind: "open" }] };
    if (variant !== ANY) game.variant = variant;
    game.timer = timer;
    if (seconds.trim() !== "") game.move_seconds = Number(seconds);
    if (clockMinutes.trim() !== "") game.clock_seconds = Math.round(Number(clockMinutes) * 60);
    void run(
      async () => {
        setCreated(await api.createGame(game));
        onCreated();
      },
      { stays: true },
    );
  };

  return (
    <section className="panel">
      <h2>Game with a friend</h2>
      <form className="form" onSubmit={start}>
        <RulesetSelect options={options} value={ruleset} onChange={chooseRuleset} />
        <DeckSelect label="Your deck" decks={decksOf(options, ruleset)} value={myDeck} onChange={setMyDeck} />
        {ruleset === "2017" && options.variants.length > 0 && (
          <Choice label="Variant" choices={options.variants} value={variant} onChange={setVariant} any="Standard" />
        )}
        <label>
          Move timer
          <select
            value={timer}
            onChange={(event) => {
              setTimer(event.target.value as Timer);
              // Seconds typed for one timer are not meant for the other.
              setSeconds("");
            }}
          >
            <option value="live">Live ({duration(DEFAULT_SECONDS.live)} a move)</option>
            <option value="async">Correspondence ({duration(DEFAULT_SECONDS.async)} a move)</option>
          </select>
        </label>
        <Field
          label="Seconds per move (blank: as above)"
          type="number"
          min={1}
          max={MAX_SECONDS}
          step={1}
          placeholder={String(DEFAULT_SECONDS[timer])}
          value={seconds}
          onChange={(event) => setSeconds(event.target.value)}
        />
        <Field
          label="Game clock, minutes each (0: none)"
          type="number"
          min={0}
          max={MAX_SECONDS / 60}
          step="any"
          placeholder={String(DEFAULT_CLOCK_MINUTES[timer])}
          value={clockMinutes}
          onChange={(event) => setClockMinutes(event.target.value)}
        />
        <div className="form-buttons">
          <button type="submit" className="primary" data-testid="new-friend-game" disabled={busy}>
            {busy ? "Creating…" : "Create and invite"}
          </button>
        </div>
      </form>
      {error && <p className="notice notice-error">{error}</p>}
      {created && (
        <div className="invite">
          <p>Send this link to your friend:</p>
          {created.invites.length === 0 ? (
            <p className="muted">The server gave no invite for this game.</p>
          ) : (
            created.invites.map((invite) => (
              <Copyable key={invite.seat} text={inviteUrl(created.id, invite.secret)} testId="invite-link" />
            ))
          )}
          <button type="button" className="primary" onClick={() => navigate(paths.game(created.id))}>
            Go to the game
          </button>
        </div>
      )}
    </section>
  );
}

function Players({ game }: { game: GameSummary }) {
  return (
    <span className="players">
      {game.ruleset === "classic" && <span className="flag flag-classic">Classic</span>}
      {game.seats.map((s, i) => (
        <span key={s.seat}>
          {i > 0 && <span className="muted"> vs </span>}
          <span className={game.your_seat === s.seat ? "me" : s.open ? "muted" : undefined}>
            {seatLabel(game, s.seat)}
          </span>
          {s.deck && <span className="muted deck"> ({s.deck})</span>}
        </span>
      ))}
    </span>
  );
}

function useList(load: () => Promise<GameSummary[]>, refreshMs?: number) {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    load()
      .then((list) => {
        if (live) {
          setGames(list);
          setError(null);
        }
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [load, tick]);

  useEffect(() => {
    if (!refreshMs) return;
    const timer = window.setInterval(refresh, refreshMs);
    return () => window.clearInterval(timer);
  }, [refresh, refreshMs]);

  return { games, error, refresh };
}

type GameList = ReturnType<typeof useList>;

type GameListProps = {
  title: string;
  testId: string;
  list: GameList;
  /** Shown when the list is empty. */
  empty: string;
  /** An error from acting on a game of the list, shown after the list's own. */
  actionError?: string | null;
  row: (game: GameSummary) => ReactNode;
};

/** A panel with a list of games, refreshed by its button. */
function GameListPanel({ title, testId, list, empty, actionError, row }: GameListProps) {
  const { games, error, refresh } = list;
  return (
    <section className="panel" data-testid={testId}>
      <div className="panel-head">
        <h2>{title}</h2>
        <button type="button" className="small-button" onClick={refresh}>
          Refresh
        </button>
      </div>
      {error && <p className="notice notice-error">{error}</p>}
      {actionError && <p className="notice notice-error">{actionError}</p>}
      {games === null ? (
        <p className="muted">Loading…</p>
      ) : games.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="game-list">{games.map(row)}</ul>
      )}
    </section>
  );
}

function Lobby() {
  const list = useList(api.openGames, LOBBY_REFRESH_MS);
  const [joining, setJoining] = useState<string | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);

  const join = async (id: string) => {
    setJoining(id);
    setJoinError(null);
    try {
      const game = await api.join(id, {});
      navigate(paths.game(game.id));
    } catch (e) {
      setJoinError(errorText(e));
      setJoining(null);
      list.refresh();
    }
  };

  return (
    <GameListPanel
      title="Lobby"
      testId="lobby"
      list={list}
      empty="No open games. Create one and invite a friend."
      actionError={joinError}
      row={(game) => (
        <li key={game.id} className="game-row">
          <div className="game-row-main">
            <Players game={game} />
            <span className="muted small">{dateText(game.created)}</span>
          </div>
          {game.your_seat !== null ? (
            <a className="button" href={paths.game(game.id)}>
              Open
            </a>
          ) : (
            <button
              type="button"
              className="primary"
              disabled={joining !== null}
              onClick={() => void join(game.id)}
            >
              {joining === game.id ? "Joining…" : "Join"}
            </button>
          )}
        </li>
      )}
    />
  );
}

function MyGames({ list }: { list: GameList }) {
  return (
    <GameListPanel
      title="My games"
      testId="my-games"
      list={list}
      empty="No games yet."
      row={(game) => (
        <li key={game.id} className={`game-row status-${game.status}`}>
          <div className="game-row-main">
            <Players game={game} />
            <span className="small">
              <span className={`game-status status-${game.status}`}>{gameStatusText(game)}</span>
              <span className="muted"> · {dateText(game.created)}</span>
            </span>
            {game.status === "open" &&
              game.invites.map((invite) => (
                <Copyable key={invite.seat} text={inviteUrl(game.id, invite.secret)} />
              ))}
          </div>
          <div className="game-row-actions">
            {game.status === "over" ? (
              <>
                <a className="button" href={paths.replay(game.id)}>
                  Replay
                </a>
                <a className="button" href={saveUrl(game.id)} download>
                  Save
                </a>
              </>
            ) : (
              <a className="button primary" href={paths.game(game.id)}>
                Resume
              </a>
            )}
          </div>
        </li>
      )}
    />
  );
}

export function HomeScreen({ user }: { user: User }) {
  const [options, setOptions] = useState<Options | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Reloaded when a game is created.
  const myGames = useList(api.myGames);

  useEffect(() => {
    let live = true;
    api
      .options()
      .then((o) => {
        if (live) setOptions(o);
      })
      .catch((e: unknown) => {
        if (live) setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="screen home">
      <p className="greeting">
        Hello, <strong>{user.name}</strong>
        {user.guest && <span className="muted"> (guest)</span>}.
      </p>
      {error && <p className="notice notice-error">{error}</p>}
      <div className="home-grid">
        <div className="home-column">
          {options ? (
            <>
              <NewAiGame options={options} />
              <NewFriendGame options={options} onCreated={myGames.refresh} />
            </>
          ) : (
            !error && <p className="muted">Loading…</p>
          )}
        </div>
        <div className="home-column">
          <MyGames list={myGames} />
          <Lobby />
        </div>
      </div>
    </div>
  );
}
