//! Rule 8 of `prune`: a card onto the row pile that waits for it (with rule 1's switch).
//!
//! Where rows are built on their base (`TakesOnItsBase`: by suit, one way, a card at a time, every
//! pile of the group alike), no redeal gathers, nothing refills and every card must be
//! placed to win. A card `c` on top of a pile that takes nothing and no rule looks at (a
//! reserve) goes at once onto a row pile of the one group whose piles alone could ever take
//! it (never on an empty one: `c` is not its base rank), when the piles that take `c` now
//! are at least as many as the copies of `c` not yet on a pile of that group started on its
//! base; or to a foundation that gathers every copy of its rank (Aces), where no other pile
//! could ever take it. Argument: a win `L` must place `c`. A move of a row pile's top card
//! onto another pile of its group, or of a pile's only card into an empty one, or a swap of
//! two base cards there, only exchanges two piles alike (their cards are fixed by suit and
//! height), so `L` may be taken without them. Nothing goes on a pile waiting for `c` but a
//! copy of `c`. If `L` puts `c` on some such pile at `t` and no copy went on one before,
//! the pile we chose still waits at `t` and is alike to `L`'s: `L'` = this move, then `L`
//! without its move at `t`. If a copy went first onto one at `u < t`, there were two
//! piles waiting now (the count), and `L'` puts that copy at `u` on the other. Cards the
//! stock deals onto `c` in `L` lie in `L'` on the card below it and move the same; the card
//! below is free earlier, which only adds moves; no row pile empties or fills differently,
//! so the stock's wait for the spaces and the win see the same rows. For an Ace: `L` sends
//! it home some time, and its foundation takes every copy in any order. Without the count
//! (`Mutant::BuildAlone`) a copy still in a row's wrong place may need that pile: caught.

use super::Prune;
use crate::kinds::compiled::{Again, Click, Compiled};
use crate::kinds::file::{Build, Dir, Empty, Kind, Moves, Takes};
use crate::kinds::position::{DOWN, Position};
use crate::kinds::takes::{follows, next_ranks, rank, suit};
use crate::kinds::{Step, moves};

/// What rule 8 needs of a file, worked out once.
#[derive(Clone, Debug)]
pub(super) struct Rows {
    /// The piles a card is sent from: they take nothing and no rule looks at them.
    sources: u128,
    /// For each card, where it may go at once: onto a row pile of a group whose piles alone
    /// could ever take it (`Row(group)`), or to a foundation that gathers its rank (`Home`).
    goes: [Option<Goes>; 52],
    /// The row piles of each group, a bit a pile (by group number), so that a card's group is
    /// not looked for among every pile.
    members: Vec<u128>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Goes {
    Row(u8),
    Home,
}

impl Rows {
    pub(super) fn new(rules: &Compiled) -> Option<Rows> {
        let named = &rules.named;
        // Only the rules of rows: no line, pairs or refills, no redeal that gathers.
        if named.on_base == 0
            || named.left != 0
            || named.line.is_some()
            || named.pairs != 0
            || !named.refill.is_empty()
            || !named.first_round.is_empty()
            || !named.opens_with.is_empty()
            || named.keeps_bottom != 0
            || matches!(rules.again, Again::Gather { .. })
            || matches!(rules.click, Click::ToNewest { .. })
        {
            return None;
        }
        let piles = &rules.piles;
        let looked_at = named.on_base | named.swaps | named.no_space | named.full;
        let sources = (0..piles.len())
            .filter(|&q| {
                let p = &piles[q];
                p.kind == Kind::Tableau
                    && p.takes == Takes::Nothing
                    && p.moves != Moves::Nothing
                    && looked_at & (1 << q) == 0
            })
            .fold(0u128, |bits, q| bits | 1 << q);
        // A group of rows: built by suit one way from its base, a card at a time, every pile
        // of it alike and on its base.
        let rows_group = |g: u8| {
            let members: Vec<&_> = piles.iter().filter(|p| p.group == g).collect();
            let first = members[0];
            let all_based = (0..piles.len())
                .filter(|&q| piles[q].group == g)
                .all(|q| named.on_base & (1 << q) != 0);
            all_based
                && first.build == Build::SameSuit
                && matches!(first.dir, Dir::Up | Dir::Down)
                && first.takes == Takes::One
                && !first.wrap
                && matches!(first.empty, Empty::Rank(_))
                && members.iter().all(|p| {
                    (p.build, p.dir, p.step, p.empty, p.max_cards, p.moves)
                        == (
                            first.build,
                            first.dir,
                            first.step,
                            first.empty,
                            first.max_cards,
                            first.moves,
                        )
                })
                && rules
                    .click
                    .targets()
                    .all(|t| piles[usize::from(t)].group != g)
        };
        // A foundation that gathers one rank, every copy, and gives none back.
        let gathers = |q: usize, r: u8| {
            let p = &piles[q];
            p.kind == Kind::Foundation
                && p.step == 0
                && p.takes == Takes::One
                && p.moves == Moves::Nothing
                && p.empty == Empty::Rank(r)
                && matches!(p.build, Build::AnySuit | Build::SameSuit)
                && usize::from(p.max_cards)
                    >= usize::from(rules.decks) * if p.build == Build::AnySuit { 4 } else { 1 }
        };
        let mut goes = [None; 52];
        for (c, slot) in goes.iter_mut().enumerate() {
            let c = c as u8;
            // Every pile that could ever take `c`: by its build on some card, or empty.
            let takers: Vec<usize> = (0..piles.len())
                .filter(|&q| {
                    let p = &piles[q];
                    if Some(q as u8) == rules.stock || p.takes == Takes::Nothing {
                        return false;
                    }
                    let dirs: &[Dir] = match p.dir {
                        Dir::Either => &[Dir::Up, Dir::Down],
                        ref d => std::slice::from_ref(d),
                    };
                    let builds = matches!(p.build, Build::Any | Build::RanksOfPrevious)
                        || (0..52u8).any(|lower| dirs.iter().any(|&d| follows(p, d, lower, c)));
                    match p.empty {
                        Empty::Any | Empty::FirstCard => true,
                        // Started on its base: only the ranks its build reaches from there.
                        Empty::Rank(r) => {
                            let ranks = reached(r, p.dir, p.wrap, p.step);
                            ranks & (1 << rank(c)) != 0 && (rank(c) == r || builds)
                        }
                        // Dealt cards may be anything.
                        Empty::Nothing => builds,
                    }
                })
                .collect();
            let Some(&first) = takers.first() else {
                continue;
            };
            let g = piles[first].group;
            if takers.iter().all(|&q| gathers(q, rank(c))) {
                *slot = Some(Goes::Home);
            } else if takers.iter().all(|&q| piles[q].group == g)
                && rows_group(g)
                && !matches!(piles[first].empty, Empty::Rank(r) if r == rank(c))
            {
                *slot = Some(Goes::Row(g));
            }
        }
        let group_of: Vec<Option<u8>> = (0..piles.len())
            .map(|q| (named.on_base & (1 << q) != 0).then_some(piles[q].group))
            .collect();
        let mut members = vec![0u128; piles.iter().map(|p| usize::from(p.group) + 1).max()?];
        for (q, g) in group_of.iter().enumerate() {
            if let Some(g) = g {
                members[usize::from(*g)] |= 1 << q;
            }
        }
        Some(Rows {
            sources,
            goes,
            members,
        })
    }
}

impl Prune {
    /// Rule 8: a card from a pile that takes nothing onto the row pile that waits for it,
    /// when those that take it now are as many as its copies not yet on a row pile of its
    /// own (or to a foundation that gathers its rank).
    pub(super) fn safe_build(&self, rules: &Compiled, p: &Position) -> Option<Step> {
        let rows = self.rows.as_ref()?;
        // Each group's cards that some pile of it takes now, worked out once a call for the
        // groups asked (`known`): a source whose card no pile takes, nearly every one, then
        // costs a test instead of a look at each pile of its group.
        let mut open = [0u64; 32];
        let mut known = 0u32;
        let mut bits = rows.sources;
        while bits != 0 {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let Some(c) = p.top(s).filter(|b| b & DOWN == 0) else {
                continue;
            };
            let to = |q: u8| Step {
                from: s,
                to: q,
                count: 1,
            };
            match rows.goes[usize::from(c)] {
                Some(Goes::Home) => {
                    let home = self.homes.iter().map(|&h| to(h));
                    if let Some(m) = home.clone().find(|&m| moves::check(rules, p, m).is_ok()) {
                        return Some(m);
                    }
                }
                Some(Goes::Row(g)) => {
                    let gi = usize::from(g);
                    if gi < open.len() {
                        if known & (1 << gi) == 0 {
                            open[gi] = taken_now(rules, p, rows.members.get(gi).copied());
                            known |= 1 << gi;
                        }
                        if open[gi] & (1 << c) == 0 {
                            continue;
                        }
                    }
                    // The group's piles on their base whose top card `c` goes on (a build by
                    // suit, one way, as `Rows::new` made sure), not full.
                    let takes = |q: u8| {
                        let pile = &rules.piles[usize::from(q)];
                        open_top(rules, p, q).is_some_and(|top| {
                            suit(top) == suit(c)
                                && next_ranks(rank(top), pile.dir, false, pile.step)
                                    & (1 << rank(c))
                                    != 0
                        })
                    };
                    let mut takes_now = 0;
                    let mut first = None;
                    let mut group = rows.members.get(usize::from(g)).copied().unwrap_or(0);
                    while group != 0 {
                        let q = group.trailing_zeros() as u8;
                        group &= group - 1;
                        if takes(q) {
                            takes_now += 1;
                            first = first.or(Some(q));
                        }
                    }
                    let Some(first) = first else {
                        continue;
                    };
                    // The copies of `c` not yet on a row pile of their own (on its base): all
                    // its copies (one run of bytes, every pile's) less those on the group's
                    // piles on their base, which are the only row piles of their own.
                    // (A card is never in the position more often than the packs hold it.)
                    if takes_now >= usize::from(rules.decks) {
                        return Some(to(first));
                    }
                    // Counted in a byte, which the compiler does sixteen or more at a time.
                    let copies = |cards: &[u8]| {
                        usize::from(
                            cards
                                .iter()
                                .fold(0u8, |n, &b| n.wrapping_add(u8::from(b & !DOWN == c))),
                        )
                    };
                    let mut on_rows = 0;
                    let mut group = rows.members.get(usize::from(g)).copied().unwrap_or(0);
                    while group != 0 {
                        let q = group.trailing_zeros() as u8;
                        group &= group - 1;
                        let cards = p.pile(q);
                        if cards
                            .first()
                            .is_some_and(|&b| rank(b) == rules.named.base[usize::from(q)])
                        {
                            on_rows += copies(cards);
                        }
                    }
                    let out = copies(p.cards()) - on_rows;
                    if takes_now >= out || self.mutant == Some(super::Mutant::BuildAlone) {
                        return Some(to(first));
                    }
                }
                None => {}
            }
        }
        None
    }
}

/// The cards the row piles `members` (a bit a pile) take now, a bit a card: those of a pile
/// that may take a card now (`open_top`) whose top card they follow by suit (as
/// `safe_build`'s `takes` asks of one pile and one card).
fn taken_now(rules: &Compiled, p: &Position, members: Option<u128>) -> u64 {
    let mut cards = 0u64;
    let mut group = members.unwrap_or(0);
    while group != 0 {
        let q = group.trailing_zeros() as u8;
        group &= group - 1;
        let pile = &rules.piles[usize::from(q)];
        let Some(top) = open_top(rules, p, q) else {
            continue;
        };
        let mut ranks = next_ranks(rank(top), pile.dir, false, pile.step);
        while ranks != 0 {
            let r = ranks.trailing_zeros() as u8;
            ranks &= ranks - 1;
            cards |= 1 << (suit(top) * 13 + r - 1);
        }
    }
    cards
}

/// The top card of row pile `q` if it may take a card now: the pile on its base, not full,
/// its top face up.
fn open_top(rules: &Compiled, p: &Position, q: u8) -> Option<u8> {
    let on = p.pile(q);
    let (&bottom, &top) = (on.first()?, on.last()?);
    (rank(bottom) == rules.named.base[usize::from(q)]
        && on.len() < usize::from(rules.piles[usize::from(q)].max_cards)
        && top & DOWN == 0)
        .then_some(top)
}

/// The ranks a pile started on rank `r` may ever hold, building by its steps (a bit a rank).
fn reached(r: u8, dir: Dir, wrap: bool, step: u8) -> u16 {
    let mut ranks = 1u16 << r;
    let mut frontier = ranks;
    while frontier != 0 {
        let mut next = 0u16;
        for k in 1..=13u8 {
            if frontier & (1 << k) != 0 {
                next |= next_ranks(k, dir, wrap, step);
            }
        }
        frontier = next & !ranks;
        ranks |= next;
    }
    ranks
}
