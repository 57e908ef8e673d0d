//! What every patience shares and no patience's rules are in: cards and suits with their
//! notation, the notation's place tokens, and PySolFC's deal numbers and shuffles.

pub mod card;
pub mod deal;
pub mod notation;

pub use card::{Card, RANK_LETTERS, Suit};
pub use deal::{DealNumber, DealNumberError, MAX_DEAL};
