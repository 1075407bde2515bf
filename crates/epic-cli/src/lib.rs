//! The library behind the `epic` program (`src/main.rs` is its command line): one
//! module per subcommand and the terminal display, over `epic_setup`'s card and deck
//! names, tables and saved games (re-exported here). A library so that other programs, the fuzz targets of `fuzz/` among
//! them, can read saved games and deck arguments exactly as `epic` does.

pub mod alloc_count;
pub mod commands;
pub mod data_dir;
pub mod display;
pub mod interrupt;
pub mod term;

pub use epic_setup::{classic_save, classic_table, draft_save, error, names, save, table};
