//! A pile of a file's group, compiled: its place in the front end's words, and the kind's
//! defaults where the group says nothing (as PySolFC's stack classes default their caps).

use super::{MAX_CARDS, Pile, place_kind};
use crate::cards::Suit;
use crate::kinds::file::{Build, Dir, Empty, Group, Kind, Moves, Shown, StockDeal, Takes};
use crate::patience::Place;

/// The place of a group's next pile: numbered on from the piles of the same place kind before.
pub(super) fn counts_slot(group: &Group, counts: &mut [u8; 6]) -> Result<Place, String> {
    let place = |k: u8| match group.kind {
        Kind::Stock => Place::Stock,
        Kind::Waste => Place::Waste,
        Kind::Foundation | Kind::Discard => Place::Foundation(k),
        Kind::Cell => Place::Cell(k),
        Kind::Tableau => match group.shown.unwrap_or(Shown::Column) {
            Shown::Column => Place::Column(k),
            Shown::Squared | Shown::Row => Place::Pile(k),
        },
    };
    let (kind, _) = place_kind(place(0));
    let k = counts[kind];
    counts[kind] = k
        .checked_add(1)
        .filter(|&c| c <= 100)
        .ok_or("more than 100 piles of one kind")?;
    Ok(place(k))
}

/// A pile of a group, the kind's defaults where the group says nothing.
pub(super) fn pile(
    group: &Group,
    g: u8,
    place: Place,
    suit: Option<Suit>,
    from: u64,
) -> Result<Pile, String> {
    let kind = group.kind;
    let (build, dir, moves, takes, empty, max_cards) = match kind {
        Kind::Stock | Kind::Waste => (
            Build::Nothing,
            Dir::Down,
            // An open stock's top card plays, as the waste's.
            if kind == Kind::Waste || group.deals == Some(StockDeal::Open) {
                Moves::One
            } else {
                Moves::Nothing
            },
            Takes::Nothing,
            Empty::Nothing,
            MAX_CARDS as u8,
        ),
        Kind::Foundation => (
            Build::SameSuit,
            Dir::Up,
            Moves::Nothing,
            Takes::One,
            Empty::Rank(1),
            13,
        ),
        Kind::Discard => (
            Build::Any,
            Dir::Down,
            Moves::Nothing,
            Takes::One,
            Empty::Any,
            MAX_CARDS as u8,
        ),
        Kind::Cell => (
            Build::Nothing,
            Dir::Down,
            Moves::One,
            Takes::One,
            Empty::Any,
            1,
        ),
        Kind::Tableau => (
            group
                .build
                .ok_or("build: a tableau pile says how cards build on it")?,
            Dir::Down,
            Moves::Run,
            Takes::Run,
            Empty::Any,
            MAX_CARDS as u8,
        ),
    };
    let pile = Pile {
        kind,
        group: g,
        place,
        build: group.build.unwrap_or(build),
        dir: group.dir.unwrap_or(dir),
        step: group.step.unwrap_or(1),
        wrap: group.wrap.unwrap_or(false),
        moves: group.moves.unwrap_or(moves),
        takes: group.takes.unwrap_or(takes),
        empty: group.empty.unwrap_or(empty),
        max_cards: group.max_cards.unwrap_or(max_cards),
        suit,
        from,
    };
    if let Empty::Rank(r) = pile.empty
        && !(1..=13).contains(&r)
    {
        return Err(format!("empty: Rank({r}): 1 (Ace) to 13 (King)"));
    }
    // Step 0: cards of one rank (a foundation of Aces).
    if pile.step > 12 || pile.step == 0 && kind == Kind::Tableau {
        return Err(format!(
            "step: {}: 1 to 12 ranks apart (0, one rank, on a foundation)",
            pile.step
        ));
    }
    if kind == Kind::Discard && pile.moves != Moves::Nothing {
        return Err("moves: a discard gives nothing back".into());
    }
    if pile.max_cards == 0 {
        return Err("max_cards: at least one".into());
    }
    if matches!(kind, Kind::Stock | Kind::Waste) && (group.takes.is_some() || group.moves.is_some())
    {
        return Err("moves and takes: the stock's and the waste's are the rules'".into());
    }
    if pile.build == Build::Nothing && pile.takes == Takes::Run {
        return Err("takes: Run needs a build".into());
    }
    Ok(pile)
}
