//! Matches: a series of games between the same players (the classic rules' T-2.4 and
//! glossary: "a multigame series … usually best 2 out of 3 games"), in any ruleset whose
//! rules have them ([`crate::Ruleset::MATCH_RULE`]): who has won how many games, and
//! who decides who takes the next game's first turn — the player who lost the last
//! game, or at a larger table the first to lose it.
//!
//! Rulings (C-23): a game with no single winner counts for no one and is played again;
//! when several players lost first together, or no one lost (a tie), the one who chooses
//! is drawn among them, or the first player is drawn as for a first game. A match ends
//! when a player has won more than half of its games, or, without that, after three
//! times as many games as it is long, with no winner.

use crate::{mix, Seat};
use serde::{Deserialize, Serialize};

/// The longest match: best of 9.
pub const MAX_BEST_OF: u8 = 9;

/// Why a match cannot be made or met again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeriesError {
    /// A match's length: an odd number of games, 1 to [`MAX_BEST_OF`].
    #[error("a match is best of an odd number of games, 1 to {MAX_BEST_OF}, not {asked}")]
    BestOf { asked: u8 },
    /// A match is played by two players or more.
    #[error("a match is played by two players or more, not {players}")]
    Players { players: usize },
    /// A saved match whose record no match can reach.
    #[error(
        "a match record of {wins:?} wins in {games} games cannot be one of a match best of \
         {best_of}"
    )]
    Record {
        wins: Vec<u8>,
        games: u16,
        best_of: u8,
    },
}

/// A match in progress: plain data, so a saved match resumes exactly (each draw of a
/// chooser is seeded by the match's seed and the game's number, not a running generator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    best_of: u8,
    wins: Vec<u8>,
    games: u16,
    chooser: Option<Seat>,
    seed: u64,
}

impl Match {
    /// A match of `players` that the first to win more than half of `best_of` games
    /// (odd, 1 to [`MAX_BEST_OF`]) wins; `seed` draws the chooser among players who lost
    /// together.
    pub fn new(players: usize, best_of: u8, seed: u64) -> Result<Match, SeriesError> {
        if best_of.is_multiple_of(2) || best_of > MAX_BEST_OF {
            return Err(SeriesError::BestOf { asked: best_of });
        }
        if !(2..=usize::from(Seat::MAX)).contains(&players) {
            return Err(SeriesError::Players { players });
        }
        Ok(Match {
            best_of,
            wins: vec![0; players],
            games: 0,
            chooser: None,
            seed,
        })
    }

    /// A match met again as [`Match::best_of`], [`Match::seed`], [`Match::wins`],
    /// [`Match::games`] and [`Match::chooser`] left it; refused when the record cannot be
    /// one of a match (more wins than games, a game past the last, a chooser not seated).
    pub fn resume(
        best_of: u8,
        seed: u64,
        wins: Vec<u8>,
        games: u16,
        chooser: Option<Seat>,
    ) -> Result<Match, SeriesError> {
        let mut m = Match::new(wins.len(), best_of, seed)?;
        let won: u16 = wins.iter().map(|&w| u16::from(w)).sum();
        let winners = wins.iter().filter(|&&w| w >= m.needed()).count();
        let consistent = won <= games
            && games <= 3 * u16::from(best_of)
            && winners <= 1
            && wins.iter().all(|&w| w <= m.needed())
            && chooser.is_none_or(|c| usize::from(c) < wins.len());
        if !consistent {
            return Err(SeriesError::Record {
                wins,
                games,
                best_of,
            });
        }
        m.wins = wins;
        m.games = games;
        m.chooser = chooser;
        Ok(m)
    }

    /// The match's length in games.
    pub fn best_of(&self) -> u8 {
        self.best_of
    }

    /// The seed its choosers are drawn from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The wins a player needs: more than half of the games.
    pub fn needed(&self) -> u8 {
        self.best_of / 2 + 1
    }

    /// Games won so far, by seat.
    pub fn wins(&self) -> &[u8] {
        &self.wins
    }

    /// Games played so far, draws included.
    pub fn games(&self) -> u16 {
        self.games
    }

    /// The seed of the next game: the match's seed and the games played so far, mixed,
    /// so that a match replays from its seed and no two of its games share a deal.
    pub fn next_seed(&self) -> u64 {
        crate::mix(&[self.seed ^ u64::from(self.games)])
    }

    /// Records a game that is over ([`crate::Ruleset::first_to_lose`] says who lost it
    /// first): a win for its one winner, and who lost it first chooses who takes the
    /// next first turn. A game not over changes nothing.
    pub fn record<R: crate::Ruleset>(&mut self, game: &R) {
        let Some(winners) = game.winners() else {
            return;
        };
        self.games += 1;
        if let [w] = winners {
            self.wins[usize::from(*w)] += 1;
        }
        let losers = game.first_to_lose();
        self.chooser = match losers.len() {
            0 => None,
            n => {
                let draw = mix(&[self.seed, u64::from(self.games)]) % n as u64;
                Some(losers[draw as usize])
            }
        };
    }

    /// Who decides who takes the first turn of the next game; `None` for the first game
    /// and after a game no one lost: the first player is drawn at random.
    pub fn chooser(&self) -> Option<Seat> {
        self.chooser
    }

    /// The match's winner, once a player has won enough games.
    pub fn winner(&self) -> Option<Seat> {
        let needed = self.needed();
        self.wins
            .iter()
            .position(|&w| w >= needed)
            .map(|s| s as Seat)
    }

    /// Whether the match is over: a player has won it, or it has run three times its
    /// length in drawn games.
    pub fn over(&self) -> bool {
        self.winner().is_some() || self.games >= 3 * u16::from(self.best_of)
    }
}

/// A seat's deck and sideboard, by card name, in a ruleset whose matches have
/// sideboards (the classic T-15.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sideboarded {
    pub deck: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sideboard: Vec<String>,
}

/// Why a swap between deck and sideboard is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SwapError {
    #[error("{card} is not in the deck")]
    NotInDeck { card: String },
    #[error("{card} is not in the sideboard")]
    NotInSideboard { card: String },
}

/// A seat's deck and sideboard through a match (T-15.1): between games a card of the
/// deck is swapped for one of the sideboard, one for one, so both keep their sizes; the
/// match's record keeps the deck it began with and the swaps since, from which a saved
/// match meets its decks again.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchDeck {
    /// The deck and sideboard the match began with.
    #[serde(flatten)]
    pub original: Sideboarded,
    /// Each swap since, `[out of the deck, into the deck]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swaps: Vec<[String; 2]>,
}

impl MatchDeck {
    /// A match begins with `list`.
    pub fn new(list: Sideboarded) -> MatchDeck {
        MatchDeck {
            original: list,
            swaps: Vec::new(),
        }
    }

    /// The deck and sideboard for the next game: the original after every swap; a swap
    /// of a card that was not there is refused.
    pub fn current(&self) -> Result<Sideboarded, SwapError> {
        let mut list = self.original.clone();
        for [out, into] in &self.swaps {
            swap_in(&mut list, out, into)?;
        }
        Ok(list)
    }

    /// `out_of_deck` goes to the sideboard and `into_deck` comes into the deck in its
    /// place; refused, changing nothing, if either card is not where it should be.
    pub fn swap(&mut self, out_of_deck: &str, into_deck: &str) -> Result<(), SwapError> {
        swap_in(&mut self.current()?, out_of_deck, into_deck)?;
        self.swaps.push([out_of_deck.into(), into_deck.into()]);
        Ok(())
    }

    /// Back to the deck and sideboard the match began with.
    pub fn restore(&mut self) {
        self.swaps.clear();
    }
}

fn swap_in(list: &mut Sideboarded, out_of_deck: &str, into_deck: &str) -> Result<(), SwapError> {
    let d =
        (list.deck.iter().position(|c| c == out_of_deck)).ok_or_else(|| SwapError::NotInDeck {
            card: out_of_deck.into(),
        })?;
    let s = (list.sideboard.iter().position(|c| c == into_deck)).ok_or_else(|| {
        SwapError::NotInSideboard {
            card: into_deck.into(),
        }
    })?;
    list.deck[d] = into_deck.into();
    list.sideboard[s] = out_of_deck.into();
    Ok(())
}
