//! The moves of every patience written as a file: generated, checked, played and taken back
//! exactly; the stock's click; a card left face down on a tableau pile turns up. Which cards
//! a pile gives and takes is `takes`.

use super::compiled::{Again, Click, Compiled, MAX_GATHERED, MAX_PILES};
use super::file::{Build, Empty, Kind, Moves, Rounds};
use super::position::{DOWN, Position};
use super::takes::{ALL_RANKS, empties, next_ranks, rank, run_limit, super_move, takes, takes_run};
pub use super::takes::{Illegal, most_cards};

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
    let round_left = match rules.rounds {
        Rounds::WithoutEnd => true,
        Rounds::Times(t) => p.round < t,
    };
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

/// Plays a move the rules allow.
pub fn play(rules: &Compiled, p: &mut Position, m: Step) -> Done {
    let shuffles = matches!(rules.again, Again::Gather { shuffle: true, .. });
    if rules.named.aces_home || shuffles && m.count == 0 {
        let before = *p;
        return Done {
            before: Some(before),
            ..play_once(rules, p, m)
        };
    }
    play_once(rules, p, m)
}

/// Plays a move, keeping what it changed that the move does not say.
fn play_once(rules: &Compiled, p: &mut Position, m: Step) -> Done {
    if m.count == 0 {
        if Some(m.from) == rules.stock {
            let gathered = match &rules.again {
                Again::Gather {
                    piles,
                    turn_over,
                    shuffle,
                } if p.is_empty(m.from) || *shuffle => {
                    let lens = gather(rules, p, m.from, piles, *turn_over);
                    if *shuffle {
                        let drawn = crate::cards::deal::shuffle_again(
                            p.seed,
                            u32::from(p.drawn),
                            p.pile_mut(m.from),
                        );
                        p.drawn = p.drawn.saturating_add(drawn as u16);
                    }
                    Some(lens)
                }
                _ => None,
            };
            // The grid's places dealt to, for undo (the position copied only for a grid: the
            // solver plays a click at many a node).
            let before = matches!(rules.click, Click::Grid { .. }).then_some(*p);
            let turned = turn(rules, p);
            let filled = match (&rules.click, before) {
                (Click::Grid { piles, .. }, Some(before)) => piles
                    .iter()
                    .filter(|&&q| p.len(q) > before.len(q))
                    .fold(0u128, |bits, &q| bits | 1 << q),
                _ => 0,
            };
            return Done {
                turned,
                gathered,
                filled,
                ..Done::default()
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
            turned: n as u8,
            ..Done::default()
        };
    }
    if rules.named.claims(m) {
        return super::named::play(&rules.named, p, m);
    }
    if rules.named.swaps(p, m) {
        p.swap_tops(m.from, m.to);
        return Done {
            swapped: true,
            ..Done::default()
        };
    }
    let turns = super::named::count_turn(&rules.named, p, rules.stock, m);
    p.shift(m.from, m.to, usize::from(m.count));
    // A tableau pile's card left face down turns up, and an open stock's next card.
    let opens = rules.piles[usize::from(m.from)].kind == Kind::Tableau
        || Some(m.from) == rules.stock && rules.click == Click::Open;
    let turns_up = opens && p.top(m.from).is_some_and(|t| t & DOWN != 0);
    if turns_up {
        p.flip_top(m.from);
    }
    Done {
        flipped: turns_up,
        turns,
        // A pile left empty refilled (a named rule), and so on: how many cards each took.
        refilled: super::named::refill(
            &rules.named,
            p,
            m.from,
            rules.stock,
            open_stock(rules),
            &|p, b| ace_home(rules, p, b),
        ),
        ..Done::default()
    }
}

/// Gathers `piles` into the empty stock, in order, each card by card from its top, face
/// down; then turns the stock over if asked, and counts a round. Returns each pile's length.
fn gather(
    rules: &Compiled,
    p: &mut Position,
    stock: u8,
    piles: &[u8],
    turn_over: bool,
) -> [u8; MAX_GATHERED] {
    let mut lens = [0u8; MAX_GATHERED];
    for (k, &q) in piles.iter().enumerate() {
        let len = p.len(q);
        // A shuffle's undo keeps the position before (it may gather more piles than this).
        if let Some(l) = lens.get_mut(k) {
            *l = len as u8;
        }
        for _ in 0..len {
            p.shift(q, stock, 1);
            // The compiler made sure the gathered piles' cards lie face up.
            p.flip_top(stock);
        }
    }
    if turn_over {
        p.reverse(stock);
    }
    if let Rounds::Times(_) = rules.rounds {
        p.round += 1;
    }
    lens
}

/// Takes a gather back: the stock's cards to their piles as they lay.
fn ungather(rules: &Compiled, p: &mut Position, stock: u8, lens: &[u8; MAX_GATHERED]) {
    let Again::Gather {
        piles, turn_over, ..
    } = &rules.again
    else {
        return;
    };
    if let Rounds::Times(_) = rules.rounds {
        p.round -= 1;
    }
    if *turn_over {
        p.reverse(stock);
    }
    for (&q, &len) in piles.iter().zip(lens).rev() {
        for _ in 0..len {
            p.flip_top(stock);
            p.shift(stock, q, 1);
        }
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
        (Click::ToNewest { .. }, _) => match newest_target(rules, p) {
            Some(to) => {
                one(p, to);
                1
            }
            None => 0,
        },
        (Click::Grid { piles, columns }, _) => {
            let order = super::grid::order(p, piles, usize::from(*columns), p.len(stock));
            order.iter().for_each(|&to| one(p, to));
            order.len() as u8
        }
        (Click::ToEach { piles, each, times }, _) if rules.named.aces_home => {
            let home = |p: &Position, b: u8| ace_home(rules, p, b);
            let mut n = 0u8;
            for _ in 0..*times {
                for &to in piles {
                    n += super::named::deal_past_aces(p, stock, to, *each, &home);
                }
            }
            n
        }
        (click @ Click::ToEach { .. }, _) => {
            let mut n = 0u8;
            for to in click.targets().take(p.len(stock)) {
                one(p, to);
                n += 1;
            }
            n
        }
        _ => 0,
    }
}

/// `Click::ToNewest`: the pile the stock's top card goes to, the newest pile, or for a card
/// of the rank that starts one, the first empty pile (none when the stock is empty).
pub fn newest_target(rules: &Compiled, p: &Position) -> Option<u8> {
    let (Click::ToNewest { piles, starts }, Some(stock)) = (&rules.click, rules.stock) else {
        return None;
    };
    let top = p.top(stock)?;
    let started = piles.iter().take_while(|&&q| !p.is_empty(q)).count();
    let to = if (top & !DOWN) % 13 + 1 == *starts {
        piles.get(started)
    } else {
        started.checked_sub(1).and_then(|i| piles.get(i))
    };
    to.copied()
}

/// Takes back a move just played, with what playing it changed.
pub fn undo(rules: &Compiled, p: &mut Position, m: Step, done: Done) {
    if let Some(before) = done.before {
        *p = before;
        return;
    }
    if m.count == 0 {
        if Some(m.from) == rules.stock {
            let back = |p: &mut Position, pile: u8| {
                p.flip_top(pile);
                p.shift(pile, m.from, 1);
            };
            match &rules.click {
                // The card went onto the newest pile, which it started or topped.
                Click::ToNewest { piles, .. } => {
                    if done.turned > 0
                        && let Some(&q) = piles.iter().rev().find(|&&q| !p.is_empty(q))
                    {
                        back(p, q);
                    }
                }
                click @ Click::ToEach { .. } => {
                    let targets: Vec<u8> = click.targets().take(usize::from(done.turned)).collect();
                    targets.iter().rev().for_each(|&pile| back(p, pile));
                }
                // The grid's places dealt to are those the click would deal to with them
                // empty again (each holds one card): found so, their cards go back in turn.
                Click::Grid { piles, columns } => {
                    let mut before = *p;
                    for &q in piles.iter().filter(|&&q| done.filled & (1 << q) != 0) {
                        before.shift(q, m.from, 1);
                    }
                    let order = super::grid::order(
                        &before,
                        piles,
                        usize::from(*columns),
                        usize::from(done.turned),
                    );
                    order.iter().rev().for_each(|&pile| back(p, pile));
                }
                _ => (0..done.turned).for_each(|_| back(p, m.to)),
            }
            if let Some(lens) = &done.gathered {
                ungather(rules, p, m.from, lens);
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
    if rules.named.claims(m) {
        return super::named::undo(&rules.named, p, m);
    }
    if done.swapped {
        return p.swap_tops(m.from, m.to);
    }
    if done.refilled[0] > 0 {
        super::named::unrefill(
            &rules.named,
            p,
            m.from,
            done.refilled,
            rules.stock,
            open_stock(rules),
        );
    }
    if done.flipped {
        p.flip_top(m.from);
    }
    p.shift(m.to, m.from, usize::from(m.count));
    if let Some(turns) = done.turns {
        p.turns = turns;
    }
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
