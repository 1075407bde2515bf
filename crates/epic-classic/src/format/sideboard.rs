//! Sideboarding between the games of a match (T-15.1).

use super::*;

/// A deck and sideboard through a match (T-15.1): between games cards are swapped one for
/// one, so the sideboard stays exactly 15; after the match the original configuration
/// comes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchDeck {
    original: Decklist,
    current: Decklist,
    /// The swaps since the match began, in order: with `original`, a match's decks saved.
    swaps: Vec<(CardId, CardId)>,
}

impl MatchDeck {
    /// Starts a match; the sideboard must be 0 or 15 cards.
    pub fn new(list: Decklist) -> Result<MatchDeck, FormatError> {
        if let Some(Violation::SideboardSize { have }) = sideboard_violation(&list) {
            return Err(FormatError::SideboardSize { have });
        }
        Ok(MatchDeck {
            original: list.clone(),
            current: list,
            swaps: Vec::new(),
        })
    }

    /// The deck a match began with, after the swaps [`MatchDeck::swaps`] told of: a saved
    /// match's decks met again. Refused as [`MatchDeck::swap_all`] refuses.
    pub fn replay(
        pool: &ClassicPool,
        original: Decklist,
        swaps: &[(CardId, CardId)],
    ) -> Result<MatchDeck, FormatError> {
        let mut m = MatchDeck::new(original)?;
        m.swap_all(pool, swaps)?;
        Ok(m)
    }

    /// The swaps made since the match began (or since [`MatchDeck::restore`]), each as
    /// (out of the deck, into the deck).
    pub fn swaps(&self) -> &[(CardId, CardId)] {
        &self.swaps
    }

    /// The deck and sideboard for the next game.
    pub fn current(&self) -> &Decklist {
        &self.current
    }

    /// The configuration the match started with.
    pub fn original(&self) -> &Decklist {
        &self.original
    }

    /// Between games: `out_of_deck` goes to the sideboard and `into_deck` comes into the
    /// deck in its place. Refused, changing nothing, if either card is not where it
    /// should be. `pool` names the cards in errors.
    pub fn swap(
        &mut self,
        pool: &ClassicPool,
        out_of_deck: CardId,
        into_deck: CardId,
    ) -> Result<(), FormatError> {
        self.swap_all(pool, &[(out_of_deck, into_deck)])
    }

    /// Several swaps, all or none: one refused swap changes nothing.
    pub fn swap_all(
        &mut self,
        pool: &ClassicPool,
        swaps: &[(CardId, CardId)],
    ) -> Result<(), FormatError> {
        let mut next = self.current.clone();
        for &(out_of_deck, into_deck) in swaps {
            swap_in(&mut next, pool, out_of_deck, into_deck)?;
        }
        self.current = next;
        self.swaps.extend_from_slice(swaps);
        Ok(())
    }

    /// After the match: deck and sideboard return to their original configuration.
    pub fn restore(&mut self) {
        self.current = self.original.clone();
        self.swaps.clear();
    }
}

fn swap_in(
    list: &mut Decklist,
    pool: &ClassicPool,
    out_of_deck: CardId,
    into_deck: CardId,
) -> Result<(), FormatError> {
    let d = list
        .deck
        .iter()
        .position(|c| *c == out_of_deck)
        .ok_or_else(|| FormatError::NotInDeck {
            card: card_name(pool, out_of_deck),
        })?;
    let s = list
        .sideboard
        .iter()
        .position(|c| *c == into_deck)
        .ok_or_else(|| FormatError::NotInSideboard {
            card: card_name(pool, into_deck),
        })?;
    list.deck[d] = into_deck;
    list.sideboard[s] = out_of_deck;
    Ok(())
}
