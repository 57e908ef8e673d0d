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

use super::hash::Fx;
use super::layout::checks;
use super::rules::Rules;
use super::table::Table;
use super::{Played, Verdict};
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
    /// Positions won under one rule set by a line legal under another, decided under that one.
    pub compared: usize,
}

/// Moves of more cards than this are not tried (no run is longer).
const MOST_CARDS: u8 = 20;
/// Positions a plain search may meet before it gives up on one.
const PLAIN_BUDGET: usize = 10_000;

/// Checks the contract on deals `1..=deals` of every rule set (see the module comment), with
/// random games of `walk` moves, and on the patience's own `delicate` positions: made by hand
/// where a rule is easy to get wrong, each under its rule set and with a win (moves in the
/// notation, space apart), too long for a plain search to find.
pub fn keep<R: Table>(
    deals: u128,
    walk: usize,
    delicate: &[(R::RuleSet, R::Position, &str)],
) -> Checked {
    keep_under::<R>(R::shipped(), deals, walk, delicate)
}

/// [`keep`] under these rule sets (and each with a setting switched) instead of the shipped
/// ones: files the engine plays that players are not offered (the proofs).
pub fn keep_under<R: Table>(
    base: Vec<R::RuleSet>,
    deals: u128,
    walk: usize,
    delicate: &[(R::RuleSet, R::Position, &str)],
) -> Checked {
    let mut checked = Checked::default();
    for (set, p, win) in delicate {
        let (params, what) = (R::params(set), R::info(set).name);
        let mut q = *p;
        for token in win.split_whitespace() {
            let m = R::parse_move(token).unwrap_or_else(|e| panic!("{what}: {token}: {e}"));
            R::apply(&params, &mut q, m).unwrap_or_else(|e| panic!("{what}: {m}: {e}"));
        }
        assert!(
            R::is_won(&params, &q),
            "{what}: the delicate position's win does not win"
        );
        assert!(
            !matches!(R::solve(&params, p), Verdict::Lost { .. }),
            "{} under {what:?}: the solver calls a won position lost: {p:?}",
            R::NAME
        );
        checked.lines += 1;
    }
    let mut rng = StdRng::seed_from_u64(54);
    let sets = rule_sets::<R>(base);
    // Positions of the random games, by rule set, for comparing the rule sets' verdicts.
    let mut met: Vec<Vec<R::Position>> = vec![Vec::new(); sets.len()];
    for (i, set) in sets.iter().enumerate() {
        checked.rule_sets += 1;
        let params = R::params(set);
        let what = format!("{} under {:?}", R::NAME, R::info(set).name);
        for n in 1..=deals {
            let deal = DealNumber::new(n).unwrap();
            let game = Played::<R>::new(set.clone(), deal);
            met[i].push(*game.start());
            deal_holds_the_pack(&game, &what);
            let mut played = game.clone();
            for step in 0..walk {
                let p = *played.position();
                checked.positions += 1;
                let legal = moves_are_the_rules(&played, step % 4 == 0, &what);
                if legal.is_empty() {
                    break;
                }
                if step % 10 == 9 {
                    met[i].push(p);
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
    looser_rules_keep_wins::<R>(&sets, &met, &mut checked);
    layout_fits::<R>();
    checked
}

/// Where a rule set's winning line from a position also wins under another rule set, that
/// one's solver must not call the position lost: switching a setting that only adds moves (a
/// card back from a foundation) can cost no win. The positions are the random games' (a random
/// game soon fills the free cells and empties none: tight positions, where a solver that
/// plays a card home too soon loses its way).
fn looser_rules_keep_wins<R: Table>(
    sets: &[R::RuleSet],
    met: &[Vec<R::Position>],
    checked: &mut Checked,
) {
    let params: Vec<R::Params> = sets.iter().map(R::params).collect();
    for (a, positions) in met.iter().enumerate() {
        for p in positions {
            let Verdict::Winnable { line, .. } = R::solve(&params[a], p) else {
                continue;
            };
            for b in (0..sets.len()).filter(|&b| b != a) {
                let mut q = *p;
                let replays = line.iter().all(|n| {
                    R::from_neutral(*n).is_some_and(|m| R::apply(&params[b], &mut q, m).is_ok())
                });
                if !replays || !R::is_won(&params[b], &q) {
                    continue;
                }
                checked.compared += 1;
                let verdict = R::solve(&params[b], p);
                assert!(
                    !matches!(verdict, Verdict::Lost { .. }),
                    "{} under {:?} calls lost a position won under {:?} by a line legal under both: {p:?}",
                    R::NAME,
                    R::info(&sets[b]).name,
                    R::info(&sets[a]).name
                );
            }
        }
    }
}

/// The shipped rule sets, and each with one yes/no setting switched (named apart, so no
/// shipped set takes it for itself).
fn rule_sets<R: Rules>(base: Vec<R::RuleSet>) -> Vec<R::RuleSet> {
    let mut sets = base.clone();
    for set in base {
        // In RON's compact form a yes/no setting reads `:true` or `:false` (`:Some(true)` where
        // it may be left out), and nothing else does but text, which no rule set's words hold.
        let text = ron::to_string(&set).unwrap();
        let named = format!("name:\"{}", R::info(&set).name);
        let words = [":true", ":false", ":Some(true)", ":Some(false)"];
        let flags = words.iter().flat_map(|w| text.match_indices(w));
        for (at, word) in flags.collect::<Vec<_>>() {
            let setting = text[..at].rsplit(['(', ',']).next().unwrap_or("");
            if R::DEAL_FLAGS.contains(&setting) {
                continue;
            }
            let other = match word {
                ":true" => ":false",
                ":false" => ":true",
                ":Some(true)" => ":Some(false)",
                _ => ":Some(true)",
            };
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

/// Every card of the pack is dealt, each as often as every other (a pack of some ranks only,
/// as British Constitution's Ace to Jack, has every suit of each).
fn deal_holds_the_pack<R: Table>(game: &Played<R>, what: &str) {
    let mut count = [0usize; 52];
    for place in R::places(game) {
        for slot in R::cards(game, place) {
            count[usize::from(slot.card.index())] += 1;
        }
    }
    let each = count[0];
    let whole_ranks = (0..13).all(|r| {
        let suits: Vec<usize> = (0..4).map(|s| count[s * 13 + r]).collect();
        suits.iter().all(|&c| c == each) || suits.iter().all(|&c| c == 0)
    });
    assert!(
        each > 0 && whole_ranks,
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
        // What the table says of the move agrees with the rules.
        let n = R::to_neutral(m);
        assert_eq!(
            R::between(game, n.from, n.to, n.count),
            Some(n),
            "{what}: {m}"
        );
        if n.count > 0 {
            assert!(
                R::destinations(game, n.from, n.count).contains(&n.to),
                "{what}: {m} goes nowhere the table offers"
            );
            let cards = R::cards(game, n.from);
            let held = cards
                .len()
                .checked_sub(usize::from(n.count))
                .map(|i| cards[i].card);
            assert_eq!(R::moving_card(game, n), held, "{what}: the card {m} takes");
        }
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

/// The layout of every shipped rule set holds every place of a game, inside the window, none
/// overlapping, at sizes between the usual ones; a window of no size, or of a size no window
/// has, lays out cards of some size without a panic (a window being made or minimised reports
/// such sizes).
fn layout_fits<R: Table>() {
    for set in R::shipped() {
        let name = format!("{}/{}", R::NAME, R::info(&set).name);
        let game = Played::<R>::new(set, DealNumber::new(1).unwrap());
        for (w, h) in [
            (0.0, 0.0),
            (1.0, 1.0),
            (50.0, 3000.0),
            (3000.0, 50.0),
            (f32::NAN, 10.0),
            (f32::INFINITY, 5.0),
            (-100.0, 640.0),
        ] {
            let layout = R::layout(game.rules(), w, h, 1.0);
            let card = (layout.card_w, layout.card_h);
            assert!(card.0.is_finite() && card.1 > 0.0, "{name} at {w}x{h}");
        }
        let layout = R::layout(game.rules(), 800.0, 600.0, 0.0);
        assert_eq!(layout.scale_factor, 1.0, "{name}: a scale factor of 0");
        for (w, h) in [
            (1024.0, 640.0),
            (1031.0, 647.0),
            (1777.0, 1001.0),
            (3840.0, 2160.0),
        ] {
            for scale in [1.0, 1.25, 2.0] {
                let layout = R::layout(game.rules(), w, h, scale);
                checks::check(&layout);
                for place in R::places(&game) {
                    assert!(layout.has(place), "{name} lays out no {place:?}");
                }
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
        R::is_won(&params, &p),
        "{what}, deal {}: the solver's line does not win",
        game.deal()
    );
    checked.lines += 1;
    for &on_line in path.iter().rev().skip(1).take(16) {
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
            against_a_plain_search(game, q, PLAIN_BUDGET, checked, what);
        }
    }
}

/// A plain search within `budget` decides `q`: the solver may not call it lost if won, nor
/// may the automatic move home lose it.
fn against_a_plain_search<R: Table>(
    game: &Played<R>,
    q: R::Position,
    budget: usize,
    checked: &mut Checked,
    what: &str,
) {
    let params = *game.rules();
    let Some(won) = plain::<R>(&params, q, budget) else {
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
                plain::<R>(&params, next, budget),
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
/// that a win is found soon (the order changes no answer). `None` past `budget` positions.
fn plain<R: Rules>(params: &R::Params, start: R::Position, budget: usize) -> Option<bool> {
    let mut seen: HashSet<Exact<R::Position>, Fx> = HashSet::default();
    // Each position on the way down, with the moves from it still to try (moves home last, so
    // tried first).
    let moves = |p: &R::Position| {
        let mut moves = R::legal_moves(params, p);
        moves.sort_by_key(|&m| R::to_neutral(m).to_foundation());
        moves
    };
    let mut path = vec![(start, moves(&start))];
    seen.insert(Exact(start));
    while let Some((p, left)) = path.last_mut() {
        if R::is_won(params, p) {
            return Some(true);
        }
        let Some(m) = left.pop() else {
            path.pop();
            continue;
        };
        let mut next = *p;
        if R::apply(params, &mut next, m).is_err() {
            panic!("{m} is listed legal but refused");
        }
        if seen.insert(Exact(next)) {
            if seen.len() > budget {
                return None;
            }
            path.push((next, moves(&next)));
        }
    }
    Some(false)
}

/// A position as a set's key, told apart by the rules' own equality (every position type's
/// `PartialEq` is an equivalence: they hold no floats).
#[derive(Hash, PartialEq)]
struct Exact<P>(P);

impl<P: PartialEq> Eq for Exact<P> {}
