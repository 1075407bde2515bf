//! Drafts (2015 rulebook, "Formats"; checklist FMT-02 – FMT-04; `dark-draft.md`) and the
//! building of a deck from the cards drafted, as decisions.
//!
//! A [`Draft`] is driven like a game: it waits on one drafter for one decision
//! ([`Draft::decision`]), offers its options ([`Draft::options`], [`Draft::labels`]) and
//! takes one ([`Draft::apply`]), refusing anything else without a change. Drafters who
//! pick "at the same time" in the rulebook pick one after the other here, each from the
//! pack in front of them: a pick is hidden from the others, so the order tells nobody
//! anything. What a drafter may see is [`Draft::view`]: their own pack, the cards
//! revealed to everyone (Open Draft), their own picks (not in Dark Draft until it ends,
//! ruling H-30), and how many cards the others hold.
//!
//! With the same setup and the same choices, a draft is the same, card for card.
//!
//! A draft is also an [`epic_game::State`] (module `state`), so the programs written
//! against that interface — the bots, `play_to_end` — drive it like a game; its sample
//! for a drafter deals anew every card that drafter cannot see.

mod state;

use epic_model::{CardId, CardPool};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The drafts of the rulebooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DraftFormat {
    /// FMT-02: three 10-card packs each, passed left, right, left; every pick is played.
    #[serde(rename = "pack-draft")]
    Pack,
    /// FMT-03: two players, four cards revealed at a time and picked 1/2/1, the first
    /// picker alternating; each builds a deck of at least 30 from their half.
    #[serde(rename = "open-draft")]
    Open,
    /// FMT-04: eight players draft three 12-card packs from a cube (three sets, one copy
    /// of each rare card, three of the others), then build at least 30 from 36.
    #[serde(rename = "cube-draft")]
    Cube,
    /// The publisher's two-player draft: ten rounds of a 5-card pack each, 1 picked and
    /// 4 passed, 2 of those picked and 2 set aside unseen; every pick is played.
    #[serde(rename = "dark-draft")]
    Dark,
    /// FMT-01 with a larger pool: each player is dealt more than 30 cards and builds a
    /// deck of exactly 30 from them ([`Draft::sealed`]; with 30 dealt there is nothing to
    /// build).
    #[serde(rename = "sealed")]
    Sealed,
}

impl DraftFormat {
    pub const ALL: [DraftFormat; 5] = [
        DraftFormat::Pack,
        DraftFormat::Open,
        DraftFormat::Cube,
        DraftFormat::Dark,
        DraftFormat::Sealed,
    ];

    /// The format's name, as [`crate::formats::format`] knows it.
    pub fn name(self) -> &'static str {
        match self {
            DraftFormat::Pack => "pack-draft",
            DraftFormat::Open => "open-draft",
            DraftFormat::Cube => "cube-draft",
            DraftFormat::Dark => "dark-draft",
            DraftFormat::Sealed => "sealed",
        }
    }

    pub fn named(name: &str) -> Option<DraftFormat> {
        let f = crate::formats::format(name)?;
        DraftFormat::ALL.into_iter().find(|d| d.name() == f.name)
    }

    /// The format these drafts are played in.
    pub fn format(self) -> crate::formats::Format {
        crate::formats::format(self.name()).expect("every draft is a format")
    }

    /// Cards in one pack (Open Draft: cards revealed at a time).
    fn pack_size(self) -> usize {
        match self {
            DraftFormat::Pack => 10,
            DraftFormat::Open => 4,
            DraftFormat::Cube => 12,
            DraftFormat::Dark => 5,
            DraftFormat::Sealed => 30,
        }
    }

    /// Packs each drafter opens.
    fn packs(self) -> usize {
        match self {
            DraftFormat::Pack | DraftFormat::Cube => 3,
            DraftFormat::Open => 0,
            DraftFormat::Dark => 10,
            DraftFormat::Sealed => 1,
        }
    }

    /// Whether the drafted cards are the deck as they are (Pack, Dark), or a deck of at
    /// least 30 is built from them (Open, Cube).
    fn builds(self) -> bool {
        matches!(
            self,
            DraftFormat::Open | DraftFormat::Cube | DraftFormat::Sealed
        )
    }
}

/// The cards a draft of `drafters` deals from: one copy of every card of the base set
/// (Sealed, Pack, Open and Dark Draft), two for five to eight players at Sealed and Pack
/// Draft ("5-8 players with two sets", FMT-01, FMT-02), or three sets with the rare
/// gem's copies removed (Cube Draft, FMT-04).
pub fn collection(format: DraftFormat, pool: &CardPool, drafters: usize) -> Vec<CardId> {
    let cards = pool
        .iter()
        .filter(|(_, d)| !d.token && d.set == epic_model::BASE_SET);
    let sets = match format {
        DraftFormat::Sealed | DraftFormat::Pack if drafters > 4 => 2,
        _ => 1,
    };
    match format {
        DraftFormat::Cube => cards
            .flat_map(|(id, d)| std::iter::repeat_n(id, if d.rare { 1 } else { 3 }))
            .collect(),
        _ => cards
            .flat_map(|(id, _)| std::iter::repeat_n(id, sets))
            .collect(),
    }
}

/// Why a draft cannot be set up or a choice was refused. The draft is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DraftError {
    #[error("{format} is {verb} by {need}, not {have}")]
    Drafters {
        format: &'static str,
        /// "drafted", or "played" for Sealed, whose pools are dealt rather than drafted.
        verb: &'static str,
        need: String,
        have: usize,
    },
    #[error("{format} needs {need} cards to deal; the collection has {have}")]
    Collection {
        format: &'static str,
        need: usize,
        have: usize,
    },
    #[error("a Sealed pool is 30 to 60 cards, not {0}")]
    PoolSize(usize),
    #[error("the draft is over")]
    Over,
    #[error("that is not one of the options now")]
    NotAnOption,
    #[error("option {index} does not exist: there are {count}")]
    NoSuchOption { index: usize, count: usize },
}

/// What a drafter decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DraftChoice {
    /// Take this card from the pack in front of you (or the revealed cards).
    Pick(CardId),
    /// Building: leave a copy of this card out of the deck.
    Cut(CardId),
    /// Building: put a copy of a card left out back into the deck.
    Restore(CardId),
    /// Building: the deck is finished.
    Done,
}

/// The kind of decision pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DraftDecisionKind {
    Pick,
    Build,
}

/// The decision a draft waits on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DraftDecision {
    pub drafter: usize,
    pub kind: DraftDecisionKind,
    /// What the drafter is asked, without their name: "pick 1 card from pack 2 of 3,
    /// passing right".
    pub prompt: String,
}

/// What happened, as everyone sees it: a pick names its card only where the card was
/// shown to all (Open Draft); a drafter's own events are given in full by
/// [`DraftEvent::seen_by`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum DraftEvent {
    Picked {
        drafter: usize,
        card: Option<CardId>,
    },
    /// The packs went round, to the left or to the right.
    Passed { left: bool },
    /// Cards set aside unseen (Dark Draft).
    SetAside { count: usize },
    /// A drafter finished their deck.
    Built { drafter: usize, cards: usize },
    /// Every deck is ready.
    Finished,
}

impl DraftEvent {
    /// The event as `seat` may know it: a card picked by another from their own pack is
    /// "a card".
    pub fn seen_by(&self, seat: usize, public: bool) -> DraftEvent {
        match self {
            DraftEvent::Picked { drafter, .. } if *drafter != seat && !public => {
                DraftEvent::Picked {
                    drafter: *drafter,
                    card: None,
                }
            }
            e => e.clone(),
        }
    }
}

/// What one drafter may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DraftView {
    pub format: DraftFormat,
    pub drafter: usize,
    pub drafters: usize,
    /// The pack being drafted now, counted from 1 (Open Draft: the reveal).
    pub round: usize,
    pub rounds: usize,
    /// The cards in front of this drafter: their pack, or the cards revealed to all.
    pub pack: Vec<CardId>,
    /// Their own picks so far; empty in Dark Draft until the draft is over (H-30).
    pub picks: Vec<CardId>,
    /// How many cards each drafter has picked.
    pub pick_counts: Vec<usize>,
    /// While building: the deck as it stands, and the cards left out.
    pub deck: Vec<CardId>,
    pub left_out: Vec<CardId>,
    /// The fewest cards the deck may have.
    pub min_deck: usize,
    /// Whether the deck must be exactly `min_deck` cards (Sealed, Open Draft) rather
    /// than at least that many (Cube Draft).
    pub exact_deck: bool,
    /// Each drafter's deck size once they have built it (drafters build in seat order):
    /// told to all as they finish.
    pub built: Vec<Option<usize>>,
    pub over: bool,
}

/// Where the draft stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Stage {
    /// Drafters pick from the packs in front of them, in seat order; `taken[s]` is how
    /// many picks seat `s` has made from this pack so far this step, and `want` how many
    /// each takes (Dark Draft: 1 from their own pack, then 2 from the one passed).
    Packs {
        want: usize,
    },
    /// Open Draft: who picks the revealed cards next, in order.
    Open {
        order: Vec<usize>,
    },
    /// Drafters build, in seat order.
    Build {
        drafter: usize,
    },
    Over,
}

/// A draft in progress, or finished with a deck for every drafter.
#[derive(Clone, Debug)]
pub struct Draft {
    pool: Arc<CardPool>,
    format: DraftFormat,
    drafters: usize,
    /// Packs not opened yet: `unopened[s]` is seat `s`'s, next first.
    unopened: Vec<Vec<Vec<CardId>>>,
    /// The pack in front of each drafter (Open Draft: `packs[0]` is the revealed row).
    packs: Vec<Vec<CardId>>,
    /// Open Draft: the face-down stack still to reveal, top last.
    stack: Vec<CardId>,
    picks: Vec<Vec<CardId>>,
    /// While building, the cards each drafter has left out of their deck.
    left_out: Vec<Vec<CardId>>,
    /// Picks made from the current pack this step, per seat.
    taken: Vec<usize>,
    /// Which pack is being drafted (0-based); Open Draft: which reveal.
    round: usize,
    /// The collection's cards no one sees: those not dealt, and those set aside (Dark
    /// Draft). Kept so that a sample deals them too: which cards are out of the draft is
    /// as hidden as the packs.
    unseen: Vec<CardId>,
    stage: Stage,
    options: Vec<DraftChoice>,
}

impl Draft {
    /// Deals a draft from `collection` (see [`collection`]), shuffled by `seed`.
    pub fn new(
        pool: Arc<CardPool>,
        format: DraftFormat,
        drafters: usize,
        collection: &[CardId],
        seed: u64,
    ) -> Result<Draft, DraftError> {
        Draft::deal(pool, format, drafters, collection, seed, 30)
    }

    /// A draft of `format` dealt from `collection`: [`Draft::sealed`] with a pool of
    /// `sealed_pool` cards each (30 when `None`) for Sealed, [`Draft::new`] otherwise.
    pub fn start(
        pool: Arc<CardPool>,
        format: DraftFormat,
        drafters: usize,
        collection: &[CardId],
        seed: u64,
        sealed_pool: Option<usize>,
    ) -> Result<Draft, DraftError> {
        match format {
            DraftFormat::Sealed => {
                Draft::sealed(pool, drafters, sealed_pool.unwrap_or(30), collection, seed)
            }
            _ => Draft::new(pool, format, drafters, collection, seed),
        }
    }

    /// Sealed from a larger pool (FMT-01): `pool_size` cards dealt to each player from as
    /// many copies of `collection` as it takes, then each builds exactly 30 (30 to 60).
    pub fn sealed(
        pool: Arc<CardPool>,
        drafters: usize,
        pool_size: usize,
        collection: &[CardId],
        seed: u64,
    ) -> Result<Draft, DraftError> {
        if !(30..=60).contains(&pool_size) {
            return Err(DraftError::PoolSize(pool_size));
        }
        let copies = (drafters * pool_size).div_ceil(collection.len().max(1));
        let cards: Vec<CardId> = (0..copies)
            .flat_map(|_| collection.iter().copied())
            .collect();
        Draft::deal(pool, DraftFormat::Sealed, drafters, &cards, seed, pool_size)
    }

    fn deal(
        pool: Arc<CardPool>,
        format: DraftFormat,
        drafters: usize,
        collection: &[CardId],
        seed: u64,
        sealed_pool: usize,
    ) -> Result<Draft, DraftError> {
        let table = format.format();
        if !table.seats(drafters) {
            return Err(DraftError::Drafters {
                format: format.name(),
                verb: if format == DraftFormat::Sealed {
                    "played"
                } else {
                    "drafted"
                },
                need: table.players_text(),
                have: drafters,
            });
        }
        let need = match format {
            // Open Draft: "at least 60 cards", half to each.
            DraftFormat::Open => 60,
            DraftFormat::Sealed => drafters * sealed_pool,
            _ => drafters * format.packs() * format.pack_size(),
        };
        if collection.len() < need {
            return Err(DraftError::Collection {
                format: format.name(),
                need,
                have: collection.len(),
            });
        }
        let mut cards = collection.to_vec();
        cards.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
        let mut draft = Draft {
            pool,
            format,
            drafters,
            unopened: vec![Vec::new(); drafters],
            packs: vec![Vec::new(); drafters],
            stack: Vec::new(),
            picks: vec![Vec::new(); drafters],
            left_out: vec![Vec::new(); drafters],
            taken: vec![0; drafters],
            round: 0,
            unseen: Vec::new(),
            stage: Stage::Over,
            options: Vec::new(),
        };
        if format == DraftFormat::Open {
            // An even number, so the halves are equal.
            draft.unseen = cards.split_off(cards.len() / 2 * 2);
            draft.stack = cards;
            draft.reveal();
        } else if format == DraftFormat::Sealed {
            // Each player's pool is theirs at once; only building is left, if anything.
            let mut deal = cards.into_iter();
            for seat in 0..drafters {
                draft.picks[seat] = deal.by_ref().take(sealed_pool).collect();
            }
            draft.unseen = deal.collect();
            draft.start_building();
        } else {
            let mut deal = cards.into_iter();
            for pack in 0..format.packs() {
                for seat in 0..drafters {
                    let cards: Vec<CardId> = deal.by_ref().take(format.pack_size()).collect();
                    debug_assert_eq!(cards.len(), format.pack_size(), "pack {pack}");
                    draft.unopened[seat].push(cards);
                }
            }
            for seat in 0..drafters {
                draft.unopened[seat].reverse();
            }
            draft.unseen = deal.collect();
            draft.open_packs();
        }
        draft.refresh();
        Ok(draft)
    }

    pub fn format(&self) -> DraftFormat {
        self.format
    }
    pub fn drafters(&self) -> usize {
        self.drafters
    }
    pub fn pool(&self) -> &CardPool {
        &self.pool
    }
    pub fn is_over(&self) -> bool {
        self.stage == Stage::Over
    }

    /// Each drafter's deck, once the draft is over.
    pub fn decks(&self) -> Option<Vec<Vec<CardId>>> {
        self.is_over().then(|| self.picks.clone())
    }

    /// The drafter to decide now, and what.
    pub fn decision(&self) -> Option<DraftDecision> {
        let drafter = self.drafter()?;
        let (kind, prompt) = match &self.stage {
            Stage::Build { .. } => (
                DraftDecisionKind::Build,
                format!(
                    "build a deck of {} {} from your {} cards",
                    if self.exact_deck() {
                        "exactly"
                    } else {
                        "at least"
                    },
                    self.min_deck(),
                    self.picks[drafter].len() + self.left_out[drafter].len()
                ),
            ),
            Stage::Open { order } => (
                DraftDecisionKind::Pick,
                format!(
                    "pick a revealed card (reveal {} of {}; {} more this round)",
                    self.round + 1,
                    self.rounds(),
                    epic_game::words::count(order.len() as u64, "pick", "picks")
                ),
            ),
            Stage::Packs { want } => {
                let pass = match self.format {
                    DraftFormat::Dark if *want == 1 => ", then pass the rest".to_string(),
                    DraftFormat::Dark => ", passed to you; the last 2 are set aside".to_string(),
                    _ if self.passes_left() => ", passing left".to_string(),
                    _ => ", passing right".to_string(),
                };
                (
                    DraftDecisionKind::Pick,
                    format!(
                        "pick {} from pack {} of {}{pass}",
                        epic_game::words::count(
                            (want - self.taken[drafter]) as u64,
                            "card",
                            "cards"
                        ),
                        self.round + 1,
                        self.rounds()
                    ),
                )
            }
            Stage::Over => return None,
        };
        Some(DraftDecision {
            drafter,
            kind,
            prompt,
        })
    }

    /// The options of the pending decision: one per distinct card (copies are the same
    /// pick), in the order the cards lie.
    pub fn options(&self) -> &[DraftChoice] {
        &self.options
    }

    /// The options in words: "Pick Fire Shaman", "Cut Kong", "Put Kong back", "Done".
    pub fn labels(&self) -> Vec<String> {
        self.options.iter().map(|&c| self.label(c)).collect()
    }

    /// One option in words.
    fn label(&self, choice: DraftChoice) -> String {
        match choice {
            DraftChoice::Pick(id) => format!("Pick {}", self.pool.get(id).name),
            DraftChoice::Cut(id) => format!("Cut {}", self.pool.get(id).name),
            DraftChoice::Restore(id) => format!("Put {} back", self.pool.get(id).name),
            DraftChoice::Done => match self.drafter() {
                Some(d) => format!("Done: play these {} cards", self.picks[d].len()),
                None => "Done".into(),
            },
        }
    }

    /// Takes an option by its position in [`Draft::options`].
    pub fn apply_option(&mut self, index: usize) -> Result<Vec<DraftEvent>, DraftError> {
        let count = self.options.len();
        let c = *self
            .options
            .get(index)
            .ok_or(DraftError::NoSuchOption { index, count })?;
        self.apply(c)
    }

    /// Makes the pending decision. Anything not offered is refused, and nothing changes.
    pub fn apply(&mut self, choice: DraftChoice) -> Result<Vec<DraftEvent>, DraftError> {
        let Some(drafter) = self.drafter() else {
            return Err(DraftError::Over);
        };
        if !self.options.contains(&choice) {
            return Err(DraftError::NotAnOption);
        }
        let mut events = Vec::new();
        match choice {
            DraftChoice::Pick(card) => self.pick(drafter, card, &mut events),
            DraftChoice::Cut(card) => {
                take(&mut self.picks[drafter], card);
                self.left_out[drafter].push(card);
            }
            DraftChoice::Restore(card) => {
                take(&mut self.left_out[drafter], card);
                self.picks[drafter].push(card);
            }
            DraftChoice::Done => {
                events.push(DraftEvent::Built {
                    drafter,
                    cards: self.picks[drafter].len(),
                });
                self.stage = if drafter + 1 < self.drafters {
                    Stage::Build {
                        drafter: drafter + 1,
                    }
                } else {
                    events.push(DraftEvent::Finished);
                    Stage::Over
                };
            }
        }
        self.refresh();
        Ok(events)
    }

    /// What `seat` may see.
    pub fn view(&self, seat: usize) -> DraftView {
        let building = matches!(self.stage, Stage::Build { .. });
        let dark = self.picks_face_down();
        let pack = match &self.stage {
            Stage::Open { .. } => self.packs[0].clone(),
            Stage::Packs { .. } => self.packs.get(seat).cloned().unwrap_or_default(),
            _ => Vec::new(),
        };
        DraftView {
            format: self.format,
            drafter: seat,
            drafters: self.drafters,
            round: self.round + 1,
            rounds: self.rounds(),
            pack,
            picks: if dark {
                Vec::new()
            } else {
                self.picks.get(seat).cloned().unwrap_or_default()
            },
            pick_counts: self
                .picks
                .iter()
                .zip(&self.left_out)
                .map(|(p, l)| p.len() + l.len())
                .collect(),
            deck: if building || self.is_over() {
                self.picks.get(seat).cloned().unwrap_or_default()
            } else {
                Vec::new()
            },
            left_out: self.left_out.get(seat).cloned().unwrap_or_default(),
            min_deck: self.min_deck(),
            exact_deck: self.exact_deck(),
            built: (0..self.drafters)
                .map(|s| self.has_built(s).then(|| self.picks[s].len()))
                .collect(),
            over: self.is_over(),
        }
    }

    /// Whether a pick by `drafter` is seen by everyone (Open Draft's revealed cards).
    pub fn picks_are_public(&self) -> bool {
        self.format == DraftFormat::Open
    }

    /// H-30: in Dark Draft a drafter may not look back at their picks until the end.
    fn picks_face_down(&self) -> bool {
        self.format == DraftFormat::Dark && !self.is_over()
    }

    // ---- the course of a draft --------------------------------------------------------

    /// Whether drafter `s` has finished building their deck.
    pub fn has_built(&self, s: usize) -> bool {
        match self.stage {
            Stage::Build { drafter } => s < drafter,
            Stage::Over => true,
            _ => false,
        }
    }

    fn rounds(&self) -> usize {
        match self.format {
            // Every card revealed or still to be: picked, cut from a deck being built
            // (which only its drafter knows of), or in the stack.
            DraftFormat::Open => (self.stack.len()
                + self.picks.iter().map(Vec::len).sum::<usize>()
                + self.left_out.iter().map(Vec::len).sum::<usize>())
            .div_ceil(self.format.pack_size()),
            f => f.packs(),
        }
    }

    /// Whether the deck is exactly [`Draft::min_deck`] cards (Sealed's 30, Open Draft's
    /// 30), rather than at least that many (Cube Draft): the format's deck rule says.
    fn exact_deck(&self) -> bool {
        matches!(
            self.format.format().deck,
            crate::formats::DeckRule::Exactly { .. }
        )
    }

    fn min_deck(&self) -> usize {
        match self.format.format().deck {
            crate::formats::DeckRule::Exactly { cards }
            | crate::formats::DeckRule::AtLeast { cards } => cards,
            _ => 30,
        }
    }

    /// FMT-02: the first and third packs go left, the second right.
    fn passes_left(&self) -> bool {
        self.round.is_multiple_of(2)
    }

    fn drafter(&self) -> Option<usize> {
        match &self.stage {
            Stage::Packs { want } => (0..self.drafters).find(|&s| self.taken[s] < *want),
            Stage::Open { order } => order.first().copied(),
            Stage::Build { drafter } => Some(*drafter),
            Stage::Over => None,
        }
    }

    /// Open Draft: reveals the next four cards; the first picker alternates (FMT-03).
    fn reveal(&mut self) {
        let n = self.format.pack_size().min(self.stack.len());
        if n == 0 {
            self.start_building();
            return;
        }
        let at = self.stack.len() - n;
        self.packs[0] = self.stack.split_off(at);
        let (a, b) = if self.round.is_multiple_of(2) {
            (0, 1)
        } else {
            (1, 0)
        };
        // 1 / 2 / 1: as far as the cards go.
        let mut order = vec![a, b, b, a];
        order.truncate(n);
        self.stage = Stage::Open { order };
    }

    fn open_packs(&mut self) {
        for seat in 0..self.drafters {
            self.packs[seat] = self.unopened[seat].pop().unwrap_or_default();
        }
        self.taken = vec![0; self.drafters];
        self.stage = Stage::Packs { want: 1 };
    }

    fn pick(&mut self, drafter: usize, card: CardId, events: &mut Vec<DraftEvent>) {
        let from = match self.stage {
            Stage::Open { .. } => 0,
            _ => drafter,
        };
        take(&mut self.packs[from], card);
        self.picks[drafter].push(card);
        events.push(DraftEvent::Picked {
            drafter,
            card: Some(card),
        });
        match &mut self.stage {
            Stage::Open { order } => {
                order.remove(0);
                if order.is_empty() {
                    self.round += 1;
                    self.reveal();
                }
            }
            Stage::Packs { want } => {
                let want = *want;
                self.taken[drafter] += 1;
                if self.taken.iter().all(|&t| t >= want) {
                    self.after_picks(want, events);
                }
            }
            _ => {}
        }
    }

    /// Every drafter has picked from the pack in front of them: pass, set aside, or open
    /// the next packs.
    fn after_picks(&mut self, want: usize, events: &mut Vec<DraftEvent>) {
        self.taken = vec![0; self.drafters];
        if self.format == DraftFormat::Dark {
            if want == 1 {
                // The other four go to the other player, who picks two of them.
                self.packs.swap(0, 1);
                events.push(DraftEvent::Passed { left: true });
                self.stage = Stage::Packs { want: 2 };
                return;
            }
            let count: usize = self.packs.iter().map(Vec::len).sum();
            for pack in &mut self.packs {
                self.unseen.append(pack);
            }
            events.push(DraftEvent::SetAside { count });
        }
        if self.packs.iter().all(Vec::is_empty) {
            self.round += 1;
            if self.unopened[0].is_empty() {
                self.start_building();
            } else {
                self.open_packs();
            }
            return;
        }
        // Left: seat s's pack goes to seat s + 1.
        let left = self.passes_left();
        if left {
            self.packs.rotate_right(1);
        } else {
            self.packs.rotate_left(1);
        }
        events.push(DraftEvent::Passed { left });
    }

    fn start_building(&mut self) {
        let nothing_to_cut = self.picks.iter().all(|p| p.len() <= self.min_deck());
        self.stage = if self.format.builds() && !nothing_to_cut {
            Stage::Build { drafter: 0 }
        } else {
            Stage::Over
        };
    }

    /// Works out the options of the pending decision.
    fn refresh(&mut self) {
        let mut options = Vec::new();
        if let Some(d) = self.drafter() {
            match &self.stage {
                Stage::Packs { .. } => distinct(&self.packs[d], &mut options, DraftChoice::Pick),
                Stage::Open { .. } => distinct(&self.packs[0], &mut options, DraftChoice::Pick),
                Stage::Build { .. } => {
                    if self.picks[d].len() > self.min_deck() {
                        distinct(&self.picks[d], &mut options, DraftChoice::Cut);
                    }
                    distinct(&self.left_out[d], &mut options, DraftChoice::Restore);
                    if !self.exact_deck() || self.picks[d].len() == self.min_deck() {
                        options.push(DraftChoice::Done);
                    }
                }
                Stage::Over => {}
            }
        }
        self.options = options;
    }
}

/// One option per distinct card of `cards`, in their order.
fn distinct(cards: &[CardId], out: &mut Vec<DraftChoice>, make: fn(CardId) -> DraftChoice) {
    for &c in cards {
        let o = make(c);
        if !out.contains(&o) {
            out.push(o);
        }
    }
}

/// Removes one copy of `card` from `cards`.
fn take(cards: &mut Vec<CardId>, card: CardId) {
    if let Some(i) = cards.iter().position(|&c| c == card) {
        cards.remove(i);
    }
}
