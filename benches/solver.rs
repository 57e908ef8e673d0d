//! How fast the solvers decide: for Zodiac, µs per decision (p50, p99, max) on fresh deals and
//! on mid-game positions, and deals decided per second on one core; for Klondike, per rule set,
//! the same on fresh deals, the share decided within the budget and the positions searched
//! (which a busy machine does not change). Fails if it measured
//! nothing.
//!
//! Run with `cargo bench --no-default-features --bench solver`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use zodiac::patience::rule_sets::RuleSetFile as _;
use zodiac::zodiac::solver::{Solver, Verdict};
use zodiac::zodiac::{DealNumber, Position, RuleSet, Rules};

fn main() {
    let mut solver = Solver::new();
    let mut rng = StdRng::seed_from_u64(10);
    for name in ["cadogan", "wikipedia"] {
        let rules = RuleSet::builtin(name).expect("shipped rule set").rules();

        // Fresh deals, one core: the first 2000 and 1000 from the Mersenne Twister range.
        let deals: Vec<u128> = (1..=2000)
            .chain((0..1000).map(|_| rng.random_range(32_000..=1_000_000_000)))
            .collect();
        let start = Instant::now();
        let fresh: Vec<f64> = deals
            .iter()
            .map(|&n| {
                time(
                    &mut solver,
                    &Position::deal(DealNumber::new(n).unwrap()),
                    &rules,
                )
            })
            .collect();
        let per_second = fresh.len() as f64 / start.elapsed().as_secs_f64();
        report(&format!("{name}, fresh deals"), fresh);
        println!("{name}, fresh deals: {per_second:.0} deals decided per second on one core");

        // Mid-game: part of the way along a winning line (or random moves on a lost deal),
        // then a few random moves.
        let mut middle = Vec::new();
        for n in 5000..5600u128 {
            let mut p = Position::deal(DealNumber::new(n).unwrap());
            if let Verdict::Winnable { line, .. } = solver.solve(&p, &rules) {
                for &m in line.iter().take(rng.random_range(0..line.len())) {
                    p.apply_unchecked(m);
                }
            }
            for _ in 0..rng.random_range(0..20) {
                let moves = p.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                p.apply_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            middle.push(time(&mut solver, &p, &rules));
        }
        report(&format!("{name}, mid-game positions"), middle);
    }
    klondike();
}

/// Klondike: the first 100 deals of each rule set, each decided within the solver's budget.
fn klondike() {
    use zodiac::klondike::solver::{BUDGET, Solver as KSolver};
    use zodiac::klondike::{Position as KPosition, RuleSet as KRuleSet};
    let mut solver = KSolver::new();
    for name in ["single-pass", "unlimited", "draw-three"] {
        let rules = KRuleSet::by_name_or_path(name).expect("shipped").rules();
        let (mut micros, mut decided, mut positions) = (Vec::new(), 0, 0);
        for n in 1..=100u128 {
            let p = KPosition::deal(DealNumber::new(n).unwrap(), &rules);
            let start = Instant::now();
            let verdict = solver.solve(&p, &rules, BUDGET);
            micros.push(start.elapsed().as_secs_f64() * 1e6);
            decided += usize::from(verdict.word() != "unknown");
            positions += solver.searched;
        }
        let n = micros.len();
        report(&format!("klondike {name}, fresh deals"), micros);
        println!(
            "klondike {name}, fresh deals: {decided} of {n} decided within {BUDGET} positions; {positions} positions searched in all"
        );
    }
}

fn time(solver: &mut Solver, p: &Position, rules: &Rules) -> f64 {
    let start = Instant::now();
    std::hint::black_box(solver.decide(std::hint::black_box(p), rules));
    start.elapsed().as_secs_f64() * 1e6
}

fn report(what: &str, mut micros: Vec<f64>) {
    assert!(!micros.is_empty(), "{what}: nothing was measured");
    micros.sort_by(f64::total_cmp);
    let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what}: {} decisions, µs per decision p50 {:.0}, p99 {:.0}, max {:.0}",
        micros.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
}
