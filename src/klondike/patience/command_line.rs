//! Klondike on the command line: `zodiac show`'s text, what `zodiac solve` prints (with the
//! positions searched), and `zodiac winrate`'s deals decided in order, each within a budget of
//! positions.

use super::Klondike;
use crate::klondike::solver::{self, LAST_BUDGET, Solver};
use crate::klondike::{Position, Rules};
use crate::patience::rules::budgeted_solve_text;
use crate::patience::{CommandLine, Decided, Effort};

impl CommandLine for Klondike {
    const COMMAND_HELP: &'static str = "\
(docs/rules.md): d turn (one card or three), r turn the waste over (if a pass is
    left), w>c3 w>f0 c3>f0 f0>c3, c6>c2 (the top card), c6:3>c2 (the top three cards).";

    const WINRATE_COLUMNS: &'static str = "micros,positions";

    fn to_text(rules: &Rules, position: &Position) -> String {
        position.to_text(rules)
    }

    fn solve_text(
        rules: &Rules,
        position: &Position,
        budget: Option<usize>,
    ) -> Result<String, String> {
        Ok(budgeted_solve_text(|| {
            let mut solver = Solver::new();
            let verdict = solver.solve(position, rules, budget.unwrap_or(LAST_BUDGET));
            (verdict, solver.searched)
        }))
    }

    fn decide_range(
        rules: &Rules,
        range: (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String> {
        if effort.looser_won && *rules == Solver::looser(rules) {
            return Err(
                "--looser-won: one card at a time with passes without end is the loosest rule set"
                    .into(),
            );
        }
        let budget = effort.budget.unwrap_or(LAST_BUDGET);
        solver::decide_range(rules, range, jobs, budget, effort.looser_won, |d| {
            row(Decided {
                deal: d.deal,
                word: d.word,
                columns: format!("{},{}", d.micros, d.positions),
            })
        });
        Ok(())
    }
}
