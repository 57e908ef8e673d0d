//! The rules of every patience written as a file, from its piles' kinds: which cards may
//! leave a pile, which a pile takes, the stock's click; moves generated, checked, played and
//! taken back exactly. As PySolFC's stacks: a pile takes cards when they are a run by its rule
//! and the card they go on (or, empty, its base) allows them; a card left face down on a
//! tableau pile turns up.

use super::compiled::{Click, Compiled, MAX_PILES, Pile};
use super::file::{Build, Dir, Empty, Kind, Moves, Rounds, Takes};
use super::position::{DOWN, Position};
use std::fmt;

/// A move by piles: `count` cards from `from` onto `to`. The stock's click is from the stock to
/// the waste, and turning the waste over from the waste to the stock, both with no count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
    pub count: u8,
}

/// What playing a move changed that the move does not say, to take it back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Done {
    /// The card it uncovered turned face up.
    pub flipped: bool,
    /// Cards the stock's click (or turning the waste over) moved.
    pub turned: u8,
}

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

fn rank(byte: u8) -> u8 {
    RANKS[usize::from(byte)]
}

fn suit(byte: u8) -> u8 {
    SUITS[usize::from(byte)]
}

/// ♣ ♠ black, ♥ ♦ red.
fn red(byte: u8) -> bool {
    suit(byte) >= 2
}

fn step_ok(lower: u8, upper: u8, dir: Dir, wrap: bool) -> bool {
    let (l, u) = (rank(lower), rank(upper));
    let up = u == l + 1 || (wrap && l == 13 && u == 1);
    let down = u + 1 == l || (wrap && l == 1 && u == 13);
    match dir {
        Dir::Up => up,
        Dir::Down => down,
        Dir::Either => up || down,
    }
}

/// `upper` may lie on `lower` by a pile's rule.
fn follows(pile: &Pile, dir: Dir, lower: u8, upper: u8) -> bool {
    let suits = match pile.build {
        Build::Nothing | Build::RanksOfPrevious => return false,
        Build::SameSuit => suit(lower) == suit(upper),
        Build::AlternateColour => red(lower) != red(upper),
        Build::SameColour => red(lower) == red(upper),
        Build::AnySuit => true,
        Build::AnySuitButOwn => suit(lower) != suit(upper),
    };
    suits && step_ok(lower, upper, dir, pile.wrap)
}

/// The top `n` cards of a pile are face up and a run by its rule (one way, for up or down).
fn is_run(pile: &Pile, cards: &[u8]) -> bool {
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
fn super_move(rules: &Compiled, p: &Position, to: u8) -> usize {
    run_limit(
        empties(rules, p),
        &rules.piles[usize::from(to)],
        p.is_empty(to),
    )
}

/// FreeCell's run onto `target` (`empty` or not), given the empty cells and piles.
fn run_limit((cells, piles): (usize, u32), target: &Pile, empty: bool) -> usize {
    let cell = usize::from(empty && target.kind == Kind::Cell && target.takes != Takes::Nothing);
    let pile = u32::from(empty && counts_empty(target));
    (cells - cell + 1) << (piles - pile).min(16)
}

/// Whether pile `to` takes the top `n` cards of `from`, and if not, why.
fn takes(rules: &Compiled, p: &Position, from: u8, to: u8, n: usize) -> Result<(), Illegal> {
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
fn takes_run(
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
fn ranks_of_previous(rules: &Compiled, p: &Position, to: u8, card: u8) -> Result<(), Illegal> {
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

/// The stock's click here, if it does anything: a turn, or turning the waste over.
fn stock_click(rules: &Compiled, p: &Position) -> Option<Step> {
    let stock = rules.stock?;
    if rules.click == Click::Nothing {
        return None;
    }
    if !p.is_empty(stock) {
        return Some(Step {
            from: stock,
            to: rules.waste.unwrap_or(stock),
            count: 0,
        });
    }
    let waste = rules.waste?;
    let again = match rules.rounds {
        Rounds::WithoutEnd => true,
        Rounds::Times(t) => p.round < t,
    };
    (again && !p.is_empty(waste)).then_some(Step {
        from: waste,
        to: stock,
        count: 0,
    })
}

/// Every rank, a bit each (1 Ace .. 13 King).
const ALL_RANKS: u16 = 0x3ffe;

/// The ranks that may go on a card of rank `r` going `dir`, a bit each.
fn next_ranks(r: u8, dir: Dir, wrap: bool) -> u16 {
    let up = match r {
        13 if wrap => 1 << 1,
        13 => 0,
        r => 1 << (r + 1),
    };
    let down = match r {
        1 if wrap => 1 << 13,
        1 => 0,
        r => 1 << (r - 1),
    };
    match dir {
        Dir::Up => up,
        Dir::Down => down,
        Dir::Either => up | down,
    }
}

/// No card: no byte of a card is this.
const NONE: u8 = 0xff;

/// Every legal move, the stock's click first, then pile by pile, fewer cards first.
pub fn legal(rules: &Compiled, p: &Position, out: &mut Vec<Step>) {
    out.clear();
    out.extend(stock_click(rules, p));
    let count = rules.piles.len();
    // Each pile's length and top card, once (small arrays: this runs millions of times).
    let mut lens = [0u8; MAX_PILES];
    let mut tops = [NONE; MAX_PILES];
    for (i, (len, top)) in lens.iter_mut().zip(tops.iter_mut()).take(count).enumerate() {
        let pile = p.pile(i as u8);
        (*len, *top) = (pile.len() as u8, pile.last().copied().unwrap_or(NONE));
    }
    let top = |to: usize| (tops[to] != NONE).then_some(tops[to]);
    // For each rank, the piles that might take a card of it (a bit a pile): the rank their
    // top card asks for, or their base when empty.
    let mut wants = [0u128; 14];
    for &to in &rules.takers {
        let target = &rules.piles[usize::from(to)];
        let ranks: u16 = match top(usize::from(to)) {
            _ if target.build == Build::RanksOfPrevious => ALL_RANKS,
            Some(t) if t & DOWN != 0 || target.build == Build::Nothing => 0,
            Some(t) => next_ranks(rank(t), target.dir, target.wrap),
            None => match target.empty {
                Empty::Any => ALL_RANKS,
                Empty::Nothing => 0,
                Empty::Rank(r) => 1 << r,
                Empty::FirstCard => 1 << p.base,
            },
        };
        let mut ranks = ranks;
        while ranks != 0 {
            wants[ranks.trailing_zeros() as usize] |= 1u128 << to;
            ranks &= ranks - 1;
        }
    }
    // Empty cells and empty tableau piles, for a run that moves through them (counted once).
    let mut free = None;
    for from in 0..count {
        if top(from).is_none_or(|t| t & DOWN != 0) {
            continue;
        }
        let source = &rules.piles[from];
        let cards = p.pile(from as u8);
        for n in 1..=most_cards(rules, p, from as u8) {
            let run = &cards[cards.len() - n..];
            // Only the piles that could take a card of this rank are asked.
            let mut asked = wants[usize::from(rank(run[0]))] & !(1u128 << from);
            while asked != 0 {
                let to = asked.trailing_zeros() as usize;
                asked &= asked - 1;
                let target = &rules.piles[to];
                if takes_run(rules, p, source, to as u8, run, lens[to].into(), top(to)).is_err() {
                    continue;
                }
                if source.moves == Moves::SuperMove {
                    let free = *free.get_or_insert_with(|| empties(rules, p));
                    if n > run_limit(free, target, lens[to] == 0) {
                        continue;
                    }
                }
                out.push(Step {
                    from: from as u8,
                    to: to as u8,
                    count: n as u8,
                });
            }
        }
    }
}

/// An empty tableau pile that takes any card doubles a run that may move (FreeCell's rule).
fn counts_empty(pile: &Pile) -> bool {
    pile.kind == Kind::Tableau && pile.empty == Empty::Any && pile.takes != Takes::Nothing
}

/// The empty cells, and the empty tableau piles that take any card.
fn empties(rules: &Compiled, p: &Position) -> (usize, u32) {
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

/// Whether a move changes nothing that matters: a whole pile into an empty one of its group
/// (the same pile, elsewhere).
pub fn is_idle(rules: &Compiled, p: &Position, m: Step) -> bool {
    m.count > 0
        && usize::from(m.count) == p.len(m.from)
        && p.is_empty(m.to)
        && rules.piles[usize::from(m.from)].group == rules.piles[usize::from(m.to)].group
}

/// Whether a move from `from` is legal (after the stock's click, which is not asked).
fn moves_from(rules: &Compiled, p: &Position, from: u8, idle_too: bool) -> bool {
    p.top(from).is_some_and(|t| t & DOWN == 0)
        && (1..=most_cards(rules, p, from)).any(|n| {
            (0..rules.piles.len() as u8).any(|to| {
                let m = Step {
                    from,
                    to,
                    count: n as u8,
                };
                to != from
                    && takes(rules, p, from, to, n).is_ok()
                    && (rules.piles[usize::from(from)].moves != Moves::SuperMove
                        || n <= super_move(rules, p, to))
                    && (idle_too || !is_idle(rules, p, m))
            })
        })
}

/// Stuck: no move but idle ones and the waste's turning, and turning brings no card to the
/// waste that could go anywhere (as Klondike's rules say it).
pub fn is_stuck(rules: &Compiled, p: &Position) -> bool {
    if (0..rules.piles.len() as u8).any(|from| moves_from(rules, p, from, false)) {
        return false;
    }
    let (Some(waste), Click::ToWaste(_)) = (rules.waste, &rules.click) else {
        // A click that deals to the table changes it.
        return stock_click(rules, p).is_none();
    };
    let mut q = *p;
    let limit = 2 * (p.len(waste) + rules.stock.map_or(0, |s| p.len(s))) + 4;
    for _ in 0..limit {
        if moves_from(rules, &q, waste, true) {
            return false;
        }
        let Some(click) = stock_click(rules, &q) else {
            return true;
        };
        play(rules, &mut q, click);
    }
    true
}

/// Whether the rules allow a move, and if not, why.
pub fn check(rules: &Compiled, p: &Position, m: Step) -> Result<(), Illegal> {
    let piles = rules.piles.len() as u8;
    if m.from >= piles || m.to >= piles || (m.from == m.to && m.count > 0) {
        return Err(Illegal::NoSuchPlace);
    }
    if m.count == 0 {
        return match stock_click(rules, p) {
            Some(s) if s == m => Ok(()),
            _ if Some(m.from) == rules.stock => Err(Illegal::NothingThere),
            _ if !rules.stock.is_some_and(|s| p.is_empty(s)) => Err(Illegal::StockNotEmpty),
            _ => Err(Illegal::NoMoreRounds),
        };
    }
    let n = usize::from(m.count);
    if p.len(m.from) < n {
        return Err(Illegal::NothingThere);
    }
    let run = &p.pile(m.from)[p.len(m.from) - n..];
    if run.iter().any(|&b| b & DOWN != 0) {
        return Err(Illegal::FaceDown);
    }
    let source = &rules.piles[usize::from(m.from)];
    if source.moves == Moves::Nothing || Some(m.from) == rules.stock {
        return Err(Illegal::StaysPut);
    }
    if n > most_cards(rules, p, m.from) {
        return Err(if source.moves == Moves::One {
            Illegal::TooManyAtOnce(1)
        } else {
            Illegal::NotARun
        });
    }
    takes(rules, p, m.from, m.to, n)?;
    if source.moves == Moves::SuperMove {
        let most = super_move(rules, p, m.to);
        if n > most {
            return Err(Illegal::TooManyAtOnce(most));
        }
    }
    Ok(())
}

/// Plays a move the rules allow.
pub fn play(rules: &Compiled, p: &mut Position, m: Step) -> Done {
    if m.count == 0 {
        if Some(m.from) == rules.stock {
            return Done {
                flipped: false,
                turned: turn(rules, p),
            };
        }
        // The waste turned over: its cards back to the stock face down, the first on top.
        let n = p.len(m.from);
        for _ in 0..n {
            p.shift(m.from, m.to, 1);
            p.flip_top(m.to);
        }
        // Without end, the rounds are not counted: a position is the same in any of them.
        if let Rounds::Times(_) = rules.rounds {
            p.round += 1;
        }
        return Done {
            flipped: false,
            turned: n as u8,
        };
    }
    p.shift(m.from, m.to, usize::from(m.count));
    let turns_up = rules.piles[usize::from(m.from)].kind == Kind::Tableau
        && p.top(m.from).is_some_and(|t| t & DOWN != 0);
    if turns_up {
        p.flip_top(m.from);
    }
    Done {
        flipped: turns_up,
        turned: 0,
    }
}

/// The stock's click: its next cards, one by one, face up onto the waste or onto each pile
/// of a group. Returns how many.
pub fn turn(rules: &Compiled, p: &mut Position) -> u8 {
    let Some(stock) = rules.stock else { return 0 };
    let one = |p: &mut Position, to: u8| {
        p.shift(stock, to, 1);
        p.flip_top(to);
    };
    match (&rules.click, rules.waste) {
        (Click::ToWaste(n), Some(waste)) => {
            let n = usize::from(*n).min(p.len(stock));
            (0..n).for_each(|_| one(p, waste));
            n as u8
        }
        (Click::ToEach(piles), _) => {
            let n = piles.len().min(p.len(stock));
            piles[..n].iter().for_each(|&to| one(p, to));
            n as u8
        }
        _ => 0,
    }
}

/// Takes back a move just played, with what playing it changed.
pub fn undo(rules: &Compiled, p: &mut Position, m: Step, done: Done) {
    if m.count == 0 {
        if Some(m.from) == rules.stock {
            let back = |p: &mut Position, pile: u8| {
                p.flip_top(pile);
                p.shift(pile, m.from, 1);
            };
            match &rules.click {
                Click::ToEach(piles) => piles[..usize::from(done.turned)]
                    .iter()
                    .rev()
                    .for_each(|&pile| back(p, pile)),
                _ => (0..done.turned).for_each(|_| back(p, m.to)),
            }
        } else {
            if let Rounds::Times(_) = rules.rounds {
                p.round -= 1;
            }
            for _ in 0..done.turned {
                p.flip_top(m.to);
                p.shift(m.to, m.from, 1);
            }
        }
        return;
    }
    if done.flipped {
        p.flip_top(m.from);
    }
    p.shift(m.to, m.from, usize::from(m.count));
}

/// Every card is home.
pub fn is_won(rules: &Compiled, p: &Position) -> bool {
    rules.foundations().map(|f| p.len(f)).sum::<usize>() == rules.cards
}
