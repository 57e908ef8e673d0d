//! FreeCell's published verdicts (`docs/winrates/freecell-freecell.verdicts.gz`) against what is
//! known and against the solver: of Microsoft's deals 1-32000 only 11982 cannot be won
//! (Freecell Solver and others agree), and a sample of the file is decided again alike, each
//! winning line replayed to a win.

use super::*;
use crate::cards::DealNumber;
use crate::freecell::RuleSet;
use crate::patience::verdict_files::read;

#[test]
fn of_microsofts_deals_only_11982_is_lost() {
    let letters = read("freecell-freecell");
    assert!(letters.len() >= 32_000, "deals 1-32000 are in the file");
    for (d, &letter) in letters[..32_000].iter().enumerate() {
        let want = if d + 1 == 11_982 { b'L' } else { b'W' };
        assert_eq!(letter, want, "deal {}", d + 1);
    }
}

#[test]
fn a_sample_of_the_verdict_file_is_decided_again_alike() {
    let rules = RuleSet::default_set().rules();
    let letters = read("freecell-freecell");
    let mut solver = Solver::new();
    let mut won = 0;
    // About 150 deals, spread over the whole file.
    let step = (letters.len() / 150).max(1);
    for d in (0..letters.len()).step_by(step) {
        let start = Position::deal(DealNumber::new(d as u128 + 1).unwrap());
        match (letters[d], solver.solve(&start, &rules, BUDGET)) {
            (b'W', Verdict::Winnable { line, .. }) => {
                let mut p = start;
                assert!(line.iter().all(|&m| p.apply(&rules, m).is_ok()) && p.is_won());
                won += 1;
            }
            (b'L', Verdict::Lost { .. }) | (b'U', _) | (_, Verdict::Unknown { .. }) => {}
            (letter, v) => panic!(
                "deal {}: the file says {}, the solver {}",
                d + 1,
                letter as char,
                v.word()
            ),
        }
    }
    assert!(won > 100, "{won} won");
}
