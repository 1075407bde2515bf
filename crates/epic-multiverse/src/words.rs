//! The multiverse game in words, as one seat is told it: options, the log of each
//! decision, the board (for the browser and the terminal), the pending decision and the
//! result, and the cards as `epic cards` lists them.

use crate::abilities::{Ability, AttackKind};
use crate::card::Card;
use crate::effect::Action;
use crate::events::{Aimed, Event, OutReason};
use crate::state::*;
use crate::MultiverseGame;
use epic_game::words::{cap, count, Asked, Block, Ink, Line, Outcome, Page, Span};
use epic_game::words::{Tone, Voice};
use epic_game::{Seat, State};
use serde::Serialize;
use std::collections::BTreeMap;

/// Whose a target is, in an attack's words at a table of more than two: " (Player 2)".
fn whose(g: &MultiverseGame, owner: Seat) -> String {
    if g.seat_count() > 2 {
        format!(" (Player {})", owner + 1)
    } else {
        String::new()
    }
}

/// An option in words, as `seat` may read it.
pub fn label(g: &MultiverseGame, choice: Choice, seat: Seat) -> String {
    let card = |c| g.pool.get(c).name.clone();
    let name = |id| g.char_name(id);
    match choice {
        Choice::Redraw => {
            let left = REDRAWS.saturating_sub(g.player(seat).redraws);
            format!(
                "Redraw: show your hand, shuffle it into your deck and draw seven ({} left)",
                count(left, "redraw", "redraws")
            )
        }
        Choice::Keep => "Keep this hand".into(),
        Choice::Foothold { card: c } => format!(
            "Establish a foothold: {} ({})",
            card(c),
            g.pool.get(c).energies()
        ),
        Choice::NoFoothold => "Establish no foothold this turn".into(),
        Choice::Dismiss { id } => format!(
            "Discard {} from your holding area ({} of {} points held)",
            g.char_name(id),
            g.holding_points(seat),
            g.holding_capacity()
        ),
        Choice::First { seat: first } if first == seat => {
            format!("Take the first turn of battle {}", g.battle() + 1)
        }
        Choice::First { seat: first } => format!(
            "Player {} takes the first turn of battle {}",
            first + 1,
            g.battle() + 1
        ),
        Choice::Unplug { attacker, target } => match (g.character(attacker), g.character(target)) {
            (Some((_, a)), Some((owner, t))) => format!(
                "{} attacks {}{} to disable its cybernetics: C {} against D {}",
                name(attacker),
                name(target),
                whose(g, owner),
                g.attack_value(a, 0),
                g.defense_against(t, AttackKind::Physical)
            ),
            _ => "An attack".into(),
        },
        Choice::Attack {
            attacker,
            target,
            power,
        } => {
            let (Some((_, a)), Some((owner, t))) = (g.character(attacker), g.character(target))
            else {
                return "An attack".into();
            };
            let whose = whose(g, owner);
            let rage = u8::from(!a.raging && g.has(a, Ability::Rage) && power == 0);
            let value = g.attack_value(a, power) + rage;
            let powers = g.powers(a);
            let index = usize::from(power).wrapping_sub(1);
            // A weapon's attack is named by the weapon.
            match (powers.get(index), g.weapon_of(a, power)) {
                (Some(p), Some(weapon)) => format!(
                    "{} attacks {}{whose} with {}: {value} against D {}",
                    name(attacker),
                    name(target),
                    card(weapon),
                    g.defense_against(t, p.kind)
                ),
                (Some(p), None) => format!(
                    "{} attacks {}{whose} with {p}: {value} against D {}",
                    name(attacker),
                    name(target),
                    g.defense_against(t, p.kind)
                ),
                (None, _) => format!(
                    "{} attacks {}{whose}: C {value} against D {}",
                    name(attacker),
                    name(target),
                    g.defense_against(t, AttackKind::Physical)
                ),
            }
        }
        Choice::Fly { id } => match g.character(id) {
            Some((_, c)) if c.flying => format!("{} lands (close combat on the ground)", name(id)),
            _ => format!("{} takes off (in flight)", name(id)),
        },
        Choice::Hide { id } => format!("{} hides again (tap)", name(id)),
        Choice::Fade { id } => match g.character(id) {
            Some((_, c)) if c.invisible => format!("{} turns visible again", name(id)),
            _ => format!(
                "{} turns invisible (only what it attacked last turn may attack it)",
                name(id)
            ),
        },
        Choice::Phase { id } => match g.character(id) {
            Some((_, c)) if c.intangible => format!("{} turns solid again", name(id)),
            _ => format!(
                "{} turns intangible (cannot attack; only Psi and Magic Blast reach it)",
                name(id)
            ),
        },
        Choice::Sabotage { by, holder, item } => format!(
            "{} disables {} of {} (tap)",
            name(by),
            card(item),
            name(holder)
        ),
        Choice::Teleport { by, target } => {
            let owner = g.character(target).map_or(seat, |(s, _)| s);
            let defensive = g
                .character(by)
                .is_some_and(|(_, c)| g.has(c, Ability::DefensiveTeleport));
            if !g.allied(owner, seat) {
                format!(
                    "{} teleports {} back to its owner's hand (tap)",
                    name(by),
                    name(target)
                )
            } else if owner != seat {
                format!(
                    "{} teleports {} (Player {}) to that player's holding area (tap)",
                    name(by),
                    name(target),
                    owner + 1
                )
            } else if by == target {
                format!("{} teleports to the holding area (tap)", name(by))
            } else if defensive {
                format!(
                    "{} teleports to the holding area with {} (tap)",
                    name(by),
                    name(target)
                )
            } else {
                format!(
                    "{} teleports {} to the holding area (tap)",
                    name(by),
                    name(target)
                )
            }
        }
        Choice::Resurrect { by, card: c } => format!(
            "{} brings {} from the graveyard to the holding area (tap)",
            name(by),
            card(c)
        ),
        Choice::Swarm { by } => format!("{} makes a Swarm marker of itself (tap)", name(by)),
        Choice::Mimic { id, ability } => {
            let how = match g.character(id) {
                Some((_, c)) if g.has(c, Ability::Magic) => "by Magic",
                _ => "by Mimic",
            };
            format!("{} takes {} {how}, for the turn", name(id), ability.label())
        }
        Choice::Release { id } => format!(
            "{} untaps and releases the character it possesses",
            name(id)
        ),
        Choice::Assist { helper, target } => {
            let leader = g
                .character(helper)
                .is_some_and(|(_, h)| g.has(h, Ability::Leader));
            format!(
                "{} gives {} +1 {} for the turn ({}, tap)",
                name(helper),
                name(target),
                if g.step == Step::Attacks { "C" } else { "D" },
                if leader { "leadership" } else { "teamwork" }
            )
        }
        Choice::HeroicAct { hero, target } => format!(
            "Heroic act: {} takes the first wound {} would take this combat",
            name(hero),
            name(target)
        ),
        Choice::Heal { healer, target } if healer == target => {
            format!("{} heals a wound of its own (tap)", name(healer))
        }
        Choice::Heal { healer, target } => {
            format!("{} heals a wound of {} (tap)", name(healer), name(target))
        }
        Choice::EndAttacks if g.attacks.is_empty() => "Declare no attack".into(),
        Choice::EndAttacks => "No more attacks: to combat".into(),
        Choice::Block { blocker, target } => {
            let on_it = g.attacks.iter().filter(|a| a.target == blocker).count();
            let warning = if on_it > 0 {
                format!(
                    " (it is attacked itself: {})",
                    count(on_it as u32, "automatic wound", "automatic wounds")
                )
            } else {
                String::new()
            };
            format!("{} blocks for {}{warning}", name(blocker), name(target))
        }
        Choice::EndBlocks => "No more blocks".into(),
        Choice::Recruit { card: c, pay } => {
            let cost = g.pool.get(c).cost.saturating_sub(g.discount(seat));
            format!("Recruit {} (tap {cost} {pay})", card(c))
        }
        Choice::Return { id } => format!("Bring {} back from the holding area (free)", name(id)),
        Choice::Evacuate { id, pay } => {
            let cost = g.character(id).map_or(0, |(_, c)| g.pool.get(c.card).cost);
            format!(
                "Evacuate {} to the holding area (tap {} {pay})",
                name(id),
                cost.div_ceil(2)
            )
        }
        Choice::Equip {
            card: c,
            holder,
            pay,
        } => format!(
            "Equip {} with {} (tap {} {pay})",
            name(holder),
            card(c),
            g.pool.get(c).cost
        ),
        Choice::UseDevice { holder, item } => {
            format!("{} uses {} (tap)", name(holder), card(item))
        }
        Choice::Recover { holder, item } => {
            format!("{} recovers {} (tap)", name(holder), card(item))
        }
        Choice::Repair { tech, holder, item } => format!(
            "{} repairs {} of {} (tap)",
            name(tech),
            card(item),
            name(holder)
        ),
        Choice::Incident { card: c, aim } => {
            let voice = Voice::numbered(Some(seat), g.seat_count());
            format!(
                "Play {}{} (tap {} footholds)",
                card(c),
                on_words(g, g.aimed(c, aim), &voice),
                g.pool.get(c).cost
            )
        }
        Choice::Pass => "Play no more incidents now".into(),
        Choice::EndRecruit => "Done recruiting".into(),
        Choice::Discard { card: c } => format!("Discard {}", card(c)),
        Choice::EndTurn => "Keep your hand and end the turn".into(),
        Choice::Concede { seat } => format!("Player {} concedes", seat + 1),
    }
}

/// What an incident is played on, in `voice`'s words, as " on …" (empty for the action
/// it answers, which the log has just told): the same words for its option, the log and
/// the board.
pub fn on_words(g: &MultiverseGame, on: Aimed, voice: &Voice) -> String {
    let name = |c: u16| g.pool.get(c).name.clone();
    match on {
        Aimed::Character { card } => format!(" on {}", name(card)),
        Aimed::Player { seat } if voice.is_you(seat) => " on yourself".into(),
        Aimed::Player { seat } => format!(" on {}", voice.name(seat)),
        Aimed::Everyone { incident } => match g.pool.get(incident).incident().map(|i| &i.target) {
            Some(crate::effect::Target::Open { filter: Some(f) }) => {
                format!(" on every {f} character in play")
            }
            _ => " on every character in play".into(),
        },
        Aimed::Card { card } => format!(" on {} (graveyard)", name(card)),
        Aimed::Item { item, holder } => format!(" on {} of {}", name(item), name(holder)),
        Aimed::Action { .. } | Aimed::Nothing => String::new(),
    }
}

/// The incidents in play, for `voice`: each card, who played it, and on what.
pub fn incidents(g: &MultiverseGame, voice: &Voice) -> Vec<crate::ruleset::IncidentView> {
    g.incidents_in_play()
        .map(|l| crate::ruleset::IncidentView {
            name: g.pool.get(l.card).name.clone(),
            seat: l.seat,
            on: on_words(g, g.aimed(l.card, l.aim), voice)
                .trim_start_matches(" on ")
                .to_string(),
        })
        .collect()
}

/// The pending decision as a question to its decider.
pub fn prompt(g: &MultiverseGame) -> String {
    match g.step {
        Step::Redraw => "Your hand has no foothold: redraw it, or keep it?".into(),
        Step::Foothold => "Establish a foothold (one a turn)?".into(),
        Step::Attacks => "Declare your attacks, one at a time.".into(),
        Step::Blocks => "Your characters are attacked: block for a team-mate?".into(),
        Step::Recruit => "Recruit characters, equip items, evacuate to the holding area or \
                          bring characters back."
            .into(),
        Step::Incidents if g.window == Window::Response => match g.taken {
            Some(t) if t.action == Action::Attack => format!(
                "Respond to the attack of {} with an incident?",
                g.char_name(t.id)
            ),
            t => format!(
                "Respond to {} with an incident?",
                t.map_or_else(String::new, |t| g.pool.get(t.card).name.clone())
            ),
        },
        Step::Incidents => format!("{}?", g.window.name()),
        Step::Discard if g.over_limit => format!(
            "Discard down to {HAND} cards: {} more.",
            g.player(g.active).hand.len().saturating_sub(HAND)
        ),
        Step::Discard => "You may discard one card, or end your turn.".into(),
        Step::Intermission if g.over_capacity().is_some() => format!(
            "Intermission: your holding area holds more than {} points. Discard a character \
             from it.",
            g.holding_capacity()
        ),
        Step::Intermission => format!(
            "Intermission: you lost battle {}. Who takes the first turn of the next?",
            g.battle()
        ),
    }
}

/// The pending decision for `voice`'s viewer: its options only if it is theirs.
pub fn asked(g: &MultiverseGame, voice: &Voice) -> Option<Asked> {
    let seat = g.decider()?;
    Some(Asked::by_labels(
        seat,
        voice,
        || prompt(g),
        || epic_game::Ruleset::labels(g, seat),
    ))
}

/// How the game ended, told to `voice`'s viewer, with the points.
pub fn outcome(g: &MultiverseGame, voice: &Voice) -> Option<Outcome> {
    let points: Vec<u32> = g.players.iter().map(|p| p.points).collect();
    Some(ended(g.winners()?.to_vec(), &points, g.goal, voice))
}

/// The result with every seat's points and the game value.
fn ended(winners: Vec<Seat>, points: &[u32], goal: u32, voice: &Voice) -> Outcome {
    let mut out = Outcome::of(winners, voice);
    let points: Vec<String> = (0..points.len())
        .map(|s| format!("{} {}", voice.name(s as Seat), points[s]))
        .collect();
    out.text = format!(
        "{} Points: {} (the game value was {goal}).",
        out.text,
        points.join(", ")
    );
    out
}

/// The heading of the turn now.
fn turn_heading(g: &MultiverseGame, voice: &Voice) -> Line {
    Line::new(
        format!(
            "--- Turn {}: {} turn ---",
            g.turn,
            voice.possessive(g.active)
        ),
        Some(Tone::Heading),
    )
}

/// What is told before the first decision: the game value, and the first turn's heading
/// if it has begun.
pub fn opening(g: &MultiverseGame, voice: &Voice) -> Vec<Line> {
    let mut lines = vec![Line::new(
        format!(
            "{} first. The first {} to {} points wins{}.",
            voice.says(g.first, "go", "goes"),
            if g.variant.teams.is_some() {
                "team"
            } else {
                "Beyonder"
            },
            g.goal,
            match g.variant.rounds {
                Some(r) => format!(", or the most points after {}", count(r, "round", "rounds")),
                None => String::new(),
            }
        ),
        Some(Tone::Note),
    )];
    if g.variant.teams.is_some() {
        let mut teams: Vec<String> = Vec::new();
        for s in 0..g.seat_count() as Seat {
            if g.team(s) == s {
                let members: Vec<String> =
                    g.team_members(s).iter().map(|&m| voice.name(m)).collect();
                teams.push(members.join(" and "));
            }
        }
        lines.push(Line::new(
            format!("Teams: {}.", teams.join("; ")),
            Some(Tone::Note),
        ));
    }
    if g.turn > 0 {
        lines.push(turn_heading(g, voice));
    }
    lines
}

/// The log lines of `choice` for `voice`'s viewer: what each event did, in the words the
/// viewer may read. `g` is the game the choice was taken in.
pub fn told(g: &MultiverseGame, choice: Choice, events: &[Event], voice: &Voice) -> Vec<Line> {
    let viewer = voice.viewer.unwrap_or(Seat::MAX);
    let name = |c: u16| g.pool.get(c).name.clone();
    let tone_of = |seat: Seat| {
        if voice.is_you(seat) {
            Tone::Mine
        } else {
            Tone::Theirs
        }
    };
    // "Your Ash Ghoul", "Player 2's Ash Ghoul".
    let theirs = |seat: Seat, card: u16| format!("{} {}", cap(&voice.possessive(seat)), name(card));
    let mut lines = Vec::new();
    let mut say = |text: String, tone: Tone| lines.push(Line::new(text, Some(tone)));
    match choice {
        Choice::Keep => {
            if let Some(seat) = g.decider() {
                say(
                    format!("{} the hand.", voice.says(seat, "keep", "keeps")),
                    tone_of(seat),
                );
            }
        }
        Choice::EndAttacks if g.attacks.is_empty() => {
            say(
                format!("{} no attack.", voice.says(g.active, "declare", "declares")),
                Tone::Quiet,
            );
        }
        _ => {}
    }
    for event in events {
        let event = if voice.sees_all {
            event.clone()
        } else {
            event.seen_by(viewer)
        };
        match event {
            Event::Turn { seat, turn } => say(
                format!("--- Turn {turn}: {} turn ---", voice.possessive(seat)),
                Tone::Heading,
            ),
            Event::Drew { seat, count: n } => say(
                format!(
                    "{} {}.",
                    voice.says(seat, "draw", "draws"),
                    count(n, "card", "cards")
                ),
                Tone::Quiet,
            ),
            Event::Redrew { seat, shown } => {
                let cards: Vec<String> = shown.iter().map(|&c| name(c)).collect();
                say(
                    format!(
                        "{} a hand without footholds ({}) and {} seven.",
                        voice.says(seat, "show", "shows"),
                        cards.join(", "),
                        if voice.is_you(seat) { "draw" } else { "draws" }
                    ),
                    tone_of(seat),
                );
            }
            Event::Kept { .. } => {}
            Event::Foothold { seat, card } => say(
                format!(
                    "{} a foothold: {} ({}).",
                    voice.says(seat, "establish", "establishes"),
                    name(card),
                    g.pool.get(card).energies()
                ),
                tone_of(seat),
            ),
            Event::Attacked {
                by,
                attacker,
                defender,
                target,
                power,
            } => say(
                format!(
                    "{} attacks {} {}{}.",
                    theirs(by, attacker),
                    voice.possessive(defender),
                    name(target),
                    power.map_or_else(String::new, |p| format!(" with {p}"))
                ),
                Tone::Danger,
            ),
            Event::Flew { seat, card, flying } => say(
                format!(
                    "{} {}.",
                    theirs(seat, card),
                    if flying { "takes off" } else { "lands" }
                ),
                tone_of(seat),
            ),
            Event::Hid { seat, card } => {
                say(format!("{} is hidden.", theirs(seat, card)), tone_of(seat))
            }
            Event::Assisted {
                seat,
                helper,
                target,
                leadership,
                attacking,
            } => say(
                format!(
                    "{} gives {} +1 {} for the turn ({}).",
                    theirs(seat, helper),
                    name(target),
                    if attacking { "C" } else { "D" },
                    if leadership { "leadership" } else { "teamwork" }
                ),
                tone_of(seat),
            ),
            Event::Heroic { seat, hero, target } => say(
                format!(
                    "{} will take the first wound meant for {} (a heroic act).",
                    theirs(seat, hero),
                    name(target)
                ),
                Tone::Note,
            ),
            Event::Poisoned { card } => {
                say(format!("{} is poisoned: -1 D.", name(card)), Tone::Danger)
            }
            Event::Healed { seat, card, wounds } => say(
                format!(
                    "{} recovers from a wound: {}.",
                    theirs(seat, card),
                    match wounds {
                        0 => "healthy",
                        1 => "injured",
                        _ => "disabled",
                    }
                ),
                Tone::Note,
            ),
            Event::Rolled { seat, card, gave } => say(
                format!("{} rolls: {gave}.", theirs(seat, card)),
                tone_of(seat),
            ),
            Event::Blocked {
                seat,
                blocker,
                target,
            } => say(
                format!("{} blocks for {}.", theirs(seat, blocker), name(target)),
                Tone::Note,
            ),
            Event::Missed {
                attacker,
                target,
                value,
                defense,
            } => say(
                format!(
                    "{} (C {value}) cannot wound {} (D {defense}).",
                    name(attacker),
                    name(target)
                ),
                Tone::Quiet,
            ),
            Event::Negated { attacker, .. } => say(
                format!(
                    "{}'s attack is negated: its target is dead.",
                    name(attacker)
                ),
                Tone::Quiet,
            ),
            Event::Wounded {
                card,
                wounds,
                automatic,
                ..
            } => say(
                format!(
                    "{} takes {}wound: {}.",
                    name(card),
                    if automatic { "an automatic " } else { "a " },
                    match wounds {
                        1 => "injured",
                        _ => "disabled",
                    }
                ),
                Tone::Danger,
            ),
            Event::Unharmed { card, .. } => say(
                format!(
                    "{} is disabled already, and cannot be killed by this attack.",
                    name(card)
                ),
                Tone::Quiet,
            ),
            Event::Scored { seat, points, card } => say(
                format!(
                    "{} {} for disabling {}.",
                    voice.says(seat, "score", "scores"),
                    count(points, "point", "points"),
                    name(card)
                ),
                Tone::Note,
            ),
            Event::Killed { seat, card, .. } => say(
                format!(
                    "{} is killed: to {} graveyard.",
                    name(card),
                    voice.possessive(seat)
                ),
                Tone::Danger,
            ),
            Event::Recruited {
                seat,
                card,
                pay,
                cost,
            } => say(
                format!(
                    "{} {} (tapping {cost} {pay}).",
                    voice.says(seat, "recruit", "recruits"),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::Returned { seat, card } => say(
                format!(
                    "{} {} back from the holding area.",
                    voice.says(seat, "bring", "brings"),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::Evacuated {
                seat,
                card,
                pay,
                cost,
            } => say(
                format!(
                    "{} {} to the holding area (tapping {cost} {pay}).",
                    voice.says(seat, "evacuate", "evacuates"),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::Equipped {
                seat,
                card,
                holder,
                pay,
                cost,
            } => say(
                format!(
                    "{} {} with {} (tapping {cost} {pay}).",
                    voice.says(seat, "equip", "equips"),
                    name(holder),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::UsedItem { seat, card, holder } => say(
                format!("{} uses {}.", theirs(seat, holder), name(card)),
                tone_of(seat),
            ),
            Event::ItemHit {
                seat,
                card,
                holder,
                state,
            } => say(
                format!(
                    "{} {}.",
                    theirs(seat, card),
                    match state {
                        Some(ItemState::Disabled) =>
                            format!("takes the wound in place of {}: disabled", name(holder)),
                        Some(ItemState::KnockedAway) =>
                            format!("takes the wound in place of {}: knocked away", name(holder)),
                        _ => format!("is destroyed ({} keeps it no more)", name(holder)),
                    }
                ),
                Tone::Danger,
            ),
            Event::ItemBack {
                seat,
                card,
                repaired,
            } => say(
                format!(
                    "{} is {}.",
                    theirs(seat, card),
                    if repaired { "repaired" } else { "recovered" }
                ),
                tone_of(seat),
            ),
            Event::Played { seat, card, on } => say(
                format!(
                    "{} {}{}: {}",
                    voice.says(seat, "play", "plays"),
                    name(card),
                    on_words(g, on, voice),
                    g.pool.get(card).text()
                ),
                tone_of(seat),
            ),
            Event::Ended { seat, card } => say(
                format!("{} ends: to the discard pile.", theirs(seat, card)),
                Tone::Quiet,
            ),
            Event::Recalled { seat, card } => say(
                format!(
                    "{} {} back to the hand from the graveyard.",
                    voice.says(seat, "take", "takes"),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::Teleported {
                seat,
                card,
                to_hand,
            } => say(
                format!(
                    "{} teleports {}.",
                    theirs(seat, card),
                    if to_hand {
                        "back to its owner's hand"
                    } else {
                        "to the holding area"
                    }
                ),
                tone_of(seat),
            ),
            Event::Resurrected { seat, card } => say(
                format!(
                    "{} {} from the graveyard to the holding area.",
                    voice.says(seat, "bring", "brings"),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::Triggered { seat, card } => {
                let ability = g
                    .pool()
                    .get(card)
                    .character()
                    .and_then(|c| c.entering.as_ref())
                    .map(|e| e.text())
                    .unwrap_or_default();
                say(format!("{}: {ability}", theirs(seat, card)), tone_of(seat))
            }
            Event::Penalised { seat, points, card } => say(
                format!(
                    "{} {} for killing {} (the campaign's kill penalty).",
                    voice.says(seat, "lose", "loses"),
                    count(points, "point", "points"),
                    name(card)
                ),
                Tone::Danger,
            ),
            Event::BattleOver {
                battle,
                points,
                totals,
            } => {
                say(format!("--- Battle {battle} is over ---"), Tone::Heading);
                for (s, (p, total)) in points.iter().zip(&totals).enumerate() {
                    let seat = s as Seat;
                    say(
                        format!(
                            "{} {} in it; {total} in all.",
                            voice.says(seat, "scored", "scored"),
                            count(*p, "point", "points"),
                        ),
                        Tone::Note,
                    );
                }
            }
            Event::Regrouped {
                seat,
                held,
                discarded,
                reshuffled,
            } => {
                let names = |cards: &[crate::card::CardId]| {
                    let names: Vec<String> = cards.iter().map(|&c| name(c)).collect();
                    names.join(", ")
                };
                let mut parts = Vec::new();
                if !held.is_empty() {
                    parts.push(format!("{} to the holding area, healed", names(&held)));
                }
                if !discarded.is_empty() {
                    parts.push(format!(
                        "{} (disabled) to the discard pile",
                        names(&discarded)
                    ));
                }
                parts.push(format!(
                    "{} of the hand shuffled into the resources",
                    count(reshuffled, "card", "cards")
                ));
                say(
                    format!("Intermission, {}: {}.", voice.name(seat), parts.join("; ")),
                    tone_of(seat),
                );
            }
            Event::Disbanded { seat, card } => say(
                format!(
                    "{} is discarded from the holding area, over its intermission capacity of \
                     {}.",
                    theirs(seat, card),
                    crate::campaign::INTERMISSION_CAPACITY
                ),
                tone_of(seat),
            ),
            Event::BattleBegins {
                battle,
                first,
                chosen_by,
            } => say(
                format!(
                    "--- Battle {battle} begins: {} the first turn ({} choice) ---",
                    voice.says(first, "take", "takes"),
                    voice.possessive(chosen_by)
                ),
                Tone::Heading,
            ),
            Event::Dismissed { seat, card } => say(
                format!(
                    "{} is discarded from play: to the discard pile (no points).",
                    theirs(seat, card)
                ),
                tone_of(seat),
            ),
            Event::Swarmed { seat, card } => say(
                format!(
                    "{} makes a Swarm marker: another {} (worth no points).",
                    theirs(seat, card),
                    name(card)
                ),
                tone_of(seat),
            ),
            Event::CounterAttack {
                seat,
                attacker,
                target,
            } => say(
                format!(
                    "{} attacks {} back (Counter Attack).",
                    theirs(seat, attacker),
                    name(target)
                ),
                Tone::Danger,
            ),
            Event::Phased {
                seat,
                card,
                intangible,
            } => say(
                format!(
                    "{} turns {}.",
                    theirs(seat, card),
                    if intangible { "intangible" } else { "solid" }
                ),
                tone_of(seat),
            ),
            Event::Faded {
                seat,
                card,
                invisible,
            } => say(
                format!(
                    "{} turns {}.",
                    theirs(seat, card),
                    if invisible { "invisible" } else { "visible" }
                ),
                tone_of(seat),
            ),
            Event::Mastered {
                seat,
                by,
                owner,
                target,
                enslaved,
            } => say(
                format!(
                    "{} {} {}: it attacks for {}.",
                    theirs(seat, by),
                    if enslaved { "enslaves" } else { "possesses" },
                    theirs(owner, target),
                    voice.name(seat)
                ),
                Tone::Danger,
            ),
            Event::Mimicked {
                seat,
                card,
                ability,
            } => say(
                format!(
                    "{} takes {} until the end of the turn.",
                    theirs(seat, card),
                    ability.label()
                ),
                tone_of(seat),
            ),
            Event::Wrecked { seat, card } => say(
                format!("{} is destroyed: to the discard pile.", theirs(seat, card)),
                Tone::Danger,
            ),
            Event::Unplugged { seat, card } => say(
                format!(
                    "{}'s cybernetics are disabled: C 2, D 2.",
                    theirs(seat, card)
                ),
                Tone::Danger,
            ),
            Event::Freed { seat, card } => say(
                format!("{} is free of its marker.", theirs(seat, card)),
                tone_of(seat),
            ),
            Event::Countdown { left: 0 } => say(
                format!(
                    "Countdown: the last round; the {} after it.",
                    match g.campaign() {
                        true => "battle ends",
                        false => "game ends on points",
                    }
                ),
                Tone::Note,
            ),
            Event::Countdown { left } => say(
                format!(
                    "Countdown: {} after this one.",
                    count(left, "round", "rounds")
                ),
                Tone::Quiet,
            ),
            Event::Undone { seat, card, action } => say(
                match action {
                    Action::Recruit | Action::Equip => {
                        format!("{} is undone: to the discard pile.", theirs(seat, card))
                    }
                    Action::Evacuate => format!(
                        "{} is back in play: its move to the holding area is undone.",
                        theirs(seat, card)
                    ),
                    Action::Return => format!(
                        "{} is back in the holding area: its return is undone.",
                        theirs(seat, card)
                    ),
                    Action::Attack => format!("{}'s attack is called off.", theirs(seat, card)),
                },
                Tone::Danger,
            ),
            Event::Discarded { seat, card } => say(
                format!(
                    "{} {}.",
                    voice.says(seat, "discard", "discards"),
                    card.map_or_else(|| "a card".to_string(), name)
                ),
                Tone::Quiet,
            ),
            Event::Out { seat, why } => say(
                match why {
                    OutReason::Conceded => format!("{}.", voice.says(seat, "concede", "concedes")),
                    OutReason::Exhausted => format!(
                        "{} out: no character in play and no resources.",
                        voice.says(seat, "are", "is")
                    ),
                },
                Tone::Danger,
            ),
            Event::Over { winners, points } => {
                say(ended(winners, &points, g.goal, voice).text, Tone::Heading);
            }
        }
    }
    lines
}

/// The board as the browser draws it for one viewer.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    pub ruleset: &'static str,
    pub turn: u32,
    pub active: Seat,
    /// The step of the turn, in words.
    pub moment: String,
    pub goal: u32,
    /// In a countdown game (ruling M-30), the round under way and the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub countdown: Option<Countdown>,
    /// In a campaign (ruling M-45), the battle under way and its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<Campaign>,
    /// The points a holding area may hold now (doubled at an intermission).
    pub holding_capacity: u32,
    pub players: Vec<BoardPlayer>,
    pub attacks: Vec<(String, String)>,
    pub blocks: Vec<(String, String)>,
    /// Incidents in play: each card, who played it, on what.
    pub incidents: Vec<crate::ruleset::IncidentView>,
    /// The text of every card named on the board, by name.
    pub cards: BTreeMap<String, CardText>,
}

/// Where a countdown stands: the round under way (0 before the first) and the last.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Countdown {
    pub round: u32,
    pub of: u32,
}

/// Where a campaign stands: the battle under way (from 1) and the points that end it,
/// scored in it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Campaign {
    pub battle: u32,
    pub battle_value: u32,
}

/// One Beyonder on the board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardPlayer {
    pub seat: Seat,
    pub name: String,
    pub points: u32,
    /// In a campaign, the points scored in this battle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle_points: Option<u32>,
    pub hand_count: usize,
    /// The viewer's own hand; empty for another's.
    pub hand: Vec<String>,
    pub deck_count: usize,
    pub discard_count: usize,
    pub graveyard: Vec<String>,
    pub footholds: Vec<crate::ruleset::FootholdView>,
    pub characters: Vec<crate::ruleset::CharacterView>,
    pub holding: Vec<crate::ruleset::CharacterView>,
    pub holding_points: u32,
    pub out: bool,
    /// The team it plays for (its first seat), in a teams game.
    pub team: Option<Seat>,
}

/// A card's words, for a board's card dialog: its type line, then the lines of its sheet
/// (cost and stats, labels, text, art, flavour).
#[derive(Clone, Debug, Serialize)]
pub struct CardText {
    pub type_line: String,
    pub text: Vec<String>,
}

pub fn board(g: &MultiverseGame, voice: &Voice) -> Board {
    let view = g.view(voice.viewer);
    let mut cards = BTreeMap::new();
    let mut named = |name: &str| {
        if cards.contains_key(name) {
            return;
        }
        if let Some(id) = g.pool.id(name) {
            let card = g.pool.get(id);
            let mut sheet = g.pool.sheet(id).lines().map(String::from);
            // The sheet's first two lines are the name and the type line.
            let type_line = sheet.nth(1).unwrap_or_default();
            let text = CardText {
                type_line,
                text: sheet.collect(),
            };
            cards.insert(card.name.clone(), text);
        }
    };
    let players = view
        .players
        .into_iter()
        .enumerate()
        .map(|(s, p)| {
            let seat = s as Seat;
            let (hand_count, hand) = match p.hand {
                Ok(names) => (names.len(), names),
                Err(n) => (n, Vec::new()),
            };
            for n in hand.iter().chain(&p.graveyard) {
                named(n);
            }
            for f in &p.footholds {
                named(&f.name);
            }
            for c in p.characters.iter().chain(&p.holding) {
                named(&c.card);
                for item in &c.items {
                    named(&item.name);
                }
            }
            BoardPlayer {
                seat,
                name: voice.name(seat),
                points: p.points,
                battle_points: g.campaign().then(|| g.battle_points(seat)),
                hand_count,
                hand,
                deck_count: p.deck,
                discard_count: p.discard,
                graveyard: p.graveyard,
                footholds: p.footholds,
                characters: p.characters,
                holding: p.holding,
                holding_points: g.holding_points(seat),
                out: p.out,
                team: g.variant.teams.map(|_| g.team(seat)),
            }
        })
        .collect();
    let incidents = incidents(g, voice);
    for incident in &incidents {
        named(&incident.name);
    }
    Board {
        ruleset: "multiverse",
        turn: g.turn,
        active: g.active,
        moment: moment(g).into(),
        goal: g.goal,
        countdown: g.variant.rounds.map(|of| Countdown {
            round: g.rounds,
            of,
        }),
        campaign: g.battle_value().map(|battle_value| Campaign {
            battle: g.battle(),
            battle_value,
        }),
        holding_capacity: g.holding_capacity(),
        players,
        attacks: view.attacks,
        blocks: view.blocks,
        incidents,
        cards,
    }
}

/// The moment of the turn, in words: the step, or the incident window open.
fn moment(g: &MultiverseGame) -> &'static str {
    match g.step {
        Step::Incidents => g.window.name(),
        step => step.name(),
    }
}

/// The board as a terminal shows it to `voice`'s viewer.
pub fn page(g: &MultiverseGame, voice: &Voice) -> Page {
    let view = g.view(voice.viewer);
    let mut page = Page::default();
    page.push(Block::line(vec![Span::inked(
        Ink::Heading,
        format!(
            "Turn {}, {} turn: {}. First to {} points wins{}.",
            g.turn,
            voice.possessive(g.active),
            moment(g),
            g.goal,
            [
                g.battle_value().map(|value| format!(
                    "; battle {} of the campaign ends at {value} points scored in it",
                    g.battle()
                )),
                g.variant
                    .rounds
                    .map(|of| format!("; round {} of {of}", g.rounds)),
            ]
            .into_iter()
            .flatten()
            .collect::<String>()
        ),
    )]));
    let list = |head: String, items: Vec<String>| {
        Block::list(
            vec![Span::plain(head)],
            items.into_iter().map(|i| vec![Span::plain(i)]).collect(),
            "; ",
            4,
        )
    };
    for (s, p) in view.players.iter().enumerate() {
        let seat = s as Seat;
        let ink = if voice.is_you(seat) {
            Ink::Mine
        } else {
            Ink::Theirs
        };
        let hand = match &p.hand {
            Ok(names) => names.len(),
            Err(n) => *n,
        };
        page.push(Block::line(vec![Span::inked(
            ink,
            format!(
                "{}{}: {} points{}, {} in hand, {} in resources, {} discarded{}",
                cap(&voice.name(seat)),
                match g.variant.teams {
                    Some(_) => format!(" (team {})", g.team(seat) + 1),
                    None => String::new(),
                },
                p.points,
                match g.campaign() {
                    true => format!(" ({} this battle)", g.battle_points(seat)),
                    false => String::new(),
                },
                hand,
                p.deck,
                p.discard,
                if p.out { " (out of the game)" } else { "" }
            ),
        )]));
        let footholds: Vec<String> = p
            .footholds
            .iter()
            .map(|f| format!("{}{}", f.name, if f.tapped { " (tapped)" } else { "" }))
            .collect();
        if !footholds.is_empty() {
            page.push(list("  Footholds: ".into(), footholds));
        }
        // A held character is tapped until its player's next turn, when it may return.
        let chars = |list: &[crate::ruleset::CharacterView], held: bool| -> Vec<String> {
            list.iter()
                .map(|c| {
                    let items: Vec<String> = c
                        .items
                        .iter()
                        .map(|i| match i.state {
                            ItemState::Working => i.name.clone(),
                            ItemState::Disabled => format!("{} (disabled)", i.name),
                            ItemState::KnockedAway => format!("{} (knocked away)", i.name),
                        })
                        .collect();
                    format!(
                        "{} C{}/D{} {}{}{}",
                        c.name,
                        c.combat,
                        c.defense,
                        c.state,
                        match (held, c.tapped) {
                            (false, true) => ", tapped",
                            (true, true) => ", returns from the next turn",
                            _ => "",
                        },
                        if items.is_empty() {
                            String::new()
                        } else {
                            format!(", with {}", items.join(", "))
                        }
                    )
                })
                .collect()
        };
        if !p.characters.is_empty() {
            page.push(list("  Characters: ".into(), chars(&p.characters, false)));
        }
        if !p.holding.is_empty() {
            page.push(list(
                format!(
                    "  Holding area ({}/{}): ",
                    g.holding_points(seat),
                    g.holding_capacity()
                ),
                chars(&p.holding, true),
            ));
        }
        if !p.graveyard.is_empty() {
            page.push(list("  Graveyard: ".into(), p.graveyard.clone()));
        }
        if let Ok(names) = &p.hand {
            let hand = if names.is_empty() {
                vec!["none".to_string()]
            } else {
                names.clone()
            };
            page.push(list("  Your hand: ".into(), hand));
        }
    }
    let incidents = incidents(g, voice);
    if !incidents.is_empty() {
        let incidents = incidents
            .iter()
            .map(|i| format!("{} ({}, on {})", i.name, voice.name(i.seat), i.on))
            .collect();
        page.push(list("Incidents in play: ".into(), incidents));
    }
    if !view.attacks.is_empty() {
        let attacks = view
            .attacks
            .iter()
            .map(|(a, t)| format!("{a} attacks {t}"))
            .collect();
        page.push(list("Attacks: ".into(), attacks));
    }
    page
}

/// A card as `epic cards` lists it, with its sheet.
pub fn card_info(card: &Card) -> epic_game::CardInfo {
    let ch = card.character();
    epic_game::CardInfo {
        name: card.name.clone(),
        // A character's colour and origins; a foothold's energy.
        alignment: card.energies().replace(", ", "/"),
        kind: card.kind_word().into(),
        cost: Some(card.cost),
        offense: ch.map(|c| i32::from(c.combat)),
        defense: ch.map(|c| i32::from(c.defense)),
        keywords: if ch.is_some() {
            card.labels()
        } else {
            Vec::new()
        },
        classes: ch.map(|c| c.species.clone()).unwrap_or_default(),
        token: false,
        set: "starter".into(),
        text: card.text(),
        sheet: card.sheet(),
    }
}
