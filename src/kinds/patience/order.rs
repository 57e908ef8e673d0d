//! The moves a search tries from a position, likeliest to win first, and the moves home played
//! at once: shared by the solver's depth-first searches and its best-first one.

use super::distance::{distance, global_terms, pile_terms, wanted};
use super::prune::Prune;
use crate::kinds::compiled::{Compiled, MAX_PILES};
use crate::kinds::position::{DOWN, Position};
use crate::kinds::{Step, moves};

/// The moves from a position worth trying, the likeliest to win first: home, then those that
/// turn a card up, then onto cards, then the rest, the stock last; within each, in an order
/// drawn from the position and `shuffle` where it is given (a restart's).
pub(super) fn ordered(
    rules: &Compiled,
    prune: &Prune,
    p: &Position,
    shuffle: Option<u64>,
    out: &mut Vec<Step>,
) {
    moves::legal(rules, p, out);
    prune.worth_trying(rules, p, out);
    let rank = |s: &Step| {
        let to = &rules.piles[usize::from(s.to)];
        let from = usize::from(s.from);
        let below = p.len(s.from).checked_sub(usize::from(s.count) + 1);
        if s.count == 0 {
            4
        } else if to.kind.is_home() && !rules.piles[from].kind.is_home() {
            0
        } else if below.is_some_and(|i| p.pile(s.from)[i] & DOWN != 0) {
            1
        } else if !p.is_empty(s.to) {
            2
        } else {
            3
        }
    };
    let hint = prune.line_hint(rules, p);
    let rank = |s: &Step| (rank(s), hint.as_ref().map_or(0, |h| h(s)));
    match shuffle {
        None => out.sort_by_key(rank),
        Some(seed) => {
            let k = p.key() as u64 ^ seed;
            let mix = |i: usize| {
                (k ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                    .wrapping_mul(0xff51_afd7_ed55_8ccd)
                    .rotate_left(29)
            };
            let mut keyed: Vec<((u8, u8), u64, Step)> = out
                .iter()
                .enumerate()
                .map(|(i, &m)| (rank(&m), mix(i), m))
                .collect();
            keyed.sort_by_key(|&(r, h, _)| (r, h));
            out.clear();
            out.extend(keyed.into_iter().map(|(_, _, m)| m));
        }
    }
}

/// Plays the moves home that lose no win (`Prune::safe_home`), onto the line.
pub(super) fn play_safe(rules: &Compiled, prune: &Prune, p: &mut Position, line: &mut Vec<Step>) {
    while let Some(m) = prune.safe_home(rules, p) {
        moves::play(rules, p, m);
        line.push(m);
    }
}

/// The order a depth-first search tries the moves in.
#[derive(Clone, Copy, Debug)]
pub(super) enum Order {
    /// `ordered`'s.
    Usual,
    /// `ordered`'s, shuffled within its classes by this seed.
    Shuffled(u64),
    /// The moves whose positions look nearest a win first (`distance`), those within a few
    /// points of each other shuffled by this seed. As FreeCell's own solver's passes: its wins
    /// come where the order of the moves follows the room left and the cards in order.
    Guided(u64),
}

/// A position on a depth-first search's way: the moves from it in the search's order, how many
/// were tried, and the length of the line that reached it. Where the order had to play the
/// moves to rank them (`Guided`), the positions they lead to as well, each after its safe moves
/// (a span of `safe`), so that the search does not play them again. Buffers are kept with the
/// level to be used again.
#[derive(Default)]
pub(super) struct Level {
    pub p: Option<Position>,
    pub next: Vec<Step>,
    pub tried: usize,
    pub len: usize,
    kids: Vec<(Position, u32, u32)>,
    safe: Vec<Step>,
    keyed: Vec<(u32, usize)>,
    moves: Vec<Step>,
    sorted: Vec<(Position, u32, u32)>,
}

impl Level {
    /// The position the `k`-th move leads to, after its safe moves (pushed onto `line`), if
    /// the order played it already.
    pub fn kid(&self, k: usize, line: &mut Vec<Step>) -> Option<Position> {
        let &(q, from, to) = self.kids.get(k)?;
        line.extend_from_slice(&self.safe[from as usize..to as usize]);
        Some(q)
    }
}

/// Fills `level` with `p`'s moves in `order`.
pub(super) fn next_moves(
    rules: &Compiled,
    prune: &Prune,
    p: &Position,
    order: Order,
    level: &mut Level,
) {
    level.p = Some(*p);
    level.tried = 0;
    level.kids.clear();
    level.safe.clear();
    let out = &mut level.next;
    let seed = match order {
        Order::Usual => return ordered(rules, prune, p, None, out),
        Order::Shuffled(seed) => return ordered(rules, prune, p, Some(seed), out),
        Order::Guided(seed) => seed ^ p.key() as u64,
    };
    // In the order they are made: the distance ranks them all.
    moves::legal(rules, p, out);
    prune.worth_trying(rules, p, out);
    // A child differs from its parent in a few piles: the others' terms are the parent's,
    // unless a card went home (then the cards wanted next change, and it is counted whole).
    let guide = &prune.guide;
    let want = wanted(rules, p);
    let piles = rules.piles.len() as u8;
    let mut terms = [0u32; MAX_PILES];
    for i in 0..piles {
        terms[usize::from(i)] = pile_terms(rules, guide, p, i, &want);
    }
    let all: u32 = terms.iter().sum();
    level.keyed.clear();
    for (k, &m) in out.iter().enumerate() {
        let mut q = *p;
        moves::play(rules, &mut q, m);
        let from = level.safe.len() as u32;
        play_safe(rules, prune, &mut q, &mut level.safe);
        level.kids.push((q, from, level.safe.len() as u32));
        let mut d = if prune.homes.iter().any(|&h| q.len(h) != p.len(h)) {
            distance(rules, guide, &q)
        } else {
            let mut sum = all;
            for i in 0..piles {
                if q.len(i) != p.len(i) || q.top(i) != p.top(i) {
                    sum = sum - terms[usize::from(i)] + pile_terms(rules, guide, &q, i, &want);
                }
            }
            sum + global_terms(rules, guide, &q)
        };
        let h = (seed ^ (u64::from(m.from) << 16 | u64::from(m.to) << 8 | u64::from(m.count)))
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            .rotate_left(29);
        d += (h % (SPREAD + 1)) as u32;
        level.keyed.push((d, k));
    }
    level.keyed.sort_by_key(|&(d, _)| d);
    level.moves.clear();
    level.moves.extend(level.keyed.iter().map(|&(_, k)| out[k]));
    std::mem::swap(out, &mut level.moves);
    level.sorted.clear();
    level
        .sorted
        .extend(level.keyed.iter().map(|&(_, k)| level.kids[k]));
    std::mem::swap(&mut level.kids, &mut level.sorted);
}

/// Moves whose distances lie within this many points of each other may come in either order
/// (FreeCell's own solver spreads its passes by 2 to 5).
const SPREAD: u64 = 4;
