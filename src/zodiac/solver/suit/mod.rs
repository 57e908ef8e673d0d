//! One suit on its own: the fewest of its cards that must wait in the Equator when phase 2
//! begins, found by playing the suit's phase 2 *backwards*.
//!
//! Backwards, the two foundations of the suit give their cards back one at a time, each in a
//! fixed order (an up foundation gives K, Q, J, … back; a down one A, 2, 3, …), interleaved as
//! we choose. Each card given back goes to one of three places:
//! - the next card of a Zodiac pile as it lies now (each pile is rebuilt from its base up);
//! - on top of a rebuilt pile whose top is one rank away (phase 1 only: that is a card the
//!   player will build there before the stock runs out);
//! - the Equator, where it waits (it costs one cell).
//!
//! Every forward line of phase 2 is such a backward line read in reverse, and the other way
//! round; so the least Equator cost over all backward lines is exact. The search remembers every
//! state it has met (foundation progress and the piles' states, piles with the same top being
//! interchangeable) and drops piles that no card still to come can land on.

use crate::zodiac::{Card, Direction, Position, Rules, Suit};

mod backwards;

/// No way at all.
pub const INF: u8 = u8::MAX;

/// A foundation's missing cards in the order they come *off* it when played backwards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stream {
    first: u8,
    down: bool,
    pub len: u8,
}

impl Stream {
    pub fn new(direction: Direction, built: u8) -> Stream {
        let len = 13 - built.min(13);
        match direction {
            Direction::Up => Stream {
                first: 13,
                down: true,
                len,
            },
            Direction::Down => Stream {
                first: 1,
                down: false,
                len,
            },
        }
    }

    /// The rank of the i-th card given back (0-based).
    pub fn rank(self, i: u8) -> u8 {
        if self.down {
            self.first - i
        } else {
            self.first + i
        }
    }

    /// Which card given back has rank `r`, if any.
    pub fn index_of(self, r: u8) -> Option<u8> {
        let i = if self.down {
            self.first.checked_sub(r)?
        } else {
            r.checked_sub(self.first)?
        };
        (i < self.len).then_some(i)
    }

    /// Whether ranks come back in rising order.
    pub fn rising(self) -> bool {
        !self.down
    }

    /// Whether a card of rank `r` is still to come once `i` cards have been given back.
    fn still_has(self, i: u8, r: u8) -> bool {
        if i >= self.len {
            return false;
        }
        let (a, b) = (self.rank(i), self.rank(self.len - 1));
        a.min(b) <= r && r <= a.max(b)
    }
}

/// Where a card given back goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dest {
    /// Onto pile number `p` of this suit (an index into [`SuitProblem::pile_z`]).
    Pile(u8),
    Equator,
}

/// What the last move of phase 1 can be, from this suit: a stock card built on top of a pile,
/// or a stock card that waits in the Equator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LastMove {
    Top(u8),
    Equator(u8),
}

/// A suit's plan: the backward line (stream, destination) and, when asked for, the card that
/// can be phase 1's last move.
#[derive(Clone, Debug, Default)]
pub struct SuitPlan {
    pub steps: Vec<(u8, Dest)>,
    pub last: Option<LastMove>,
}

/// Where a card goes home from in phase 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    Zodiac(u8),
    Equator(Card),
}

/// A suit's plan on the table.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Phase 1: each Zodiac pile's new cards, bottom first.
    pub builds: Vec<(u8, Vec<Card>)>,
    /// Phase 2: (foundation, where the card comes from), first first.
    pub home: Vec<(u8, Source)>,
    /// Phase 1's last move, when it is this suit's: a stock card, and the pile it goes on
    /// (None: it waits in the Equator).
    pub last: Option<(Card, Option<u8>)>,
}

/// Pile state byte: below `COMPLETE` it is how many of the pile's present cards are rebuilt;
/// otherwise `COMPLETE | EXTENDED? | top rank`, or `DEAD` when nothing can land on it any more.
const COMPLETE: u8 = 0x80;
const EXTENDED: u8 = 0x10;
const DEAD: u8 = 0xFF;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    at: [u8; 2],
    piles: [u8; 24],
}

#[derive(Clone, Copy)]
struct Choice {
    child: State,
    cost: u8,
    event: bool,
    stream: u8,
    dest: Dest,
}

/// One suit's part of a position.
#[derive(Clone, Debug)]
pub struct SuitProblem {
    pub suit: Suit,
    pub streams: [Stream; 2],
    symmetric: bool,
    /// The Zodiac pile of each of this suit's piles, and its cards' ranks, base first.
    pub pile_z: [u8; 24],
    pub ranks: [[u8; 26]; 24],
    pub lens: [u8; 24],
    pub n: usize,
    /// Phase 1: cards may still be built on the piles.
    pub extend: bool,
    /// Bit r: a card of rank r of this suit is in the stock or the waste.
    pub talon: u16,
}

impl SuitProblem {
    /// The suit's part of `p`. None when its cards are not the ones its foundations miss (not a
    /// double deck) or a pile of this suit holds another suit.
    pub fn new(p: &Position, rules: &Rules, suit: Suit) -> Option<SuitProblem> {
        let s = suit as usize;
        let streams =
            [s, s + 4].map(|f| Stream::new(rules.foundations[f], p.foundation_len(f as u8)));
        let mut missing = [0i8; 14];
        for st in streams {
            for i in 0..st.len {
                missing[usize::from(st.rank(i))] += 1;
            }
        }
        let mut count = |c: Card| {
            if c.suit() == suit {
                missing[usize::from(c.rank())] -= 1;
            }
        };
        let mut problem = SuitProblem {
            suit,
            streams,
            symmetric: streams[0] == streams[1],
            pile_z: [0; 24],
            ranks: [[0; 26]; 24],
            lens: [0; 24],
            n: 0,
            extend: !(p.stock().is_empty() && p.waste().is_empty()),
            talon: 0,
        };
        for &c in p.stock().iter().chain(p.waste()) {
            count(c);
            if c.suit() == suit {
                problem.talon |= 1 << c.rank();
            }
        }
        (0..8).filter_map(|e| p.equator(e)).for_each(&mut count);
        for z in 0..24 {
            let pile = p.zodiac(z);
            pile.iter().copied().for_each(&mut count);
            if pile.first().is_none_or(|b| b.suit() != suit) {
                continue;
            }
            if pile.iter().any(|c| c.suit() != suit) || pile.len() > 26 {
                return None;
            }
            let k = problem.n;
            problem.pile_z[k] = z;
            problem.lens[k] = pile.len() as u8;
            for (i, c) in pile.iter().enumerate() {
                problem.ranks[k][i] = c.rank();
            }
            problem.n += 1;
        }
        missing.iter().all(|&m| m == 0).then_some(problem)
    }

    /// What a plan means on the table: the cards each pile gets in phase 1, in order, and
    /// phase 2's foundation moves, first first.
    pub fn expand(&self, plan: &SuitPlan) -> Layout {
        let mut layout = Layout::default();
        let mut rebuilt = [0u8; 24];
        let mut at = [0u8; 2];
        for &(stream, dest) in &plan.steps {
            let s = usize::from(stream);
            let card = Card::new(self.suit, self.streams[s].rank(at[s]));
            at[s] += 1;
            let from = match dest {
                Dest::Equator => Source::Equator(card),
                Dest::Pile(p) => {
                    let (p, z) = (usize::from(p), self.pile_z[usize::from(p)]);
                    if rebuilt[p] < self.lens[p] {
                        rebuilt[p] += 1;
                    } else {
                        match layout.builds.iter_mut().find(|(bz, _)| *bz == z) {
                            Some((_, cards)) => cards.push(card),
                            None => layout.builds.push((z, vec![card])),
                        }
                    }
                    Source::Zodiac(z)
                }
            };
            layout.home.push((self.foundation(stream), from));
        }
        layout.home.reverse();
        layout.last = plan.last.map(|last| match last {
            LastMove::Top(p) => {
                let z = self.pile_z[usize::from(p)];
                let (_, cards) = layout
                    .builds
                    .iter()
                    .find(|(bz, _)| *bz == z)
                    .expect("built");
                (*cards.last().expect("a built pile has cards"), Some(z))
            }
            LastMove::Equator(r) => (Card::new(self.suit, r), None),
        });
        layout
    }

    /// The foundation a stream belongs to.
    pub fn foundation(&self, stream: u8) -> u8 {
        self.suit as u8 + 4 * stream
    }

    /// Whether every pile's cards step by one rank, as piles built by play always do (the
    /// rank-by-rank method needs it).
    pub fn piles_step_by_one(&self) -> bool {
        (0..self.n).all(|p| {
            self.ranks[p][..usize::from(self.lens[p])]
                .windows(2)
                .all(|w| w[0].abs_diff(w[1]) == 1)
        })
    }
}
