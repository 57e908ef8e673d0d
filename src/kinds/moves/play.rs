//! A move played and taken back exactly: what it changed that the move does not say is kept
//! in `Done` (cards turned, piles gathered or refilled, a swap, the grid's places dealt to).

use super::*;

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
        return crate::kinds::named::play(&rules.named, p, m);
    }
    if rules.named.swaps(p, m) {
        p.swap_tops(m.from, m.to);
        return Done {
            swapped: true,
            ..Done::default()
        };
    }
    let turns = crate::kinds::named::count_turn(&rules.named, p, rules.stock, m);
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
        refilled: crate::kinds::named::refill(
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
            let order = crate::kinds::grid::order(p, piles, usize::from(*columns), p.len(stock));
            order.iter().for_each(|&to| one(p, to));
            order.len() as u8
        }
        (Click::ToEach { piles, each, times }, _) if rules.named.aces_home => {
            let home = |p: &Position, b: u8| ace_home(rules, p, b);
            let mut n = 0u8;
            for _ in 0..*times {
                for &to in piles {
                    n += crate::kinds::named::deal_past_aces(p, stock, to, *each, &home);
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
                    let order = crate::kinds::grid::order(
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
        return crate::kinds::named::undo(&rules.named, p, m);
    }
    if done.swapped {
        return p.swap_tops(m.from, m.to);
    }
    if done.refilled[0] > 0 {
        crate::kinds::named::unrefill(
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
