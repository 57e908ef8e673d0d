//! The exact Klondike solver, for any rule set with every card known ("thoughtful" Klondike):
//! a depth-first search over the solver's own positions (`state`: the set of face-up cards,
//! not their arrangement), each searched once. `Winnable` comes with a line of the rules' own
//! moves (`line` turns the solver's moves into them) that the rules replay to a win before it
//! is given; `Lost` only when every way on has been searched; `Unknown` only when the budget of
//! positions runs out.
//!
//! What keeps the search small without losing a win (read from how Solvitaire and lonelybot
//! prune and prove; none of their code):
//! - **Twins are one**: the arrangement of face-up cards is forgotten (see `state`), so a card
//!   put on either twin, and a run on either, is one position and one move.
//! - **Only moves that change something**: a run moves only from the bottom of a column's
//!   face-up cards, to turn the card under it up (or empty the column while a King could still
//!   want it); moving part of a run only passes it between twins.
//! - **Safe moves to the foundations** are played without trying anything else: a card of rank
//!   at most two, or whose two lower cards of the other colour are home (and, where cards may
//!   come back from the foundations, the other suit of its colour to two ranks down), can never
//!   be needed on the table again. The waste's top card only when one card is turned at a
//!   time: three at a time, taking a card from the waste changes which cards later turns bring
//!   up.
//! - **A card comes back from its foundation only to hold something at once**: a card that
//!   could go on it, or to free its twin to go home. Otherwise it can wait.
//! - **No turn of the stock is a move of its own**: each talon card that fits somewhere is one
//!   move with the turns that bring it up; one turn over at most (the next pass turns up the
//!   same cards).
//! - **The game is over when nothing is face down and the talon is empty**: the lowest card
//!   left is then always uncovered and next home.
//!
//! - **A talon turned less is worth more**: one card at a time, a position whose talon has been
//!   turned further (or into a later pass) than one seen before with the same cards elsewhere
//!   is reached from that one by turning alone, so it is searched already.
//!
//! The set of positions seen is keyed exactly (no hash stands for a position).

mod dead;
mod line;
pub mod reference;
mod state;
#[cfg(test)]
mod tests;

use super::moves::Move;
use super::position::{Position, Status};
use super::ruleset::Rules;
use state::{Act, Bit, State, Table, rank, suit, talon_reach};
use std::collections::HashSet;

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A complete legal line from the position to a win.
    Winnable { line: Vec<Move> },
    /// No line wins; why, in a player's words.
    Lost { why: String },
    /// The search ran out of its budget before it knew.
    Unknown { why: String },
}

impl Verdict {
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Winnable { .. } => "winnable",
            Verdict::Lost { .. } => "lost",
            Verdict::Unknown { .. } => "unknown",
        }
    }
}

/// Positions searched before the solver gives up and says "unknown".
pub const BUDGET: usize = 4_000_000;

/// Mixes the 128-bit keys into the set's 64-bit hash.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, v: u128) {
        let x = (v as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (v >> 64) as u64;
        let x = (x ^ (x >> 32)).wrapping_mul(0xd6e8_feb8_6659_fd93);
        self.0 = x ^ (x >> 32);
    }
}

/// Each position seen, by its key, with the least talon progress it was seen with: 16 bytes
/// each, since the table's verdicts keep hundreds of thousands of them.
type Seen = HashSet<SeenKey, std::hash::BuildHasherDefault<KeyHasher>>;

/// Where the progress sits in a `SeenKey`: keys use fewer bits (`State::key`).
const PROGRESS_SHIFT: u32 = 112;
const KEY_BITS: u128 = (1 << PROGRESS_SHIFT) - 1;

/// A position's key in its low bits, and its talon progress above them; equal and hashed by
/// the key alone.
#[derive(Clone, Copy)]
struct SeenKey(u128);

impl SeenKey {
    fn progress(self) -> u32 {
        (self.0 >> PROGRESS_SHIFT) as u32
    }
}

impl PartialEq for SeenKey {
    fn eq(&self, other: &SeenKey) -> bool {
        (self.0 ^ other.0) & KEY_BITS == 0
    }
}

impl Eq for SeenKey {}

impl std::hash::Hash for SeenKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u128(self.0 & KEY_BITS);
    }
}

/// A solver with its memory, to reuse.
#[derive(Default)]
pub struct Solver {
    seen: Seen,
    acts: Vec<Act>,
    /// Positions searched in the last decision.
    pub searched: usize,
}

/// One position on the search's path: its moves are `acts[start..end]`, `next` the one after
/// the one being tried.
struct Frame {
    state: State,
    start: usize,
    end: usize,
    next: usize,
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Decides `position` under `rules`, searching at most `budget` positions.
    pub fn solve(&mut self, position: &Position, rules: &Rules, budget: usize) -> Verdict {
        self.seen.clear();
        self.acts.clear();
        self.searched = 0;
        if position.is_won() {
            return Verdict::Winnable { line: Vec::new() };
        }
        let Some((table, start)) = line::abstract_of(position, rules) else {
            // Not a position play can reach (a column's face-up cards out of sequence): the
            // first solver, which takes any position, decides it.
            return reference::Solver::new().solve(position, rules, budget);
        };
        if let Some(stuck) = dead::stuck(&start, &table) {
            return Verdict::Lost {
                why: dead::words(&stuck),
            };
        }
        let mut path: Vec<Frame> = Vec::with_capacity(256);
        match self.arrive(start, &table, budget) {
            Arrival::Over => return line::concrete(position, rules, &[]),
            Arrival::Search(frame) => path.push(frame),
            Arrival::Seen | Arrival::Dead => {}
            Arrival::OutOfBudget => return out_of_budget(budget),
        }
        while let Some(frame) = path.last_mut() {
            if frame.next == frame.end {
                self.acts.truncate(frame.start);
                path.pop();
                continue;
            }
            let act = self.acts[frame.next];
            frame.next += 1;
            let mut s = frame.state;
            s.play(&table, act);
            match self.arrive(s, &table, budget) {
                Arrival::Over => {
                    let acts: Vec<Act> = path.iter().map(|f| self.acts[f.next - 1]).collect();
                    return line::concrete(position, rules, &acts);
                }
                Arrival::Search(next) => path.push(next),
                Arrival::Seen | Arrival::Dead => {}
                Arrival::OutOfBudget => return out_of_budget(budget),
            }
        }
        Verdict::Lost {
            why: why_lost(position, rules, self.searched),
        }
    }

    /// Looks at a position just reached: over, seen before, or to be searched.
    fn arrive(&mut self, s: State, table: &Table, budget: usize) -> Arrival {
        if s.is_over() {
            return Arrival::Over;
        }
        let (key, progress) = s.key(&table.rules);
        debug_assert!(key <= KEY_BITS && progress < 1 << (128 - PROGRESS_SHIFT));
        let entry = SeenKey(key | (u128::from(progress) << PROGRESS_SHIFT));
        if !self.seen.insert(entry) {
            if self
                .seen
                .get(&entry)
                .is_some_and(|old| old.progress() <= progress)
            {
                return Arrival::Seen;
            }
            self.seen.replace(entry);
        }
        self.searched += 1;
        if self.searched > budget {
            return Arrival::OutOfBudget;
        }
        // Without a pass left, the waste is a stack: cards turned over carelessly can bury
        // what others wait for (see `dead`). With one left, only the columns' piles are
        // stacks, and what is stuck in them is stuck from the start, found before the search.
        let last_pass = table.rules.passes.is_some_and(|n| s.pass >= u16::from(n));
        if last_pass && dead::stuck(&s, table).is_some() {
            return Arrival::Dead;
        }
        let start = self.acts.len();
        moves(&s, table, &mut self.acts);
        Arrival::Search(Frame {
            state: s,
            start,
            end: self.acts.len(),
            next: start,
        })
    }
}

/// What arriving at a position found.
enum Arrival {
    /// Nothing left face down or in the talon: won.
    Over,
    Search(Frame),
    Seen,
    /// Lost without searching (`dead`).
    Dead,
    OutOfBudget,
}

fn out_of_budget(budget: usize) -> Verdict {
    Verdict::Unknown {
        why: format!("not decided within {budget} positions"),
    }
}

fn mask(b: Bit) -> u64 {
    1 << b
}

/// The moves worth trying at `s`, the likeliest first, pushed onto `out`: a safe move home
/// alone if there is one; else home, the runs that turn up the most face-down cards first,
/// the waste's top card, the stock's cards, and cards back from the foundations last.
fn moves(s: &State, table: &Table, out: &mut Vec<Act>) {
    let rules = &table.rules;
    let roots = s.roots(table);
    let wanted = s.wanted();
    let home_now = s.uncoverable(roots) & wanted;
    let top = s.waste_top(table);
    // A safe move home, alone.
    let mut rest = home_now;
    while rest != 0 {
        let b = rest.trailing_zeros() as Bit;
        rest &= rest - 1;
        if s.safe_home(b, rules) {
            out.push(Act::Home(b));
            return;
        }
    }
    // Only one card at a time: three at a time, a card taken from the waste changes which
    // cards later turns bring up, so it may be regretted.
    if let Some(t) = top
        && rules.turn == 1
        && wanted & mask(t) != 0
        && s.safe_home(t, rules)
    {
        out.push(Act::Talon {
            card: t,
            home: true,
            steps: 0,
            turned: s.turned,
            pass: s.pass,
        });
        return;
    }
    let mut rest = home_now;
    while rest != 0 {
        let b = rest.trailing_zeros() as Bit;
        rest &= rest - 1;
        out.push(Act::Home(b));
    }
    let placeable = s.placeable(table, roots);
    // Runs from the bottom of each column's face-up cards, the deepest pile first.
    let first_reveal = out.len();
    for c in 0..7u8 {
        let n = s.pile[usize::from(c)];
        if n == 0 {
            continue;
        }
        let root = table.piles[usize::from(c)][usize::from(n) - 1];
        let king = rank(root) == 13;
        let useful = if n > 1 {
            true
        } else {
            // Emptying the column: worth it only while a King could come to it.
            !king && king_to_come(s, table)
        };
        if useful && placeable & mask(root) != 0 {
            out.push(Act::Reveal(c));
        }
    }
    out[first_reveal..].sort_by_key(|a| match a {
        Act::Reveal(c) => std::cmp::Reverse(s.pile[usize::from(*c)]),
        _ => std::cmp::Reverse(0),
    });
    // The talon's cards, the waste's top first.
    let mut reachable = 0u64;
    talon_reach(s, table, |card, steps, turned, pass| {
        reachable |= mask(card);
        for home in [true, false] {
            let fits = if home { wanted } else { placeable };
            if fits & mask(card) != 0 {
                out.push(Act::Talon {
                    card,
                    home,
                    steps,
                    turned,
                    pass,
                });
            }
        }
    });
    if rules.foundation_to_column {
        for f in 0..4u8 {
            let n = s.home[usize::from(f)];
            if n == 0 {
                continue;
            }
            let card = 4 * (n - 1) + f;
            if placeable & mask(card) != 0 && holds_at_once(s, card, roots, reachable) {
                out.push(Act::Back(f));
            }
        }
    }
}

/// Whether a King could still come to an empty column: one in the talon, face down, home, or
/// at the bottom of a run with face-down cards under it.
fn king_to_come(s: &State, table: &Table) -> bool {
    let kings: u64 = 0xf << 48;
    if kings & !s.visible != 0 {
        return true;
    }
    (0..7).any(|c| {
        let n = usize::from(s.pile[c]);
        n > 1 && rank(table.piles[c][n - 1]) == 13
    })
}

/// Whether card `b`, back from its foundation, could at once hold a card (a root to turn up
/// a card, a talon card, another foundation's top) or let its twin go home.
fn holds_at_once(s: &State, b: Bit, roots: u64, reachable: u64) -> bool {
    let r = rank(b);
    let twin = b ^ 1;
    if s.visible & mask(twin) != 0 && s.home[usize::from(suit(twin))] + 1 == r {
        return true;
    }
    if r == 1 {
        return false;
    }
    let other = if suit(b) < 2 { [2u8, 3] } else { [0, 1] };
    other.iter().any(|&o| {
        let kid = 4 * (r - 2) + o;
        let m = mask(kid);
        (s.visible & roots & m != 0) || reachable & m != 0 || s.home[usize::from(o)] == r - 1
    })
}

/// One deal decided by [`decide_range`].
#[derive(Clone, Copy, Debug)]
pub struct Decided {
    pub deal: u128,
    /// `winnable`, `lost` or `unknown`.
    pub word: &'static str,
    pub micros: u64,
    /// Positions searched.
    pub positions: usize,
}

/// Decides deals `first..=last` under `rules` on `jobs` threads, each within [`BUDGET`]
/// positions; `decided` hears each deal as it is decided, in any order.
pub fn decide_range(
    rules: &Rules,
    first: u128,
    last: u128,
    jobs: usize,
    mut decided: impl FnMut(Decided),
) {
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let count = last - first + 1;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let (send, next) = (send.clone(), &next);
            scope.spawn(move || {
                let mut solver = Solver::new();
                loop {
                    let i = u128::from(next.fetch_add(1, Ordering::Relaxed));
                    if i >= count {
                        break;
                    }
                    let deal = crate::rules::DealNumber::new(first + i).expect("in range");
                    let p = Position::deal(deal, rules);
                    let start = std::time::Instant::now();
                    let word = solver.solve(&p, rules, BUDGET).word();
                    let row = Decided {
                        deal: first + i,
                        word,
                        micros: start.elapsed().as_micros() as u64,
                        positions: solver.searched,
                    };
                    if send.send(row).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        receive.into_iter().for_each(&mut decided);
    });
}

/// Why a position the search found lost is lost, as a player would say it.
fn why_lost(p: &Position, rules: &Rules, searched: usize) -> String {
    if p.status(rules) == Status::Stuck {
        return "no move is left".into();
    }
    let passes_over = rules.passes.is_some_and(|n| p.pass() >= u16::from(n));
    if passes_over && p.stock().is_empty() {
        return format!(
            "the stock's last pass is used up, and every way on gets stuck ({searched} positions searched)"
        );
    }
    format!("every way of playing on gets stuck ({searched} positions searched)")
}
