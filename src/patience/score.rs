//! Scores, where a patience keeps one (Klondike, issue 36): the player's choice of none,
//! standard (Windows Solitaire's points) or Vegas (a stake per deal, a return per card home,
//! the balance carried from game to game). What earns points is each patience's own (its
//! `Table::score`); this is the choice and the words.

use serde::{Deserialize, Serialize};

/// Which score the table keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Scoring {
    Off,
    /// Windows Solitaire's standard points (docs/rules.md).
    Standard,
    /// Vegas: the deal costs 52, each card home earns 5, the balance carries on.
    #[default]
    Vegas,
}

impl Scoring {
    pub const ALL: [Scoring; 3] = [Scoring::Off, Scoring::Standard, Scoring::Vegas];

    pub fn title(self) -> &'static str {
        match self {
            Scoring::Off => "None",
            Scoring::Standard => "Standard",
            Scoring::Vegas => "Vegas",
        }
    }
}

/// Dollars as Vegas says them: `$25`, `−$27`.
pub fn dollars(amount: i64) -> String {
    if amount < 0 {
        format!("−${}", amount.unsigned_abs())
    } else {
        format!("${amount}")
    }
}
