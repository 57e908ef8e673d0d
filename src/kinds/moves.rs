//! The moves of every patience written as a file: generated, checked, played and taken back
//! exactly; the stock's click; a card left face down on a tableau pile turns up. Which cards
//! a pile gives and takes is `takes`.

use super::compiled::{Again, Click, Compiled, MAX_GATHERED, MAX_PILES};
use super::file::{Build, Empty, Kind, Moves, Rounds};
use super::position::{DOWN, Position};
use super::takes::{ALL_RANKS, empties, next_ranks, rank, run_limit, super_move, takes, takes_run};
pub use super::takes::{Illegal, most_cards};
pub use play::{newest_target, play, turn, undo};

mod play;

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
    /// The click gathered piles first (`Again::Gather`): how many cards each held.
    pub gathered: Option<[u8; MAX_GATHERED]>,
    /// Piles refilled after the move (`named::refill`): how many cards each took, in turn.
    pub refilled: [u8; super::named::REFILLS],
    /// Two single cards changed places (`named::SwapsToBase`).
    pub swapped: bool,
    /// The count of `named::DealtInTurns` before the move, where it changed it.
    pub turns: Option<u8>,
    /// The grid's places a `Click::Grid` dealt to (a bit a pile).
    pub filled: u128,
    /// The position before the move, where undoing it from what it says is not worth the
    /// lines: a redeal that shuffles, and any move of a file whose Aces go home as they
    /// are dealt (`named::AcesHomeWhenDealt`: the refill a move sets off sends them).
    pub before: Option<Position>,
}

/// The stock's click here, if it does anything: a turn, or turning the waste over.
fn stock_click(rules: &Compiled, p: &Position) -> Option<Step> {
    let stock = rules.stock?;
    if matches!(rules.click, Click::Nothing | Click::Open) {
        return None;
    }
    let click = Step {
        from: stock,
        to: rules.waste.unwrap_or(stock),
        count: 0,
    };
    let round_left = rules.round_left(p.round);
    // A redeal that shuffles is the click whenever a round is left and any card is out.
    if let Again::Gather {
        piles,
        shuffle: true,
        ..
    } = &rules.again
    {
        let any = !p.is_empty(stock) || piles.iter().any(|&q| !p.is_empty(q));
        return (round_left && any).then_some(click);
    }
    if !p.is_empty(stock) {
        // A grid stock's click deals nothing once the grid is full.
        let idle = matches!(&rules.click, Click::Grid { piles, columns }
            if super::grid::order(p, piles, usize::from(*columns), 1).is_empty());
        return (!rules.named.stock_waits(p) && !idle).then_some(click);
    }
    match &rules.again {
        Again::Nothing => None,
        Again::TurnWaste => {
            let waste = rules.waste?;
            (round_left && !p.is_empty(waste)).then_some(Step {
                from: waste,
                to: stock,
                count: 0,
            })
        }
        Again::Gather { piles, .. } => {
            (round_left && piles.iter().any(|&q| !p.is_empty(q))).then_some(click)
        }
    }
}

/// No card: no byte of a card is this.
const NONE: u8 = 0xff;

/// Every legal move, the stock's click first, then pile by pile, fewer cards first.
pub fn legal(rules: &Compiled, p: &Position, out: &mut Vec<Step>) {
    out.clear();
    out.extend(stock_click(rules, p));
    if !rules.takers.is_empty() {
        piles_moves(rules, p, out);
    }
    if rules.named.moves_cards() {
        super::named::legal(&rules.named, p, out);
    }
}

/// The moves of the piles' own kinds (where some pile takes cards).
fn piles_moves(rules: &Compiled, p: &Position, out: &mut Vec<Step>) {
    let count = rules.piles.len();
    // Each pile's length and top card, once (small arrays: this runs millions of times).
    let mut lens = [0u8; MAX_PILES];
    let mut tops = [NONE; MAX_PILES];
    for (i, (len, top)) in lens.iter_mut().zip(tops.iter_mut()).take(count).enumerate() {
        let pile = p.pile(i as u8);
        (*len, *top) = (pile.len() as u8, pile.last().copied().unwrap_or(NONE));
    }
    let top = |to: usize| (tops[to] != NONE).then_some(tops[to]);
    // For each rank, the piles that might take a card of it (a bit a pile).
    let mut wants = [0u128; 14];
    for &to in &rules.takers {
        let mut ranks = wanted_ranks(rules, p, to, top(usize::from(to)));
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
                let step = Step {
                    from: from as u8,
                    to: to as u8,
                    count: n as u8,
                };
                if rules.named.may_refuse() && rules.named.refuses(p, step).is_some() {
                    continue;
                }
                out.push(step);
            }
        }
    }
}

/// The ranks pile `to` (whose top card is `top`) might take by its own kind's rules, a bit a
/// rank: those its top card asks for, or its base when empty. A card of any other rank it
/// refuses (`takes` has the last word on the others); named rules that move cards are apart.
pub fn wanted_ranks(rules: &Compiled, p: &Position, to: u8, top: Option<u8>) -> u16 {
    let target = &rules.piles[usize::from(to)];
    match top {
        _ if target.build == Build::RanksOfPrevious => ALL_RANKS,
        Some(t) if t & DOWN != 0 || target.build == Build::Nothing => 0,
        Some(_) if target.build == Build::Any => ALL_RANKS,
        Some(t) => next_ranks(rank(t), target.dir, target.wrap, target.step),
        None => match target.empty {
            Empty::Any => ALL_RANKS,
            Empty::Nothing => 0,
            Empty::Rank(r) => 1 << r,
            Empty::FirstCard => 1 << p.base,
        },
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

/// Stuck: no move but idle ones and the waste's turning, and turning brings no card to the
/// waste that could go anywhere (as Klondike's rules say it).
pub fn is_stuck(rules: &Compiled, p: &Position) -> bool {
    let mut steps = Vec::new();
    legal(rules, p, &mut steps);
    if steps.iter().any(|&m| m.count > 0 && !is_idle(rules, p, m)) {
        return false;
    }
    let (Some(waste), Click::ToWaste(_)) = (rules.waste, &rules.click) else {
        // A click that deals to the table changes it.
        return stock_click(rules, p).is_none();
    };
    let mut q = *p;
    let limit = 2 * (p.len(waste) + rules.stock.map_or(0, |s| p.len(s))) + 4;
    for _ in 0..limit {
        legal(rules, &q, &mut steps);
        if steps.iter().any(|m| m.from == waste && m.count > 0) {
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
            _ if Some(m.from) == rules.stock
                && !p.is_empty(m.from)
                && rules.named.stock_waits(p) =>
            {
                Err(Illegal::SpacesFirst)
            }
            _ if Some(m.from) == rules.stock && matches!(rules.again, Again::Gather { .. }) => {
                Err(Illegal::NoMoreRounds)
            }
            _ if Some(m.from) == rules.stock => Err(Illegal::NothingThere),
            _ if !rules.stock.is_some_and(|s| p.is_empty(s)) => Err(Illegal::StockNotEmpty),
            _ => Err(Illegal::NoMoreRounds),
        };
    }
    if rules.named.claims(m) {
        return super::named::check(&rules.named, p, m);
    }
    if rules.named.swaps(p, m) {
        return Ok(());
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
    let closed_stock = Some(m.from) == rules.stock && rules.click != Click::Open;
    if source.moves == Moves::Nothing || closed_stock {
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
    if let Some(why) = rules.named.refuses(p, m) {
        return Err(why);
    }
    if source.moves == Moves::SuperMove {
        let most = super_move(rules, p, m.to);
        if n > most {
            return Err(Illegal::TooManyAtOnce(most));
        }
    }
    Ok(())
}

/// `named::AcesHomeWhenDealt`: the foundation an Ace dealt goes to (the first empty one of
/// its suit, as PySolFC asks its foundations in turn), or none for any other card.
pub fn ace_home(rules: &Compiled, p: &Position, byte: u8) -> Option<u8> {
    if !rules.named.aces_home || rank(byte & !DOWN) != 1 {
        return None;
    }
    let suit = crate::cards::Card::from_index(byte & !DOWN)?.suit();
    rules
        .foundations()
        .find(|&f| p.is_empty(f) && rules.piles[usize::from(f)].suit.is_none_or(|s| s == suit))
}

/// The stock, where its top card lies face up and plays.
fn open_stock(rules: &Compiled) -> Option<u8> {
    rules.stock.filter(|_| rules.click == Click::Open)
}

/// Every card is home (but those a named rule lets stay out, or lays on piles it fills).
pub fn is_won(rules: &Compiled, p: &Position) -> bool {
    let mut home: usize = rules.foundations().map(|f| p.len(f)).sum();
    if rules.named.full != 0 {
        if !rules
            .named
            .all_full(p, |q| rules.piles[usize::from(q)].max_cards)
        {
            return false;
        }
        home += (0..rules.piles.len() as u8)
            .filter(|&q| rules.named.full & (1 << q) != 0)
            .map(|q| p.len(q))
            .sum::<usize>();
    }
    home + usize::from(rules.named.left) >= rules.cards
}
