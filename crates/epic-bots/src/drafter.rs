//! Drafters: bots that pick cards in a draft and build a deck from their picks, deciding
//! from their own [`DraftView`] only.
//!
//! - [`RatingDrafter`] ("greedy"): picks by a card rating ([`card_rating`]) plus the
//!   pull of the alignments its picks already lean to, and builds by cutting the cards
//!   that fit its deck least.
//! - [`RandomDrafter`] ("random"): uniform over the options; the baseline.

use epic_engine::formats::draft::{Draft, DraftChoice, DraftView};
use epic_engine::formats::drafted::{DraftedChoice, DraftedGame};
use epic_engine::Game;
use epic_model::{Alignment, CardDef, CardId, CardPool, CardType, Keyword};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A player in a draft. `choose` is called only while the draft waits on this drafter and
/// must return one of `draft.options()`.
pub trait Drafter {
    fn name(&self) -> &str;
    fn choose(&mut self, draft: &Draft) -> DraftChoice;
}

/// The names [`drafter_by_name`] accepts: the game bots' names, each with its drafter.
pub fn drafter_by_name(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Drafter + Send>, crate::UnknownBot> {
    let key = name.trim().to_ascii_lowercase();
    match key.as_str() {
        "random" => Ok(Box::new(RandomDrafter::new(seed))),
        "greedy" => Ok(Box::new(RatingDrafter::new(seed))),
        // The search bots and levels draft by the rating too.
        _ if crate::search_config(&key).is_some() => Ok(Box::new(RatingDrafter::new(seed))),
        _ => Err(crate::UnknownBot(name.to_string())),
    }
}

/// How good a card is on its own, on a scale where a plain 1-gold 6/6 champion is about
/// 3: a champion's offense and defense (worth more on a card that costs nothing, since
/// a turn's one gold is the scarce resource), its keywords and its abilities; an event's
/// modes, a free one worth more. A first estimate from the printed card, not from play.
pub fn card_rating(def: &CardDef) -> f64 {
    let free = def.cost == 0;
    let mut r = match def.kind {
        CardType::Champion => {
            let stats = f64::from(def.offense) + f64::from(def.defense);
            stats / if free { 2.5 } else { 4.0 }
        }
        CardType::Event | CardType::Object => 2.0 + 1.2 * def.modes.len() as f64,
        // Every turn of the game: worth a strong card.
        CardType::God => 6.0,
    };
    if def.kind == CardType::Event && free {
        r += 0.5;
    }
    for (k, bonus) in [
        (Keyword::Airborne, 1.0),
        (Keyword::Unbreakable, 1.5),
        (Keyword::Untargetable, 1.0),
        (Keyword::Blitz, 0.8),
        (Keyword::Ambush, 0.6),
        (Keyword::Breakthrough, 0.6),
        (Keyword::Righteous, 0.5),
    ] {
        if def.keywords.has(k) {
            r += bonus;
        }
    }
    r + 0.8 * def.abilities.len() as f64
}

/// How much of `cards` is of each alignment (a card of two counts for both).
fn alignment_shares(pool: &CardPool, cards: &[CardId]) -> [f64; 4] {
    let mut n = [0.0; 4];
    for &c in cards {
        for (i, a) in Alignment::ALL.into_iter().enumerate() {
            if pool.get(c).alignments.contains(a) {
                n[i] += 1.0;
            }
        }
    }
    let total = cards.len().max(1) as f64;
    n.map(|x| x / total)
}

/// The share of `cards` of the alignments `card` has: how well it fits them.
fn fit(pool: &CardPool, shares: &[f64; 4], card: CardId) -> f64 {
    Alignment::ALL
        .into_iter()
        .enumerate()
        .filter(|&(_, a)| pool.get(card).alignments.contains(a))
        .map(|(i, _)| shares[i])
        .fold(0.0, f64::max)
}

/// Picks by rating and by the alignments its deck is taking; builds by cutting what fits
/// least. A little seeded noise keeps two such drafters from drafting alike.
pub struct RatingDrafter {
    rng: Pcg64Mcg,
}

impl RatingDrafter {
    pub fn new(seed: u64) -> RatingDrafter {
        RatingDrafter {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// A card's worth to a deck whose cards so far are `mine`: its rating, and, as the
    /// deck takes shape, up to 3 more for an alignment it already leans to.
    fn worth(&self, pool: &CardPool, mine: &[CardId], card: CardId) -> f64 {
        let shape = (mine.len() as f64 / 15.0).min(1.0);
        card_rating(pool.get(card)) + 3.0 * shape * fit(pool, &alignment_shares(pool, mine), card)
    }
}

impl Drafter for RatingDrafter {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, draft: &Draft) -> DraftChoice {
        let options = draft.options();
        let Some(d) = draft.decision() else {
            return DraftChoice::Done;
        };
        let view: DraftView = draft.view(d.drafter);
        let pool = draft.pool();
        // What the bot knows of its own cards: its picks, or in Dark Draft (where it may
        // not look back) nothing but this pack.
        let mine: Vec<CardId> = view.picks.iter().chain(&view.left_out).copied().collect();
        let mut best: Option<(f64, DraftChoice)> = None;
        for &o in options {
            let score = match o {
                DraftChoice::Pick(c) => self.worth(pool, &mine, c) + self.rng.gen_range(0.0..0.3),
                // Cutting the card worth least to the deck is the best cut.
                DraftChoice::Cut(c) => -self.worth(pool, &view.deck, c),
                DraftChoice::Restore(_) => f64::NEG_INFINITY,
                DraftChoice::Done => {
                    if view.deck.len() <= view.min_deck {
                        f64::INFINITY
                    } else {
                        f64::NEG_INFINITY
                    }
                }
            };
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, o));
            }
        }
        best.map_or(options[0], |(_, o)| o)
    }
}

/// Uniform over the options. Building, it cuts at random until the deck is as small as
/// it may be, then stops.
pub struct RandomDrafter {
    rng: Pcg64Mcg,
}

impl RandomDrafter {
    pub fn new(seed: u64) -> RandomDrafter {
        RandomDrafter {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Drafter for RandomDrafter {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, draft: &Draft) -> DraftChoice {
        let options = draft.options();
        let cuts: Vec<DraftChoice> = options
            .iter()
            .copied()
            .filter(|o| matches!(o, DraftChoice::Cut(_)))
            .collect();
        if options.contains(&DraftChoice::Done) {
            // Building: a random cut while any is allowed, else done.
            return if cuts.is_empty() {
                DraftChoice::Done
            } else {
                cuts[self.rng.gen_range(0..cuts.len())]
            };
        }
        options[self.rng.gen_range(0..options.len())]
    }
}

/// Runs a whole draft with one drafter per seat; every seat's deck at the end.
pub fn draft_out(draft: &mut Draft, drafters: &mut [Box<dyn Drafter + Send>]) -> Vec<Vec<CardId>> {
    while let Some(d) = draft.decision() {
        let choice = drafters[d.drafter % drafters.len()].choose(draft);
        if draft.apply(choice).is_err() {
            let first = draft.options()[0];
            draft.apply(first).expect("an offered option is taken");
        }
    }
    draft.decks().unwrap_or_default()
}

/// A bot at a seat of a drafted game: its drafter picks while the draft lasts, then the
/// bot plays the game.
pub struct DraftedPlayer {
    bot: Box<dyn crate::Player<Game>>,
    drafter: Box<dyn Drafter + Send>,
}

impl DraftedPlayer {
    /// The bot named `name` and the drafter of the same name, both seeded with `seed`;
    /// a search grows `threads` trees.
    pub fn by_name(
        name: &str,
        seed: u64,
        threads: usize,
    ) -> Result<DraftedPlayer, crate::UnknownBot> {
        Ok(DraftedPlayer {
            bot: crate::bot_by_name_threaded(name, seed, threads)?,
            drafter: drafter_by_name(name, seed)?,
        })
    }
}

impl crate::players::Player<DraftedGame> for DraftedPlayer {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, state: &DraftedGame) -> DraftedChoice {
        match state.game() {
            Some(game) => DraftedChoice::Game(self.bot.choose(game)),
            None => DraftedChoice::Draft(self.drafter.choose(state.draft())),
        }
    }
}
