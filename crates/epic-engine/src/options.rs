//! Options and decisions in words: what a player reads and what scenario files and the
//! terminal match against.

use crate::choice::{Choice, DecisionKind};
use crate::ids::{Entity, ObjId, ObjNum, PlayerId};
use crate::state::{Ask, Battle, GameState, Step};
use crate::stats::Look;
use epic_model::{AbilityKind, Action, Amount, CardPool, PowerCost, Trigger, Triggered};

/// "Player 1", "Player 2": seats are numbered from 1 for people.
pub fn player_name(p: PlayerId) -> String {
    format!("Player {}", p + 1)
}

fn card_name(st: &GameState, pool: &CardPool, o: ObjId) -> String {
    if !in_game(st, o) {
        return format!("unknown card {o}");
    }
    let def = pool.get(st.obj(o).card);
    if def.token {
        format!("{} token", def.name)
    } else {
        def.name.clone()
    }
}

fn entity_name(st: &GameState, pool: &CardPool, e: Entity) -> String {
    match e {
        Entity::Player(p) => player_name(p),
        Entity::Obj(o) => card_name(st, pool, o),
    }
}

/// A power's cost as printed: "{1}", "{expend}", "Break this card".
pub fn cost_text(costs: &[PowerCost]) -> String {
    costs
        .iter()
        .map(|c| match c {
            PowerCost::Gold(n) => format!("{{{n}}}"),
            PowerCost::Expend => "{expend}".to_string(),
            PowerCost::BreakThis => "Break this card".to_string(),
            PowerCost::RemoveCounter => "Remove a counter from this card".to_string(),
            PowerCost::Discard(n) => format!("Discard {n} card{}", if *n == 1 { "" } else { "s" }),
            PowerCost::BreakOwn => "Break a champion you control".to_string(),
            PowerCost::BanishFromDiscard(n) => format!(
                "Banish {n} card{} from your discard pile",
                if *n == 1 { "" } else { "s" }
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether the game has an object of this id (a corrupt save may name one it lacks).
fn in_game(st: &GameState, o: ObjId) -> bool {
    st.objs.get(o.0 as usize).is_some()
}

/// Whether every card a choice names exists, so it can be described.
fn names_known_cards(st: &GameState, pool: &CardPool, c: Choice) -> bool {
    let known = |o: ObjId| in_game(st, o);
    match c {
        Choice::Play { card, mode } => {
            known(card) && (pool.get(st.obj(card).card).modes.len() > mode as usize || mode == 0)
        }
        Choice::Power { card, index } => {
            known(card) && pool.get(st.obj(card).card).abilities.len() > index as usize
        }
        Choice::Card(o)
        | Choice::Assign {
            to: Entity::Obj(o), ..
        } => known(o),
        _ => true,
    }
}

/// A choice naming a card the game does not have, or a mode or power its card does not
/// have (from a corrupt save), in words.
fn unknown_label(st: &GameState, pool: &CardPool, c: Choice) -> String {
    let known = |o: ObjId| in_game(st, o);
    let id = |o: ObjId| format!("card {} (not in this game)", o.0);
    match c {
        Choice::Play { card, mode } if known(card) => format!(
            "Play {}, mode {} (it has no such mode)",
            card_name(st, pool, card),
            mode as u32 + 1
        ),
        Choice::Play { card, mode } => format!("Play {}, mode {}", id(card), mode as u32 + 1),
        Choice::Power { card, index } if known(card) => format!(
            "Use {}'s power {} (it has no such power)",
            card_name(st, pool, card),
            index as u32 + 1
        ),
        Choice::Power { card, index } => {
            format!("Use power {} of {}", index as u32 + 1, id(card))
        }
        Choice::Card(o)
        | Choice::Assign {
            to: Entity::Obj(o), ..
        } => format!("Pick {}", id(o)),
        _ => format!("{c:?}"),
    }
}

pub fn label(st: &GameState, pool: &CardPool, c: Choice) -> String {
    if !names_known_cards(st, pool, c) {
        return unknown_label(st, pool, c);
    }
    let kind = st.ask.as_ref().map(|a| a.kind);
    let look = Look::new(st, pool);
    match c {
        Choice::Pass => "Pass".into(),
        Choice::EndTurn => "End the turn".into(),
        Choice::Continue => "Continue the main phase".into(),
        Choice::DeclareBattle => "Declare a battle".into(),
        Choice::Cancel => "Cancel the battle".into(),
        Choice::Undo => "Undo the last play".into(),
        Choice::Done => match kind {
            Some(DecisionKind::Mulligan) if st.declaring.is_empty() => "Keep this hand".into(),
            Some(DecisionKind::Mulligan) => format!(
                "Mulligan {}",
                epic_game::words::count(st.declaring.len() as u64, "card", "cards")
            ),
            Some(DecisionKind::Attackers) => "Done choosing attackers".into(),
            Some(DecisionKind::Blockers) if st.declaring.is_empty() => "Do not block".into(),
            Some(DecisionKind::Blockers) => "Done choosing blockers".into(),
            Some(DecisionKind::DamageOrder | DecisionKind::AssignDamage) => {
                "Assign the rest of the damage, enough to break each in turn".into()
            }
            _ => "Done".into(),
        },
        Choice::Yes => match kind {
            Some(DecisionKind::Loyalty) => "Reveal cards for Loyalty".into(),
            Some(DecisionKind::ExcessDamage) => {
                let defender = st.battle.as_ref().map_or(0, |b| b.defender);
                format!(
                    "Apply {} excess damage to {}",
                    excess(st, pool),
                    player_name(defender)
                )
            }
            _ => "Yes".into(),
        },
        Choice::No => match kind {
            Some(DecisionKind::Loyalty) => "Do not reveal".into(),
            // With every blocker gone (4.4.12) declining deals the damage to no one.
            Some(DecisionKind::ExcessDamage)
                if st.battle.as_ref().is_some_and(|b| b.blockers.is_empty()) =>
            {
                "Deal no damage".into()
            }
            Some(DecisionKind::ExcessDamage) => "Assign all damage to the blockers".into(),
            _ => "No".into(),
        },
        Choice::Play { card, mode } => {
            let def = pool.get(st.obj(card).card);
            // A card an effect plays: free (Lesson Learned) or paid (Fairy Trickster).
            let free = if kind == Some(DecisionKind::Choose) {
                let step = st
                    .frames
                    .last()
                    .and_then(|f| crate::effects::script_steps(pool, f).get(f.pc as usize));
                match step.map(|s| &s.action) {
                    Some(Action::Play { free, .. }) => Some(*free),
                    _ => None,
                }
            } else {
                None
            };
            if free == Some(true) {
                return if def.modes.len() > 1 {
                    format!(
                        "Play {} (mode {}) without paying its cost",
                        def.name,
                        mode + 1
                    )
                } else {
                    format!("Play {} without paying its cost", def.name)
                };
            }
            let extra = def.modes.get(mode as usize).map_or(0, |m| m.extra_gold);
            let gold = def.cost + extra;
            if def.modes.len() > 1 {
                format!("Play {} (mode {}, {gold} gold)", def.name, mode + 1)
            } else {
                format!("Play {} ({gold} gold)", def.name)
            }
        }
        Choice::Power { card, index } => {
            let def = pool.get(st.obj(card).card);
            let cost = match &def.abilities[index as usize].kind {
                AbilityKind::Power(p) => cost_text(&p.costs),
                _ => String::new(),
            };
            let place = if st.obj(card).zone == crate::state::Zone::Discard {
                " in your discard pile"
            } else {
                ""
            };
            // Two powers with the same cost (Time Bender) are told apart by their number.
            let is_power = |a: &&epic_model::Ability| matches!(a.kind, AbilityKind::Power(_));
            let same_cost = def
                .abilities
                .iter()
                .filter(|a| matches!(&a.kind, AbilityKind::Power(p) if cost_text(&p.costs) == cost))
                .count();
            let nth = if same_cost > 1 {
                let n = def.abilities[..=index as usize]
                    .iter()
                    .filter(is_power)
                    .count();
                format!(" {n}")
            } else {
                String::new()
            };
            format!(
                "Use {}'s power{nth}{place} ({cost})",
                card_name(st, pool, card)
            )
        }
        Choice::Card(o) => {
            let name = card_name(st, pool, o);
            match kind {
                Some(DecisionKind::Mulligan) => format!("Mulligan {name}"),
                Some(DecisionKind::Attackers) => format!("Attack with {name}"),
                Some(DecisionKind::Blockers) => format!("Block with {name}"),
                Some(DecisionKind::Discard) => format!("Discard {name}"),
                Some(DecisionKind::Recycle) => format!("Recycle {name}"),
                Some(DecisionKind::KeepOne) => format!("Keep {name}"),
                Some(DecisionKind::Reveal) => format!("Reveal {name}"),
                Some(DecisionKind::DamageOrder) => format!("{name} assigns its damage next"),
                Some(DecisionKind::Target) => {
                    let whose = player_name(look.st.obj(o).controller);
                    format!("Target {name} ({whose})")
                }
                _ => format!("Choose {name}"),
            }
        }
        Choice::Player(p) => match kind {
            Some(DecisionKind::Target) => format!("Target {}", player_name(p)),
            Some(DecisionKind::Attackers) => format!("Attack {}", player_name(p)),
            _ => format!("Choose {}", player_name(p)),
        },
        Choice::Assign { to, amount } => {
            format!("Assign {amount} damage to {}", entity_name(st, pool, to))
        }
        // The branch's words come from the card language: front ends add them
        // (`epic_cards::steps_text`).
        Choice::Concede(p) => format!("{} concedes", player_name(p)),
        Choice::Branch(b) => match st.frames.last() {
            Some(f) => format!(
                "Take choice {} of {}'s ability",
                b as u32 + 1,
                pool.get(f.card).name
            ),
            None => format!("Take choice {}", b as u32 + 1),
        },
        Choice::Trigger(i) => match st.batch.get(i as usize) {
            Some(t) => {
                let def = pool.get(t.holder(st));
                let name = if def.token {
                    format!("{} token", def.name)
                } else {
                    def.name.clone()
                };
                let what = match crate::effects::triggered_at(pool, t.card, t.script) {
                    Some(tr) => trigger_name(tr),
                    _ => "ability".to_string(),
                };
                match t.subject {
                    Some(e) => format!(
                        "Resolve {name}'s {what} ({}) next",
                        entity_name(st, pool, e.entity)
                    ),
                    None => format!("Resolve {name}'s {what} next"),
                }
            }
            None => format!("{c:?}"),
        },
    }
}

/// How a triggered ability is called: "Tribute", "Loyalty 2", "wild ally ability".
fn trigger_name(t: &Triggered) -> String {
    match t.on {
        Trigger::EntersPlay if t.loyalty == epic_model::LOYALTY_X => "Loyalty X".into(),
        Trigger::EntersPlay if t.loyalty > 0 => format!("Loyalty {}", t.loyalty),
        Trigger::EntersPlay => "Tribute".into(),
        Trigger::Ally(a) => format!("{} ally ability", a.name()),
        Trigger::Attacks => "attack ability".into(),
        Trigger::Blocks => "block ability".into(),
        Trigger::DealsDamage
        | Trigger::DamagesPlayer
        | Trigger::DamagesOpponent
        | Trigger::DamagesChampion => "damage ability".into(),
        Trigger::Broken => "broken ability".into(),
        Trigger::OtherChampionBroken => "ability for a broken champion".into(),
        Trigger::StartOfYourTurn => "start-of-turn ability".into(),
        Trigger::EndOfTurn => "end-of-turn ability".into(),
        Trigger::PutIntoDiscard => "ability (put into the discard pile)".into(),
        Trigger::LeavesDiscard => "ability (left the discard pile)".into(),
        Trigger::Recalled => "recall ability".into(),
        Trigger::YouDraw => "draw ability".into(),
        Trigger::Blocked => "ability (blocked)".into(),
    }
}

/// The label of `c`, a choice of the pending decision, as `seat` may read it: in full
/// unless it names a card that seat cannot see (another player's mulligan pick, a card
/// chosen from a hand before it is shown, or a choice probing a card in another hand),
/// which it reads as "a card" from where that card is.
pub fn label_for(st: &GameState, pool: &CardPool, c: Choice, seat: PlayerId) -> String {
    let Some(ask) = st.ask.as_ref() else {
        return label(st, pool, c);
    };
    let secret = match c {
        Choice::Play { card: o, .. } | Choice::Power { card: o, .. } | Choice::Card(o) => {
            Some(o).filter(|&o| in_game(st, o) && !st.sees(seat, o))
        }
        _ => None,
    };
    let Some(o) = secret else {
        return label(st, pool, c);
    };
    let verb = match ask.kind {
        DecisionKind::Mulligan => "Mulligan",
        DecisionKind::Discard => "Discard",
        DecisionKind::Reveal => "Reveal",
        DecisionKind::Initiative => "Play",
        _ => "Choose",
    };
    let obj = st.obj(o);
    format!(
        "{verb} a card from {} {}",
        player_possessive(obj.owner),
        obj.zone.name()
    )
}

fn player_possessive(p: PlayerId) -> String {
    format!("{}'s", player_name(p))
}

/// Labels for a list of options, with the object's number ("#57") added where two
/// would read the same (two Wolf tokens), or a count where even that does not tell them
/// apart.
pub fn labels(st: &GameState, pool: &CardPool, options: &[Choice]) -> Vec<String> {
    let mut out: Vec<String> = options.iter().map(|&c| label(st, pool, c)).collect();
    let mut groups: std::collections::HashMap<&str, Vec<usize>> = Default::default();
    for (i, l) in out.iter().enumerate() {
        groups.entry(l.as_str()).or_default().push(i);
    }
    let mut renamed: Vec<(usize, String)> = Vec::new();
    for same in groups.values().filter(|g| g.len() > 1) {
        let nums: Vec<Option<ObjNum>> = same.iter().map(|&j| number_of(st, options[j])).collect();
        let distinct = nums.iter().all(Option::is_some)
            && (1..nums.len()).all(|k| !nums[..k].contains(&nums[k]));
        for (n, &i) in same.iter().enumerate() {
            let text = match nums[n] {
                Some(num) if distinct => format!("{} {num}", out[i]),
                _ => format!("{} ({})", out[i], n + 1),
            };
            renamed.push((i, text));
        }
    }
    for (i, text) in renamed {
        out[i] = text;
    }
    out
}

/// The number of the object an option is about, as its decider sees it.
pub(crate) fn number_of(st: &GameState, c: Choice) -> Option<ObjNum> {
    let obj = |o: ObjId| st.objs.get(o.0 as usize).map(|x| x.number);
    match c {
        Choice::Play { card, .. } | Choice::Power { card, .. } | Choice::Card(card) => obj(card),
        Choice::Trigger(i) => st.batch.get(i as usize).map(|t| t.source_number),
        Choice::Assign {
            to: Entity::Obj(o), ..
        } => obj(o),
        _ => None,
    }
}

/// A few words for what an optional step would do, for the "you may" question.
fn action_phrase(a: &Action) -> String {
    let n = |n: &Amount| match n {
        Amount::Fixed(v) => v.to_string(),
        _ => "X".to_string(),
    };
    match a {
        Action::Bind(_) => "choose".into(),
        Action::Draw { n: k, .. } => format!("draw {}", n(k)),
        Action::Discard { n: k, .. } => format!("discard {}", n(k)),
        Action::BanishFromHand { n: k, .. } => format!("banish {} from hand", n(k)),
        Action::PayGold(g) => format!("pay {g} gold"),
        Action::GainGold { n: g, .. } => format!("gain {g} gold"),
        Action::RevealTop { n: k, .. } => format!("reveal the top {} cards of a deck", n(k)),
        Action::BreaksOwn(_) => "break a champion they control".into(),
        Action::WinWithHealth { .. } => "win the game".into(),
        Action::LoseAbilities(_) => "take champions' abilities away this turn".into(),
        Action::Grant { .. } => "give champions an ability".into(),
        Action::Play { free: true, .. } => "play a card without paying its cost".into(),
        Action::Play { free: false, .. } => "play it, paying its cost".into(),
        Action::GainHealth { n: k, .. } => format!("gain {} health", n(k)),
        Action::LoseHealth { n: k, .. } => format!("pay {} health", n(k)),
        Action::Damage { n: k, .. } => format!("deal {} damage", n(k)),
        Action::DamageDivided { total, .. } => format!("deal {total} damage divided"),
        Action::DamageInOrder { .. } => "deal damage".into(),
        Action::Break(_) => "break a champion".into(),
        Action::Banish(_) => "banish a card".into(),
        Action::ReturnToHand(_) => "return a card to its owner's hand".into(),
        Action::PutIntoPlay { .. } => "put a champion into play".into(),
        Action::Transform { token, .. } => format!("transform a champion into a {token} token"),
        Action::Expend(_) => "expend champions".into(),
        Action::Prepare(_) => "prepare champions".into(),
        Action::Modify { .. } => "change a champion this turn".into(),
        Action::AddCounters { .. } => "put counters on a champion".into(),
        Action::GainControl { .. } => "gain control of a champion".into(),
        Action::CreateTokens { token, n: k, .. } => {
            let tokens = if matches!(k, Amount::Fixed(1)) { "token" } else { "tokens" };
            format!("put {} {token} {tokens} into play", n(k))
        }
        Action::Recycle => "recycle (two cards from your discard pile to the bottom of your deck, then draw a card)".into(),
        Action::Recall => "recall this card".into(),
        Action::NoAttacksThisTurn => "stop all attacks this turn".into(),
        Action::RemoveFromBattle(_) => "remove champions from battle".into(),
        Action::EachKeepsOneBreakRest => "keep one champion each and break the rest".into(),
        Action::JoinBattle { .. } => "have one of your champions join the battle".into(),
        Action::AtEndOfTurn(inner) => action_phrase(inner),
        Action::Either(_) => "choose what happens".into(),
        Action::CannotGainHealth(_) => "stop a player gaining health this turn".into(),
        Action::EachMayPutFromHand => "put a champion from your hand into play".into(),
        Action::Reenter(_) => "remove a champion from play and return it".into(),
    }
}

/// Breakthrough's excess damage in the battle now (4.4.11a).
fn excess(st: &GameState, pool: &CardPool) -> u32 {
    crate::stats::Look::new(st, pool).breakthrough_excess()
}

/// The running totals while damage is divided (4.4.11b): for each champion that may
/// receive it, what is assigned to it so far in this step and what would break it
/// ("2 of 4 to break Wolf token #60"), numbered where two share a name.
fn assigned_so_far(st: &GameState, pool: &CardPool, b: &Battle, blockers_side: bool) -> String {
    let look = Look::new(st, pool);
    let recipients = b.sides(blockers_side).1;
    let names: Vec<String> = recipients.iter().map(|&r| card_name(st, pool, r)).collect();
    let totals: Vec<String> = recipients
        .iter()
        .zip(&names)
        .map(|(&r, name)| {
            let so_far = b.assigned_to(r);
            let breaks = (look.defense(r) - i32::from(st.obj(r).damage)).max(0);
            let number = if names.iter().filter(|&n| n == name).count() > 1 {
                format!(" {}", st.obj(r).number)
            } else {
                String::new()
            };
            format!("{so_far} of {breaks} to break {name}{number}")
        })
        .collect();
    totals.join(", ")
}

/// A sentence saying what is being decided.
pub fn prompt(st: &GameState, pool: &CardPool, ask: &Ask) -> String {
    let who = player_name(ask.player);
    let source = st
        .frames
        .last()
        .map(|f| pool.get(f.card).name.clone())
        .unwrap_or_default();
    match ask.kind {
        DecisionKind::Mulligan => {
            format!("{who}: choose cards to mulligan (1 health each), then keep the hand")
        }
        DecisionKind::Initiative => match st.step {
            Step::Initiative { .. } => format!(
                "{who} has initiative ({})",
                st.exchange_rule().unwrap_or("4.1")
            ),
            _ => format!("{who} has initiative"),
        },
        DecisionKind::ContinueOrEnd => {
            format!("{who}: opponents made plays; continue the main phase or end the turn")
        }
        DecisionKind::Attackers => format!("{who}: choose attacking champions"),
        DecisionKind::Blockers => format!("{who}: choose blocking champions"),
        DecisionKind::AssignDamage => match (st.step, st.battle.as_ref()) {
            (
                Step::AssignDamage {
                    left,
                    blockers_side,
                },
                Some(b),
            ) => {
                let name = b
                    .assigning
                    .map_or_else(String::new, |o| card_name(st, pool, o));
                let totals = assigned_so_far(st, pool, b, blockers_side);
                format!("{who}: assign {left} damage from {name} (so far: {totals})")
            }
            _ => format!("{who}: assign damage"),
        },
        DecisionKind::DamageOrder => {
            format!("{who}: choose which champion assigns its damage next (4.4.11b)")
        }
        DecisionKind::ExcessDamage => format!(
            "{who}: apply breakthrough's {} excess damage to the defending player (4.4.11a)?",
            excess(st, pool)
        ),
        DecisionKind::Target => format!("{who}: choose a target for {source}"),
        DecisionKind::Choose => format!("{who}: choose for {source}"),
        DecisionKind::May => {
            let step = st
                .frames
                .last()
                .and_then(|f| crate::effects::script_steps(pool, f).get(f.pc as usize));
            match step {
                Some(s) => format!(
                    "{who}: {source} — you may {}. Do it?",
                    action_phrase(&s.action)
                ),
                None => format!("{who}: {source} — do you want to?"),
            }
        }
        DecisionKind::Loyalty => format!("{who}: reveal cards for {source}'s Loyalty?"),
        // Recycling takes two cards (5.5), one at a time.
        DecisionKind::Recycle => {
            format!("{who}: choose a card to recycle ({} of 2)", picked(st) + 1)
        }
        DecisionKind::Discard => format!("{who}: choose a card to discard"),
        DecisionKind::OrderTriggers => {
            format!("{who}: choose which of your triggered abilities resolves next")
        }
        DecisionKind::KeepOne => format!("{who}: choose the champion you keep"),
        DecisionKind::Reveal => {
            let loyalty = st
                .frames
                .last()
                .map(|f| crate::effects::loyalty_of(pool, f));
            let count = match loyalty {
                Some(x) if x != epic_model::LOYALTY_X && x > 0 => {
                    format!(" ({} of {x})", picked(st) + 1)
                }
                _ => String::new(),
            };
            format!("{who}: choose a card to reveal for {source}'s Loyalty{count}")
        }
    }
}

/// The cards picked so far by the effect resolving now.
fn picked(st: &GameState) -> usize {
    st.frames.last().map_or(0, |f| f.picks.len())
}
