use crate::Player;
use epic_engine::{Choice, Game};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Picks uniformly among the legal options. It never undoes (an undo only wastes
/// decisions and could loop).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Pcg64Mcg,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Player<Game> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let options: Vec<Choice> = game
            .options()
            .iter()
            .copied()
            .filter(|c| *c != Choice::Undo)
            .collect();
        match options.len() {
            0 => game.options().first().copied().unwrap_or(Choice::Pass),
            n => options[self.rng.gen_range(0..n)],
        }
    }
}
