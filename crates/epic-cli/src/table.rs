//! The table options every game-playing command takes (`--players`, `--format`,
//! `--variant`, `--team-size`), read into the 2017 game's [`TableSpec`]; every other
//! ruleset reads them from its `TableRequest`.

pub use epic_engine::setup::table::*;

use crate::error::{CliError, CliResult};

/// The table options every game-playing command takes.
#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// Seats at the table, 2 to 8 (4.3.5 and M4.4 when more than two).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    /// The format whose deck-building rules every deck must follow: sealed, pack-draft,
    /// open-draft, cube-draft, dark-draft, preconstructed, full-constructed; with
    /// --ruleset classic: pack-war, sealed-N, draft-N (N packs a player) or designed;
    /// with --ruleset multiverse: standard, mixed, restricted-moral or restricted-WORD
    /// (M-40). Default: none, any deck the engine can play.
    #[arg(long, value_name = "NAME", value_parser = format_parser)]
    pub format: Option<String>,
    /// How the seats play against each other: ffa (free-for-all), hunter-first-blood,
    /// hunter-last-one-standing (docs/rulings.md H-21; 3 seats or more), hydra (teams
    /// that share a turn and a health total, seated together; H-31); with --ruleset
    /// multiverse: teams (that score together, seated in turn; M-29), countdown-N (the
    /// most points after N rounds; M-30) or campaign-N (battles each worth the game
    /// value's N-th, with intermissions; M-45), campaign-N+countdown-M (battles of M
    /// rounds at most).
    #[arg(long, value_name = "NAME", default_value = "ffa", value_parser = variant_parser)]
    pub variant: String,
    /// Players on each team of a Hydra or teams game (default 2): `--players 6
    /// --team-size 3` is 3 against 3.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=4))]
    pub team_size: Option<u8>,
}

/// A format some ruleset has, as the registry says. Whether the chosen ruleset has it,
/// its setup says.
fn format_parser(name: &str) -> Result<String, String> {
    if !epic_rulesets::rulesets_with_format(name).is_empty() {
        return Ok(name.to_string());
    }
    // A format with a wrong number in it says so (a classic "1 to 12 packs").
    if let Some(why) = epic_rulesets::format_mistake(name) {
        return Err(why);
    }
    let listed: Vec<String> = epic_rulesets::rulesets()
        .into_iter()
        .map(|r| format!("{} (--ruleset {})", r.formats.join(", "), r.name))
        .collect();
    Err(format!(
        "unknown format '{name}'; the formats are {}; the classic game's limited formats are \
         pack-war, sealed-N and draft-N",
        listed.join("; ")
    ))
}

/// A variant some ruleset has, as the registry says. Whether the chosen ruleset has it,
/// its setup says.
fn variant_parser(name: &str) -> Result<String, String> {
    if !epic_rulesets::rulesets_with_variant(name).is_empty() {
        return Ok(name.to_string());
    }
    let mut unique: Vec<&str> = Vec::new();
    for v in epic_rulesets::rulesets()
        .into_iter()
        .flat_map(|r| r.variants)
    {
        if !unique.contains(&v) {
            unique.push(v);
        }
    }
    Err(format!(
        "unknown variant '{name}'; the variants are {}",
        unique.join(", ")
    ))
}

impl TableArgs {
    /// The table these options ask for.
    pub fn spec(&self) -> TableSpec {
        TableSpec {
            players: self.players,
            format: self.format.clone(),
            variant: self.variant.clone(),
            team_size: self.team_size,
        }
    }

    /// The 2017 table, or a usage error naming what does not fit; a format of other
    /// rulesets only is pointed to their `--ruleset`.
    pub fn table(&self) -> CliResult<Table> {
        if let Some(name) = self.format.as_deref() {
            let with = epic_rulesets::rulesets_with_format(name);
            if !with.is_empty() && !with.contains(&"2017") {
                let names: Vec<String> = (with.iter())
                    .map(|r| Ok(epic_rulesets::ruleset(r)?.title.to_string()))
                    .collect::<CliResult<_>>()?;
                return Err(CliError::input(format!(
                    "--format {name} is a format of the {}: add --ruleset {}",
                    names.join(" or the "),
                    with.join(" or --ruleset ")
                )));
            }
        }
        Ok(self.spec().table()?)
    }
}
