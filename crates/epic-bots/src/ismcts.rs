use crate::search::{search, Heuristic, SearchConfig, SearchResult};
use crate::Player;
use epic_engine::{Choice, Game, PlayerId};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The greedy bot's evaluation ([`crate::eval`]) read as a chance to win: a logistic
/// curve over the score, [`WinChance::SCALE`] points of advantage making about 73%.
#[derive(Clone, Copy, Debug, Default)]
pub struct WinChance;

impl WinChance {
    /// Score points worth one unit of the logistic curve's argument.
    pub const SCALE: f64 = epic_engine::eval::WIN_CHANCE_SCALE;
}

impl Heuristic<Game> for WinChance {
    fn value(&self, game: &Game, seat: PlayerId) -> f64 {
        epic_engine::eval::win_chance(game, seat)
    }

    /// Cancelling a battle declaration returns to the decision that declared it.
    fn worth_trying(&self, _game: &Game, choice: Choice) -> bool {
        choice != Choice::Cancel
    }
}

/// The search player: [`crate::search`] over the engine, valued by [`WinChance`].
/// It decides from its own view only: every iteration plays on a sample of the game
/// its seat cannot tell from the real one.
#[derive(Clone, Debug)]
pub struct IsmctsBot {
    name: String,
    config: SearchConfig,
    rng: Pcg64Mcg,
}

impl IsmctsBot {
    pub fn new(name: &str, config: SearchConfig, seed: u64) -> Self {
        IsmctsBot {
            name: name.to_string(),
            config,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// Searches the pending decision for whoever must make it, without playing it.
    pub fn think(&mut self, game: &Game) -> Option<SearchResult<Choice>> {
        let seat = game.decider()?;
        let seed = self.rng.gen();
        search(game, seat, &self.config, &WinChance, seed)
    }
}

impl Player<Game> for IsmctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game) -> Choice {
        // A decision asked only so the others cannot tell it was forced (ruling R-14).
        if let [only] = game.options() {
            return *only;
        }
        match self.think(game) {
            Some(result) => result.choice,
            None => game.options().first().copied().unwrap_or(Choice::Pass),
        }
    }
}
