//! The contract every patience keeps, checked alike for each (the registry's test runs it over
//! every patience): what the front end, the records and the solver take for granted of a
//! patience's rules, under each shipped rule set and under sets with each yes/no setting
//! switched (a player's own file may say either).
//! - The deal holds every card of the pack, each as often as every other.
//! - The legal moves are exactly the moves the rules apply: each applies and its notation
//!   reads back; no other move between the table's places applies.
//! - Undoing a move gives back the position exactly.
//! - A game's record reads back to the same game.
//! - The layout holds every place, inside the window, none overlapping, at odd sizes.
//! - Against a plain search of every legal move, on positions small enough to search whole
//!   (near the end of the solver's wins, and a few random moves off them): an automatic move
//!   home never turns a won position lost, and the solver never calls a won position lost.
//! - The solver's winning lines replay to a win.

use super::layout::checks;
use super::rules::{Rules, Table};
use super::{Played, Verdict, key_of};
use crate::cards::DealNumber;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// How much of a patience the contract went through.
#[derive(Debug, Default)]
pub struct Checked {
    pub rule_sets: usize,
    pub positions: usize,
    /// Positions a plain search decided whole, and of them won.
    pub searched_whole: usize,
    pub won_whole: usize,
    /// Winning lines of the solver replayed.
    pub lines: usize,
}

/// Moves of more cards than this are not tried (no run is longer).
const MOST_CARDS: u8 = 20;
/// Positions a plain search may meet before it gives up on one.
const PLAIN_BUDGET: usize = 30_000;

/// Checks the contract on deals `1..=deals` of every rule set (see the module comment), with
/// random games of `walk` moves.
pub fn keep<R: Table>(deals: u128, walk: usize) -> Checked {
    let mut checked = Checked::default();
    let mut rng = StdRng::seed_from_u64(54);
    for set in rule_sets::<R>() {
        checked.rule_sets += 1;
        let params = R::params(&set);
        let what = format!("{} under {:?}", R::NAME, R::info(&set).name);
        for n in 1..=deals {
            let deal = DealNumber::new(n).unwrap();
            let game = Played::<R>::new(set.clone(), deal);
            deal_holds_the_pack(&game, &what);
            let mut played = game.clone();
            for step in 0..walk {
                let p = *played.position();
                checked.positions += 1;
                let legal = moves_are_the_rules(&played, step % 4 == 0, &what);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.random_range(0..legal.len())];
                played
                    .play(m)
                    .unwrap_or_else(|e| panic!("{what}: {m}: {e}"));
                let mut back = *played.position();
                R::undo(&params, &mut back, m, *played.done().last().unwrap());
                assert!(
                    back == p,
                    "{what}, deal {n}: undoing {m} changes the position"
                );
            }
            let text = played.to_ron();
            let again = Played::<R>::from_ron(&text)
                .unwrap_or_else(|e| panic!("{what}, deal {n}: the record does not load: {e}"));
            assert!(
                again.position() == played.position() && again.to_ron() == text,
                "{what}, deal {n}: the record reads back to another game"
            );
            near_the_end(&game, &mut rng, &mut checked, &what);
        }
    }
    layout_fits::<R>();
    checked
}

/// The shipped rule sets, and each with one yes/no setting switched (named apart, so no
/// shipped set takes it for itself).
fn rule_sets<R: Rules>() -> Vec<R::RuleSet> {
    let mut sets = R::shipped();
    for set in R::shipped() {
        // In RON's compact form a yes/no setting reads `:true` or `:false`, and nothing else
        // does but text, which no rule set's words hold.
        let text = ron::to_string(&set).unwrap();
        let named = format!("name:\"{}", R::info(&set).name);
        let flags = text
            .match_indices(":true")
            .chain(text.match_indices(":false"));
        for (at, word) in flags.collect::<Vec<_>>() {
            let other = if word == ":true" { ":false" } else { ":true" };
            let switched = format!("{}{other}{}", &text[..at], &text[at + word.len()..]).replacen(
                &named,
                &format!("{named}-switched"),
                1,
            );
            let other = ron::from_str::<R::RuleSet>(&switched)
                .unwrap_or_else(|e| panic!("{}: {switched}: {e}", R::NAME));
            if R::validate(&other).is_ok() && !sets.contains(&other) {
                sets.push(other);
            }
        }
    }
    sets
}

/// Every card of the pack is dealt, each as often as every other.
fn deal_holds_the_pack<R: Table>(game: &Played<R>, what: &str) {
    let mut count = [0usize; 52];
    for place in R::places(game) {
        for slot in R::cards(game, place) {
            count[usize::from(slot.card.index())] += 1;
        }
    }
    assert!(
        count[0] > 0 && count.iter().all(|&c| c == count[0]),
        "{what}, deal {}: the deal's cards are not whole packs: {count:?}",
        game.deal()
    );
}

/// The legal moves of the game's position are exactly the moves the rules apply (every move
/// between its places tried when `all`): each applies, reads back from its notation and is
/// the same move in the front end's words. Returns them.
fn moves_are_the_rules<R: Table>(game: &Played<R>, all: bool, what: &str) -> Vec<R::Move> {
    let (params, p) = (game.rules(), game.position());
    let legal = R::legal_moves(params, p);
    for &m in &legal {
        let mut q = *p;
        assert!(
            R::apply(params, &mut q, m).is_ok(),
            "{what}: {m} is listed legal but refused at {p:?}"
        );
        assert_eq!(
            R::parse_move(&m.to_string()),
            Ok(m),
            "{what}: {m}'s notation"
        );
        assert_eq!(R::from_neutral(R::to_neutral(m)), Some(m), "{what}: {m}");
    }
    if all {
        let places = R::places(game);
        for &from in &places {
            for &to in &places {
                let mut last = None;
                for count in 0..=MOST_CARDS {
                    let m = R::from_neutral(super::Move::new(from, to, count));
                    // Where the count says nothing, the same move again.
                    let Some(m) = m.filter(|_| m != last) else {
                        continue;
                    };
                    last = Some(m);
                    let mut q = *p;
                    assert!(
                        R::apply(params, &mut q, m).is_err() || legal.contains(&m),
                        "{what}: {m} applies but is not listed legal at {p:?}"
                    );
                }
            }
        }
    }
    legal
}

/// The layout holds every place of a game, inside the window, none overlapping, at sizes
/// between the usual ones.
fn layout_fits<R: Table>() {
    let game = Played::<R>::new(R::shipped().remove(0), DealNumber::new(1).unwrap());
    for (w, h) in [
        (1024.0, 640.0),
        (1031.0, 647.0),
        (1777.0, 1001.0),
        (3840.0, 2160.0),
    ] {
        for scale in [1.0, 1.25, 2.0] {
            let layout = R::layout(w, h, scale);
            checks::check(&layout);
            for place in R::places(&game) {
                assert!(layout.has(place), "{} lays out no {place:?}", R::NAME);
            }
        }
    }
}

/// The solver's line replays to a win; positions near its end, and a few random moves off
/// them, are searched whole where they are small enough, and neither an automatic move home
/// nor the solver may lose a won one.
fn near_the_end<R: Table>(game: &Played<R>, rng: &mut StdRng, checked: &mut Checked, what: &str) {
    let (params, start) = (*game.rules(), *game.start());
    let line = match R::solve(&params, &start) {
        Verdict::Winnable { line, .. } => line,
        _ => return,
    };
    let mut p = start;
    let mut path = vec![p];
    for n in &line {
        let m = R::from_neutral(*n).unwrap_or_else(|| panic!("{what}: the solver's {n:?}"));
        R::apply(&params, &mut p, m)
            .unwrap_or_else(|e| panic!("{what}, deal {}: the solver's {m}: {e}", game.deal()));
        path.push(p);
    }
    assert!(
        R::is_won(&p),
        "{what}, deal {}: the solver's line does not win",
        game.deal()
    );
    checked.lines += 1;
    for &on_line in path.iter().rev().skip(1).take(24) {
        for _ in 0..3 {
            let mut q = on_line;
            for _ in 0..rng.random_range(0..4) {
                let moves = R::legal_moves(&params, &q);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                R::apply(&params, &mut q, m).unwrap_or_else(|e| panic!("{what}: {m}: {e}"));
            }
            against_a_plain_search(game, q, checked, what);
        }
    }
}

fn against_a_plain_search<R: Table>(
    game: &Played<R>,
    q: R::Position,
    checked: &mut Checked,
    what: &str,
) {
    let params = *game.rules();
    let Some(won) = plain::<R>(&params, q) else {
        return;
    };
    checked.searched_whole += 1;
    checked.won_whole += usize::from(won);
    let verdict = R::solve(&params, &q);
    if won {
        assert!(
            !matches!(verdict, Verdict::Lost { .. }),
            "{what}: the solver calls a won position lost: {q:?}"
        );
        let at = Played::<R>::from_position(game.rule_set().clone(), game.deal(), q);
        if let Some(n) = R::finishing_move(&at) {
            let m = R::from_neutral(n).unwrap();
            let mut next = q;
            R::apply(&params, &mut next, m).unwrap_or_else(|e| panic!("{what}: {m}: {e}"));
            assert_ne!(
                plain::<R>(&params, next),
                Some(false),
                "{what}: the automatic move {m} loses a won game: {q:?}"
            );
        }
    } else {
        assert!(
            !verdict.is_winnable(),
            "{what}: the solver wins a position a plain search finds lost: {q:?}"
        );
    }
}

/// A plain search: every legal move, nothing pruned, each position once; moves home first, so
/// that a win is found soon (the order changes no answer). `None` past [`PLAIN_BUDGET`].
fn plain<R: Rules>(params: &R::Params, start: R::Position) -> Option<bool> {
    let mut seen = HashSet::new();
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if R::is_won(&p) {
            return Some(true);
        }
        if !seen.insert(key_of(&p)) {
            continue;
        }
        if seen.len() > PLAIN_BUDGET {
            return None;
        }
        let mut moves = R::legal_moves(params, &p);
        // Popped last-in first: moves home go on the stack last.
        moves.sort_by_key(|&m| R::to_neutral(m).to_foundation());
        for m in moves {
            let mut next = p;
            if R::apply(params, &mut next, m).is_err() {
                panic!("{m} is listed legal but refused");
            }
            stack.push(next);
        }
    }
    Some(false)
}
