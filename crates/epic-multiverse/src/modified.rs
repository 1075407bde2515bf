//! A character as it is now (F-10): its printed stats, abilities and labels, with what
//! its dice rolled, its working items and the incidents and device uses on it, applied in
//! the order they came (ruling M-24).

use crate::abilities::{Abilities, Ability, AttackKind, Power};
use crate::card::CardId;
use crate::effect::{Effect, Item, Target, WeaponAttack};
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;

impl MultiverseGame {
    /// The seat controlling character `id`, in play or held.
    pub(crate) fn controller(&self, id: CharId) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| {
                p.characters.iter().any(|c| c.id == id) || p.holding.iter().any(|c| c.id == id)
            })
            .map(|s| s as Seat)
    }

    /// The items attached to `ch` that work and that it may use (F-9.8), with their
    /// cards.
    pub(crate) fn working_items<'a>(
        &'a self,
        ch: &'a InPlay,
    ) -> impl Iterator<Item = (CardId, &'a Item)> + 'a {
        self.players
            .iter()
            .flat_map(|p| &p.items)
            .filter(move |e| e.holder == ch.id && e.state == ItemState::Working)
            .filter_map(|e| Some((e.card, self.pool.get(e.card).item()?)))
            .filter(move |(_, i)| self.may_use(ch, i))
    }

    /// The effects of a lasting incident or device use.
    pub(crate) fn effects_of(&self, l: &Lasting) -> &[Effect] {
        let card = self.pool.get(l.card);
        match (card.incident(), card.item()) {
            (Some(i), _) => &i.effects,
            (None, Some(i)) => &i.device,
            _ => &[],
        }
    }

    /// Whether lasting `l` acts on character `ch` (controlled by `seat`).
    fn aims_at(&self, l: &Lasting, seat: Seat, ch: &InPlay) -> bool {
        match l.aim {
            Aim::Character { id } => id == ch.id,
            Aim::Seat { seat: s } => self.allied(s, seat),
            // By the card's own labels: what a lasting effect reaches cannot hang on
            // the labels lasting effects give.
            Aim::All => match self.pool.get(l.card).incident().map(|i| &i.target) {
                Some(Target::Open { filter: Some(f) }) => self.printed_match(ch, f),
                _ => true,
            },
            _ => false,
        }
    }

    /// The lasting effects on `ch`, in the order they came.
    fn lasting_on<'a>(&'a self, ch: &'a InPlay) -> impl Iterator<Item = (&'a Lasting, &'a Effect)> {
        let seat = if self.lasting.is_empty() {
            None
        } else {
            self.controller(ch.id)
        };
        self.lasting
            .iter()
            .filter(move |l| seat.is_some_and(|s| self.aims_at(l, s, ch)))
            .flat_map(move |l| self.effects_of(l).iter().map(move |e| (l, e)))
    }

    /// Whether nothing in play changes a character: no item and no lasting effect, so
    /// that its card says all (the common case, looked up first).
    pub(crate) fn printed_only(&self) -> bool {
        self.lasting.is_empty() && self.players.iter().all(|p| p.items.is_empty())
    }

    /// Whether `ch` has `ability` now: printed, or given by a working item or a lasting
    /// effect, and not taken away by one.
    pub fn has(&self, ch: &InPlay, ability: Ability) -> bool {
        self.abilities(ch).has(ability)
    }

    /// Every ability `ch` has now ([`Self::has`]).
    pub fn abilities(&self, ch: &InPlay) -> Abilities {
        let mut set = self.pool.abilities(ch.card);
        // Most characters have what their card prints, and nothing else: answered first.
        let own = ch.immune_to.is_none() && ch.random.is_none() && ch.mimicked.is_none();
        if own && !ch.unplugged && self.printed_only() {
            return set;
        }
        if let Some(kind) = ch.immune_to {
            set = set.with(Ability::Immune(kind));
        }
        if let Some(a) = ch.random {
            set = set.with(a);
        }
        if let Some(a) = ch.mimicked {
            set = set.with(a);
        }
        if ch.unplugged {
            set = set.without(Ability::Cyborg);
        }
        if self.printed_only() {
            return set;
        }
        for (_, item) in self.working_items(ch) {
            set = item.grants.iter().fold(set, |s, &a| s.with(a));
        }
        for (_, e) in self.lasting_on(ch) {
            match e {
                Effect::Gain { ability } => set = set.with(*ability),
                Effect::Lose { ability } => set = set.without(*ability),
                _ => {}
            }
        }
        set
    }

    /// Whether `ch`'s card matches `word` (its species, labels, origins, colour).
    fn printed_match(&self, ch: &InPlay, word: &str) -> bool {
        self.pool.get(ch.card).matches(word)
    }

    /// Whether `ch` matches `word` now: its card does, or an effect gave it the label.
    pub fn matches(&self, ch: &InPlay, word: &str) -> bool {
        self.printed_match(ch, word)
            || self.lasting_on(ch).any(
                |(_, e)| matches!(e, Effect::Label { label } if label.eq_ignore_ascii_case(word)),
            )
    }

    /// Its labels given by effects (F-10.6).
    pub fn given_labels(&self, ch: &InPlay) -> Vec<String> {
        self.lasting_on(ch)
            .filter_map(|(_, e)| match e {
                Effect::Label { label } => Some(label.clone()),
                _ => None,
            })
            .collect()
    }

    /// The boost `ch` has from its player's independent artifacts that are not disabled,
    /// but its own (ruling M-44); none at a table whose decks hold no artifact.
    fn aura(&self, ch: &InPlay) -> (u8, u8) {
        if !self.players.iter().any(|p| p.artifacts) {
            return (0, 0);
        }
        let Some(seat) = self.controller(ch.id) else {
            return (0, 0);
        };
        (self.player(seat).characters.iter())
            .filter(|a| a.id != ch.id && a.active())
            .filter_map(|a| self.stats(a).artifact)
            .fold((0, 0), |(c, d), (x, y)| (c + x, d + y))
    }

    /// Its C and D before combat's own changes (rage, teamwork, poison): printed, plus
    /// its dice and working items, then each lasting effect in the order it came —
    /// additions (capped where the card says), "boosted to" (never lowering) and dice
    /// (which replace).
    pub fn modified(&self, ch: &InPlay) -> (u8, u8) {
        let c = self.stats(ch);
        // Cybernetics disabled, it is C 2, D 2 (ruling M-41).
        let base = if ch.unplugged {
            (2, 2)
        } else {
            (c.combat + ch.bonus.0, c.defense + ch.bonus.1)
        };
        if self.printed_only() {
            let (c, d) = self.aura(ch);
            return (base.0 + c, base.1 + d);
        }
        let (mut combat, mut defense) = (i16::from(base.0), i16::from(base.1));
        // What the independent artifacts of its player give (ruling M-44).
        let (c, d) = self.aura(ch);
        combat += i16::from(c);
        defense += i16::from(d);
        // A working item adds its boost; a built-in one is in the printed stats, and
        // takes its boost away when it does not work (F-9.7).
        for e in self.players.iter().flat_map(|p| &p.items) {
            if e.holder != ch.id {
                continue;
            }
            let Some(item) = self.pool.get(e.card).item() else {
                continue;
            };
            let works = e.state == ItemState::Working && self.may_use(ch, item);
            let sign = match (works, e.built_in) {
                (true, false) => 1,
                (false, true) => -1,
                _ => 0,
            };
            combat += sign * i16::from(item.boost.0);
            defense += sign * i16::from(item.boost.1);
        }
        for (l, e) in self.lasting_on(ch) {
            match *e {
                Effect::Boost {
                    combat: dc,
                    defense: dd,
                    max,
                } => {
                    let add = |stat: i16, by: i8, cap: Option<u8>| {
                        let raised = stat + i16::from(by);
                        match cap {
                            Some(cap) if by > 0 => stat.max(raised.min(i16::from(cap))),
                            _ => raised,
                        }
                    };
                    combat = add(combat, dc, max.map(|m| m.0));
                    defense = add(defense, dd, max.map(|m| m.1));
                }
                Effect::BoostTo {
                    combat: c,
                    defense: d,
                } => {
                    combat = combat.max(i16::from(c));
                    defense = defense.max(i16::from(d));
                }
                Effect::Dice { .. } => {
                    if let Some((c, d)) = l.rolled {
                        (combat, defense) = (i16::from(c), i16::from(d));
                    }
                }
                _ => {}
            }
        }
        let clamp = |n: i16| n.clamp(0, 99) as u8;
        (clamp(combat), clamp(defense))
    }

    /// The attacks its working weapons give (F-2.4), with their cards: close combat at
    /// its C plus the bonus, or a ranged power.
    pub fn weapons<'a>(&'a self, ch: &'a InPlay) -> impl Iterator<Item = (CardId, Power)> + 'a {
        self.working_items(ch).filter_map(|(card, i)| {
            let power = match i.attack? {
                WeaponAttack::Close { bonus } => Power {
                    kind: AttackKind::Physical,
                    value: self.combat_value(ch).saturating_add(bonus),
                    latent: false,
                    detail: 0,
                },
                WeaponAttack::Ranged { power } => power,
            };
            Some((card, power))
        })
    }

    /// Whether `ch` meets `item`'s requirement (F-9.8).
    pub(crate) fn may_use(&self, ch: &InPlay, item: &Item) -> bool {
        item.requires.as_ref().is_none_or(|r| self.matches(ch, r))
    }
}
