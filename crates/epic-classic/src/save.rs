//! A classic game's setup, as its saved games keep it (`docs/saves.md`, "Classic
//! games"): the format, the seed, who goes first, each seat's deck and sideboard. The
//! saved file around it, with each decision as the number of the option taken, is
//! every ruleset's ([`epic_game::save::SaveFile`]).

use epic_game::SetupError;

/// A value, or why the saved game cannot be used.
type Result<T> = std::result::Result<T, SetupError>;
use crate::format::Format;
use crate::{classic_pool, ClassicGame, ClassicPool};
use epic_game::save::Seat;
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
    /// Each seat's sideboard (T-15.1), by card name, where any seat brought one: the
    /// cards it may swap into its deck between a match's games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sideboards: Vec<Vec<String>>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use epic_game::save::{Numbered, SaveFile};
    use epic_game::Played;

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
            sideboards: Vec::new(),
        }
    }

    /// A game of first options, saved after `n` decisions.
    fn saved_after(n: usize) -> (SaveFile<ClassicGame>, ClassicGame) {
        let mut played = Played::<ClassicGame>::start(setup()).unwrap();
        for _ in 0..n {
            played.take_option(0).unwrap();
        }
        (played.save_file(), played.game)
    }

    fn rebuild(file: &SaveFile<ClassicGame>) -> Result<ClassicGame> {
        Played::replay(file, None, |_, _| {}).map(|p| p.game)
    }

    #[test]
    fn a_classic_save_rebuilds_its_game_bit_for_bit() {
        let (save, game) = saved_after(40);
        let text = save.to_text();
        assert!(text.contains("\"ruleset\": \"classic\""), "{text}");
        let read = SaveFile::<ClassicGame>::parse("in memory", &text).unwrap();
        assert_eq!(read, save);
        let other = text.replace("\"ruleset\": \"classic\"", "\"ruleset\": \"2017\"");
        let e = SaveFile::<ClassicGame>::parse("in memory", &other).unwrap_err();
        assert!(
            e.message
                .starts_with("in memory: a saved 2017 game, not a classic one"),
            "{}",
            e.message
        );
        assert_eq!(rebuild(&read).unwrap().digest(), game.digest());
        let mut seen = 0;
        Played::replay(&read, Some(10), |_, _| seen += 1).unwrap();
        assert_eq!(seen, 10);
    }

    #[test]
    fn a_concession_is_saved_and_replayed() {
        let (save, _) = saved_after(30);
        let mut played = Played::replay(&save, None, |_, _| {}).unwrap();
        let taken = played.conceded(1).unwrap();
        played.take(taken);
        let text = played.save_file().to_text();
        assert!(text.contains("\"concede\": 1"), "{text}");
        let read = SaveFile::<ClassicGame>::parse("in memory", &text).unwrap();
        let rebuilt = rebuild(&read).unwrap();
        assert_eq!(rebuilt.winners(), Some(&[0][..]));
        assert_eq!(rebuilt.digest(), played.game.digest());
        assert_eq!(
            epic_game::Ruleset::record(&played.game, crate::Choice::Concede(1)),
            Numbered::Concede { concede: 1 }
        );
    }

    #[test]
    fn a_classic_save_that_does_not_reproduce_is_refused() {
        let (mut save, _) = saved_after(20);
        save.decisions.push(Numbered::Option(999));
        let e = rebuild(&save).unwrap_err().message;
        assert!(
            e.contains("decision 21") && e.contains("option 1000"),
            "{e}"
        );
        save.decisions.pop();
        save.digest = "0000000000000000".into();
        let e = rebuild(&save).unwrap_err().message;
        assert!(e.contains("does not reproduce"), "{e}");
        save.setup.seats[1].cards[0] = "Wolf".into();
        let e = rebuild(&save).unwrap_err().message;
        assert!(e.contains("seat 2") && e.contains("token"), "{e}");
        save.setup.seats[1].cards[0] = "Nonesuch".into();
        let e = rebuild(&save).unwrap_err().message;
        assert!(e.contains("'Nonesuch' is not a classic card"), "{e}");
        save.setup.seats[1].cards = vec!["Ember Bolt".into()];
        let e = rebuild(&save).unwrap_err().message;
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
