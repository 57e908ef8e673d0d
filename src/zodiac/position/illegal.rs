//! Why a move was refused, in words a player understands.

use super::*;

/// Why a move was refused, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    StockEmpty,
    StockNotEmpty,
    WasteEmpty,
    EquatorEmpty(u8),
    EquatorOccupied(u8),
    ZodiacEmpty(u8),
    NotZodiacNeighbour {
        card: Card,
        top: Card,
    },
    ZodiacInPhase2,
    FoundationInPhase1,
    ZodiacMovesInPhase1,
    FoundationRefuses {
        card: Card,
        foundation: u8,
        wants: Option<Card>,
    },
    /// Cards never come back off a foundation.
    FoundationGivesNothingBack,
    /// Stock cards are played by turning them onto the waste.
    StockIsTurned,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::StockEmpty => write!(f, "the stock is empty"),
            Illegal::StockNotEmpty => write!(
                f,
                "the waste can only be turned over when the stock is empty"
            ),
            Illegal::WasteEmpty => write!(f, "the waste is empty"),
            Illegal::EquatorEmpty(e) => write!(f, "Equator cell e{e} is empty"),
            Illegal::EquatorOccupied(e) => write!(f, "Equator cell e{e} already holds a card"),
            Illegal::ZodiacEmpty(z) => write!(f, "Zodiac pile z{z} is empty"),
            Illegal::NotZodiacNeighbour { card, top } => write!(
                f,
                "{} does not go on {}: a Zodiac pile takes the same suit, one rank up or down",
                card.name(),
                top.name()
            ),
            Illegal::ZodiacInPhase2 => write!(f, "in phase 2 cards only go to the foundations"),
            Illegal::FoundationInPhase1 => write!(f, "nothing goes to a foundation in phase 1"),
            Illegal::ZodiacMovesInPhase1 => write!(f, "Zodiac cards never move in phase 1"),
            Illegal::FoundationGivesNothingBack => {
                write!(f, "cards never come back off a foundation")
            }
            Illegal::StockIsTurned => {
                write!(
                    f,
                    "stock cards are turned onto the waste first (click the stock)"
                )
            }
            Illegal::FoundationRefuses {
                card,
                foundation,
                wants: Some(want),
            } => {
                write!(
                    f,
                    "foundation f{foundation} takes {} next, not {}",
                    want.name(),
                    card.name()
                )
            }
            Illegal::FoundationRefuses {
                card,
                foundation,
                wants: None,
            } => {
                write!(
                    f,
                    "foundation f{foundation} is complete and takes no {}",
                    card.name()
                )
            }
        }
    }
}

impl std::error::Error for Illegal {}
