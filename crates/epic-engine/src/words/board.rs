//! The 2017 game as the browser draws it for one seat ([`Board`], built from the seat's
//! [`View`]: a spectator's holds public information only), the pending decision with
//! options for the deciding seat alone ([`asked`]), log lines told from the seat's side
//! from the events as it received them ([`told`]), and the result ([`outcome`]).
//! Nothing here reads the game beyond what the seat may see.

use super::log::{Decided, Told};
use super::{Ink, Voice};
use crate::state::Phase;
use crate::view::{CardView, ChampionView, View};
use crate::{Choice, Entity, Event, Game, PlayerId};
use epic_cards::CardPool;
use epic_game::words::{Asked, Line, Offered, Outcome};
use epic_model::{CardId, CardType};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// Always "2017".
    pub ruleset: &'static str,
    pub turn: u16,
    pub active: PlayerId,
    pub phase: &'static str,
    pub initiative: Option<PlayerId>,
    pub attacker: Option<PlayerId>,
    pub defender: Option<PlayerId>,
    pub players: Vec<PlayerBoard>,
    pub champions: Vec<Champion>,
    pub resolving: Vec<Card>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayerBoard {
    pub seat: PlayerId,
    pub name: String,
    pub health: i32,
    pub gold: u8,
    pub hand_count: usize,
    pub deck_count: usize,
    /// The deck's cards everyone knows, top first (ruling H-33).
    pub deck_known: Vec<DeckCard>,
    pub hand: Vec<Card>,
    pub discard: Vec<Card>,
    pub eliminated: bool,
    pub god: Option<Card>,
    /// The Hydra team the seat plays on, from 0 (teams sit together); `None` when every
    /// player plays for themselves.
    pub team: Option<u8>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Card {
    pub obj: u32,
    pub name: String,
    pub kind: &'static str,
    pub cost: u8,
    pub alignments: Vec<&'static str>,
    pub text: String,
    pub offense: Option<i32>,
    pub defense: Option<i32>,
}

/// A card everyone knows lies in a deck, with its place counted from the top (0: the
/// top card) and in words ("bottom", "3rd from the top"), as the terminal says it.
#[derive(Clone, Debug, Serialize)]
pub struct DeckCard {
    pub from_top: usize,
    pub place: String,
    pub card: Card,
}

#[derive(Clone, Debug, Serialize)]
pub struct Champion {
    #[serde(flatten)]
    pub card: Card,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub token: bool,
    pub damage: u16,
    pub counters: u16,
    pub expended: bool,
    pub flipped: bool,
    pub deploying: bool,
    pub attacking: bool,
    pub blocking: bool,
    pub keywords: Vec<KeywordOut>,
}

#[derive(Clone, Debug, Serialize)]
pub struct KeywordOut {
    pub name: String,
    pub reminder: &'static str,
}

/// A card as the board shows it: `obj` is the number the viewer knows it by.
pub fn card(pool: &CardPool, obj: u32, id: CardId) -> Card {
    let def = pool.get(id);
    let champion = def.kind == CardType::Champion;
    Card {
        obj,
        name: super::card_name(pool, id),
        kind: def.kind.name(),
        cost: def.cost,
        alignments: def.alignments.iter().map(|a| a.name()).collect(),
        text: super::plain_symbols(&epic_cards::card_text(pool, id)),
        offense: champion.then_some(i32::from(def.offense)),
        defense: champion.then_some(i32::from(def.defense)),
    }
}

fn known(pool: &CardPool, c: &CardView) -> Card {
    card(pool, c.obj.0, c.card)
}

fn champion(pool: &CardPool, c: &ChampionView) -> Champion {
    let mut base = card(pool, c.obj.0, c.card);
    base.offense = Some(c.offense);
    base.defense = Some(c.defense);
    Champion {
        card: base,
        owner: c.owner,
        controller: c.controller,
        token: c.token,
        damage: c.damage,
        counters: c.counters,
        expended: c.expended,
        flipped: c.flipped,
        deploying: c.deploying,
        attacking: c.attacking,
        blocking: c.blocking,
        keywords: c
            .keywords
            .iter()
            .map(|k| KeywordOut {
                name: k.to_string(),
                reminder: k.reminder(),
            })
            .collect(),
    }
}

/// The board as `view`'s seat sees it; `names` are the seats' players, `team_size` the
/// players on each team (1: no teams).
pub fn board(pool: &CardPool, view: &View, names: &[String], team_size: u8) -> Board {
    Board {
        ruleset: "2017",
        turn: view.turn,
        active: view.active,
        phase: match view.phase {
            Phase::Setup => "setup",
            Phase::Start => "start",
            Phase::Main => "main",
            Phase::Battle => "battle",
            Phase::End => "end",
        },
        initiative: view.initiative,
        attacker: view.attacker,
        defender: view.defender,
        players: view
            .players
            .iter()
            .map(|p| PlayerBoard {
                seat: p.seat,
                name: names.get(usize::from(p.seat)).cloned().unwrap_or_default(),
                health: p.health,
                gold: p.gold,
                hand_count: p.hand_count,
                deck_count: p.deck_count,
                deck_known: p
                    .deck_known
                    .iter()
                    .map(|d| DeckCard {
                        from_top: d.from_top,
                        place: super::deck_place(d.from_top, p.deck_count),
                        card: known(pool, &d.card),
                    })
                    .collect(),
                hand: p.hand.iter().map(|c| known(pool, c)).collect(),
                discard: p.discard.iter().map(|c| known(pool, c)).collect(),
                eliminated: p.eliminated,
                god: p.god.as_ref().map(|c| known(pool, c)),
                team: (team_size > 1).then(|| p.seat / team_size),
            })
            .collect(),
        champions: view.champions.iter().map(|c| champion(pool, c)).collect(),
        resolving: view.resolving.iter().map(|c| known(pool, c)).collect(),
    }
}

/// The pending decision as `voice`'s viewer is told it: its options only if it is
/// theirs. `view` is the viewer's, whose option labels are the decision's.
pub fn asked(game: &Game, view: &View, voice: &Voice) -> Option<Asked> {
    let d = game.decision()?;
    if voice.viewer != Some(d.player) {
        return Some(Asked {
            seat: d.player,
            prompt: String::new(),
            options: Vec::new(),
        });
    }
    // The view is the decider's own, so it words every option.
    debug_assert_eq!(view.options.len(), game.options().len());
    let options = game
        .options()
        .iter()
        .zip(&view.options)
        .enumerate()
        .map(|(index, (&choice, label))| Offered {
            index,
            label: super::prompt::personal_label(label, voice)
                + super::prompt::nothing_note(game, choice),
            card: game.option_number(choice).map(|n| n.0),
            player: match choice {
                Choice::Player(p)
                | Choice::Assign {
                    to: Entity::Player(p),
                    ..
                } => Some(p),
                _ => None,
            },
            kind: None,
        })
        .collect();
    Some(Asked {
        seat: d.player,
        prompt: super::prompt::prompt(view, &d, voice),
        options,
    })
}

/// The log lines of one decision for `voice`'s viewer: `events` as the game gave them,
/// told from the events that seat received; `decided` is the decision as they knew it.
pub fn told(
    pool: &CardPool,
    voice: &Voice,
    events: &[Event],
    decided: Option<&Decided>,
) -> Vec<Line> {
    let seen = if voice.sees_all {
        events.to_vec()
    } else {
        super::seat_events(events, super::seat_of(voice))
    };
    super::log::tell(pool, voice, &seen, decided)
        .into_iter()
        .map(|Told { text, ink }| Line {
            text,
            tone: ink.and_then(Ink::tone),
        })
        .collect()
}

/// How the game ended, told to `voice`'s viewer.
pub fn outcome(game: &Game, voice: &Voice) -> Option<Outcome> {
    let r = game.result()?;
    Some(Outcome {
        winners: r.winners.clone(),
        text: super::result_line(game, voice),
    })
}
