//! Zodiac: patience games (Zodiac, Klondike, FreeCell) with an exact solver for each.
//!
//! - [`cards`]: cards, suits, PySolFC's deal numbers and shuffles: no patience's rules.
//! - [`patience`]: what a patience implements, the one interface between any patience and the
//!   front end; it names no patience.
//! - [`registry`]: the list of patiences, the one place that names them all.
//! - [`kinds`]: patiences written as files (`assets/patiences/`): pile kinds with their
//!   parameters as data, PySolFC's deal as data, one engine for every file.
//! - [`zodiac`], [`klondike`], [`freecell`]: one folder per patience: its rules (the one
//!   authority on what is legal), layout and solver, with no Bevy in them; none imports
//!   another.
//! - [`cli`]: the command line.
//! - `game` (feature `game`): the Bevy front end, one plugin per concern; it names no patience.

/// The version players and bug reports read: Cargo.toml's, with the git commit built from
/// where there is one (`0.1.0 (commit 0123456789ab)`; see build.rs).
pub const VERSION: &str = env!("ZODIAC_VERSION");

pub mod cards;
pub mod cli;
#[cfg(test)]
mod contract_tests;
pub mod freecell;
#[cfg(test)]
mod proof_tests;
// Bevy systems take their data as parameters: long signatures and nested query filters are
// the normal shape of such code, as Bevy itself recommends. Only the front end needs this.
#[cfg(feature = "game")]
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
pub mod game;
#[cfg(test)]
mod imports;
pub mod keys;
pub mod kinds;
pub mod klondike;
pub mod parallel;
pub mod patience;
pub mod profile;
pub mod registry;
pub mod storage;
pub mod zodiac;
