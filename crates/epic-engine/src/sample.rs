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
//! was in sight when it triggered; a player revealing cards for Loyalty holds as many of
//! the alignment as they said they do. Cards banished together lie in an order no one knows
//! (5.15.2): they are dealt anew with the rest of the deck, though everyone knows they
//! are among its bottom cards.

use crate::game::Game;
use crate::ids::{Entity, ObjId, PlayerId};
use crate::state::GameState;
use crate::stats::Look;
use epic_model::{Alignments, CardId, CardPool};
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
        let pool = game.pool().clone();
        let st = game.state_mut();
        let loyalty = loyalty_shown(st, &pool);
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
            if let Some(shown) = loyalty.as_ref().filter(|l| usize::from(l.player) == p) {
                shown.deal(st, &pool, &hidden);
            }
        }
        st.rng = Pcg64Mcg::seed_from_u64(rng.gen());
        game
    }
}

/// What everyone knows of a hand while its player reveals cards for Loyalty (5.3.5):
/// they said they could, so it holds at least `least` cards sharing an alignment with
/// the ability's card, the ones picked so far among them.
struct LoyaltyShown {
    player: PlayerId,
    alignments: Alignments,
    least: usize,
    picks: Vec<ObjId>,
}

/// The Loyalty reveal under way, if the top effect is one.
fn loyalty_shown(st: &GameState, pool: &CardPool) -> Option<LoyaltyShown> {
    let f = st.frames.last()?;
    let x = crate::effects::triggered_at(pool, f.card, f.script)?.loyalty;
    if f.loyalty_checked || !f.agreed || x == 0 {
        return None;
    }
    Some(LoyaltyShown {
        player: f.controller,
        alignments: pool.get(f.card).alignments,
        least: crate::effects::loyalty_least(x),
        picks: f
            .picks
            .iter()
            .filter_map(|e| match e {
                Entity::Obj(o) => Some(*o),
                _ => None,
            })
            .collect(),
    })
}

impl LoyaltyShown {
    /// Swaps the cards just dealt to the player's `hidden` places (hand first, then
    /// deck) so that the hand agrees with what the reveal showed: every pick, and at
    /// least `least` cards, of the alignment. Only the deal and public facts decide it.
    fn deal(&self, st: &mut GameState, pool: &CardPool, hidden: &[ObjId]) {
        // The test the reveal itself makes (`Engine::loyalty_cards`).
        let fits = |st: &GameState, o: ObjId| {
            Look::new(st, pool)
                .card_alignments(o)
                .intersects(self.alignments)
        };
        let hand = &st.player(self.player).hand;
        let in_hand: Vec<ObjId> = hidden
            .iter()
            .copied()
            .filter(|o| hand.contains(o))
            .collect();
        let in_deck: Vec<ObjId> = hidden
            .iter()
            .copied()
            .filter(|o| !hand.contains(o))
            .collect();
        let mut fitting = hand.iter().filter(|&&o| fits(st, o)).count();
        // The picks first, then the other hidden hand cards while too few fit.
        let (picked, others): (Vec<ObjId>, Vec<ObjId>) =
            in_hand.into_iter().partition(|o| self.picks.contains(o));
        for o in picked.into_iter().chain(others) {
            let wanted = self.picks.contains(&o) || fitting < self.least;
            if !wanted || fits(st, o) {
                continue;
            }
            let Some(&from) = in_deck.iter().find(|&&d| fits(st, d)) else {
                return;
            };
            let (a, b) = (st.obj(o).card, st.obj(from).card);
            st.obj_mut(o).card = b;
            st.obj_mut(from).card = a;
            fitting += 1;
        }
    }
}
