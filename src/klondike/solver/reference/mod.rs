//! The first exact solver, kept as the judge of the fast one (`super`): it searches the rules'
//! own positions, arrangement and all, so it is simple and some hundred times slower. A
//! depth-first search over positions, each position searched once (a transposition set), under any rule
//! set. `Winnable` comes with a move line the rules replay to a win (checked before it is
//! given); `Lost` only when every way on has been searched; `Unknown` only when the budget of
//! positions runs out.
//!
//! What keeps the search small without losing a win (read from how Solvitaire and lonelybot
//! prune; none of their code):
//! - **Safe moves to the foundations** are played without trying anything else: a card whose
//!   rank is at most two, or whose two lower cards of the other colour are home already, can
//!   never be needed on the table again (nothing can go on it), so sending it home first loses
//!   nothing. Where cards may come back from the foundations, one of those could come back
//!   onto it to hold a card of its own colour two ranks down; so there the other suit of its
//!   colour must be home to two ranks down as well: then every card that low is home, and no
//!   chain of cards brought back can hold anything. The waste's top card only one card at a
//!   time: three at a time, taking it changes which cards later turns bring up.
//! - **Columns are interchangeable**: positions that differ only in the order of the columns
//!   are one position.
//! - **Idle moves** are not tried: a King with nothing under it moved to another empty column
//!   (the two positions differ only in the columns' order), and part of a run moved onto the
//!   twin of the card it lies on where the card uncovered cannot go home (`idle_swap`: the
//!   twins take the same cards, and the run can always cross back).
//! - **Every card back from a foundation is tried.** (Trying one only when a card could go on
//!   it at once cut wins: the 7♠ may come back, holding nothing, so that the 6♠ under it can.)
//! - **No turn of the stock is a move of its own**: turning changes nothing on the table and
//!   nothing on the table waits for it, so a line can always turn just before it plays the card
//!   the turns bring up; each stock card that fits somewhere is one move, with its turns.
//! - **One card at a time with passes without end**: where the talon splits between stock and
//!   waste does not matter (turning reaches every split), so positions that differ only there
//!   are one.
//!
//! Positions are remembered by a 128-bit hash of their canonical form; two different positions
//! share one with a chance of about one in 10^29 for a search of a million positions.

use super::{Verdict, why_lost};
use crate::cards::Card;
use crate::klondike::moves::Move;
use crate::klondike::position::{Done, Position};
use crate::klondike::ruleset::Rules;
use std::collections::HashSet;

/// The positions' keys are hashes already: the set uses them as they are.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u128(&mut self, v: u128) {
        self.0 = v as u64 ^ (v >> 64) as u64;
    }
}

type Seen = HashSet<u128, std::hash::BuildHasherDefault<KeyHasher>>;

/// One step of the search: `advances` turns of the stock (or a turn over, where the stock is
/// empty), then `play`.
#[derive(Clone, Copy, Debug)]
struct Step {
    advances: u8,
    play: Move,
}

/// A solver with its memory, to reuse.
#[derive(Default)]
pub struct Solver {
    seen: Seen,
    /// Positions searched in the last decision.
    pub searched: usize,
}

/// One position on the search's path: the safe moves played on arriving, the moves to try
/// from it, and the one being tried.
struct Frame {
    safe: Vec<(Move, Done)>,
    /// Each a move, or turns of the stock and the move they bring a talon card to.
    moves: Vec<Step>,
    next: usize,
    trying: Vec<(Move, Done)>,
}

/// What arriving at a position found.
enum Arrival {
    Won(Vec<(Move, Done)>),
    Search(Frame),
    /// Seen before (its safe moves are taken back already).
    Seen,
    OutOfBudget,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Decides `position` under `rules`, searching at most `budget` positions. The search
    /// keeps its path on the heap, however long the line.
    pub fn solve(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        self.seen.clear();
        self.searched = 0;
        let mut p = *position;
        let mut path: Vec<Frame> = Vec::with_capacity(256);
        let mut won = None;
        match self.arrive(&mut p, rules, budget) {
            Arrival::Won(safe) => won = Some(safe),
            Arrival::Search(frame) => path.push(frame),
            Arrival::Seen => {}
            Arrival::OutOfBudget => return out_of_budget(budget),
        }
        while won.is_none() {
            let Some(frame) = path.last_mut() else { break };
            for (m, done) in frame.trying.drain(..).rev() {
                p.undo(m, done);
            }
            if frame.next < frame.moves.len() {
                let step = frame.moves[frame.next];
                frame.next += 1;
                for _ in 0..step.advances {
                    let m = if p.stock().is_empty() {
                        Move::Redeal
                    } else {
                        Move::Turn
                    };
                    frame.trying.push((m, p.apply_unchecked(rules, m)));
                }
                frame
                    .trying
                    .push((step.play, p.apply_unchecked(rules, step.play)));
                match self.arrive(&mut p, rules, budget) {
                    Arrival::Won(safe) => won = Some(safe),
                    Arrival::Search(next) => path.push(next),
                    Arrival::Seen => {}
                    Arrival::OutOfBudget => return out_of_budget(budget),
                }
            } else {
                let frame = path.pop().expect("a frame");
                for &(m, done) in frame.safe.iter().rev() {
                    p.undo(m, done);
                }
            }
        }
        let Some(last) = won else {
            return Verdict::Lost {
                why: why_lost(position, rules),
            };
        };
        let mut line: Vec<Move> = Vec::new();
        for frame in &path {
            line.extend(frame.safe.iter().map(|&(m, _)| m));
            line.extend(frame.trying.iter().map(|&(m, _)| m));
        }
        line.extend(last.iter().map(|&(m, _)| m));
        // Never a line the rules refuse: replayed before it is given.
        let mut check = *position;
        let replays = line.iter().all(|&m| check.apply(rules, m).is_ok());
        if replays && check.is_won() {
            Verdict::Winnable { line, note: None }
        } else {
            Verdict::Unknown {
                why: "the solver's line did not replay to a win".into(),
            }
        }
    }

    /// Plays the safe moves at a position just reached and looks at what is left.
    fn arrive(&mut self, p: &mut Position, rules: &Rules, budget: usize) -> Arrival {
        let mut safe = Vec::new();
        while let Some(m) = safe_move(p, rules) {
            safe.push((m, p.apply_unchecked(rules, m)));
        }
        if p.is_won() {
            return Arrival::Won(safe);
        }
        if !self.seen.insert(key(p, rules)) {
            for &(m, done) in safe.iter().rev() {
                p.undo(m, done);
            }
            return Arrival::Seen;
        }
        self.searched += 1;
        if self.searched > budget {
            return Arrival::OutOfBudget;
        }
        Arrival::Search(Frame {
            safe,
            moves: ordered_moves(p, rules),
            next: 0,
            trying: Vec::new(),
        })
    }
}

fn out_of_budget(budget: usize) -> Verdict {
    Verdict::Unknown {
        why: format!("not decided within {budget} positions"),
    }
}

/// A move to a foundation that can never be regretted (see the module notes).
fn safe_move(p: &Position, rules: &Rules) -> Option<Move> {
    let safe = |card: Card| {
        let rank = card.rank();
        let f = card.suit() as u8;
        if p.foundation_len(f) + 1 != rank {
            return false;
        }
        // The two suits of the other colour: ♣ ♠ are black (0, 1), ♥ ♦ red (2, 3); and the
        // other suit of this one's.
        let others: [u8; 2] = if f < 2 { [2, 3] } else { [0, 1] };
        let sibling = f ^ 1;
        rank <= 2
            || (others.iter().all(|&o| p.foundation_len(o) + 1 >= rank)
                && (!rules.foundation_to_column || p.foundation_len(sibling) + 2 >= rank))
    };
    // Three at a time, a card taken from the waste changes which cards later turns bring up.
    if let Some(card) = p.waste_top()
        && rules.turn == 1
        && safe(card)
    {
        return Some(Move::WasteToFoundation(card.suit() as u8));
    }
    (0..7).find_map(|c| {
        let card = *p.column(c).last()?;
        safe(card).then_some(Move::ColumnToFoundation(c, card.suit() as u8))
    })
}

/// The moves worth trying, the likeliest first: home, then those that turn a card face up or
/// bring one from the waste, then the rest, cards back from home last; then the stock's cards,
/// each with the turns that bring it up.
fn ordered_moves(p: &Position, rules: &Rules) -> Vec<Step> {
    let mut moves: Vec<(u8, Move)> = p
        .legal_moves(rules)
        .into_iter()
        .filter(|&m| !matches!(m, Move::Turn | Move::Redeal))
        .filter(|&m| !p.is_idle(m) && !idle_swap(p, m, rules))
        .map(|m| {
            // Among moves that turn a card up, the one from the deepest pile of face-down
            // cards first: those cards are the most in the way.
            let deepest = |from: u8| 31 - p.face_down(from).min(31);
            let rank = match m {
                Move::WasteToFoundation(_) | Move::ColumnToFoundation(..) => 0,
                Move::ColumnToColumn(from, _, _) if exposes(p, from, m, rules) => {
                    32 + deepest(from)
                }
                Move::WasteToColumn(_) => 64,
                Move::ColumnToColumn(..) => 96,
                Move::Turn | Move::Redeal => 128,
                Move::FoundationToColumn(..) => 160,
            };
            (rank, m)
        })
        .collect();
    moves.sort_by_key(|&(rank, _)| rank);
    let mut steps: Vec<Step> = moves
        .into_iter()
        .map(|(_, play)| Step { advances: 0, play })
        .collect();
    talon_plays(p, rules, &mut steps);
    steps
}

/// Turning the stock changes nothing on the table, and no move on the table depends on it: a
/// line can always turn just before it plays the card the turns bring up. So the turns are
/// never moves of their own: each card the stock can bring to the top of the waste that fits
/// somewhere now is one move, the turns (and a turn over, where the rules allow one) that bring
/// it up first. One turn over is enough: a later pass brings up the same cards at a higher
/// cost in passes. The card on top now is played by the ordinary moves.
fn talon_plays(p: &Position, rules: &Rules, steps: &mut Vec<Step>) {
    let mut q = *p;
    let mut turned_over = false;
    let start = (p.stock().len(), p.waste().len());
    // Each step moves at least one card or turns over (once): this many always ends it.
    for advances in 1..=(2 * (start.0 + start.1) + 2) as u8 {
        let step = if q.stock().is_empty() {
            if turned_over {
                break;
            }
            turned_over = true;
            Move::Redeal
        } else {
            Move::Turn
        };
        if q.apply(rules, step).is_err() {
            break;
        }
        if step == Move::Redeal {
            continue;
        }
        if turned_over && (q.stock().len(), q.waste().len()) == start {
            // Round to where it began: the rest comes up again as before.
            break;
        }
        let Some(card) = q.waste_top() else { continue };
        let plays = std::iter::once(Move::WasteToFoundation(card.suit() as u8))
            .chain((0..7).map(Move::WasteToColumn))
            .filter(|&m| q.check(rules, m).is_ok());
        steps.extend(plays.map(|play| Step { advances, play }));
    }
}

/// A part of a run moved from one face-up card onto its twin (the same rank and colour) in
/// another column, where the card it uncovers cannot then go home: the two twins take the
/// same cards, so this changes nothing but which twin is free, and a free twin is only worth
/// more than the other if it can go to its foundation.
fn idle_swap(p: &Position, m: Move, rules: &Rules) -> bool {
    let Move::ColumnToColumn(from, _, _) = m else {
        return false;
    };
    let mut q = *p;
    let done = q.apply_unchecked(rules, m);
    let column = q.column(from);
    let partial = !done.flipped && column.len() > usize::from(q.face_down(from));
    let uncovered_goes_home = column
        .last()
        .is_some_and(|&y| q.foundation_len(y.suit() as u8) + 1 == y.rank());
    partial && !uncovered_goes_home
}

/// Whether moving from column `from` turns a card face up (or empties the column).
fn exposes(p: &Position, from: u8, m: Move, rules: &Rules) -> bool {
    let mut q = *p;
    let done = q.apply_unchecked(rules, m);
    done.flipped || q.column(from).is_empty() && p.face_down(from) == 0
}

/// The canonical form's 128-bit hash: the columns in a fixed order of their own (they are
/// interchangeable), the talon, the foundations, and the pass where passes are counted.
fn key(p: &Position, rules: &Rules) -> u128 {
    let mut columns: [(u8, &[Card]); 7] =
        std::array::from_fn(|c| (p.face_down(c as u8), p.column(c as u8)));
    columns.sort_unstable_by(|a, b| a.1.cmp(b.1).then(a.0.cmp(&b.0)));
    let mut h = Hasher128::default();
    for (down, cards) in columns {
        h.byte(0xff);
        h.byte(down);
        cards.iter().for_each(|c| h.byte(c.index()));
    }
    if rules.turn == 1 && rules.passes.is_none() {
        // One card at a time, passes without end: turning and turning over reach every split
        // of the talon between stock and waste, changing nothing else, so every split is one
        // position. The talon in the order it turns up: the waste from its bottom, then the
        // stock from its top.
        h.byte(0xfe);
        p.waste().iter().for_each(|c| h.byte(c.index()));
        p.stock().iter().rev().for_each(|c| h.byte(c.index()));
    } else {
        h.byte(0xfe);
        p.stock().iter().for_each(|c| h.byte(c.index()));
        h.byte(0xfd);
        p.waste().iter().for_each(|c| h.byte(c.index()));
    }
    h.byte(0xfc);
    (0..4).for_each(|f| h.byte(p.foundation_len(f)));
    if rules.passes.is_some() {
        p.pass().to_le_bytes().iter().for_each(|&b| h.byte(b));
    }
    h.finish()
}

/// Two independent 64-bit multiply-xor hashes side by side.
struct Hasher128 {
    a: u64,
    b: u64,
}

impl Default for Hasher128 {
    fn default() -> Self {
        Hasher128 {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x9e37_79b9_7f4a_7c15,
        }
    }
}

impl Hasher128 {
    fn byte(&mut self, v: u8) {
        self.a = (self.a ^ u64::from(v)).wrapping_mul(0x0000_0100_0000_01b3);
        self.b = (self.b ^ u64::from(v))
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            .rotate_left(29);
    }

    fn finish(&self) -> u128 {
        let mix = |mut x: u64| {
            x ^= x >> 33;
            x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            x ^ (x >> 33)
        };
        (u128::from(mix(self.a)) << 64) | u128::from(mix(self.b))
    }
}

#[cfg(test)]
mod tests;
