//! Rate limits on what costs the server or a player most when flooded: making accounts
//! and sessions (an Argon2id hash each) and guessing passwords (docs/server.md,
//! "Limits"). A token bucket per key (a client's address, an account's name): `burst`
//! requests at once, refilled at `burst` a minute.

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

#[cfg(test)]
mod tests {
    use super::*;

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
