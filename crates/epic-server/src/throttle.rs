//! Rate limits on what costs the server or a player most when flooded: making accounts
//! and sessions (an Argon2id hash each), and guessing passwords (docs/server.md,
//! "Limits"). [`Throttle`]: a token bucket per key (a client's address): `burst` requests
//! at once, refilled at `burst` a minute. [`Backoff`]: after a few failures of one key
//! (an address trying one name), each further try waits twice as long as the last,
//! up to a bound; a success forgets them. A key never locks out another.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// The most keys remembered at once: memory stays bounded however many addresses call.
pub const MAX_KEYS: usize = 100_000;
const MINUTE_MS: f64 = 60_000.0;

pub struct Throttle<K> {
    burst: f64,
    buckets: Mutex<HashMap<K, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    /// When `tokens` was counted (ms since 1970).
    at: i64,
}

impl<K: Hash + Eq> Throttle<K> {
    /// `per_minute` requests a minute for each key, all of them at once if they like.
    pub fn new(per_minute: u32) -> Throttle<K> {
        Throttle {
            burst: f64::from(per_minute.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// A bucket's tokens at `now`, refilled since it was last counted.
    fn refilled(&self, b: Bucket, now: i64) -> f64 {
        let minutes = (now - b.at).max(0) as f64 / MINUTE_MS;
        (b.tokens + minutes * self.burst).min(self.burst)
    }

    /// Takes one request from `key`'s allowance at `now`; false (and nothing taken) when
    /// none is left, or when [`MAX_KEYS`] other keys are all still being refilled.
    pub fn take(&self, key: K, now: i64) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_KEYS && !buckets.contains_key(&key) {
            // A full bucket says nothing a new one would not: forget those.
            buckets.retain(|_, b| self.refilled(*b, now) < self.burst);
            if buckets.len() >= MAX_KEYS {
                return false;
            }
        }
        let full = Bucket {
            tokens: self.burst,
            at: now,
        };
        let bucket = buckets.entry(key).or_insert(full);
        let tokens = self.refilled(*bucket, now);
        if tokens < 1.0 {
            return false;
        }
        *bucket = Bucket {
            tokens: tokens - 1.0,
            at: now,
        };
        true
    }
}

/// Failures a key may have before it waits.
pub const FREE_FAILURES: u32 = 5;
/// The first wait, doubled with each failure past [`FREE_FAILURES`].
const FIRST_WAIT_MS: i64 = 1_000;
/// The longest wait.
pub const MAX_WAIT_MS: i64 = 15 * 60_000;
/// Failures are forgotten this long after the last wait ended.
const FORGET_MS: i64 = 60 * 60_000;

/// Failures counted by key, each further failure waiting longer (see the module).
pub struct Backoff<K> {
    failures: Mutex<HashMap<K, Failures>>,
}

#[derive(Clone, Copy)]
struct Failures {
    count: u32,
    /// No try before this (ms since 1970).
    until: i64,
}

impl<K: Hash + Eq + Clone> Default for Backoff<K> {
    fn default() -> Self {
        Backoff {
            failures: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Hash + Eq + Clone> Backoff<K> {
    /// How long (ms) `key` must wait at `now` before trying again: 0 if it may now.
    pub fn wait(&self, key: &K, now: i64) -> i64 {
        let failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.get(key).map_or(0, |f| (f.until - now).max(0))
    }

    /// Counts a failure of `key` at `now`.
    pub fn failed(&self, key: K, now: i64) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if failures.len() >= MAX_KEYS && !failures.contains_key(&key) {
            failures.retain(|_, f| now < f.until + FORGET_MS);
            if failures.len() >= MAX_KEYS {
                // Memory stays bounded: the key whose wait ends first is forgotten.
                if let Some(k) = failures
                    .iter()
                    .min_by_key(|(_, f)| f.until)
                    .map(|(k, _)| k.clone())
                {
                    failures.remove(&k);
                }
            }
        }
        let f = failures.entry(key).or_insert(Failures {
            count: 0,
            until: now,
        });
        if now >= f.until + FORGET_MS {
            f.count = 0;
        }
        f.count = f.count.saturating_add(1);
        f.until = now + Self::delay(f.count);
    }

    /// `key` succeeded: its failures are forgotten.
    pub fn succeeded(&self, key: &K) {
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        failures.remove(key);
    }

    /// The wait after `count` failures.
    fn delay(count: u32) -> i64 {
        match count.checked_sub(FREE_FAILURES) {
            None | Some(0) => 0,
            Some(past) => FIRST_WAIT_MS
                .saturating_mul(1 << (past - 1).min(20))
                .min(MAX_WAIT_MS),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_past_the_free_ones_wait_twice_as_long_each_time() {
        let b = Backoff::default();
        for _ in 0..FREE_FAILURES {
            assert_eq!(b.wait(&"a", 0), 0);
            b.failed("a", 0);
        }
        assert_eq!(b.wait(&"a", 0), 0, "the free failures cost nothing");
        b.failed("a", 0);
        assert_eq!(b.wait(&"a", 0), 1_000);
        assert_eq!(b.wait(&"b", 0), 0, "another key is not slowed");
        b.failed("a", 1_000);
        assert_eq!(b.wait(&"a", 1_000), 2_000);
        b.failed("a", 3_000);
        assert_eq!(b.wait(&"a", 3_000), 4_000);
        for _ in 0..30 {
            b.failed("a", 10_000);
        }
        assert_eq!(b.wait(&"a", 10_000), MAX_WAIT_MS, "bounded");
        b.succeeded(&"a");
        assert_eq!(b.wait(&"a", 10_000), 0, "a success forgets");
        for _ in 0..=FREE_FAILURES {
            b.failed("c", 0);
        }
        b.failed("c", 1_000 + FORGET_MS + 1);
        assert_eq!(
            b.wait(&"c", 1_000 + FORGET_MS + 1),
            0,
            "an hour later it starts over"
        );
    }

    #[test]
    fn a_key_has_its_burst_then_one_as_each_refills() {
        let t = Throttle::new(3);
        assert!((0..3).all(|_| t.take("a", 0)));
        assert!(!t.take("a", 0), "the burst is spent");
        assert!(t.take("b", 0), "another key has its own");
        assert!(!t.take("a", 19_999), "a third of a minute refills one");
        assert!(t.take("a", 20_000));
        assert!(!t.take("a", 20_000));
        assert!(
            (0..3).all(|_| t.take("a", 10 * 60_000)),
            "refilled, never past the burst"
        );
        assert!(!t.take("a", 10 * 60_000));
    }

    #[test]
    fn memory_is_bounded_by_forgetting_full_buckets() {
        let t = Throttle::new(1);
        for k in 0..MAX_KEYS {
            assert!(t.take(k, 0));
        }
        assert!(!t.take(MAX_KEYS, 0), "every key is still refilling");
        assert!(
            t.take(MAX_KEYS, 60_000),
            "a minute later the old ones are forgotten"
        );
        assert_eq!(t.buckets.lock().unwrap().len(), 1);
        assert!(t.take(0, 60_000), "a forgotten key starts full");
    }
}
