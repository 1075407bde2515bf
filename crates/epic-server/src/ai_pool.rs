//! Where the server's computer players think: a fixed number of workers shared by every
//! game, and a queue in front of them that takes one account's games in turn with
//! everyone else's (docs/server.md, "Limits"). Each account has at most one search
//! running or waiting for a worker, so an account with fifty games against the strongest
//! level uses one worker, and the others serve everyone else.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

pub struct AiPool {
    workers: Arc<Semaphore>,
    /// One permit per account: its searches take their turn one at a time.
    accounts: Mutex<HashMap<String, Arc<Semaphore>>>,
}

impl AiPool {
    /// A pool of `workers` (at least one) threads' worth of searches.
    pub fn new(workers: usize) -> AiPool {
        AiPool {
            workers: Arc::new(Semaphore::new(workers.max(1))),
            accounts: Mutex::new(HashMap::new()),
        }
    }

    /// The workers of a server on this machine: one for each core.
    pub fn default_workers() -> usize {
        std::thread::available_parallelism().map_or(1, usize::from)
    }

    fn account(&self, account: &str) -> Arc<Semaphore> {
        let mut accounts = self.accounts.lock().unwrap_or_else(|e| e.into_inner());
        accounts
            .entry(account.to_string())
            .or_insert_with(|| Arc::new(Semaphore::new(1)))
            .clone()
    }

    /// Runs `work` (a bot's decision) on a blocking thread once `account`'s turn and a
    /// worker come; `None` if it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        account: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let turn = self.account(account);
        let done = {
            let _turn = turn.acquire().await.ok()?;
            let _worker = self.workers.acquire().await.ok()?;
            tokio::task::spawn_blocking(work).await.ok()
        };
        // An account with nothing running or waiting is forgotten: memory stays bounded
        // by the accounts whose games are thinking.
        let mut accounts = self.accounts.lock().unwrap_or_else(|e| e.into_inner());
        if Arc::strong_count(&turn) == 2 {
            accounts.remove(account);
        }
        done
    }

    /// How many accounts have a search running or waiting.
    pub fn accounts_waiting(&self) -> usize {
        self.accounts.lock().map_or(0, |a| a.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Ten searches of one account and one of another's, on one worker: the other's
    /// runs second, not eleventh, and no account has two running at once.
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn accounts_take_turns_for_the_workers() {
        let pool = Arc::new(AiPool::new(1));
        let order = Arc::new(Mutex::new(Vec::new()));
        let running = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..10 {
            let (pool, order, running) = (pool.clone(), order.clone(), running.clone());
            tasks.push(tokio::spawn(async move {
                pool.run("greedy-account", move || {
                    assert_eq!(running.fetch_add(1, Ordering::SeqCst), 0, "one at a time");
                    std::thread::sleep(Duration::from_millis(20));
                    order.lock().unwrap().push(format!("many {i}"));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }));
            if i == 0 {
                // The first is running; the rest of its account queue behind it.
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
        let (p, o) = (pool.clone(), order.clone());
        let other = tokio::spawn(async move {
            p.run("other", move || o.lock().unwrap().push("other".into()))
                .await
        });
        other.await.unwrap().unwrap();
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        let order = order.lock().unwrap();
        assert_eq!(order.len(), 11);
        let at = order.iter().position(|s| s == "other").unwrap();
        assert!(
            at <= 2,
            "the other account waited for {at} searches: {order:?}"
        );
        assert_eq!(pool.accounts_waiting(), 0, "idle accounts are forgotten");
    }
}
