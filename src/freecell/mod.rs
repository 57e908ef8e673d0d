//! The rules of FreeCell, with no Bevy in it: the deal (PySolFC's numbers, Microsoft's below
//! 32000), positions and legal moves, rule sets (FreeCell, Baker's Game, or a file of one's
//! own). The single authority on what is legal in FreeCell.
//!
//! Eight columns dealt face up, left to right across them; four free cells, each holding one
//! card; four foundations, one per suit, built up from the Ace. Columns build down in
//! alternate colours (in suit, in Baker's Game); any card or run fills an empty column. A run
//! moves as one when the free cells and empty columns make room for it: (1 + free cells) ×
//! 2^(empty columns), the column moved to not counted when it is empty. In the shipped rule
//! sets a card home stays home, as in Microsoft's game.

pub mod layout;
pub mod moves;
pub mod patience;
pub mod position;
pub mod ruleset;
pub mod solver;

pub use moves::{BadToken, COLUMNS, Move, Place};
pub use patience::Game;
pub use position::{Illegal, Position};
pub use ruleset::{Build, RuleSet, RuleSetFile, Rules};

#[cfg(test)]
mod tests;
