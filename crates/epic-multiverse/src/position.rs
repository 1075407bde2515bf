//! Any position set up directly, for rule tests and scenarios: each Beyonder's zones by
//! card name, whose turn it is and at which step, the game value.

use crate::card::CardId;
use crate::state::*;
use crate::{MultiverseGame, Pool};
use epic_game::{Seat, SetupError};
use std::sync::Arc;

/// A character placed in a position: its card, wounds, whether it is tapped, and the
/// items attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub name: String,
    pub wounds: u8,
    pub tapped: bool,
    /// Intangible (its marker).
    pub intangible: bool,
    /// Invisible (its marker).
    pub invisible: bool,
    /// A Swarm marker, not a card.
    pub marker: bool,
    pub items: Vec<(String, ItemState)>,
}

impl Placed {
    pub fn new(name: &str) -> Placed {
        Placed {
            name: name.into(),
            wounds: 0,
            tapped: false,
            intangible: false,
            invisible: false,
            marker: false,
            items: Vec::new(),
        }
    }

    pub fn marker(mut self) -> Placed {
        self.marker = true;
        self
    }

    pub fn invisible(mut self) -> Placed {
        self.invisible = true;
        self
    }

    pub fn intangible(mut self) -> Placed {
        self.intangible = true;
        self
    }

    /// With `item` attached, working.
    pub fn with(self, item: &str) -> Placed {
        self.with_item(item, ItemState::Working)
    }

    pub fn with_item(mut self, item: &str, state: ItemState) -> Placed {
        self.items.push((item.into(), state));
        self
    }

    pub fn wounded(mut self, wounds: u8) -> Placed {
        self.wounds = wounds;
        self
    }

    pub fn tapped(mut self) -> Placed {
        self.tapped = true;
        self
    }
}

/// One Beyonder's zones, by card name; the deck's last card is drawn first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatPosition {
    pub hand: Vec<String>,
    pub deck: Vec<String>,
    pub footholds: Vec<(String, bool)>,
    pub characters: Vec<Placed>,
    pub holding: Vec<String>,
    pub graveyard: Vec<String>,
    pub points: u32,
    /// Of its points, those scored in this battle of a campaign.
    pub battle_points: u32,
    pub played_foothold: bool,
}

/// A whole position: the seats, whose turn, the step waiting, the game value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub seats: Vec<SeatPosition>,
    pub active: Seat,
    /// Turns begun; above the seats' count, no seat is in its first turn.
    pub turn: u32,
    pub step: Step,
    pub goal: u32,
    pub seed: u64,
    /// Teams, a countdown or a campaign.
    pub variant: crate::variant::Variant,
    /// A campaign's battle under way, from 1.
    pub battle: u32,
}

impl Position {
    /// `seats` empty Beyonders, the first to act at its turn's foothold step, to 30
    /// points.
    pub fn new(seats: usize) -> Position {
        Position {
            seats: vec![SeatPosition::default(); seats],
            active: 0,
            turn: 10,
            step: Step::Foothold,
            goal: 30,
            seed: 0,
            variant: Default::default(),
            battle: 1,
        }
    }

    /// The game at this position, waiting on its step's decision.
    pub fn start(&self, pool: Arc<Pool>) -> Result<MultiverseGame, SetupError> {
        let id = |name: &str| {
            pool.id(name)
                .ok_or_else(|| SetupError::new(format!("no multiverse card is named '{name}'")))
        };
        let ids = |names: &[String]| names.iter().map(|n| id(n)).collect::<Result<Vec<_>, _>>();
        let seats = self.seats.len();
        if !(2..=crate::MAX_PLAYERS).contains(&seats) || usize::from(self.active) >= seats {
            return Err(SetupError::new(format!(
                "a position has 2 to {} seats, one of them active",
                crate::MAX_PLAYERS
            )));
        }
        if !self.variant.fits(seats) {
            return Err(SetupError::new("the seats do not make teams of one size"));
        }
        let mut g = MultiverseGame::blank(pool.clone(), seats, self.seed, self.goal);
        g.variant = self.variant;
        let mut next_id: CharId = 0;
        for (s, seat) in self.seats.iter().enumerate() {
            let mut p = Player {
                hand: ids(&seat.hand)?,
                deck: ids(&seat.deck)?,
                points: seat.points,
                banked: seat.points.saturating_sub(seat.battle_points),
                played_foothold: seat.played_foothold,
                turns: self.turn,
                ..Player::default()
            };
            for (name, tapped) in &seat.footholds {
                let card = id(name)?;
                let energy = pool.get(card).foothold().ok_or_else(|| {
                    SetupError::new(format!("seat {}: {name} is not a foothold", s + 1))
                })?;
                p.footholds.push(Foothold {
                    card,
                    energy,
                    tapped: *tapped,
                });
            }
            for c in &seat.characters {
                let card = character(&pool, &c.name, s)?;
                let fresh = InPlay {
                    id: next_id,
                    card,
                    ..InPlay::default()
                };
                next_id += 1;
                let mut ch = g.entering(s as Seat, fresh);
                ch.wounds = c.wounds.min(DISABLED);
                ch.tapped = c.tapped;
                ch.intangible = c.intangible;
                ch.invisible = c.invisible;
                ch.token = c.marker;
                for (item, state) in &c.items {
                    let card = id(item)?;
                    if pool.get(card).item().is_none() {
                        return Err(SetupError::new(format!(
                            "seat {}: {item} is not an item",
                            s + 1
                        )));
                    }
                    p.items.push(Equipped {
                        card,
                        holder: ch.id,
                        state: *state,
                        built_in: false,
                    });
                }
                p.characters.push(ch);
            }
            for name in &seat.holding {
                let card = character(&pool, name, s)?;
                p.holding.push(InPlay {
                    id: next_id,
                    card,
                    ..InPlay::default()
                });
                next_id += 1;
            }
            p.graveyard = ids(&seat.graveyard)?;
            // What its deck list holds: its hand and deck, and the cards in play.
            let in_play = p.characters.iter().chain(&p.holding).map(|c| c.card);
            let list: Vec<CardId> = p
                .hand
                .iter()
                .chain(&p.deck)
                .copied()
                .chain(in_play)
                .collect();
            p.read_deck_list(&pool, &list);
            g.players[s] = p;
            let placed = g.players[s].characters.clone();
            for ch in &placed {
                g.build_in(s as Seat, ch);
            }
        }
        // A flyer by its items is in flight, as one by its card (ruling M-15).
        for s in 0..seats {
            for i in 0..g.players[s].characters.len() {
                let ch = g.players[s].characters[i];
                if g.has(&ch, crate::abilities::Ability::Flight) {
                    g.players[s].characters[i].flying = true;
                }
            }
        }
        g.next_id = next_id;
        (g.first, g.active, g.chooser) = (self.active, self.active, self.active);
        g.battle = self.battle.max(1);
        g.turn = self.turn;
        g.step = self.step;
        g.over_limit = g.players[usize::from(self.active)].hand.len() > HAND;
        g.events.clear();
        g.run();
        Ok(g)
    }
}

fn character(pool: &Pool, name: &str, seat: usize) -> Result<CardId, SetupError> {
    let card = pool
        .id(name)
        .ok_or_else(|| SetupError::new(format!("no multiverse card is named '{name}'")))?;
    if pool.get(card).character().is_none() {
        return Err(SetupError::new(format!(
            "seat {}: {name} is not a character",
            seat + 1
        )));
    }
    Ok(card)
}
