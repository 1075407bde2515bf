//! A draft behind the ruleset-neutral interface ([`epic_game::State`]): a pick or a cut is
//! a decision like any other, and a sample for a drafter deals anew every card that
//! drafter cannot see.
//!
//! What a sample assumes: the collection a draft is dealt from is known to all, so the cards a
//! drafter cannot see are the collection less the cards in their view. They are dealt
//! uniformly among the places hidden from the drafter — the unopened packs, the packs in
//! front of the others, the others' picks (not in Open Draft, where every pick is
//! public), their own picks while Dark Draft keeps them face down, Open Draft's stack,
//! and the cards out of the draft. Which cards another drafter has left out of their
//! deck is theirs alone: in a sample they have left out none. A sample keeps only what
//! the view shows: a drafter's memory of the packs that went past them is not used.
//!
//! A draft decides no winner by itself: once every deck is built it is a draw for all,
//! and the decks are judged by the games played with them.

use super::{Draft, DraftChoice, Stage};
use epic_game::{Fnv, Refused, Seat, State};
use epic_model::CardId;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::hash::{Hash, Hasher};

/// One place a card of a draft can lie.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// `unopened[seat][pack]`.
    Unopened(usize, usize),
    Pack(usize),
    Stack,
    Picks(usize),
    Unseen,
}

impl Draft {
    fn place_mut(&mut self, place: Place) -> &mut Vec<CardId> {
        match place {
            Place::Unopened(seat, pack) => &mut self.unopened[seat][pack],
            Place::Pack(seat) => &mut self.packs[seat],
            Place::Stack => &mut self.stack,
            Place::Picks(seat) => &mut self.picks[seat],
            Place::Unseen => &mut self.unseen,
        }
    }

    /// The places whose cards `seat` cannot tell apart from any other card it cannot see.
    fn hidden_from(&self, seat: usize) -> Vec<Place> {
        let mut places = vec![Place::Unseen, Place::Stack];
        for (s, packs) in self.unopened.iter().enumerate() {
            places.extend((0..packs.len()).map(|k| Place::Unopened(s, k)));
        }
        // Open Draft's row (`packs[0]`) is revealed to all; a pack in front of another
        // drafter is theirs alone.
        if matches!(self.stage, Stage::Packs { .. }) {
            places.extend((0..self.drafters).filter(|&s| s != seat).map(Place::Pack));
        }
        if !self.picks_are_public() {
            places.extend((0..self.drafters).filter(|&s| s != seat).map(Place::Picks));
        }
        // Their own picks, while they lie face down and no deck is being built from them
        // (the view shows a deck being built).
        let building = matches!(self.stage, Stage::Build { .. });
        if self.picks_face_down() && !building && seat < self.drafters {
            places.push(Place::Picks(seat));
        }
        places
    }

    /// Deals the cards of `places` anew among them, each keeping its size. The cards are
    /// sorted first, so the deal depends on which cards they are, not where they lay.
    fn redeal(&mut self, places: &[Place], rng: &mut Pcg64Mcg) {
        let mut cards: Vec<CardId> = Vec::new();
        let mut sizes = Vec::with_capacity(places.len());
        for &p in places {
            let cards_there = self.place_mut(p);
            sizes.push(cards_there.len());
            cards.append(cards_there);
        }
        cards.sort_unstable();
        cards.shuffle(rng);
        let mut deal = cards.into_iter();
        for (&p, size) in places.iter().zip(sizes) {
            self.place_mut(p).extend(deal.by_ref().take(size));
        }
    }
}

impl State for Draft {
    type Choice = DraftChoice;

    fn seats(&self) -> usize {
        self.drafters
    }

    /// Every drafter drafts for themselves.
    fn side(&self, seat: Seat) -> usize {
        seat as usize
    }

    fn decider(&self) -> Option<Seat> {
        self.drafter().map(|d| d as Seat)
    }

    fn options(&self) -> &[DraftChoice] {
        &self.options
    }

    fn apply(&mut self, choice: DraftChoice) -> Result<(), Refused> {
        Draft::apply(self, choice).map(drop).map_err(|_| Refused)
    }

    /// Nobody wins a draft: it is a draw once every deck is built.
    fn winners(&self) -> Option<&[Seat]> {
        self.is_over().then_some(&[])
    }

    fn sample_for(&self, seat: Seat, seed: u64) -> Draft {
        let seat = seat as usize;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut sample = self.clone();
        // Which cards another drafter left out of their deck is theirs alone: in the
        // sample they have left nothing out; once they have built their deck, whose size
        // everyone is told, as many of their cards (dealt anew) are left out.
        let mut cuts = vec![0; self.drafters];
        for s in (0..self.drafters).filter(|&s| s != seat) {
            let mut out = std::mem::take(&mut sample.left_out[s]);
            cuts[s] = out.len();
            sample.picks[s].append(&mut out);
            sample.picks[s].sort_unstable();
        }
        sample.redeal(&self.hidden_from(seat), &mut rng);
        for s in (0..self.drafters).filter(|&s| s != seat && self.has_built(s)) {
            sample.picks[s].shuffle(&mut rng);
            let keep = sample.picks[s].len() - cuts[s];
            sample.left_out[s] = sample.picks[s].split_off(keep);
            sample.picks[s].sort_unstable();
            sample.left_out[s].sort_unstable();
        }
        sample.refresh();
        sample
    }

    /// A card another drafter picks from their own pack, or cuts, is not named to
    /// `seat`; Open Draft's picks are seen by all.
    fn label(&self, choice: DraftChoice, seat: Seat) -> String {
        let mine = self.drafter() == Some(seat as usize);
        let public = matches!(choice, DraftChoice::Pick(_)) && self.picks_are_public();
        match choice {
            _ if mine || public => Draft::label(self, choice),
            DraftChoice::Pick(_) => "Pick a card".into(),
            DraftChoice::Cut(_) => "Cut a card".into(),
            DraftChoice::Restore(_) => "Put a card back".into(),
            DraftChoice::Done => "Done".into(),
        }
    }

    fn digest(&self) -> u64 {
        let mut h = Fnv::default();
        self.format.hash(&mut h);
        self.drafters.hash(&mut h);
        self.unopened.hash(&mut h);
        self.packs.hash(&mut h);
        self.stack.hash(&mut h);
        self.picks.hash(&mut h);
        self.left_out.hash(&mut h);
        self.taken.hash(&mut h);
        self.round.hash(&mut h);
        self.unseen.hash(&mut h);
        self.stage.hash(&mut h);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::draft::{collection, DraftFormat};

    /// Each format at a table it is played at.
    const TABLES: [(DraftFormat, usize); 5] = [
        (DraftFormat::Pack, 4),
        (DraftFormat::Cube, 8),
        (DraftFormat::Dark, 2),
        (DraftFormat::Open, 2),
        (DraftFormat::Sealed, 2),
    ];

    fn draft(format: DraftFormat, drafters: usize, seed: u64) -> Draft {
        let pool = epic_cards::shared_pool();
        let cards = collection(format, &pool, drafters);
        Draft::start(pool, format, drafters, &cards, seed, Some(45)).unwrap()
    }

    /// Plays `n` decisions, each the option the seed points at.
    fn advance(d: &mut Draft, n: usize, seed: u64) {
        for i in 0..n {
            let options = State::options(d);
            if options.is_empty() {
                return;
            }
            let pick = options[(seed as usize + 7 * i) % options.len()];
            State::apply(d, pick).unwrap();
        }
    }

    /// A twin of `d` with the cards at `(a, i)` and `(b, j)` swapped.
    fn swapped(d: &Draft, a: Place, i: usize, b: Place, j: usize) -> Draft {
        let mut twin = d.clone();
        let x = twin.place_mut(a)[i];
        let y = std::mem::replace(&mut twin.place_mut(b)[j], x);
        twin.place_mut(a)[i] = y;
        twin.refresh();
        twin
    }

    fn samples(d: &Draft, seat: Seat) -> Vec<u64> {
        (0..24).map(|s| d.sample_for(seat, s).digest()).collect()
    }

    /// The first card of `place` that differs from `other`, if any.
    fn differing(d: &Draft, a: Place, b: Place) -> Option<(usize, usize)> {
        let mut d = d.clone();
        let left = d.place_mut(a).clone();
        let right = d.place_mut(b).clone();
        left.iter()
            .enumerate()
            .find_map(|(i, x)| right.iter().position(|y| y != x).map(|j| (i, j)))
    }

    /// Non-interference: two drafts that differ only in cards a drafter cannot see give
    /// that drafter the same samples; a difference it can see changes them.
    #[test]
    fn a_sample_depends_only_on_what_the_drafter_sees() {
        for (format, drafters) in TABLES {
            for steps in [0, 5, 13] {
                let mut d = draft(format, drafters, 3);
                advance(&mut d, steps, 11);
                let seat: Seat = 0;
                let hidden = d.hidden_from(0);
                let mut compared = 0;
                for (k, &a) in hidden.iter().enumerate() {
                    for &b in &hidden[k..] {
                        let Some((i, j)) = differing(&d, a, b) else {
                            continue;
                        };
                        let twin = swapped(&d, a, i, b, j);
                        assert_ne!(twin.digest(), d.digest(), "{format:?}: a real difference");
                        assert_eq!(
                            samples(&twin, seat),
                            samples(&d, seat),
                            "{format:?} after {steps}: swapping {a:?}[{i}] and {b:?}[{j}]"
                        );
                        compared += 1;
                    }
                }
                assert!(
                    compared > 0,
                    "{format:?} after {steps}: something is hidden"
                );
                // Seat 0's own pack is in sight: swapping one of its cards with a
                // hidden one is a draft seat 0 can tell apart.
                if matches!(d.stage, Stage::Packs { .. }) {
                    let (b, i, j) = hidden
                        .iter()
                        .find_map(|&b| differing(&d, Place::Pack(0), b).map(|(i, j)| (b, i, j)))
                        .expect("a hidden card unlike one in the pack");
                    let twin = swapped(&d, Place::Pack(0), i, b, j);
                    assert_ne!(samples(&twin, seat), samples(&d, seat), "{format:?}");
                }
            }
        }
    }

    /// A sample keeps the drafter's view, the decision and its options, and holds the
    /// same cards as the draft.
    #[test]
    fn a_sample_keeps_the_view_and_the_cards() {
        for (format, drafters) in TABLES {
            let mut d = draft(format, drafters, 5);
            advance(&mut d, 9, 2);
            for seat in 0..drafters {
                let s = d.sample_for(seat as Seat, 77);
                assert_eq!(s.view(seat), d.view(seat), "{format:?}");
                assert_eq!(s.decision(), d.decision(), "{format:?}");
                if d.drafter() == Some(seat) {
                    assert_eq!(State::options(&s), State::options(&d), "{format:?}");
                }
                assert_eq!(all_cards(&s), all_cards(&d), "{format:?}");
            }
            let seat = d.drafter().unwrap_or(0) as Seat;
            // The options in words: named to the drafter, to the others only where
            // every pick is public.
            let other = (seat + 1) % drafters as Seat;
            for &o in State::options(&d) {
                let named = Draft::label(&d, o);
                assert_eq!(State::label(&d, o, seat), named);
                let seen = d.picks_are_public() && matches!(o, DraftChoice::Pick(_));
                assert_eq!(
                    State::label(&d, o, other) == named,
                    seen,
                    "{format:?}: {named}"
                );
            }
            assert_eq!(
                d.sample_for(seat, 9).digest(),
                d.sample_for(seat, 9).digest(),
                "a sample depends on its seed alone"
            );
        }
    }

    /// Every card of the draft, wherever it lies, in order.
    fn all_cards(d: &Draft) -> Vec<CardId> {
        let mut cards: Vec<CardId> = d.unseen.iter().chain(&d.stack).copied().collect();
        cards.extend(d.unopened.iter().flatten().flatten());
        for places in [&d.packs, &d.picks, &d.left_out] {
            cards.extend(places.iter().flatten());
        }
        cards.sort_unstable();
        cards
    }
}
