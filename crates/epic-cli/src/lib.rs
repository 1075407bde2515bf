//! The library behind the `epic` program (`src/main.rs` is its command line): one
//! module per subcommand and the terminal display, over each ruleset's card and deck
//! names, tables and saved games, with the files and options the command line adds. A
//! library so that other programs, the fuzz targets of `fuzz/` among them, can read
//! saved games and deck arguments exactly as `epic` does.

pub mod alloc_count;
pub mod commands;
pub mod data_dir;
pub mod interrupt;
pub mod term;

pub mod error;
pub mod names;
pub mod save;
pub mod table;

pub use epic_engine::setup::draft_save;
