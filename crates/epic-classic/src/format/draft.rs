//! Draft N (T-15.4, X-19): packs passed left, then right, as decisions.

use super::*;

/// A classic draft (T-15.4, X-19), driven as decisions. Players sit in a circle (seat
/// `s + 1` is on the left of seat `s`, as priority passes in the game); each opens a pack,
/// keeps one card, and the rest are shuffled and passed: pack 1 to the left, pack 2 to the
/// right, alternating. The rulebook's players pick at the same time; here any seat still
/// to pick may pick, in any order, and the packs pass once all have picked, so the order
/// tells nobody anything.
///
/// This value is the host's and knows everything; a drafter sees [`ClassicDraft::view`].
/// (The 2017 game's draft in `epic-formats` is tied to its card pool and formats, so it
/// is not reused here.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicDraft {
    /// `unopened[seat][round]`: the packs, taken as each round starts.
    unopened: Vec<Vec<Vec<CardId>>>,
    /// The pack in front of each seat.
    packs: Vec<Vec<CardId>>,
    picks: Vec<Vec<CardId>>,
    /// Whether each seat has picked from the pack in front of it; every seat, once the
    /// last pack is empty, is the draft's end.
    picked: Vec<bool>,
    /// The pack being drafted, from 0.
    round: usize,
    rng: Pcg64Mcg,
}

/// What one drafter may see: their own pack and picks, and what the table sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftView {
    pub seat: usize,
    pub players: usize,
    /// The pack being drafted, from 1 (the last when the draft is over).
    pub round: usize,
    pub rounds: usize,
    /// Whether this round's packs pass to the left.
    pub passes_left: bool,
    /// The cards in front of this drafter.
    pub pack: Vec<CardId>,
    /// Whether this drafter is still to pick from it.
    pub must_pick: bool,
    /// Their own picks, in order.
    pub picks: Vec<CardId>,
    /// How many cards each seat has picked: anyone at the table can count.
    pub pick_counts: Vec<usize>,
    pub over: bool,
}

impl ClassicDraft {
    /// A draft of `packs_per_player` packs from the classic pool for `players` players,
    /// the same for the same seed.
    pub fn new(
        players: usize,
        packs_per_player: usize,
        seed: u64,
    ) -> Result<ClassicDraft, FormatError> {
        ClassicDraft::with_pool(&crate::classic_pool(), players, packs_per_player, seed)
    }

    /// As [`ClassicDraft::new`], opening packs from another pool (a player's own files).
    pub fn with_pool(
        pool: &ClassicPool,
        players: usize,
        packs_per_player: usize,
        seed: u64,
    ) -> Result<ClassicDraft, FormatError> {
        check_table(players)?;
        if !(1..=MAX_PACKS).contains(&packs_per_player) {
            return Err(FormatError::PackCount {
                format: "draft",
                given: packs_per_player.to_string(),
                min: 1,
                max: MAX_PACKS,
            });
        }
        if pool.is_empty() {
            return Err(FormatError::DraftPacks {
                why: "the card pool is empty".to_string(),
            });
        }
        let mut rng = deal_rng(seed);
        let mut packs = open_with(pool, players * packs_per_player, &mut rng).into_iter();
        let by_seat = (0..players)
            .map(|_| packs.by_ref().take(packs_per_player).collect())
            .collect();
        ClassicDraft::start(by_seat, rng)
    }

    /// A draft of given packs: `packs[seat][round]`. Every seat needs the same number of
    /// packs (1 to [`MAX_PACKS`]), and a round's packs the same number of cards, at least
    /// one, so that they pass together.
    pub fn from_packs(
        packs: Vec<Vec<Vec<CardId>>>,
        seed: u64,
    ) -> Result<ClassicDraft, FormatError> {
        check_table(packs.len())?;
        ClassicDraft::start(packs, Pcg64Mcg::seed_from_u64(seed))
    }

    fn start(unopened: Vec<Vec<Vec<CardId>>>, rng: Pcg64Mcg) -> Result<ClassicDraft, FormatError> {
        let rounds = unopened.first().map_or(0, Vec::len);
        if !(1..=MAX_PACKS).contains(&rounds) || unopened.iter().any(|p| p.len() != rounds) {
            return Err(FormatError::DraftPacks {
                why: format!("every seat needs the same number of packs, 1 to {MAX_PACKS}"),
            });
        }
        for round in 0..rounds {
            let size = unopened[0][round].len();
            if size == 0 || unopened.iter().any(|p| p[round].len() != size) {
                return Err(FormatError::DraftPacks {
                    why: format!(
                        "the packs of round {} must all hold the same number of cards, at \
                         least one",
                        round + 1
                    ),
                });
            }
        }
        let players = unopened.len();
        let mut draft = ClassicDraft {
            unopened,
            packs: vec![Vec::new(); players],
            picks: vec![Vec::new(); players],
            picked: vec![false; players],
            round: 0,
            rng,
        };
        draft.open_round();
        Ok(draft)
    }

    fn open_round(&mut self) {
        for (seat, pack) in self.packs.iter_mut().enumerate() {
            *pack = std::mem::take(&mut self.unopened[seat][self.round]);
        }
        self.picked.fill(false);
    }

    pub fn players(&self) -> usize {
        self.packs.len()
    }

    pub fn packs_per_player(&self) -> usize {
        self.unopened.first().map_or(0, Vec::len)
    }

    /// The pack being drafted, from 1.
    pub fn round(&self) -> usize {
        self.round + 1
    }

    /// Pack 1 passes left, pack 2 right, and so on, alternating (T-15.4).
    pub fn passes_left(&self) -> bool {
        self.round.is_multiple_of(2)
    }

    pub fn is_over(&self) -> bool {
        self.picked.iter().all(|p| *p)
    }

    /// The seats still to pick from the packs in front of them, in seat order; any of
    /// them may pick now.
    pub fn waiting(&self) -> Vec<usize> {
        (0..self.players()).filter(|s| !self.picked[*s]).collect()
    }

    /// The first seat still to pick, for drivers that ask one drafter at a time.
    pub fn next_picker(&self) -> Option<usize> {
        self.waiting().first().copied()
    }

    /// The cards `seat` may pick from now: the pack in front of it, or nothing if it has
    /// picked already, the draft is over, or there is no such seat.
    pub fn options(&self, seat: usize) -> &[CardId] {
        match self.picked.get(seat) {
            Some(false) => &self.packs[seat],
            _ => &[],
        }
    }

    /// `seat` keeps card `index` of the pack in front of it. Once every seat has picked,
    /// the packs are shuffled and passed; when they are empty the next packs are opened.
    /// Refused, changing nothing, if the draft is over, the seat does not exist or has
    /// picked already, or there is no such card.
    pub fn pick(&mut self, seat: usize, index: usize) -> Result<CardId, FormatError> {
        if self.is_over() {
            return Err(FormatError::DraftOver);
        }
        let players = self.players();
        match self.picked.get(seat) {
            None => return Err(FormatError::NoSuchSeat { seat, players }),
            Some(true) => return Err(FormatError::AlreadyPicked { seat }),
            Some(false) => {}
        }
        let count = self.packs[seat].len();
        if index >= count {
            return Err(FormatError::NoSuchCard { index, count });
        }
        let card = self.packs[seat].remove(index);
        self.picks[seat].push(card);
        self.picked[seat] = true;
        if self.picked.iter().all(|p| *p) {
            self.pass();
        }
        Ok(card)
    }

    /// Everyone has picked: the rest of each pack is shuffled and passed on, or, the packs
    /// being empty, the next round starts; after the last, everyone having picked is the
    /// end.
    fn pass(&mut self) {
        if self.packs.iter().all(Vec::is_empty) {
            if self.round + 1 < self.packs_per_player() {
                self.round += 1;
                self.open_round();
            }
            return;
        }
        for pack in &mut self.packs {
            pack.shuffle(&mut self.rng);
        }
        // Left: seat s's pack goes to seat s + 1, so seat s receives seat s - 1's.
        if self.passes_left() {
            self.packs.rotate_right(1);
        } else {
            self.packs.rotate_left(1);
        }
        self.picked.fill(false);
    }

    /// What `seat` may see: its own pack and picks, never another drafter's cards.
    pub fn view(&self, seat: usize) -> Result<DraftView, FormatError> {
        let players = self.players();
        if seat >= players {
            return Err(FormatError::NoSuchSeat { seat, players });
        }
        Ok(DraftView {
            seat,
            players,
            round: self.round(),
            rounds: self.packs_per_player(),
            passes_left: self.passes_left(),
            pack: self.packs[seat].clone(),
            must_pick: !self.picked[seat],
            picks: self.picks[seat].clone(),
            pick_counts: self.picks.iter().map(Vec::len).collect(),
            over: self.is_over(),
        })
    }

    /// Every seat's drafted cards, once the draft is over: each builds from them by the
    /// rules of sealed pack (T-15.4; [`Format::check`] with [`Format::draft`]).
    pub fn pools(&self) -> Option<Vec<Vec<CardId>>> {
        self.is_over().then(|| self.picks.clone())
    }
}

/// A bot's pick, from what its drafter may see (an index into its pack): the first card
/// of the alignment it has picked most (Unaligned cards fit any), else the first.
pub fn bot_pick(pool: &ClassicPool, view: &DraftView) -> usize {
    let best = alignments_by_count(pool, &view.picks)[0];
    let fits = |c: &CardId| {
        let a = pool.get(*c).alignment;
        best.0 == 0 || a == best.1 || a == Alignment::Unaligned
    };
    view.pack.iter().position(fits).unwrap_or(0)
}
