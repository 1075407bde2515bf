// What the player can do by clicking on the board: the decision's options
// indexed by the card and the player they name.

import { createContext, useContext } from "react";
import type { Card, Option, State } from "../protocol";

export type Actions = {
  byCard: ReadonlyMap<number, Option[]>;
  byPlayer: ReadonlyMap<number, Option[]>;
  choose: (option: Option) => void;
  /** A decision was sent and its answer has not arrived yet. */
  disabled: boolean;
  /** The option button under the pointer, whose card or player is shown highlighted. */
  hovered: Option | null;
};

/** The options of a decision that is mine, or null when there is nothing to do. */
export function myOptions(state: State): Option[] | null {
  const decision = state.decision;
  if (decision === null || state.result !== null) return null;
  if (state.seat === null || decision.seat !== state.seat) return null;
  return decision.options;
}

export function buildActions(
  options: Option[],
  choose: (option: Option) => void,
  disabled: boolean,
  hovered: Option | null = null,
): Actions {
  const byCard = new Map<number, Option[]>();
  const byPlayer = new Map<number, Option[]>();
  for (const option of options) {
    if (option.card !== null) byCard.set(option.card, [...(byCard.get(option.card) ?? []), option]);
    if (option.player !== null) {
      byPlayer.set(option.player, [...(byPlayer.get(option.player) ?? []), option]);
    }
  }
  return { byCard, byPlayer, choose, disabled, hovered };
}

/** Shows a card's full text in a dialog. */
export const CardDetailContext = createContext<(card: Card) => void>(() => {});

export function useShowCard(): (card: Card) => void {
  return useContext(CardDetailContext);
}
