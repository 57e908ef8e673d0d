//! Between the rules' positions and the solver's: a position's solver form, and a line of the
//! solver's moves made into the rules' own moves (the twin swaps the solver leaves out put
//! back), replayed by the rules before it is given.

use super::Verdict;
use super::state::{ALL, Act, State, Table, bit, card, suit};
use crate::cards::Card;
use crate::klondike::moves::Move;
use crate::klondike::position::Position;
use crate::klondike::ruleset::Rules;

/// The solver's form of `p`: `None` for a position play cannot reach (a column's face-up
/// cards out of sequence, a card twice or missing), which the solver's reasoning does not
/// cover.
pub fn abstract_of(p: &Position, rules: &Rules) -> Option<(Table, State)> {
    let mut table = Table::empty(*rules);
    let mut s = State {
        visible: 0,
        talon: 0,
        pile: [0; 7],
        home: [0; 4],
        turned: 0,
        pass: p.pass(),
        places: 0,
        code: 0,
    };
    let mut seen = 0u64;
    let mut add = |b: u8| {
        let fresh = seen & (1 << b) == 0;
        seen |= 1 << b;
        fresh
    };
    for c in 0..7u8 {
        let cards = p.column(c);
        if cards.is_empty() {
            continue;
        }
        let down = usize::from(p.face_down(c));
        if down + 1 > 7 {
            return None;
        }
        let run = &cards[down..];
        if run.windows(2).any(|w| !builds_on(w[1], w[0])) {
            return None;
        }
        for (i, &x) in cards[..=down].iter().enumerate() {
            table.piles[usize::from(c)][i] = bit(x);
        }
        s.pile[usize::from(c)] = down as u8 + 1;
        for &x in cards {
            if !add(bit(x)) {
                return None;
            }
        }
        for &x in run {
            s.visible |= 1 << bit(x);
        }
    }
    // The talon in the order it turns up: the waste from its bottom, then the stock from its
    // top.
    let talon = p.waste().iter().chain(p.stock().iter().rev());
    for &x in talon {
        if !add(bit(x)) {
            return None;
        }
        table.talon[usize::from(table.talon_len)] = bit(x);
        s.talon |= 1 << bit(x);
        s.places |= 1 << table.talon_len;
        table.talon_len += 1;
    }
    s.turned = p.waste().len() as u8;
    table.index(s.pile);
    for f in 0..4u8 {
        s.home[usize::from(f)] = p.foundation_len(f);
        for r in 0..p.foundation_len(f) {
            if !add(4 * r + f) {
                return None;
            }
        }
    }
    s.code = s.code_of(&table);
    (seen == ALL).then_some((table, s))
}

fn red(c: Card) -> bool {
    c.suit() as u8 >= 2
}

fn builds_on(card: Card, under: Card) -> bool {
    card.rank() + 1 == under.rank() && red(card) != red(under)
}

/// The line of the rules' moves that plays `acts` from `p` and then every card home, as a
/// verdict: `Winnable` once the rules have replayed it to a win.
pub fn concrete(p: &Position, rules: &Rules, acts: &[Act]) -> Verdict {
    let mut q = *p;
    let mut line = Vec::new();
    let made = acts
        .iter()
        .try_for_each(|&act| play(&mut q, rules, act, &mut line))
        .and_then(|()| finish(&mut q, rules, &mut line));
    // Never a line the rules refuse: replayed from the start before it is given.
    let mut check = *p;
    let replays = line.iter().all(|&m| check.apply(rules, m).is_ok());
    match made {
        Some(()) if replays && check.is_won() => Verdict::Winnable { line, note: None },
        _ => Verdict::Unknown {
            why: "the solver's line did not replay to a win".into(),
        },
    }
}

/// Plays one of the solver's moves on `q` as the rules' moves, adding them to `line`.
fn play(q: &mut Position, rules: &Rules, act: Act, line: &mut Vec<Move>) -> Option<()> {
    let mut go = |q: &mut Position, m: Move| {
        q.apply(rules, m).ok()?;
        line.push(m);
        Some(())
    };
    match act {
        Act::Home(b) => {
            let x = card(b);
            let (c, i) = find(q, x)?;
            let len = q.column(c).len();
            if i + 1 < len {
                // Its twin takes what lies on it.
                let above = q.column(c)[i + 1];
                let to = onto(q, above, Some(c))?;
                go(q, Move::ColumnToColumn(c, to, (len - i - 1) as u8))?;
            }
            go(q, Move::ColumnToFoundation(c, suit(b)))
        }
        Act::Reveal(c) => {
            let down = usize::from(q.face_down(c));
            let column = q.column(c);
            let root = *column.get(down)?;
            let n = (column.len() - down) as u8;
            let to = onto(q, root, Some(c))?;
            go(q, Move::ColumnToColumn(c, to, n))
        }
        Act::Talon {
            card: b,
            home,
            steps,
            ..
        } => {
            for _ in 0..steps {
                let m = if q.stock().is_empty() {
                    Move::Redeal
                } else {
                    Move::Turn
                };
                go(q, m)?;
            }
            if q.waste_top() != Some(card(b)) {
                return None;
            }
            if home {
                go(q, Move::WasteToFoundation(suit(b)))
            } else {
                let to = onto(q, card(b), None)?;
                go(q, Move::WasteToColumn(to))
            }
        }
        Act::Back(f) => {
            let x = q.foundation_top(f)?;
            let to = onto(q, x, None)?;
            go(q, Move::FoundationToColumn(f, to))
        }
    }
}

/// Plays every card home: once nothing is face down or in the talon, the lowest card left is
/// always on top of its column and next on its foundation.
fn finish(q: &mut Position, rules: &Rules, line: &mut Vec<Move>) -> Option<()> {
    while !q.is_won() {
        let m = (0..7u8).find_map(|c| {
            let x = *q.column(c).last()?;
            (q.foundation_len(x.suit() as u8) + 1 == x.rank())
                .then_some(Move::ColumnToFoundation(c, x.suit() as u8))
        })?;
        q.apply(rules, m).ok()?;
        line.push(m);
    }
    Some(())
}

/// Where face-up card `x` lies: its column and its place there.
fn find(q: &Position, x: Card) -> Option<(u8, usize)> {
    (0..7u8).find_map(|c| {
        let down = usize::from(q.face_down(c));
        let i = q.column(c).iter().skip(down).position(|&y| y == x)?;
        Some((c, down + i))
    })
}

/// A column that takes `x` now (a King: an empty one), other than `not`.
fn onto(q: &Position, x: Card, not: Option<u8>) -> Option<u8> {
    (0..7u8).find(|&c| Some(c) != not && q.column_takes(x, c))
}
