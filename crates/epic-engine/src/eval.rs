//! The position evaluation the greedy bot maximises.
//!
//! A score is from one player's point of view (higher is better for them) and is built
//! only from what that player may see (rule 1.10): the engine's [`View`] for them plus
//! the public parts of the state (the turn step, the battle, the champions being
//! declared as attackers or blockers). Hidden cards only count as numbers.
//!
//! The terms, in the order they are added:
//!
//! 1. **Game over**: a win is worth [`WIN`] (a little more the sooner it comes), a loss
//!    `-WIN`, a draw 0.
//! 2. **A battle in progress is resolved on paper first** ([`Board::project_battle`]):
//!    an unblocked attack hits the defender; a block stops the whole attack (4.4.6a) and
//!    the two sides trade damage (each breaking the most valuable champions it can), the
//!    breakthrough attackers' damage beyond what the blockers can still take carrying
//!    through (4.4.11a). If blocks are still to come, the defender is assumed to pick the
//!    best of: no block, each single eligible blocker, or every eligible blocker. So
//!    attacking into a bigger blocker is seen as losing the attacker, and not blocking a
//!    lethal attack is seen as losing the game.
//! 3. **Health**: each point of your health minus each point of your opponents'; points
//!    below [`LOW_HEALTH`] count half again, since they are the ones that lose games, and
//!    points below [`BURN_RANGE`] count double again: there one event (Lightning Strike
//!    deals 5) finishes a player, whatever the board.
//! 4. **Champions in play**: `2 + 0.9 × offense + 0.6 × defense`, plus 0.6 per keyword,
//!    for each of yours, minus the same for each of theirs.
//! 5. **Cards in hand**: [`CARD`] each for you, minus the same per card in opponents'
//!    hands. A card is worth playing when what it does is worth more than a card in hand.
//! 6. **Gold**: [`GOLD`] per unspent gold, so gold is spent whenever a play gains more.
//! 7. **Threats**: the damage the other side could get through next (their champions
//!    that can attack, less the biggest ones your prepared champions could block). Facing
//!    a lethal attack costs [`LETHAL_THREAT`]; otherwise a quarter point per point of
//!    damage. Holding lethal over the opponent is worth a smaller bonus.
//!
//! In a team game (Hydra) a teammate's health, champions and hand count as the bot's own.

use crate::state::{Phase, Step, Window};
use crate::{Entity, Game, ObjId, PlayerId};
use epic_model::{Keyword, Keywords};

/// Value of a won game.
pub const WIN: f64 = 1_000_000.0;
/// Health at or below which each point counts half again.
pub const LOW_HEALTH: i32 = 10;
/// Health at or below which one damage event can end the game: each point counts double
/// again.
pub const BURN_RANGE: i32 = 5;
/// Value of one card in hand.
pub const CARD: f64 = 2.5;
/// Value of one unspent gold.
pub const GOLD: f64 = 1.0;
/// Penalty for ending up where the opponent's board could kill you with one attack.
pub const LETHAL_THREAT: f64 = 40.0;
/// Bonus for a board that could kill the opponent.
pub const LETHAL_BONUS: f64 = 12.0;

/// One champion as the evaluation sees it.
#[derive(Clone, Debug)]
struct Champ {
    obj: ObjId,
    controller: PlayerId,
    offense: i32,
    /// Damage it can still take this turn before it breaks.
    toughness: i32,
    defense: i32,
    keywords: Keywords,
    prepared: bool,
    deploying: bool,
    attacking: bool,
    blocking: bool,
    /// Damage assigned to it in the battle, not dealt yet.
    pending: i32,
    broken: bool,
}

impl Champ {
    fn value(&self) -> f64 {
        let kws = self
            .keywords
            .iter()
            .filter(|k| *k != Keyword::MustAttack)
            .count() as f64;
        2.0 + 0.9 * self.offense.max(0) as f64 + 0.6 * self.defense.max(0) as f64 + 0.6 * kws
    }
    fn has(&self, k: Keyword) -> bool {
        self.keywords.has(k)
    }
}

/// The public numbers of a position, which a battle can be played out on.
#[derive(Clone, Debug)]
struct Board {
    me: PlayerId,
    /// Players on a team (Hydra); 1 without teams. A teammate's side is the bot's own.
    team_size: PlayerId,
    active: PlayerId,
    /// Whether the active side may still battle this turn: not once it is ending it.
    battles_this_turn: bool,
    health: Vec<i32>,
    hand: Vec<usize>,
    gold: i32,
    champs: Vec<Champ>,
}

/// Scores the game for `me`. See the module documentation for the terms.
/// Score points worth one unit of [`win_chance`]'s logistic curve: this many points of
/// advantage make about 73%.
pub const WIN_CHANCE_SCALE: f64 = 20.0;

/// [`evaluate`] read as a chance to win, from 0 to 1: a logistic curve over the score.
/// The game's default value for the search (`epic_game::Ruleset::evaluate`).
pub fn win_chance(game: &Game, me: PlayerId) -> f64 {
    1.0 / (1.0 + (-evaluate(game, me) / WIN_CHANCE_SCALE).exp())
}

pub fn evaluate(game: &Game, me: PlayerId) -> f64 {
    if let Some(result) = game.result() {
        return if result.winners.contains(&me) {
            WIN - result.turns as f64
        } else if result.winners.is_empty() {
            0.0
        } else {
            -WIN + result.turns as f64
        };
    }
    let mut board = Board::from_game(game, me);
    board.project_battle(game);
    board.score()
}

impl Board {
    /// The public board (health, hand sizes, champions with derived stats) as the bot's
    /// player sees it; read through `Game::stats`, not a whole view, since the bot scores
    /// thousands of positions per move.
    fn from_game(game: &Game, me: PlayerId) -> Board {
        let st = game.state();
        let battle = st.battle.as_ref();
        Board {
            me,
            team_size: game.rules().team_size.max(1),
            active: st.active,
            battles_this_turn: st.phase != Phase::End
                && !matches!(
                    st.step,
                    Step::Initiative {
                        window: Window::EndResponse | Window::EndAgain,
                        ..
                    }
                ),
            health: st.players.iter().map(|p| p.health).collect(),
            hand: st.players.iter().map(|p| p.hand.len()).collect(),
            gold: st.players[me as usize].gold as i32,
            champs: st
                .in_play
                .iter()
                .filter_map(|&o| {
                    let s = game.stats(o)?;
                    let obj = st.obj(o);
                    Some(Champ {
                        obj: o,
                        controller: obj.controller,
                        offense: s.offense,
                        toughness: s.defense - obj.damage as i32,
                        defense: s.defense,
                        keywords: s.keywords,
                        prepared: obj.is_prepared(),
                        deploying: obj.deploying,
                        attacking: battle.is_some_and(|b| b.attackers.contains(&o)),
                        blocking: battle.is_some_and(|b| b.blockers.contains(&o)),
                        pending: 0,
                        broken: false,
                    })
                })
                .collect(),
        }
    }

    fn find(&self, o: ObjId) -> Option<usize> {
        self.champs.iter().position(|c| c.obj == o)
    }

    /// Plays the rest of a battle in progress out on paper (term 2).
    fn project_battle(&mut self, game: &Game) {
        let st = game.state();
        let battle = st.battle.as_ref();
        let (attacker, defender) = match (st.step, battle) {
            (Step::DeclareAttackers { .. }, _) => {
                // Champions picked so far count as attacking; the opponent defends.
                for o in st.declaring.iter() {
                    if let Some(i) = self.find(*o) {
                        self.champs[i].attacking = true;
                    }
                }
                let attacker = st.active;
                let defender = st.opponents(attacker).next().unwrap_or(attacker);
                (attacker, defender)
            }
            (Step::EndBattle | Step::EndTriggers | Step::HandLimit | Step::GameOver, _) => return,
            (_, Some(b)) => (b.attacker, b.defender),
            _ => return,
        };
        if !self.champs.iter().any(|c| c.attacking) {
            return;
        }
        let mut blocks_decided = battle.is_some_and(|b| b.blocked);
        let mut attack_pool: Option<i32> = None;
        let mut block_pool: Option<i32> = None;
        match st.step {
            Step::DeclareBlockers => {
                for o in st.declaring.iter() {
                    if let Some(i) = self.find(*o) {
                        self.champs[i].blocking = true;
                    }
                }
                blocks_decided = true;
            }
            Step::Initiative {
                window: Window::BeforeDamage,
                ..
            } => blocks_decided = true,
            Step::AssignDamage {
                blockers_side,
                left,
            } => {
                blocks_decided = true;
                // Damage is assigned only in a battle; without one there is nothing to project.
                let Some(b) = battle else { return };
                for &(_, to, amount) in b.assigned.iter() {
                    match to {
                        Entity::Player(p) => self.health[p as usize] -= amount as i32,
                        Entity::Obj(o) => {
                            if let Some(i) = self.find(o) {
                                self.champs[i].pending += amount as i32;
                            }
                        }
                    }
                }
                let side = if blockers_side {
                    &b.blockers
                } else {
                    &b.attackers
                };
                let offense_of =
                    |o: &ObjId| self.find(*o).map_or(0, |i| self.champs[i].offense.max(0));
                let current = b.assigning.as_ref().map_or(0, offense_of);
                let now = if left == u16::MAX {
                    current
                } else {
                    left as i32
                };
                // The champions of the side still to assign, after the one assigning now.
                let rest: i32 = if b.side_begun {
                    b.to_assign.iter().map(offense_of).sum()
                } else {
                    side.iter().map(offense_of).sum()
                };
                if blockers_side {
                    attack_pool = Some(0);
                    block_pool = Some(now + rest);
                } else {
                    attack_pool = Some(now + rest);
                }
            }
            _ => {}
        }
        if blocks_decided {
            self.resolve(attacker, defender, attack_pool, block_pool);
            return;
        }
        // Blocks are still to come: the defender picks what is best for them.
        let eligible: Vec<usize> = (0..self.champs.len())
            .filter(|&i| {
                let c = &self.champs[i];
                c.controller == defender && c.prepared && self.can_block_any(i)
            })
            .collect();
        let mut candidates: Vec<Vec<usize>> = vec![vec![]];
        candidates.extend(eligible.iter().map(|&i| vec![i]));
        if eligible.len() > 1 {
            candidates.push(eligible.clone());
        }
        let defender_is_me = self.ours(defender);
        let mut best: Option<(f64, Board)> = None;
        for blockers in candidates {
            let mut b = self.clone();
            for &i in &blockers {
                b.champs[i].blocking = true;
            }
            b.resolve(attacker, defender, None, None);
            let s = b.score();
            let better = match &best {
                None => true,
                Some((bs, _)) => {
                    if defender_is_me {
                        s > *bs
                    } else {
                        s < *bs
                    }
                }
            };
            if better {
                best = Some((s, b));
            }
        }
        if let Some((_, b)) = best {
            *self = b;
        }
    }

    fn can_block_any(&self, blocker: usize) -> bool {
        let b = &self.champs[blocker];
        self.champs.iter().any(|a| {
            a.attacking
                && !a.has(Keyword::Unblockable)
                && (!a.has(Keyword::Airborne) || b.has(Keyword::Airborne))
        })
    }

    /// Deals the battle's remaining damage. `attack_pool`/`block_pool` are what each side
    /// still has to assign (`None`: all of its offense).
    fn resolve(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        attack_pool: Option<i32>,
        block_pool: Option<i32>,
    ) {
        let attackers: Vec<usize> = (0..self.champs.len())
            .filter(|&i| self.champs[i].attacking)
            .collect();
        let blockers: Vec<usize> = (0..self.champs.len())
            .filter(|&i| self.champs[i].blocking)
            .collect();
        let total = |idx: &[usize], champs: &[Champ]| {
            idx.iter().map(|&i| champs[i].offense.max(0)).sum::<i32>()
        };
        let attack = attack_pool.unwrap_or_else(|| total(&attackers, &self.champs));
        let righteous = |idx: &[usize], champs: &[Champ]| {
            idx.iter()
                .filter(|&&i| champs[i].has(Keyword::Righteous))
                .map(|&i| champs[i].offense.max(0))
                .sum::<i32>()
        };
        if blockers.is_empty() {
            self.health[defender as usize] -= attack;
            self.health[attacker as usize] += righteous(&attackers, &self.champs).min(attack);
        } else {
            let block = block_pool.unwrap_or_else(|| total(&blockers, &self.champs));
            self.assign(&blockers, attack);
            if attack_pool.is_none() {
                // Only breakthrough carries damage past a block (4.4.11a): the attacker
                // lays the other attackers' damage on the blockers first, and what the
                // breakthrough attackers deal beyond the blockers' remaining toughness
                // reaches the defending player.
                let (mut through, mut others) = (0, 0);
                for &i in &attackers {
                    let c = &self.champs[i];
                    if c.has(Keyword::Breakthrough) {
                        through += c.offense.max(0);
                    } else {
                        others += c.offense.max(0);
                    }
                }
                let wall: i32 = blockers
                    .iter()
                    .map(|&i| self.champs[i].toughness.max(0))
                    .sum();
                self.health[defender as usize] -= (through - (wall - others).max(0)).max(0);
            }
            self.assign(&attackers, block);
            self.health[attacker as usize] += righteous(&attackers, &self.champs);
            self.health[defender as usize] += righteous(&blockers, &self.champs);
        }
        for c in self.champs.iter_mut() {
            if c.pending >= c.toughness && c.pending > 0 && !c.has(Keyword::Unbreakable) {
                c.broken = true;
            }
        }
        self.champs.retain(|c| !c.broken);
    }

    /// Spreads `damage` over `targets`, breaking the most valuable champions it can;
    /// returns what is left over.
    fn assign(&mut self, targets: &[usize], mut damage: i32) -> i32 {
        let mut order: Vec<usize> = targets.to_vec();
        order.sort_by(|&a, &b| {
            self.champs[b]
                .value()
                .partial_cmp(&self.champs[a].value())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        for i in order {
            let c = &mut self.champs[i];
            if c.has(Keyword::Unbreakable) {
                continue;
            }
            let need = (c.toughness - c.pending).max(0);
            if need > 0 && need <= damage {
                c.pending += need;
                damage -= need;
            }
        }
        damage
    }

    /// The side `p` plays for: their team (Hydra), or themselves.
    fn side(&self, p: PlayerId) -> PlayerId {
        p / self.team_size
    }

    /// Whether `p` is on the bot's side: the bot, or a teammate.
    fn ours(&self, p: PlayerId) -> bool {
        self.side(p) == self.side(self.me)
    }

    /// Terms 3 to 7.
    fn score(&self) -> f64 {
        let me = self.me;
        let health =
            |h: i32| h as f64 + 0.5 * h.min(LOW_HEALTH) as f64 + h.clamp(0, BURN_RANGE) as f64;
        let mut s = 0.0;
        for (p, &h) in self.health.iter().enumerate() {
            if self.ours(p as PlayerId) {
                if h <= 0 {
                    return -WIN / 2.0;
                }
                s += health(h);
            } else {
                s -= health(h);
            }
        }
        if self
            .health
            .iter()
            .enumerate()
            .all(|(p, &h)| self.ours(p as PlayerId) || h <= 0)
        {
            return WIN / 2.0;
        }
        for c in &self.champs {
            if self.ours(c.controller) {
                s += c.value();
            } else {
                s -= c.value();
            }
        }
        for (p, &n) in self.hand.iter().enumerate() {
            if self.ours(p as PlayerId) {
                s += CARD * n as f64;
            } else {
                s -= CARD * n as f64;
            }
        }
        s += GOLD * self.gold as f64;
        // Threats: what the other side could push through next.
        let my_health = self.health[me as usize];
        let against_me = self.unblocked(|c| !self.ours(c.controller), |c| self.ours(c.controller));
        if against_me >= my_health {
            s -= LETHAL_THREAT;
        } else {
            s -= 0.25 * against_me as f64;
        }
        let opp_health = self
            .health
            .iter()
            .enumerate()
            .filter(|(p, _)| !self.ours(*p as PlayerId))
            .map(|(_, &h)| h)
            .min()
            .unwrap_or(0);
        let by_me = self.unblocked(|c| self.ours(c.controller), |c| !self.ours(c.controller));
        if by_me >= opp_health {
            s += LETHAL_BONUS;
        } else {
            s += 0.1 * by_me as f64;
        }
        s
    }

    /// Damage the `attacking` side could deal in its next battle if the `defending`
    /// side blocks its biggest champions, one blocker each.
    fn unblocked(
        &self,
        attacking: impl Fn(&Champ) -> bool,
        defending: impl Fn(&Champ) -> bool,
    ) -> i32 {
        let mut hits: Vec<(i32, bool)> = self
            .champs
            .iter()
            .filter(|c| attacking(c))
            .filter(|c| {
                // On its own turn a side attacks with what is ready now; otherwise (or
                // once it is ending its turn) every champion will be prepared and past
                // deploying by its next turn.
                if self.battles_this_turn && self.side(c.controller) == self.side(self.active) {
                    c.prepared && (!c.deploying || c.has(Keyword::Blitz))
                } else {
                    true
                }
            })
            .map(|c| (c.offense.max(0), c.has(Keyword::Unblockable)))
            .collect();
        hits.sort_by_key(|h| std::cmp::Reverse(h.0));
        let mut blockers = self
            .champs
            .iter()
            .filter(|c| defending(c) && c.prepared)
            .count();
        let mut through = 0;
        for (off, unblockable) in hits {
            if !unblockable && blockers > 0 {
                blockers -= 1;
            } else {
                through += off;
            }
        }
        through
    }
}
