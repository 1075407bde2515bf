//! A classic (2009) game's table as every program reads it: the designed-deck check, in
//! the words a player reads.

use crate::classic_pool;
use crate::format::{Decklist, Format, Lists};
use crate::save::ClassicSetup;
use epic_game::SetupError;

/// Refuses a deck and sideboard a designed-deck format does not allow, naming every rule
/// they break.
pub fn check_designed(
    format: Option<Format>,
    list: &Decklist,
    whose: &str,
) -> Result<(), SetupError> {
    let Some(format) = format.filter(|f| !f.is_limited()) else {
        return Ok(());
    };
    let broken = format.check(&classic_pool(), Lists::printed(), &[], list);
    if broken.is_empty() {
        return Ok(());
    }
    let why: Vec<String> = broken.iter().map(ToString::to_string).collect();
    Err(SetupError::new(format!(
        "{whose} breaks the rules of {}: {}",
        format.title(),
        why.join("; ")
    )))
}

/// The setup a request asks for: a free-for-all (the classic game has no variants) in a
/// designed-deck format or none, each seat's deck by name (`order` and `chaos` in turn
/// by default) or from a deck list, checked against the format. The limited formats
/// open packs at the table first, which a request cannot carry: they are refused.
pub fn setup_for(request: &epic_game::TableRequest) -> Result<ClassicSetup, SetupError> {
    if request.pool.is_some() {
        return Err(SetupError::new(
            "pool is a 2017 Sealed pool: the classic game's limited formats open packs",
        ));
    }
    if request.variant.as_deref().is_some_and(|v| v != "ffa") || request.team_size.is_some() {
        return Err(SetupError::new(
            "a classic game is a free-for-all: every player plays for themselves",
        ));
    }
    let format = format_named(request.format.as_deref())?;
    if let Some(f) = format.filter(|f| f.is_limited()) {
        return dealt(f, request);
    }
    let mut seats = Vec::with_capacity(request.seats.len());
    for (i, seat) in request.seats.iter().enumerate() {
        let (deck, cards) = seat_deck(format, i, &seat.deck)?;
        seats.push(epic_game::save::Seat {
            player: seat.player.clone(),
            bot_seed: seat.bot_seed,
            deck,
            cards,
        });
    }
    if request.seats.len() < 2 {
        return Err(SetupError::new("a classic game has 2 or more seats"));
    }
    Ok(ClassicSetup {
        format: format.map(|f| f.name()),
        seed: request.seed,
        first_player: request.first_player,
        seats,
    })
}

/// A table of bots in a limited format: the packs opened from the seed, each bot
/// drafting or building its own deck. A person opens and drafts their own at the table
/// (`epic play`), so a seat of a person is refused here.
fn dealt(format: Format, request: &epic_game::TableRequest) -> Result<ClassicSetup, SetupError> {
    let refused = |why: &str| {
        SetupError::new(format!(
            "{} is played from packs opened at the table, {why} (`epic play --ruleset \
             classic --format {}`)",
            format.title(),
            format.name()
        ))
    };
    if let Some(i) = (request.seats.iter()).position(|s| s.deck != epic_game::DeckRequest::Default)
    {
        return Err(refused(&format!(
            "and seat {}'s deck is built from them: leave out its deck",
            i + 1
        )));
    }
    if request.seats.iter().any(|s| s.player == "human") {
        return Err(refused("where each person opens and drafts their own"));
    }
    let pool = classic_pool();
    let decks = format
        .deal_decks(&pool, request.seats.len(), request.seed)
        .map_err(|e| SetupError::new(e.to_string()))?;
    Ok(ClassicSetup {
        format: Some(format.name()),
        seed: request.seed,
        first_player: request.first_player,
        seats: request
            .seats
            .iter()
            .zip(decks)
            .map(|(seat, deck)| epic_game::save::Seat {
                player: seat.player.clone(),
                bot_seed: seat.bot_seed,
                deck: format.name(),
                cards: pool.names(&deck),
            })
            .collect(),
    })
}

/// A classic format by name (`None`: none).
fn format_named(name: Option<&str>) -> Result<Option<Format>, SetupError> {
    name.map(Format::parse)
        .transpose()
        .map_err(|e| SetupError::new(format!("format: {e}")))
}

/// Seat `i`'s deck as asked for (by name, `order` and `chaos` in turn by default, or a
/// deck list), checked against the format: its label and its cards by name.
fn seat_deck(
    format: Option<Format>,
    i: usize,
    deck: &epic_game::DeckRequest,
) -> Result<(String, Vec<String>), SetupError> {
    let pool = classic_pool();
    let whose = format!("seat {}'s deck", i + 1);
    let (label, list) = match deck {
        epic_game::DeckRequest::Default => {
            let (name, _) = crate::CLASSIC_DECKS[i % crate::CLASSIC_DECKS.len()];
            (
                name.to_string(),
                crate::classic_deck(name).map(Decklist::new),
            )
        }
        epic_game::DeckRequest::Named(name) => (
            name.to_ascii_lowercase(),
            crate::classic_deck(name).map(Decklist::new),
        ),
        epic_game::DeckRequest::Listed { label, text } => (
            label.clone(),
            Some(
                crate::read_decklist(&pool, text)
                    .map_err(|e| SetupError::new(format!("{whose}: {}", e.join("; "))))?,
            ),
        ),
    };
    let list = list.ok_or_else(|| {
        SetupError::new(format!(
            "seat {}: unknown classic deck '{label}'; the classic decks are {}, or give a \
             deck list",
            i + 1,
            crate::classic_deck_names().join(", ")
        ))
    })?;
    check_designed(format, &list, &whose)?;
    Ok((label, pool.names(&list.deck)))
}

/// `setup` with seat `seat`'s deck replaced by `deck`, checked against the game's format
/// as its creator's decks were: a player joining brings their own deck.
pub fn with_deck(
    setup: &ClassicSetup,
    seat: usize,
    deck: &epic_game::DeckRequest,
) -> Result<ClassicSetup, SetupError> {
    let format = format_named(setup.format.as_deref())?;
    let mut setup = setup.clone();
    let (label, cards) = seat_deck(format, seat, deck)?;
    epic_game::save::replace_deck(&mut setup.seats, seat, label, cards)?;
    Ok(setup)
}
