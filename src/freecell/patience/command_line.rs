//! FreeCell on the command line: `zodiac show`'s text, and its solver behind the one
//! [`patience::solver::Solver`](crate::patience::solver::Solver): what `zodiac solve` prints
//! (with the positions searched) and `zodiac winrate`'s deals, each within a budget of positions.

use super::FreeCell;
use crate::freecell::solver::{BUDGET, Solver, Verdict};
use crate::freecell::{Position, Rules};
use crate::patience::{self, CommandLine};

impl patience::solver::Solver for Solver {
    type Rules = FreeCell;
    type Note = Option<String>;

    /// A few tenths of a second of one core.
    const TABLE_BUDGET: usize = 400_000;
    const BUDGET: Option<usize> = Some(BUDGET);
    /// A depth-first pass keeps some 70 bytes a position, best first some 170 for each it
    /// meets: 4,000,000 positions may take 1.5 GB.
    const BYTES_A_POSITION: usize = 400;

    fn solve(&mut self, rules: &Rules, position: &Position, budget: usize) -> (Verdict, usize) {
        let verdict = Solver::solve(self, position, rules, budget);
        (verdict, self.searched)
    }

    fn bytes(&self) -> usize {
        Solver::bytes(self)
    }

    fn note_words(note: Option<String>) -> Option<String> {
        note
    }
}

impl CommandLine for FreeCell {
    type Solver = Solver;

    const COMMAND_HELP: &'static str = include_str!("notation.txt");

    fn to_text(rules: &Rules, position: &Position) -> String {
        position.to_text(rules)
    }
}
