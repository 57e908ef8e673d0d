//! What the files' solver may leave out, derived from the kinds' parameters, each rule with
//! its argument that no win is lost by it, and a switch (`Switches`) to turn it off. A
//! differential test (`solver_tests`) holds each against the plain search, on small positions
//! of every file, and shows each broken on purpose (`Mutant`) caught.
//!
//! 1. **A card sent home at once** (`safe_home`): the top card `c` of a table pile, a cell
//!    or the waste (where the stock turns one card at a time) goes to a foundation when no
//!    win can need it anywhere else. It applies where every foundation that takes cards is
//!    built by suit one way from a fixed rank (so each height of each foundation holds one
//!    known card), and no pile is an Osmosis foundation or takes a whole run (Rouge et
//!    Noir's, whose cards a suit foundation could also want); with two packs, only once the
//!    twin of `c` is home. `follow[b]` is every card that any pile of the table could ever
//!    have built on `b` (by its build, both ways where it goes either way).
//!    - Cards never come back from the foundations: `c` is safe once all of `follow[c]` is
//!      home (for good). Argument: take any win `L` from here; `L'` = `L` without its moves
//!      of `c`. Nothing is ever built on `c` in `L` (what could be is home and stays home),
//!      so no run of `L` holds `c` under another card, and what a stock deals onto `c`
//!      without a build lies in `L'` on the card under it, moving the same. Every other move
//!      of `L` is legal in `L'`: the pile `c` left is uncovered earlier (a card turned up
//!      earlier, a pile empty earlier, only adds moves and free places), a run limit only
//!      grows, and `c`'s foundation takes nothing else at that height (one known card a
//!      height; with two packs the twin is home, so this `c` is the only one out). With the
//!      waste turning one card at a time, `L'` turns the same cards less `c`, and needs no
//!      more rounds. So `L'` wins from the position after the move.
//!    - Cards may come back (one pack, or two whose foundations of a suit are alike): `K` =
//!      `c` closed under `follow` and under the card below on its foundation; `c` is safe when
//!      every card of `K` but `c` is home (both copies, with two packs, and `c`'s twin).
//!      Argument: `L'` = `L` without the moves of `K`'s cards (runs trimmed of them: nothing
//!      outside `K` lies on a card of `K`, so they are a run's top part). On each foundation
//!      `K`'s cards are a bottom part that `L'` never moves, and a card outside `K` goes
//!      home in `L` above it (its height is fixed, and every height below is `K`'s), on the
//!      same card in `L` and `L'` (with two packs both foundations of a suit hold `K`'s part
//!      of it, so one taken off and put on the other in `L` is above it there too). The rest
//!      is as above. (Klondike: a Three goes when both
//!      Twos of the other colour and the Aces are home, as its own solver says.)
//!
//!    Not while a redeal that gathers the piles is left: a card gone home earlier changes
//!    where every card after it is dealt again, so `L`'s later moves have no match in `L'`.
//!    Nor while a pile that refills emptied piles (a stock, a waste) has cards: a pile
//!    emptied earlier is refilled earlier, and later moves find other cards.
//!    A named rule of the first round (a foundation refusing some piles) changes nothing
//!    here: `L'` makes `L`'s moves in the same rounds, and the home move is checked.
//!
//!    The rule turning FreeCell's "cards may come back" into "send every next card home" was
//!    unsound (issue 54); here that rule is `Mutant::HomeIgnoresBack`, which the test catches.
//!
//!    Osmosis's ladder of foundations (each taking the ranks the one before holds), where no
//!    other pile takes a card and one pack is dealt: once every foundation has its first card,
//!    the four hold one suit each, and a card's only move in any win is to its suit's. Sent
//!    there at once (from a pile, or the waste where it turns one card), it leaves `L'` = `L`
//!    without that move legal: a foundation takes by the ranks of the one before, which only
//!    grow, and the pile under it is uncovered earlier.
//! 2. **Piles alike are one** (`key`): piles of one group with the same parameters (its
//!    suit, what it takes, from where) are interchangeable: swapping two maps every legal
//!    move to a legal move and every win to a win, so the key sorts them by their cards, and
//!    positions that differ only so are searched once. Not where a rule tells them apart by
//!    their order: Osmosis's foundations (each looks at the one before), the piles a stock
//!    deals to in order while it has cards, the piles a redeal gathers in order while one is
//!    left, the piles a named rule tells apart in the first round (until it ends), and never
//!    a pile that opens another or is opened by one (each pairs with its own).
//! 3. **Moves that only swap piles alike** (`worth_trying`): a whole pile into an empty pile
//!    alike, and the same cards into a second empty pile alike (the first is enough), give a
//!    position of the same key (rule 2), so they are not tried.
//! 4. **A win without taking cards back first** (`stay_home`): where cards may come back from
//!    the foundations, the same file with cards staying home is searched first, within an
//!    eighth of the budget: its moves are the real rules' moves less the take-backs, so a win
//!    there is a win (and the line is replayed through the real rules); only the whole search
//!    says "lost".
//! 5. **The named rules** (`kinds::named`) that move cards: rule 1 is off wherever a file has
//!    one (its argument is about foundations built by suit; their discard takes by no
//!    build, and whether a card may go there depends on its neighbours or its partner). A
//!    line's piles are never alike: a card's moves depend on its place in the line (the card
//!    one or three to its left, the cards either side). Pairs by rank look at no pile's
//!    place, so a group's piles stay alike: swapping two maps a pair to a pair and a win to a
//!    win. Rule 3 only leaves out moves into empty piles, which no named rule makes; rule 4
//!    changes nothing, the discard giving no card back. Rows with a base rank (Virginia
//!    Reel's): a pile takes only on its base, two single cards swap, the stock waits for the
//!    spaces, the win wants every pile full; each looks at a pile's base rank, its cards and
//!    whether it is empty, the same for every pile of a group, never at its place in the
//!    group, so the group's piles stay alike (a swap maps to a swap, a deal allowed to a deal
//!    allowed). Rule 1 is off there too (a swap moves cards; and a card sent home earlier
//!    could leave a space that holds back a deal the win makes). Cards dealt in turns
//!    (Sly Fox's): the count is the whole table's, and which pile a card goes on is the
//!    player's, so the piles stay alike; rule 1 is off while the stock has cards (its refill
//!    before the first turn is a refill from the stock), and Sly Fox's two foundations of a
//!    suit, going opposite ways and giving cards back, are not alike, which turns it off.
//!    A grid whose places are blocked by their neighbours (`BlockedBetween`, Parallels): its
//!    places are never alike (a card's moves depend on the places above and below it); and
//!    rule 1 waits for the stock that fills the grid to empty (it deals to the places it finds
//!    empty, so a card sent home earlier sends later cards elsewhere).
//!    A redeal that shuffles (Intelligence's): where each card falls depends on the order of
//!    every gathered pile and on the random numbers drawn so far, so the gathered piles stay
//!    in order while a round is left (rule 2, as for any gather), rule 1 waits (as for any
//!    gather, and for the stock that refills), and the key holds the count of numbers drawn.
//!    Aces dealt home (`AcesHomeWhenDealt`) go to the first empty foundation of their suit:
//!    two foundations of a suit stay alike, since swapping them maps that deal onto the
//!    other's (each empty one of the suit gets the Ace in one of the two).
//! 6. **A discard's cards are left out of the key** (`key`, with rule 2's switch): a discard
//!    gives no card back, and where it takes any card on any card (or takes none but by a
//!    named rule) no rule looks at its cards; what it holds is every card not elsewhere. Two
//!    positions alike but for the order of their discards have the same moves, each leading
//!    to positions alike so, and the same wins.
//! 7. **A line that can never close to one card** (`dead`, switch `dead_ends`): where cards of
//!    a line go onto matches (one suit or one rank) to their left and by no other move, every
//!    card of the pack is in the line or the discard, and the win leaves one card, a line
//!    whose cards fall into two sets with no card of one matching a card of the other is
//!    lost (a card matching no other is such a set). Argument: a card leaves the line only
//!    when a card matching it is put on it, and that card stays; no card comes into the line.
//!    So a set loses a card only to a card of the same set, which stays: each set keeps a
//!    card in the line to the end, and two cards are left at least. (A union-find over the
//!    four suits and thirteen ranks, a card joining its suit to its rank, finds the sets.)
//! 8. **A card onto the row pile that waits for it** (`rows.rs`, with rule 1's switch), where
//!    rows are built on their base (Virginia Reel): a reserve's card onto its row pile when
//!    no copy of it could need that pile, an Ace home; the argument is in `rows.rs`.
//! 9. **Cards that can never leave their piles** (`stacks.rs`, with rule 7's switch), where
//!    every foundation is built up by suit from the Ace and no named rule moves cards: a set
//!    of cards each waiting to go home for a lower card of its suit held under them, with no
//!    parent and no space that can come free; the argument is in `stacks.rs`.
//! 10. **A looser game that is lost** (`relax.rs`, with rule 7's switch), where rule 9 applies,
//!     one pack is dealt, no cell takes cards and a stock turns its cards onto a waste: cards
//!     out of their piles at hand for ever, the rest coming out as they could, but for the
//!     room a card seated on a parent keeps (`seats.rs`); a card that never comes out there
//!     never leaves its pile. The argument is in `relax.rs` and `seats.rs`.

use crate::kinds::compiled::{Again, Click, Compiled};
use crate::kinds::file::{Build, Dir, Empty, Kind, Moves, Takes};
use crate::kinds::position::{DOWN, Position};
use crate::kinds::takes::{follows, rank, suit};
use crate::kinds::{Step, moves};

mod alike;
mod asks;
mod home;
mod line;
mod relax;
mod rows;
mod seats;
mod stacks;

use alike::{Class, classes};
pub use line::LUBY_UNIT;
pub use relax::words as never_out_words;
pub use stacks::{Stuck, words as stuck_words};

/// Which rules a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    pub safe_home: bool,
    pub symmetry: bool,
    pub stay_home_first: bool,
    pub dead_ends: bool,
    /// Wins looked for first in a few short searches, the moves in other orders.
    pub restarts: bool,
    /// A win looked for first best first: the position with the most cards home gone on from.
    pub best_first: bool,
    /// The short searches try the moves nearest a win first, where runs move through cells
    /// (`order::Order::Guided`).
    pub guided: bool,
}

impl Switches {
    pub const ALL: Switches = Switches {
        safe_home: true,
        symmetry: true,
        stay_home_first: true,
        dead_ends: true,
        restarts: true,
        best_first: true,
        guided: true,
    };
    /// The plain search: every legal move, every position as it is.
    pub const NONE: Switches = Switches {
        safe_home: false,
        symmetry: false,
        stay_home_first: false,
        dead_ends: false,
        restarts: false,
        best_first: false,
        guided: false,
    };
}

/// A rule broken on purpose, for the differential test to catch (no search but a test's
/// has one).
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutant {
    /// Every card that can go home goes at once.
    NaiveHome,
    /// Cards that may come back are judged as if they stayed home (FreeCell's old error).
    HomeIgnoresBack,
    /// The waste's card goes home at once however many cards the stock turns.
    WasteAnyTurn,
    /// The piles a stock deals to in order count as alike while it has cards.
    SymmetryIgnoresDeal,
    /// A line's piles count as alike.
    LineAlike,
    /// A line's card with no match to its left counts as stuck for good.
    LonelyLeftOnly,
    /// A line's suits count as joined only where they share a rank with the first card's
    /// suit (not through a third suit).
    ApartOneStep,
    /// A card goes onto the row pile that waits for it though its twin may need that pile.
    BuildAlone,
    /// A card counts as never leaving its pile though a space could take it.
    StuckIgnoresSpaces,
    /// A card counts as never leaving its pile though a run from below could carry it.
    StuckIgnoresRuns,
    /// The looser game carries no card off under a run (rule 10).
    LooserIgnoresRuns,
    /// The looser game carries a card off only under cards face up now (rule 10): a card
    /// face down is turned up before the run moves.
    LooserRunsFaceUpOnly,
    /// The looser game's talon reaches only the places of a later round's turns (rule 10):
    /// this round's, counted from the waste's top, are forgotten.
    LooserReachTurnsOnly,
    /// The looser game seats a card on its parent though a space could take it (rule 10).
    LooserSeatsIgnoreSpaces,
    /// The looser game's seated cards never move to another parent, however many are out:
    /// the card under one counts as pinned (rule 10).
    LooserPinsStay,
}

/// The rules of one file, worked out once.
pub struct Prune {
    pub switches: Switches,
    /// Every card a table pile could ever build on each card (a bit a card).
    follow: [u64; 52],
    /// Rule 1's conditions hold for the file.
    home_rule: bool,
    /// Osmosis's ladder of foundations, where only they take cards (one pack).
    ladder: bool,
    /// Cards may come back from the foundations.
    back: bool,
    /// The waste's card may go home at once (the stock turns one card at a time).
    waste_ok: bool,
    /// The foundations that take cards, and each one's base and direction.
    pub(crate) homes: Vec<u8>,
    classes: Vec<Class>,
    /// Rule 6: the discards whose cards no rule looks at (a bit a pile).
    sinks: u128,
    /// A named rule's line (never alike: rule 5).
    line: Option<(u8, u8)>,
    /// Rule 7 holds: the line's cards leave it only under a match put on them, the win
    /// leaving one card.
    line_closes: bool,
    /// Rule 8's rows, where the file has them.
    rows: Option<rows::Rows>,
    /// Rule 9's view of the piles, where the file's foundations allow it.
    stacks: Option<stacks::Stacks>,
    /// Rule 10 applies (it reads `stacks`).
    relax: bool,
    /// Rule 9's asks in this decision, and whether any found cards stuck.
    stuck_asks: std::cell::Cell<(u32, bool)>,
    /// Rule 10's asks after a card laid on another in this decision, and whether any found
    /// the position lost.
    looser_asks: std::cell::Cell<(u32, bool)>,
    /// The file with every card staying home (rule 4), and its rules.
    pub stay_home: Option<Box<(Compiled, Prune)>>,
    pub mutant: Option<Mutant>,
    /// The guided search's view of the piles.
    pub(crate) guide: super::distance::Guide,
}

impl Prune {
    pub fn new(rules: &Compiled, switches: Switches) -> Prune {
        let mut prune = Prune::only(rules, switches);
        if switches.stay_home_first && prune.back {
            let mut file = rules.file.clone();
            for g in file.groups.iter_mut().filter(|g| g.kind.is_home()) {
                g.moves = Some(Moves::Nothing);
            }
            if let Ok(staying) = Compiled::new(file) {
                let inner = Prune::only(
                    &staying,
                    Switches {
                        stay_home_first: false,
                        ..switches
                    },
                );
                prune.stay_home = Some(Box::new((staying, inner)));
            }
        }
        prune
    }

    fn only(rules: &Compiled, switches: Switches) -> Prune {
        let piles = &rules.piles;
        // What any pile of the table could hold on a card: its build, either way.
        let mut follow = [0u64; 52];
        for pile in piles
            .iter()
            .filter(|p| !p.kind.is_home() && p.takes != Takes::Nothing && p.build != Build::Nothing)
        {
            let dirs: &[Dir] = match pile.dir {
                Dir::Either => &[Dir::Up, Dir::Down],
                ref d => std::slice::from_ref(d),
            };
            for (lower, f) in follow.iter_mut().enumerate() {
                for upper in 0..52u8 {
                    if dirs.iter().any(|&d| follows(pile, d, lower as u8, upper)) {
                        *f |= 1 << upper;
                    }
                }
            }
        }
        let homes: Vec<u8> = (0..piles.len() as u8)
            .filter(|&i| {
                let p = &piles[usize::from(i)];
                p.kind.is_home() && p.takes != Takes::Nothing
            })
            .collect();
        let back = piles
            .iter()
            .any(|p| p.kind.is_home() && p.moves != Moves::Nothing);
        let plain_piles = !piles
            .iter()
            .any(|p| p.takes == Takes::WholeRun || p.build == Build::RanksOfPrevious);
        let known_heights = homes.iter().all(|&i| {
            let p = &piles[usize::from(i)];
            p.build == Build::SameSuit
                && p.takes == Takes::One
                && matches!(p.dir, Dir::Up | Dir::Down)
                && p.suit.is_some()
                && matches!(p.empty, Empty::Rank(_) | Empty::FirstCard)
        });
        let one_a_suit = (0..4u8).all(|s| {
            homes
                .iter()
                .filter(|&&i| piles[usize::from(i)].suit.map(|x| x as u8) == Some(s))
                .count()
                <= 1
        });
        // Two packs: each suit's foundations hold the same cards at the same heights.
        let twins_alike = homes.iter().all(|&i| {
            homes.iter().all(|&j| {
                let (a, b) = (&piles[usize::from(i)], &piles[usize::from(j)]);
                a.suit != b.suit
                    || (a.empty, a.dir, a.step, a.wrap, a.max_cards)
                        == (b.empty, b.dir, b.step, b.wrap, b.max_cards)
            })
        });
        // The named rules that move cards send them to a discard no parameter describes.
        let home_rule = !rules.named.moves_cards()
            && plain_piles
            && known_heights
            && !homes.is_empty()
            && (!back || rules.decks == 1 && one_a_suit || rules.decks == 2 && twins_alike);
        let ladder = !rules.named.moves_cards()
            && rules.decks == 1
            && !back
            && !homes.is_empty()
            && homes
                .iter()
                .all(|&i| piles[usize::from(i)].build == Build::RanksOfPrevious)
            && piles
                .iter()
                .all(|p| p.kind.is_home() || p.takes == Takes::Nothing);
        Prune {
            guide: super::distance::Guide::new(rules),
            switches,
            follow,
            home_rule,
            ladder,
            back,
            waste_ok: rules.click == Click::ToWaste(1),
            homes,
            classes: classes(rules),
            sinks: piles
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.kind == Kind::Discard && (p.takes == Takes::Nothing || p.build == Build::Any)
                })
                .fold(0, |bits, (i, _)| bits | 1 << i),
            line: rules.named.line,
            line_closes: line::line_closes(rules),
            rows: rows::Rows::new(rules),
            stacks: stacks::Stacks::new(rules),
            relax: relax::applies(rules),
            stuck_asks: std::cell::Cell::new((0, false)),
            looser_asks: std::cell::Cell::new((0, false)),
            stay_home: None,
            mutant: None,
        }
    }

    /// These rules with one broken on purpose (tests).
    pub fn with(mut self, mutant: Mutant) -> Prune {
        self.mutant = Some(mutant);
        if mutant == Mutant::SymmetryIgnoresDeal {
            for c in &mut self.classes {
                c.stock_empty = false;
            }
        }
        if mutant == Mutant::LineAlike
            && let Some((first, count)) = self.line
        {
            self.classes.push(Class {
                piles: (first..first + count).collect(),
                stock_empty: false,
                last_round: false,
                later_round: false,
            });
        }
        if mutant == Mutant::NaiveHome || mutant == Mutant::WasteAnyTurn {
            self.home_rule = true;
        }
        if let Some(inner) = &mut self.stay_home {
            inner.1.mutant = Some(mutant);
        }
        self
    }
}
