//! A Klondike position as text, as `zodiac show --patience klondike` prints it.

use super::{Position, Status};
use crate::cards::Card;
use crate::klondike::moves::Place;
use crate::klondike::ruleset::Rules;
use std::fmt;

impl Position {
    /// The position as text, one line per place, cards bottom to top: face-down cards in
    /// parentheses, the stock with the next card to turn first; then the status.
    pub fn to_text(&self, rules: &Rules) -> String {
        let names = |cards: &[Card]| {
            cards
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut out = String::new();
        for c in 0..7u8 {
            let column = self.column(c);
            let down = usize::from(self.face_down(c));
            let mut words: Vec<String> = column[..down]
                .iter()
                .map(|card| format!("({card})"))
                .collect();
            words.extend(column[down..].iter().map(|card| card.to_string()));
            out.push_str(&format!("column c{c}: {}\n", words.join(" ")).replace(": \n", ":\n"));
        }
        for f in 0..4u8 {
            let cards = self.cards_at(Place::Foundation(f));
            out.push_str(&format!("foundation f{f}: {}\n", names(&cards)).replace(": \n", ":\n"));
        }
        out.push_str(&format!("waste: {}\n", names(self.waste())).replace(": \n", ":\n"));
        let mut stock = self.stock().to_vec();
        stock.reverse();
        out.push_str(&format!("stock: {}\n", names(&stock)).replace(": \n", ":\n"));
        let status = match self.status(rules) {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Stuck => "stuck",
        };
        out.push_str(&format!("status: {status}\n"));
        out
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = Rules {
            turn: 1,
            passes: None,
            foundation_to_column: true,
        };
        write!(f, "{}", self.to_text(&rules))
    }
}
