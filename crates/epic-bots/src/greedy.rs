use crate::Player;
use epic_engine::eval::{evaluate, WIN};
use epic_engine::{Choice, DecisionKind, Game, PlayerId};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// How many more of its own decisions the bot plays out after an option before it
/// scores the position (a battle's attackers, a spell's targets, a damage split).
const FOLLOW_UP: usize = 12;

/// Positions the follow-ups of one decision may try, all options together: past it the
/// remaining options are scored as they stand. It bounds a decision's work whatever the
/// board (a thousand tokens make a thousand options, each with a thousand follow-ups)
/// without making the choice depend on the machine's speed, as a clock would.
const POSITIONS: usize = 20_000;

/// One-ply greedy player.
///
/// For each legal option it applies the option to a copy of the game and scores the
/// result with [`crate::eval::evaluate`]. Many options start a sequence that the same
/// player finishes ("Declare a battle" → attackers → "Done"; "Play Lightning Strike" →
/// target): there the bot keeps choosing greedily (each step by the evaluation) until
/// the decision passes to another player or back to an open "make a play" decision,
/// and scores that. Ties are broken with a seeded generator, so play is reproducible.
///
/// Information: the bot decides from its own view only. It tries the options on a
/// sample of the game its seat cannot tell from the real one ([`Game::sample_for`]:
/// hidden cards dealt anew, the random generator reseeded), never on the real game,
/// whose copy would hold the opponents' hands and every deck's order.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: Pcg64Mcg,
    /// The position (by digest) the bot returned to by cancelling a battle: there it
    /// does not declare one again, which would only go round in circles.
    cancelled_at: Option<u64>,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
            cancelled_at: None,
        }
    }

    /// The score of every option (other than undo), in option order, for the player
    /// deciding now, tried on `game` itself: the bot passes it a sample of what its seat
    /// may know. Exposed for tests and for explaining a move.
    pub fn scores(game: &Game) -> Vec<(Choice, f64)> {
        let Some(d) = game.decision() else {
            return vec![];
        };
        // Picking attackers or blockers one at a time: each pick is scored by where it
        // leaves the declaration (the evaluation plays the battle out on paper), which
        // is what the follow-up would do anyway, without redoing it for every option
        // (with a dozen tokens that is thousands of positions). Ordering triggers is
        // scored the same way: following up each order would cost the cube of the
        // batch's size.
        let one_step = matches!(
            d.kind,
            DecisionKind::Attackers | DecisionKind::Blockers | DecisionKind::OrderTriggers
        );
        let score = |follow: bool| -> Vec<(Choice, f64)> {
            let mut budget = POSITIONS;
            candidates(game)
                .into_iter()
                .map(|c| {
                    let mut g = game.clone();
                    g.set_undo(false);
                    let v = match g.apply_quiet(c) {
                        Ok(()) if !follow => evaluate(&g, d.player) + bias(c),
                        Ok(()) => follow_up(g, d.player, &mut budget) + bias(c),
                        Err(_) => f64::NEG_INFINITY,
                    };
                    (c, v)
                })
                .collect()
        };
        let scored = score(!one_step);
        // One pick alone may not save a lost position where several together would
        // (two attackers, each lethal unblocked): when every pick looks lost, each is
        // scored again with the rest of the declaration played out.
        if one_step && scored.iter().all(|(_, v)| *v <= -WIN / 4.0) {
            return score(true);
        }
        scored
    }
}

fn candidates(game: &Game) -> Vec<Choice> {
    let all = game.options();
    let v: Vec<Choice> = all.iter().copied().filter(|c| *c != Choice::Undo).collect();
    if v.is_empty() {
        all.to_vec()
    } else {
        v
    }
}

/// A small nudge against options that only go round in circles: backing out of a
/// battle leaves the position as it was, so declaring one only to cancel it must score
/// below simply passing.
fn bias(c: Choice) -> f64 {
    match c {
        Choice::Cancel => -0.5,
        _ => 0.0,
    }
}

/// Whether the player's next decision continues what they started, rather than being
/// a fresh "what now?" (those are scored as they stand).
fn continues(game: &Game, me: PlayerId) -> bool {
    match game.decision() {
        Some(d) => {
            d.player == me
                && !matches!(
                    d.kind,
                    DecisionKind::Initiative | DecisionKind::ContinueOrEnd
                )
        }
        None => false,
    }
}

/// Plays the player's follow-up decisions greedily, each by the evaluation alone, and
/// scores where that ends; each position tried is taken from `budget`, and an empty
/// budget scores the position as it stands.
fn follow_up(mut game: Game, me: PlayerId, budget: &mut usize) -> f64 {
    let mut nudges = 0.0;
    for _ in 0..FOLLOW_UP {
        if !continues(&game, me) || *budget < game.options().len() {
            break;
        }
        *budget -= game.options().len();
        // A batch of triggers resolves in the order listed: scoring every order at
        // every step of a follow-up costs the square of the batch for each option.
        if game.decision_kind() == Some(DecisionKind::OrderTriggers) {
            if game.apply_option(0).is_err() {
                break;
            }
            continue;
        }
        let mut best: Option<(f64, f64, Game)> = None;
        for c in candidates(&game) {
            let mut g = game.clone();
            if g.apply_quiet(c).is_err() {
                continue;
            }
            let v = evaluate(&g, me) + bias(c);
            if best.as_ref().is_none_or(|(b, _, _)| v > *b) {
                best = Some((v, bias(c), g));
            }
        }
        match best {
            Some((_, nudge, g)) => {
                if nudge < 0.0 {
                    // Declaring a battle only to back out of it goes nowhere: never
                    // prefer that path over a real option.
                    return f64::MIN / 2.0;
                }
                nudges += nudge;
                game = g;
            }
            None => break,
        }
    }
    evaluate(&game, me) + nudges
}

impl Player<Game> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Game) -> Choice {
        // A decision asked only so the others cannot tell it was forced (ruling R-14).
        if let [only] = game.options() {
            return *only;
        }
        let Some(me) = game.decider() else {
            return Choice::Pass;
        };
        let sample = game.sample_for(me, self.rng.gen());
        let mut scored = GreedyBot::scores(&sample);
        if self.cancelled_at == Some(game.digest()) && scored.len() > 1 {
            scored.retain(|(c, _)| *c != Choice::DeclareBattle);
        }
        let Some(best) = scored.iter().map(|(_, v)| *v).reduce(f64::max) else {
            return game.options().first().copied().unwrap_or(Choice::Pass);
        };
        let ties: Vec<Choice> = scored
            .iter()
            .filter(|(_, v)| (*v - best).abs() < 1e-9)
            .map(|(c, _)| *c)
            .collect();
        let pick = ties[self.rng.gen_range(0..ties.len())];
        if pick == Choice::Cancel {
            let mut g = game.clone();
            g.set_undo(false);
            if g.apply_quiet(pick).is_ok() {
                self.cancelled_at = Some(g.digest());
            }
        }
        pick
    }
}
