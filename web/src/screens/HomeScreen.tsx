import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { api, errorText, inviteUrl, saveUrl } from "../api";
import { dateText, gameStatusText } from "../format";
import type { GameSummary, NewGame, NumberAsked, Options, Ruleset, SeatSpec, User } from "../protocol";
import { Choice, DeckSelect, Players } from "../components/Choices";
import { ANY, SERVERS_DECK, deckFields, decksOf, rulesetOf, type DeckChoice } from "../components/deckChoice";
import { Field } from "../components/Field";
import { useAction } from "../components/useAction";
import { navigate, paths } from "../router";

const LOBBY_REFRESH_MS = 10_000;

/** The formats a game of a ruleset may have on the server. */
function formatsOf(options: Options, ruleset: Ruleset): string[] {
  return rulesetOf(options, ruleset).formats;
}

/** The format whose drafted games deal each seat a pool to build from, when a pool is given. */
const POOLED = "sealed";

/** Players at the table: you and the others. */
const TABLE_SIZES = ["2", "3", "4"];

/** The table choices both new-game forms share: format, Sealed pool, players, variant and its number. */
type TableChoice = { format: string; pool: string; players: string; variant: string; number: string };
const TWO_PLAYERS: TableChoice = { format: ANY, pool: "", players: "2", variant: ANY, number: "" };

/** What the chosen variant's `N` stands for, when its name takes a number. */
function numberOf(options: Options, ruleset: Ruleset, variant: string): NumberAsked | undefined {
  return rulesetOf(options, ruleset).variant_numbers.find((n) => n.name === variant);
}

/** A Sealed pool: the cards dealt to each player, who builds 30 from them. */
const POOL = { min: 30, max: 60 };

/** Whether the decks of a game at this table are drafted at the table (a Sealed pool too). */
function drafted(options: Options, ruleset: Ruleset, table: TableChoice): boolean {
  if (!rulesetOf(options, ruleset).drafts.includes(table.format)) return false;
  return table.format !== POOLED || table.pool.trim() !== "";
}

function TableSelect({
  options,
  ruleset,
  value,
  onChange,
}: {
  options: Options;
  ruleset: Ruleset;
  value: TableChoice;
  onChange: (table: TableChoice) => void;
}) {
  const numbered = numberOf(options, ruleset, value.variant);
  return (
    <>
      <Choice
        label="Format"
        choices={formatsOf(options, ruleset)}
        value={value.format}
        onChange={(format) => onChange({ ...value, format })}
        any="None: any deck"
      />
      {rulesetOf(options, ruleset).drafts.includes(POOLED) && value.format === POOLED && (
        <Field
          label={`Pool: cards dealt to each player to build 30 from (${POOL.min}–${POOL.max}; blank: 30 dealt as the deck)`}
          type="number"
          min={POOL.min}
          max={POOL.max}
          step={1}
          value={value.pool}
          onChange={(event) => onChange({ ...value, pool: event.target.value })}
          data-testid="sealed-pool"
        />
      )}
      {drafted(options, ruleset, value) && (
        <p className="muted small">The decks are drafted at the table before the game; the AI drafts too.</p>
      )}
      <Choice
        label="Players"
        choices={TABLE_SIZES}
        value={value.players}
        onChange={(players) => onChange({ ...value, players })}
      />
      {rulesetOf(options, ruleset).variants.length > 1 && (
        <Choice
          label="Variant"
          choices={rulesetOf(options, ruleset).variants.filter((v) => v !== "ffa")}
          value={value.variant}
          onChange={(variant) => {
            const number = numberOf(options, ruleset, variant);
            onChange({ ...value, variant, number: number ? String(number.min) : "" });
          }}
          any="Standard"
        />
      )}
      {numbered && (
        <Field
          label={`${numbered.counts} (${numbered.min}–${numbered.max})`}
          type="number"
          min={numbered.min}
          max={numbered.max}
          step={1}
          required
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.target.value })}
          data-testid="variant-number"
        />
      )}
    </>
  );
}

/** A new game's body from the choices of a form. */
function newGame(options: Options, ruleset: Ruleset, table: TableChoice, seats: SeatSpec[]): NewGame {
  const game: NewGame = { ruleset, seats };
  if (table.format !== ANY) game.format = table.format;
  if (table.format === POOLED && table.pool.trim() !== "") game.pool = Number(table.pool);
  if (table.variant !== ANY) {
    const numbered = numberOf(options, ruleset, table.variant);
    game.variant = numbered ? table.variant.replace(/N$/, table.number.trim()) : table.variant;
  }
  return game;
}

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
      <select value={value} data-testid="ruleset" onChange={(event) => onChange(event.target.value)}>
        {options.rulesets.map((ruleset) => (
          <option key={ruleset.name} value={ruleset.name}>
            {ruleset.title}
          </option>
        ))}
      </select>
    </label>
  );
}

function seat(kind: SeatSpec["kind"], deck: DeckChoice, ai?: string): SeatSpec {
  const spec: SeatSpec = { kind, ...deckFields(deck) };
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
  const [ruleset, setRuleset] = useState<Ruleset>(options.rulesets[0]?.name ?? "2017");
  const [myDeck, setMyDeck] = useState(SERVERS_DECK);
  const [aiDeck, setAiDeck] = useState(SERVERS_DECK);
  const [table, setTable] = useState(TWO_PLAYERS);
  // Decks, formats and variants belong to one game.
  const chooseRuleset = (chosen: Ruleset) => {
    setRuleset(chosen);
    setMyDeck(SERVERS_DECK);
    setAiDeck(SERVERS_DECK);
    setTable({ ...TWO_PLAYERS, players: table.players });
  };
  const [level, setLevel] = useState(() =>
    options.ai.includes("medium") ? "medium" : (options.ai[0] ?? "medium"),
  );
  const { busy, error, run } = useAction();

  const start = (event: FormEvent) => {
    event.preventDefault();
    // Drafted decks are nobody's choice.
    const draft = drafted(options, ruleset, table);
    void run(async () => {
      const others = Array.from({ length: Number(table.players) - 1 }, () =>
        seat("ai", draft ? SERVERS_DECK : aiDeck, level),
      );
      const game = await api.createGame(newGame(options, ruleset, table, [seat("me", draft ? SERVERS_DECK : myDeck), ...others]));
      navigate(paths.game(game.id));
    });
  };

  return (
    <section className="panel">
      <h2>New game against the AI</h2>
      <form className="form" onSubmit={start}>
        <RulesetSelect options={options} value={ruleset} onChange={chooseRuleset} />
        <TableSelect options={options} ruleset={ruleset} value={table} onChange={setTable} />
        {!drafted(options, ruleset, table) && (
          <>
            <DeckSelect
              label="Your deck"
              decks={decksOf(options, ruleset)}
              value={myDeck}
              onChange={setMyDeck}
              testId="my-deck"
            />
            <DeckSelect label="AI’s deck" decks={decksOf(options, ruleset)} value={aiDeck} onChange={setAiDeck} />
          </>
        )}
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
  const [ruleset, setRuleset] = useState<Ruleset>(options.rulesets[0]?.name ?? "2017");
  const [myDeck, setMyDeck] = useState(SERVERS_DECK);
  const [table, setTable] = useState(TWO_PLAYERS);
  // Past the first friend, each other seat is a friend's or the AI's.
  const [extra, setExtra] = useState<SeatSpec["kind"]>("open");
  // A classic game is a free-for-all: the variants are the 2017 game's.
  const chooseRuleset = (chosen: Ruleset) => {
    setRuleset(chosen);
    setMyDeck(SERVERS_DECK);
    setTable({ ...TWO_PLAYERS, players: table.players });
  };
  const [timer, setTimer] = useState<Timer>("live");
  // Blank: the server's default for the timer chosen.
  const [seconds, setSeconds] = useState("");
  const [clockMinutes, setClockMinutes] = useState("");
  const { busy, error, run } = useAction();
  const [created, setCreated] = useState<GameSummary | null>(null);

  const start = (event: FormEvent) => {
    event.preventDefault();
    const more = Array.from({ length: Number(table.players) - 2 }, () => seat(extra, SERVERS_DECK));
    const mine = drafted(options, ruleset, table) ? SERVERS_DECK : myDeck;
    const game = newGame(options, ruleset, table, [seat("me", mine), { kind: "open" }, ...more]);
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
        <TableSelect options={options} ruleset={ruleset} value={table} onChange={setTable} />
        {table.players !== "2" && (
          <label>
            The other seats
            <select value={extra} onChange={(event) => setExtra(event.target.value as SeatSpec["kind"])}>
              <option value="open">Friends: one invite each</option>
              <option value="ai">The AI</option>
            </select>
          </label>
        )}
        {!drafted(options, ruleset, table) && (
          <DeckSelect label="Your deck" decks={decksOf(options, ruleset)} value={myDeck} onChange={setMyDeck} />
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
          <p>{created.invites.length > 1 ? "Send each friend one of these links:" : "Send this link to your friend:"}</p>
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
  return (
    <GameListPanel
      title="Lobby"
      testId="lobby"
      list={list}
      empty="No open games. Create one and invite a friend."
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
            <a className="button primary" href={paths.join(game.id)} data-testid="lobby-join">
              Join
            </a>
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
