//! The multiverse card language (docs/multiverse.md, "Card files"): blocks of
//! `field: value` lines, one card a block, each starting with `card:`. Every mistake is
//! reported with its line, and a file with any is refused whole.

use crate::abilities::Ability;
use crate::card::{Card, Character, Colour, Energy, Kind, Moral, Origin};
use crate::effect::*;

/// A mistake in a card file, with its line (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct CardError {
    pub line: usize,
    pub message: String,
}

/// The most cards one file may define, and the longest line: a file is bounded whatever
/// it holds.
const MAX_CARDS: usize = 2_000;
const MAX_LINE: usize = 1_000;

/// Reads every card of `text`, or every mistake in it.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, Vec<CardError>> {
    let mut cards = Vec::new();
    let mut errors = Vec::new();
    let mut block: Vec<(usize, &str, &str)> = Vec::new();
    let mut finish = |block: &mut Vec<(usize, &str, &str)>, errors: &mut Vec<CardError>| {
        if !block.is_empty() {
            match card_of(block) {
                Ok(card) => cards.push(card),
                Err(e) => errors.extend(e),
            }
            block.clear();
        }
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.len() > MAX_LINE {
            errors.push(err(line, format!("longer than {MAX_LINE} characters")));
            continue;
        }
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((field, value)) = trimmed.split_once(':') else {
            errors.push(err(line, format!("'{trimmed}' is not 'field: value'")));
            continue;
        };
        let field = field.trim();
        if field.eq_ignore_ascii_case("card") {
            finish(&mut block, &mut errors);
        } else if block.is_empty() {
            errors.push(err(line, "a card begins with 'card: its name'"));
            continue;
        }
        block.push((line, field, value.trim()));
        if errors.len() > 100 {
            break;
        }
    }
    finish(&mut block, &mut errors);
    if cards.len() > MAX_CARDS {
        errors.push(err(1, format!("more than {MAX_CARDS} cards")));
    }
    if errors.is_empty() {
        Ok(cards)
    } else {
        Err(errors)
    }
}

fn err(line: usize, message: impl Into<String>) -> CardError {
    CardError {
        line,
        message: message.into(),
    }
}

/// The fields every card may have, and those of each type.
const COMMON: [&str; 6] = ["card", "type", "colour", "origin", "art", "flavour"];
const CHARACTER: [&str; 8] = [
    "cost", "stats", "species", "labels", "powers", "items", "enters", "paradigm",
];
const ITEM: [&str; 9] = [
    "defense",
    "cost",
    "item",
    "boost",
    "grants",
    "attack",
    "device",
    "requires",
    "durability",
];
const INCIDENT: [&str; 5] = ["cost", "activation", "target", "effect", "duration"];

/// The fields a card of type `kind` may have besides the common ones.
fn fields_of(kind: &str) -> &'static [&'static str] {
    match kind {
        "character" => &CHARACTER,
        "item" => &ITEM,
        "incident" => &INCIDENT,
        _ => &[],
    }
}

fn card_of(block: &[(usize, &str, &str)]) -> Result<Card, Vec<CardError>> {
    let first = block[0].0;
    let mut errors = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let type_word = block
        .iter()
        .find(|(_, f, _)| f.eq_ignore_ascii_case("type"))
        .map(|(_, _, v)| v.to_ascii_lowercase())
        .unwrap_or_default();
    for &(line, field, _) in block {
        let lower = field.to_ascii_lowercase();
        let known =
            COMMON.contains(&lower.as_str()) || fields_of(&type_word).contains(&lower.as_str());
        if !known {
            let whose = if fields_of("character")
                .iter()
                .chain(fields_of("item"))
                .chain(fields_of("incident"))
                .any(|f| *f == lower)
            {
                format!("a {type_word} has no '{field}'")
            } else {
                format!("unknown field '{field}'")
            };
            errors.push(err(line, whose));
        } else if seen.iter().any(|s| s.eq_ignore_ascii_case(field)) {
            errors.push(err(line, format!("'{field}' given twice")));
        } else {
            seen.push(field);
        }
    }
    let get = |name: &str| {
        block
            .iter()
            .find(|(_, f, _)| f.eq_ignore_ascii_case(name))
            .map(|&(line, _, v)| (line, v))
    };
    let name = get("card").map(|(_, v)| v.to_string()).unwrap_or_default();
    if name.is_empty() {
        errors.push(err(first, "a card needs a name"));
    }
    let art = match get("art") {
        Some((_, v)) if !v.is_empty() => v.to_string(),
        _ => {
            errors.push(err(first, format!("{name}: no 'art:' line")));
            String::new()
        }
    };
    let flavour = get("flavour").map(|(_, v)| v.to_string());
    let colour = match get("colour") {
        None => None,
        Some((line, v)) => match Energy::parse(v) {
            Some(Energy::Colour(c)) => Some(c),
            _ => {
                errors.push(err(
                    line,
                    format!("'{v}' is not a colour (blue, red, black)"),
                ));
                None
            }
        },
    };
    let mut origins: Vec<Origin> = Vec::new();
    if let Some((line, v)) = get("origin") {
        for word in v.split(',') {
            match Energy::parse(word) {
                Some(Energy::Origin(o)) if !origins.contains(&o) => origins.push(o),
                _ => errors.push(err(
                    line,
                    format!(
                        "'{}' is not an origin ({})",
                        word.trim(),
                        Origin::ALL.map(Origin::name).join(", ")
                    ),
                )),
            }
        }
    }
    let (type_line, kind_word) = get("type").unwrap_or((first, ""));
    let kind = match kind_word.to_ascii_lowercase().as_str() {
        "foothold" => {
            let energy = match (colour, origins.as_slice()) {
                (Some(c), []) => Some(Energy::Colour(c)),
                (None, [o]) => Some(Energy::Origin(*o)),
                _ => {
                    errors.push(err(
                        type_line,
                        format!("{name}: a foothold makes one colour or one origin of energy"),
                    ));
                    None
                }
            };
            energy.map(|energy| Kind::Foothold { energy })
        }
        "character" => character(block, &get, &mut errors, &name),
        "item" => item(block, &get, &mut errors, &name),
        "incident" => incident(block, &get, &mut errors, &name),
        other => {
            errors.push(err(
                type_line,
                format!("{name}: type '{other}' is not foothold, character, item or incident"),
            ));
            None
        }
    };
    let costs = matches!(
        kind,
        Some(Kind::Character(_) | Kind::Item(_) | Kind::Incident(_))
    );
    let cost = match (costs, get("cost")) {
        (true, Some((line, v))) => match v.parse::<u8>() {
            Ok(n) if (1..=20).contains(&n) => n,
            _ => {
                errors.push(err(
                    line,
                    format!("cost '{v}' is not a number from 1 to 20"),
                ));
                0
            }
        },
        (true, None) => {
            errors.push(err(first, format!("{name}: a {type_word} needs a cost")));
            0
        }
        _ => 0,
    };
    // Characters and items have a multiverse and an origin; incidents are paid with
    // any energy (F-4.4), their origin optional.
    if let Some(Kind::Character(c)) = &kind {
        if c.paradigm.is_some() && c.paradigm == colour {
            errors.push(err(
                first,
                format!("{name}: a paradigm names another colour"),
            ));
        }
    }
    if matches!(kind, Some(Kind::Character(_) | Kind::Item(_))) {
        if colour.is_none() {
            errors.push(err(first, format!("{name}: a {type_word} needs a colour")));
        }
        if origins.is_empty() {
            errors.push(err(first, format!("{name}: a {type_word} needs an origin")));
        }
    }
    match kind {
        Some(kind) if errors.is_empty() => Ok(Card {
            name,
            kind,
            colour,
            origins,
            cost,
            art,
            flavour,
        }),
        _ => Err(errors),
    }
}

fn character<'a>(
    block: &[(usize, &str, &'a str)],
    get: &impl Fn(&str) -> Option<(usize, &'a str)>,
    errors: &mut Vec<CardError>,
    name: &str,
) -> Option<Kind> {
    let first = block[0].0;
    let Some((line, stats)) = get("stats") else {
        errors.push(err(
            first,
            format!("{name}: a character needs 'stats: C/D'"),
        ));
        return None;
    };
    let parsed = stats
        .split_once('/')
        .and_then(|(c, d)| Some((c.trim().parse::<u8>().ok()?, d.trim().parse::<u8>().ok()?)))
        .filter(|&(c, d)| c <= 30 && (1..=30).contains(&d));
    let Some((combat, defense)) = parsed else {
        errors.push(err(
            line,
            format!("stats '{stats}' are not C/D (C from 0 to 30, D from 1 to 30)"),
        ));
        return None;
    };
    let species: Vec<String> = get("species").map(|(_, v)| listed(v)).unwrap_or_default();
    if species.is_empty() {
        errors.push(err(first, format!("{name}: a character needs a species")));
    }
    let mut c = Character {
        combat,
        defense,
        species,
        moral: Moral::Hero,
        non_unique: false,
        team: None,
        arch_enemy: None,
        paradigm: None,
        artifact: None,
        abilities: Vec::new(),
        powers: Vec::new(),
        items: get("items").map(|(_, v)| listed(v)).unwrap_or_default(),
        entering: None,
    };
    if let Some((line, v)) = get("paradigm") {
        match Energy::parse(v) {
            Some(Energy::Colour(other)) => c.paradigm = Some(other),
            _ => errors.push(err(
                line,
                format!("paradigm '{v}' is not a colour (blue, red, black)"),
            )),
        }
    }
    if let Some((line, text)) = get("enters") {
        match crate::effect::Entering::parse(text) {
            Ok(entering) => c.entering = Some(entering),
            Err(why) => errors.push(err(line, why)),
        }
    }
    let mut morals = 0;
    if let Some((line, labels)) = get("labels") {
        for label in labels.split(',').map(str::trim).filter(|l| !l.is_empty()) {
            let lower = label.to_ascii_lowercase();
            match lower.as_str() {
                "hero" => morals += 1,
                "villain" => (c.moral, morals) = (Moral::Villain, morals + 1),
                "anti-hero" => (c.moral, morals) = (Moral::AntiHero, morals + 1),
                "non-unique" => c.non_unique = true,
                _ if arch_enemy_of(label).is_some() => {
                    c.arch_enemy = arch_enemy_of(label);
                }
                _ => match (team_of(label), Ability::parse(label)) {
                    (Some(_), _) if c.team.is_some() => {
                        errors.push(err(line, "a character is on one team"))
                    }
                    (Some(team), _) => c.team = Some(team),
                    (None, Some(a)) if c.abilities.contains(&a) => {
                        errors.push(err(line, format!("'{label}' given twice")))
                    }
                    (None, Some(a)) => c.abilities.push(a),
                    (None, None) => errors.push(err(line, format!("unknown label '{label}'"))),
                },
            }
        }
    }
    if let Some((line, powers)) = get("powers") {
        for text in powers.split(',').filter(|p| !p.trim().is_empty()) {
            match crate::abilities::parse_power(text) {
                Ok(power) => c.powers.push(power),
                Err(why) => errors.push(err(line, why)),
            }
        }
    }
    if morals > 1 {
        errors.push(err(
            first,
            format!("{name}: one of Hero, Villain and Anti-Hero"),
        ));
    }
    Some(Kind::Character(c))
}

/// An item's `boost` field: what it adds, C and D, none when absent or mistaken.
fn boost_field<'a>(
    get: &impl Fn(&str) -> Option<(usize, &'a str)>,
    errors: &mut Vec<CardError>,
) -> (u8, u8) {
    let Some((line, v)) = get("boost") else {
        return (0, 0);
    };
    match parse_effect(&format!("boost {v}")) {
        Ok(Effect::Boost {
            combat,
            defense,
            max: None,
        }) if combat >= 0 && defense >= 0 => (combat.unsigned_abs(), defense.unsigned_abs()),
        _ => {
            errors.push(err(line, format!("boost '{v}' is not like +1C +2D")));
            (0, 0)
        }
    }
}

/// An independent artifact (F-2.4, ruling M-44): played as a character with its own
/// defense and no combat value; `boost` is what it gives its player's other characters.
fn independent_artifact<'a>(
    get: &impl Fn(&str) -> Option<(usize, &'a str)>,
    errors: &mut Vec<CardError>,
    name: &str,
    first: usize,
) -> Option<Kind> {
    let defense = match get("defense") {
        Some((line, v)) => match v.trim().parse::<u8>() {
            Ok(d) if (1..=30).contains(&d) => d,
            _ => {
                errors.push(err(
                    line,
                    format!("defense '{v}' is not a number from 1 to 30"),
                ));
                return None;
            }
        },
        None => {
            errors.push(err(
                first,
                format!("{name}: an independent artifact needs 'defense: D'"),
            ));
            return None;
        }
    };
    let aura = boost_field(get, errors);
    for field in ["attack", "device", "grants", "requires", "durability"] {
        if let Some((line, _)) = get(field) {
            errors.push(err(
                line,
                format!("an independent artifact has no '{field}'"),
            ));
        }
    }
    Some(Kind::Character(Character {
        combat: 0,
        defense,
        species: Vec::new(),
        moral: Moral::Hero,
        non_unique: false,
        team: None,
        arch_enemy: None,
        paradigm: None,
        artifact: Some(aura),
        abilities: Vec::new(),
        powers: Vec::new(),
        items: Vec::new(),
        entering: None,
    }))
}

fn item<'a>(
    block: &[(usize, &str, &'a str)],
    get: &impl Fn(&str) -> Option<(usize, &'a str)>,
    errors: &mut Vec<CardError>,
    name: &str,
) -> Option<Kind> {
    let first = block[0].0;
    if get("item").is_some_and(|(_, v)| v.trim().eq_ignore_ascii_case("independent artifact")) {
        return independent_artifact(get, errors, name, first);
    }
    let kind = match get("item") {
        Some((line, v)) => match ItemKind::parse(v) {
            Some(k) => k,
            None => {
                errors.push(err(
                    line,
                    format!(
                        "'{v}' is not a kind of item (weapon, device, artifact, equipment, \
                         independent artifact)"
                    ),
                ));
                return None;
            }
        },
        None => {
            errors.push(err(first, format!("{name}: an item needs 'item: KIND'")));
            return None;
        }
    };
    let mut item = Item {
        kind,
        boost: (0, 0),
        grants: Vec::new(),
        attack: None,
        device: Vec::new(),
        requires: get("requires").map(|(_, v)| v.trim().to_string()),
        durability: Durability::Disable,
    };
    item.boost = boost_field(get, errors);
    if let Some((line, v)) = get("grants") {
        for label in v.split(',').map(str::trim).filter(|l| !l.is_empty()) {
            match Ability::parse(label) {
                Some(a) => item.grants.push(a),
                None => errors.push(err(line, format!("unknown ability '{label}'"))),
            }
        }
    }
    if let Some((line, v)) = get("attack") {
        match parse_weapon(v) {
            Ok(a) => item.attack = Some(a),
            Err(why) => errors.push(err(line, why)),
        }
    }
    if let Some((line, v)) = get("device") {
        for text in v.split(';') {
            match parse_effect(text) {
                Ok(e) if e.lasts() || matches!(e, Effect::Heal { .. } | Effect::Untap) => {
                    item.device.push(e)
                }
                Ok(e) => errors.push(err(line, format!("a device cannot '{e}'"))),
                Err(why) => errors.push(err(line, why)),
            }
        }
    }
    if let Some((line, v)) = get("durability") {
        match Durability::ALL.into_iter().find(|d| d.name() == v.trim()) {
            Some(d) => item.durability = d,
            None => errors.push(err(
                line,
                format!("'{v}' is not a durability (disable, fragile, knock-away, fixed)"),
            )),
        }
    }
    let fits = match kind {
        ItemKind::Weapon => item.attack.is_some(),
        ItemKind::Device => !item.device.is_empty(),
        ItemKind::Artifact | ItemKind::Equipment => item.boost != (0, 0) || !item.grants.is_empty(),
    };
    if !fits {
        errors.push(err(
            first,
            format!(
                "{name}: a weapon needs 'attack:', a device 'device:', an artifact or \
                 equipment 'boost:' or 'grants:'"
            ),
        ));
    }
    if kind != ItemKind::Weapon && item.attack.is_some() {
        errors.push(err(first, format!("{name}: only a weapon has 'attack:'")));
    }
    if kind != ItemKind::Device && !item.device.is_empty() {
        errors.push(err(first, format!("{name}: only a device has 'device:'")));
    }
    Some(Kind::Item(item))
}

fn incident<'a>(
    block: &[(usize, &str, &'a str)],
    get: &impl Fn(&str) -> Option<(usize, &'a str)>,
    errors: &mut Vec<CardError>,
    name: &str,
) -> Option<Kind> {
    let first = block[0].0;
    let mut need = |field: &str| {
        let found = get(field);
        if found.is_none() {
            errors.push(err(first, format!("{name}: an incident needs '{field}:'")));
        }
        found
    };
    let (activation, target, effect, duration) = (
        need("activation"),
        need("target"),
        need("effect"),
        need("duration"),
    );
    let (Some(activation), Some(target), Some(effect), Some(duration)) =
        (activation, target, effect, duration)
    else {
        return None;
    };
    fn read<T>(
        (line, v): (usize, &str),
        f: fn(&str) -> Result<T, String>,
        errors: &mut Vec<CardError>,
    ) -> Option<T> {
        f(v).map_err(|why| errors.push(err(line, why))).ok()
    }
    let activation = read(activation, parse_activation, errors);
    let target = read(target, parse_target, errors);
    let duration = read(duration, parse_duration, errors);
    let mut effects = Vec::new();
    for text in effect.1.split(';') {
        match parse_effect(text) {
            Ok(e) => effects.push(e),
            Err(why) => errors.push(err(effect.0, why)),
        }
    }
    let incident = Incident {
        activation: activation?,
        target: target?,
        effects,
        duration: duration?,
    };
    if let Err(why) = check_incident(&incident) {
        errors.push(err(first, format!("{name}: {why}")));
    }
    Some(Kind::Incident(incident))
}

/// A list by commas, each entry trimmed, the empty ones left out.
fn listed(v: &str) -> Vec<String> {
    v.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The team of a `Team (X)` label.
/// "Arch-enemy (NAME)": the character named.
fn arch_enemy_of(label: &str) -> Option<String> {
    let (word, rest) = label.split_once('(')?;
    if !word.trim().eq_ignore_ascii_case("arch-enemy") {
        return None;
    }
    let name = rest.strip_suffix(')')?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

fn team_of(label: &str) -> Option<String> {
    let rest = label.strip_prefix("Team")?.trim();
    let team = rest.strip_prefix('(')?.strip_suffix(')')?.trim();
    (!team.is_empty()).then(|| team.to_string())
}

/// Whether `colour` names a multiverse colour: for deck checks by colour.
pub fn colour_named(word: &str) -> Option<Colour> {
    match Energy::parse(word)? {
        Energy::Colour(c) => Some(c),
        Energy::Origin(_) | Energy::Mix(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card file's mistakes as their messages read.
    fn messages(errors: Vec<CardError>) -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_character_and_a_foothold_are_read() {
        let cards = parse_cards(
            "card: Ember Gate\ntype: foothold\ncolour: red\nart: A door of fire.\n\n\
             card: Ash Knight\ntype: character\ncolour: red\norigin: genetic, alien\n\
             cost: 4\nstats: 4/3\nspecies: Human\nlabels: Villain, Team (Cinder Court)\n\
             art: A knight.\n",
        )
        .unwrap();
        assert_eq!(cards[0].foothold(), Some(Energy::Colour(Colour::Red)));
        let knight = cards[1].character().unwrap();
        assert_eq!((knight.combat, knight.defense), (4, 3));
        assert_eq!(knight.moral, Moral::Villain);
        assert_eq!(knight.team.as_deref(), Some("Cinder Court"));
        assert_eq!(cards[1].origins, vec![Origin::Genetic, Origin::Alien]);
    }

    #[test]
    fn every_mistake_is_named_with_its_line() {
        let errors = parse_cards(
            "card: Bad\ntype: character\ncolour: green\ncost: 99\nstats: x\nwings: 2\n",
        )
        .unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(
            text.contains(&"line 6: unknown field 'wings'".to_string()),
            "{text:?}"
        );
        assert!(text
            .iter()
            .any(|t| t.starts_with("line 3: 'green' is not a colour")));
        assert!(text.iter().any(|t| t.starts_with("line 5: stats 'x'")));
        assert!(parse_cards("type: foothold\n").is_err());
        // A boost ending in a character of several bytes is refused, not cut inside it.
        let errors = parse_cards(
            "card: Baton\ntype: item\nitem: equipment\ncolour: blue\norigin: alien\n\
             cost: 1\nboost: +\u{3f6}\nart: A baton.\n",
        )
        .unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(
            text.iter().any(|t| t.starts_with("line 7: boost")),
            "{text:?}"
        );
    }

    #[test]
    fn an_independent_artifact_is_read_as_a_character_with_a_defense() {
        let card = |fields: &str| {
            parse_cards(&format!(
                "card: Beacon\ntype: item\nitem: independent artifact\ncolour: blue\n\
                 origin: technological\ncost: 3\n{fields}art: A lamp.\n"
            ))
        };
        let beacon = card("defense: 5\nboost: +1D\n").unwrap();
        let c = beacon[0].character().unwrap();
        assert_eq!((c.combat, c.defense, c.artifact), (0, 5, Some((0, 1))));
        assert_eq!(beacon[0].type_line(), "Item — independent artifact");
        let none = messages(card("").unwrap_err());
        assert!(
            none.iter().any(|t| t.ends_with("needs 'defense: D'")),
            "{none:?}"
        );
        let armed = messages(card("defense: 5\nattack: Firearm 4\n").unwrap_err());
        assert!(
            armed.iter().any(|t| t.ends_with("has no 'attack'")),
            "{armed:?}"
        );
    }

    #[test]
    fn a_paradigm_names_another_colour() {
        let card = |paradigm: &str| {
            parse_cards(&format!(
                "card: Rider\ntype: character\ncolour: blue\norigin: alien\ncost: 3\n\
                 stats: 3/3\nspecies: Human\nparadigm: {paradigm}\nart: A rider.\n"
            ))
        };
        let rider = card("black").unwrap();
        let mix = Energy::Mix(Colour::Blue, Colour::Black);
        assert_eq!(rider[0].paid_with().last(), Some(mix));
        assert!(mix.pays(Energy::Colour(Colour::Black)) && !mix.pays(Energy::Colour(Colour::Red)));
        let same = messages(card("blue").unwrap_err());
        assert!(
            same.iter()
                .any(|t| t.ends_with("a paradigm names another colour")),
            "{same:?}"
        );
        let origin = messages(card("alien").unwrap_err());
        assert!(
            origin
                .iter()
                .any(|t| t.contains("paradigm 'alien' is not a colour")),
            "{origin:?}"
        );
    }

    #[test]
    fn an_entering_ability_is_read_or_refused_with_its_line() {
        let card = |enters: &str| {
            format!(
                "card: Lone\ntype: character\ncolour: black\norigin: conditional\ncost: 4\n\
                 stats: 3/4\nspecies: Human, Male\nenters: {enters}\nart: A man.\n"
            )
        };
        let cards = parse_cards(&card("discard on all other Male")).unwrap();
        let entering = cards[0].character().unwrap().entering.clone().unwrap();
        assert_eq!(entering.filter.as_deref(), Some("Male"));
        assert!(entering.others);
        assert_eq!(entering.effects, vec![crate::effect::Effect::Discard]);
        assert!(cards[0].text().ends_with(
            "When this comes into play: each other Male character in play is discarded."
        ));
        let everyone = parse_cards(&card("heal 1; untap on all")).unwrap();
        let entering = everyone[0].character().unwrap().entering.clone().unwrap();
        assert_eq!((entering.filter, entering.others), (None, false));
        for (bad, why) in [
            ("discard on target character", "is not an entering ability"),
            ("draw 2 on all", "does not happen at once to a character"),
            ("fly on all Male", "unknown effect"),
        ] {
            let errors = parse_cards(&card(bad)).unwrap_err();
            let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
            assert!(
                text.iter()
                    .any(|t| t.starts_with("line 8: ") && t.contains(why)),
                "{bad}: {text:?}"
            );
        }
    }
}
