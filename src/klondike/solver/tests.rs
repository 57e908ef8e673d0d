//! The solver against brute force on reduced games, against the first solver (`reference`) on
//! whole deals, against itself (a position's verdict is the OR of its successors'), and its
//! winning lines replayed by the rules. Lost positions are in `tests_lost.rs`, the plain
//! search in `tests_plain.rs`.

use super::*;
use crate::cards::{Card, DealNumber};
use crate::klondike::RuleSet;
use crate::patience::rule_sets::RuleSetFile as _;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub(super) const RULE_SETS: [&str; 3] = ["single-pass", "unlimited", "draw-three"];

pub(super) fn rules(name: &str) -> Rules {
    RuleSet::by_name_or_path(name).unwrap().rules()
}

pub(super) fn deal(n: u128, r: &Rules) -> Position {
    Position::deal(DealNumber::new(n).unwrap(), r)
}

pub(super) fn replays(start: &Position, r: &Rules, line: &[Move]) -> bool {
    let mut p = *start;
    line.iter().all(|&m| p.apply(r, m).is_ok()) && p.is_won()
}

/// The plain search (`plain`: every legal move, each position once), but for cards of rank
/// `low` or less brought back from their foundations: whether a win is reachable, or `None`
/// past `budget` positions.
pub(super) fn brute_force(start: Position, r: &Rules, low: u8, budget: usize) -> Option<bool> {
    let allowed = |p: &Position, m: Move| !matches!(m, Move::FoundationToColumn(f, _) if p.foundation_len(f) <= low);
    match plain::search(&start, r, budget, allowed) {
        plain::Plain::Won(_) => Some(true),
        plain::Plain::Lost => Some(false),
        plain::Plain::Unknown => None,
    }
}

/// The legal moves but those bringing a card of rank `low` or less back from its foundation.
fn in_play(p: &Position, r: &Rules, low: u8) -> Vec<Move> {
    let mut moves = p.legal_moves(r);
    moves.retain(|&m| kept(p, m, low));
    moves
}

/// Whether move `m` is not a card of rank `low` or less brought back from its foundation.
fn kept(p: &Position, m: Move, low: u8) -> bool {
    !matches!(m, Move::FoundationToColumn(f, _) if p.foundation_len(f) <= low)
}

/// Up to `n` moves at random (of those `in_play`), fewer if none is left.
pub(super) fn play_at_random(p: &mut Position, r: &Rules, low: u8, n: usize, rng: &mut StdRng) {
    for _ in 0..n {
        let moves = in_play(p, r, low);
        if moves.is_empty() {
            break;
        }
        p.apply(r, moves[rng.random_range(0..moves.len())]).unwrap();
    }
}

/// A game of the cards above rank `low` (the others home), shuffled by `rng` and dealt into
/// some of the columns, each all face down but its top card, and a short stock.
pub(super) fn reduced(low: u8, rng: &mut StdRng) -> Position {
    let mut cards: Vec<Card> = (1..=52u8)
        .filter_map(|i| Card::from_index(i - 1))
        .filter(|c| c.rank() > low)
        .collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.random_range(0..=i));
    }
    let stock = cards.split_off(cards.len() - rng.random_range(0..=cards.len() / 3));
    let mut columns: [Vec<Card>; 7] = Default::default();
    let used = rng.random_range(2..=7);
    let mut stock = stock;
    for card in cards {
        // No deeper than a deal's columns.
        match &mut columns[rng.random_range(0..used)] {
            column if column.len() < 7 => column.push(card),
            _ => stock.push(card),
        }
    }
    let down = |c: &Vec<Card>| c.len().saturating_sub(1) as u8;
    Position::from_parts(
        std::array::from_fn(|c| (columns[c].as_slice(), down(&columns[c]))),
        &stock,
        &[],
        [low; 4],
        1,
    )
}

/// Hundreds of games of five to eight ranks, dealt at random, under every rule set, with and
/// without cards coming back from the foundations. Without, the solver and brute force through the rules
/// agree on every one. With, brute force leaves the cards out of play home (or it would search
/// the whole game): a win it finds must be found, and a win found beyond it must replay.
#[test]
fn reduced_games_agree_with_brute_force() {
    agree_with_brute_force(23, &RULE_SETS, 300);
}

/// More of them with passes without end, where the talon's cards are pruned most (a safe one
/// home alone, one onto the table only when a card could go on it at once).
#[test]
fn more_reduced_games_agree_with_brute_force() {
    agree_with_brute_force(41, &["unlimited", "draw-three"], 500);
}

/// `games` random reduced games per rule set, with and without cards coming back.
fn agree_with_brute_force(seed: u64, names: &[&str], games: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut solver = Solver::new();
    for &name in names {
        for back in [false, true] {
            let r = Rules {
                foundation_to_column: back,
                ..rules(name)
            };
            let (mut won, mut lost) = (0, 0);
            for _ in 0..games {
                let low = rng.random_range(5..=8);
                let p = reduced(low, &mut rng);
                let Some(truth) = brute_force(p, &r, low, 50_000) else {
                    continue;
                };
                let v = solver.solve(&p, &r, BUDGET);
                match &v {
                    Verdict::Winnable { line, .. } => {
                        assert!(replays(&p, &r, line), "{name}: {p:?}");
                        won += 1;
                    }
                    Verdict::Lost { .. } => lost += 1,
                    Verdict::Unknown { why } => panic!("{name}: {why}"),
                }
                let winnable = v.word() == "winnable";
                if back {
                    assert!(winnable || !truth, "{name}, back: {p:?}");
                } else {
                    assert_eq!(winnable, truth, "{name}: {p:?}");
                }
            }
            eprintln!("{name}, back {back}: {won} won, {lost} lost");
            assert!(
                won > 30 && lost > 30,
                "{name}, back {back}: both answers met"
            );
        }
    }
}

/// Whole deals: the same verdicts as the first solver wherever it decides.
#[test]
fn whole_deals_agree_with_the_reference() {
    let (mut fast, mut slow) = (Solver::new(), reference::Solver::new());
    for name in RULE_SETS {
        let r = rules(name);
        let mut compared = 0;
        for n in 1..=20u128 {
            let p = deal(n, &r);
            let v = fast.solve(&p, &r, 300_000);
            let w = slow.solve(&p, &r, 100_000);
            if v.word() != "unknown" && w.word() != "unknown" {
                assert_eq!(v.word(), w.word(), "{name} deal {n}");
                compared += 1;
            }
        }
        assert!(compared >= 8, "{name}: {compared} compared");
    }
}

/// Positions met in random play: a decided position is winnable exactly when one of its
/// successors (by every legal move of the rules) is, wherever those are decided too.
#[test]
fn a_verdict_is_the_or_of_its_successors() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut solver = Solver::new();
    let mut checked = 0;
    for name in RULE_SETS {
        let r = rules(name);
        for n in 1..=12u128 {
            let mut p = deal(n, &r);
            for _ in 0..40 {
                let moves = p.legal_moves(&r);
                if moves.is_empty() {
                    break;
                }
                let v = solver.solve(&p, &r, 50_000).word();
                let after: Vec<&str> = moves
                    .iter()
                    .map(|&m| {
                        let mut q = p;
                        q.apply(&r, m).unwrap();
                        solver.solve(&q, &r, 50_000).word()
                    })
                    .collect();
                if v != "unknown" && after.iter().all(|&w| w != "unknown") {
                    let any = after.contains(&"winnable");
                    assert_eq!(v == "winnable", any, "{name} deal {n}: {p:?}");
                    checked += 1;
                }
                p.apply(&r, moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
        }
    }
    assert!(checked > 200, "{checked} positions checked");
}

/// Certificates: every winning line for deals 1 to 200 of each rule set replays to a win.
#[test]
fn winning_lines_of_deals_1_to_200_replay() {
    let mut solver = Solver::new();
    for name in RULE_SETS {
        let r = rules(name);
        let mut won = 0;
        for n in 1..=200u128 {
            let p = deal(n, &r);
            if let Verdict::Winnable { line, .. } = solver.solve(&p, &r, 200_000) {
                assert!(replays(&p, &r, &line), "{name} deal {n}");
                won += 1;
            }
        }
        eprintln!("{name}: {won} of 200 won");
        assert!(won >= 30, "{name}: {won} won");
    }
}

/// A position play cannot reach (its face-up cards out of sequence) goes to the first
/// solver, which still decides it.
#[test]
fn positions_out_of_sequence_are_still_decided() {
    let r = rules("single-pass");
    let c = |t: &str| Card::parse(t).unwrap();
    let king = [c("KS"), c("KH")];
    let p = Position::from_parts(
        [
            (&king, 0),
            (&[], 0),
            (&[], 0),
            (&[], 0),
            (&[], 0),
            (&[], 0),
            (&[], 0),
        ],
        &[],
        &[],
        [13, 12, 12, 13],
        1,
    );
    assert!(line::abstract_of(&p, &r).is_none());
    // K♥ lies on K♠: it goes home, then K♠.
    assert_eq!(Solver::new().solve(&p, &r, BUDGET).word(), "winnable");
}
