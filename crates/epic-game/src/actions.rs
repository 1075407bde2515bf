//! The fixed action space that learning programs see, whatever the ruleset: option `i`
//! of the pending decision is action `i`, in [`MAX_ACTIONS`] slots, and seats are
//! written from the observer's place round the table so that a policy plays every seat
//! alike.

use crate::Seat;

/// The action slots of the fixed action space. A decision with more options (a pick
/// among more than 256 cards, never seen in real decks) shows its answers that name no
/// card or player first (`Done`, `Pass`, `End the turn`), then the others in order until
/// the slots are full, so the game can always go on through the fixed space.
pub const MAX_ACTIONS: usize = 256;

/// Which options fill the action slots: all of them in order, or, past
/// [`MAX_ACTIONS`], those naming nothing first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slots {
    All(usize),
    Picked(Vec<usize>),
}

impl Slots {
    /// The slots of `options`, where `names_something` tells an option that names a
    /// card or a player from one that does not.
    pub fn of<C>(options: &[C], names_something: impl Fn(&C) -> bool) -> Slots {
        if options.len() <= MAX_ACTIONS {
            return Slots::All(options.len());
        }
        let first = (0..options.len()).filter(|&i| !names_something(&options[i]));
        let rest = (0..options.len()).filter(|&i| names_something(&options[i]));
        Slots::Picked(first.chain(rest).take(MAX_ACTIONS).collect())
    }

    /// How many slots are filled: the legal actions are `0 .. len()`.
    pub fn len(&self) -> usize {
        match self {
            Slots::All(n) => *n,
            Slots::Picked(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The option (an index into the options) that filled `slot`, if one did.
    pub fn option(&self, slot: usize) -> Option<usize> {
        match self {
            Slots::All(n) => (slot < *n).then_some(slot),
            Slots::Picked(v) => v.get(slot).copied(),
        }
    }

    /// The slot that stands for option `index`, if one does: how a bot's choice is told
    /// in the fixed action space.
    pub fn slot_of(&self, index: usize) -> Option<usize> {
        match self {
            Slots::All(n) => (index < *n).then_some(index),
            Slots::Picked(v) => v.iter().position(|&i| i == index),
        }
    }
}

/// A game that learning programs read as numbers, whatever its ruleset: each seat's
/// observation, and the fixed action space with its mask and features. Programs that
/// batch games (the Python package's `VecEnv`) hold any such game.
pub trait Tensors: crate::State {
    /// Numbers in each action slot's row of features.
    const ACTION_FEATURES: usize;

    /// The length of a seat's observation (fixed for a table).
    fn observation_len(&self) -> usize;

    /// Writes what `seat` may know into `out` ([`Tensors::observation_len`] long).
    fn write_observation(&self, seat: Seat, out: &mut [f32]);

    /// Writes `seat`'s action mask ([`MAX_ACTIONS`] long) and, when asked for, its
    /// features ([`MAX_ACTIONS`] rows of [`Tensors::ACTION_FEATURES`]).
    fn write_actions(&self, seat: Seat, mask: &mut [u8], features: Option<&mut [f32]>);

    /// How many action slots the decider has now (0 once the game is over).
    fn num_actions(&self) -> usize;

    /// The option (an index into [`State::options`](crate::State::options)) that action
    /// `slot` stands for; `None` for an empty slot.
    fn action_option(&self, slot: usize) -> Option<usize>;

    /// The action slot that stands for option `option`, if one does: how a bot's choice
    /// is told in the fixed action space.
    fn option_action(&self, option: usize) -> Option<usize>;

    /// Where each part of the observation starts and how long it is, by name.
    fn observation_sections(&self) -> Vec<(&'static str, usize, usize)>;

    /// The cards of the ruleset's pool: the length of each card-count block, and one more
    /// than the highest card index in the observation and the action features.
    fn pool_size(&self) -> usize;
}

/// Writes a seat's fixed action space: `mask[i]` is 1 where slot `i` holds one of
/// `options` (the seat's own, or none), and, when asked for, `features` gets a row of
/// `width` numbers per filled slot from `row` (zeros elsewhere). Panics on buffers of
/// other lengths: the caller's mistake.
pub fn write_actions<C: Copy>(
    options: &[C],
    slots: &Slots,
    mask: &mut [u8],
    features: Option<&mut [f32]>,
    width: usize,
    mut row: impl FnMut(C, &mut [f32]),
) {
    assert_eq!(mask.len(), MAX_ACTIONS, "mask length");
    mask.fill(0);
    mask[..slots.len()].fill(1);
    let Some(features) = features else {
        return;
    };
    assert_eq!(
        features.len(),
        MAX_ACTIONS * width,
        "action features length"
    );
    features.fill(0.0);
    for (slot, out) in features.chunks_mut(width).take(slots.len()).enumerate() {
        row(options[slots.option(slot).expect("a filled slot")], out);
    }
}

/// The observer's place round the table for `seat`: 0 for itself, 1 for its left
/// neighbour.
pub fn place(seats: usize, observer: Seat, seat: Seat) -> usize {
    (usize::from(seat) + seats - usize::from(observer)) % seats
}

/// 1 for true, 0 for false: a flag in a tensor.
pub fn flag(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_past_the_slots_show_those_naming_nothing_first() {
        // Odd options name a card; 300 options, so 44 of the cards are left out.
        let options: Vec<u32> = (0..300).collect();
        let slots = Slots::of(&options, |&o| o % 2 == 1);
        assert_eq!(slots.len(), MAX_ACTIONS);
        assert_eq!(slots.option(0), Some(0));
        assert_eq!(slots.option(149), Some(298));
        assert_eq!(slots.option(150), Some(1));
        assert_eq!(slots.option(MAX_ACTIONS), None);
        assert_eq!(slots.slot_of(1), Some(150));
        assert_eq!(slots.slot_of(299), None, "left out");
        let few = Slots::of(&options[..3], |_| true);
        assert_eq!(
            (few.len(), few.option(2), few.option(3)),
            (3, Some(2), None)
        );
        assert_eq!(few.slot_of(2), Some(2));
    }

    #[test]
    fn places_count_round_the_table_from_the_observer() {
        assert_eq!(place(4, 2, 2), 0);
        assert_eq!(place(4, 2, 3), 1);
        assert_eq!(place(4, 2, 0), 2);
        assert_eq!(place(4, 2, 1), 3);
    }
}
