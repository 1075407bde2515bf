// The JSON the game server speaks, as described in docs/server.md.
// Keep this file a faithful mirror of that document.

// ---- HTTP ----

// Every failed request answers `{"error": "message in words"}` with a 4xx status.

export type User = { id: string; name: string; guest: boolean };

/** Body of `POST /api/signup` and `POST /api/signin`. */
export type Credentials = { name: string; password: string };

/** `GET /api/options`: each ruleset with what a game of it may ask for (the first is the default). */
export type Options = {
  rulesets: RulesetInfo[];
  ai: string[];
  timers: string[];
};

/** A ruleset's name: "2017" (the Complete Rules), "classic" (the 2009 game, docs/classic.md), "multiverse" (docs/multiverse.md). */
export type Ruleset = string;

export type RulesetInfo = {
  name: Ruleset;
  /** What a player calls it. */
  title: string;
  /** What a card's cost is counted in: "gold", "action", "energy". */
  cost_unit: string;
  decks: string[];
  /** The fixed decks a new table deals its seats in turn. */
  usual_decks: string[];
  /** The formats a game of it may have. */
  formats: string[];
  /** Those of `formats` whose decks are drafted at the table first (Sealed: with a pool). */
  drafts: string[];
  /** The variants, "ffa" first. */
  variants: string[];
  /** The variants among them whose name takes a number in place of its `N` ("countdown-N"). */
  variant_numbers: NumberAsked[];
};

/** A name's number: what it counts, and its bounds. */
export type NumberAsked = { name: string; counts: string; min: number; max: number };

/** A deck by name, or `list`: a deck list, one card a line ("3 Ember Bolt"). */
export type SeatSpec = { kind: "me" | "ai" | "open"; deck?: string; list?: string; ai?: string };

/** Body of `POST /api/games`. */
export type NewGame = {
  /** Default "2017". */
  ruleset?: Ruleset;
  seats: SeatSpec[];
  seed?: number;
  /** The deck-building rules every deck follows (its RulesetInfo.formats). */
  format?: string;
  /** Sealed: the cards dealt to each seat, who builds a deck of 30 from them (30 to 60). */
  pool?: number;
  variant?: string;
  /** Players on each Hydra team (default 2). */
  team_size?: number;
  timer?: "live" | "async";
  move_seconds?: number;
  /** Each human seat's time for the whole game; 0: no clock. */
  clock_seconds?: number;
};

export type SeatSummary = {
  seat: number;
  player: string | null;
  ai: string | null;
  deck: string;
  open: boolean;
};

export type Invite = { seat: number; secret: string };

export type GameStatus = "open" | "playing" | "over";

export type GameSummary = {
  id: string;
  ruleset: Ruleset;
  /** The format whose deck-building rules the decks follow; null: any deck. */
  format: string | null;
  status: GameStatus;
  seats: SeatSummary[];
  your_seat: number | null;
  /** Only to the game's creator, for open seats. */
  invites: Invite[];
  /** "live" or "async" (docs/server.md). */
  timer: string;
  /** Each human move's time, in seconds. */
  move_seconds: number;
  /** Each human seat's time for the whole game, in seconds; 0: no clock. */
  clock_seconds: number;
  turn: number;
  decisions: number;
  winners: number[] | null;
  /** Milliseconds since 1970. */
  created: number;
};

/**
 * Body of `POST /api/games/{id}/join`: an invite's secret (without one, the first open
 * seat), and the joiner's own deck by name or list (without one, the seat's deck).
 */
export type JoinRequest = { invite?: string; deck?: string; list?: string };

/** `GET /api/games/{id}/replay`: a finished game, from your seat. Frame 0 is the start. */
export type Replay = { seat: number | null; frames: State[] };

// ---- WebSocket: client to server ----

/** `seq` is the `State.seq` this decision answers. */
export type Decide = { type: "decide"; seq: number; option: number };
/** Concede the game (rule 1.2.2), whoever is deciding; a 2017 game only. */
export type Concede = { type: "concede" };
export type Ping = { type: "ping" };
/**
 * Ask the server to pass for this seat when passing is its only option, after a wait
 * drawn from the seat's own decision times (so the opponents cannot tell from the
 * timing that the hand held nothing to play), or to stop doing so.
 */
export type AutoPass = { type: "auto_pass"; on: boolean };
export type ClientMessage = Decide | Concede | AutoPass | Ping;

// ---- WebSocket: server to client ----

export type ErrorMessage = { type: "error"; message: string };

/**
 * A position as one seat sees it, under either ruleset, or a game's draft before it:
 * `board.ruleset` says which.
 */
export type State = EpicState | ClassicState | MultiverseState | DraftState;

type StateOf<B> = {
  type: "state";
  game: string;
  /** Decisions made so far. */
  seq: number;
  /** Yours; null for a spectator. */
  seat: number | null;
  board: B;
  /** Null when the game is over. */
  decision: Decision | null;
  /** Lines since the previous State on this socket (all of them on connect). */
  log: LogLine[];
  result: GameResult | null;
  /** When the deciding seat's timer runs out (ms since 1970). */
  deadline: number | null;
  /** A live game's clocks; null when it has none, is over, or is replayed. */
  clock: Clock | null;
};

/** Each seat's ms left when `since` (ms since 1970) began; the deciding seat's runs down. */
export type Clock = { left: (number | null)[]; since: number };

export type ServerMessage = State | ErrorMessage;

export type GameResult = { winners: number[]; text: string };

export type Decision = {
  /** Who decides; only that seat gets options. */
  seat: number;
  /** In words, to the deciding seat. */
  prompt: string;
  /** Empty unless the decision is yours. */
  options: Option[];
};

export type Option = {
  index: number;
  label: string;
  /** The object number (`Card.obj`) this option plays, uses or picks. */
  card: number | null;
  /** The seat this option picks or assigns damage to. */
  player: number | null;
  /** A draft's options: whether it picks, cuts or puts back the card `card`. */
  kind?: "pick" | "cut" | "restore" | "done";
};

export type Phase = "setup" | "start" | "main" | "battle" | "end";

export type EpicState = StateOf<Board>;

export type ClassicState = StateOf<ClassicBoard>;

export type DraftState = StateOf<DraftBoard>;

export type MultiverseState = StateOf<MultiverseBoard>;

export function isEpic(state: State): state is EpicState {
  return state.board.ruleset === "2017";
}

export function isClassic(state: State): state is ClassicState {
  return state.board.ruleset === "classic";
}

export function isMultiverse(state: State): state is MultiverseState {
  return state.board.ruleset === "multiverse";
}

export function isDraft(state: State): state is DraftState {
  return state.board.ruleset === "draft";
}

/** A game's draft as one seat sees it (docs/server.md, "Drafts"). */
export type DraftBoard = {
  ruleset: "draft";
  /** "pack-draft", and in words "Pack Draft". */
  format: string;
  title: string;
  /** The pack being drafted, from 1 (Open Draft: the reveal), of `rounds`. */
  round: number;
  rounds: number;
  building: boolean;
  over: boolean;
  /** The drafters, with how many cards each holds. */
  players: { seat: number; name: string; cards: number }[];
  /** The cards in front of you: your pack, or those revealed to all (Open Draft). */
  pack: Card[];
  /** Your picks so far (none in Dark Draft until it is over). */
  picks: Card[];
  /** While building: your deck, and the cards cut from it. */
  deck: Card[];
  left_out: Card[];
  /** The fewest cards a deck may have. */
  min_deck: number;
  /** Whether the deck must be exactly `min_deck` cards (Sealed, Open Draft). */
  exact_deck: boolean;
};

export type Board = {
  ruleset: "2017";
  turn: number;
  active: number;
  phase: Phase;
  initiative: number | null;
  attacker: number | null;
  defender: number | null;
  players: PlayerBoard[];
  champions: Champion[];
  /** Events being played right now. */
  resolving: Card[];
};

export type PlayerBoard = {
  seat: number;
  name: string;
  health: number;
  gold: number;
  hand_count: number;
  deck_count: number;
  /** The deck's cards everyone knows (a champion banished alone to its bottom), top first. */
  deck_known: DeckCard[];
  /** Yours in full; another seat's: only cards revealed now, or known to be there. */
  hand: Card[];
  discard: Card[];
  eliminated: boolean;
  god: Card | null;
  /** Hydra: the seat's team, from 0 (teams sit together); null when each plays alone. */
  team: number | null;
};

/** A card known to lie in a deck; `from_top` is 0 for the top card, `place` says it in words. */
export type DeckCard = { from_top: number; place: string; card: Card };

export type CardKind = "champion" | "event" | "god";

export type Card = {
  obj: number;
  name: string;
  kind: CardKind;
  cost: number;
  alignments: string[];
  text: string;
  offense: number | null;
  defense: number | null;
};

export type Keyword = { name: string; reminder: string };

export type Champion = Card & {
  owner: number;
  controller: number;
  token: boolean;
  /** Derived, with every modifier. */
  offense: number;
  defense: number;
  damage: number;
  counters: number;
  expended: boolean;
  flipped: boolean;
  deploying: boolean;
  attacking: boolean;
  blocking: boolean;
  keywords: Keyword[];
};

export type LogTone = "heading" | "mine" | "theirs" | "danger" | "note" | "quiet";

export type LogLine = { text: string; tone: LogTone | null };

/** A card or champion as the board shows it. */
export function isChampion(card: Card): card is Champion {
  return "controller" in card;
}

// ---- The classic board (docs/server.md, "The classic board") ----

/** Cards are named, never numbered: a number would tell hidden cards apart. */
export type ClassicBoard = {
  ruleset: "classic";
  /** 0 while the players mulligan. */
  turn: number;
  active: number;
  /** "Build step", "Battle step, blockers declared". */
  moment: string;
  /** The player with priority. */
  priority: number;
  players: ClassicPlayer[];
  in_play: InPlay[];
  /** Bottom first: the last item resolves first. */
  line: LineItem[];
  /** Being announced, or asking a choice as it resolves. */
  pending: LineItem | null;
  /** The text of every card the board names, by name. */
  cards: Record<string, CardText>;
};

export type ClassicPlayer = {
  seat: number;
  name: string;
  mojo: number;
  actions: number;
  hand_count: number;
  /** Yours in full; another seat's: the cards face up in it. */
  hand: string[];
  deck_count: number;
  discard: string[];
  /** Cards of other players in this player's pile. */
  discard_foreign: string[];
  removed: string[];
  out: boolean;
};

export type InPlay = {
  /** "Player N's veiled champion" when it is face down and not yours. */
  name: string;
  veiled: boolean;
  owner: number;
  controller: number;
  token: boolean;
  counters: number;
  pose: "prepared" | "expended" | "flipped";
  damage: number;
  /** Null for an object, and for a face-down champion that is not yours. */
  offense: number | null;
  defense: number | null;
};

/** `name`: your own face-down card on the line reads "Its Name (face down)". */
export type LineItem = { name: string; ability: boolean; controller: number };

export type CardText = { type_line: string; text: string[] };

// ---- The multiverse board (docs/server.md, "The multiverse board") ----

/** Cards are named, never numbered; characters in play are told apart by name ("Ash Ghoul (2)"). */
export type MultiverseBoard = {
  ruleset: "multiverse";
  /** 0 while opening hands are redrawn. */
  turn: number;
  active: number;
  /** The step of the turn: "Declare attackers". */
  moment: string;
  /** The game value: the points that win. */
  goal: number;
  /** In a countdown game, the round under way (0 before the first) and the last, after which the most points win. */
  countdown?: { round: number; of: number };
  /** In a campaign, the battle under way (from 1) and the points scored in it that end it. */
  campaign?: { battle: number; battle_value: number };
  /** The points a holding area may hold now: 30, doubled at a campaign's intermission. */
  holding_capacity: number;
  players: MultiversePlayer[];
  /** This combat's attacks, in the order declared: [attacker, target]. */
  attacks: [string, string][];
  /** [blocker, the character it blocks for]. */
  blocks: [string, string][];
  /** Incidents in play: the card, who played it, and on what. */
  incidents: { name: string; seat: number; on: string }[];
  cards: Record<string, CardText>;
};

export type MultiversePlayer = {
  seat: number;
  name: string;
  points: number;
  /** In a campaign, the points scored in this battle. */
  battle_points?: number;
  hand_count: number;
  /** Yours in full; empty for another seat's. */
  hand: string[];
  deck_count: number;
  /** The discard pile is face down: only its size. */
  discard_count: number;
  graveyard: string[];
  footholds: { name: string; energy: string; tapped: boolean }[];
  characters: MultiverseCharacter[];
  holding: MultiverseCharacter[];
  holding_points: number;
  out: boolean;
  /** The team it plays for (the team's first seat), in a teams game; null otherwise. */
  team: number | null;
};

export type MultiverseCharacter = {
  /** Its name in play, told apart from another of its name. */
  name: string;
  /** Its card's name, the key of its text in `cards`. */
  card: string;
  combat: number;
  defense: number;
  wounds: number;
  state: "healthy" | "injured" | "disabled";
  tapped: boolean;
  cost: number;
  labels: string[];
  /** Its powers, as "Energy Blast (plasma) 8". */
  powers: string[];
  flying: boolean;
  hidden: boolean;
  poison: number;
  /** Intangible: only Psi and Magic Blast reach it. */
  intangible: boolean;
  /** Invisible: only a character it attacked in its side's last turn may attack it. */
  invisible: boolean;
  /** A Swarm marker, worth no points. */
  marker: boolean;
  /** The items attached to it, each working, disabled or knocked away. */
  items: { name: string; state: "working" | "disabled" | "knocked-away" }[];
};
