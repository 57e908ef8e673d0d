//! Zodiac on the command line: `zodiac show`'s text, and its solver behind the one
//! [`patience::solver::Solver`](crate::patience::solver::Solver): what `zodiac solve` prints
//! (with the slack of a win) and `zodiac winrate`'s deals. Zodiac's solver always searches to
//! the end: it takes no budget and counts no positions.

use super::Zodiac;
use crate::patience::{self, CommandLine};
use crate::zodiac::solver::{Decision, Solver, Verdict};
use crate::zodiac::{Position, Rules};
use std::time::Instant;

impl patience::solver::Solver for Solver {
    type Rules = Zodiac;
    /// The slack: Equator cells the best plan leaves spare.
    type Note = u8;

    /// It searches to the end (in milliseconds), budget or none.
    const TABLE_BUDGET: usize = usize::MAX;
    const BUDGET: Option<usize> = None;
    const COLUMNS: &'static str = "slack,micros";
    const CHUNK: u128 = 500;

    fn solve(&mut self, rules: &Rules, position: &Position, _: usize) -> (Verdict, usize) {
        (Solver::solve(self, position, rules), 0)
    }

    fn bytes(&self) -> usize {
        Solver::bytes(self)
    }

    fn note_words(slack: u8) -> Option<String> {
        Some(match slack {
            0 => "with no Equator cell to spare".to_string(),
            1 => "1 Equator cell to spare".to_string(),
            n => format!("{n} Equator cells to spare"),
        })
    }

    fn note_line(slack: &u8) -> Option<String> {
        Some(format!("slack: {slack}"))
    }

    /// Decided without writing the line (faster), with the slack of a win: `slack,micros`.
    fn decide_deal(
        &mut self,
        rules: &Rules,
        position: &Position,
        _: usize,
    ) -> (&'static str, String) {
        let start = Instant::now();
        let (word, slack) = match self.decide(position, rules) {
            Decision::Winnable { slack } => ("winnable", slack.to_string()),
            Decision::Lost => ("lost", String::new()),
            Decision::Unknown => ("unknown", String::new()),
        };
        (word, format!("{slack},{}", start.elapsed().as_micros()))
    }
}

impl CommandLine for Zodiac {
    type Solver = Solver;

    const COMMAND_HELP: &'static str = include_str!("notation.txt");

    fn to_text(rules: &Rules, position: &Position) -> String {
        position.to_text(rules)
    }
}
