//! The solver against the plain search (`plain`), on positions from real deals: the test that
//! any pruning rule which cuts a win must fail. Three kinds of position, as a player meets
//! them: late in a game (few cards left, every card back from home in reach), ones whose win
//! needs a card back from its foundation (found among those), and ones reached by random
//! play. Used by the test suite (thousands of positions) and by `scripts/differential`
//! (10^5 and more).

use super::plain::{self, Plain};
use super::{Solver, Verdict};
use crate::cards::DealNumber;
use crate::klondike::moves::Move;
use crate::klondike::position::Position;
use crate::klondike::ruleset::Rules;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions the plain search may take to decide a case.
pub const PLAIN_BUDGET: usize = 30_000;

/// Where a position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Along a deal's winning line once few cards are left, then a few random moves.
    Late,
    /// Off a deal's winning line, every card sent home the moment it can go (else a random
    /// move): a player who hurries cards home buries what their parents must later hold, and
    /// only cards back from the foundations save the game.
    Eager,
    /// Reached by random moves from a deal's opening.
    Random,
}

/// What comparing the two on one position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both decided, alike; `needs_back`: the win needs a card back from a foundation.
    Agree { winnable: bool, needs_back: bool },
    /// The plain search ran out of its budget, or the solver out of its own.
    Undecided,
    /// A wrong verdict (or a line that does not replay), in words with the position.
    Disagree(String),
}

/// The counts over many positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub won: usize,
    pub lost: usize,
    /// Won positions whose every win needs a card back from a foundation.
    pub needs_back: usize,
    pub undecided: usize,
    pub disagreements: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Agree {
                winnable,
                needs_back,
            } => {
                if winnable {
                    self.won += 1;
                } else {
                    self.lost += 1;
                }
                self.needs_back += usize::from(needs_back);
            }
            Outcome::Undecided => self.undecided += 1,
            Outcome::Disagree(why) => self.disagreements.push(why),
        }
    }

    /// Adds another tally's counts and disagreements to this one's.
    pub fn absorb(&mut self, other: Tally) {
        self.won += other.won;
        self.lost += other.lost;
        self.needs_back += other.needs_back;
        self.undecided += other.undecided;
        self.disagreements.extend(other.disagreements);
    }

    /// Fails (a test) on any disagreement, showing the first with its position.
    pub fn assert_agrees(&self) {
        if let Some(first) = self.disagreements.first() {
            panic!(
                "{} disagreements, the first: {first}",
                self.disagreements.len()
            );
        }
    }
}

/// Compares the solver's verdict on `p` with the plain search's.
pub fn compare(solver: &mut Solver, p: &Position, rules: &Rules, solver_budget: usize) -> Outcome {
    compare_by(p, rules, || solver.solve(p, rules, solver_budget))
}

/// Compares the verdict `solve` gives on `p` (asked only where the plain search decides)
/// with the plain search's.
pub fn compare_by(p: &Position, rules: &Rules, solve: impl FnOnce() -> Verdict) -> Outcome {
    let truth = plain::judge(p, rules, PLAIN_BUDGET);
    if truth == Plain::Unknown {
        return Outcome::Undecided;
    }
    let verdict = solve();
    let shown = || format!("{rules:?}\n{p:?}");
    match (&verdict, &truth) {
        (Verdict::Unknown { .. }, _) | (_, Plain::Unknown) => Outcome::Undecided,
        (Verdict::Winnable { line, .. }, Plain::Won(_)) => {
            let mut q = *p;
            if line.iter().all(|&m| q.apply(rules, m).is_ok()) && q.is_won() {
                Outcome::Agree {
                    winnable: true,
                    needs_back: needs_back(p, rules),
                }
            } else {
                Outcome::Disagree(format!("the solver's line does not replay: {}", shown()))
            }
        }
        (Verdict::Lost { .. }, Plain::Lost) => Outcome::Agree {
            winnable: false,
            needs_back: false,
        },
        (Verdict::Lost { why }, Plain::Won(line)) => Outcome::Disagree(format!(
            "the solver says lost ({why}), the plain search wins in {} moves: {}",
            line.len(),
            shown()
        )),
        (Verdict::Winnable { .. }, _) => Outcome::Disagree(format!(
            "the solver wins what the plain search loses: {}",
            shown()
        )),
    }
}

/// Whether `p` (won by the plain search) is lost without cards back from the foundations.
fn needs_back(p: &Position, rules: &Rules) -> bool {
    rules.foundation_to_column
        && plain::search(p, rules, PLAIN_BUDGET, |_, m| {
            !matches!(m, Move::FoundationToColumn(..))
        }) == Plain::Lost
}

/// Cards not yet home.
pub fn cards_left(p: &Position) -> u8 {
    52 - (0..4).map(|f| p.foundation_len(f)).sum::<u8>()
}

/// Up to `n` moves chosen at random among the legal ones.
fn wander(p: &mut Position, rules: &Rules, n: usize, rng: &mut StdRng) {
    for _ in 0..n {
        let moves = p.legal_moves(rules);
        if moves.is_empty() {
            return;
        }
        p.apply_unchecked(rules, moves[rng.random_range(0..moves.len())]);
    }
}

/// Up to `n` moves, each one home if any card can go (the one chosen at random), else any
/// but a card back from home.
fn hurry(p: &mut Position, rules: &Rules, n: usize, rng: &mut StdRng) {
    for _ in 0..n {
        let moves = p.legal_moves(rules);
        let home: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::WasteToFoundation(_) | Move::ColumnToFoundation(..)))
            .collect();
        let rest: Vec<Move> = moves
            .into_iter()
            .filter(|m| !matches!(m, Move::FoundationToColumn(..)))
            .collect();
        let from = if home.is_empty() { &rest } else { &home };
        if from.is_empty() {
            return;
        }
        p.apply_unchecked(rules, from[rng.random_range(0..from.len())]);
    }
}

/// The positions of `kind` drawn from deal `deal` (a seed of its own for the random choices):
/// late ones from the deal's winning line (none if the solver finds none within
/// `solver_budget`), or one random walk's positions every few moves.
pub fn positions(
    solver: &mut Solver,
    rules: &Rules,
    deal: u128,
    kind: Kind,
    solver_budget: usize,
) -> Vec<Position> {
    let Some(number) = DealNumber::new(deal) else {
        return Vec::new();
    };
    let mut rng = StdRng::seed_from_u64(deal.wrapping_mul(0x9e37_79b9) as u64 ^ kind as u64);
    let start = Position::deal(number, rules);
    let mut out = Vec::new();
    match kind {
        Kind::Late | Kind::Eager => {
            let Verdict::Winnable { line, .. } = solver.solve(&start, rules, solver_budget) else {
                return out;
            };
            let mut p = start;
            // Six stops between 30 cards left and 8 (late) or 44 and 24 (eager), each leaving
            // the line.
            let stops = match kind {
                Kind::Late => [30u8, 26, 22, 18, 13, 8],
                _ => [44, 40, 36, 32, 28, 24],
            };
            let mut stops = stops.into_iter().peekable();
            for &m in &line {
                p.apply_unchecked(rules, m);
                while let Some(&left) = stops.peek()
                    && cards_left(&p) <= left
                {
                    stops.next();
                    let mut q = p;
                    if kind == Kind::Late {
                        let steps = rng.random_range(0..=24);
                        wander(&mut q, rules, steps, &mut rng);
                    } else {
                        let steps = rng.random_range(10..=40);
                        hurry(&mut q, rules, steps, &mut rng);
                    }
                    out.push(q);
                }
            }
        }
        Kind::Random => {
            let mut p = start;
            for _ in 0..8 {
                let steps = rng.random_range(5..=30);
                wander(&mut p, rules, steps, &mut rng);
                out.push(p);
            }
        }
    }
    out
}

/// The solver against the plain search on positions of `kind` from deals `deals`.
pub fn run(rules: &Rules, deals: std::ops::RangeInclusive<u128>, kind: Kind) -> Tally {
    let mut solver = Solver::new();
    let mut tally = Tally::default();
    for deal in deals {
        for p in positions(&mut solver, rules, deal, kind, 200_000) {
            tally.add(compare(&mut solver, &p, rules, super::BUDGET));
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::{Outcome, Tally};

    /// The differential tests fail through `assert_agrees`: one disagreement among agreements
    /// is enough, and what it says is shown.
    #[test]
    #[should_panic(expected = "1 disagreements, the first: the solver says lost")]
    fn one_disagreement_fails() {
        let mut tally = Tally::default();
        let agree = Outcome::Agree {
            winnable: true,
            needs_back: false,
        };
        tally.add(agree.clone());
        let mut other = Tally::default();
        other.add(Outcome::Disagree("the solver says lost".into()));
        tally.absorb(other);
        tally.add(agree);
        assert_eq!(tally.won, 2);
        tally.assert_agrees();
    }
}
