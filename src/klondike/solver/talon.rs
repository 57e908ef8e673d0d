//! What turning the stock brings up: the talon cards each run of turns brings to the top of
//! the waste, worked out on the solver's masks (`State::places`).

use super::state::{Bit, State, Table};

/// The talon cards that turning brings to the top of the waste, each with the turns (a turn
/// over counted as one) that bring it and the talon's state once it is there: the current top
/// first, then each turn of this pass, then (where the rules allow a turn over) the next pass
/// up to where this one began. A later pass brings up nothing new: without a play between
/// them, passes turn up the same cards. Worked out on the mask of places still holding a card
/// (`State::places`), a few instructions a turn: it runs at every position searched.
pub fn talon_reach(s: &State, table: &Table, mut each: impl FnMut(Bit, u8, u8, u16)) {
    if let Some(top) = s.waste_top(table) {
        each(top, 0, s.turned, s.pass);
    }
    let len = u32::from(table.talon_len);
    let turn = u32::from(table.rules.turn);
    let (mut turned, mut pass, mut over) = (u32::from(s.turned), s.pass, false);
    // Where this pass stops: once the next pass stops at one of them, it turns up what this
    // one did, with a pass more used.
    let mut stops: u32 = 1 << turned;
    let mut steps = 0u8;
    loop {
        // A turn takes the next `turn` cards still there, or what is left of the stock.
        let ahead = s.places & !((1u32 << turned) - 1);
        if ahead == 0 {
            // The stock is empty: turn the waste over, once, if the rules allow.
            let passes_left = table.rules.passes.is_none_or(|n| pass < u16::from(n));
            if over || !passes_left || s.talon == 0 {
                return;
            }
            over = true;
            steps += 1;
            turned = 0;
            pass = pass.saturating_add(1);
            continue;
        }
        // The `turn`-th of them, if there are as many (no count of bits: it runs everywhere).
        let mut nth = ahead;
        for _ in 1..turn {
            nth &= nth.wrapping_sub(1);
        }
        let top = if nth != 0 {
            turned = nth.trailing_zeros() + 1;
            turned - 1
        } else {
            turned = len;
            u32::BITS - 1 - ahead.leading_zeros()
        };
        steps += 1;
        if over && stops & (1 << turned) != 0 {
            return;
        }
        stops |= 1 << turned;
        each(table.talon[top as usize], steps, turned as u8, pass);
    }
}

/// One card at a time with passes without end, where `talon_reach` first brings talon card
/// `b` up (every talon card comes up): the turns that bring it and the talon's state then.
/// Worked out for the one card, so that the search can take the talon's cards in its own
/// order without walking the talon.
pub fn turns_to(s: &State, table: &Table, b: Bit) -> (u8, u8, u16) {
    debug_assert!(table.rules.turn == 1 && table.rules.passes.is_none());
    if s.waste_top(table) == Some(b) {
        return (0, s.turned, s.pass);
    }
    let place = u32::from(table.place[usize::from(b)]);
    let turned = u32::from(s.turned);
    let up_to = |t: u32| s.places & ((1u32 << t) - 1);
    if place >= turned {
        // This pass: one turn for each card still there from the waste's end to it.
        let steps = (up_to(place + 1) & !s.waste()).count_ones();
        (steps as u8, place as u8 + 1, s.pass)
    } else {
        // The rest of the stock, the turn over, and the next pass up to it.
        let rest = (s.places & !s.waste()).count_ones();
        let steps = rest + 1 + up_to(place + 1).count_ones();
        (steps as u8, place as u8 + 1, s.pass.saturating_add(1))
    }
}
