//! The rules of every patience written as a file, from its piles' kinds: which cards may
//! leave a pile, which a pile takes, the stock's click; moves generated, checked, played and
//! taken back exactly. As PySolFC's stacks: a pile takes cards when they are a run by its rule
//! and the card they go on (or, empty, its base) allows them; a card left face down on a
//! tableau pile turns up.

use super::compiled::{Click, Compiled, Pile};
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

fn rank(byte: u8) -> u8 {
    (byte & !DOWN) % 13 + 1
}

fn suit(byte: u8) -> u8 {
    (byte & !DOWN) / 13
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
            let cards = p.pile(from);
            let mut n = 0;
            while n < cards.len() && is_run(pile, &cards[cards.len() - n - 1..]) {
                n += 1;
            }
            n
        }
    }
}

/// FreeCell's run: one card more than the empty cells, doubled for each empty tableau pile
/// that takes any card, the target aside.
fn super_move(rules: &Compiled, p: &Position, to: u8) -> usize {
    let (mut cells, mut piles) = (0usize, 0u32);
    for (i, pile) in rules.piles.iter().enumerate() {
        let i = i as u8;
        if i == to || !p.is_empty(i) || pile.takes == Takes::Nothing {
            continue;
        }
        match (pile.kind, pile.empty) {
            (Kind::Cell, _) => cells += 1,
            (Kind::Tableau, Empty::Any) => piles += 1,
            _ => {}
        }
    }
    (cells + 1) << piles.min(16)
}

/// Whether pile `to` takes the top `n` cards of `from`, and if not, why.
fn takes(rules: &Compiled, p: &Position, from: u8, to: u8, n: usize) -> Result<(), Illegal> {
    let (source, target) = (
        &rules.piles[usize::from(from)],
        &rules.piles[usize::from(to)],
    );
    let cards = p.pile(from);
    let run = &cards[cards.len() - n..];
    match target.takes {
        Takes::Nothing => return Err(Illegal::DoesNotTake),
        Takes::One if n != 1 => return Err(Illegal::TooManyAtOnce(1)),
        Takes::WholeRun if n != 13 => return Err(Illegal::NotARun),
        _ => {}
    }
    if target.from & (1 << source.group) == 0 {
        return Err(Illegal::NotFromThere);
    }
    if p.len(to) + n > usize::from(target.max_cards) {
        return Err(Illegal::Full);
    }
    if n > 1 && !is_run(target, run) {
        return Err(Illegal::NotARun);
    }
    let first = run[0];
    if target.build == Build::RanksOfPrevious {
        return ranks_of_previous(rules, p, to, first);
    }
    match p.top(to) {
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

/// Every legal move, the stock's click first, then pile by pile, fewer cards first.
pub fn legal(rules: &Compiled, p: &Position, out: &mut Vec<Step>) {
    out.clear();
    out.extend(stock_click(rules, p));
    for from in 0..rules.piles.len() as u8 {
        if p.top(from).is_none_or(|t| t & DOWN != 0) {
            continue;
        }
        let most = most_cards(rules, p, from);
        for n in 1..=most {
            for to in 0..rules.piles.len() as u8 {
                if to != from && takes(rules, p, from, to, n).is_ok() {
                    let ok = rules.piles[usize::from(from)].moves != Moves::SuperMove
                        || n <= super_move(rules, p, to);
                    if ok {
                        out.push(Step {
                            from,
                            to,
                            count: n as u8,
                        });
                    }
                }
            }
        }
    }
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
