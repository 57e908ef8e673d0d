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
        let decision = self.decide(position, rules);
        let micros = start.elapsed().as_micros();
        let (word, slack) = match decision {
            Decision::Winnable { slack } => ("winnable", slack.to_string()),
            Decision::Lost => ("lost", String::new()),
            Decision::Unknown => ("unknown", String::new()),
        };
        (word, format!("{slack},{micros}"))
    }
}

impl CommandLine for Zodiac {
    type Solver = Solver;

    const COMMAND_HELP: &'static str = "\
(the notation of docs/rules.md; letters in either case, no leading zeros):
    d        turn the top stock card onto the waste
    r        turn the waste over into the empty stock
    w>z5     waste card onto Zodiac pile z5       w>e2    waste card into Equator cell e2
    e2>z5    Equator card onto Zodiac pile z5     z5>f0   Zodiac top card onto foundation f0
    e2>f4    Equator card onto foundation f4
    show: `--` for an empty Equator cell, the stock with the next card to turn first, and
    the phase before the status.";

    fn to_text(rules: &Rules, position: &Position) -> String {
        position.to_text(rules)
    }
}
