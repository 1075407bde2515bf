//! Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse, 2012), for any
//! ruleset behind [`epic_game::State`].
//!
//! The searching seat never looks at the real game's hidden cards. Each iteration:
//!
//! 1. **Sample** a whole game the seat cannot tell from the real one
//!    ([`State::sample_for`]): its hidden cards dealt anew, the random generator
//!    reseeded.
//! 2. **Select** down one tree shared by all samples. A node is the history of choices
//!    that led to it; an edge is a choice. Only the children whose choice is legal in this
//!    sample compete, by UCB1 with *availability* counts (how often the choice was legal
//!    when its parent was visited), so a choice that is rarely possible is not punished
//!    for being rarely tried. Decisions with a single option are taken without a node.
//! 3. **Expand** one untried legal choice, while the node has fewer children than
//!    progressive widening allows (`1 + widening × √visits`): long option lists (damage
//!    splits, targets) grow slowly instead of swallowing every iteration.
//! 4. **Play out** a few decisions at random, then **evaluate**: a finished game is worth
//!    its outcome, an unfinished one the [`Heuristic`]'s estimate, for every seat.
//!    The heuristic may also rule options out of the tree (one that only backs out of
//!    a declaration goes round in circles).
//! 5. **Back up** each node's value for the seat that chose the edge into it (a reward
//!    per seat, so any number of seats and teams).
//!
//! Budgets: a number of iterations (which makes the search deterministic for a seed), and
//! optionally a time limit that stops it sooner. Root parallel: each thread grows its own
//! tree from its own seed and the roots' statistics are added up, so the result depends
//! on the seed, the budget and the number of threads, never on timing (without a time
//! limit). A tree holds at most one node per iteration, so memory is bounded by the
//! iteration budget.

use epic_game::{Seat, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::{Duration, Instant};

/// What a search knows of the game beyond its rules.
pub trait Heuristic<S: State>: Sync {
    /// How good an unfinished game is for `seat`: its chance to win, from 0 to 1.
    fn value(&self, state: &S, seat: Seat) -> f64;

    /// Whether the tree should consider `choice` at all. An option that can only lead
    /// back to where the decision began (backing out of a declaration) is not: the
    /// search would go round in circles. When no option is worth trying, all are.
    fn worth_trying(&self, _state: &S, _choice: S::Choice) -> bool {
        true
    }
}

/// The share of a time limit a search leaves unused, so that the whole decision ends
/// within the limit.
pub const TIME_MARGIN: f64 = 0.02;

/// How hard a search works and how it spreads its effort.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Iterations in all, shared out among the threads. Always a limit.
    pub iterations: u32,
    /// The decision's time limit, ending the search sooner (then the result depends on
    /// timing): the search leaves [`TIME_MARGIN`] of it for what follows and for the
    /// machine's hiccups, and starts no iteration that would end past the rest at the
    /// mean pace so far.
    pub time: Option<Duration>,
    /// Independent trees grown side by side (root parallel); 1 for a single thread.
    pub threads: usize,
    /// Random decisions played after the tree before evaluating. Longer playouts
    /// measured stronger against greedy at equal iterations (README, "Bots"), though each
    /// iteration costs more: the default, 24, covers most of a turn.
    pub playout: u16,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Progressive widening: a node may have `1 + widening × √visits` children.
    pub widening: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            iterations: 2_000,
            time: None,
            threads: 1,
            playout: 24,
            exploration: 0.7,
            widening: 2.0,
        }
    }
}

/// One root option as the search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<C> {
    pub choice: C,
    pub visits: u32,
    /// The mean value backed up through this option, for the searching seat (0 to 1).
    pub value: f64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<C> {
    /// The most visited root option.
    pub choice: C,
    /// Its mean value: the searching seat's estimated chance to win.
    pub value: f64,
    /// Iterations run, over all threads.
    pub iterations: u64,
    /// The largest tree grown, in nodes.
    pub nodes: usize,
    /// The memory the trees held at the end, in bytes (nodes and their child lists): a
    /// search's peak, since trees only grow. The samples played on are one game at a
    /// time per thread.
    pub tree_bytes: usize,
    /// Every root option tried, most visited first.
    pub root: Vec<RootStat<C>>,
    pub elapsed: Duration,
}

/// A node: the edge into it (`choice`, taken by `mover`) and its statistics.
struct Node<C> {
    choice: Option<C>,
    mover: Seat,
    children: Vec<u32>,
    visits: u32,
    /// How often the choice was legal when the parent was visited.
    available: u32,
    total: f64,
}

struct Tree<C> {
    nodes: Vec<Node<C>>,
}

impl<C: Copy + PartialEq> Tree<C> {
    fn new() -> Self {
        Tree {
            nodes: vec![Node {
                choice: None,
                mover: 0,
                children: Vec::new(),
                visits: 0,
                available: 0,
                total: 0.0,
            }],
        }
    }

    fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node<C>>()
            + self
                .nodes
                .iter()
                .map(|n| n.children.capacity() * std::mem::size_of::<u32>())
                .sum::<usize>()
    }

    fn add(&mut self, parent: u32, choice: C, mover: Seat) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            choice: Some(choice),
            mover,
            children: Vec::new(),
            visits: 0,
            available: 1,
            total: 0.0,
        });
        self.nodes[parent as usize].children.push(id);
        id
    }
}

/// Runs a search for `seat`, which must be the seat deciding in `root`. Returns `None`
/// when the game is over or waits on another seat.
pub fn search<S: State, E: Heuristic<S>>(
    root: &S,
    seat: Seat,
    config: &SearchConfig,
    eval: &E,
    seed: u64,
) -> Option<SearchResult<S::Choice>> {
    if root.decider() != Some(seat) || root.options().is_empty() {
        return None;
    }
    let start = Instant::now();
    let threads = config.threads.max(1);
    let share = |t: usize| {
        let n = config.iterations as usize;
        (n / threads + usize::from(t < n % threads)) as u32
    };
    let mut master = Pcg64Mcg::seed_from_u64(seed);
    let seeds: Vec<u64> = (0..threads).map(|_| master.gen()).collect();
    let trees: Vec<(Tree<S::Choice>, u64)> = if threads == 1 {
        vec![grow(root, seat, config, eval, seeds[0], share(0), start)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = seeds
                .iter()
                .enumerate()
                .map(|(t, &s)| {
                    scope.spawn(move || grow(root, seat, config, eval, s, share(t), start))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread does not panic"))
                .collect()
        })
    };
    // Add the roots up, option by option, in the order the options are listed.
    let mut stats: Vec<(S::Choice, u32, f64)> =
        root.options().iter().map(|&c| (c, 0, 0.0)).collect();
    let mut iterations = 0;
    let mut nodes = 0;
    let mut tree_bytes = 0;
    for (tree, n) in &trees {
        iterations += n;
        nodes = nodes.max(tree.nodes.len());
        tree_bytes += tree.bytes();
        for &child in &tree.nodes[0].children {
            let node = &tree.nodes[child as usize];
            if let Some(stat) = stats.iter_mut().find(|s| Some(s.0) == node.choice) {
                stat.1 += node.visits;
                stat.2 += node.total;
            }
        }
    }
    let mut root_stats: Vec<RootStat<S::Choice>> = stats
        .into_iter()
        .filter(|s| s.1 > 0)
        .map(|(choice, visits, total)| RootStat {
            choice,
            visits,
            value: total / visits as f64,
        })
        .collect();
    // Most visited first; a tie goes to the better value, then to the earlier option.
    root_stats.sort_by(|a, b| {
        b.visits.cmp(&a.visits).then(
            b.value
                .partial_cmp(&a.value)
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    });
    let (choice, value) = match root_stats.first() {
        Some(best) => (best.choice, best.value),
        None => (root.options()[0], 0.5),
    };
    Some(SearchResult {
        choice,
        value,
        iterations,
        nodes,
        tree_bytes,
        root: root_stats,
        elapsed: start.elapsed(),
    })
}

/// Grows one tree for `budget` iterations (or until the time limit); returns it with the
/// number of iterations run.
fn grow<S: State, E: Heuristic<S>>(
    root: &S,
    seat: Seat,
    config: &SearchConfig,
    eval: &E,
    seed: u64,
    budget: u32,
    start: Instant,
) -> (Tree<S::Choice>, u64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut tree = Tree::new();
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut legal: Vec<S::Choice> = Vec::with_capacity(64);
    let mut values: Vec<f64> = vec![0.0; root.seats()];
    let mut done = 0u64;
    let deadline = config.time.map(|limit| limit.mul_f64(1.0 - TIME_MARGIN));
    for i in 0..budget {
        // Reading the clock costs a few dozen nanoseconds, an iteration some microseconds.
        if let Some(deadline) = deadline {
            let spent = start.elapsed();
            if i > 0 && spent + spent / i >= deadline {
                break;
            }
        }
        let mut state = root.sample_for(seat, rng.gen());
        path.clear();
        path.push(0);
        let mut node = 0u32;
        // Selection and expansion.
        while let Some(decider) = state.decider() {
            legal.clear();
            legal.extend(
                state
                    .options()
                    .iter()
                    .filter(|&&c| eval.worth_trying(&state, c)),
            );
            if legal.is_empty() {
                legal.extend_from_slice(state.options());
            }
            if legal.len() == 1 {
                if state.apply(legal[0]).is_err() {
                    break;
                }
                continue;
            }
            let visits = tree.nodes[node as usize].visits;
            let allowed = 1 + (config.widening * (visits as f64).sqrt()) as usize;
            let mut best: Option<(f64, u32)> = None;
            let mut compatible = 0;
            // UCB1 with availability: ln of how often the child could have been chosen.
            let ln_available = |available: u32| (available.max(1) as f64).ln();
            for k in 0..tree.nodes[node as usize].children.len() {
                let child = tree.nodes[node as usize].children[k];
                let c = &mut tree.nodes[child as usize];
                let Some(pos) = legal.iter().position(|l| Some(*l) == c.choice) else {
                    continue;
                };
                legal.swap_remove(pos);
                compatible += 1;
                c.available += 1;
                let n = c.visits.max(1) as f64;
                let ucb = c.total / n + config.exploration * (ln_available(c.available) / n).sqrt();
                if best.is_none_or(|(b, _)| ucb > b) {
                    best = Some((ucb, child));
                }
            }
            // `legal` now holds the options no child has tried: expand one, and the
            // descent ends there.
            if !legal.is_empty() && (compatible < allowed || best.is_none()) {
                let c = legal[rng.gen_range(0..legal.len())];
                let child = tree.add(node, c, decider);
                if state.apply(c).is_ok() {
                    path.push(child);
                }
                break;
            }
            let Some((_, child)) = best else { break };
            let Some(c) = tree.nodes[child as usize].choice else {
                break;
            };
            if state.apply(c).is_err() {
                break;
            }
            path.push(child);
            node = child;
        }
        // Play out, then value the game for every seat.
        for _ in 0..config.playout {
            let options = state.options();
            if options.is_empty() {
                break;
            }
            let c = options[rng.gen_range(0..options.len())];
            if state.apply(c).is_err() {
                break;
            }
        }
        for (s, v) in values.iter_mut().enumerate() {
            *v = state
                .outcome(s as Seat)
                .unwrap_or_else(|| eval.value(&state, s as Seat));
        }
        for &n in &path {
            let node = &mut tree.nodes[n as usize];
            node.visits += 1;
            node.total += values.get(node.mover as usize).copied().unwrap_or(0.0);
        }
        done += 1;
    }
    (tree, done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use epic_game::Refused;

    /// Nim: seats take 1 to 3 stones in turn; whoever takes the last stone wins.
    #[derive(Clone, Debug)]
    struct Nim {
        stones: u32,
        seats: u8,
        turn: u8,
        options: Vec<u32>,
        winner: Option<[u8; 1]>,
    }

    impl Nim {
        fn new(stones: u32, seats: u8) -> Nim {
            let mut n = Nim {
                stones,
                seats,
                turn: 0,
                options: vec![],
                winner: None,
            };
            n.list();
            n
        }
        fn list(&mut self) {
            self.options = (1..=3.min(self.stones)).collect();
        }
    }

    impl State for Nim {
        type Choice = u32;
        fn seats(&self) -> usize {
            self.seats as usize
        }
        fn side(&self, seat: Seat) -> usize {
            seat as usize
        }
        fn decider(&self) -> Option<Seat> {
            self.winner.is_none().then_some(self.turn)
        }
        fn options(&self) -> &[u32] {
            if self.winner.is_some() {
                &[]
            } else {
                &self.options
            }
        }
        fn apply(&mut self, take: u32) -> Result<(), Refused> {
            if !self.options().contains(&take) {
                return Err(Refused);
            }
            self.stones -= take;
            if self.stones == 0 {
                self.winner = Some([self.turn]);
            } else {
                self.turn = (self.turn + 1) % self.seats;
                self.list();
            }
            Ok(())
        }
        fn winners(&self) -> Option<&[Seat]> {
            self.winner.as_ref().map(|w| &w[..])
        }
        fn sample_for(&self, _seat: Seat, _seed: u64) -> Nim {
            self.clone()
        }
        fn label(&self, take: u32, _seat: Seat) -> String {
            format!("take {take}")
        }
        fn digest(&self) -> u64 {
            u64::from(self.stones) << 8 | u64::from(self.turn)
        }
    }

    /// Knows nothing: every unfinished game is even.
    struct Blind;
    impl<S: State> Heuristic<S> for Blind {
        fn value(&self, _: &S, _: Seat) -> f64 {
            0.5
        }
    }

    fn config(iterations: u32, threads: usize) -> SearchConfig {
        SearchConfig {
            iterations,
            threads,
            ..SearchConfig::default()
        }
    }

    #[test]
    fn the_search_finds_the_winning_take_at_two_seats() {
        // From 10 stones, taking 2 leaves a multiple of 4: a won game.
        for stones in [5, 6, 7, 9, 10, 11] {
            let r = search(&Nim::new(stones, 2), 0, &config(4_000, 1), &Blind, 1).unwrap();
            assert_eq!(r.choice, stones % 4, "from {stones} stones");
            assert!(r.value > 0.8, "a won game is valued {}", r.value);
        }
    }

    /// With three seats each seat's own result is backed up. From 3 stones seat 0 wins
    /// at once; from 4, whatever it takes leaves 1 to 3 stones, and the next seat wins.
    #[test]
    fn rewards_are_per_seat_at_three_seats() {
        let r = search(&Nim::new(3, 3), 0, &config(2_000, 1), &Blind, 2).unwrap();
        assert_eq!(r.choice, 3);
        assert!(r.value > 0.99);
        let r = search(&Nim::new(4, 3), 0, &config(4_000, 1), &Blind, 2).unwrap();
        assert!(r.value < 0.2, "a lost position is valued {}", r.value);
    }

    #[test]
    fn a_fixed_seed_and_budget_give_a_fixed_result_on_any_thread_count() {
        for threads in [1, 3] {
            let a = search(&Nim::new(21, 2), 0, &config(3_000, threads), &Blind, 9).unwrap();
            let b = search(&Nim::new(21, 2), 0, &config(3_000, threads), &Blind, 9).unwrap();
            assert_eq!(
                (a.choice, &a.root, a.iterations),
                (b.choice, &b.root, b.iterations)
            );
            assert_eq!(a.iterations, 3_000);
        }
    }

    /// A tree holds at most one node per iteration (and the root), so memory is bounded
    /// by the budget; a time limit stops the search early.
    #[test]
    fn budgets_bound_the_tree_and_the_time() {
        let r = search(&Nim::new(200, 2), 0, &config(5_000, 1), &Blind, 3).unwrap();
        assert!(r.nodes <= 5_001, "{} nodes", r.nodes);
        assert!(r.tree_bytes >= r.nodes * std::mem::size_of::<Node<u32>>());
        let quick = SearchConfig {
            time: Some(Duration::from_micros(1)),
            ..config(10_000_000, 1)
        };
        let r = search(&Nim::new(200, 2), 0, &quick, &Blind, 3).unwrap();
        assert!(r.iterations < 10_000_000);
        // Only the seat to move may be searched for.
        assert!(search(&Nim::new(200, 2), 1, &config(10, 1), &Blind, 3).is_none());
    }
}
