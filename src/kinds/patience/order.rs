//! The moves a search tries from a position, likeliest to win first, and the moves home played
//! at once: shared by the solver's depth-first searches and its best-first one.

use super::prune::Prune;
use crate::kinds::compiled::Compiled;
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
