//! The moves the named rules add: a card onto a match to its left, cards out from between a
//! match, pairs by rank; checked, played and taken back, the line closed up and opened again.

use super::{Named, rank, suit};
use crate::kinds::compiled::MAX_CARDS;
use crate::kinds::{DOWN, Done, Illegal, Position, Step};

/// One suit or one rank.
fn matches(a: u8, b: u8) -> bool {
    suit(a) == suit(b) || rank(a) == rank(b)
}

/// A face-up top card.
fn up(p: &Position, q: u8) -> Option<u8> {
    p.top(q).filter(|b| b & DOWN == 0)
}

/// The moves of the named rules, after the piles' own.
pub fn legal(n: &Named, p: &Position, out: &mut Vec<Step>) {
    let step = |from: u8, to: u8| Step { from, to, count: 1 };
    if let Some((first, count)) = n.line {
        let end = first + count;
        if n.onto_left != 0 {
            // The line's cards once (no gap: it ends at its first empty place).
            let mut tops = [0u8; MAX_CARDS];
            let len = p.line_tops(first, count, &mut tops);
            let tops = &tops[..len];
            for (i, &c) in tops.iter().enumerate().filter(|(_, c)| **c & DOWN == 0) {
                let mut by = n.onto_left;
                while by != 0 {
                    let d = by.trailing_zeros() as usize;
                    by &= by - 1;
                    if i >= d && tops[i - d] & DOWN == 0 && matches(tops[i - d], c) {
                        out.push(step(first + i as u8, first + (i - d) as u8));
                    }
                }
            }
        }
        for i in (first..end).filter(|_| n.out_between) {
            if up(p, i).is_none() {
                continue;
            }
            if between(n, p, i, 1) {
                out.push(step(i, n.discard.expect("checked when compiled")));
            }
            for j in [i.wrapping_sub(1), i + 1] {
                if (first..end).contains(&j) && between(n, p, i.min(j), 2) {
                    out.push(step(i, j));
                }
            }
        }
    }
    if n.swaps != 0 {
        // Only single face-up cards swap, each onto a pile whose base is its rank: for each,
        // the singles on a base of its rank (a bit a pile), not every pile.
        let mut on_base = [0u128; 14];
        let mut singles = 0u128;
        for q in 0..p.piles() as u8 {
            if n.swaps & (1 << q) != 0 && p.len(q) == 1 && p.top(q).is_some_and(|b| b & DOWN == 0) {
                singles |= 1 << q;
                if let Some(bits) = on_base.get_mut(usize::from(n.base[usize::from(q)])) {
                    *bits |= 1 << q;
                }
            }
        }
        while singles != 0 {
            let a = singles.trailing_zeros() as u8;
            singles &= singles - 1;
            let Some(r) = p.top(a).map(rank) else {
                continue;
            };
            let mut to = on_base[usize::from(r)];
            while to != 0 {
                let b = to.trailing_zeros() as u8;
                to &= to - 1;
                if n.swaps(p, step(a, b)) {
                    out.push(step(a, b));
                }
            }
        }
    }
    if n.pairs != 0 {
        for a in 0..p.piles() as u8 {
            let Some(c) = up(p, a).filter(|_| n.pairs & (1 << a) != 0) else {
                continue;
            };
            for b in 0..p.piles() as u8 {
                if b != a && n.pairs & (1 << b) != 0 && up(p, b).is_some_and(|t| rank(t) == rank(c))
                {
                    out.push(step(a, b));
                }
            }
        }
    }
}

/// The `width` line cards from pile `lo` have a card on each side, and those match.
fn between(n: &Named, p: &Position, lo: u8, width: u8) -> bool {
    let Some((first, count)) = n.line else {
        return false;
    };
    if lo <= first || lo + width >= first + count {
        return false;
    }
    let inside = (lo..lo + width).all(|q| up(p, q).is_some());
    let (left, right) = (up(p, lo - 1), up(p, lo + width));
    inside && left.zip(right).is_some_and(|(a, b)| matches(a, b))
}

/// Whether the rules allow a move they claim, and if not, why.
pub fn check(n: &Named, p: &Position, m: Step) -> Result<(), Illegal> {
    let (Some(c), discard) = (up(p, m.from), n.discard) else {
        return Err(Illegal::NothingThere);
    };
    if n.pairs & (1 << m.from) != 0 && n.pairs & (1 << m.to) != 0 {
        let t = up(p, m.to).ok_or(Illegal::DoesNotTake)?;
        return (rank(t) == rank(c)).then_some(()).ok_or(Illegal::NotAPair);
    }
    if n.out_between {
        if Some(m.to) == discard {
            return between(n, p, m.from, 1)
                .then_some(())
                .ok_or(Illegal::NotBetweenMatches);
        }
        if !n.in_line(m.to) || m.from.abs_diff(m.to) != 1 || up(p, m.to).is_none() {
            return Err(Illegal::NotAPair);
        }
        return between(n, p, m.from.min(m.to), 2)
            .then_some(())
            .ok_or(Illegal::NotBetweenMatches);
    }
    // Onto a match to the left.
    let t = up(p, m.to)
        .filter(|_| n.in_line(m.to))
        .ok_or(Illegal::DoesNotTake)?;
    let d = m
        .from
        .checked_sub(m.to)
        .filter(|&d| d < 16 && n.onto_left & (1 << d) != 0);
    if d.is_none() {
        return Err(Illegal::NotThatFar);
    }
    matches(t, c).then_some(()).ok_or(Illegal::NoMatch)
}

/// Plays a move the rules allow and claim.
pub fn play(n: &Named, p: &mut Position, m: Step) -> Done {
    let discard = n.discard.expect("checked when compiled");
    if n.onto_left != 0 && n.in_line(m.to) {
        p.shift(m.to, discard, 1);
        p.shift(m.from, m.to, 1);
    } else {
        p.shift(m.from, discard, 1);
        if m.to != discard {
            p.shift(m.to, discard, 1);
        }
    }
    if let Some((first, count)) = n.line {
        p.close_up(first, count);
    }
    Done::default()
}

/// Takes back a move these rules played.
pub fn undo(n: &Named, p: &mut Position, m: Step) {
    let discard = n.discard.expect("checked when compiled");
    let open = |p: &mut Position, q: u8| {
        if let Some((first, count)) = n.line {
            p.open_gap(first, count, q - first);
        }
    };
    if n.onto_left != 0 && n.in_line(m.to) {
        open(p, m.from);
        p.shift(m.to, m.from, 1);
        p.shift(discard, m.to, 1);
    } else if m.to == discard {
        open(p, m.from);
        p.shift(discard, m.from, 1);
    } else {
        if n.line.is_some() {
            let lo = m.from.min(m.to);
            open(p, lo);
            open(p, lo);
        }
        p.shift(discard, m.to, 1);
        p.shift(discard, m.from, 1);
    }
}
