//! Small positions of every file for the solver's tests, small enough for the plain search to
//! search whole: random deals with their foundations built up by hand ("stripped"), thinned
//! where named rules discard the cards, or played down at random.

use super::{Kinds, Params, Search};
use crate::cards::DealNumber;
use crate::kinds::compiled::Compiled;
use crate::kinds::{Position, Step, deal, moves};
use crate::patience::Verdict;
use crate::patience::solver::Solver;
use rand::Rng;
use rand::rngs::StdRng;

pub(super) fn off_home(rules: &Compiled, p: &Position) -> usize {
    rules.cards - rules.foundations().map(|f| p.len(f)).sum::<usize>()
}

/// A position of `rules` from a random deal, played at random (home when it can, mostly)
/// until at most `left` cards are off the foundations, then a few moves more at random.
fn small_position(rules: &Compiled, rng: &mut StdRng, left: usize) -> Position {
    let mut p = deal::deal(
        rules,
        DealNumber::new(rng.random_range(1..=1_000_000)).unwrap(),
    );
    let mut steps: Vec<Step> = Vec::new();
    for _ in 0..2000 {
        if off_home(rules, &p) <= left {
            break;
        }
        moves::legal(rules, &p, &mut steps);
        if steps.is_empty() {
            break;
        }
        let home: Vec<Step> = steps
            .iter()
            .copied()
            .filter(|s| s.count > 0 && rules.piles[usize::from(s.to)].kind.is_home())
            .collect();
        let m = if !home.is_empty() && rng.random_bool(0.8) {
            home[rng.random_range(0..home.len())]
        } else {
            steps[rng.random_range(0..steps.len())]
        };
        moves::play(rules, &mut p, m);
    }
    for _ in 0..rng.random_range(0..4) {
        moves::legal(rules, &p, &mut steps);
        if let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) {
            moves::play(rules, &mut p, m);
        }
    }
    p
}

/// The cards a foundation built by suit from a fixed rank holds, bottom first (none for
/// another kind of foundation).
fn sequence(rules: &Compiled, p: &Position, h: u8) -> Vec<u8> {
    use crate::kinds::file::{Build, Dir, Empty, Takes};
    let pile = &rules.piles[usize::from(h)];
    let (Some(suit), Build::SameSuit, Takes::One) = (pile.suit, pile.build, pile.takes) else {
        return Vec::new();
    };
    let base = match pile.empty {
        Empty::Rank(r) => r,
        Empty::FirstCard if p.base != 0 => p.base,
        _ => return Vec::new(),
    };
    let mut out = Vec::new();
    let mut r = i16::from(base);
    for _ in 0..pile.max_cards.min(13) {
        out.push(suit as u8 * 13 + r as u8 - 1);
        r += match pile.dir {
            Dir::Down => -i16::from(pile.step),
            _ => i16::from(pile.step),
        };
        if !(1..=13).contains(&r) {
            if !pile.wrap {
                break;
            }
            r = (r - 1).rem_euclid(13) + 1;
        }
    }
    out
}

/// A deal of `rules` with the foundations built up by suit to random heights (high, mostly):
/// their cards taken from wherever they lay, the piles' new top cards turned up.
fn stripped(rules: &Compiled, rng: &mut StdRng) -> Option<Position> {
    let p = deal::deal(
        rules,
        DealNumber::new(rng.random_range(1..=1_000_000)).unwrap(),
    );
    let mut piles: Vec<Vec<u8>> = (0..p.piles() as u8).map(|i| p.pile(i).to_vec()).collect();
    let mut any = false;
    for h in rules.foundations() {
        let seq = sequence(rules, &p, h);
        if seq.is_empty() {
            continue;
        }
        any = true;
        let keep = piles[usize::from(h)].len();
        let height = rng
            .random_range(keep..=seq.len())
            .max(seq.len().saturating_sub(rng.random_range(0..6)));
        for &card in &seq[keep..height.max(keep)] {
            // The card from wherever it lies (a copy not on a foundation).
            let found = (0..piles.len()).find_map(|q| {
                let pile = &rules.piles[q];
                if pile.kind.is_home() {
                    return None;
                }
                piles[q]
                    .iter()
                    .position(|&b| b & 0x7f == card)
                    .map(|i| (q, i))
            })?;
            piles[found.0].remove(found.1);
            piles[usize::from(h)].push(card);
        }
    }
    if !any {
        return None;
    }
    let mut q = Position::empty(p.piles());
    q.round = p.round;
    q.base = p.base;
    for (i, cards) in piles.iter().enumerate() {
        for &b in cards {
            q.push(i as u8, b);
        }
        let table = rules.piles[i].kind == crate::kinds::file::Kind::Tableau;
        if table
            && q.top(i as u8)
                .is_some_and(|b| b & crate::kinds::position::DOWN != 0)
        {
            q.flip_top(i as u8);
        }
    }
    Some(q)
}

/// A deal of a file whose cards go to a discard by named rules, with only `left` cards (a
/// line's first ones), or only some ranks (pairs: every card of the others) still out.
fn thinned(rules: &'static Compiled, rng: &mut StdRng, left: usize) -> Option<Position> {
    let named = &rules.named;
    let discard = named.discard.filter(|_| named.moves_cards())?;
    let mut p = deal::deal(
        rules,
        DealNumber::new(rng.random_range(1..=1_000_000)).unwrap(),
    );
    if named.line.is_some() {
        // Played down along a win (a line's short random parts are nearly all lost), to few
        // enough cards for the plain search, which keys every order of the discard apart;
        // then a move or two at random.
        let left = 6 + left % 6;
        let (verdict, _) = Search::default().solve(&Params(rules), &p, 200_000);
        let Verdict::Winnable { line, .. } = verdict else {
            return None;
        };
        for m in line {
            if off_home(rules, &p) <= left {
                break;
            }
            <Kinds as crate::patience::rules::Rules>::apply(&Params(rules), &mut p, m).ok()?;
        }
        let mut steps = Vec::new();
        for _ in 0..rng.random_range(0..3) {
            moves::legal(rules, &p, &mut steps);
            if let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) {
                moves::play(rules, &mut p, m);
            }
        }
        return Some(p);
    }
    // Pairs: every card of all but a few ranks out, wherever it lies.
    let kept: Vec<u8> = (1..=13).filter(|_| rng.random_bool(0.3)).collect();
    let mut piles: Vec<Vec<u8>> = (0..p.piles() as u8).map(|i| p.pile(i).to_vec()).collect();
    for (i, pile) in piles.iter_mut().enumerate() {
        if i as u8 != discard {
            pile.retain(|&b| kept.contains(&(crate::kinds::takes::rank(b))));
        }
    }
    let mut q = Position::empty(p.piles());
    for (i, cards) in piles.iter().enumerate() {
        for &b in cards {
            q.push(i as u8, b);
        }
    }
    let out = rules.cards - piles.iter().map(Vec::len).sum::<usize>();
    for b in (0..52u8).filter(|b| !kept.contains(&(b % 13 + 1))) {
        for _ in 0..usize::from(rules.decks) {
            q.push(discard, b);
        }
    }
    debug_assert_eq!(q.len(discard), out);
    Some(q)
}

/// Deals won, each with its line.
type Won = Vec<(Position, Vec<Step>)>;

/// A few deals of a file the solver wins at once, with their lines (found once a file).
fn won_deals(rules: &'static Compiled) -> Won {
    use std::sync::Mutex;
    static WON: Mutex<Vec<(usize, Won)>> = Mutex::new(Vec::new());
    let id = std::ptr::from_ref(rules) as usize;
    let mut won = WON.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, lines)) = won.iter().find(|(k, _)| *k == id) {
        return lines.clone();
    }
    let mut lines = Vec::new();
    for deal in 1..200u128 {
        let p = deal::deal(rules, DealNumber::new(deal).unwrap());
        if let Verdict::Winnable { line, .. } =
            Search::default().solve(&Params(rules), &p, 20_000).0
        {
            let steps = line
                .iter()
                .filter_map(|m| super::to_step(rules, m.0))
                .collect();
            lines.push((p, steps));
            if lines.len() == 6 {
                break;
            }
        }
    }
    won.push((id, lines.clone()));
    lines
}

/// A position of a file won with piles full (`WonWhenFull`: no card count says how near the
/// end it is): a won deal played along its line to `left` moves or so before the end, then a
/// move or two at random.
fn along_a_win(rules: &'static Compiled, rng: &mut StdRng, left: usize) -> Option<Position> {
    if rules.named.full == 0 {
        return None;
    }
    let lines = won_deals(rules);
    let (mut p, line) = lines.get(rng.random_range(0..lines.len().max(1)))?.clone();
    let end = line
        .len()
        .saturating_sub(left + rng.random_range(0..2 * left));
    for &m in &line[..end] {
        moves::play(rules, &mut p, m);
    }
    let mut steps = Vec::new();
    for _ in 0..rng.random_range(0..3) {
        moves::legal(rules, &p, &mut steps);
        if let Some(&m) = steps.get(rng.random_range(0..steps.len().max(1))) {
            moves::play(rules, &mut p, m);
        }
    }
    Some(p)
}

/// A small position of `rules`: stripped where its foundations allow, thinned where named
/// rules discard its cards, near the end of a win where it is won with piles full, else
/// played down.
pub(super) fn small(rules: &'static Compiled, rng: &mut StdRng, left: usize) -> Position {
    if let Some(p) = along_a_win(rules, rng, left) {
        return p;
    }
    if rng.random_bool(0.7)
        && let Some(p) = stripped(rules, rng).or_else(|| thinned(rules, rng, left))
    {
        return p;
    }
    small_position(rules, rng, left)
}
