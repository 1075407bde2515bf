//! How the seats play against each other (F-15.2, F-15.3, F-15.4, F-15.7): each for
//! themselves, or in teams that score together (ruling M-29), with or without a
//! countdown of rounds (ruling M-30), or a campaign of battles (ruling M-45).

use crate::game::MultiverseGame;
use epic_game::{NumberAsked, Seat, SetupError};
use serde::{Deserialize, Serialize};

/// The most rounds a countdown may hold.
pub const MAX_ROUNDS: u32 = 100;
/// The most battles a campaign's points are split into.
pub const MAX_BATTLES: u32 = 6;

/// A table's variant, as saved games keep it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variant {
    /// Teams: how many. Seat `s` plays for team `s % teams`, so that turns go round the
    /// teams in turn. Absent: a free-for-all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<u8>,
    /// Countdown: the rounds after which the game ends on points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Campaign: the battles its points are split into, each worth that share of the
    /// game value (ruling M-45).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles: Option<u32>,
}

impl Variant {
    /// The names a request may give: `ffa`, `teams` (with a team size, 2 by default) and
    /// `countdown-N` (N rounds) and `campaign-N` (battles of a game value's N-th).
    pub const NAMES: [&'static str; 4] = [
        "ffa",
        "teams",
        Variant::COUNTDOWN.name,
        Variant::CAMPAIGN.name,
    ];

    /// The countdown's number: its rounds.
    pub const COUNTDOWN: NumberAsked = NumberAsked {
        name: "countdown-N",
        counts: "Rounds before the game ends on points",
        min: 1,
        max: MAX_ROUNDS,
    };

    /// The campaign's number: the battles the game value is split into.
    pub const CAMPAIGN: NumberAsked = NumberAsked {
        name: "campaign-N",
        counts: "Battles the campaign's points are split into",
        min: 2,
        max: MAX_BATTLES,
    };

    pub fn is_free_for_all(&self) -> bool {
        *self == Variant::default()
    }

    /// Whether `seats` make its teams, every one the same size and two or more.
    pub fn fits(&self, seats: usize) -> bool {
        self.teams.is_none_or(|t| {
            let t = usize::from(t);
            t >= 2 && seats.is_multiple_of(t) && seats / t >= 2
        })
    }

    /// The variant `name` asks for at a table of `seats`, checked. A campaign may also
    /// have a countdown of rounds for each battle: `campaign-N+countdown-M` (F-15.7).
    pub fn parse(
        name: Option<&str>,
        team_size: Option<u8>,
        seats: usize,
    ) -> Result<Variant, SetupError> {
        let name = name.unwrap_or("ffa").trim().to_ascii_lowercase();
        if let Some((a, b)) = name.split_once('+').filter(|(_, b)| !b.contains('+')) {
            let (a, b) = (
                Variant::parse(Some(a), None, seats)?,
                Variant::parse(Some(b), None, seats)?,
            );
            return match (a.battles.or(b.battles), a.rounds.or(b.rounds)) {
                (Some(battles), Some(rounds)) if a.teams.is_none() && b.teams.is_none() => {
                    Ok(Variant {
                        battles: Some(battles),
                        rounds: Some(rounds),
                        teams: None,
                    })
                }
                _ => Err(SetupError::new(format!(
                    "{name}: only a campaign and a countdown combine, as \
                     campaign-N+countdown-M (a countdown of M rounds for each battle)"
                ))),
            };
        }
        if name != "teams" && team_size.is_some() {
            return Err(SetupError::new("a team size is for the teams variant"));
        }
        if name == "ffa" {
            return Ok(Variant::default());
        }
        if name == "teams" {
            let size = usize::from(team_size.unwrap_or(2));
            if size < 2 || !seats.is_multiple_of(size) || seats / size < 2 {
                return Err(SetupError::new(format!(
                    "teams of {size} at {seats} seats: a teams game is two or more teams of \
                     two or more players (F-15.3), every team the same size"
                )));
            }
            return Ok(Variant {
                teams: Some((seats / size) as u8),
                ..Variant::default()
            });
        }
        let numbered = |asked: NumberAsked, what: &str| {
            let n = name.strip_prefix(asked.prefix())?;
            Some(
                n.parse::<u32>()
                    .ok()
                    .filter(|r| (asked.min..=asked.max).contains(r))
                    .ok_or_else(|| {
                        SetupError::new(format!(
                            "{name}: the {what} are a number from {} to {}",
                            asked.min, asked.max
                        ))
                    }),
            )
        };
        if let Some(rounds) = numbered(Variant::COUNTDOWN, "rounds") {
            return Ok(Variant {
                rounds: Some(rounds?),
                ..Variant::default()
            });
        }
        if let Some(battles) = numbered(Variant::CAMPAIGN, "battles") {
            return Ok(Variant {
                battles: Some(battles?),
                ..Variant::default()
            });
        }
        Err(SetupError::new(format!(
            "unknown multiverse variant '{name}'; the variants are {}",
            Variant::NAMES.join(", ")
        )))
    }

    /// Its name, as a request gives it.
    pub fn name(&self) -> String {
        match (self.teams, self.rounds, self.battles) {
            (Some(_), _, _) => "teams".into(),
            (None, Some(r), Some(b)) => {
                format!(
                    "{}+{}",
                    Variant::CAMPAIGN.with(b),
                    Variant::COUNTDOWN.with(r)
                )
            }
            (None, Some(r), None) => Variant::COUNTDOWN.with(r),
            (None, None, Some(b)) => Variant::CAMPAIGN.with(b),
            (None, None, None) => "ffa".into(),
        }
    }
}

impl MultiverseGame {
    /// The team `seat` plays for (its own seat in a free-for-all).
    pub fn team(&self, seat: Seat) -> Seat {
        match self.variant.teams {
            Some(n) => seat % n,
            None => seat,
        }
    }

    /// Whether `a` and `b` play on one side: the same seat or team-mates.
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        self.team(a) == self.team(b)
    }

    /// The seats still playing against `seat`, in turn order from it.
    pub(crate) fn opponents(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats_from(seat)
            .filter(move |&s| !self.allied(s, seat))
    }

    /// Every seat of `seat`'s team, out or not.
    pub fn team_members(&self, seat: Seat) -> Vec<Seat> {
        (0..self.players.len() as Seat)
            .filter(|&s| self.allied(s, seat))
            .collect()
    }

    /// The points of `seat`'s team together (its own in a free-for-all).
    pub fn team_points(&self, seat: Seat) -> u32 {
        self.team_members(seat)
            .iter()
            .map(|&s| self.player(s).points)
            .sum()
    }

    /// The game ends on points: of the teams (or seats) still playing, the one with the
    /// most wins; a tie is a draw (rulings M-12, M-30).
    pub(crate) fn finish_on_points(&mut self) {
        let live: Vec<Seat> = self.seats_from(0).collect();
        let best = live.iter().map(|&s| self.team_points(s)).max().unwrap_or(0);
        let mut leaders: Vec<Seat> = live
            .iter()
            .filter(|&&s| self.team_points(s) == best)
            .map(|&s| self.team(s))
            .collect();
        leaders.sort_unstable();
        leaders.dedup();
        let winners = match leaders.as_slice() {
            [team] => self.team_members(*team),
            _ => Vec::new(),
        };
        self.finish(winners);
    }
}
