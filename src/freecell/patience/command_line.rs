//! FreeCell on the command line: `zodiac show`'s text, what `zodiac solve` prints (with the
//! positions searched), and `zodiac winrate`'s deals decided in order, each within a budget of
//! positions.

use super::FreeCell;
use crate::freecell::solver::{BUDGET, Solver};
use crate::freecell::{Position, Rules};
use crate::patience::rules::budgeted_solve_text;
use crate::patience::{CommandLine, Decided, Effort};
use std::time::Instant;

impl CommandLine for FreeCell {
    const COMMAND_HELP: &'static str = "\
(docs/rules.md): c3>c5 (the top card), c3:4>c5 (the top four), c3>r0 (into free
    cell r0), r0>c3, c3>f1, r0>f1 (home).";

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
            let verdict = solver.solve(position, rules, budget.unwrap_or(BUDGET));
            (verdict, solver.searched)
        }))
    }

    /// Every deal of the range decided, in order, each within `budget` positions.
    fn decide_range(
        rules: &Rules,
        range: (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String> {
        if effort.looser_won {
            return Err("--looser-won: FreeCell's solver asks no other rule set".into());
        }
        let budget = effort.budget.unwrap_or(BUDGET);
        crate::parallel::decide_in_order(
            range,
            jobs,
            1,
            Solver::new,
            |solver, n| {
                let deal = crate::cards::DealNumber::new(n).expect("in range");
                let start = Instant::now();
                let word = solver.solve(&Position::deal(deal), rules, budget).word();
                Decided {
                    deal: n,
                    word,
                    columns: format!("{},{}", start.elapsed().as_micros(), solver.searched),
                }
            },
            row,
            |_, _| {},
        );
        Ok(())
    }
}
