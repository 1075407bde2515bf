//! Combat (§Combat, F-14): attacks declared against characters with base C or a power,
//! blocks by team-mates, and the results in the order declared — wounds, automatic
//! wounds, points for a character made inactive, and deaths where the attacker may kill;
//! the abilities that change them (§Abilities).

use crate::abilities::{Abilities, Ability, AttackKind, Power};
use crate::card::{CardId, Character, Moral};
use crate::effect::Action;
use crate::effect::Effect;
use crate::events::Event;
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;
use rand::Rng;
use smallvec::SmallVec;

/// A character's powers ([`MultiverseGame::powers`]): a few, kept without allocating.
pub type Powers = SmallVec<[Power; 8]>;

/// Whether an attack of value `attack` against defense `defense` wounds: equal or
/// greater (ruling M-01).
pub fn wounds(attack: u8, defense: u8) -> bool {
    attack >= defense
}

impl MultiverseGame {
    /// Whether `attacker` may kill `target` (F-11.4): a villain or an insane character
    /// anyone, an anti-hero villains; no one an invulnerable character.
    pub fn may_kill(&self, attacker: &InPlay, target: &InPlay) -> bool {
        if self.has(target, Ability::Invulnerable) {
            return false;
        }
        let by_moral = match self.stats(attacker).moral {
            Moral::Villain => true,
            Moral::AntiHero => self.stats(target).moral == Moral::Villain,
            Moral::Hero => false,
        };
        by_moral || self.has(attacker, Ability::Insane)
    }

    pub(crate) fn stats(&self, ch: &InPlay) -> &Character {
        self.pool
            .get(ch.card)
            .character()
            .expect("characters in play are character cards")
    }

    /// The powers of a character in play, numbered from 1 in this order: its card's,
    /// the one Random Power rolled, Super Strength's Thrown Object 6, its weapons'
    /// attacks.
    pub fn powers(&self, ch: &InPlay) -> Powers {
        let c = self.stats(ch);
        let mut powers: Powers = c.powers.iter().copied().collect();
        powers.extend(ch.rolled);
        if self.has(ch, Ability::SuperStrength) {
            powers.push(Power {
                kind: AttackKind::Thrown,
                value: 6,
                latent: false,
                detail: 0,
            });
        }
        powers.extend(self.weapons(ch).map(|(_, p)| p));
        powers
    }

    /// The power an attack uses (`None`: base C).
    pub(crate) fn power_of(&self, ch: &InPlay, power: u8) -> Option<Power> {
        let i = usize::from(power).checked_sub(1)?;
        self.powers(ch).get(i).copied()
    }

    /// Its combat value now: its C with items and incidents ([`Self::modified`]), +1
    /// in a rage, teamwork and leadership.
    pub fn combat_value(&self, ch: &InPlay) -> u8 {
        self.modified(ch).0 + u8::from(ch.raging) + ch.boost.0
    }

    /// Its defense value now: its D with items and incidents, teamwork and leadership,
    /// less its poison markers and 1 in a rage.
    pub fn defense_value(&self, ch: &InPlay) -> u8 {
        (self.modified(ch).1 + ch.boost.1).saturating_sub(ch.poison + u8::from(ch.raging))
    }

    /// The value of an attack by `ch` with power number `power` (0: base C).
    pub fn attack_value(&self, ch: &InPlay, power: u8) -> u8 {
        self.power_of(ch, power)
            .map_or_else(|| self.combat_value(ch), |p| p.value)
    }

    /// `ch`'s defense against an attack of `kind`, before dice (F-13.2, F-13.4): against
    /// Psi, the greater of its printed D and its Psi; against anything else its defense,
    /// or while untapped its Psi or Magic Blast if greater; Resistant adds 3.
    pub fn defense_against(&self, ch: &InPlay, kind: AttackKind) -> u8 {
        let powers = self.powers(ch);
        let best = |kinds: &[AttackKind]| {
            powers
                .iter()
                .filter(|p| kinds.contains(&p.kind))
                .map(|p| p.value)
                .max()
                .unwrap_or(0)
        };
        let mut defense = if kind == AttackKind::Psi {
            self.modified(ch).1.max(best(&[AttackKind::Psi]))
        } else if !ch.tapped {
            self.defense_value(ch)
                .max(best(&[AttackKind::Psi, AttackKind::Magic]))
        } else {
            self.defense_value(ch)
        };
        if self.has(ch, Ability::Resistant(kind)) {
            defense += 3;
        }
        defense
    }

    /// The kind of an attack with power number `power`.
    fn kind_of(&self, ch: &InPlay, power: u8) -> AttackKind {
        self.power_of(ch, power)
            .map_or(AttackKind::Physical, |p| p.kind)
    }

    /// Whether `a` may attack `t` with an attack of `kind` now: a hidden target only
    /// with Keen Senses, a disabled one only if `a` may kill it (ruling M-03); in close
    /// combat flyers and characters on the ground meet only by Reach (Flight); never a
    /// character immune to the attack's kind.
    fn may_attack(&self, a: &InPlay, t: &InPlay, kind: AttackKind) -> bool {
        self.may_attack_knowing(a, self.abilities(a), t, self.abilities(t), kind)
    }

    /// [`Self::may_attack`] with the abilities `a` and `t` have now, looked up once for
    /// every target and power of an attacker.
    fn may_attack_knowing(
        &self,
        a: &InPlay,
        a_has: Abilities,
        t: &InPlay,
        t_has: Abilities,
        kind: AttackKind,
    ) -> bool {
        if t.hidden && !a_has.has(Ability::KeenSenses) {
            return false;
        }
        // A disabled character only by one that may kill it; a disabled independent
        // artifact by anyone, to destroy it (ruling M-44).
        if !t.active() && !self.may_kill(a, t) && !self.artifact(t) {
            return false;
        }
        if t_has.has(Ability::Immune(kind)) {
            return false;
        }
        if t.intangible && !matches!(kind, AttackKind::Psi | AttackKind::Magic) {
            return false;
        }
        if t.invisible && !a_has.has(Ability::KeenSenses) && !self.attacked_last(t.id, a.id) {
            return false;
        }
        if kind == AttackKind::Physical {
            if t.flying && !a.flying && !a_has.has(Ability::Reach) {
                return false;
            }
            if a.flying && !t.flying {
                return false;
            }
        }
        true
    }

    /// Whether `a` may declare an attack now: active, and untapped with no attack yet,
    /// or with Super Speed after its first.
    fn may_declare(&self, a: &InPlay) -> bool {
        a.active()
            && !a.intangible
            && !self.artifact(a)
            && match a.attacks {
                0 => !a.tapped,
                1 => self.has(a, Ability::SuperSpeed),
                _ => false,
            }
    }

    /// Every attack the active player may declare now, with each power; before the first,
    /// their flyers may land or take off; the end of attacks, unless a character with
    /// Rage that may attack has not.
    pub(crate) fn attack_options(&mut self) {
        let seat = self.active;
        let mut options = self.option_buffer();
        let mut modes: Vec<(u8, AttackKind)> = Vec::new();
        let mut raging = false;
        // Its own characters, but those another possesses or enslaves, and those it
        // possesses or enslaves (ruling M-36).
        let locks = self.locks();
        let attackers = (self.players.iter().enumerate())
            .flat_map(|(s, p)| p.characters.iter().map(move |c| (s as Seat, c)));
        for (owner, a) in attackers {
            let own = owner == seat && a.master.is_none();
            if !own && (a.master.is_none() || self.master_seat(a) != Some(seat)) {
                continue;
            }
            let lands = own && self.attacks.is_empty() && a.active() && !a.flew;
            if lands && self.has(a, Ability::Flight) {
                options.push(Choice::Fly { id: a.id });
            }
            if lands && self.has(a, Ability::Intangible) {
                options.push(Choice::Phase { id: a.id });
            }
            if lands && self.has(a, Ability::Invisible) {
                options.push(Choice::Fade { id: a.id });
            }
            if own && self.attacks.is_empty() {
                self.mimic_options(a, &mut options);
            }
            if !self.may_declare(a) {
                continue;
            }
            // Base C, then each power that attacks (not Latent Psi), with its kind:
            // listed once an attacker, not looked up again for each target.
            modes.clear();
            modes.push((0, AttackKind::Physical));
            modes.extend(
                (self.powers(a).iter().enumerate())
                    .filter(|(_, p)| !p.latent)
                    .map(|(i, p)| (i as u8 + 1, p.kind)),
            );
            let before = options.len();
            let a_has = self.abilities(a);
            let tech = a_has.has(Ability::Tech);
            for s in self.opponents(seat) {
                let locked = locks.iter().find(|(x, _)| *x == a.id).map(|&(_, l)| l);
                let targets = self.player(s).characters.iter();
                for t in targets.filter(|t| t.id != a.id && locked.is_none_or(|l| l == t.id)) {
                    let t_has = self.abilities(t);
                    for &(power, kind) in &modes {
                        if self.may_attack_knowing(a, a_has, t, t_has, kind) {
                            options.push(Choice::Attack {
                                attacker: a.id,
                                target: t.id,
                                power,
                            });
                        }
                    }
                    if tech && self.cyborg(t) && self.may_attack(a, t, AttackKind::Physical) {
                        options.push(Choice::Unplug {
                            attacker: a.id,
                            target: t.id,
                        });
                    }
                }
            }
            let can = options.len() > before;
            raging |= own && can && a.attacks == 0 && self.has(a, Ability::Rage);
        }
        self.assist_options(seat, false, &mut options);
        if !locks.is_empty() {
            self.drop_locked_by(locks, &mut options);
        }
        if !raging {
            options.push(Choice::EndAttacks);
        }
        self.options = options;
    }

    /// A marker toggled once a turn, before attacks (rulings M-15, M-33): `marker` of
    /// character `id` turned over; its card and the marker's new state.
    fn toggle(
        &mut self,
        id: CharId,
        marker: fn(&mut InPlay) -> &mut bool,
    ) -> Option<(CardId, bool)> {
        let c = self.character_mut(id)?;
        c.flew = true;
        let on = marker(c);
        *on = !*on;
        let now = *on;
        Some((c.card, now))
    }

    /// A flyer takes off or lands.
    pub(crate) fn fly(&mut self, seat: Seat, id: CharId) {
        if let Some((card, flying)) = self.toggle(id, |c| &mut c.flying) {
            self.events.push(Event::Flew { seat, card, flying });
        }
    }

    /// An intangible character turns solid, or a solid one intangible.
    pub(crate) fn phase(&mut self, seat: Seat, id: CharId) {
        if let Some((card, intangible)) = self.toggle(id, |c| &mut c.intangible) {
            self.events.push(Event::Phased {
                seat,
                card,
                intangible,
            });
        }
    }

    /// An invisible character turns visible, or a visible one invisible.
    pub(crate) fn fade(&mut self, seat: Seat, id: CharId) {
        if let Some((card, invisible)) = self.toggle(id, |c| &mut c.invisible) {
            self.events.push(Event::Faded {
                seat,
                card,
                invisible,
            });
        }
    }

    /// Whether `attacker` attacked `target` in its side's last turn (this turn's attacks
    /// count once made).
    fn attacked_last(&self, attacker: CharId, target: CharId) -> bool {
        self.last_attacks
            .iter()
            .any(|&(_, a, t)| a == attacker && t == target)
    }

    /// The pairs of characters locked in combat (ruling M-42), each pair both ways: a
    /// character with Arch-enemy (X) and the first X facing it in play, both active. Empty
    /// at once when no character in play has an arch-enemy.
    #[inline]
    pub(crate) fn locks(&self) -> Vec<(CharId, CharId)> {
        if self.players.iter().any(|p| p.arch_enemies) {
            self.find_locks()
        } else {
            Vec::new()
        }
    }

    fn find_locks(&self) -> Vec<(CharId, CharId)> {
        let mut pairs = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            for ch in p.characters.iter().filter(|c| c.active()) {
                let Some(x) = self.stats(ch).arch_enemy.as_deref() else {
                    continue;
                };
                let named = (self.opponents(s as Seat))
                    .flat_map(|o| &self.player(o).characters)
                    .find(|o| o.active() && self.pool.get(o.card).name.eq_ignore_ascii_case(x));
                if let Some(o) = named {
                    pairs.extend([(ch.id, o.id), (o.id, ch.id)]);
                }
            }
        }
        pairs
    }

    /// Drops the options by which a character locked in combat (ruling M-42) would act on
    /// a character other than its arch-enemy: blocks, help, heroic acts, abilities.
    #[inline]
    pub(crate) fn drop_locked(&self, options: &mut Vec<Choice>) {
        if self.players.iter().any(|p| p.arch_enemies) {
            self.drop_locked_by(self.find_locks(), options);
        }
    }

    fn drop_locked_by(&self, locks: Vec<(CharId, CharId)>, options: &mut Vec<Choice>) {
        options.retain(|c| {
            let (Some(by), Some(on)) = c.characters() else {
                return true;
            };
            let lock = locks.iter().find(|(a, _)| *a == by).map(|&(_, l)| l);
            lock.is_none_or(|l| on == by || on == l)
        });
    }

    /// Whether `ch` is an independent artifact (ruling M-44).
    pub(crate) fn artifact(&self, ch: &InPlay) -> bool {
        self.stats(ch).artifact.is_some()
    }

    /// Whether `ch` is a Cyborg now: by its card, an item, Mimic or a label an incident
    /// gave, its cybernetics working (ruling M-41).
    pub(crate) fn cyborg(&self, ch: &InPlay) -> bool {
        !ch.unplugged && (self.has(ch, Ability::Cyborg) || self.matches(ch, "Cyborg"))
    }

    /// A Cyborg's cybernetics disabled (ruling M-41): C 2, D 2, and what made it a Cyborg
    /// gone — the incidents in play that gave it the label are discarded (FX-6).
    pub(crate) fn unplug(&mut self, id: CharId) {
        let Some((seat, ch)) = self.character(id) else {
            return;
        };
        if !self.cyborg(ch) {
            return;
        }
        let card = ch.card;
        if let Some(c) = self.character_mut(id) {
            c.unplugged = true;
        }
        self.events.push(Event::Unplugged { seat, card });
        self.end_lasting(|g, l| {
            l.aim == Aim::Character { id }
                && g.pool.get(l.card).incident().is_some_and(|i| {
                    (i.effects.iter()).any(
                        |e| matches!(e, Effect::Label { label } if label.eq_ignore_ascii_case("Cyborg")),
                    )
                })
        });
    }

    /// An attack declared: the attacker taps (F-14.1), leaves hiding, and rages; `unplug`,
    /// it is made to disable the target's cybernetics (ruling M-41).
    pub(crate) fn declare_attack(
        &mut self,
        by: Seat,
        attacker: CharId,
        target: CharId,
        power: u8,
        unplug: bool,
    ) {
        let Some((defender, _)) = self.character(target) else {
            return;
        };
        let rage = self
            .character(attacker)
            .is_some_and(|(_, a)| self.has(a, Ability::Rage));
        if let Some(a) = self.character_mut(attacker) {
            a.tapped = true;
            a.hidden = false;
            a.attacks += 1;
            a.raging |= rage;
        }
        self.attacks.push(Attack {
            attacker,
            by,
            target,
            defender,
            power,
            unplug,
        });
        // Remembered for an invisible attacker only: the marker turns only before a
        // side's first attack, so a character visible now stays so until its side's next
        // turn, which forgets this one's attacks.
        if self.character(attacker).is_some_and(|(_, a)| a.invisible) {
            self.last_attacks.push((by, attacker, target));
        }
        let with = self
            .character(attacker)
            .and_then(|(_, a)| self.power_of(a, power));
        let card = |id| self.character(id).map(|(_, c)| c.card);
        let Some(attacker_card) = card(attacker) else {
            return;
        };
        if let Some(target) = card(target) {
            self.events.push(Event::Attacked {
                by,
                attacker: attacker_card,
                defender,
                target,
                power: with,
            });
        }
        // A response window, if an opponent's deck list answers attacks (FX-8).
        let answered = self
            .opponents(by)
            .any(|s| self.player(s).responses & Action::Attack.bit() != 0);
        if answered {
            let weapon = self
                .character(attacker)
                .and_then(|(_, a)| self.weapon_of(a, power));
            self.taken = Some(Taken {
                seat: by,
                action: Action::Attack,
                card: weapon.unwrap_or(attacker_card),
                id: attacker,
                before: None,
                kind: Some(with.map_or(AttackKind::Physical, |p| p.kind)),
                undone: false,
            });
            self.after_action();
        }
    }

    /// The weapon an attack with power `power` (1-based, 0: C) is made with, if any: the
    /// last powers are the weapons'.
    pub(crate) fn weapon_of(&self, ch: &InPlay, power: u8) -> Option<CardId> {
        let index = usize::from(power).checked_sub(1)?;
        let first = self.powers(ch).len() - self.weapons(ch).count();
        self.weapons(ch)
            .nth(index.checked_sub(first)?)
            .map(|(c, _)| c)
    }

    fn has_fear(&self, id: CharId) -> bool {
        self.character(id)
            .is_some_and(|(_, c)| self.has(c, Ability::Fear))
    }

    /// Whether `blocker` may stand in for an attack by `attacker`: not one with Fear
    /// (ruling M-16), unless the blocker is insane (M-37).
    fn blocks_against(&self, attacker: CharId, blocker: CharId) -> bool {
        !self.has_fear(attacker)
            || self
                .character(blocker)
                .is_some_and(|(_, b)| self.has(b, Ability::Insane))
    }

    /// The blocks `seat` may declare: an untapped, active character of its own blocks
    /// for an attacked team-mate (F-14.3), one blocker for each, and each blocker once;
    /// for a character attacked only by characters with Fear only an insane one (rulings
    /// M-16, M-37); not for an invisible one (M-33).
    pub(crate) fn block_options(&mut self, seat: Seat) {
        let mut options = self.option_buffer();
        let p = self.player(seat);
        let mut targets: Vec<CharId> = self
            .attacks
            .iter()
            .filter(|a| a.defender == seat)
            .map(|a| a.target)
            .filter(|t| !self.blocks.iter().any(|b| b.target == *t))
            .collect();
        targets.sort_unstable();
        targets.dedup();
        for &target in &targets {
            let Some(t) = p.characters.iter().find(|c| c.id == target && !c.invisible) else {
                continue;
            };
            let Some(team) = &self.stats(t).team else {
                continue;
            };
            for b in &p.characters {
                let free = !b.tapped
                    && b.active()
                    && b.master.is_none()
                    && b.id != target
                    && !self.blocks.iter().any(|x| x.blocker == b.id)
                    && (self.attacks.iter())
                        .any(|a| a.target == target && self.blocks_against(a.attacker, b.id));
                if free && self.stats(b).team.as_ref() == Some(team) {
                    options.push(Choice::Block {
                        blocker: b.id,
                        target,
                    });
                }
            }
        }
        self.assist_options(seat, true, &mut options);
        self.heroic_options(seat, &mut options);
        self.drop_locked(&mut options);
        options.push(Choice::EndBlocks);
        self.options = options;
    }

    /// A block declared: the blocker taps (glossary, Blocking).
    pub(crate) fn declare_block(&mut self, seat: Seat, blocker: CharId, target: CharId) {
        if let Some(b) = self.character_mut(blocker) {
            b.tapped = true;
        }
        self.blocks.push(Block { blocker, target });
        let card = |id| self.character(id).map(|(_, c)| c.card);
        if let (Some(blocker), Some(target)) = (card(blocker), card(target)) {
            self.events.push(Event::Blocked {
                seat,
                blocker,
                target,
            });
        }
    }

    /// Determine results (F-14.2 – F-14.5): each attack in the order declared, against
    /// the blocker of its target while the blocker lives (not an attack with Fear), then
    /// the target; attacks on a character that blocked give it an automatic wound each,
    /// afterwards.
    pub(crate) fn resolve_combat(&mut self) {
        let attacks = std::mem::take(&mut self.attacks);
        let blocks = std::mem::take(&mut self.blocks);
        let blocker_of = |target: CharId| blocks.iter().find(|b| b.target == target);
        let is_blocker = |id: CharId| blocks.iter().any(|b| b.blocker == id);
        for attack in &attacks {
            if self.winners.is_some() {
                break;
            }
            if is_blocker(attack.target) {
                continue;
            }
            let blocked = blocker_of(attack.target)
                .filter(|b| self.blocks_against(attack.attacker, b.blocker));
            let (defender, blocking) = match blocked {
                Some(b) if self.character(b.blocker).is_some() => (b.blocker, true),
                _ => (attack.target, false),
            };
            self.resolve_attack(attack, defender, blocking);
            self.counter_attack(attack, defender);
        }
        for attack in attacks.iter().filter(|a| is_blocker(a.target)) {
            if self.winners.is_some() {
                break;
            }
            if self.character(attack.target).is_some() {
                self.wound(attack, attack.target, true, true);
            }
        }
        self.heroics.clear();
    }

    /// Counter Attack (ruling M-27): the character `attack` struck, still in play and
    /// active, attacks its attacker back with C, as an attack of its own.
    fn counter_attack(&mut self, attack: &Attack, defender: CharId) {
        if self.winners.is_some() {
            return;
        }
        let (Some((seat, d)), Some((_, a))) =
            (self.character(defender), self.character(attack.attacker))
        else {
            return;
        };
        if !d.active() || !self.has(d, Ability::CounterAttack) {
            return;
        }
        if !self.may_attack(d, a, AttackKind::Physical) {
            return;
        }
        let (card, target) = (d.card, a.card);
        self.events.push(Event::CounterAttack {
            seat,
            attacker: card,
            target,
        });
        let counter = Attack {
            attacker: defender,
            by: seat,
            target: attack.attacker,
            defender: attack.by,
            power: 0,
            unplug: false,
        };
        self.resolve_attack(&counter, attack.attacker, false);
    }

    /// One attack against `defender`: it wounds when its value reaches the defense
    /// against its kind (a Vulnerable defender's less 1d3); Double Strike wounds twice;
    /// Vampirism and Poison follow a close-combat attack's success.
    fn resolve_attack(&mut self, attack: &Attack, defender: CharId, blocking: bool) {
        let (Some((_, a)), Some((_, d))) =
            (self.character(attack.attacker), self.character(defender))
        else {
            // Its target is dead: the attack is negated, the attacker stays tapped.
            let card = self.character(attack.attacker).map(|(_, c)| c.card);
            if let Some(attacker) = card {
                self.events.push(Event::Negated {
                    by: attack.by,
                    attacker,
                });
            }
            return;
        };
        let (a, d) = (*a, *d);
        let kind = self.kind_of(&a, attack.power);
        let value = self.attack_value(&a, attack.power);
        let mut defense = self.defense_against(&d, kind);
        if self.has(&d, Ability::Vulnerable(kind)) {
            defense = defense.saturating_sub(self.rng.gen_range(1..=3));
        }
        let immune = self.has(&d, Ability::Immune(kind));
        if immune || !wounds(value, defense) {
            self.events.push(Event::Missed {
                attacker: a.card,
                target: d.card,
                value,
                defense,
            });
            return;
        }
        if attack.unplug && self.cyborg(&d) {
            return self.unplug(defender);
        }
        let killing = blocking || self.may_kill(&a, &d);
        let strikes = if self.has(&a, Ability::DoubleStrike) {
            2
        } else {
            1
        };
        let (vampire, poison) = (
            self.has(&a, Ability::Vampirism),
            self.has(&a, Ability::Poison),
        );
        let enslaved = self.has(&a, Ability::Enslave);
        let masters = enslaved || (kind == AttackKind::Physical && self.has(&a, Ability::Possess));
        for _ in 0..strikes {
            self.wound(attack, defender, killing, false);
        }
        if masters {
            self.master(attack, defender, enslaved);
        }
        if kind != AttackKind::Physical {
            return;
        }
        if poison {
            if let Some(t) = self.character_mut(defender) {
                t.poison += 1;
                let card = t.card;
                self.events.push(Event::Poisoned { card });
            }
        }
        if vampire {
            let healed = self
                .character_mut(attack.attacker)
                .filter(|v| v.wounds > 0)
                .map(|v| {
                    v.wounds -= 1;
                    (v.card, v.wounds)
                });
            if let Some((card, wounds)) = healed {
                self.events.push(Event::Healed {
                    seat: attack.by,
                    card,
                    wounds,
                });
            }
        }
    }

    /// A wound to `id` from `attack`, unless one of its items takes it (F-9.2):
    /// injured, then disabled (worth its cost and its items' to the attacking player,
    /// F-11.3), then dead if it may be killed (F-11.4); a blocker may be killed by anyone
    /// (ruling M-02).
    fn wound(&mut self, attack: &Attack, id: CharId, killing: bool, automatic: bool) {
        if let Some(hero) = self.heroic_for(id) {
            let killing = self.character(attack.attacker).is_some_and(|(_, a)| {
                self.character(hero)
                    .is_some_and(|(_, h)| self.may_kill(a, h))
            });
            return self.wound(attack, hero, killing, automatic);
        }
        let Some((seat, ch)) = self.character(id) else {
            return;
        };
        let ch = *ch;
        if self.absorb(id) {
            return;
        }
        let invulnerable = self.has(&ch, Ability::Invulnerable);
        if ch.wounds >= DISABLED && self.artifact(&ch) {
            // A disabled independent artifact wounded again is destroyed (M-44).
            self.leave_play(seat, id, |p| &mut p.discard);
            self.events.push(Event::Wrecked {
                seat,
                card: ch.card,
            });
            return;
        }
        if ch.wounds >= DISABLED {
            if killing && !invulnerable {
                let worth = self.worth(seat, &ch);
                self.leave_play(seat, id, |p| &mut p.graveyard);
                self.events.push(Event::Killed {
                    seat,
                    card: ch.card,
                    automatic,
                });
                self.kill_penalty(attack.by, seat, ch.card, worth);
            } else {
                self.events.push(Event::Unharmed {
                    seat,
                    card: ch.card,
                });
            }
            return;
        }
        self.injure(attack.by, seat, &ch, automatic);
    }

    /// The seat a character bearing a Possess or Enslave marker attacks for: its
    /// marker's character's (ruling M-36).
    pub(crate) fn master_seat(&self, ch: &InPlay) -> Option<Seat> {
        ch.master.and_then(|m| self.character(m.by)).map(|(s, _)| s)
    }

    /// A successful attack by a character with Possess or Enslave: `defender`, still in
    /// play, bears its marker (ruling M-36), in place of any other.
    fn master(&mut self, attack: &Attack, defender: CharId, enslaved: bool) {
        let by = self.character(attack.attacker).map(|(_, c)| c.card);
        let Some(((owner, target), by)) =
            self.character(defender).map(|(s, c)| (s, c.card)).zip(by)
        else {
            return;
        };
        self.marked = true;
        if let Some(d) = self.character_mut(defender) {
            d.master = Some(Master {
                by: attack.attacker,
                enslaved,
            });
        }
        self.events.push(Event::Mastered {
            seat: attack.by,
            by,
            owner,
            target,
            enslaved,
        });
    }

    /// Frees every character whose Possess or Enslave marker no longer holds (ruling
    /// M-36): it is in a holding area, its marker's character left play or is disabled,
    /// an enslaver was wounded (`hurt`, the character just wounded), a possessor
    /// untapped. Nothing to look at while no marker was put.
    #[inline]
    pub(crate) fn free_markers(&mut self, hurt: Option<CharId>) {
        if self.marked {
            self.free_lapsed(hurt);
        }
    }

    fn free_lapsed(&mut self, hurt: Option<CharId>) {
        let lapsed = |g: &MultiverseGame, m: &Master| match g.character(m.by) {
            Some((_, by)) => {
                !by.active() || (m.enslaved && hurt == Some(m.by)) || (!m.enslaved && !by.tapped)
            }
            None => true,
        };
        let mut freed = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            let in_play = p
                .characters
                .iter()
                .filter(|c| c.master.is_some_and(|m| lapsed(self, &m)));
            let held = p.holding.iter().filter(|c| c.master.is_some());
            freed.extend(in_play.chain(held).map(|c| (s as Seat, c.id, c.card)));
        }
        self.marked = (self.players.iter())
            .flat_map(|p| p.characters.iter().chain(&p.holding))
            .any(|c| c.master.is_some() && !freed.iter().any(|&(_, id, _)| id == c.id));
        for (seat, id, card) in freed {
            let p = &mut self.players[usize::from(seat)];
            for c in p.characters.iter_mut().chain(&mut p.holding) {
                if c.id == id {
                    c.master = None;
                }
            }
            self.events.push(Event::Freed { seat, card });
        }
    }

    /// One more wound on `ch` (of `seat`), below dead: disabled, it is worth its points
    /// to `by` (F-11.3), unless `by` is its own player.
    pub(crate) fn injure(&mut self, by: Seat, seat: Seat, ch: &InPlay, automatic: bool) {
        let cost = self.worth(seat, ch);
        // An independent artifact is disabled by its first wound (ruling M-44).
        let wounds = if self.artifact(ch) {
            DISABLED
        } else {
            ch.wounds + 1
        };
        if let Some(c) = self.character_mut(ch.id) {
            c.wounds = wounds;
        }
        self.events.push(Event::Wounded {
            seat,
            card: ch.card,
            wounds,
            automatic,
        });
        self.free_markers(Some(ch.id));
        if wounds == DISABLED && by != seat && cost > 0 {
            self.events.push(Event::Scored {
                seat: by,
                points: cost,
                card: ch.card,
            });
            self.score(by, cost);
        }
    }
}
