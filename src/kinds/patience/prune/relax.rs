//! Rule 10 of `prune`: a looser game, won whenever the real one is (with rule 7's switch,
//! `dead_ends`). Klondike's own solver plays it (`klondike/solver/relax.rs`); here it is read
//! from the kinds' parameters, for a file of one pack whose foundations are built up by suit
//! from the Ace (rule 9's `Stacks`), with no named rule, no cell that takes cards, and a
//! stock, if any, that turns its cards one at a time or more onto a waste that gives one card
//! at a time, turned over again or never.
//!
//! A card is *out* once it has left the pile it lies in now (or is home). Out cards are at hand
//! for ever: each may take a child, whatever lies on it. A card still in its pile comes out
//! when it is free to, and has somewhere to go:
//! - *free*: it is its pile's top card, or it is face up and every card above it is still in
//!   the pile and lies on the one below it as a run of that pile moves (it goes with them; they
//!   come out too). A card above it may lie face down now: it is turned up before it moves;
//!   while a round is left, a talon card (stock or waste) is free at a place of the talon a
//!   turn can bring to the top of the waste (its *reach*, below); on the last round the waste
//!   is a pile like the others, and the stock's cards come onto it one at a time, the next
//!   only when nothing else comes out;
//! - *somewhere to go*: every lower card of its suit is out (home is open to it), and neither
//!   it nor any of them is pinned; or a card it could be laid on (rule 9's parents, for its
//!   pile's group) is a *holder*, out (and not home for good, where the foundations give
//!   nothing back) or on top of a pile on which cards are laid, with room for it; or a pile
//!   that would take it when empty is empty now or has let every card of it out. *Room* and
//!   *pinned* come from the cards seated on a parent in the position, which leave their
//!   parents only to go home (`seats.rs`, Klondike's room on the parents; its argument there).
//!
//! Coming out only ever helps (each condition asks only for cards out or piles emptied), so
//! bringing out all it can, as early as it can, is the looser game's best play; it turns the
//! stock only when nothing else comes out. Then every card the real game takes off its pile,
//! the looser one has brought out by the time the real one has turned as many stock cards:
//! by induction on the real moves. The real move takes a card `c` (and maybe the run on it)
//! from the top of its pile or of the waste: every card above `c` that lay there now has left,
//! or is carried with it as a run (so it lay on the one below as the pile's run); every card
//! the real game turned over since `c` reached the waste has left. So `c` is free in the looser
//! game. It goes home (its lower cards are home: left their piles, out), onto a card on the
//! table (out, or still in its pile and then on top, every card above it having left), or into
//! an empty pile (every card it held now has left). So `c` comes out in the looser game too.
//! A card that never comes out there never leaves its pile in the real game, never goes home,
//! and the position is lost. (Turning three cards at a time puts them on the waste in the order
//! one at a time would; the looser game may stop between them.)
//!
//! *Reach*, while a round is left, the stock turning `n` cards at a time (Klondike's own
//! solver's "within reach"): the talon's cards are counted in the order they are turned (the
//! waste's from its bottom, then the stock's from its top). A turn brings to the top of the
//! waste the waste's top now; this round, every `n`-th card past it and the last; a later
//! round, every `n`-th from the talon's start and the last. Once talon cards are out, also the
//! place under each, and every place past the lowest of them. Sound: the real game takes a
//! talon card `c` off the top of the waste. It is there now; or the card above it was played
//! off (out by then); or a turn brought it up: this round, whose turns count the stock's cards
//! from its top as they lie now (a stock card leaves only by being turned); or a later one,
//! whose turns count the talon's cards from its start, as they lie now unless one under `c`
//! has been played (out by then, and `c` past it). The places only grow as cards come out, so
//! the looser game's best play is as before. With one card a turn every place is reached.
//!
//! Where a round is left the rule proves less; Klondike's own solver asks it only on the last
//! round after a move, and so does the search here (`looser_lost_after`). Without the runs
//! (`Mutant::LooserIgnoresRuns`) a card carried off under a run is called never out, and with
//! seats where a space would take the card (`LooserSeatsIgnoreSpaces`) or seated cards that
//! never move to another parent (`LooserPinsStay`) a card is called pinned that goes home:
//! the tests catch each.

use super::seats::Seats;
use super::{Mutant, Prune};
use crate::kinds::compiled::{Again, Click, Compiled, MAX_PILES};
use crate::kinds::file::{Kind, Moves, Takes};
use crate::kinds::position::{DOWN, Position, card};

/// Rule 10 applies to the file (beside rule 9's `Stacks`, which it reads).
pub(super) fn applies(rules: &Compiled) -> bool {
    let talon = match (rules.stock, rules.waste) {
        (None, None) => true,
        (Some(_), Some(waste)) => {
            matches!(rules.click, Click::ToWaste(_))
                && matches!(rules.again, Again::Nothing | Again::TurnWaste)
                && rules.piles[usize::from(waste)].moves == Moves::One
        }
        _ => false,
    };
    rules.decks == 1
        && rules.file.named.is_empty()
        && talon
        && !rules
            .piles
            .iter()
            .any(|p| p.kind == Kind::Cell && p.takes != Takes::Nothing)
}

/// The places of a talon of `len` cards (`waste` of them on the waste) that a turn of `turn`
/// cards can bring to the top of the waste, while a round is left: the waste's top; this
/// round's turns, every `turn`-th card past it, and the last; a later round's, every `turn`-th
/// from the talon's start, and the last. (Cards played out of the talon add the card under
/// each, and every place past the lowest of them: `never_out`.)
fn first_reach(len: usize, waste: usize, turn: usize) -> u64 {
    let mut reach = 0u64;
    if len == 0 {
        return 0;
    }
    if waste > 0 {
        reach |= 1 << (waste - 1);
    }
    let mut j = waste + turn - 1;
    while j < len {
        reach |= 1 << j;
        j += turn;
    }
    let mut j = turn - 1;
    while j < len {
        reach |= 1 << j;
        j += turn;
    }
    reach | 1 << (len - 1)
}

/// Bits of cards, a bit a card (one pack).
fn bit(b: u8) -> u64 {
    1 << (b & !DOWN)
}

impl Prune {
    /// Rule 10: the cards the looser game never brings out (none: 0).
    pub fn never_out(&self, rules: &Compiled, p: &Position) -> u64 {
        if !self.relax || !self.switches.dead_ends {
            return 0;
        }
        let Some(s) = &self.stacks else {
            return 0;
        };
        let mut out = 0u64;
        for &h in &self.homes {
            out |= p.pile(h).iter().fold(0, |bits, &b| bits | bit(b));
        }
        // Home now and for good, where the foundations give nothing back.
        let gone = if self.back { 0 } else { out };
        let seats = Seats::new(self, s, rules, p);
        let pins_fixed = self.mutant == Some(Mutant::LooserPinsStay);
        // The cards in play (a pack may lack some ranks).
        let all = (0..p.piles() as u8).fold(0u64, |bits, i| {
            p.pile(i).iter().fold(bits, |bits, &b| bits | bit(b))
        });
        // The talon: on the last round the waste is a pile, fed from the stock's top.
        let talon_pile = |i: usize| rules.stock == Some(i as u8) || rules.waste == Some(i as u8);
        let open_talon = rules.stock.is_some() && rules.round_left(p.round);
        // With a round left: the talon's cards in the order they are turned (the waste's from
        // its bottom, then the stock's from its top), and the places of it a turn can bring
        // to the top of the waste (`reach`).
        let mut talon = [0u8; 52];
        let mut talon_len = 0;
        let mut reach = 0u64;
        let mut waste = [0u8; 52];
        let mut waste_len = 0;
        let mut stock: &[u8] = &[];
        let mut waste_group = 0;
        if let (Some(st), Some(w)) = (rules.stock, rules.waste) {
            waste_group = usize::from(rules.piles[usize::from(w)].group);
            if open_talon {
                for &b in p.pile(w).iter().chain(p.pile(st).iter().rev()) {
                    talon[talon_len] = b;
                    talon_len += 1;
                }
                let turn = match rules.click {
                    Click::ToWaste(n) => usize::from(n.max(1)),
                    _ => 1,
                };
                reach = first_reach(talon_len, p.len(w), turn);
                if self.mutant == Some(Mutant::LooserReachTurnsOnly) {
                    reach = first_reach(talon_len, 0, turn);
                }
            } else {
                for &b in p.pile(w) {
                    waste[waste_len] = b;
                    waste_len += 1;
                }
                stock = p.pile(st);
            }
        }
        // Each pile's cards still in it (from the bottom), and the piles empty or emptied.
        let mut left = [0u8; MAX_PILES];
        let mut empty = 0u128;
        let mut in_piles = 0u128;
        for (i, pile) in rules.piles.iter().enumerate() {
            if pile.kind.is_home() || talon_pile(i) {
                continue;
            }
            left[i] = p.len(i as u8) as u8;
            if left[i] == 0 {
                empty |= 1 << i;
            } else {
                in_piles |= 1 << i;
            }
        }
        let runs = self.mutant != Some(Mutant::LooserIgnoresRuns);
        // The cards on top of piles on which cards are laid, kept as piles give cards up.
        let top_of = |i: usize, left: u8| {
            if s.never_on & (1 << i) != 0 {
                0
            } else {
                bit(p.pile(i as u8)[usize::from(left) - 1])
            }
        };
        let mut tops = 0u64;
        let mut bits = in_piles;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            tops |= top_of(i, left[i]);
        }
        loop {
            if out == all {
                return 0;
            }
            // The seated cards still waiting to go home (`seats.rs`), as this pass begins:
            // fewer only bring more out, which the next pass finds.
            let mut waiting = 0u64;
            let mut bits = seats.seated;
            while bits != 0 {
                let g = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if s.lower[g] & all & !out != 0 {
                    waiting |= 1 << g;
                }
            }
            let goes = |b: u8, group: usize, out: u64, tops: u64, empty: u128| {
                let c = usize::from(b & !DOWN);
                // Cards home for good hold no child.
                let holders = (out & !gone) | tops;
                let parents = s.parents[group][c];
                // Home once every lower card of its suit is out, none of them nor it pinned.
                let home = s.lower[c] & all & !out == 0 && {
                    let mut under = (s.lower[c] | 1 << c) & seats.held & !gone;
                    if waiting == 0 {
                        under = 0;
                    }
                    loop {
                        if under == 0 {
                            break true;
                        }
                        let d = under.trailing_zeros() as usize;
                        under &= under - 1;
                        if seats.pinned(d, holders, waiting, pins_fixed) {
                            break false;
                        }
                    }
                };
                home || parents & holders != 0
                    && (waiting == 0 || seats.room(c, parents, holders, waiting) != 0)
                    || s.spaces[group][c] & empty != 0
            };
            let mut moved = false;
            let mut bits = in_piles;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let group = usize::from(rules.piles[i].group);
                let cards = p.pile(i as u8);
                // Until its top card stays: the top card, then each card a run from it would
                // carry the cards above.
                while left[i] > 0 {
                    let top = usize::from(left[i]) - 1;
                    let mut j = top;
                    let came = loop {
                        if goes(cards[j], group, out, tops, empty) {
                            break Some(j);
                        }
                        let carried = runs
                            && j > 0
                            && s.carried[group].as_ref().is_some_and(|on| {
                                let (under, upper) = (cards[j - 1], cards[j]);
                                under & DOWN == 0
                                    && on[usize::from(under)] & bit(upper) != 0
                                    && (upper & DOWN == 0
                                        || self.mutant != Some(Mutant::LooserRunsFaceUpOnly))
                            });
                        if !carried {
                            break None;
                        }
                        j -= 1;
                    };
                    let Some(j) = came else {
                        break;
                    };
                    for &b in &cards[j..=top] {
                        out |= bit(b);
                    }
                    left[i] = j as u8;
                    moved = true;
                    if j == 0 {
                        in_piles &= !(1 << i);
                        empty |= 1 << i;
                    } else {
                        tops |= top_of(i, left[i]);
                    }
                }
            }
            let mut open = reach;
            while open != 0 {
                let j = open.trailing_zeros() as usize;
                open &= open - 1;
                let c = talon[j];
                if out & bit(c) == 0 && goes(c, waste_group, out, tops, empty) {
                    out |= bit(c);
                    moved = true;
                    // The card under it comes to the top; and past the lowest card out, the
                    // turns no longer count as they did (`first_reach`).
                    if j > 0 {
                        reach |= 1 << (j - 1);
                    }
                    reach |= !0u64 << j & !(!0u64 << talon_len);
                    open = reach & !((2u64 << j) - 1);
                }
            }
            while waste_len > 0 && goes(waste[waste_len - 1], waste_group, out, tops, empty) {
                out |= bit(waste[waste_len - 1]);
                waste_len -= 1;
                moved = true;
            }
            if !moved {
                // Nothing else comes out: the stock's cards onto the waste until one comes
                // out (one that does not changes nothing else: it only buries the waste's top).
                loop {
                    let Some((&next, rest)) = stock.split_last() else {
                        return all & !out;
                    };
                    stock = rest;
                    if goes(next, waste_group, out, tops, empty) {
                        out |= bit(next);
                        break;
                    }
                    waste[waste_len] = next;
                    waste_len += 1;
                }
            }
        }
    }
}

/// Cards the looser game never brings out, in a player's words, as Klondike's solver says them
/// (`patience::words::never_come_free`).
pub fn words(cards: u64) -> String {
    crate::patience::words::never_come_free((0..52u8).filter(|&b| cards & (1 << b) != 0).map(card))
}
