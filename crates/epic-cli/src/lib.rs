//! The library behind the `epic` program (`src/main.rs` is its command line): one
//! module per subcommand, the shared card pool and deck names, the terminal display,
//! and saved games. A library so that other programs, the fuzz targets of `fuzz/` among
//! them, can read saved games and deck arguments exactly as `epic` does.

pub mod alloc_count;
pub mod commands;
pub mod data_dir;
pub mod display;
pub mod draft_save;
pub mod error;
pub mod interrupt;
pub mod names;
pub mod save;
pub mod table;
pub mod term;
