//! What one player may see (rule 1.10): public information and their own hand. Deck
//! order never appears, but for cards everyone saw on top of a deck or going to its
//! bottom; an opponent's hand is a count, plus any card revealed from it or known in it
//! (seen by everyone going there).
//! Objects are named by their numbers ([`ObjNum`]), new each time a card changes zone,
//! never by the engine's own ids.

use crate::ids::{ObjId, ObjNum, PlayerId};
use crate::state::{GameState, Phase, Step, Window, Zone};
use crate::stats::Look;
use epic_model::{Alignments, CardId, CardPool, Keyword};
use serde::{Deserialize, Serialize};

/// A champion in play as everyone sees it, with derived stats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChampionView {
    pub obj: ObjNum,
    pub card: CardId,
    pub name: String,
    pub token: bool,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub offense: i32,
    pub defense: i32,
    pub damage: u16,
    pub counters: u16,
    pub expended: bool,
    pub flipped: bool,
    pub deploying: bool,
    pub keywords: Vec<Keyword>,
    pub attacking: bool,
    pub blocking: bool,
}

/// A card whose identity the viewer knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    pub obj: ObjNum,
    pub card: CardId,
    pub name: String,
}

/// A card everyone knows lies in a deck (ruling H-33), and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckCardView {
    /// Its place counted from the top: 0 is the top card, `deck_count - 1` the bottom.
    pub from_top: usize,
    pub card: CardView,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: PlayerId,
    pub health: i32,
    pub gold: u8,
    /// Gold this turn that pays only for cards of `bonus_for` and their powers
    /// (Brachiosaurus).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bonus_gold: u8,
    #[serde(default, skip_serializing_if = "no_alignments")]
    pub bonus_for: Alignments,
    pub hand_count: usize,
    pub deck_count: usize,
    /// The deck's cards everyone knows, top first: revealed on top of it, or seen going
    /// alone to its bottom (a banished champion), until they leave it. Its order is
    /// otherwise never shown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deck_known: Vec<DeckCardView>,
    pub discard: Vec<CardView>,
    /// The viewer's own hand in full; for others, only cards revealed right now (1.4.8)
    /// and cards everyone saw go into the hand or revealed there, until they leave it.
    pub hand: Vec<CardView>,
    pub eliminated: bool,
    /// The God card this player brought, face up in the Supplemental zone (2.4.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub god: Option<CardView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: PlayerId,
    pub turn: u16,
    pub active: PlayerId,
    pub phase: Phase,
    pub initiative: Option<PlayerId>,
    /// Which exchange of initiative is open (main phase, end of turn, before blocks,
    /// before damage), while a player holds initiative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<Window>,
    /// The last player to make a play in the open exchange: the one the holder would be
    /// responding to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_play: Option<PlayerId>,
    pub players: Vec<PlayerView>,
    pub champions: Vec<ChampionView>,
    /// Events being played right now.
    pub resolving: Vec<CardView>,
    pub attacker: Option<PlayerId>,
    pub defender: Option<PlayerId>,
    pub blocked: bool,
    /// The viewer's options in words, when the pending decision is theirs.
    pub options: Vec<String>,
    pub deciding: Option<PlayerId>,
    pub winners: Option<Vec<PlayerId>>,
}

impl View {
    pub fn new(st: &GameState, pool: &CardPool, viewer: PlayerId) -> View {
        let look = Look::new(st, pool);
        let card_view = |o: ObjId| CardView {
            obj: st.obj(o).number,
            card: st.obj(o).card,
            name: pool.get(st.obj(o).card).name.clone(),
        };
        let players = st
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = i as PlayerId;
                let hand = p
                    .hand
                    .iter()
                    .copied()
                    .filter(|&o| st.sees(viewer, o))
                    .map(card_view)
                    .collect();
                PlayerView {
                    seat,
                    health: p.health,
                    gold: p.gold,
                    bonus_gold: p.bonus_gold,
                    bonus_for: p.bonus_for,
                    hand_count: p.hand.len(),
                    deck_count: p.deck.len(),
                    // The deck's top card is its last.
                    deck_known: p
                        .deck
                        .iter()
                        .rev()
                        .enumerate()
                        .filter(|&(_, &o)| st.sees(viewer, o))
                        .map(|(from_top, &o)| DeckCardView {
                            from_top,
                            card: card_view(o),
                        })
                        .collect(),
                    discard: p.discard.iter().copied().map(card_view).collect(),
                    hand,
                    eliminated: p.eliminated,
                    god: st.gods_of(seat).next().map(card_view),
                }
            })
            .collect();
        let champions = st
            .in_play
            .iter()
            .copied()
            .filter(|&o| st.obj(o).zone == Zone::InPlay)
            .map(|o| {
                let obj = st.obj(o);
                let def = pool.get(obj.card);
                ChampionView {
                    obj: obj.number,
                    card: obj.card,
                    name: def.name.clone(),
                    token: def.token,
                    owner: obj.owner,
                    controller: obj.controller,
                    offense: look.offense(o),
                    defense: look.defense(o),
                    damage: obj.damage,
                    counters: obj.counters,
                    expended: obj.expended,
                    flipped: obj.flipped,
                    deploying: obj.deploying,
                    keywords: look.keywords(o).iter().collect(),
                    attacking: look.attacking(o),
                    blocking: look.blocking(o),
                }
            })
            .collect();
        let ask = st.ask.as_ref();
        View {
            viewer,
            turn: st.turn,
            active: st.active,
            phase: st.phase,
            initiative: st.initiative(),
            window: match st.step {
                Step::Initiative { window, .. } => Some(window),
                _ => None,
            },
            last_play: match st.step {
                Step::Initiative { last, .. } => last,
                _ => None,
            },
            players,
            champions,
            resolving: st.supplemental.iter().copied().map(card_view).collect(),
            attacker: st.battle.as_ref().map(|b| b.attacker),
            defender: st.battle.as_ref().map(|b| b.defender),
            blocked: st.battle.as_ref().is_some_and(|b| b.blocked),
            options: ask
                .filter(|a| a.player == viewer)
                .map_or_else(Vec::new, |a| crate::options::labels(st, pool, &a.options)),
            deciding: ask.map(|a| a.player),
            winners: st.is_over().then(|| st.winners.to_vec()),
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn no_alignments(a: &Alignments) -> bool {
    a.is_empty()
}
