//! The embedded expansions: every card written so far loads into the full pool beside the
//! base set, matches the reference data, and reads as printed where the language allows.

use epic_cards::{base_pool, card_text, full_pool, load_full};
use epic_model::*;

mod reference;

/// The sets written so far, and their cards the card language cannot say yet (none:
/// Scrap Golem's token is played by ruling R-29).
const WRITTEN: &[&str] = &["Tyrants: ", "Uprising: ", "Pantheon: "];
const NOT_YET_WRITTEN: &[&str] = &[];

fn text(name: &str) -> String {
    let pool = full_pool();
    card_text(pool, pool.by_name(name).unwrap())
}

#[test]
fn the_full_pool_extends_the_base_set_with_the_same_ids() {
    let full = load_full().unwrap_or_else(|e| panic!("{e}"));
    let base = base_pool();
    for (id, def) in base.iter() {
        assert_eq!(full.get(id), def, "{}", def.name);
    }
    let count = |set: &str| full.iter().filter(|(_, c)| c.set.starts_with(set)).count();
    assert_eq!(count("Tyrants: "), 48);
    assert_eq!(count("Uprising: "), 48);
    // 56 cards (14 a pack) and the scrap token.
    assert_eq!(count("Pantheon: "), 57);
}

#[test]
fn matches_the_reference_data() {
    let Some(json) = reference::load("expansions.json") else {
        return;
    };
    let pool = full_pool();
    let mut seen = 0;
    for r in json["cards"].as_array().unwrap() {
        let name = &r["name"].as_str().unwrap().replace('’', "'");
        let set = r["set"].as_str().unwrap();
        if !WRITTEN.iter().any(|w| set.starts_with(w)) {
            continue;
        }
        if NOT_YET_WRITTEN.contains(&name.as_str()) {
            assert!(
                pool.by_name(name).is_none(),
                "{name} is written: take it off the list"
            );
            continue;
        }
        reference::check(pool, r, false);
        assert_eq!(
            pool.get(pool.by_name(name).unwrap()).set,
            set,
            "{name}: set"
        );
        seen += 1;
    }
    assert_eq!(seen, 152 - NOT_YET_WRITTEN.len());
}

#[test]
fn new_words_read_as_printed() {
    for (card, line) in [
        ("Blind Faith", "Each opposing champion loses its powers and abilities this turn."),
        (
            "Draka, Dragon Tyrant",
            "When this card attacks → Deal 3 damage to each of the defending player's champions.",
        ),
        (
            "Zealous Necromancer",
            "When another non-zombie champion is broken → If this card is in play, put a zombie token into play.",
        ),
        ("Ankylosaurus", "Tribute → You may pay {1}. If you do, draw a card."),
        (
            "Brachiosaurus",
            "Tribute → Gain {1}. This may only be used to play wild cards and powers.",
        ),
        ("Rabble Rouser", "Double the number of your human tokens."),
        ("Royal Escort", "Your champions not named Royal Escort have untargetable."),
        ("The Gudgeon", "You are untargetable."),
        (
            "Markus, Watch Captain",
            "If an opponent causes you to discard this card, put it into play instead.",
        ),
        ("Hands from Below", "Deal 4 damage to each attacking champion without airborne."),
        ("Hands from Below", "Put two zombie tokens into play expended."),
        ("Feeding Frenzy", "break target damaged champion"),
        ("Raxxa's Displeasure", "break all non-demon champions"),
        ("Temporal Shift", "Its owner banishes a card from their hand."),
        (
            "Mist Guide Herald",
            "Reveal the top five cards of your deck. You may put a champion card among them into play. Banish the rest.",
        ),
        ("Arcane Research", "Put one of them into your hand. Banish the rest."),
        ("Dark Offering", "Break target {1} champion you control."),
        (
            "Scarros, Hound of Draka",
            "Loyalty X → For each card revealed, you may return a target opposing champion to its owner's hand.",
        ),
        (
            "Chamberlain Kark",
            "Tribute → If you have at least twice your starting health, you win the game.",
        ),
        (
            "Citadel Scholar",
            "When you draw a card → Put a +1 {offense} +1 {defense} counter on this card.",
        ),
        (
            "Fairy Trickster",
            "{expend}: Reveal the top card of target player's deck. You may play it, paying all costs. If you don't, banish it.",
        ),
        (
            "Knight of Elara",
            "When this card is blocked → Transform each blocking non-wolf champion into a wolf token.",
        ),
        ("Winged Death", "Each opponent breaks a champion they control."),
        ("Spore Beast", "{expend}: Remove another target champion from battle."),
        (
            "Rift Summoner",
            "{expend}, Break a champion you control: Put two demon tokens into play.",
        ),
        ("Hunting Pack", "You may deal 2 damage to it for each wolf you control."),
        (
            "Avenger of Covenant",
            "Tribute → Banish target champion that damaged you this turn.",
        ),
        (
            "Zannos, Corpse Lord",
            "Loyalty X → For each card revealed, each opponent loses 1 health, you gain 1 health and you put a zombie token into play.",
        ),
        (
            "Corpsemonger",
            "If you banished a champion card, gain 3 health.",
        ),
        (
            "Furios, Father of Nature",
            "At the start of your turn → Either gain 10 health, or deal 6 damage to a target.",
        ),
        (
            "Maligus, the Dark One",
            "Either return target champion to its owner's hand and its owner discards a card, or put two zombie tokens into play and gain 4 health.",
        ),
        ("Scara, Weaver of Sorrow", "{evil} → You may pay 1 health."),
        (
            "Steel Titan",
            "Unblockable by champions with {offense} less than this card's {offense}.",
        ),
        (
            "Teleport",
            "Remove target champion from play, then return it to play prepared under its owner's control.",
        ),
        (
            "Scara's Will",
            "If this is the first {1} card you've played this turn, gain {1}. This may only be used to play evil cards and powers.",
        ),
        (
            "Flames of Furios",
            "Deal damage to each player equal to the number of their champions broken this way.",
        ),
        ("Kalani, Woodreader", "Opponents cannot gain health."),
        ("Angeline's Will", "banish target expended champion."),
        ("Knight of the Dawn", "You may banish target evil token champion."),
        (
            "Erwin, Architect of War",
            "This card has all alignments, even while it is in your hand, deck, or discard pile.",
        ),
        ("Dark One's Fury", "break all non-evil champions."),
        (
            "Scara's Gift",
            "{evil} → You may banish two other cards in your discard pile. If you do, recall.",
        ),
        (
            "Gareth, Father of Genius",
            "If you are its owner, you may play an event card in your hand without paying its cost. Otherwise, its owner banishes a card from their hand.",
        ),
        (
            "Fairy Entrancer",
            "Remove two counters from this card: Gain control of target champion.",
        ),
        (
            "New Dawn",
            "If it is your turn, banish all champions and then (starting with you) each player may put a champion from their hand into play.",
        ),
        (
            "Cast Out",
            "Banish target champion with {defense} less than or equal to the number of your human champions.",
        ),
        (
            "Hunting Pterosaur",
            "You may break target champion with 2 {defense} or less.",
        ),
        (
            "Steed of Zaltessa",
            "When this card damages a player → That player cannot gain health this turn.",
        ),
    ] {
        let t = text(card);
        assert!(t.contains(line), "{card}:\n{t}\nlacks: {line}");
    }
}

#[test]
fn new_words_mean_what_they_say() {
    let pool = full_pool();
    let card = |n: &str| pool.get(pool.by_name(n).unwrap());
    let demon = pool.class_id("Demon").unwrap();
    match &card("Raxxa's Displeasure").modes[1].steps[0].action {
        Action::Break(Sel::All(f)) => {
            assert_eq!(f.rare.as_ref().and_then(|r| r.not_class), Some(demon))
        }
        a => panic!("{a:?}"),
    }
    match &card("Heinous Feast").modes[0].steps[1].action {
        Action::GainHealth {
            n: Amount::Count { each: 1, of },
            ..
        } => {
            assert_eq!(of.zone, ZoneFilter::DiscardPile);
            assert_eq!(of.whose, Whose::It);
            assert_eq!(of.kind, Some(CardType::Champion));
        }
        a => panic!("{a:?}"),
    }
    match &card("Brachiosaurus").abilities[0].kind {
        AbilityKind::Triggered(t) => assert_eq!(
            t.steps[0].action,
            Action::GainGold {
                n: 1,
                only: Some(Alignment::Wild)
            }
        ),
        k => panic!("{k:?}"),
    }
    match &card("Zealous Necromancer").abilities[1].kind {
        AbilityKind::Triggered(t) => {
            assert_eq!(t.on, Trigger::OtherChampionBroken);
            let about = t.about.as_ref().expect("a filter");
            assert_eq!(
                about.rare.as_ref().and_then(|r| r.not_class),
                pool.class_id("Zombie")
            );
        }
        k => panic!("{k:?}"),
    }
}

#[test]
fn pantheon_words_mean_what_they_say() {
    let pool = full_pool();
    let card = |n: &str| pool.get(pool.by_name(n).unwrap());
    let first_steps = |n: &str| match &card(n).abilities[0].kind {
        AbilityKind::Triggered(t) => t.steps.clone(),
        AbilityKind::Power(p) => p.steps.clone(),
        k => panic!("{k:?}"),
    };
    // A God card's abilities work from the Supplemental zone.
    let furios = card("Furios, Father of Nature");
    assert!(furios.is_god());
    assert!(furios
        .abilities
        .iter()
        .all(|a| a.zone == AbilityZone::Supplemental));
    match &first_steps("Furios, Father of Nature")[0].action {
        Action::Either(branches) => assert_eq!(branches.len(), 2),
        a => panic!("{a:?}"),
    }
    // Steel Titan, Erwin and Kalani: continuous abilities.
    for (name, want) in [
        ("Steel Titan", Static::UnblockableByLowerOffense),
        ("Erwin, Architect of War", Static::AllAlignments),
        ("Kalani, Woodreader", Static::OpponentsCannotGainHealth),
    ] {
        assert!(
            card(name)
                .abilities
                .iter()
                .any(|a| a.kind == AbilityKind::Static(want.clone())),
            "{name}"
        );
    }
    // Fairy Entrancer's power costs two counters.
    match &card("Fairy Entrancer").abilities[2].kind {
        AbilityKind::Power(p) => assert_eq!(
            p.costs,
            [PowerCost::RemoveCounter, PowerCost::RemoveCounter]
        ),
        k => panic!("{k:?}"),
    }
    // Filters: expended, non-evil, a defense cap.
    let target_filter = |a: &Action| match a.selection() {
        Some(Sel::Target(t)) => t.objects.clone().unwrap(),
        Some(Sel::All(f)) => f.clone(),
        _ => panic!("{a:?}"),
    };
    let rare = |a: &Action| *target_filter(a).rare.unwrap();
    assert!(rare(&card("Angeline's Will").modes[1].steps[0].action).expended);
    assert_eq!(
        rare(&card("Dark One's Fury").modes[1].steps[0].action).not_alignment,
        Some(Alignment::Evil)
    );
    assert_eq!(
        rare(&first_steps("Hunting Pterosaur")[0].action).defense_at_most,
        Some(Amount::Fixed(2))
    );
    assert!(matches!(
        rare(&card("Cast Out").modes[0].steps[1].action).defense_at_most,
        Some(Amount::Count { each: 1, .. })
    ));
    // Conditions and players.
    let will = &card("Scara's Will").modes[1].steps;
    assert_eq!(will[1].when, Some(Condition::FirstCostOnePlay));
    let gareth = first_steps("Gareth, Father of Genius");
    assert_eq!(gareth[1].when, Some(Condition::YouOwnIt));
    assert_eq!(gareth[2].when, Some(Condition::NotYouOwnIt));
    let steed = &card("Steed of Zaltessa").abilities[1].kind;
    match steed {
        AbilityKind::Triggered(t) => {
            assert_eq!(t.steps[0].action, Action::CannotGainHealth(Who::Subject))
        }
        k => panic!("{k:?}"),
    }
    // New Dawn's "then" keeps the turn condition.
    let dawn = &card("New Dawn").modes[1].steps;
    assert_eq!(dawn[1].action, Action::EachMayPutFromHand);
    assert_eq!(dawn[1].when, Some(Condition::YourTurn));
    assert!(matches!(
        card("Teleport").modes[0].steps[0].action,
        Action::Reenter(_)
    ));
}

/// "The player whose turn it is may ..." is a step another player performs, in which
/// "their" is theirs; a quoted ability is granted, with the keywords gained beside it.
#[test]
fn performed_steps_and_granted_abilities_mean_what_they_say() {
    let pool = full_pool();
    let no_escape = pool.get(pool.by_name("No Escape").unwrap());
    let returned = &no_escape.modes[1].steps[1];
    assert_eq!(returned.by, Some(Who::ActivePlayer));
    assert!(returned.may);
    match &returned.action {
        Action::ReturnToHand(Sel::Choose(spec)) => {
            let f = spec.objects.as_ref().unwrap();
            assert_eq!(
                (f.zone, f.whose, f.kind),
                (
                    ZoneFilter::DiscardPile,
                    Whose::You,
                    Some(CardType::Champion)
                )
            );
        }
        a => panic!("{a:?}"),
    }
    assert_eq!(no_escape.modes[1].steps[0].by, None);

    let plague = pool.get(pool.by_name("Plague Zombies").unwrap());
    let steps = &plague.modes[0].steps;
    assert_eq!(steps.len(), 3, "{steps:?}");
    let zombie_tokens = match &steps[1].action {
        Action::Modify {
            sel,
            keywords,
            duration: Duration::ThisTurn,
            ..
        } => {
            assert_eq!(*keywords, Keywords::one(Keyword::Blitz));
            sel.clone()
        }
        a => panic!("{a:?}"),
    };
    match &steps[2].action {
        Action::Grant {
            sel,
            ability,
            duration: Duration::ThisTurn,
        } => {
            assert_eq!(*sel, zombie_tokens);
            assert_eq!(ability.on, Trigger::Broken);
            assert!(matches!(
                ability.steps[..],
                [Sentence {
                    action: Action::Damage { .. },
                    ..
                }]
            ));
        }
        a => panic!("{a:?}"),
    }
    // Without the quote's closing mark, or with a power in it, the card is refused.
    let mut scratch = base_pool().clone();
    for bad in [
        "your zombie tokens gain \"when this is broken: draw a card this turn",
        "your zombie tokens gain \"{expend}: draw a card\" this turn",
    ] {
        let file = format!("card Bad Grant\n  event, evil, cost 1\n  play: {bad}\n");
        assert!(
            epic_cards::parse_cards("bad.epic", &file, &mut scratch).is_err(),
            "{bad}"
        );
    }
}
