//! Random play on the real decks, checking after every decision that the game obeys
//! the rules' bookkeeping: every card in exactly one zone (1.4.1), health changing only
//! through events that say so, views hiding what they must (1.10), illegal options
//! refused without a change, and replay reproducing the game bit for bit.

mod common;

use epic_engine::model::Keyword;
use epic_engine::state::Zone;
use epic_engine::{ApplyError, Choice, EndReason, Event, Game, ObjId, Setup, Variant};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const DECKS: [&str; 5] = ["good", "evil", "sage", "wild", "random"];

fn games() -> u64 {
    std::env::var("EPIC_PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 500 } else { 10_000 })
}

/// The longest random game seen: 5,746 decisions, among 100,000 games of decks from
/// every set and 10,000 of each other table here (the longest of those, 4,328, five
/// players hunting). Each run prints its longest game per table (`--nocapture`).
const LONGEST_SEEN: usize = 5_746;

/// A game past this many decisions is taken not to end: twice the longest seen.
const DECISION_LIMIT: usize = 2 * LONGEST_SEEN;

/// The first game's seed (`EPIC_PROPERTY_FIRST`, 0 by default): a run may start
/// anywhere, to replay one game that failed or to go past the usual seeds.
fn first_seed() -> u64 {
    std::env::var("EPIC_PROPERTY_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// How many seats a game has and how they play against each other.
#[derive(Clone, Copy, Debug)]
struct Table {
    players: u64,
    variant: Variant,
    team_size: u8,
    /// Decks of 30 cards drawn from every set, not the base set's decks.
    all_sets: bool,
    /// Decks drafted at random (Open and Dark Draft in turn at two seats, Pack Draft at
    /// three or four), not the base set's decks.
    drafted: bool,
}

const DUEL: Table = Table {
    players: 2,
    variant: Variant::FreeForAll,
    team_size: 1,
    all_sets: false,
    drafted: false,
};

fn setup(seed: u64) -> Setup {
    setup_at(DUEL, seed)
}

/// A game at the table, each seat's deck picked by the seed.
fn setup_at(table: Table, seed: u64) -> Setup {
    if table.all_sets {
        return all_sets_setup(table, seed);
    }
    if table.drafted {
        return drafted_setup(table, seed);
    }
    let pool = epic_cards::shared_pool();
    let decks = (0..table.players)
        .map(|seat| {
            let name = DECKS[((seed / 5u64.pow(seat as u32)) % 5) as usize];
            epic_cards::deck_from(&pool, name, seed.wrapping_add(seat)).unwrap()
        })
        .collect();
    let mut s = Setup::new(pool, decks, seed);
    s.rules.variant = table.variant;
    s.rules.team_size = table.team_size;
    s
}

/// A game whose decks are 30 different cards each, drawn by the seed from every set.
fn all_sets_setup(table: Table, seed: u64) -> Setup {
    let decks = common::every_set_decks(table.players, seed);
    let mut s = Setup::new(epic_cards::shared_full_pool(), decks, seed);
    s.rules.variant = table.variant;
    s.rules.team_size = table.team_size;
    s
}

/// A game whose decks come out of a draft whose every pick and build decision is made
/// at random.
fn drafted_setup(table: Table, seed: u64) -> Setup {
    use epic_engine::formats::draft::{collection, Draft, DraftFormat};
    let pool = epic_cards::shared_pool();
    let format = match (table.players, seed % 2) {
        (2, 0) => DraftFormat::Open,
        (2, _) => DraftFormat::Dark,
        _ => DraftFormat::Pack,
    };
    let cards = collection(format, &pool, table.players as usize);
    let mut draft = Draft::new(pool.clone(), format, table.players as usize, &cards, seed)
        .expect("the draft deals");
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0xd4af7);
    while draft.decision().is_some() {
        let k = rng.gen_range(0..draft.options().len());
        draft.apply_option(k).expect("an offered option is taken");
    }
    let decks = draft.decks().expect("a finished draft has every deck");
    let mut s = Setup::new(pool, decks, seed);
    s.rules.variant = table.variant;
    s.rules.team_size = table.team_size;
    s
}

/// A choice of any kind with random contents, mostly naming real objects and seats.
fn arbitrary_choice(rng: &mut Pcg64Mcg, objs: usize) -> Choice {
    let obj = ObjId(rng.gen_range(0..objs as u16 + 3));
    let player = rng.gen_range(0..4u8);
    match rng.gen_range(0..15) {
        0 => Choice::Pass,
        1 => Choice::EndTurn,
        2 => Choice::Continue,
        3 => Choice::DeclareBattle,
        4 => Choice::Done,
        5 => Choice::Cancel,
        6 => Choice::Yes,
        7 => Choice::No,
        8 => Choice::Undo,
        9 => Choice::Play {
            card: obj,
            mode: rng.gen_range(0..4),
        },
        10 => Choice::Power {
            card: obj,
            index: rng.gen_range(0..6),
        },
        11 => Choice::Card(obj),
        12 => Choice::Player(player),
        13 => Choice::Assign {
            to: if rng.gen() {
                epic_engine::Entity::Obj(obj)
            } else {
                epic_engine::Entity::Player(player)
            },
            amount: rng.gen_range(0..30),
        },
        _ => Choice::Trigger(rng.gen_range(0..8)),
    }
}

fn check_zones(game: &Game, deck_sizes: &[usize]) {
    let st = game.state();
    let pool = game.pool();
    let mut seen = vec![0u8; st.objs.len()];
    let mut mark = |o: ObjId, zone: Zone, owner: Option<u8>| {
        let obj = st.obj(o);
        assert_eq!(
            obj.zone, zone,
            "{o} listed in {zone:?} but says {:?}",
            obj.zone
        );
        if let Some(owner) = owner {
            assert_eq!(obj.owner, owner, "{o} is in the wrong player's {zone:?}");
        }
        seen[o.0 as usize] += 1;
    };
    for (p, pl) in st.players.iter().enumerate() {
        pl.hand
            .iter()
            .for_each(|&o| mark(o, Zone::Hand, Some(p as u8)));
        pl.deck
            .iter()
            .for_each(|&o| mark(o, Zone::Deck, Some(p as u8)));
        pl.discard
            .iter()
            .for_each(|&o| mark(o, Zone::Discard, Some(p as u8)));
    }
    st.in_play.iter().for_each(|&o| mark(o, Zone::InPlay, None));
    st.supplemental
        .iter()
        .for_each(|&o| mark(o, Zone::Supplemental, None));
    // God cards stay in the Supplemental zone all game, one at most per player (2.4.1).
    st.gods
        .iter()
        .for_each(|&o| mark(o, Zone::Supplemental, Some(st.obj(o).owner)));
    for p in 0..st.players.len() {
        assert!(st.gods_of(p as u8).count() <= 1, "player {p} has two gods");
    }
    for (i, obj) in st.objs.iter().enumerate() {
        assert_eq!(
            pool.get(obj.card).is_god(),
            st.gods.contains(&ObjId(i as u16)),
            "card {i}: a God card is always and only in the list of gods"
        );
    }
    for (i, obj) in st.objs.iter().enumerate() {
        let def = pool.get(obj.card);
        if def.token {
            assert!(
                matches!(obj.zone, Zone::InPlay | Zone::TokenPile),
                "token {i} in {:?} (2.3.5)",
                obj.zone
            );
            assert_eq!(
                seen[i] as usize,
                (obj.zone == Zone::InPlay) as usize,
                "token {i} listed wrongly"
            );
        } else {
            assert_eq!(
                seen[i], 1,
                "card {i} ({}) is in {} zones",
                def.name, seen[i]
            );
        }
        if obj.zone != Zone::InPlay {
            assert!(
                obj.damage == 0 && obj.counters == 0 && !obj.expended && !obj.flipped,
                "card {i} out of play keeps in-play state"
            );
        }
    }
    let with_statics: Vec<(ObjId, u8)> = st
        .in_play
        .iter()
        .flat_map(|&o| {
            let abilities = &pool.get(st.obj(o).card).abilities;
            (0..abilities.len())
                .filter(move |&i| {
                    matches!(
                        abilities[i].kind,
                        epic_engine::model::AbilityKind::Static(_)
                    )
                })
                .map(move |i| (o, i as u8))
        })
        .collect();
    assert_eq!(
        st.statics_in_play.to_vec(),
        with_statics,
        "the index of continuous abilities in play is stale"
    );
    let mut summed = st.clone();
    summed.summarize_continuous(pool);
    assert_eq!(
        st.continuous, summed.continuous,
        "the summary of continuous abilities and modifications is stale"
    );
    summed.note_trigger_kinds(pool);
    assert_eq!(
        st.trigger_kinds, summed.trigger_kinds,
        "the trigger kinds of the game's cards are stale"
    );
    assert!(
        st.damaged || st.in_play.iter().all(|&o| st.obj(o).damage == 0),
        "a champion has damage while the state says none has"
    );
    // Each player's power index holds exactly their cards with a power that works where
    // the card is, in the zone's own order.
    for (p, pl) in st.players.iter().enumerate() {
        let in_play: Vec<ObjId> = st
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                st.obj(o).controller as usize == p && pool.flags(st.obj(o).card).powers_in_play
            })
            .collect();
        assert_eq!(
            pl.play_powers.to_vec(),
            in_play,
            "player {p}'s index of powers in play is stale"
        );
        let in_discard: Vec<ObjId> = pl
            .discard
            .iter()
            .copied()
            .filter(|&o| pool.flags(st.obj(o).card).powers_in_discard)
            .collect();
        assert_eq!(
            pl.discard_powers.to_vec(),
            in_discard,
            "player {p}'s index of powers in the discard pile is stale"
        );
    }
    for (p, &size) in deck_sizes.iter().enumerate() {
        let owned = st
            .objs
            .iter()
            .filter(|o| o.owner as usize == p && !pool.get(o.card).token)
            .count();
        assert_eq!(
            owned, size,
            "player {p} owns {owned} cards, started with {size}"
        );
    }
}

/// Every object has its own number, below the next one to be given: a number
/// names one object at a time, and a new one never repeats an old one.
fn check_numbers(game: &Game) {
    let st = game.state();
    let mut numbers: Vec<u32> = st.objs.iter().map(|o| o.number.0).collect();
    numbers.sort_unstable();
    assert!(
        numbers.windows(2).all(|w| w[0] < w[1]),
        "two objects share a number"
    );
    assert!(numbers.last().is_none_or(|&n| n < st.next_number));
}

fn check_views(game: &Game) {
    let st = game.state();
    for viewer in 0..st.players.len() as u8 {
        let view = game.view(viewer);
        for pv in &view.players {
            assert_eq!(pv.hand_count, st.players[pv.seat as usize].hand.len());
            assert_eq!(pv.deck_count, st.players[pv.seat as usize].deck.len());
            // A deck's card is shown only where it lies, and only while everyone may
            // know it there; its top card is the deck's last.
            let deck = &st.players[pv.seat as usize].deck;
            for d in &pv.deck_known {
                let o = st.obj(deck[deck.len() - 1 - d.from_top]);
                assert_eq!((o.number, o.card), (d.card.obj, d.card.card));
                assert!(
                    o.revealed || o.known,
                    "viewer {viewer} sees an unknown deck card"
                );
            }
            if pv.seat != viewer {
                for c in &pv.hand {
                    let o = st
                        .objs
                        .iter()
                        .find(|o| o.number == c.obj)
                        .expect("a shown card is an object of the game");
                    assert!(
                        o.revealed || o.known,
                        "viewer {viewer} sees a card of seat {}'s hand neither revealed nor known",
                        pv.seat
                    );
                }
            } else {
                assert_eq!(
                    pv.hand.len(),
                    pv.hand_count,
                    "a player sees all of their own hand"
                );
            }
        }
        if view.deciding != Some(viewer) {
            assert!(
                view.options.is_empty(),
                "a view shows another player's options"
            );
        }
    }
}

/// State checks (5.16.3, 1.2.2) run before anyone decides: no champion in play has lethal
/// damage unless it is unbreakable, and, once no effect is resolving (H-01), no player
/// still in the game has 0 health or less.
fn check_state_checked(game: &Game, seed: u64) {
    if game.is_over() {
        return;
    }
    let st = game.state();
    for &o in &st.in_play {
        let stats = game.stats(o).expect("in play");
        let damage = st.obj(o).damage as i32;
        assert!(
            !((damage > 0 || stats.defense <= 0)
                && damage >= stats.defense
                && !stats.keywords.has(Keyword::Unbreakable)),
            "seed {seed}: {} with lethal damage is in play at a decision",
            game.pool().get(st.obj(o).card).name
        );
    }
    if st.frames.is_empty() {
        for (p, pl) in st.players.iter().enumerate() {
            assert!(
                pl.eliminated || pl.health > 0,
                "seed {seed}: player {p} is at {} health and still in the game at a decision",
                pl.health
            );
        }
    }
}

fn check_health(before: &[i32], game: &Game, events: &[Event]) {
    for e in events {
        if let Event::Health { delta, .. } = e {
            assert_ne!(*delta, 0, "a health event that changes nothing: {e:?}");
        }
    }
    for (p, pl) in game.state().players.iter().enumerate() {
        let delta: i32 = events
            .iter()
            .filter_map(|e| match e {
                Event::Health { player, delta, .. } if *player as usize == p => Some(*delta),
                _ => None,
            })
            .sum();
        assert_eq!(
            pl.health - before[p],
            delta,
            "player {p}'s health changed without a health event"
        );
    }
}

#[test]
fn random_games_keep_every_invariant_and_replay_exactly() {
    random_games_at(DUEL);
}

#[test]
fn decks_from_every_set() {
    random_games_at(Table {
        all_sets: true,
        ..DUEL
    });
}

#[test]
fn drafted_decks() {
    random_games_at(Table {
        drafted: true,
        ..DUEL
    });
}

#[test]
fn drafted_decks_at_four_seats() {
    random_games_at(Table {
        players: 4,
        drafted: true,
        ..DUEL
    });
}

#[test]
fn three_player_free_for_all() {
    random_games_at(Table { players: 3, ..DUEL });
}

#[test]
fn four_player_free_for_all() {
    random_games_at(Table { players: 4, ..DUEL });
}

#[test]
fn hunter_first_blood() {
    random_games_at(Table {
        players: 4,
        variant: Variant::HunterFirstBlood,
        ..DUEL
    });
}

#[test]
fn hunter_last_one_standing() {
    random_games_at(Table {
        players: 5,
        variant: Variant::HunterLastOneStanding,
        ..DUEL
    });
}

#[test]
fn hydra_two_against_two() {
    random_games_at(Table {
        players: 4,
        variant: Variant::Hydra,
        team_size: 2,
        ..DUEL
    });
}

#[test]
fn hydra_three_against_three() {
    random_games_at(Table {
        players: 6,
        variant: Variant::Hydra,
        team_size: 3,
        ..DUEL
    });
}

/// What a variant promises, checked on one decision's events: in a Hunter variant every
/// attack goes to the attacker's left neighbour, and in First Blood the first
/// elimination ends the game, won by the player to the eliminated player's right.
fn check_variant(table: Table, before: &Game, game: &Game, events: &[Event]) {
    if table.variant == Variant::Hydra {
        check_hydra(table, game, events);
        return;
    }
    if !table.variant.hunter() {
        return;
    }
    let st = before.state();
    for e in events {
        if let Event::Attack {
            attacker, defender, ..
        } = e
        {
            assert_eq!(
                *defender,
                st.next_seat(*attacker),
                "an attack past the left neighbour"
            );
        }
    }
    let eliminated: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { player } => Some(*player),
            _ => None,
        })
        .collect();
    if table.variant == Variant::HunterFirstBlood && !eliminated.is_empty() {
        let r = game
            .result()
            .expect("First Blood ends at the first elimination");
        assert_eq!(r.reason, EndReason::FirstBlood);
        // The nearest player still in the game to the right of each one eliminated.
        let mut want: Vec<u8> = eliminated
            .iter()
            .map(|&x| game.state().prev_seat(x))
            .filter(|w| !eliminated.contains(w))
            .collect();
        want.sort_unstable();
        want.dedup();
        assert_eq!(r.winners, want, "First Blood's winners");
    }
}

/// Hydra: a team's players always have one health total; an attack goes at another
/// team, through its first player; the winners are a whole team.
fn check_hydra(table: Table, game: &Game, events: &[Event]) {
    let st = game.state();
    let k = table.team_size as usize;
    for team in st.players.chunks(k) {
        assert!(
            team.iter()
                .all(|p| p.health == team[0].health && p.eliminated == team[0].eliminated),
            "a team's players differ in health or elimination"
        );
    }
    for e in events {
        if let Event::Attack {
            attacker, defender, ..
        } = e
        {
            assert_ne!(attacker / table.team_size, defender / table.team_size);
            assert_eq!(
                defender % table.team_size,
                0,
                "a team is attacked through its first seat"
            );
        }
    }
    if let Some(r) = game.result() {
        if let Some(&w) = r.winners.first() {
            let team: Vec<u8> = (0..k as u8)
                .map(|i| w / table.team_size * table.team_size + i)
                .collect();
            assert_eq!(r.winners, team, "the winners are a whole team");
        }
    }
}

fn random_games_at(table: Table) {
    let mut total_decisions = 0usize;
    let mut longest = 0usize;
    for seed in first_seed()..first_seed() + games() {
        let s = setup_at(table, seed);
        let deck_sizes: Vec<usize> = s.decks.iter().map(Vec::len).collect();
        let mut game = Game::new(s.clone()).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
        let mut log = Vec::new();
        let check_all = seed < 200;
        // In one game of four, a player still in concedes at some moment (1.2.2).
        let concede_at = rng.gen_ratio(1, 4).then(|| rng.gen_range(0..300usize));
        let mut conceded = None;
        while !game.is_over() {
            assert!(
                log.len() < DECISION_LIMIT,
                "seed {seed}: game does not end within {DECISION_LIMIT} decisions"
            );
            if concede_at == Some(log.len()) {
                let p = concede(&mut game, &mut rng, table, seed);
                log.push(Choice::Concede(p));
                conceded = Some(p);
                check_zones(&game, &deck_sizes);
                check_views(&game);
                continue;
            }
            let decider = game.decider().expect("a decision is pending");
            // 1.9.3: a player who has left the game decides nothing more.
            assert!(
                !game.state().player(decider).eliminated,
                "seed {seed}: player {decider} left the game and was asked to decide"
            );
            if let Some(p) = conceded {
                assert!(
                    !game.state().same_team(decider, p),
                    "seed {seed}: player {p} conceded and was asked to decide"
                );
            }
            let options = game.options().to_vec();
            // A single option is taken at once, unless the decision is private: its
            // options depend on the decider's hand, which must not be empty.
            let ask = game.state().ask.as_ref().expect("a decision is pending");
            assert!(
                options.len() >= 2 || ask.private,
                "seed {seed}: a decision with {} options was not taken automatically",
                options.len()
            );
            assert!(
                !ask.private || !game.state().player(ask.player).hand.is_empty(),
                "seed {seed}: a private decision for a player with no cards in hand"
            );
            if rng.gen_ratio(1, 20) {
                // A choice not offered is refused, and refusing it changes nothing: a
                // card that cannot exist, then any choice at all.
                let digest = game.digest();
                let any = arbitrary_choice(&mut rng, game.state().objs.len());
                for c in [Choice::Card(ObjId(u16::MAX)), any] {
                    if options.contains(&c) {
                        continue;
                    }
                    assert!(game.apply(c).is_err(), "seed {seed}: {c:?} was accepted");
                    assert_eq!(
                        game.digest(),
                        digest,
                        "seed {seed}: refusing {c:?} changed it"
                    );
                }
            }
            let c = options[rng.gen_range(0..options.len())];
            let before: Vec<i32> = game.state().players.iter().map(|p| p.health).collect();
            let previous = (!table.variant.is_free_for_all()).then(|| game.clone());
            let events = game
                .apply(c)
                .unwrap_or_else(|e| panic!("seed {seed}: offered option refused: {e}"));
            log.push(c);
            if let Some(previous) = &previous {
                check_variant(table, previous, &game, &events);
            }
            if check_all || rng.gen_ratio(1, 10) {
                check_zones(&game, &deck_sizes);
                check_numbers(&game);
                check_views(&game);
                check_state_checked(&game, seed);
                if c != Choice::Undo {
                    check_health(&before, &game, &events);
                }
            }
        }
        if let Some(p) = conceded {
            let r = game.result().expect("over");
            assert!(
                !r.winners.contains(&p),
                "seed {seed}: player {p} conceded and won"
            );
        }
        total_decisions += log.len();
        longest = longest.max(log.len());
        let mut again = Game::new(s).unwrap();
        for &c in &log {
            again.apply_quiet(c).unwrap();
        }
        assert_eq!(again.digest(), game.digest(), "seed {seed}: replay differs");
        assert_eq!(again.result(), game.result());
    }
    assert!(total_decisions > 0);
    eprintln!("{table:?}: {total_decisions} decisions, the longest game {longest}");
}

/// A player still in the game, picked at random, concedes; conceding again is refused
/// and changes nothing. Returns who conceded.
fn concede(game: &mut Game, rng: &mut Pcg64Mcg, table: Table, seed: u64) -> u8 {
    let live: Vec<u8> = (0..table.players as u8)
        .filter(|&p| !game.state().player(p).eliminated)
        .collect();
    let p = live[rng.gen_range(0..live.len())];
    let previous = game.clone();
    let events = game.concede(p).unwrap();
    assert!(matches!(events[0], Event::Conceded { player } if player == p));
    check_variant(table, &previous, game, &events);
    if game.is_over() {
        // Only one player or team was left besides the one who conceded.
        let r = game.result().unwrap();
        if r.reason == EndReason::Conceded {
            assert!(r.winners.iter().all(|&w| !game.state().same_team(w, p)));
        }
    }
    let digest = game.digest();
    assert!(game.concede(p).is_err(), "seed {seed}: conceded twice");
    assert_eq!(
        game.digest(),
        digest,
        "seed {seed}: a refused concession changed it"
    );
    p
}

#[test]
fn a_stale_option_is_refused_without_change() {
    let mut game = Game::new(setup(7)).unwrap();
    let first = game.options()[0];
    game.apply(first).unwrap();
    // Keep applying until the earlier option is no longer offered, then try it.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    while game.options().contains(&first) && !game.is_over() {
        let o = game.options().to_vec();
        game.apply(o[rng.gen_range(0..o.len())]).unwrap();
    }
    let digest = game.digest();
    let err = game.apply(first).unwrap_err();
    assert!(
        err.to_string().contains("not one of the legal options"),
        "{err}"
    );
    assert_eq!(game.digest(), digest);
}

/// Choosing by position plays the same game as choosing the option itself, and a
/// position past the end is refused without change.
#[test]
fn an_option_chosen_by_position_plays_the_same_game() {
    let (mut by_choice, mut by_index) =
        (Game::new(setup(11)).unwrap(), Game::new(setup(11)).unwrap());
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    while !by_choice.is_over() {
        let count = by_choice.options().len();
        assert_eq!(by_index.options(), by_choice.options());
        let refused = by_index.apply_option(count).unwrap_err();
        assert_eq!(
            refused,
            ApplyError::NoSuchOption {
                index: count,
                count
            },
            "{refused}"
        );
        let i = rng.gen_range(0..count);
        by_choice.apply_quiet(by_choice.options()[i]).unwrap();
        by_index.apply_option(i).unwrap();
        assert_eq!(by_index.digest(), by_choice.digest());
    }
    assert!(by_index.is_over());
    assert_eq!(by_index.apply_option(0), Err(ApplyError::GameOver));
}
