//! A classic (2009) game's table as every program reads it: the designed-deck check, in
//! the words a player reads.

use crate::classic_pool;
use crate::format::{Decklist, Format, Lists};
use crate::save::ClassicSetup;
use epic_game::series::Sideboarded;
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
    // Without a picker nobody drafts at the table, so nobody leaves it.
    setup_picked(request, None)?.ok_or_else(|| SetupError::new("the draft was left"))
}

/// [`setup_for`], where a person at the table drafts their own cards in a draft format,
/// each pick asked of `pick` (without it, a person's seat in a limited format is
/// refused); `None`: they left the draft.
pub fn setup_picked(
    request: &epic_game::TableRequest,
    pick: Option<&mut epic_game::Picker>,
) -> Result<Option<ClassicSetup>, SetupError> {
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
        return dealt(f, request, pick);
    }
    let mut seats = Vec::with_capacity(request.seats.len());
    let mut sideboards = Vec::with_capacity(request.seats.len());
    for (i, seat) in request.seats.iter().enumerate() {
        let (deck, list) = seat_deck(format, i, &seat.deck)?;
        seats.push(epic_game::save::Seat {
            player: seat.player.clone(),
            bot_seed: seat.bot_seed,
            deck,
            cards: list.deck,
        });
        sideboards.push(list.sideboard);
    }
    if request.seats.len() < 2 {
        return Err(SetupError::new("a classic game has 2 or more seats"));
    }
    if sideboards.iter().all(Vec::is_empty) {
        sideboards.clear();
    }
    Ok(Some(ClassicSetup {
        format: format.map(|f| f.name()),
        seed: request.seed,
        first_player: request.first_player,
        seats,
        sideboards,
    }))
}

/// A table in a limited format: the packs opened from the seed, each bot drafting its
/// own cards, each person through `pick` (without it, a person's seat is refused); every
/// deck built from the cards opened or drafted. `None`: a person left the draft.
fn dealt(
    format: Format,
    request: &epic_game::TableRequest,
    mut pick: Option<&mut epic_game::Picker>,
) -> Result<Option<ClassicSetup>, SetupError> {
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
    let human = |seat: usize| request.seats.get(seat).is_some_and(|s| s.player == "human");
    if pick.is_none() && (0..request.seats.len()).any(human) {
        return Err(refused("where each person opens and drafts their own"));
    }
    let pool = classic_pool();
    let title = format.title();
    let dealt = format.deal_decks_with(&pool, request.seats.len(), request.seed, |view| {
        let Some(pick) = pick.as_mut().filter(|_| human(view.seat)) else {
            return Some(crate::format::bot_pick(&pool, view));
        };
        let cards: Vec<String> = (view.pack.iter())
            .map(|&c| format!("{} ({})", pool.get(c).name, pool.get(c).type_line()))
            .collect();
        let asked = epic_game::PackPick {
            format: &title,
            round: view.round,
            rounds: view.rounds,
            cards: &cards,
            picked: view.picks.len(),
        };
        pick(view.seat as epic_game::Seat, &asked)
    });
    let Some(decks) = dealt.map_err(|e| SetupError::new(e.to_string()))? else {
        return Ok(None);
    };
    Ok(Some(ClassicSetup {
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
        sideboards: Vec::new(),
    }))
}

/// A classic format by name (`None`: none).
fn format_named(name: Option<&str>) -> Result<Option<Format>, SetupError> {
    name.map(Format::parse)
        .transpose()
        .map_err(|e| SetupError::new(format!("format: {e}")))
}

/// Seat `i`'s deck as asked for (by name, `order` and `chaos` in turn by default, or a
/// deck list), checked against the format: its label, and its deck and sideboard by
/// card name.
fn seat_deck(
    format: Option<Format>,
    i: usize,
    deck: &epic_game::DeckRequest,
) -> Result<(String, Sideboarded), SetupError> {
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
    crate::format::check_sideboard(&list).map_err(|e| SetupError::new(format!("{whose}: {e}")))?;
    Ok((
        label,
        Sideboarded {
            deck: pool.names(&list.deck),
            sideboard: pool.names(&list.sideboard),
        },
    ))
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
    let (label, list) = seat_deck(format, seat, deck)?;
    epic_game::save::replace_deck(&mut setup.seats, seat, label, list.deck)?;
    set_sideboard(&mut setup, seat, list.sideboard);
    Ok(setup)
}

/// Seat `seat`'s sideboard in `setup` (none kept where no seat has one).
fn set_sideboard(setup: &mut ClassicSetup, seat: usize, sideboard: Vec<String>) {
    if setup.sideboards.is_empty() && sideboard.is_empty() {
        return;
    }
    setup.sideboards.resize(setup.seats.len(), Vec::new());
    setup.sideboards[seat] = sideboard;
    if setup.sideboards.iter().all(Vec::is_empty) {
        setup.sideboards.clear();
    }
}

/// Seat `seat`'s deck and sideboard in `setup`.
pub fn sideboarded(setup: &ClassicSetup, seat: usize) -> Option<Sideboarded> {
    Some(Sideboarded {
        deck: setup.seats.get(seat)?.cards.clone(),
        sideboard: setup.sideboards.get(seat).cloned().unwrap_or_default(),
    })
}

/// `setup` with seat `seat` playing `list`: the cards of its deck and sideboard, swapped
/// between them (T-15.1: one for one, so each keeps its size), checked against the
/// format as a new game's decks are.
pub fn with_sideboarded(
    setup: &ClassicSetup,
    seat: usize,
    list: &Sideboarded,
) -> Result<ClassicSetup, SetupError> {
    let now = sideboarded(setup, seat)
        .ok_or_else(|| SetupError::new(format!("there is no seat {}", seat + 1)))?;
    let sorted = |a: &[String], b: &[String]| {
        let mut all: Vec<&String> = a.iter().chain(b).collect();
        all.sort_unstable();
        all.into_iter().cloned().collect::<Vec<String>>()
    };
    if (list.deck.len(), list.sideboard.len()) != (now.deck.len(), now.sideboard.len())
        || sorted(&list.deck, &list.sideboard) != sorted(&now.deck, &now.sideboard)
    {
        return Err(SetupError::new(format!(
            "seat {}: a deck and sideboard change only by swapping cards between them, one              for one (T-15.1)",
            seat + 1
        )));
    }
    let pool = classic_pool();
    let ids = |names: &[String]| names.iter().filter_map(|n| pool.id(n)).collect::<Vec<_>>();
    let checked = Decklist::with_sideboard(ids(&list.deck), ids(&list.sideboard));
    check_designed(
        format_named(setup.format.as_deref())?,
        &checked,
        &format!("seat {}'s deck", seat + 1),
    )?;
    let mut next = setup.clone();
    next.seats[seat].cards = list.deck.clone();
    set_sideboard(&mut next, seat, list.sideboard.clone());
    Ok(next)
}
