//! Zodiac, the two-deck patience on a circular table, with no Bevy in it: its deal, moves,
//! phases, rule sets and game records (the single authority on what is legal; the front end
//! only asks), its table's layout, the patience behind the shared interface, and its solver.

pub mod deal;
pub mod layout;
pub mod moves;
pub mod patience;
pub mod position;
pub mod ruleset;
pub mod solver;

pub use crate::cards::{Card, DealNumber, DealNumberError, MAX_DEAL, Suit};
pub use crate::patience::played::{Outcome, RecordError};
pub use moves::{Move, MoveList, Place};
pub use patience::{Game, GameRecord, RecordRules};
pub use position::{Illegal, Phase, Position, Status};
pub use ruleset::{Direction, RuleSet, RuleSetFile, Rules};

#[cfg(test)]
mod property_tests;
#[cfg(test)]
mod record_count_tests;
#[cfg(test)]
mod record_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_foundations;
#[cfg(test)]
mod tests_play;
