//! Zodiac, the two-deck solitaire on a circular table.
//!
//! - [`rules`]: the game's rules, deals and records, with no Bevy in it; the one authority on
//!   what is legal.
//! - [`solver`]: decides exactly whether a position can still be won, and how (no Bevy).
//! - [`patience`]: the one interface between any patience and the front end; `registry` lists
//!   the patiences.
//! - [`cli`]: the command line.
//! - `game` (feature `game`): the Bevy front end, one plugin per concern.

pub mod cli;
// Bevy systems take their data as parameters: long signatures and nested query filters are
// the normal shape of such code, as Bevy itself recommends. Only the front end needs this.
#[cfg(feature = "game")]
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
pub mod game;
pub mod keys;
pub mod klondike;
pub mod parallel;
pub mod patience;
pub mod profile;
pub mod rules;
pub mod solver;
pub mod storage;
