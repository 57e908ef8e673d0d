//! FreeCell at the table: clicks, lifting, refusals, auto-play and hints, through the
//! front end's interface.

use super::*;
use crate::cards::Card;
use crate::patience::{CommandLine as _, Game as _, Table, Verdict};

fn game(deal: u128) -> Game {
    Game::new(RuleSet::default_set(), DealNumber::new(deal).unwrap())
}

/// Deal 1's opening (docs/rules.md): c0 is J♦ … 6♠ bottom to top.
#[test]
fn the_table_reads_deal_one() {
    let g = game(1);
    let places = FreeCell::places(&g);
    assert_eq!(places.len(), 16);
    let c0 = FreeCell::cards(&g, Place::Column(0));
    assert_eq!(c0.len(), 7);
    assert_eq!(c0[0].card.name(), Card::parse("JD").unwrap().name());
    assert!(c0.iter().all(|s| s.face_up));
    assert!(FreeCell::cards(&g, Place::Cell(0)).is_empty());
    assert_eq!(FreeCell::place_name(&g, Place::Cell(2)), "free cell r2");
    assert_eq!(
        crate::patience::words::place_label(&g, Place::Cell(2), false),
        "Free cell r2, empty"
    );
}

/// A click sends a card home, else to a column with cards, else to an empty column, else to a
/// free cell; a run goes as one where there is room; a double-click's move (right-click too)
/// is home only.
#[test]
fn a_click_sends_a_card_to_its_best_place() {
    let mut g = game(1);
    // Deal 1: c0's top is 6♠, which goes on no top card (7♥ and 7♦ are not on top), so it
    // goes to free cell r0.
    let m = FreeCell::best_move(&g, Place::Column(0), 0).unwrap();
    assert_eq!(
        (m.from, m.to, m.count),
        (Place::Column(0), Place::Cell(0), 1)
    );
    // Four clicks fill the free cells; then the next card of that kind has nowhere to go.
    for _ in 0..4 {
        let c = (0..8u8)
            .find(|&c| {
                FreeCell::best_move(&g, Place::Column(c), 0)
                    .is_some_and(|m| matches!(m.to, Place::Cell(_)))
            })
            .unwrap();
        let m = FreeCell::best_move(&g, Place::Column(c), 0).unwrap();
        crate::patience::Game::play(&mut g, m).unwrap();
    }
    assert!(
        (0..4).all(|k| !FreeCell::cards(&g, Place::Cell(k)).is_empty()),
        "the cells are full"
    );
    assert!((0..8u8).all(|c| {
        FreeCell::best_move(&g, Place::Column(c), 0).is_none_or(|m| !matches!(m.to, Place::Cell(_)))
    }));
    // A card in a cell lifts alone; an empty cell lifts nothing.
    assert_eq!(FreeCell::lift(&g, Place::Cell(0), 0), Ok(1));
    assert_eq!(FreeCell::lift(&g, Place::Cell(0), 1), Err(None));
}

/// Lifting a card that is not the head of a run is refused with the reason; a foundation's
/// card stays home.
#[test]
fn lifting_says_why_not() {
    let g = game(1);
    let why = FreeCell::lift(&g, Place::Column(0), 3)
        .unwrap_err()
        .unwrap();
    assert!(why.contains("run"), "{why}");
    assert_eq!(FreeCell::lift(&g, Place::Foundation(0), 0), Err(None));
}

/// A run too long for the room: the drop is refused, and the words say how many cards there
/// is room for.
#[test]
fn a_run_without_room_is_refused_with_the_room() {
    // c0: 9♠ 8♥ 7♣ 6♥ 5♣ on top of K♦; c1: T♥; every cell full, no column empty.
    let card = |s: &str| Card::parse(s).unwrap();
    let c0 = [
        card("KD"),
        card("9S"),
        card("8H"),
        card("7C"),
        card("6H"),
        card("5C"),
    ];
    let c1 = [card("TH")];
    let rest: Vec<Vec<Card>> = vec![
        vec![card("AS")],
        vec![card("AH")],
        vec![card("AD")],
        vec![card("AC")],
        vec![card("2S")],
        vec![card("2H")],
    ];
    let cells = [card("3S"), card("3H"), card("3D"), card("3C")];
    let p = Position::from_parts(
        [
            &c0, &c1, &rest[0], &rest[1], &rest[2], &rest[3], &rest[4], &rest[5],
        ],
        &cells,
        [0; 4],
    )
    .unwrap();
    let mut g = Game::from_position(RuleSet::default_set(), DealNumber::new(1).unwrap(), p);
    assert_eq!(FreeCell::lift(&g, Place::Column(0), 4), Ok(5));
    assert!(!FreeCell::destinations(&g, Place::Column(0), 5).contains(&Place::Column(1)));
    let m = FreeCell::between(&g, Place::Column(0), Place::Column(1), 5).unwrap();
    let why = crate::patience::Game::play(&mut g, m).unwrap_err();
    assert!(why.contains("No room"), "{why}");
    // One card moves: 5♣ has nowhere to go but its run stays.
    assert!(FreeCell::destinations(&g, Place::Column(0), 1).is_empty());
}

/// Auto-play sends home only what nothing can use: Aces and Twos, then a Three once both
/// Twos of the other colour are home.
#[test]
fn auto_play_sends_home_only_cards_nothing_can_use() {
    let card = |s: &str| Card::parse(s).unwrap();
    let c = [
        vec![card("KS"), card("AC")],
        vec![card("3H")],
        vec![card("2C")],
        vec![card("KH")],
        vec![],
        vec![],
        vec![],
        vec![],
    ];
    let p = Position::from_parts(
        [&c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]],
        &[],
        [0, 2, 2, 2],
    )
    .unwrap();
    let mut g = Game::from_position(RuleSet::default_set(), DealNumber::new(1).unwrap(), p);
    let first = FreeCell::finishing_move(&g).unwrap();
    assert_eq!(
        (first.from, first.to),
        (Place::Column(0), Place::Foundation(0))
    );
    crate::patience::Game::play(&mut g, first).unwrap();
    let second = FreeCell::finishing_move(&g).unwrap();
    assert_eq!(second.from, Place::Column(2));
    crate::patience::Game::play(&mut g, second).unwrap();
    // 3♥ waits: the Twos of clubs and spades are home, so 3♥ is safe now.
    let third = FreeCell::finishing_move(&g).unwrap();
    assert_eq!(third.from, Place::Column(1));
}

/// The hint names the card and both places, and lights them.
#[test]
fn the_hint_names_the_card_and_places() {
    let g = game(1);
    let verdict = FreeCell::solve(g.rules(), g.position());
    let Verdict::Winnable { line, .. } = verdict else {
        panic!("deal 1 is winnable: {verdict:?}")
    };
    let (words, lit) = FreeCell::hint_from_line(&g, &line);
    assert!(
        words.starts_with("Hint: ") && words.contains(" from "),
        "{words}"
    );
    assert_eq!(lit, vec![line[0].from, line[0].to]);
    assert!(FreeCell::rules_hint(&g).is_some());
}

/// The command line's words: show prints the columns, cells, foundations and the status.
#[test]
fn show_prints_columns_then_cells_then_foundations() {
    let g = game(1);
    let text = g.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8 + 4 + 4 + 1);
    assert!(lines[0].starts_with("column c0: JD "), "{text}");
    assert_eq!(lines[8], "cell r0: --");
    assert_eq!(lines[12], "foundation f0:");
    assert_eq!(lines[16], "status: playing");
}
