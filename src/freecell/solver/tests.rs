//! The FreeCell solver against the rules: its lines replay to a win, Microsoft's deals it
//! decides as everyone does, and a plain search with no pruning agrees with it.

use super::*;
use crate::cards::{DealNumber, Suit};
use crate::freecell::RuleSet;
use crate::freecell::ruleset::RuleSetFile;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashSet as Set;

fn rules(name: &str) -> Rules {
    RuleSet::builtin(name).unwrap().rules()
}

#[test]
fn microsofts_first_deals_are_won_by_lines_that_replay() {
    let r = rules("freecell");
    let mut solver = Solver::new();
    for n in 1..=20u128 {
        let start = Position::deal(DealNumber::new(n).unwrap());
        let Verdict::Winnable { line, .. } = solver.solve(&start, &r, BUDGET) else {
            panic!("deal {n} is winnable ({} positions)", solver.searched);
        };
        let mut p = start;
        for m in &line {
            p.apply(&r, *m).unwrap();
        }
        assert!(p.is_won(), "deal {n}");
    }
}

/// A plain search: every legal move, nothing else; each position once, up to the order of
/// its columns and of its cells (the rules treat columns alike and cells alike, so positions
/// that differ only in that order are won or lost together). Some(true) won, Some(false)
/// lost, None out of budget.
fn plain(p: &Position, r: &Rules, budget: usize) -> Option<bool> {
    let mut seen = Set::new();
    let mut stack = vec![*p];
    while let Some(q) = stack.pop() {
        if q.is_won() {
            return Some(true);
        }
        if !seen.insert(key(&q, r)) {
            continue;
        }
        if seen.len() > budget {
            return None;
        }
        for m in q.legal_moves(r) {
            let mut next = q;
            next.apply(r, m).unwrap();
            stack.push(next);
        }
    }
    Some(false)
}

/// A small end game: the cards above rank `low` on the table, shuffled and dealt across all
/// eight columns (so no column starts empty), one of them in a free cell if `in_cell`; with
/// `buried`, each column's lower cards under its higher ones, where losses are common.
fn end_game(rng: &mut StdRng, low: u8, in_cell: bool, buried: bool) -> Position {
    let mut cards: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|&s| (low + 1..=13).map(move |rank| Card::new(s, rank)))
        .collect();
    cards.shuffle(rng);
    let cell: Vec<Card> = if in_cell {
        cards.pop().into_iter().collect()
    } else {
        Vec::new()
    };
    let mut columns: Vec<Vec<Card>> = vec![Vec::new(); 8];
    for (i, card) in cards.into_iter().enumerate() {
        columns[i % 8].push(card);
    }
    if buried {
        for column in &mut columns {
            column.sort_by_key(|c| c.rank());
            // Now and then one card out of place, so not every loss is at once.
            if column.len() > 1 && rng.random_bool(0.5) {
                column.swap(0, 1);
            }
        }
    }
    let refs: [&[Card]; 8] = std::array::from_fn(|c| columns[c].as_slice());
    Position::from_parts(refs, &cell, [low; 4]).unwrap()
}

/// The solver and the plain search agree on end games: one free cell or two, alternate colours
/// and suits, cards back from the foundations or not. FreeCell's random end games are nearly
/// all won, so a solver that played every card home at once still passes this one: the
/// safe-home rule has a test of its own (`no_safe_move_home_loses_a_won_game`), which does
/// fail so.
#[test]
fn the_solver_agrees_with_a_plain_search() {
    let mut rng = StdRng::seed_from_u64(35);
    let mut solver = Solver::new();
    let (mut won, mut lost) = (0, 0);
    for round in 0..150 {
        let build = if round % 2 == 0 {
            Build::Suit
        } else {
            Build::AlternateColours
        };
        // A third of the rounds tight (one free cell, taken; each column's low cards under its
        // high ones), where losses are common; the rest loose, where wins are.
        let tight = round % 3 == 1;
        let r = Rules {
            cells: 1 + (!tight && round % 3 == 0) as u8,
            build,
            foundation_back: round % 5 == 0,
        };
        let low = if tight { 7 } else { 8 + (round % 2) as u8 };
        let p = end_game(&mut rng, low, tight || round % 4 == 0, tight);
        let Some(truth) = plain(&p, &r, 20_000) else {
            continue;
        };
        let verdict = solver.solve(&p, &r, 1_000_000);
        match (&verdict, truth) {
            (Verdict::Winnable { .. }, true) => won += 1,
            (Verdict::Lost { .. }, false) => lost += 1,
            _ => panic!("solver {verdict:?}, plain search {truth}, rules {r:?}: {p:?}"),
        }
    }
    println!("{won} won, {lost} lost");
    // FreeCell's end games are nearly all won, even tight ones: the losses met are few.
    assert!(
        won > 60 && lost >= 1,
        "both kinds were met: {won} won, {lost} lost"
    );
}

/// A won game that a move home loses: 5♥ can go home, but 4♠ must go on it first to free 4♣
/// and 3♠ below it; the one free cell holds K♠ and no column is empty. Sent home at once, 5♥
/// leaves 4♠ nowhere to go, and 6♣ under it covers 6♥.
fn five_of_hearts_is_needed() -> Position {
    let cards =
        |text: &str| -> Vec<Card> { text.split(' ').map(|c| Card::parse(c).unwrap()).collect() };
    let columns = [
        cards("KH QH JH TH 9H 8H 7H 6H 6C 5H"),
        cards("3S 4C 4S"),
        cards("KC QC JC"),
        cards("QS JS TS 9S"),
        cards("TC 9C 8C"),
        cards("7C 5C"),
        cards("8S 7S"),
        cards("6S 5S"),
    ];
    let refs: [&[Card]; 8] = std::array::from_fn(|c| columns[c].as_slice());
    Position::from_parts(refs, &cards("KS"), [3, 2, 4, 13]).unwrap()
}

/// The safe-home rule against a plain search, move by move: of every move home from a made
/// position and from tight end games, those that turn a won game lost are found by the plain
/// search, and the rule must never call one of them safe, whether cards may come back from
/// the foundations or not. A rule sending every card home at once fails here under both; so
/// does one that sends home, where cards come back, what it would where they do not.
#[test]
fn no_safe_move_home_loses_a_won_game() {
    let mut rng = StdRng::seed_from_u64(3500);
    let (mut losing, mut checked) = ([0; 2], [0; 2]);
    let one_cell = Rules {
        cells: 1,
        build: Build::AlternateColours,
        foundation_back: false,
    };
    let back = Rules {
        foundation_back: true,
        ..one_cell
    };
    let mut cases = vec![
        (five_of_hearts_is_needed(), one_cell),
        (four_of_hearts_comes_back(), back),
    ];
    for round in 0..300 {
        let r = Rules {
            cells: 1 + (round % 3 == 0) as u8,
            ..one_cell
        };
        let low = 5 + (round % 4) as u8;
        cases.push((end_game(&mut rng, low, round % 2 == 0, round % 3 != 2), r));
    }
    for (p, r) in cases {
        let homes: Vec<Move> = p
            .legal_moves(&r)
            .into_iter()
            .filter(|m| matches!(m.to, Place::Foundation(_)))
            .collect();
        // Won: by a plain search, or by the solver's line, which the rules replay.
        let won = || {
            plain(&p, &r, 20_000) == Some(true)
                || Solver::new().solve(&p, &r, 100_000).is_winnable()
        };
        if homes.is_empty() || !won() {
            continue;
        }
        let back = usize::from(r.foundation_back);
        for m in homes {
            let mut next = p;
            next.apply(&r, m).unwrap();
            let Some(after) = plain(&next, &r, if r.foundation_back { 200_000 } else { 20_000 })
            else {
                continue;
            };
            checked[back] += 1;
            if !after {
                losing[back] += 1;
                let card = p.moving_card(m).unwrap();
                assert!(
                    !safe(&p, &r, card),
                    "{m} loses a won game but is called safe under {r:?}: {p:?}"
                );
                // The whole solver, too, wins it.
                assert!(Solver::new().solve(&p, &r, 100_000).is_winnable());
            }
        }
    }
    println!(
        "moves home checked {checked:?}, losing a won game {losing:?} (home stays, comes back)"
    );
    assert!(
        losing.iter().all(|&n| n >= 1),
        "a losing move home met under both: {checked:?} checked, {losing:?} losing"
    );
}

/// A won game, where cards come back from the foundations, that a move home safe where they do
/// not loses: 5♣ can go home, and both red Fours are. The win takes 4♥ back onto 5♣, so that
/// 3♠ can leave 2♠; the one free cell holds K♣, no column is empty, and 5♠ lies under 2♠.
/// Sent home at once, 5♣ leaves no black Five for 4♥, nor anywhere for 3♠.
pub(crate) fn four_of_hearts_comes_back() -> Position {
    let cards =
        |text: &str| -> Vec<Card> { text.split(' ').map(|c| Card::parse(c).unwrap()).collect() };
    let columns = [
        cards("5S 2S 3S"),
        cards("4S 5C"),
        cards("6C 5H KS"),
        cards("6H 6S KH"),
        cards("7H 7S 7C QS"),
        cards("8H 8S 8C QH"),
        cards("9H 9S 9C TH JS"),
        cards("TS TC JH JC QC"),
    ];
    let refs: [&[Card]; 8] = std::array::from_fn(|c| columns[c].as_slice());
    Position::from_parts(refs, &cards("KC"), [4, 1, 4, 13]).unwrap()
}

/// The move home of [`four_of_hearts_comes_back`] loses the game, by a plain search; the rule
/// for cards that stay home would call it safe, and so the solver with it said "lost".
#[test]
fn a_card_that_may_come_back_is_not_safe_for_that() {
    let p = four_of_hearts_comes_back();
    let r = Rules {
        cells: 1,
        build: Build::AlternateColours,
        foundation_back: true,
    };
    let five = Card::parse("5C").unwrap();
    let home = Move::one(Place::Column(1), Place::Foundation(five.suit() as u8));
    let mut next = p;
    next.apply(&r, home).unwrap();
    // Won before (the solver's line is replayed by the rules), lost after (searched whole).
    assert!(Solver::new().solve(&p, &r, 1_000_000).is_winnable());
    assert_eq!(plain(&next, &r, 2_000_000), Some(false), "lost after");
    let stays = Rules {
        foundation_back: false,
        ..r
    };
    assert!(safe(&p, &stays, five), "safe where cards stay home");
    assert!(!safe(&p, &r, five), "not where they come back");
}

/// A win of [`four_of_hearts_comes_back`] (the solver's), in the notation.
pub(crate) const FOUR_OF_HEARTS_WIN: &str = "c4>c3 c6>c5 c6>c5 c6>c5 f2>c1 c0>c1 c0>f1 c1>f1 \
    c1>f2 c1>f0 c1>f1 c0>f1 r0>c0 c2>c1 c2>f2 c2>f0 c3:2>c2 c3>f1 c3>f2 c4>f0 c4>f1 c4>f2 c5:4>c0 \
    c5>f0 c5>f1 c5>f2 c0>f0 c6>f1 c6>f2 c0>f2 c7>c3 c0:2>c1 c0>r0 c7>c0 c7>f2 c7>f0 c7>f1 c0>f0 \
    c1>f1 c1>f2 c2>f1 c3>f0 r0>f0 c1>f1 c2>f2";

/// Microsoft's deal 11982 is the one of 1–32000 that cannot be won (Freecell Solver and others
/// agree): every way on is searched.
#[test]
fn deal_11982_is_lost() {
    let r = rules("freecell");
    let mut solver = Solver::new();
    let start = Position::deal(DealNumber::new(11_982).unwrap());
    let verdict = solver.solve(&start, &r, BUDGET);
    println!(
        "deal 11982: {} after {} positions",
        verdict.word(),
        solver.searched
    );
    assert!(matches!(verdict, Verdict::Lost { .. }), "{verdict:?}");
}
