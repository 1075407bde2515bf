//! What one seat's client is sent (docs/server.md, "The WebSocket"): the board from the
//! seat's [`View`] (a spectator's view holds public information only), the decision in
//! words with options for the deciding seat alone, and log lines told from the seat's
//! side ([`epic_words`]) from the events as that seat received them. Nothing here reads
//! the game beyond what the seat may see.

use epic_cards::CardPool;
use epic_engine::state::Phase;
use epic_engine::view::{CardView, ChampionView, View};
use epic_engine::{Choice, Entity, Event, Game, PlayerId, SPECTATOR};
use epic_model::{CardId, CardType};
use epic_words::log::{Decided, Told};
use epic_words::{Ink, Voice};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct State {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub game: String,
    pub seq: usize,
    pub seat: Option<PlayerId>,
    pub board: AnyBoard,
    pub decision: Option<DecisionOut>,
    pub log: Vec<LogLine>,
    pub result: Option<ResultOut>,
    pub deadline: Option<i64>,
    pub clock: Option<Clock>,
}

/// The game clocks of a live game (docs/server.md, "Timers").
#[derive(Clone, Debug, Serialize)]
pub struct Clock {
    /// Each seat's time left, in ms, when `since` began; `None` for a seat without one.
    pub left: Vec<Option<i64>>,
    /// When the deciding seat's clock started running down (ms since 1970).
    pub since: i64,
}

/// A board under either ruleset; its `ruleset` field tells the client which.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum AnyBoard {
    Epic(Board),
    Classic(crate::classic_board::ClassicBoard),
    Draft(crate::drafted::DraftBoard),
}

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

#[derive(Clone, Debug, Serialize)]
pub struct DecisionOut {
    pub seat: PlayerId,
    pub prompt: String,
    pub options: Vec<OptionOut>,
}

#[derive(Clone, Debug, Serialize)]
pub struct OptionOut {
    pub index: usize,
    pub label: String,
    pub card: Option<u32>,
    pub player: Option<PlayerId>,
    /// A draft's options: "pick", "cut", "restore" or "done", for the card `card`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LogLine {
    pub text: String,
    pub tone: Option<&'static str>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ResultOut {
    pub winners: Vec<PlayerId>,
    pub text: String,
}

/// How a seat is addressed: "you" for its own, and in a duel the other seat by its
/// player's name; a spectator names every seat.
pub fn voice(viewer: Option<PlayerId>, names: &[String]) -> Voice {
    match viewer {
        Some(seat) => Voice {
            viewer: seat,
            second_person: true,
            other: (names.len() == 2).then(|| names[1 - usize::from(seat.min(1))].clone()),
        },
        None => Voice::replay(SPECTATOR),
    }
}

/// Every card's rules text in words, by card id: made once, since a message carries the
/// text of every card it shows.
pub struct Texts(Vec<String>);

impl Texts {
    pub fn of(pool: &CardPool) -> Texts {
        Texts(
            (0..pool.len())
                .map(|i| epic_words::plain_symbols(&epic_cards::card_text(pool, CardId(i as u16))))
                .collect(),
        )
    }
}

/// What a board is drawn from: the cards and their texts.
#[derive(Clone, Copy)]
pub struct Cards<'a> {
    pub pool: &'a CardPool,
    pub texts: &'a Texts,
}

pub(crate) fn card(cards: Cards, obj: u32, id: CardId) -> Card {
    let pool = cards.pool;
    let def = pool.get(id);
    let champion = def.kind == CardType::Champion;
    Card {
        obj,
        name: epic_words::card_name(pool, id),
        kind: def.kind.name(),
        cost: def.cost,
        alignments: def.alignments.iter().map(|a| a.name()).collect(),
        text: cards.texts.0[usize::from(id.0)].clone(),
        offense: champion.then_some(i32::from(def.offense)),
        defense: champion.then_some(i32::from(def.defense)),
    }
}

fn known(cards: Cards, c: &CardView) -> Card {
    card(cards, c.obj.0, c.card)
}

fn champion(cards: Cards, c: &ChampionView) -> Champion {
    let mut base = card(cards, c.obj.0, c.card);
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
pub fn board(cards: Cards, view: &View, names: &[String], team_size: u8) -> Board {
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
                        place: epic_words::deck_place(d.from_top, p.deck_count),
                        card: known(cards, &d.card),
                    })
                    .collect(),
                hand: p.hand.iter().map(|c| known(cards, c)).collect(),
                discard: p.discard.iter().map(|c| known(cards, c)).collect(),
                eliminated: p.eliminated,
                god: p.god.as_ref().map(|c| known(cards, c)),
                team: (team_size > 1).then(|| p.seat / team_size),
            })
            .collect(),
        champions: view.champions.iter().map(|c| champion(cards, c)).collect(),
        resolving: view.resolving.iter().map(|c| known(cards, c)).collect(),
    }
}

/// The pending decision as `viewer` is told it: its options only if it is theirs.
/// `view` is the viewer's, whose option labels are the decision's.
pub fn decision(
    game: &Game,
    view: &View,
    viewer: Option<PlayerId>,
    voice: &Voice,
) -> Option<DecisionOut> {
    let d = game.decision()?;
    if viewer != Some(d.player) {
        return Some(DecisionOut {
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
        .map(|(index, (&choice, label))| OptionOut {
            index,
            label: epic_words::prompt::personal_label(label, voice),
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
    Some(DecisionOut {
        seat: d.player,
        prompt: epic_words::prompt::prompt(view, &d, voice),
        options,
    })
}

fn tone(ink: Option<Ink>) -> Option<&'static str> {
    Some(match ink? {
        Ink::Heading => "heading",
        Ink::Mine => "mine",
        Ink::Theirs => "theirs",
        Ink::Danger => "danger",
        Ink::Note => "note",
        Ink::Quiet | Ink::Aligned(_) => "quiet",
    })
}

/// The log lines of one decision for `viewer`: `events` as the game gave them, told
/// from the events that seat received; `decided` is the decision as they knew it.
pub fn told(
    pool: &CardPool,
    voice: &Voice,
    events: &[Event],
    decided: Option<&Decided>,
) -> Vec<LogLine> {
    let seen = epic_words::seat_events(events, voice.viewer);
    epic_words::log::tell(pool, voice, &seen, decided)
        .into_iter()
        .map(|Told { text, ink }| LogLine {
            text,
            tone: tone(ink),
        })
        .collect()
}

/// How the game ended, told to `voice`'s seat.
pub fn result(game: &Game, voice: &Voice) -> Option<ResultOut> {
    let r = game.result()?;
    Some(ResultOut {
        winners: r.winners.clone(),
        text: epic_words::result_line(game, voice),
    })
}
