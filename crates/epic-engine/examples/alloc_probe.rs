//! Which decisions allocate: counts heap allocations per decision kind in random games.
use epic_engine::{Game, RulesConfig, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

static N: AtomicU64 = AtomicU64::new(0);
static ARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static SHOWN: AtomicU64 = AtomicU64::new(0);
struct Counting;
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        N.fetch_add(1, Ordering::Relaxed);
        if ARMED.swap(false, Ordering::Relaxed) && SHOWN.fetch_add(1, Ordering::Relaxed) < 3 {
            eprintln!(
                "allocation of {} bytes:\n{}",
                l.size(),
                std::backtrace::Backtrace::force_capture()
            );
        }
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, s: usize) -> *mut u8 {
        N.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(p, l, s) }
    }
}
#[global_allocator]
static A: Counting = Counting;

fn main() {
    let pool = epic_cards::shared_pool();
    let mut by_kind: std::collections::BTreeMap<String, (u64, u64)> = Default::default();
    for seed in 0..300u64 {
        let decks = vec![
            epic_cards::deck_from(&pool, "good", seed).unwrap(),
            epic_cards::deck_from(&pool, "evil", seed).unwrap(),
        ];
        let mut game = Game::new(Setup {
            rules: RulesConfig::default(),
            pool: pool.clone(),
            decks,
            seed,
            first_player: None,
        })
        .unwrap();
        game.set_undo(false);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            let opts = game.options();
            let c = opts[rng.gen_range(0..opts.len())];
            let key = format!(
                "{:?} -> {:?}",
                game.decision_kind().unwrap(),
                std::mem::discriminant(&c)
            );
            let before = N.load(Ordering::Relaxed);
            let arm = seed > 5
                && std::env::var("ARM")
                    .ok()
                    .is_some_and(|k| key.starts_with(&k));
            ARMED.store(arm, Ordering::Relaxed);
            game.apply_quiet(c).unwrap();
            ARMED.store(false, Ordering::Relaxed);
            let e = by_kind.entry(key).or_default();
            e.0 += 1;
            e.1 += N.load(Ordering::Relaxed) - before;
        }
    }
    let mut rows: Vec<_> = by_kind.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1 .1));
    for (k, (n, a)) in rows.iter().take(15) {
        println!(
            "{k:60} {n:8} decisions {a:8} allocs ({:.2}/decision)",
            *a as f64 / *n as f64
        );
    }
}
