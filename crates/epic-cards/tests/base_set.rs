//! The embedded base set: every card loads, matches the reference data, and reads right.

use epic_cards::{base_pool, card_text, load_base};
use epic_model::*;
mod reference;

fn card(name: &str) -> &'static CardDef {
    let pool = base_pool();
    pool.get(
        pool.by_name(name)
            .unwrap_or_else(|| panic!("{name} is missing")),
    )
}

fn text(name: &str) -> String {
    let pool = base_pool();
    card_text(pool, pool.by_name(name).unwrap())
}

#[test]
fn all_124_definitions_load() {
    let pool = load_base().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pool.len(), 124);
    assert_eq!(pool.iter().filter(|(_, c)| c.token).count(), 4);
    for a in Alignment::ALL {
        let n = pool
            .iter()
            .filter(|(_, c)| !c.token && c.alignments.contains(a))
            .count();
        assert_eq!(n, 30, "{a} cards");
    }
    for t in ["Wolf", "Zombie", "Human", "Demon"] {
        let id = pool
            .token(&t.to_lowercase())
            .unwrap_or_else(|| panic!("token {t}"));
        assert_eq!(pool.get(id).name, t);
        assert!(pool.get(id).is_champion());
    }
    assert!(pool.iter().all(|(_, c)| c.set == "Base Set"));
}

#[test]
fn matches_the_reference_data() {
    let Some(json) = reference::load("base-set.json") else {
        return;
    };
    let pool = base_pool();
    let mut seen = 0;
    for (list, token) in [("cards", false), ("tokens", true)] {
        for r in json[list].as_array().unwrap() {
            reference::check(pool, r, token);
            seen += 1;
        }
    }
    assert_eq!(seen, pool.len());
}

#[test]
fn generated_text_spot_checks() {
    let fire = text("Fire Shaman");
    assert!(fire.contains("{wild} →"), "{fire}");
    assert!(fire.contains("Deal 3 damage to a target"), "{fire}");
    assert!(text("Apocalypse").contains("— OR —"));
    let lord = text("Lord of the Arena");
    assert!(lord.contains("Tribute and/or {good} →"), "{lord}");
    assert!(lord.contains("must be blocked"), "{lord}");
    let troll = text("Cave Troll");
    assert!(
        troll.contains("In discard pile:") && troll.contains("{wild} → Recall"),
        "{troll}"
    );
    assert!(text("Dark Knight").starts_with("Ambush ◆ Blitz\nUnbreakable on your turn."));
    assert!(text("Dark Assassin").contains("Loyalty 2 → Blitz"));
    assert!(text("Djinn of the Sands")
        .contains("{expend}, Remove a counter from this card: Draw a card."));
    assert!(text("Amnesia").contains("{1}: Draw two cards."));
    assert!(text("Guilt Demon").contains("Tribute and/or when this card attacks →"));
    assert!(text("Infernal Gatekeeper")
        .contains("You may pay 1 health. If you do, put a demon token into play."));
    assert!(text("Demon Breach").contains("When you recall this card → Lose 1 health."));
    assert!(text("Jungle Queen").contains("You may play wild champions as if they had ambush."));
    assert!(text("Raging T-Rex").contains("must attack each turn"));
    // Every non-token card says something.
    let pool = base_pool();
    for (id, c) in pool.iter().filter(|(_, c)| !c.token) {
        assert!(!card_text(pool, id).is_empty(), "{} has no text", c.name);
    }
}

#[test]
fn mapping_of_notable_cards() {
    // Tribute and/or {good}: two triggers with equal steps.
    let lord = card("Lord of the Arena");
    assert!(lord.keywords.has(Keyword::Blitz) && lord.keywords.has(Keyword::MustBeBlocked));
    let trig: Vec<&Triggered> = lord
        .abilities
        .iter()
        .filter_map(|a| match &a.kind {
            AbilityKind::Triggered(t) => Some(t),
            _ => None,
        })
        .collect();
    assert_eq!(trig.len(), 2);
    assert_eq!(trig[0].on, Trigger::EntersPlay);
    assert_eq!(trig[1].on, Trigger::Ally(Alignment::Good));
    assert_eq!(trig[0].steps, trig[1].steps);

    // Events: modes with an extra cost.
    let amnesia = card("Amnesia");
    assert_eq!(amnesia.modes[1].extra_gold, 1);
    assert_eq!(amnesia.modes[0].steps[2].action, Action::Recycle);

    // Loyalty 2 → Blitz.
    let t = match &card("Dark Assassin").abilities[0].kind {
        AbilityKind::Triggered(t) => t.clone(),
        k => panic!("{k:?}"),
    };
    assert_eq!(t.loyalty, 2);
    assert!(matches!(
        &t.steps[0].action,
        Action::Modify { sel: Sel::This, duration: Duration::Permanent, keywords, .. } if keywords.has(Keyword::Blitz)
    ));

    // Anthems.
    let leader = card("Dark Leader");
    assert!(leader.abilities.iter().any(|a| matches!(
        &a.kind,
        AbilityKind::Static(Static::Anthem { add_alignment: Some(Alignment::Evil), offense: 1, affects, .. })
            if affects.other && affects.whose == Whose::You
    )));

    // Discard-pile abilities.
    let soul = card("Soul Hunter");
    assert!(soul.abilities.iter().any(|a| a.zone == AbilityZone::DiscardPile
        && matches!(&a.kind, AbilityKind::Triggered(t) if t.on == Trigger::StartOfYourTurn
            && t.steps[0].action == Action::PutIntoPlay { sel: Sel::This, under: Who::You, silent: false })));
    let dead = card("Plentiful Dead");
    let AbilityKind::Triggered(t) = &dead.abilities[0].kind else {
        panic!()
    };
    assert_eq!(t.on, Trigger::Ally(Alignment::Evil));
    assert!(t.steps[0].may);
    assert_eq!(t.steps[1].when, Some(Condition::Done));
    assert_eq!(t.steps[1].action, Action::Recall);

    // Powers.
    let golem = card("Crystal Golem");
    assert!(
        matches!(&golem.abilities[0].kind, AbilityKind::Power(p) if p.costs == [PowerCost::BreakThis])
    );
    let djinn = card("Djinn of the Sands");
    assert!(djinn.abilities.iter().any(
        |a| matches!(&a.kind, AbilityKind::Power(p) if p.costs == [PowerCost::Expend, PowerCost::RemoveCounter])
    ));

    // Tokens named by effects are the pool's tokens.
    let za = card("Zombie Apocalypse");
    assert_eq!(
        za.modes[1].steps[1].action,
        Action::CreateTokens {
            token: "Zombie".into(),
            n: Amount::ChampionsInDiscard,
            who: Who::EachPlayer,
            expended: false
        }
    );
    assert_eq!(
        card("Rain of Fire").modes[1].steps[0].action,
        Action::DamageInOrder {
            amounts: vec![3, 4, 5]
        }
    );
    assert_eq!(
        card("Lightning Storm").modes[0].steps[0].action,
        Action::DamageDivided {
            total: 6,
            max_targets: 6
        }
    );
    assert!(matches!(
        &card("Psionic Assault").modes[0].steps[1].action,
        Action::AtEndOfTurn(a) if **a == Action::Discard { who: Who::It, n: Amount::Fixed(2) }
    ));
    assert_eq!(
        card("Fire Shaman").flavor.as_deref(),
        Some("She controls fire better than her temper.")
    );
}

/// The numbers a text mentions, as digits ("two cards" counts as 2), reminder text left out.
fn numbers(text: &str) -> std::collections::BTreeSet<u32> {
    let mut plain = String::new();
    let mut depth = 0;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    plain
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(|w| {
            w.parse()
                .ok()
                .or_else(|| words.iter().position(|n| *n == w).map(|i| i as u32))
        })
        .filter(|n| *n != 1)
        .collect()
}

#[test]
fn generated_text_mentions_every_printed_number() {
    let Some(json) = reference::load("base-set.json") else {
        return;
    };
    let pool = base_pool();
    for r in json["cards"].as_array().unwrap() {
        let name = r["name"].as_str().unwrap();
        let printed = format!(
            "{}\n{}",
            r["text"].as_str().unwrap_or(""),
            r["discard_pile_text"].as_str().unwrap_or("")
        );
        let ours = card_text(pool, pool.by_name(name).unwrap());
        let missing: Vec<u32> = numbers(&printed)
            .difference(&numbers(&ours))
            .copied()
            .collect();
        assert!(
            missing.is_empty(),
            "{name}: generated text lacks {missing:?}:\n{ours}"
        );
    }
}

/// The known classes are sorted, each once, and hold every class of the base set (26 of
/// them; the others are the later sets').
#[test]
fn known_classes_cover_the_base_set() {
    let known = epic_cards::CLASSES;
    assert!(known.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
    let used: std::collections::BTreeSet<&str> = base_pool()
        .iter()
        .flat_map(|(_, c)| c.classes.iter().map(|s| s.as_str()))
        .collect();
    assert_eq!(used.len(), 26);
    for class in used {
        assert!(known.contains(&class), "{class}");
    }
}
