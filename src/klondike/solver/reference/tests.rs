//! The first solver against a plain search, and on whole deals.

use super::*;
use crate::cards::DealNumber;
use crate::klondike::RuleSet;
use crate::klondike::solver::BUDGET;
use crate::patience::rule_sets::RuleSetFile as _;

fn rules(name: &str) -> Rules {
    RuleSet::by_name_or_path(name).unwrap().rules()
}

/// The same search without any pruning but the transposition set: slow, simple, and the
/// judge of the pruned one.
fn plain(
    p: &mut Position,
    r: &Rules,
    seen: &mut HashSet<Position>,
    budget: &mut usize,
) -> Option<bool> {
    if p.is_won() {
        return Some(true);
    }
    if !seen.insert(*p) {
        return Some(false);
    }
    *budget = budget.checked_sub(1)?;
    for m in p.legal_moves(r) {
        let done = p.apply_unchecked(r, m);
        let won = plain(p, r, seen, budget);
        p.undo(m, done);
        if won != Some(false) {
            return won;
        }
    }
    Some(false)
}

/// Positions near the end of deal 3's winning line, and the same positions after one
/// more legal move (which may throw the game away): the pruned search agrees with the plain
/// one wherever the plain one finishes, and its winning lines replay to a win.
#[test]
fn verdicts_replay_and_agree_with_a_plain_search() {
    // The plain search recurses as deep as its lines are long.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(agree_with_a_plain_search)
        .unwrap()
        .join()
        .unwrap();
}

fn agree_with_a_plain_search() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let r = rules("single-pass");
    let mut solver = Solver::new();
    let start = Position::deal(DealNumber::new(3).unwrap(), &r);
    let Verdict::Winnable { line, .. } = solver.solve(&start, &r, BUDGET) else {
        panic!("deal 3 is winnable");
    };
    let mut rng = StdRng::seed_from_u64(11);
    let (mut won, mut lost, mut compared) = (0, 0, 0);
    let cuts = (0..line.len()).rev().step_by(4).take(24).chain([0]);
    for cut in cuts {
        let mut p = start;
        line[..cut].iter().for_each(|&m| {
            p.apply(&r, m).unwrap();
        });
        // The position, and the same after a few random moves (which often lose it).
        let mut cases = vec![p];
        let mut q = p;
        for _ in 0..4 {
            let moves = q.legal_moves(&r);
            if moves.is_empty() {
                break;
            }
            q.apply(&r, moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
        cases.push(q);
        if cut == 0 {
            // A whole deal that is lost.
            cases.push(Position::deal(DealNumber::new(2).unwrap(), &r));
        }
        for case in cases {
            let verdict = solver.solve(&case, &r, BUDGET);
            match &verdict {
                Verdict::Winnable { line, .. } => {
                    let mut q = case;
                    line.iter().for_each(|&m| {
                        q.apply(&r, m).unwrap();
                    });
                    assert!(q.is_won());
                    won += 1;
                }
                Verdict::Lost { .. } => lost += 1,
                Verdict::Unknown { why } => panic!("cut {cut}: {why}"),
            }
            let mut q = case;
            let mut budget = 150_000;
            if let Some(plain_won) = plain(&mut q, &r, &mut HashSet::new(), &mut budget) {
                compared += 1;
                assert_eq!(
                    plain_won,
                    verdict.word() == "winnable",
                    "cut {cut}: {case:?}"
                );
            }
        }
    }
    eprintln!("deal 3's line: {won} won, {lost} lost, {compared} compared");
    assert!(
        won > 0 && lost > 0,
        "both answers met: {won} won, {lost} lost"
    );
    assert!(
        compared >= 20,
        "the plain search finished often enough: {compared}"
    );
}

/// Deals decided whole: a lost one (deal 2) and a won one (deal 3).
#[test]
fn whole_deals_are_decided() {
    let r = rules("single-pass");
    let mut solver = Solver::new();
    let deal = |n| Position::deal(DealNumber::new(n).unwrap(), &r);
    assert_eq!(solver.solve(&deal(2), &r, BUDGET).word(), "lost");
    assert_eq!(solver.solve(&deal(3), &r, BUDGET).word(), "winnable");
    let tiny = solver.solve(&deal(17), &r, 1000);
    assert_eq!(tiny.word(), "unknown", "a budget too small says so");
}

#[test]
fn every_rule_set_decides_and_wins_replay() {
    for name in ["unlimited", "draw-three"] {
        let r = rules(name);
        let mut solver = Solver::new();
        for n in 1..=3u128 {
            let start = Position::deal(DealNumber::new(n).unwrap(), &r);
            match solver.solve(&start, &r, BUDGET) {
                Verdict::Winnable { line, .. } => {
                    let mut p = start;
                    line.iter()
                        .for_each(|&m| p.apply(&r, m).map(|_| ()).unwrap());
                    assert!(p.is_won(), "{name} deal {n}");
                }
                // Deals 1 to 3 are all winnable under both (lonelybot's verdicts agree).
                other => panic!("{name} deal {n}: {other:?}"),
            }
        }
    }
}
