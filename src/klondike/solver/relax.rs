//! Proving a position lost by playing a looser game that is won whenever the real one is:
//! cards, once out of their stacks, are all at hand for ever.
//!
//! A card is *out* once it has left its stack (a column's dealt pile, or the talon): it is on
//! the table or home. In the looser game an out card is always free to take a child or go
//! home; what is still stacked stays as the real game has it. A stacked card comes out when
//! it is on top of its stack (a column's top card; the waste's top; any talon card while a
//! pass is left) and it is a King, or a parent of it (one rank up, the other colour) is out
//! or on top of a column and has room, or every lower card of its suit is out. On the last
//! pass the stock turns one card at a time onto the waste, only once nothing else comes out.
//!
//! *Room*: a parent level (two twins) holds at most two children, the twins one rank down.
//! A child that lies on one of them in the position, not as its column's root, leaves only to
//! go home (it can only move to the other twin), so until its lower cards are all out it
//! keeps one parent for itself. Its twin then comes out onto that level only if both parents
//! are out or on top of a column. Sound: when the twin goes onto a parent in the real game,
//! with only one parent on the table, the child seated from the start is not on that parent,
//! nor on the other (not on the table), so it has gone home, and its lower cards are out in
//! the looser game too. Likewise a card under seated children goes home only once they can
//! go home, or one of them can lie on its twin, out or on top of a column: until then it is
//! *pinned*, and so is every higher card of its suit. Together they prove most single-pass
//! losses: "the 6♣ waits for a red 7, but the 7♥ is face down and the 6♠ lies on the 7♦
//! until the 2♠ comes out of the waste, under the 9♦ the 8♣ waits for".
//!
//! *Within reach*: three at a time with a pass left, a talon card comes out only from a place
//! a turn can bring to the top of the waste. At first those are the waste's top, every third
//! place still holding a card from the stock's top (this pass) and from the talon's start (a
//! later one), and the last; once talon cards are out, also every place above the lowest of
//! them and the next place below each (`aligned`, `within_reach`). Sound: the real game takes
//! a talon card off the top of the waste. It is there now; or the card above it was played
//! off (out by then); or a turn brought it up: this pass, whose turns count the stock's cards
//! from its top as they lie now (a stock card leaves only by being turned), or a later one,
//! whose turns count the talon's cards from its start, as they lie now unless one under it
//! has been played (out by then). The places within reach only grow as cards come out, so
//! what follows holds as before. It is what proves lost, early, the deals won one card at a
//! time but not three at a time: the talon holds back, at places no turn brings up, the cards
//! the table waits for (docs/performance.md, "Within reach").
//!
//! Coming out only ever helps in the looser game, so bringing out all it can, as early as it
//! can, is its best play. And every card the real game brings out, the looser one has brought
//! out by then (at the same card of the stock): a real move needs at most what the looser game
//! asks, and its waste holds no card the real one does not. So a card the looser game never
//! brings out never leaves its stack in the real one, never goes home: the position is lost.

use super::state::{ALL, Bit, PAIRS, State, Table, both, other_colour, rank, suit};

/// The cards of suit ♣ (shifted by the suit for the others).
const CLUBS: u64 = 0x0001_1111_1111_1111;

/// The four Kings.
const KINGS: u64 = 0xf << 48;

/// The cards of `b`'s suit below it.
fn lower(b: Bit) -> u64 {
    (CLUBS << suit(b)) & ((1u64 << (4 * (u32::from(rank(b)) - 1))) - 1)
}

/// The cards with a lower card of their suit not `out` (each card's `lower(b) & !out != 0`,
/// for all at once).
fn lower_missing(out: u64) -> u64 {
    let mut m = 0;
    for su in 0..4 {
        let suit = CLUBS << su;
        let missing = suit & !out;
        if missing != 0 {
            let lowest = missing & missing.wrapping_neg();
            m |= suit & !((lowest << 1) - 1);
        }
    }
    m
}

/// The cards with at least one of their parents in `holders`, and those with both (each
/// card's `parents(b) & holders`, counted, for all at once).
fn held(holders: u64) -> (u64, u64) {
    // Bit b: the parent of b's rank and colour pair at b's place in the other colour.
    let x = (other_colour(holders) >> 4) & ALL;
    let one = (x | (x >> 1)) & PAIRS;
    let two = x & (x >> 1) & PAIRS;
    (both(one), both(two))
}

/// The parents of the cards in `m` (`parents` of each, for all at once): a rank up, the other
/// colour, both twins; Kings have none.
fn parents_of(m: u64) -> u64 {
    let pairs = (m | (m >> 1)) & PAIRS;
    both((other_colour(pairs) << 4) & ALL)
}

/// Each card's twin's bit in `m`.
fn twins(m: u64) -> u64 {
    ((m & PAIRS) << 1) | ((m >> 1) & PAIRS)
}

/// The cards that never come out in the looser game (0: the position may still be won).
pub fn never_out(s: &State, table: &Table) -> u64 {
    never_out_seated(s, table, true)
}

/// `never_out`, with the seated children's room (`seats`) or without (for the tests).
pub(super) fn never_out_seated(s: &State, table: &Table, seats: bool) -> u64 {
    let home: u64 = (0..4)
        .map(|su| ((1u64 << (4 * u32::from(s.home[su]))) - 1) & (CLUBS << su))
        .fold(0, |a, m| a | m);
    let mut top = s.pile;
    let column_top = |c: usize, top: &[u8; 7]| match top[c] {
        0 => 0,
        n => 1u64 << table.piles[c][usize::from(n) - 1],
    };
    let mut tops: u64 = (0..7).map(|c| column_top(c, &top)).fold(0, |a, m| a | m);
    let mut out = home | (s.visible & !tops);
    // Cards home may come back to hold a child only where the rules allow it.
    let holds_home = table.rules.foundation_to_column;
    // A King leaves its stack only for an empty column (or home): once a column can be
    // empty. One is when it is empty now, when a column's dealt cards are all out (a King
    // dealt at the bottom stays), or when a King at the foot of a column can go home.
    let mut emptied = s.empty_columns(table) > 0;
    let mut bottoms = s.visible & KINGS & !tops;
    // A card on a parent from the start leaves that level only to go home: until its lower
    // cards are all out, it takes one of its parents, and its twin needs the other.
    let seated = if seats { s.visible & !tops } else { 0 };
    // The cards face up under seated children. One goes home only once its children can go
    // home or lie on its twin (one of them).
    let seats_taken = parents_of(seated) & s.visible;
    let pinned = |c: Bit, out: u64, holders: u64| {
        let other = if suit(c) < 2 { 0b1100u64 } else { 0b0011 };
        let mut kids = seated & (other << (4 * (rank(c) - 2)));
        let mut waiting = 0;
        while kids != 0 {
            let x = kids.trailing_zeros() as Bit;
            kids &= kids - 1;
            waiting += u32::from(lower(x) & !out != 0);
        }
        waiting > u32::from(holders & (1 << (c ^ 1)) != 0)
    };
    // What decides at once whether a card comes out, for all cards (`Ready`): a King once a
    // column can be empty; a card with both parents holding, or one while its twin does not
    // sit waiting; never one with a lower card of its suit not out (unless held so). The
    // rest, the cards under seated children, are asked one by one (`pinned`).
    let ready = |out: u64, tops: u64, emptied: bool| {
        let holders = if holds_home { out } else { out & !home } | tops;
        let (one, two) = held(holders);
        let missing = lower_missing(out);
        let kings = if emptied { KINGS } else { 0 };
        Ready {
            now: kings | two | (one & !twins(seated & missing)),
            missing,
            holders,
        }
    };
    let comes_out = |b: Bit, out: u64, r: &Ready| {
        let bit = 1u64 << b;
        if r.now & bit != 0 {
            return true;
        }
        if r.missing & bit != 0 {
            return false;
        }
        let mut under = (lower(b) | bit) & seats_taken;
        while under != 0 {
            let c = under.trailing_zeros() as Bit;
            under &= under - 1;
            if pinned(c, out, r.holders) {
                return false;
            }
        }
        true
    };
    let last_pass = table.rules.passes.is_some_and(|n| s.pass >= u16::from(n));
    let len = usize::from(table.talon_len);
    // The waste, bottom first, and the stock's next card; with a pass left, every talon card
    // is at hand whenever it is wanted.
    let mut waste = [0 as Bit; 24];
    let mut waste_len = 0;
    let mut next = len;
    let mut loose = 0u64;
    if last_pass {
        for &b in &table.talon[..usize::from(s.turned)] {
            if s.talon & (1 << b) != 0 {
                waste[waste_len] = b;
                waste_len += 1;
            }
        }
        next = usize::from(s.turned);
    } else {
        loose = s.talon;
    }
    // Three at a time, only some places come to the top of the waste (`within_reach`).
    let stepped = !last_pass && table.rules.turn == 3;
    // The places of the talon cards out, and the places within reach.
    let (mut o, mut reached) = (0u32, 0u32);
    if stepped {
        reached = aligned(s.places, u32::from(s.turned));
        loose = table.cards_at(reached);
    }
    loop {
        if out == ALL {
            return 0;
        }
        // Worked out once a round: a card that comes out may let others out at once, which
        // the next round finds (coming out is monotone, so the rounds end where asking
        // afresh after each card would).
        let r = ready(out, tops, emptied);
        let mut changed = false;
        for c in 0..7 {
            while top[c] > 0 {
                let b = table.piles[c][usize::from(top[c]) - 1];
                if top[c] == 1 && rank(b) == 13 {
                    // Dealt at the bottom, it need never leave: out, at the foot of its column.
                    out |= 1 << b;
                    bottoms |= 1 << b;
                    top[c] = 0;
                    changed = true;
                    break;
                }
                if !comes_out(b, out, &r) {
                    break;
                }
                out |= 1 << b;
                tops &= !(1 << b);
                top[c] -= 1;
                tops |= column_top(c, &top);
                emptied |= top[c] == 0;
                changed = true;
            }
        }
        if !emptied && (0..4).any(|k| bottoms & (1 << (48 + k)) != 0 && lower(48 + k) & !out == 0) {
            emptied = true;
            changed = true;
        }
        while waste_len > 0 && comes_out(waste[waste_len - 1], out, &r) {
            waste_len -= 1;
            out |= 1 << waste[waste_len];
            changed = true;
        }
        // The loose cards all at once: a card out only lets more out, so taking them
        // together reaches the same cards as one by one. Three at a time, the places they
        // leave bring others within reach, asked at once with what this round knows (it
        // knows less than the next: sound, and fewer rounds).
        let mut waiting = loose & !out;
        loop {
            let mut now = waiting & r.now;
            let mut rest = waiting & !now & !r.missing;
            while rest != 0 {
                let b = rest.trailing_zeros() as Bit;
                rest &= rest - 1;
                if comes_out(b, out, &r) {
                    now |= 1 << b;
                }
            }
            if now == 0 {
                break;
            }
            out |= now;
            changed = true;
            if !stepped {
                break;
            }
            let mut newly = 0;
            let mut t = now;
            while t != 0 {
                newly |= 1 << table.place[t.trailing_zeros() as usize];
                t &= t - 1;
            }
            o |= newly;
            let new = within_reach(s.places, o, newly) & !reached;
            reached |= new;
            // Those asked already would answer as before (but for pinned cards, asked again
            // next round).
            waiting = table.cards_at(new);
            loose |= waiting;
        }
        if changed {
            continue;
        }
        // Nothing more comes out: turn the stock's cards onto the waste until one comes out
        // (one that does not changes nothing else: it only buries the waste's top).
        loop {
            while next < len && s.talon & (1 << table.talon[next]) == 0 {
                next += 1;
            }
            if next == len {
                return super::state::ALL & !out;
            }
            let b = table.talon[next];
            next += 1;
            if comes_out(b, out, &r) {
                out |= 1 << b;
                break;
            }
            waste[waste_len] = b;
            waste_len += 1;
        }
    }
}

/// The talon's places (bits of `State::places`) that a turn of three brings to the top of the
/// waste with no talon card played: the waste's top, every third place still holding a card
/// from the stock's top in this pass and from the talon's start in a later one, and the last.
fn aligned(places: u32, turned: u32) -> u32 {
    let last = |m: u32| {
        if m == 0 {
            0
        } else {
            1 << (31 - m.leading_zeros())
        }
    };
    let stock = places & !((1u32 << turned) - 1);
    last(places & !stock) | last(places) | thirds(stock) | thirds(places)
}

/// The third, sixth, ninth … of the places of `m`, a byte at a time (`THIRDS`), rather than
/// place by place: it runs at every looser game asked three at a time.
fn thirds(m: u32) -> u32 {
    let (mut picked, mut count) = (0, 0);
    for k in 0..3 {
        let (p, c) = THIRDS[count][((m >> (8 * k)) & 0xff) as usize];
        picked |= u32::from(p) << (8 * k);
        count = usize::from(c);
    }
    picked
}

/// For each count of places so far (modulo 3) and each byte of places: the third, sixth …
/// counting on, and the count after.
const THIRDS: [[(u8, u8); 256]; 3] = {
    let mut t = [[(0, 0); 256]; 3];
    let mut count = 0;
    while count < 3 {
        let mut byte = 0;
        while byte < 256 {
            let (mut picked, mut c) = (0u8, count as u8);
            let mut i = 0;
            while i < 8 {
                if byte & (1 << i) != 0 {
                    c = (c + 1) % 3;
                    if c == 0 {
                        picked |= 1 << i;
                    }
                }
                i += 1;
            }
            t[count][byte] = (picked, c);
            byte += 1;
        }
        count += 1;
    }
    t
};

/// The places of `places` a turn may bring up once the talon cards at places `o` are out, of
/// which those at `newly` have just come out: every place above the lowest of them (a card
/// played from under a place shifts the turns that bring it up), and the next place below each
/// (uncovered when the card above it is played off the waste); those for `o` but not `newly`
/// are left out, known already. Counting how many are played from under each place (at most
/// those out) brought out a third of a percent fewer positions three at a time: not worth its
/// cost.
fn within_reach(places: u32, o: u32, newly: u32) -> u32 {
    if o == 0 {
        return 0;
    }
    let mut reach = places & !((2u32 << o.trailing_zeros()) - 1);
    let mut m = newly;
    while m != 0 {
        let below = places & ((1u32 << m.trailing_zeros()) - 1);
        if below != 0 {
            reach |= 1 << (31 - below.leading_zeros());
        }
        m &= m - 1;
    }
    reach
}

/// What `never_out` knows of every card at once, for the cards out and on top of a column
/// at one moment.
struct Ready {
    /// The cards that come out now whatever lies under them.
    now: u64,
    /// The cards with a lower card of their suit not out.
    missing: u64,
    /// The cards that may hold a child: out (home only where cards may come back) or on top
    /// of a column.
    holders: u64,
}

/// Cards that never come out, in a player's words (`patience::words::never_come_free`).
pub fn words(cards: u64) -> String {
    crate::patience::words::never_come_free(
        (0..52u8)
            .filter(|&b| cards & (1 << b) != 0)
            .map(super::state::card),
    )
}

#[cfg(test)]
#[path = "relax_tests.rs"]
mod tests;
