//! Where in the turn a player holds initiative, in words ("before blockers are
//! declared"), and the moments a person may choose to be asked at rather than passed
//! for (their stops, [`epic_game::table::Stops`]).

use super::Voice;
use crate::state::Window;
use crate::view::View;
use crate::PlayerId;

/// A moment at which a player holds initiative and may pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Their own main phase.
    Main,
    /// Just after another player made a play.
    Response,
    /// Their own battle, before blockers are declared.
    Attacking,
    /// A battle against them, before they declare blockers.
    Attacked,
    /// A battle they are in, after blockers are declared (before damage).
    Blocks,
    /// Another player tries to end their turn.
    End,
    /// A battle between two other players.
    Others,
    /// Dividing their champions' battle damage among several opposing champions: never
    /// a window of initiative, so [`Moment::of`] never names it; unless it is a stop,
    /// the damage is assigned enough to break each opposing champion in turn.
    Damage,
    /// Choosing the order in which several of their triggered abilities resolve (3.2.5a):
    /// never a window of initiative either; unless it is a stop, they resolve in the
    /// order they triggered.
    Order,
}

impl Moment {
    pub const ALL: [Moment; 9] = [
        Moment::Main,
        Moment::Response,
        Moment::Attacking,
        Moment::Attacked,
        Moment::Blocks,
        Moment::End,
        Moment::Others,
        Moment::Damage,
        Moment::Order,
    ];

    /// Its name in `--stops` and the `stops` command.
    pub const fn name(self) -> &'static str {
        match self {
            Moment::Main => "main",
            Moment::Response => "response",
            Moment::Attacking => "attacking",
            Moment::Attacked => "attacked",
            Moment::Blocks => "blocks",
            Moment::End => "end",
            Moment::Others => "others",
            Moment::Damage => "damage",
            Moment::Order => "order",
        }
    }

    /// What it means, for `stops` and `--help`.
    pub const fn meaning(self) -> &'static str {
        match self {
            Moment::Main => "your main phase",
            Moment::Response => "just after another player makes a play",
            Moment::Attacking => "your attack, before blockers are declared",
            Moment::Attacked => "an attack on you, before you declare blockers",
            Moment::Blocks => "a battle you are in, after blockers are declared",
            Moment::End => "the end of another player's turn",
            Moment::Others => "a battle between other players",
            Moment::Damage => {
                "dividing your battle damage yourself (else it breaks each opposing \
                 champion in turn)"
            }
            Moment::Order => {
                "ordering your triggered abilities yourself (else they resolve in the order \
                 they triggered)"
            }
        }
    }

    /// Whether a player is asked at it unless they say otherwise: your main phase,
    /// answers to plays, attacks on you, the moment blocks are known, and the end of an
    /// opponent's turn; not before blocks in your own attack, nor in other players'
    /// battles, nor to divide damage or order triggers.
    pub const fn stop_by_default(self) -> bool {
        !matches!(
            self,
            Moment::Attacking | Moment::Others | Moment::Damage | Moment::Order
        )
    }

    /// The moment at which `holder` holds initiative in this view, if anyone does.
    pub fn of(view: &View, holder: PlayerId) -> Option<Moment> {
        let window = view.window?;
        if view.initiative != Some(holder) {
            return None;
        }
        let mine = holder == view.active;
        Some(match window {
            Window::Main | Window::MainMustAct if mine => Moment::Main,
            _ if view.last_play.is_some_and(|p| p != holder) => Moment::Response,
            Window::Main | Window::MainMustAct => Moment::Response,
            Window::EndResponse | Window::EndAgain => Moment::End,
            Window::BeforeBlocks if view.attacker == Some(holder) => Moment::Attacking,
            Window::BeforeBlocks if view.defender == Some(holder) => Moment::Attacked,
            Window::BeforeDamage
                if view.attacker == Some(holder) || view.defender == Some(holder) =>
            {
                Moment::Blocks
            }
            Window::BeforeBlocks | Window::BeforeDamage => Moment::Others,
        })
    }
}

/// When initiative is held in this view, in words: "before blockers are declared", "at
/// the end of the AI's turn", "in response to your play, in the AI's main phase".
pub fn when(view: &View, voice: &Voice) -> Option<String> {
    let window = view.window?;
    let holder = view.initiative?;
    let base = match window {
        Window::Main | Window::MainMustAct => {
            format!("in {} main phase", voice.possessive(view.active))
        }
        Window::EndResponse | Window::EndAgain => {
            format!("at the end of {} turn", voice.possessive(view.active))
        }
        Window::BeforeBlocks => "before blockers are declared".into(),
        Window::BeforeDamage => "after blockers are declared, before damage".into(),
    };
    Some(match view.last_play {
        Some(p) if p != holder => {
            format!("in response to {} play, {base}", voice.possessive(p))
        }
        _ => base,
    })
}
