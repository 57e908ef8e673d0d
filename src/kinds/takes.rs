//! Which cards may leave a pile and which a pile takes, from its kind's parameters, as
//! PySolFC's stacks say it: a pile takes cards when they are a run by its rule and the card
//! they go on (or, empty, its base) allows them. Why not, in words ([`Illegal`]).

use super::compiled::{Compiled, Pile};
use super::file::{Build, Dir, Empty, Kind, Moves, Takes};
use super::position::{DOWN, Position};
use std::fmt;

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    NoSuchPlace,
    NothingThere,
    FaceDown,
    StaysPut,
    NotARun,
    TooManyAtOnce(usize),
    DoesNotTake,
    Full,
    NotFromThere,
    DoesNotFit,
    NoMoreRounds,
    StockNotEmpty,
    /// The named rules' (`kinds::named`).
    NotAPair,
    NotBetweenMatches,
    NotThatFar,
    NoMatch,
    NotInFirstRound,
    NotOpenYet,
    NotOnItsBase,
    SpacesFirst,
    StillDealing,
    Blocked,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoSuchPlace => f.write_str("there is no such place"),
            Illegal::NothingThere => f.write_str("there is no card there"),
            Illegal::FaceDown => f.write_str("that card is face down"),
            Illegal::StaysPut => f.write_str("cards there stay where they are"),
            Illegal::NotARun => f.write_str("those cards are not a run that moves together"),
            Illegal::TooManyAtOnce(n) => write!(f, "only {n} cards can move at once now"),
            Illegal::DoesNotTake => f.write_str("nothing may be put there"),
            Illegal::Full => f.write_str("that place is full"),
            Illegal::NotFromThere => f.write_str("that place takes no cards from there"),
            Illegal::DoesNotFit => f.write_str("the card does not fit there"),
            Illegal::NoMoreRounds => f.write_str("the waste cannot be turned over again"),
            Illegal::StockNotEmpty => f.write_str("the stock is not empty yet"),
            Illegal::NotAPair => f.write_str("those two cards do not pair"),
            Illegal::NotBetweenMatches => {
                f.write_str("the cards on either side are of neither one suit nor one rank")
            }
            Illegal::NotThatFar => {
                f.write_str("a card goes only onto one a set number of places to its left")
            }
            Illegal::NoMatch => f.write_str("the two cards are of neither one suit nor one rank"),
            Illegal::NotInFirstRound => {
                f.write_str("that foundation takes no card from there in the first deal")
            }
            Illegal::NotOpenYet => {
                f.write_str("that place opens only once the one below it starts")
            }
            Illegal::NotOnItsBase => {
                f.write_str("that pile builds only on its row's first rank, and its card is not")
            }
            Illegal::SpacesFirst => f.write_str("the stock deals only once every space is filled"),
            Illegal::Blocked => f.write_str("that card is held by the cards above and below it"),
            Illegal::StillDealing => {
                f.write_str("the piles give nothing home until this turn of the stock is dealt")
            }
        }
    }
}

/// Each card byte's rank (1 Ace .. 13 King) and suit (♣ ♠ ♥ ♦), face up or down: a table,
/// not a division, in the generator's innermost loop.
const RANKS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = ((b & 0x7f) % 13) as u8 + 1;
        b += 1;
    }
    t
};
const SUITS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = ((b & 0x7f) / 13) as u8;
        b += 1;
    }
    t
};

pub(super) fn rank(byte: u8) -> u8 {
    RANKS[usize::from(byte)]
}

pub(super) fn suit(byte: u8) -> u8 {
    SUITS[usize::from(byte)]
}

/// ♣ ♠ black, ♥ ♦ red.
pub(super) fn red(byte: u8) -> bool {
    suit(byte) >= 2
}

pub(super) fn step_ok(lower: u8, upper: u8, dir: Dir, wrap: bool, step: u8) -> bool {
    next_ranks(rank(lower), dir, wrap, step) & (1 << rank(upper)) != 0
}

/// `upper` may lie on `lower` by a pile's rule.
pub(super) fn follows(pile: &Pile, dir: Dir, lower: u8, upper: u8) -> bool {
    let suits = match pile.build {
        Build::Nothing | Build::RanksOfPrevious => return false,
        Build::SameSuit => suit(lower) == suit(upper),
        Build::AlternateColour => red(lower) != red(upper),
        Build::SameColour => red(lower) == red(upper),
        Build::AnySuit => true,
        Build::AnySuitButOwn => suit(lower) != suit(upper),
        Build::Any => return true,
    };
    suits && step_ok(lower, upper, dir, pile.wrap, pile.step)
}

/// The top `n` cards of a pile are face up and a run by its rule (one way, for up or down).
pub(super) fn is_run(pile: &Pile, cards: &[u8]) -> bool {
    if cards.iter().any(|&b| b & DOWN != 0) {
        return false;
    }
    if cards.len() < 2 {
        return true;
    }
    let dirs: &[Dir] = match pile.dir {
        Dir::Either => &[Dir::Up, Dir::Down],
        ref d => std::slice::from_ref(d),
    };
    dirs.iter()
        .any(|&d| cards.windows(2).all(|w| follows(pile, d, w[0], w[1])))
}

/// The most cards a move from `from` may take now (before what the target allows).
pub fn most_cards(rules: &Compiled, p: &Position, from: u8) -> usize {
    let most = most_by_kind(rules, p, from);
    // A named rule keeps the bottom card where it is.
    if rules.named.keeps_bottom & (1 << from) != 0 {
        return most.min(p.len(from).saturating_sub(1));
    }
    most
}

fn most_by_kind(rules: &Compiled, p: &Position, from: u8) -> usize {
    let pile = &rules.piles[usize::from(from)];
    match pile.moves {
        Moves::Nothing => 0,
        Moves::One => 1,
        Moves::Run | Moves::SuperMove => {
            // Down from the top card while each card lies on the next by the pile's rule, one
            // way all along.
            let cards = p.pile(from);
            let len = cards.len();
            if len == 0 || cards[len - 1] & DOWN != 0 {
                return 0;
            }
            let mut n = 1;
            let mut dir = pile.dir;
            while n < len {
                let (lower, upper) = (cards[len - n - 1], cards[len - n]);
                if lower & DOWN != 0 {
                    break;
                }
                if dir == Dir::Either {
                    dir = if follows(pile, Dir::Up, lower, upper) {
                        Dir::Up
                    } else {
                        Dir::Down
                    };
                }
                if !follows(pile, dir, lower, upper) {
                    break;
                }
                n += 1;
            }
            n
        }
    }
}

/// FreeCell's run: one card more than the empty cells, doubled for each empty tableau pile
/// that takes any card, the target aside.
pub(super) fn super_move(rules: &Compiled, p: &Position, to: u8) -> usize {
    run_limit(
        empties(rules, p),
        &rules.piles[usize::from(to)],
        p.is_empty(to),
    )
}

/// FreeCell's run onto `target` (`empty` or not), given the empty cells and piles.
pub(super) fn run_limit((cells, piles): (usize, u32), target: &Pile, empty: bool) -> usize {
    let cell = usize::from(empty && target.kind == Kind::Cell && target.takes != Takes::Nothing);
    let pile = u32::from(empty && counts_empty(target));
    (cells - cell + 1) << (piles - pile).min(16)
}

/// Whether pile `to` takes the top `n` cards of `from`, and if not, why.
pub(super) fn takes(
    rules: &Compiled,
    p: &Position,
    from: u8,
    to: u8,
    n: usize,
) -> Result<(), Illegal> {
    let cards = p.pile(from);
    let target = p.pile(to);
    let top = target.last().copied();
    let source = &rules.piles[usize::from(from)];
    takes_run(
        rules,
        p,
        source,
        to,
        &cards[cards.len() - n..],
        target.len(),
        top,
    )
}

/// Whether pile `to` (holding `len` cards, `top` on top) takes `run` from a pile `source`,
/// and if not, why: what [`takes`] asks, and the move generator with what it knows already.
pub(super) fn takes_run(
    rules: &Compiled,
    p: &Position,
    source: &Pile,
    to: u8,
    run: &[u8],
    len: usize,
    top: Option<u8>,
) -> Result<(), Illegal> {
    let target = &rules.piles[usize::from(to)];
    let n = run.len();
    match target.takes {
        Takes::Nothing => return Err(Illegal::DoesNotTake),
        Takes::One if n != 1 => return Err(Illegal::TooManyAtOnce(1)),
        Takes::WholeRun if n != 13 => return Err(Illegal::NotARun),
        _ => {}
    }
    if target.from & (1 << source.group) == 0 {
        return Err(Illegal::NotFromThere);
    }
    if len + n > usize::from(target.max_cards) {
        return Err(Illegal::Full);
    }
    // Every caller passes a run the source's rule moves (`most_cards`): it is one of the
    // target's where they build alike.
    let alike = (source.build, source.dir, source.wrap) == (target.build, target.dir, target.wrap);
    if n > 1 && !alike && !is_run(target, run) {
        return Err(Illegal::NotARun);
    }
    let first = run[0];
    if target.build == Build::RanksOfPrevious {
        return ranks_of_previous(rules, p, to, first);
    }
    match top {
        Some(top) if top & DOWN != 0 => Err(Illegal::DoesNotFit),
        Some(top) => {
            let ok = match target.dir {
                Dir::Either if n > 1 => {
                    // The run goes on the way it runs.
                    let up = follows(target, Dir::Up, run[0], run[1]);
                    follows(target, if up { Dir::Up } else { Dir::Down }, top, first)
                }
                d => follows(target, d, top, first),
            };
            ok.then_some(()).ok_or(Illegal::DoesNotFit)
        }
        None => {
            let rank_ok = match target.empty {
                Empty::Any => true,
                Empty::Nothing => false,
                Empty::Rank(r) => rank(first) == r,
                Empty::FirstCard => rank(first) == p.base,
            };
            let suit_ok = target.suit.is_none_or(|s| s as u8 == suit(first));
            (rank_ok && suit_ok)
                .then_some(())
                .ok_or(Illegal::DoesNotFit)
        }
    }
}

/// Osmosis's foundations (`Build::RanksOfPrevious`).
pub(super) fn ranks_of_previous(
    rules: &Compiled,
    p: &Position,
    to: u8,
    card: u8,
) -> Result<(), Illegal> {
    let group = rules.piles[usize::from(to)].group;
    let previous = to
        .checked_sub(1)
        .filter(|&q| rules.piles[usize::from(q)].group == group);
    let ok = match (p.pile(to).first(), previous) {
        (None, None) => rules.piles[usize::from(to)].empty != Empty::Nothing,
        (None, Some(q)) => p.pile(q).first().is_some_and(|&b| rank(b) == rank(card)),
        (Some(&b), None) => suit(b) == suit(card),
        (Some(&b), Some(q)) => {
            suit(b) == suit(card) && p.pile(q).iter().any(|&c| rank(c) == rank(card))
        }
    };
    ok.then_some(()).ok_or(Illegal::DoesNotFit)
}

/// Every rank, a bit each (1 Ace .. 13 King).
pub(super) const ALL_RANKS: u16 = 0x3ffe;

/// The ranks that may go on a card of rank `r` going `dir`, `step` ranks apart, a bit each.
pub(crate) fn next_ranks(r: u8, dir: Dir, wrap: bool, step: u8) -> u16 {
    let (r, k) = (i16::from(r), i16::from(step));
    let bit = |n: i16| match n {
        1..=13 => 1u16 << n,
        _ if wrap => 1u16 << ((n - 1).rem_euclid(13) + 1),
        _ => 0,
    };
    let (up, down) = (bit(r + k), bit(r - k));
    match dir {
        Dir::Up => up,
        Dir::Down => down,
        Dir::Either => up | down,
    }
}

/// An empty tableau pile that takes any card doubles a run that may move (FreeCell's rule).
pub(super) fn counts_empty(pile: &Pile) -> bool {
    pile.kind == Kind::Tableau && pile.empty == Empty::Any && pile.takes != Takes::Nothing
}

/// The empty cells, and the empty tableau piles that take any card.
pub(super) fn empties(rules: &Compiled, p: &Position) -> (usize, u32) {
    let (mut cells, mut piles) = (0, 0);
    for (i, pile) in rules.piles.iter().enumerate() {
        if p.is_empty(i as u8) && pile.takes != Takes::Nothing {
            match pile.kind {
                Kind::Cell => cells += 1,
                _ if counts_empty(pile) => piles += 1,
                _ => {}
            }
        }
    }
    (cells, piles)
}
