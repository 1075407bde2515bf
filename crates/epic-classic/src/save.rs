//! Saved classic games (`docs/saves.md`, "Classic games"): the file of a 2017 save with
//! `"ruleset": "classic"`, the classic setup, and each decision as the number of the
//! option taken among those offered — the one way to name a decision that any ruleset
//! has. Replaying them rebuilds the game, and the final digest is checked.

use epic_game::SetupError;

/// A value, or why the saved game cannot be used.
type Result<T> = std::result::Result<T, SetupError>;
use crate::format::{Decklist, Format, Match, MatchDeck};
use crate::{classic_pool, ClassicGame, ClassicPool};
use epic_game::save::{Numbered, Seat, FORMAT, VERSION};
use epic_game::State;
use epic_model::CardId;
use serde::{Deserialize, Serialize};

/// The `ruleset` field of a classic save.
pub const RULESET: &str = "classic";

/// What a classic game is made from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClassicSetup {
    /// The classic format played (`pack-war`, `sealed-2`, `designed`…): its rules, such
    /// as Pack War's deck-out, are the game's. Absent: the standard game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    pub seed: u64,
    /// Seat that goes first (chosen by the loser of a match's last game, T-2.4);
    /// absent: drawn from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<u8>,
    pub seats: Vec<Seat>,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClassicSave {
    pub format: String,
    pub version: u32,
    pub ruleset: String,
    pub setup: ClassicSetup,
    /// Each decision: the option taken, numbered from 0 in the order offered, or a
    /// player's concession.
    pub decisions: Vec<Numbered>,
    /// `State::digest` after the last decision, as 16 hex digits.
    pub digest: String,
    /// The match this game is one of, as it stood before the game; absent for a game on
    /// its own.
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub series: Option<MatchRecord>,
}

/// A match saved with one of its games (`epic play --ruleset classic --best-of N`): the
/// record before that game, so a resumed match plays the game out, records it and goes
/// on (T-2.4), and each seat's deck as the match began with its swaps since (T-15.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub best_of: u8,
    /// The match's seed: its later games' seeds and the draws of who chooses come from it.
    pub seed: u64,
    /// Games played before the saved one, draws included.
    pub games: u16,
    /// Games won by each seat.
    pub wins: Vec<u8>,
    /// The seat that chose who takes the saved game's first turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooser: Option<u8>,
    pub decks: Vec<MatchDeckRecord>,
}

/// A seat's deck and sideboard as its match began, by card name, and the swaps made
/// since, each `[out of the deck, into the deck]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchDeckRecord {
    pub deck: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sideboard: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swaps: Vec<[String; 2]>,
}

impl MatchRecord {
    /// The record of `series` and each seat's `decks`.
    pub fn of(series: &Match, decks: &[MatchDeck], pool: &ClassicPool) -> MatchRecord {
        MatchRecord {
            best_of: series.best_of(),
            seed: series.seed(),
            games: series.games(),
            wins: series.wins().to_vec(),
            chooser: series.chooser(),
            decks: decks
                .iter()
                .map(|d| MatchDeckRecord {
                    deck: pool.names(&d.original().deck),
                    sideboard: pool.names(&d.original().sideboard),
                    swaps: d
                        .swaps()
                        .iter()
                        .map(|&(out, into)| {
                            [pool.get(out).name.clone(), pool.get(into).name.clone()]
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    /// The match and the seats' decks again, checked: a record no match reaches, unknown
    /// cards, a swap of a card that was not there, or decks other than `setup`'s game
    /// plays are input errors.
    pub fn rebuild(
        &self,
        setup: &ClassicSetup,
        pool: &ClassicPool,
    ) -> Result<(Match, Vec<MatchDeck>)> {
        let bad = |why: String| SetupError::new(format!("the saved match: {why}"));
        if self.wins.len() != setup.seats.len() || self.decks.len() != setup.seats.len() {
            return Err(bad(format!(
                "it has {} records of wins and {} decks for a game of {} seats",
                self.wins.len(),
                self.decks.len(),
                setup.seats.len()
            )));
        }
        let series = Match::resume(
            self.best_of,
            self.seed,
            self.wins.clone(),
            self.games,
            self.chooser,
        )
        .map_err(|e| bad(e.to_string()))?;
        if series.over() {
            return Err(bad("it was over before this game".into()));
        }
        let mut decks = Vec::new();
        for (seat, (d, s)) in self.decks.iter().zip(&setup.seats).enumerate() {
            let original = Decklist::with_sideboard(
                card_ids(pool, seat, &d.deck)?,
                card_ids(pool, seat, &d.sideboard)?,
            );
            let mut swaps = Vec::new();
            for pair in &d.swaps {
                let ids = card_ids(pool, seat, pair)?;
                swaps.push((ids[0], ids[1]));
            }
            let deck = MatchDeck::replay(pool, original, &swaps)
                .map_err(|e| bad(format!("seat {}: {e}", seat + 1)))?;
            if card_ids(pool, seat, &s.cards)? != deck.current().deck {
                return Err(bad(format!(
                    "seat {}'s deck after its swaps is not the deck of the saved game",
                    seat + 1
                )));
            }
            decks.push(deck);
        }
        Ok((series, decks))
    }
}

impl ClassicSetup {
    /// The rules of the format named, standard ones without.
    pub fn rules(&self) -> Result<crate::state::Rules> {
        match &self.format {
            None => Ok(Default::default()),
            Some(name) => Format::parse(name).map(Format::rules).map_err(|e| {
                SetupError::new(format!(
                    "the saved format {}: {e}",
                    epic_cards::quoted(name)
                ))
            }),
        }
    }

    /// Each seat's deck, by card name in the classic pool; unknown names, tokens and
    /// decks no game can be played with are input errors.
    pub fn decks(&self, pool: &ClassicPool) -> Result<Vec<Vec<CardId>>> {
        let mut decks = Vec::new();
        for (seat, s) in self.seats.iter().enumerate() {
            let deck = card_ids(pool, seat, &s.cards)?;
            crate::playable(pool, &deck)
                .map_err(|why| SetupError::new(format!("seat {}: the deck {why}", seat + 1)))?;
            decks.push(deck);
        }
        Ok(decks)
    }

    /// The game at its start.
    pub fn start(&self) -> Result<ClassicGame> {
        let pool = classic_pool();
        let decks = self.decks(&pool)?;
        ClassicGame::with_first(pool, &decks, self.seed, self.rules()?, self.first_player)
            .map_err(|e| SetupError::new(format!("the saved setup is invalid: {e}")))
    }
}

impl ClassicSave {
    pub fn new(setup: ClassicSetup, decisions: Vec<Numbered>, game: &ClassicGame) -> ClassicSave {
        ClassicSave {
            format: FORMAT.into(),
            version: VERSION,
            ruleset: RULESET.into(),
            setup,
            decisions,
            digest: digest_hex(game),
            series: None,
        }
    }

    /// The same save as one game of a match.
    pub fn in_match(self, series: Option<MatchRecord>) -> ClassicSave {
        ClassicSave { series, ..self }
    }

    /// Reads a classic save from its text: its header, then the rest; a game of another
    /// ruleset is refused, named as such. Errors name the file as `source_name`.
    pub fn parse(source_name: &str, text: &str) -> Result<ClassicSave> {
        let ruleset = epic_game::save::ruleset_of(source_name, text)?;
        if ruleset != RULESET {
            return Err(SetupError::new(format!(
                "{source_name}: a saved {ruleset} game, not a classic one"
            )));
        }
        serde_json::from_str(text)
            .map_err(|e| SetupError::new(format!("{source_name}: malformed saved game: {e}")))
    }

    /// Rebuilds the game, applying `upto` decisions (all when `None`), and calls `each`
    /// with the game before every decision applied and the option it takes. Checks the
    /// digest when all are applied.
    pub fn replay(
        &self,
        upto: Option<usize>,
        mut each: impl FnMut(&ClassicGame, crate::Choice),
    ) -> Result<ClassicGame> {
        let mut game = self.setup.start()?;
        let n = upto
            .unwrap_or(self.decisions.len())
            .min(self.decisions.len());
        for (i, &decision) in self.decisions[..n].iter().enumerate() {
            let choice = decision
                .choice_in(&game, crate::Choice::Concede)
                .map_err(|e| {
                    SetupError::new(format!(
                        "decision {} of the saved game cannot be applied: {e}",
                        i + 1
                    ))
                })?;
            each(&game, choice);
            game.apply(choice)
                .map_err(|e| SetupError::new(format!("decision {}: {e}", i + 1)))?;
        }
        if n == self.decisions.len() {
            epic_game::save::check_digest(&self.digest, State::digest(&game))?;
        }
        Ok(game)
    }

    /// [`ClassicSave::replay`] with nothing done along the way.
    pub fn rebuild(&self, upto: Option<usize>) -> Result<ClassicGame> {
        self.replay(upto, |_, _| {})
    }
}

/// Cards of seat `seat` (from 0) by name in the classic pool; an unknown name or a token
/// is an input error.
fn card_ids(pool: &ClassicPool, seat: usize, names: &[String]) -> Result<Vec<CardId>> {
    names
        .iter()
        .map(|name| match pool.id(name) {
            Some(id) if !pool.get(id).token => Ok(id),
            Some(_) => Err(SetupError::new(format!(
                "seat {}: {} is a token, never in a deck",
                seat + 1,
                epic_cards::quoted(name)
            ))),
            None => Err(SetupError::new(format!(
                "seat {}: {} is not a classic card",
                seat + 1,
                epic_cards::quoted(name)
            ))),
        })
        .collect()
}

pub fn digest_hex(game: &ClassicGame) -> String {
    epic_game::save::digest_hex(State::digest(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(player: &str, deck: &str) -> Seat {
        let pool = classic_pool();
        Seat {
            player: player.into(),
            bot_seed: None,
            deck: deck.into(),
            cards: pool.names(&crate::classic_deck(deck).unwrap()),
        }
    }

    fn setup() -> ClassicSetup {
        ClassicSetup {
            format: None,
            seed: 7,
            first_player: None,
            seats: vec![seat("human", "order"), seat("greedy", "chaos")],
        }
    }

    /// A game of first options, saved after `n` decisions.
    fn saved_after(n: usize) -> (ClassicSave, ClassicGame) {
        let mut game = setup().start().unwrap();
        for _ in 0..n {
            game.apply(game.options()[0]).unwrap();
        }
        let save = ClassicSave::new(setup(), vec![Numbered::Option(0); n], &game);
        (save, game)
    }

    #[test]
    fn a_classic_save_rebuilds_its_game_bit_for_bit() {
        let (save, game) = saved_after(40);
        let text = serde_json::to_string_pretty(&save).unwrap();
        let read = ClassicSave::parse("in memory", &text).unwrap();
        assert_eq!(read, save);
        let other = text.replace("\"ruleset\": \"classic\"", "\"ruleset\": \"2017\"");
        let e = ClassicSave::parse("in memory", &other).unwrap_err();
        assert!(
            e.message
                .starts_with("in memory: a saved 2017 game, not a classic one"),
            "{}",
            e.message
        );
        assert_eq!(read.rebuild(None).unwrap().digest(), game.digest());
        let mut seen = 0;
        read.replay(Some(10), |_, _| seen += 1).unwrap();
        assert_eq!(seen, 10);
    }

    #[test]
    fn a_concession_is_saved_and_replayed() {
        let (mut save, mut game) = saved_after(30);
        game.apply(crate::Choice::Concede(1)).unwrap();
        save.decisions.push(Numbered::Concede { concede: 1 });
        save.digest = digest_hex(&game);
        let text = serde_json::to_string(&save).unwrap();
        assert!(text.contains(r#"{"concede":1}]"#), "{text}");
        let read = ClassicSave::parse("in memory", &text).unwrap();
        let rebuilt = read.rebuild(None).unwrap();
        assert_eq!(rebuilt.winners(), Some(&[0][..]));
        assert_eq!(rebuilt.digest(), game.digest());
        assert_eq!(
            epic_game::Ruleset::record(&game, crate::Choice::Concede(1)),
            Numbered::Concede { concede: 1 }
        );
    }

    #[test]
    fn a_classic_save_that_does_not_reproduce_is_refused() {
        let (mut save, _) = saved_after(20);
        save.decisions.push(Numbered::Option(999));
        let e = save.rebuild(None).unwrap_err().message;
        assert!(
            e.contains("decision 21") && e.contains("option 1000"),
            "{e}"
        );
        save.decisions.pop();
        save.digest = "0000000000000000".into();
        let e = save.rebuild(None).unwrap_err().message;
        assert!(e.contains("does not reproduce"), "{e}");
        save.setup.seats[1].cards[0] = "Wolf".into();
        let e = save.rebuild(None).unwrap_err().message;
        assert!(e.contains("seat 2") && e.contains("token"), "{e}");
        save.setup.seats[1].cards[0] = "Nonesuch".into();
        let e = save.rebuild(None).unwrap_err().message;
        assert!(e.contains("'Nonesuch' is not a classic card"), "{e}");
        save.setup.seats[1].cards = vec!["Ember Bolt".into()];
        let e = save.rebuild(None).unwrap_err().message;
        assert!(e.contains("seat 2: the deck has 1 cards"), "{e}");
    }

    #[test]
    fn the_seat_named_first_takes_the_first_turn() {
        for first in [0, 1] {
            let mut s = setup();
            s.first_player = Some(first);
            assert_eq!(s.start().unwrap().active(), first);
        }
        let mut s = setup();
        s.first_player = Some(2);
        let e = s.start().unwrap_err().message;
        assert!(e.contains("seat 3 cannot go first"), "{e}");
    }
}
