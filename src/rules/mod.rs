//! The rules of Zodiac, with no Bevy in it: cards, deals, moves, phases, rule sets and game
//! records. The single authority on what is legal; the game front end only asks it.

pub mod card;
pub mod deal;
pub mod game;
pub mod layout;
pub mod moves;
pub mod patience;
pub mod position;
pub mod ruleset;

pub use card::{Card, Suit};
pub use deal::{DealNumber, DealNumberError, MAX_DEAL};
pub use game::{Game, GameRecord, Outcome, RecordError, RecordRules};
pub use moves::{Move, MoveList, Place};
pub use position::{Illegal, Phase, Position, Status};
pub use ruleset::{Direction, RuleSet, RuleSetError, Rules};

#[cfg(test)]
mod property_tests;
#[cfg(test)]
mod record_tests;
#[cfg(test)]
mod tests;
