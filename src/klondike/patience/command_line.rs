//! Klondike on the command line: `zodiac show`'s text, and its solver behind the one
//! [`patience::solver::Solver`](crate::patience::solver::Solver): what `zodiac solve` prints
//! (with the positions searched) and `zodiac winrate`'s deals, each within a budget of positions.

use super::Klondike;
use crate::klondike::solver::{LAST_BUDGET, Solver, Verdict};
use crate::klondike::{Position, Rules};
use crate::patience::{self, CommandLine, Effort};

impl patience::solver::Solver for Solver {
    type Rules = Klondike;
    type Note = Option<String>;

    /// A few tenths of a second of one core, so that the table never waits long and an idle
    /// game is soon idle again (it decides 87 of the first 100 single-pass deals). Beyond it
    /// the verdict is "unknown", said as such (the command line searches further).
    const TABLE_BUDGET: usize = 400_000;
    const BUDGET: Option<usize> = Some(LAST_BUDGET);
    /// Each of three searches (the usual order, the neighbouring rule set, the shuffled ones)
    /// may spend the budget, each in a table of 8-byte slots at most half full before it
    /// doubles: 32 bytes a position at worst, three times (the rule sets shipped; a custom one
    /// whose keys need 16-byte slots may take twice as much). Deal 844 under draw three, won
    /// at 29M positions, takes about 0.8 GB.
    const BYTES_A_POSITION: usize = 96;

    /// The budget, in stages (`Solver::solve`).
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

    /// Klondike's solver asks a looser rule set (`Solver::looser_won`); there is none looser
    /// than the loosest.
    fn check_effort(rules: &Rules, effort: Effort) -> Result<(), String> {
        if effort.looser_won && *rules == Solver::looser(rules) {
            return Err(
                "--looser-won: one card at a time with passes without end is the loosest rule set"
                    .into(),
            );
        }
        Ok(())
    }

    /// Deals known won under the looser rule set are not searched there again.
    fn for_range(effort: Effort) -> Solver {
        let mut solver = Solver::new();
        solver.looser_won = effort.looser_won;
        solver
    }
}

impl CommandLine for Klondike {
    type Solver = Solver;

    const COMMAND_HELP: &'static str = include_str!("notation.txt");

    fn to_text(rules: &Rules, position: &Position) -> String {
        position.to_text(rules)
    }
}
