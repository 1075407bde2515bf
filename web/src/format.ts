// Words for seats, games and cards.

import type { Card, GameSummary, Phase } from "./protocol";

/** A seat's name on the board; "You" for your own seat. */
export function seatName(
  board: { players: { seat: number; name: string }[] },
  seat: number | null,
  mySeat: number | null,
): string {
  if (seat === null) return "nobody";
  if (mySeat !== null && seat === mySeat) return "You";
  const player = board.players.find((p) => p.seat === seat);
  return player?.name || `Player ${seat + 1}`;
}

/** "Your" for your own seat, "Name’s" for another. */
export function possessive(name: string): string {
  return name === "You" ? "Your" : `${name}’s`;
}

const PHASES: Record<Phase, string> = {
  setup: "Setup",
  start: "Start phase",
  main: "Main phase",
  battle: "Battle phase",
  end: "End phase",
};

export function phaseName(phase: Phase): string {
  // Tolerate a server that spells the phase out ("main phase").
  const key = String(phase).toLowerCase().replace(/ phase$/, "") as Phase;
  const known = PHASES[key];
  if (known) return known;
  const text = String(phase);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function kindName(card: Card): string {
  switch (card.kind) {
    case "champion":
      return "Champion";
    case "event":
      return "Event";
    case "god":
      return "God";
  }
  return card.kind;
}

/** A class name for an alignment: good, evil, sage, wild, or other. */
export function alignmentClass(alignment: string): string {
  const key = alignment.toLowerCase();
  return ["good", "evil", "sage", "wild"].includes(key) ? `align-${key}` : "align-other";
}

/** Hover text for a card: name, cost, alignments, kind, and its text. */
export function cardTitle(card: Card): string {
  const head = [`${card.name}`, `cost ${card.cost}`];
  if (card.alignments.length > 0) head.push(card.alignments.join(", "));
  head.push(kindName(card));
  if (card.offense !== null && card.defense !== null) head.push(`${card.offense}/${card.defense}`);
  return card.text ? `${head.join(" · ")}\n\n${card.text}` : head.join(" · ");
}

/** Who sits at a seat of a game summary. */
export function seatLabel(game: GameSummary, seat: number): string {
  const s = game.seats.find((x) => x.seat === seat);
  if (!s) return `Seat ${seat + 1}`;
  if (game.your_seat === seat) return "you";
  if (s.player !== null) return s.player;
  if (s.ai !== null) return `AI (${s.ai})`;
  return "open seat";
}

export function gameStatusText(game: GameSummary): string {
  switch (game.status) {
    case "open":
      return "waiting for players";
    case "playing":
      return game.turn > 0 ? `turn ${game.turn}` : "starting";
    case "over": {
      const winners = game.winners ?? [];
      if (winners.length === 0) return "over: a draw";
      if (game.your_seat !== null) {
        return winners.includes(game.your_seat) ? "over: you won" : "over: you lost";
      }
      return `over: ${winners.map((w) => seatLabel(game, w)).join(" and ")} won`;
    }
  }
  return game.status;
}

export function dateText(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
