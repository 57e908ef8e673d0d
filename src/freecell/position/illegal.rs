//! Why a FreeCell move is refused, in a player's words.

use crate::cards::Card;
use std::fmt;

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The place is not on this table.
    NoSuchPlace,
    Empty,
    /// Several cards, from or to anything but a column.
    NotASequenceMove,
    /// The cards taken do not form a run that moves as one.
    NotASequence,
    /// More cards than the free cells and empty columns make room for.
    NoRoom {
        room: usize,
    },
    /// The free cell holds a card already.
    CellTaken,
    /// The card does not go on the column's top card.
    DoesNotBuild {
        card: Card,
        on: Card,
    },
    /// The foundation takes another card next.
    NotNextHome {
        card: Card,
    },
    /// A card home stays home under these rules.
    HomeStaysHome,
    /// Nowhere to put more cards on that column.
    ColumnFull,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoSuchPlace => write!(f, "There is no such place on this table."),
            Illegal::Empty => write!(f, "There is no card there."),
            Illegal::NotASequenceMove => write!(f, "Only a column's cards move several at once."),
            Illegal::NotASequence => write!(
                f,
                "Those cards do not form a run: each must lie on the next card up."
            ),
            Illegal::NoRoom { room: 1 } => write!(
                f,
                "No room to move them: with no free cell and no empty column, one card moves at a time."
            ),
            Illegal::NoRoom { room } => write!(
                f,
                "No room to move them: the free cells and empty columns make room for {room} cards."
            ),
            Illegal::CellTaken => write!(f, "That free cell holds a card already."),
            Illegal::DoesNotBuild { card, on } => {
                write!(f, "{} does not go on {}.", card.name(), on.name())
            }
            Illegal::NotNextHome { card } => {
                write!(f, "{} does not go on its foundation yet.", card.name())
            }
            Illegal::HomeStaysHome => {
                write!(f, "These rules keep foundation cards where they are.")
            }
            Illegal::ColumnFull => write!(f, "That column can take no more cards."),
        }
    }
}

impl std::error::Error for Illegal {}
