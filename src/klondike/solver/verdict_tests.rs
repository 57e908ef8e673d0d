//! The published verdict files (`docs/winrates/klondike-RULES.verdicts.gz`, written by
//! `scripts/verdicts`) against the rules and the solver: well formed, consistent with what the
//! rule sets imply of each other, and a sample of their deals decided again alike, each
//! winning line replayed to a win.

use super::*;
use crate::cards::DealNumber;
use crate::patience::rule_sets::RuleSetFile as _;
use std::collections::BTreeMap;

/// A rule set's verdicts by deal (`W`, `L` or `U`), read from its file.
fn verdicts(name: &str) -> Vec<u8> {
    read(&format!("klondike-{name}"))
}

use crate::patience::verdict_files::read;

/// What the rules imply: a line that wins under single pass wins under unlimited passes (the
/// same moves are legal there); and one that wins under draw three wins under unlimited, since
/// both keep the talon in one order and, one card at a time with passes without end, any card
/// of it can be brought to the top of the waste (through the end of the stock and a turn
/// over), whichever three at a time would bring. So no deal is won under either and lost under
/// unlimited.
#[test]
fn the_verdict_files_agree_with_each_other() {
    let unlimited = verdicts("unlimited");
    let mut compared = BTreeMap::new();
    for name in ["single-pass", "draw-three"] {
        let other = verdicts(name);
        let both = other.len().min(unlimited.len());
        for d in 0..both {
            assert!(
                !(other[d] == b'W' && unlimited[d] == b'L'),
                "deal {} is won under {name} but lost under unlimited",
                d + 1
            );
        }
        compared.insert(name, both);
    }
    assert!(compared.values().all(|&n| n >= 10_000), "{compared:?}");
}

/// A sample of each file's deals, spread over it, decided again: the same verdict, and every
/// winning line replays to a win.
#[test]
fn a_sample_of_the_verdict_files_is_decided_again_alike() {
    let mut solver = Solver::new();
    for name in ["single-pass", "unlimited", "draw-three"] {
        let rules = crate::klondike::RuleSet::by_name_or_path(name)
            .unwrap()
            .rules();
        let letters = verdicts(name);
        let (mut won, mut lost) = (0, 0);
        // About 2,000 deals of each file, spread over all of it: every 211th of 457,000,
        // every 499th of a million.
        let step = if letters.len() > 500_000 { 499 } else { 211 };
        for d in (0..letters.len()).step_by(step) {
            let deal = DealNumber::new(d as u128 + 1).unwrap();
            let p = Position::deal(deal, &rules);
            let v = solver.solve(&p, &rules, BUDGET);
            match (letters[d], &v) {
                (b'W', Verdict::Winnable { line, .. }) => {
                    let mut q = p;
                    assert!(line.iter().all(|&m| q.apply(&rules, m).is_ok()) && q.is_won());
                    won += 1;
                }
                (b'L', Verdict::Lost { .. }) => lost += 1,
                // A deal the file could not decide, or one it decided with a larger budget.
                (b'U', _) | (_, Verdict::Unknown { .. }) => {}
                (letter, v) => panic!(
                    "{name} deal {}: the file says {}, the solver {}",
                    d + 1,
                    letter as char,
                    v.word()
                ),
            }
        }
        assert!(won > 2 && lost > 0, "{name}: {won} won, {lost} lost");
    }
}

/// lonelybot's verdicts (a third-party exact solver: docs/winrates.md, "Reference data") and
/// ours never contradict each other where both decided.
#[test]
fn the_verdict_files_agree_with_lonelybots() {
    for name in ["unlimited", "draw-three"] {
        let ours = verdicts(name);
        let theirs = read(&format!("lonelybot-{name}"));
        let both = ours.len().min(theirs.len());
        let mut compared = 0;
        for d in 0..both {
            if ours[d] != b'U' && theirs[d] != b'U' {
                assert_eq!(ours[d], theirs[d], "{name} deal {}", d + 1);
                compared += 1;
            }
        }
        assert!(compared >= 9_000, "{name}: {compared} compared");
    }
    // lonelybot's own verdicts keep the rules' order too: winnable under draw three is
    // winnable under unlimited (a check of how its deals are fed as much as of it).
    let (unlimited, three) = (read("lonelybot-unlimited"), read("lonelybot-draw-three"));
    for d in 0..unlimited.len().min(three.len()) {
        assert!(
            !(three[d] == b'W' && unlimited[d] == b'L'),
            "lonelybot: deal {} winnable under draw three, lost under unlimited",
            d + 1
        );
    }
}
