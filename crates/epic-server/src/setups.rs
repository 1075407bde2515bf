//! A new game's setup, as the server keeps it: the ruleset's save-file setup (JSON), each
//! seat's deck by name or from a deck list the player pasted, checked against the
//! table's format and variant before anything is kept (docs/server.md, "New games").

use crate::store::SeatRow;
use crate::ApiError;
use epic_cards::CardPool;
use epic_classic::format::Format as ClassicFormat;
use epic_classic::ClassicPool;
use epic_formats::draft::DraftFormat;
use epic_setup::classic_save::ClassicSetup;
use epic_setup::draft_save::{DraftSeat, DraftSetup};
use epic_setup::save::{SaveSetup, Seat};
use epic_setup::table::{Table, TableArgs};

/// The formats whose decks are drafted before the game: every draft, Sealed with a pool.
pub fn drafts() -> Vec<&'static str> {
    DraftFormat::ALL.iter().map(|d| d.name()).collect()
}

/// The draft a new game's decks come from, if any: Pack, Open, Cube and Dark Draft
/// always; Sealed when `pool` cards are dealt to each seat to build from (without a
/// pool, Sealed's 30 dealt cards are a deck as they come).
pub fn draft_of(
    ruleset: &str,
    format: Option<&str>,
    pool: Option<usize>,
) -> Result<Option<DraftFormat>, ApiError> {
    let draft = format
        .filter(|_| ruleset == "2017")
        .and_then(DraftFormat::named);
    match (draft, pool) {
        (Some(DraftFormat::Sealed), None) => Ok(None),
        (Some(DraftFormat::Sealed), Some(_)) | (Some(_), None) => Ok(draft),
        (_, Some(_)) => Err(ApiError::bad(
            "pool is the number of cards a Sealed pool deals each seat: give it with the \
             2017 format \"sealed\"",
        )),
        (None, None) => Ok(None),
    }
}

/// The setup (JSON) of a 2017 game whose decks are drafted first by these seats, or why
/// it cannot be: a drafted game is a free-for-all in the draft's format.
pub fn draft_setup(
    draft: DraftFormat,
    spec: TableSpec,
    seats: &[SeatRow],
    pool_size: Option<usize>,
    seed: u64,
) -> Result<String, ApiError> {
    if spec.variant.is_some_and(|v| v != "ffa") || spec.team_size.is_some() {
        return Err(ApiError::bad(format!(
            "a {} game is a free-for-all: leave out variant and team_size",
            draft.format().title
        )));
    }
    let pool = epic_setup::names::pool();
    let drafters = seats
        .iter()
        .map(|s| DraftSeat {
            player: player_of(s),
            bot_seed: None,
        })
        .collect();
    let cards = epic_formats::draft::collection(draft, &pool);
    let setup = DraftSetup::new(draft, seed, drafters, &cards, pool_size, &pool);
    setup.start(&pool).map_err(|e| ApiError::bad(e.message))?;
    serde_json::to_string(&setup).map_err(ApiError::internal)
}

/// The label a seat's deck has when it comes from a deck list.
pub const LISTED: &str = "custom";

/// A seat's deck as a new game asks for it.
#[derive(Clone, Copy, Debug)]
pub enum DeckSpec<'a> {
    /// A deck by name (`good`, `random`; classic `order`, `chaos`).
    Named(&'a str),
    /// A deck list, one card a line ("3 Ember Bolt").
    Listed(&'a str),
}

impl DeckSpec<'_> {
    /// The deck as a seat's row and the game's summary name it: its name in lower case,
    /// or [`LISTED`].
    pub fn label(&self) -> String {
        match self {
            DeckSpec::Named(name) => name.to_ascii_lowercase(),
            DeckSpec::Listed(_) => LISTED.to_string(),
        }
    }
}

/// The table a new game asks for: a format, a variant and a Hydra team size.
#[derive(Clone, Copy, Debug, Default)]
pub struct TableSpec<'a> {
    pub format: Option<&'a str>,
    pub variant: Option<&'a str>,
    pub team_size: Option<u8>,
}

/// A seat's deck when none is named: a random 2017 deck; the classic decks in turn.
pub fn default_deck(ruleset: &str, seat: usize) -> &'static str {
    match ruleset {
        "classic" => epic_classic::CLASSIC_DECKS[seat % epic_classic::CLASSIC_DECKS.len()].0,
        _ => "random",
    }
}

/// The setup (JSON) of a game under `ruleset` with these seats and decks, or why the
/// table or a deck cannot be played.
pub fn setup(
    ruleset: &str,
    table: TableSpec,
    seats: &[SeatRow],
    decks: &[DeckSpec],
    seed: u64,
) -> Result<String, ApiError> {
    match ruleset {
        "classic" => classic_setup(table, seats, decks, seed),
        _ => epic_setup(table, seats, decks, seed),
    }
}

/// Who plays a seat, as save files name it: an AI level, or "human".
fn player_of(seat: &SeatRow) -> String {
    seat.ai.clone().unwrap_or_else(|| "human".into())
}

/// A seat as save files keep it: who plays it and its deck.
fn save_seat(seat: &SeatRow, cards: Vec<String>) -> Seat {
    Seat {
        player: player_of(seat),
        bot_seed: None,
        deck: seat.deck.clone(),
        cards,
    }
}

fn whose(seat: &SeatRow) -> String {
    format!("seat {}'s deck", seat.seat + 1)
}

/// A seat's 2017 deck, by the names of its cards, checked against the table.
fn epic_deck(
    table: &Table,
    s: &SeatRow,
    deck: DeckSpec,
    seed: u64,
    pool: &CardPool,
) -> Result<Vec<String>, ApiError> {
    let cards = match deck {
        DeckSpec::Named(name) => {
            if !epic_cards::DECK_NAMES
                .iter()
                .any(|d| d.eq_ignore_ascii_case(name))
            {
                return Err(ApiError::bad(format!(
                    "seat {}: unknown deck '{name}'; the decks are {}, or give a deck list",
                    s.seat + 1,
                    epic_cards::DECK_NAMES.join(", ")
                )));
            }
            epic_cards::deck_from(pool, name, seed.wrapping_add(s.seat as u64))
        }
        DeckSpec::Listed(text) => epic_cards::parse_deck_list(&whose(s), text, pool),
    }
    .map_err(|e| ApiError::bad(e.to_string()))?;
    table
        .check_deck(&cards, &deck.label(), &whose(s))
        .map_err(|e| ApiError::bad(e.message))?;
    Ok(cards.iter().map(|&c| pool.get(c).name.clone()).collect())
}

fn epic_setup(
    spec: TableSpec,
    seats: &[SeatRow],
    decks: &[DeckSpec],
    seed: u64,
) -> Result<String, ApiError> {
    let table = TableArgs {
        players: seats.len() as u8,
        format: spec.format.map(str::to_string),
        variant: spec.variant.unwrap_or("ffa").to_string(),
        team_size: spec.team_size,
    }
    .table()
    .map_err(|e| ApiError::bad(e.message))?;
    let pool = epic_setup::names::pool();
    let mut save_seats = Vec::with_capacity(seats.len());
    for (s, &deck) in seats.iter().zip(decks) {
        save_seats.push(save_seat(s, epic_deck(&table, s, deck, seed, &pool)?));
    }
    let save = SaveSetup {
        rules: table.rules.clone(),
        format: table.format.map(|f| f.name.to_string()),
        seed,
        first_player: None,
        seats: save_seats,
    };
    serde_json::to_string(&save).map_err(ApiError::internal)
}

/// A classic game: free-for-all (teams are a 2017 variant), in a designed-deck format or
/// none (the limited formats open packs, which the server does not yet).
fn classic_setup(
    spec: TableSpec,
    seats: &[SeatRow],
    decks: &[DeckSpec],
    seed: u64,
) -> Result<String, ApiError> {
    if spec.variant.is_some_and(|v| v != "ffa") || spec.team_size.is_some() {
        return Err(ApiError::bad(
            "a classic game is a free-for-all: leave out variant and team_size, or give \
             variant \"ffa\"",
        ));
    }
    let format = spec
        .format
        .map(ClassicFormat::parse)
        .transpose()
        .map_err(|e| ApiError::bad(format!("format: {e}")))?;
    if let Some(f) = format.filter(|f| f.is_limited()) {
        return Err(ApiError::bad(format!(
            "{} is played from packs opened at the table, which the server has no way to \
             do yet: play it with `epic play --ruleset classic --format {}`",
            f.title(),
            f.name()
        )));
    }
    let pool = epic_classic::classic_pool();
    let mut save_seats = Vec::with_capacity(seats.len());
    for (s, &deck) in seats.iter().zip(decks) {
        save_seats.push(save_seat(s, classic_deck(format, s, deck, &pool)?));
    }
    let setup = ClassicSetup {
        format: format.map(|f| f.name()),
        seed,
        first_player: None,
        seats: save_seats,
    };
    serde_json::to_string(&setup).map_err(ApiError::internal)
}

/// A seat's classic deck, by the names of its cards, checked against the format.
fn classic_deck(
    format: Option<ClassicFormat>,
    s: &SeatRow,
    deck: DeckSpec,
    pool: &ClassicPool,
) -> Result<Vec<String>, ApiError> {
    let list = match deck {
        DeckSpec::Named(name) => epic_classic::classic_deck(name)
            .map(epic_classic::format::Decklist::new)
            .ok_or_else(|| {
                format!(
                    "seat {}: unknown classic deck '{name}'; the classic decks are {}, or \
                     give a deck list",
                    s.seat + 1,
                    epic_classic::classic_deck_names().join(", ")
                )
            }),
        DeckSpec::Listed(text) => epic_classic::read_decklist(pool, text)
            .map_err(|e| format!("{}: {}", whose(s), e.join("; "))),
    }
    .map_err(ApiError::bad)?;
    epic_setup::classic_table::check_designed(format, &list, &whose(s))
        .map_err(|e| ApiError::bad(e.message))?;
    Ok(pool.names(&list.deck))
}

/// The setup `setup` (JSON, under `ruleset`) of a game that has not begun, with seat
/// `seat`'s deck replaced by `deck`, checked against the game's table as a new game's
/// decks are: a player joining brings their own deck.
pub fn reseat(
    ruleset: &str,
    setup: &str,
    seat: &SeatRow,
    deck: DeckSpec,
) -> Result<String, ApiError> {
    let malformed = |e: serde_json::Error| ApiError::internal(format!("a kept setup: {e}"));
    if serde_json::from_str::<DraftSetup>(setup).is_ok() {
        return Err(ApiError::bad(
            "the decks of this game are drafted at the table: join without a deck",
        ));
    }
    let mut row = seat.clone();
    row.deck = deck.label();
    match ruleset {
        "classic" => {
            let mut setup: ClassicSetup = serde_json::from_str(setup).map_err(malformed)?;
            let format = setup
                .format
                .as_deref()
                .map(ClassicFormat::parse)
                .transpose()
                .map_err(|e| ApiError::internal(format!("a kept format: {e}")))?;
            let cards = classic_deck(format, &row, deck, &epic_classic::classic_pool())?;
            replace_seat(&mut setup.seats, &row, cards)?;
            serde_json::to_string(&setup).map_err(ApiError::internal)
        }
        _ => {
            let mut setup: SaveSetup = serde_json::from_str(setup).map_err(malformed)?;
            // The deck is checked by the rules the game keeps, as its creator's were.
            let format = setup
                .format
                .as_deref()
                .map(|name| {
                    epic_formats::format(name)
                        .ok_or_else(|| ApiError::internal(format!("a kept format: {name}")))
                })
                .transpose()?;
            let table = Table {
                players: setup.seats.len() as u8,
                format,
                variant: setup.rules.variant,
                rules: setup.rules.clone(),
                draft: None,
            };
            let pool = epic_setup::names::pool();
            let cards = epic_deck(&table, &row, deck, setup.seed, &pool)?;
            replace_seat(&mut setup.seats, &row, cards)?;
            serde_json::to_string(&setup).map_err(ApiError::internal)
        }
    }
}

/// Puts `row`'s seat, playing `cards`, in place of the one a kept setup has.
fn replace_seat(seats: &mut [Seat], row: &SeatRow, cards: Vec<String>) -> Result<(), ApiError> {
    let kept = seats.get_mut(row.seat).ok_or_else(|| {
        ApiError::internal(format!("the kept setup has no seat {}", row.seat + 1))
    })?;
    *kept = save_seat(row, cards);
    Ok(())
}

/// The format a game's setup names (`None`: any deck the game can play). Both
/// rulesets' setups keep it at the top, so only that field is read.
pub fn format_of(setup: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Named {
        format: Option<String>,
        /// A drafted game's setup names its draft, which is its format.
        draft: Option<String>,
    }
    let named = serde_json::from_str::<Named>(setup).ok()?;
    named.format.or(named.draft)
}
