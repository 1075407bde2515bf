//! Sampling a whole game consistent with what one seat may know, for search: the seat's
//! hidden cards (opponents' unrevealed hands, every deck's order) are dealt anew, and the
//! random generator is reseeded, so the sample holds nothing the seat could not know.
//!
//! What the sample assumes: each player's deck list is known (as in preconstructed
//! formats and tournaments with deck lists), so the cards a seat cannot see are each
//! player's list less the cards in sight. They are placed uniformly among that player's
//! hidden places. Cards seen and then hidden again stay where they are known to be: a
//! card in a hand that everyone saw go there (returned from play or a discard pile) or
//! saw revealed there, and a card everyone saw go alone to the bottom of a deck (a
//! banished champion), are [`crate::state::Obj::known`]; a card a pending trigger names
//! was in sight when it triggered. Cards banished together lie in an order no one knows
//! (5.15.2): they are dealt anew with the rest of the deck, though everyone knows they
//! are among its bottom cards.

use crate::game::Game;
use crate::ids::{Entity, ObjId, PlayerId};
use epic_model::CardId;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

impl Game {
    /// A game that `seat` cannot tell from this one: every card `seat` cannot see
    /// (rule 1.10) is replaced by one drawn from its owner's unseen cards, the engine's
    /// random generator is reseeded from `seed`, and undo is off (its snapshot would
    /// hold the real cards).
    ///
    /// The sample is a function of `seat`'s view, the deck lists and `seed` alone: two
    /// games that differ only in where hidden cards lie give the same sample
    /// (`tests/noninterference.rs`). The pending decision is kept as it is, so sample at
    /// `seat`'s own decision, whose options `seat` knows.
    pub fn sample_for(&self, seat: PlayerId, seed: u64) -> Game {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = self.clone();
        game.set_undo(false);
        let st = game.state_mut();
        // Cards the pending triggers name were in sight when they triggered.
        let named: Vec<ObjId> = st
            .batch
            .iter()
            .chain(&st.waiting)
            .flat_map(|t| {
                let subject = match t.subject.map(|r| r.entity) {
                    Some(Entity::Obj(o)) => Some(o),
                    _ => None,
                };
                std::iter::once(t.source).chain(subject)
            })
            .collect();
        let mut hidden: Vec<ObjId> = Vec::new();
        let mut cards: Vec<CardId> = Vec::new();
        for p in 0..st.players.len() {
            hidden.clear();
            let player = &st.players[p];
            let unseen = |o: &ObjId| !st.sees(seat, *o) && !named.contains(o);
            hidden.extend(player.hand.iter().copied().filter(unseen));
            hidden.extend(player.deck.iter().copied().filter(unseen));
            cards.clear();
            cards.extend(hidden.iter().map(|&o| st.obj(o).card));
            // Where each card lay must not matter: start from the cards in a fixed order.
            cards.sort_unstable();
            cards.shuffle(&mut rng);
            for (&o, &card) in hidden.iter().zip(&cards) {
                st.obj_mut(o).card = card;
            }
        }
        st.rng = Pcg64Mcg::seed_from_u64(rng.gen());
        game
    }
}
