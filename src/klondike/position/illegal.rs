//! Why a Klondike move is refused, in the player's words.

use crate::cards::{Card, Suit};
use std::fmt;

/// Why a move is not allowed, in the player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    StockEmpty,
    StockNotEmpty,
    NoPassLeft(u8),
    WasteEmpty,
    ColumnEmpty(u8),
    FoundationEmpty(u8),
    NotOnFoundation {
        card: Card,
        foundation: u8,
    },
    NotOnColumn {
        card: Card,
        column: u8,
    },
    OnlyKings {
        card: Card,
    },
    /// Fewer face-up cards than the move would carry.
    NotThatMany {
        column: u8,
        count: u8,
    },
    NoWayBack,
    SameColumn,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::StockEmpty => write!(f, "the stock is empty"),
            Illegal::StockNotEmpty => write!(f, "the stock is not empty yet"),
            Illegal::NoPassLeft(1) => write!(f, "the stock's one pass is used up"),
            Illegal::NoPassLeft(n) => write!(f, "the stock's {n} passes are used up"),
            Illegal::WasteEmpty => write!(f, "the waste is empty"),
            Illegal::ColumnEmpty(c) => write!(f, "column c{c} is empty"),
            Illegal::FoundationEmpty(i) => write!(f, "foundation f{i} is empty"),
            Illegal::NotOnFoundation { card, foundation } => write!(
                f,
                "{} does not go on foundation f{foundation} ({} up from the Ace)",
                card.name(),
                Suit::ALL[usize::from(*foundation)].name()
            ),
            Illegal::NotOnColumn { card, column } => write!(
                f,
                "{} does not go on column c{column}: columns build down in alternate colours",
                card.name()
            ),
            Illegal::OnlyKings { card } => write!(
                f,
                "only a King goes to an empty column, not {}",
                card.name()
            ),
            Illegal::NotThatMany { column, count } => {
                write!(f, "column c{column} has fewer than {count} face-up cards")
            }
            Illegal::NoWayBack => write!(f, "these rules keep foundation cards where they are"),
            Illegal::SameColumn => write!(f, "a card is already in its own column"),
        }
    }
}

impl std::error::Error for Illegal {}
