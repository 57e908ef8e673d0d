//! The rules of Klondike, with no Bevy in it: the deal (PySolFC's numbers), positions and
//! legal moves, rule sets (single pass, unlimited, draw three, or a file of one's own). The
//! single authority on what is legal in Klondike.
//!
//! Seven columns of 1 to 7 cards, the top one face up; the rest is the stock, turned onto the
//! waste one card (or three) at a time. Columns build down in alternate colours, a face-up card
//! moving with every card on it; only a King (or a run headed by one) fills an empty column;
//! a face-down card left on top turns face up as part of the move. Four foundations, one per
//! suit, build up from the Ace; a card may come back from them if the rule set allows.

pub mod layout;
pub mod moves;
pub mod patience;
pub mod position;
pub mod ruleset;
pub mod score;
pub mod solver;

pub use moves::{BadToken, Move, Place};
pub use patience::{Game, GameRecord, RecordRules};
pub use position::{Done, Illegal, Position, Status};
pub use ruleset::{RuleSet, Rules};

#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod tests;
