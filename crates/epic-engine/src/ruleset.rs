//! The 2017 engine behind the ruleset-neutral interface ([`epic_game::State`]).

use crate::choice::Choice;
use crate::game::Game;
use epic_game::{Refused, Seat, State};

impl State for Game {
    type Choice = Choice;

    fn seats(&self) -> usize {
        self.state().num_players()
    }

    fn side(&self, seat: Seat) -> usize {
        (seat / self.rules().team_size.max(1)) as usize
    }

    fn decider(&self) -> Option<Seat> {
        self.state().ask.as_ref().map(|a| a.player)
    }

    fn options(&self) -> &[Choice] {
        Game::options(self)
    }

    fn apply(&mut self, choice: Choice) -> Result<(), Refused> {
        self.apply_quiet(choice).map_err(|_| Refused)
    }

    fn apply_option(&mut self, index: usize) -> Result<(), Refused> {
        Game::apply_option(self, index).map_err(|_| Refused)
    }

    fn winners(&self) -> Option<&[Seat]> {
        let st = self.state();
        st.is_over().then_some(&st.winners[..])
    }

    fn sample_for(&self, seat: Seat, seed: u64) -> Game {
        Game::sample_for(self, seat, seed)
    }

    fn label(&self, choice: Choice, seat: Seat) -> String {
        self.label_for(choice, seat)
    }

    fn digest(&self) -> u64 {
        Game::digest(self)
    }
}
