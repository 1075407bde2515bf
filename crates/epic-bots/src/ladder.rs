//! Measuring players against each other: results of a round robin, Elo ratings with
//! confidence intervals, and how long each player takes to decide.
//!
//! Ratings are the Bradley–Terry model's maximum likelihood (Hunter's MM algorithm, 2004)
//! on the Elo scale: a 400-point gap means 10-to-1 odds. A draw counts as half a win for
//! each side. Each pair that met also gets one virtual draw, which keeps a player who won
//! or lost every game at a finite rating. The ratings average 1500. Their 95% confidence
//! intervals come from a bootstrap: the games of each pairing are resampled, the ratings
//! fitted again, and the middle 95% of each player's ratings kept.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Duration;

/// Wins, draws and losses of one player against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Record {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
    /// Points scored: a win is 1, a draw half.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
    fn reversed(self) -> Record {
        Record {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// A round robin's results: `record(i, j)` is player `i`'s record against `j`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Results {
    players: usize,
    records: Vec<Record>,
}

/// One player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub player: usize,
    pub elo: f64,
    pub ci95: (f64, f64),
    pub games: u64,
    /// Points over games played, 0 to 1.
    pub score: f64,
}

/// Bootstrap resamples behind the confidence intervals.
const RESAMPLES: usize = 300;

impl Results {
    pub fn new(players: usize) -> Results {
        Results {
            players,
            records: vec![Record::default(); players * players],
        }
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn record(&self, i: usize, j: usize) -> Record {
        self.records[i * self.players + j]
    }

    /// Adds one game between `a` and `b`: `a`'s points, 1, 0.5 or 0.
    pub fn add(&mut self, a: usize, b: usize, points: f64) {
        let r = &mut self.records[a * self.players + b];
        if points > 0.75 {
            r.wins += 1;
        } else if points > 0.25 {
            r.draws += 1;
        } else {
            r.losses += 1;
        }
        let mirrored = r.reversed();
        self.records[b * self.players + a] = mirrored;
    }

    /// Adds another tally of the same players.
    pub fn merge(&mut self, other: &Results) {
        for (mine, theirs) in self.records.iter_mut().zip(&other.records) {
            mine.wins += theirs.wins;
            mine.draws += theirs.draws;
            mine.losses += theirs.losses;
        }
    }

    /// Every player's rating, best first, with bootstrap intervals drawn from `seed`.
    pub fn ratings(&self, seed: u64) -> Vec<Rating> {
        let elo = fit(self);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(RESAMPLES); self.players];
        for _ in 0..RESAMPLES {
            let resampled = self.resample(&mut rng);
            for (i, e) in fit(&resampled).into_iter().enumerate() {
                samples[i].push(e);
            }
        }
        let mut out: Vec<Rating> = (0..self.players)
            .map(|i| {
                let s = &mut samples[i];
                s.sort_by(f64::total_cmp);
                let at = |q: f64| s[((s.len() - 1) as f64 * q).round() as usize];
                let (games, points) = (0..self.players).fold((0, 0.0), |(g, p), j| {
                    let r = self.record(i, j);
                    (g + r.games(), p + r.points())
                });
                Rating {
                    player: i,
                    elo: elo[i],
                    ci95: (at(0.025), at(0.975)),
                    games,
                    score: if games == 0 {
                        0.0
                    } else {
                        points / games as f64
                    },
                }
            })
            .collect();
        out.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        out
    }

    /// The same pairings, each game drawn again from the pairing's own results.
    fn resample(&self, rng: &mut Pcg64Mcg) -> Results {
        let mut out = Results::new(self.players);
        for i in 0..self.players {
            for j in i + 1..self.players {
                let r = self.record(i, j);
                let n = r.games();
                for _ in 0..n {
                    let k = rng.gen_range(0..n);
                    let points = if k < r.wins {
                        1.0
                    } else if k < r.wins + r.draws {
                        0.5
                    } else {
                        0.0
                    };
                    out.add(i, j, points);
                }
            }
        }
        out
    }
}

/// Bradley–Terry ratings by minorization–maximization, one virtual draw per pairing,
/// on the Elo scale around 1500.
fn fit(results: &Results) -> Vec<f64> {
    let n = results.players;
    let games = |i: usize, j: usize| {
        let g = results.record(i, j).games();
        if g == 0 {
            0.0
        } else {
            g as f64 + 1.0
        }
    };
    let points = |i: usize, j: usize| {
        let r = results.record(i, j);
        if r.games() == 0 {
            0.0
        } else {
            r.points() + 0.5
        }
    };
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2_000 {
        let mut change: f64 = 0.0;
        for i in 0..n {
            let won: f64 = (0..n).filter(|&j| j != i).map(|j| points(i, j)).sum();
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| games(i, j) / (gamma[i] + gamma[j]))
                .sum();
            if denom > 0.0 && won > 0.0 {
                let next = won / denom;
                change = change.max((next / gamma[i]).ln().abs());
                gamma[i] = next;
            }
        }
        // Keep the scale fixed: the geometric mean is 1.
        let mean = gamma.iter().map(|g| g.ln()).sum::<f64>() / n.max(1) as f64;
        for g in &mut gamma {
            *g /= mean.exp();
        }
        if change < 1e-9 {
            break;
        }
    }
    gamma.iter().map(|g| 1500.0 + 400.0 * g.log10()).collect()
}

/// How long a player took over its decisions: count, total, the slowest, and a
/// histogram (one bucket per millisecond up to a minute) for percentiles, so memory
/// stays the same however many decisions are timed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecisionTimes {
    pub decisions: u64,
    pub total: Duration,
    pub slowest: Duration,
    by_millisecond: Vec<u64>,
}

/// The histogram's last bucket holds every decision of a minute or more.
const BUCKETS: usize = 60_000;

impl DecisionTimes {
    pub fn add(&mut self, took: Duration) {
        self.decisions += 1;
        self.total += took;
        self.slowest = self.slowest.max(took);
        let ms = (took.as_millis() as usize).min(BUCKETS - 1);
        if self.by_millisecond.len() <= ms {
            self.by_millisecond.resize(ms + 1, 0);
        }
        self.by_millisecond[ms] += 1;
    }

    pub fn merge(&mut self, other: &DecisionTimes) {
        self.decisions += other.decisions;
        self.total += other.total;
        self.slowest = self.slowest.max(other.slowest);
        if self.by_millisecond.len() < other.by_millisecond.len() {
            self.by_millisecond.resize(other.by_millisecond.len(), 0);
        }
        for (mine, theirs) in self.by_millisecond.iter_mut().zip(&other.by_millisecond) {
            *mine += theirs;
        }
    }

    /// The mean time of a decision.
    pub fn mean(&self) -> Duration {
        if self.decisions == 0 {
            Duration::ZERO
        } else {
            self.total / self.decisions as u32
        }
    }

    /// The time within which the fraction `q` of decisions were made, to the next
    /// millisecond.
    pub fn percentile(&self, q: f64) -> Duration {
        let wanted = (self.decisions as f64 * q).ceil() as u64;
        let mut seen = 0;
        for (ms, &count) in self.by_millisecond.iter().enumerate() {
            seen += count;
            if seen >= wanted.max(1) {
                return Duration::from_millis(ms as u64 + 1).min(self.slowest);
            }
        }
        self.slowest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(a_points: &[(usize, usize, f64, u32)]) -> Results {
        let n = a_points.iter().map(|p| p.0.max(p.1)).max().unwrap() + 1;
        let mut r = Results::new(n);
        for &(a, b, pts, times) in a_points {
            for _ in 0..times {
                r.add(a, b, pts);
            }
        }
        r
    }

    #[test]
    fn a_player_who_wins_three_in_four_is_about_190_points_better() {
        // Without the virtual draw, 3:1 odds are 400·log10(3) = 191 points. With it
        // (300.5 of 401 points), the odds are 300.5:100.5, 190.3 points.
        let r = played(&[(0, 1, 1.0, 300), (0, 1, 0.0, 100)]);
        let ratings = r.ratings(1);
        let gap = ratings[0].elo - ratings[1].elo;
        assert_eq!(ratings[0].player, 0);
        assert!((gap - 190.3).abs() < 0.5, "gap {gap}");
        assert!((ratings[0].elo + ratings[1].elo - 3000.0).abs() < 1e-6);
        assert!((ratings[0].score - 0.75).abs() < 1e-12);
        // The interval holds the estimate and is a few dozen points wide at 400 games.
        let (lo, hi) = ratings[0].ci95;
        assert!(lo < ratings[0].elo && ratings[0].elo < hi);
        assert!(hi - lo > 20.0 && hi - lo < 120.0, "{lo} – {hi}");
    }

    #[test]
    fn ratings_order_a_chain_of_players_and_stay_finite_for_a_clean_sweep() {
        let r = played(&[
            (0, 1, 1.0, 20),
            (1, 2, 1.0, 15),
            (1, 2, 0.0, 5),
            (0, 2, 1.0, 20),
        ]);
        let ratings = r.ratings(2);
        let order: Vec<usize> = ratings.iter().map(|x| x.player).collect();
        assert_eq!(order, vec![0, 1, 2]);
        assert!(ratings.iter().all(|x| x.elo.is_finite()));
        assert_eq!(r.record(1, 0).losses, 20);
    }

    #[test]
    fn decision_times_give_percentiles_to_the_millisecond() {
        let mut t = DecisionTimes::default();
        for ms in 0..100u64 {
            t.add(Duration::from_micros(ms * 1000 + 500));
        }
        assert_eq!(t.decisions, 100);
        assert_eq!(t.percentile(0.5), Duration::from_millis(50));
        assert_eq!(t.percentile(0.99), Duration::from_millis(99));
        assert_eq!(t.slowest, Duration::from_micros(99_500));
        assert_eq!(t.percentile(1.0), Duration::from_micros(99_500));
    }
}
