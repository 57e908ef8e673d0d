//! The plain search, the judge of the solver's pruning: every legal move of the rules from
//! every position (turns of the stock, runs of any length, cards back from the foundations),
//! each position searched once, nothing left out. Slow, and only ever asked about positions
//! small enough to search whole; its answer needs no argument but the rules themselves.
//!
//! Positions are remembered exactly (no hash stands for one), up to two symmetries that change
//! no line: the columns' order (a move's column numbers only name them), and, where passes
//! have no end, the count of passes begun (it changes no move's legality there).

use crate::klondike::moves::Move;
use crate::klondike::position::Position;
use crate::klondike::ruleset::Rules;
use std::collections::HashSet;

/// What the plain search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plain {
    /// A line of the rules' moves from the position to a win.
    Won(Vec<Move>),
    /// Every position reachable was searched; none is won.
    Lost,
    /// More than the budget of positions.
    Unknown,
}

/// The longest key: per column a mark, its face-down count and at most 19 cards; the talon's
/// 24 cards and two marks; the four foundations; the pass.
const KEY: usize = 7 * 21 + 26 + 4 + 2;

/// A position written out exactly: the columns in sorted order, the pass only where counted.
fn key(p: &Position, rules: &Rules) -> [u8; KEY] {
    let mut columns: [(&[crate::cards::Card], u8); 7] =
        std::array::from_fn(|c| (p.column(c as u8), p.face_down(c as u8)));
    columns.sort_unstable();
    let mut out = [0u8; KEY];
    let mut i = 0;
    let mut push = |b: u8| {
        out[i] = b;
        i += 1;
    };
    for (cards, down) in columns {
        push(0xff);
        push(down);
        cards.iter().for_each(|c| push(c.index()));
    }
    push(0xfe);
    p.stock().iter().for_each(|c| push(c.index()));
    push(0xfd);
    p.waste().iter().for_each(|c| push(c.index()));
    (0..4).for_each(|f| push(0x80 | p.foundation_len(f)));
    if rules.passes.is_some() {
        // At most 255 passes in any rule set (`Rules::passes` is a u8).
        push(p.pass().min(255) as u8);
    }
    out
}

/// Searches `start` under `rules` whole, `allowed` choosing which legal moves to play (all
/// of them for the judge; fewer, to ask whether a win needs a kind of move), within `budget`
/// positions.
pub fn search(
    start: &Position,
    rules: &Rules,
    budget: usize,
    allowed: impl Fn(&Position, Move) -> bool,
) -> Plain {
    let mut seen: HashSet<[u8; KEY]> = HashSet::new();
    seen.insert(key(start, rules));
    // The path: each position with its moves and the next one to try.
    let mut path: Vec<(Position, Vec<Move>, usize)> = Vec::new();
    let moves_at = |p: &Position| -> Vec<Move> {
        let mut m = p.legal_moves(rules);
        m.retain(|&m| allowed(p, m));
        m
    };
    if start.is_won() {
        return Plain::Won(Vec::new());
    }
    path.push((*start, moves_at(start), 0));
    while let Some((p, moves, next)) = path.last_mut() {
        let Some(&m) = moves.get(*next) else {
            path.pop();
            continue;
        };
        *next += 1;
        let mut q = *p;
        q.apply_unchecked(rules, m);
        if q.is_won() {
            return Plain::Won(path.iter().map(|(_, ms, n)| ms[*n - 1]).collect());
        }
        if !seen.insert(key(&q, rules)) {
            continue;
        }
        if seen.len() > budget {
            return Plain::Unknown;
        }
        let moves = moves_at(&q);
        path.push((q, moves, 0));
    }
    Plain::Lost
}

/// Every legal move.
pub fn judge(start: &Position, rules: &Rules, budget: usize) -> Plain {
    search(start, rules, budget, |_, _| true)
}
