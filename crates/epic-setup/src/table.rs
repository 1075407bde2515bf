//! The table a game is played at, as `epic play` and `epic sim` take it from their
//! arguments: how many seats, the format whose rules the decks obey, and the variant the
//! seats play (2015 rulebook, "Formats" and "Multiplayer"). One reading of the options
//! and one deck check, so every program agrees on what a legal game is.

use crate::error::{CliError, CliResult};
use crate::names;
use epic_cards::CardId;
use epic_classic::format::Format as ClassicFormat;
use epic_engine::{RulesConfig, Variant};
use epic_formats::Format;

/// The table options every game-playing command takes.
#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// Seats at the table, 2 to 8 (4.3.5 and M4.4 when more than two).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    /// The format whose deck-building rules every deck must follow: sealed, pack-draft,
    /// open-draft, cube-draft, dark-draft, preconstructed, full-constructed; with
    /// --ruleset classic: pack-war, sealed-N, draft-N (N packs a player) or designed.
    /// Default: none, any deck the engine can play.
    #[arg(long, value_name = "NAME", value_parser = format_parser)]
    pub format: Option<String>,
    /// How the seats play against each other: ffa (free-for-all), hunter-first-blood,
    /// hunter-last-one-standing (docs/rulings.md H-21; 3 seats or more), hydra (teams
    /// that share a turn and a health total, seated together; H-31).
    #[arg(long, value_name = "NAME", default_value = "ffa", value_parser = variant_parser())]
    pub variant: String,
    /// Players on each Hydra team (default 2): `--players 6 --team-size 3` is 3 against 3.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=4))]
    pub team_size: Option<u8>,
}

/// A format of either game: the 2017 formats by name, the classic ones as
/// `epic_classic::format::Format` reads them.
fn format_parser(name: &str) -> Result<String, String> {
    if epic_formats::format(name).is_some() {
        return Ok(name.to_string());
    }
    match ClassicFormat::parse(name) {
        Ok(_) => return Ok(name.to_string()),
        // A classic format with a wrong number of packs says so ("1 to 12 packs").
        Err(e) if !matches!(e, epic_classic::format::FormatError::UnknownFormat { .. }) => {
            return Err(e.to_string())
        }
        Err(_) => {}
    }
    Err(format!(
        "unknown format '{name}'; the formats are {}, and for --ruleset classic pack-war, \
         sealed-N, draft-N and designed",
        epic_formats::format_names().join(", ")
    ))
}

/// The classic format of a table's `--format`, if it names one (`None` without a format).
pub fn classic_format(args: &TableArgs) -> CliResult<Option<ClassicFormat>> {
    if args.variant != "ffa" || args.team_size.is_some() {
        return Err(CliError::input(
            "the classic game has no variants: every player plays for themselves (--variant ffa)",
        ));
    }
    args.format
        .as_deref()
        .map(|name| {
            ClassicFormat::parse(name).map_err(|e| {
                CliError::input(format!("--format {name}: {e} (a format of the 2017 game?)"))
            })
        })
        .transpose()
}

fn variant_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Variant::ALL.map(Variant::name))
}

/// A table read from [`TableArgs`]: checked, with the rules its games are played by.
#[derive(Clone, Debug)]
pub struct Table {
    pub players: u8,
    pub format: Option<Format>,
    pub variant: Variant,
    pub rules: RulesConfig,
    /// The draft that makes the decks, when the format is one.
    pub draft: Option<epic_formats::draft::DraftFormat>,
}

impl TableArgs {
    /// The table, or a usage error naming what does not fit: a variant needing more
    /// seats, a format for other numbers of players.
    pub fn table(&self) -> CliResult<Table> {
        let variant = Variant::named(&self.variant)
            .ok_or_else(|| CliError::input(format!("unknown variant '{}'", self.variant)))?;
        if let Some(name) = self.format.as_deref() {
            if epic_formats::format(name).is_none() && ClassicFormat::parse(name).is_ok() {
                return Err(CliError::input(format!(
                    "--format {name} is a format of the classic game (2009): add --ruleset classic"
                )));
            }
        }
        let format = self.format.as_deref().map(names::format).transpose()?;
        let mut rules = format
            .as_ref()
            .map_or_else(RulesConfig::default, |f| f.rules.clone());
        rules.variant = variant;
        rules.team_size = match (variant, self.team_size) {
            (Variant::Hydra, size) => size.unwrap_or(2),
            (_, None) => 1,
            (_, Some(_)) => {
                return Err(CliError::input(
                    "--team-size is for --variant hydra; no other variant has teams",
                ))
            }
        };
        let players = self.players;
        rules
            .check_seats(usize::from(players))
            .map_err(|e| CliError::input(format!("--players {players}: {e}")))?;
        if let Some(f) = &format {
            if !f.seats(usize::from(players)) {
                return Err(CliError::input(format!(
                    "{} is played by {}, not {players} (--players)",
                    f.title,
                    f.players_text()
                )));
            }
        }
        // Sealed's 30 are dealt as each seat's deck ("random"); the rest are drafted.
        let draft = format
            .as_ref()
            .and_then(|f| epic_formats::draft::DraftFormat::named(f.name))
            .filter(|&d| d != epic_formats::draft::DraftFormat::Sealed);
        Ok(Table {
            players,
            format,
            variant,
            rules,
            draft,
        })
    }
}

impl Table {
    /// Refuses a deck the game cannot be played with or the format does not allow, with
    /// every rule it breaks: "the AI's deck ('wild') breaks Full Constructed: …".
    pub fn check_deck(&self, deck: &[CardId], spec: &str, whose: &str) -> CliResult {
        names::check_deck_size(deck, spec, whose, &self.rules)?;
        if let Some(f) = &self.format {
            let broken = f.check(deck, &names::pool());
            if !broken.is_empty() {
                let why: Vec<String> = broken.iter().map(ToString::to_string).collect();
                return Err(CliError::input(format!(
                    "{whose} ('{spec}') breaks the rules of {f}: {}",
                    why.join("; ")
                )));
            }
        }
        Ok(())
    }

    /// The table in words: "4 players, Hunter – First Blood, Full Constructed".
    pub fn describe(&self) -> String {
        let mut parts = vec![format!("{} players", self.players)];
        if self.variant == Variant::Hydra {
            let k = self.rules.team_size;
            let teams = vec![k.to_string(); usize::from(self.players / k.max(1))];
            parts.push(format!("Hydra {}", teams.join("v")));
        } else if self.players > 2 || !self.variant.is_free_for_all() {
            parts.push(self.variant.title().to_string());
        }
        if let Some(f) = &self.format {
            parts.push(f.title.to_string());
        }
        parts.join(", ")
    }
}
