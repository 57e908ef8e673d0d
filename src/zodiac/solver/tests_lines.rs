//! Winning lines replayed, verdicts against successors and a plain search, lost reasons.

use super::tests::{c, replays_to_a_win, rules, small_position};
use super::*;
use crate::zodiac::{DealNumber, Game, RuleSet, RuleSetFile as _, Status};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every winnable verdict on deals 1 to 200 of both rule sets comes with a line that the game
/// replays to a win.
#[test]
fn deals_1_to_200_replay_to_a_win() {
    for name in ["cadogan", "wikipedia"] {
        let mut won = 0;
        for n in 1..=200u128 {
            let deal = DealNumber::new(n).unwrap();
            let mut game = Game::new(RuleSet::builtin(name).unwrap(), deal);
            match solve(game.position(), game.rules()) {
                Verdict::Winnable { line, .. } => {
                    for (i, &m) in line.iter().enumerate() {
                        game.play(m)
                            .unwrap_or_else(|e| panic!("{name} deal {n} move {i} ({m}): {e}"));
                    }
                    assert_eq!(game.status(), Status::Won, "{name} deal {n}");
                    won += 1;
                }
                Verdict::Lost { why } => assert!(!why.is_empty()),
                Verdict::Unknown { why } => panic!("{name} deal {n}: unknown: {why}"),
            }
        }
        assert!(won > 50, "{name}: only {won} of 200 won");
    }
}

/// A position is winnable exactly when one of its moves leads to a winnable position: `d` and
/// `r` included, on random positions met while playing deals.
#[test]
fn a_verdict_is_the_or_of_its_successors() {
    let mut rng = StdRng::seed_from_u64(4);
    let mut solver = Solver::new();
    let mut checked = [0; 2];
    for round in 0..24u128 {
        let name = ["cadogan", "wikipedia"][(round % 2) as usize];
        let mut rules = rules(name);
        rules.equator_to_zodiac_in_phase_2 = round % 3 == 0;
        let mut p = Position::deal(DealNumber::new(1000 + round).unwrap());
        // Play the solver's line part way when there is one (positions that stay winnable),
        // random moves otherwise (mostly lost ones), then a few random moves more.
        let steps = rng.random_range(0..400);
        if let Verdict::Winnable { line, .. } = solver.solve(&p, &rules) {
            for &m in line.iter().take(steps) {
                p.apply(&rules, m).unwrap();
            }
        }
        for _ in 0..rng.random_range(0..4) {
            let moves = p.legal_moves(&rules);
            if moves.is_empty() {
                break;
            }
            p.apply_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if p.is_won() {
            continue;
        }
        let here = solver.decide(&p, &rules);
        let mut any = false;
        for &m in p.legal_moves(&rules).iter() {
            let mut q = p;
            q.apply_unchecked(m);
            any |= matches!(solver.decide(&q, &rules), Decision::Winnable { .. });
        }
        assert_eq!(
            matches!(here, Decision::Winnable { .. }),
            any,
            "{name}: {p:?}"
        );
        checked[usize::from(any)] += 1;
    }
    assert!(checked[0] > 2 && checked[1] > 2, "{checked:?}");
}

#[test]
fn lost_reasons_are_in_a_players_words() {
    // Wikipedia deal 1 is lost: its suits need more cells than the Equator has.
    let p = Position::deal(DealNumber::new(1).unwrap());
    let Verdict::Lost { why } = solve(&p, &rules("wikipedia")) else {
        panic!("deal 1 under wikipedia rules is lost")
    };
    assert!(
        why.ends_with("; there are 8") && why.contains("Equator cells"),
        "{why}"
    );
    // Phase 2, both foundations of clubs up and wanting the Q♣: each Q♣ lies under a K♣.
    let rules = rules("wikipedia");
    let queen_king = [c("QC"), c("KC")];
    let (mut zodiac, mut len) = ([&[][..]; 24], [13; 8]);
    zodiac[3] = &queen_king;
    zodiac[9] = &queen_king;
    len[0] = 11;
    len[4] = 11;
    let p = Position::from_parts([None; 8], zodiac, len, &[], &[]);
    assert!(!brute::winnable(&p, &rules));
    let Verdict::Lost { why } = solve(&p, &rules) else {
        panic!("lost")
    };
    assert_eq!(
        why,
        "the clubs cannot all go home: none can go home: f0 and f4 want the Q♣, which lies \
         under the K♣ on z3 and under the K♣ on z9"
    );
    // With one K♣ waiting in the Equator instead, it is won: Q♣ K♣, then the other pile.
    let (queen, king_queen_king) = ([c("QC")], [c("QC"), c("KC")]);
    zodiac[3] = &queen;
    zodiac[9] = &king_queen_king;
    let mut equator = [None; 8];
    equator[0] = Some(c("KC"));
    let p = Position::from_parts(equator, zodiac, len, &[], &[]);
    assert!(brute::winnable(&p, &rules));
    assert!(solve(&p, &rules).is_winnable());
}

#[test]
fn hand_built_tables_that_are_not_a_double_deck_are_unknown() {
    let p = Position::from_parts([None; 8], [&[][..]; 24], [12; 8], &[], &[]);
    assert!(matches!(
        solve(&p, &rules("cadogan")),
        Verdict::Unknown { .. }
    ));
}

#[test]
fn a_won_position_needs_no_moves() {
    let p = Position::from_parts([None; 8], [&[][..]; 24], [13; 8], &[], &[]);
    assert_eq!(
        solve(&p, &rules("cadogan")),
        Verdict::Winnable {
            line: vec![],
            note: 8
        }
    );
}

/// A plan is carried out only through the rules: one that does not fit the position gives no
/// line, never a line the table would refuse (the solver then says "unknown").
#[test]
fn a_plan_that_does_not_replay_gives_no_line() {
    let rules = rules("cadogan");
    let p = Position::deal(DealNumber::new(1).unwrap());
    let mut solver = Solver::new();
    let (figures, outcome) = solver.outcome(&p, &rules);
    let Outcome::Winnable { last, .. } = outcome else {
        panic!("deal 1 is winnable");
    };
    let layouts = solver.layouts(&figures.unwrap(), last);
    let line = plan::line(&p, &rules, &layouts).expect("its own plan replays");
    assert!(replays_to_a_win(&p, &rules, &line).is_ok());
    // The same plan from another deal, and no plan at all.
    let other = Position::deal(DealNumber::new(2).unwrap());
    assert!(plan::line(&other, &rules, &layouts).is_err());
    assert!(plan::line(&other, &rules, &[]).is_err());
    let mut p2 = p;
    p2.apply(&rules, Move::WasteToZodiac(20)).unwrap();
    assert!(plan::line(&p2, &rules, &layouts).is_err());
}

/// Every legal move of the rules engine from every position, each position once (exactly as
/// it is: no cell or talon split taken for another), nothing left out: whether a win is
/// reachable, or `None` past `budget` positions.
fn plain_search(p: &Position, rules: &Rules, budget: usize) -> Option<bool> {
    let mut seen = std::collections::HashSet::new();
    seen.insert(*p);
    let mut stack = vec![*p];
    while let Some(q) = stack.pop() {
        if q.is_won() {
            return Some(true);
        }
        for &m in q.legal_moves(rules).iter() {
            let mut r = q;
            r.apply_unchecked(m);
            if seen.insert(r) {
                if seen.len() > budget {
                    return None;
                }
                stack.push(r);
            }
        }
    }
    Some(false)
}

/// The solver against the plain search, in both phases: the same verdict wherever the plain
/// search decides, on small random positions (the brute force above assumes the stock's order
/// and the Equator's cells do not matter; this one assumes nothing).
#[test]
fn the_solver_agrees_with_a_plain_search() {
    let mut rng = StdRng::seed_from_u64(3);
    let mut solver = Solver::new();
    for phase_1 in [true, false] {
        let (mut won, mut lost, mut undecided) = (0, 0, 0);
        for case in 0..600 {
            let (p, rules) = small_position(&mut rng, phase_1);
            let Some(truth) = plain_search(&p, &rules, 200_000) else {
                undecided += 1;
                continue;
            };
            let verdict = solver.solve(&p, &rules);
            assert_eq!(
                verdict.word() == "winnable",
                truth,
                "case {case}: the solver says {}, the plain search {}: {p:?} {rules:?}",
                verdict.word(),
                if truth { "wins" } else { "loses" }
            );
            if truth { won += 1 } else { lost += 1 }
        }
        eprintln!("phase 1: {phase_1}: won {won}, lost {lost}, undecided {undecided}");
        assert!(won > 100 && lost > 100, "won {won}, lost {lost}");
    }
}
