use crate::ids::PlayerId;
use epic_model::{CardId, CardPool};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most cards all decks of a game may hold together: every object, tokens included,
/// has a 16-bit id, and tokens need room beside the cards.
pub const MAX_CARDS: usize = 50_000;

/// The most objects a game may hold at once, cards and tokens together. A game whose
/// effects would make a token beyond it ends in a draw (docs/rulings.md R-11).
pub const MAX_OBJECTS: usize = 1 << 16;

/// The highest starting health a format may set. Health itself never wraps: gains and
/// losses saturate at the limits of a 32-bit number.
pub const MAX_HEALTH: i32 = 1_000_000;

/// The numbers the rules leave to the format (rules 1.5.1, 1.6.4, 1.7.4, 1.8.1): a
/// format or variant is a value of this type, not a fork of the code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesConfig {
    pub starting_health: i32,
    pub opening_hand: u8,
    pub hand_limit: u8,
    /// Whether the first player draws at the start of their first turn even in a
    /// two-player game (4.2.3a: only a two-player game skips that draw).
    pub first_player_draws: bool,
    /// How the seats play against each other; free-for-all unless a variant is named.
    #[serde(default, skip_serializing_if = "Variant::is_free_for_all")]
    pub variant: Variant,
    /// Players on a team, seated together (Hydra: seats 1 – 2 one team, 3 – 4 the next);
    /// 1 when everyone plays alone.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub team_size: u8,
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

impl std::hash::Hash for RulesConfig {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.starting_health.hash(h);
        self.opening_hand.hash(h);
        self.hand_limit.hash(h);
        self.first_player_draws.hash(h);
        // Free-for-all adds nothing, so games from before variants keep their digests.
        if !self.variant.is_free_for_all() {
            self.variant.hash(h);
            self.team_size.hash(h);
        }
    }
}

/// How the seats of a game play against each other (2015 rulebook, "Multiplayer";
/// checklist FMT-11 – FMT-13, docs/rulings.md H-21). "Left" is the next seat clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Anyone may attack and affect anyone; the last player left wins.
    #[default]
    #[serde(rename = "ffa")]
    FreeForAll,
    /// A player attacks only their left neighbour and affects only themselves and their
    /// two neighbours; the first elimination ends the game, won by the eliminated
    /// player's right neighbour.
    #[serde(rename = "hunter-first-blood")]
    HunterFirstBlood,
    /// As First Blood, but an elimination gives the eliminated player's right neighbour
    /// 5 health and a card, the neighbours close up, and the last player left wins.
    #[serde(rename = "hunter-last-one-standing")]
    HunterLastOneStanding,
    /// Teams of [`RulesConfig::team_size`] share a turn and a health total of 30 times
    /// the team's size; attacks go at a team, and teammates attack and block together.
    /// "Player" means the team (1.2); the last team left wins.
    #[serde(rename = "hydra")]
    Hydra,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::FreeForAll,
        Variant::HunterFirstBlood,
        Variant::HunterLastOneStanding,
        Variant::Hydra,
    ];

    /// The name programs use: `ffa`, `hunter-first-blood`, `hunter-last-one-standing`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::FreeForAll => "ffa",
            Variant::HunterFirstBlood => "hunter-first-blood",
            Variant::HunterLastOneStanding => "hunter-last-one-standing",
            Variant::Hydra => "hydra",
        }
    }

    /// What the rulebook calls it.
    pub fn title(self) -> &'static str {
        match self {
            Variant::FreeForAll => "Free-for-all",
            Variant::HunterFirstBlood => "Hunter – First Blood",
            Variant::HunterLastOneStanding => "Hunter – Last One Standing",
            Variant::Hydra => "Hydra",
        }
    }

    /// The variant with this name, if any.
    pub fn named(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The fewest seats it is played with: a Hunter needs a left and a right neighbour
    /// who are not the same player; a Hydra two teams of two.
    pub fn min_players(self) -> usize {
        match self {
            Variant::HunterFirstBlood | Variant::HunterLastOneStanding => 3,
            Variant::Hydra => 4,
            Variant::FreeForAll => 2,
        }
    }

    pub fn is_free_for_all(&self) -> bool {
        *self == Variant::FreeForAll
    }

    /// Whether attacks and effects reach only a player's neighbours.
    pub fn hunter(self) -> bool {
        matches!(
            self,
            Variant::HunterFirstBlood | Variant::HunterLastOneStanding
        )
    }
}

impl Default for RulesConfig {
    fn default() -> Self {
        RulesConfig {
            starting_health: 30,
            opening_hand: 5,
            hand_limit: 7,
            first_player_draws: false,
            variant: Variant::FreeForAll,
            team_size: 1,
        }
    }
}

impl RulesConfig {
    /// Refuses numbers no format uses and the engine cannot carry.
    pub fn validate(&self) -> Result<(), crate::SetupError> {
        if !(1..=MAX_HEALTH).contains(&self.starting_health) {
            return Err(crate::SetupError::StartingHealth(self.starting_health));
        }
        Ok(())
    }

    /// The health each seat starts with: the starting health, times the team's size for
    /// a team that shares its total (Hydra: 60 for a team of two).
    pub fn seat_health(&self) -> i32 {
        self.starting_health
            .saturating_mul(i32::from(self.team_size.max(1)))
    }

    /// Refuses a table these rules cannot seat: 2 to 8 players, and as many as the
    /// variant needs.
    pub fn check_seats(&self, players: usize) -> Result<(), crate::SetupError> {
        if !(2..=8).contains(&players) {
            return Err(crate::SetupError::PlayerCount(players));
        }
        let min = self.variant.min_players();
        if players < min {
            return Err(crate::SetupError::VariantPlayers {
                variant: self.variant,
                players,
                min,
            });
        }
        // Hydra: equal teams of two or more, at least two teams; no teams otherwise.
        let k = usize::from(self.team_size);
        let teams_ok = if self.variant == Variant::Hydra {
            k >= 2 && players / k * k == players && players / k >= 2
        } else {
            k == 1
        };
        if !teams_ok {
            return Err(crate::SetupError::Teams {
                variant: self.variant,
                players,
                team_size: self.team_size,
            });
        }
        Ok(())
    }
}

/// Everything a game starts from. With the same setup and the same choices, a game is
/// the same bit for bit.
#[derive(Clone, Debug)]
pub struct Setup {
    pub rules: RulesConfig,
    pub pool: Arc<CardPool>,
    /// One deck per seat, in seat (clockwise) order.
    pub decks: Vec<Vec<CardId>>,
    pub seed: u64,
    /// Who goes first; `None` draws it from the seed.
    pub first_player: Option<PlayerId>,
}

impl Setup {
    /// Standard rules, the first player drawn from the seed.
    pub fn new(pool: Arc<CardPool>, decks: Vec<Vec<CardId>>, seed: u64) -> Setup {
        Setup {
            rules: RulesConfig::default(),
            pool,
            decks,
            seed,
            first_player: None,
        }
    }
}
