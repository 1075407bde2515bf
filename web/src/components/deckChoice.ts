// What the deck and table selects hold, and how a request carries it.

import type { Options, Ruleset, RulesetInfo } from "../protocol";

/** A select's value that leaves the choice to the server. */
export const ANY = "";

/** The deck select's choice that asks for a deck list instead of a deck by name. */
export const LISTED = "\u0000list";

/** A seat's deck: by name, the server's choice (ANY), or LISTED with the list's text. */
export type DeckChoice = { deck: string; list: string };
export const SERVERS_DECK: DeckChoice = { deck: ANY, list: "" };

/** A deck choice as a request carries it: a name, a list, or neither. */
export function deckFields(choice: DeckChoice): { deck?: string; list?: string } {
  if (choice.deck === LISTED) return { list: choice.list };
  if (choice.deck !== ANY) return { deck: choice.deck };
  return {};
}

/** What the server offers of a ruleset (none of it for one it does not know). */
export function rulesetOf(options: Options, ruleset: Ruleset): RulesetInfo {
  return (
    options.rulesets.find((r) => r.name === ruleset) ?? {
      name: ruleset,
      title: ruleset,
      cost_unit: "",
      decks: [],
      usual_decks: [],
      formats: [],
      drafts: [],
      variants: [],
      variant_numbers: [],
    }
  );
}

/** The decks of a ruleset. */
export function decksOf(options: Options, ruleset: Ruleset): string[] {
  return rulesetOf(options, ruleset).decks;
}

