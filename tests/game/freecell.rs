//! FreeCell at the table, headless, through picking: the window's own messages, several in one
//! frame where a busy machine would send them. A run dragged as one, a run refused for want of
//! room (with the reason said), a click to the best place, a double-click into a free cell, the
//! keys, and safe cards going home by themselves.

use crate::harness::Harness;
use bevy::prelude::*;
use zodiac::cards::{Card, DealNumber};
use zodiac::freecell::patience::{FreeCell, Game as FGame};
use zodiac::freecell::{Move as FMove, Place as FPlace, Position, RuleSet};
use zodiac::game::messages::{GameChanged, Request};
use zodiac::game::session::Session;
use zodiac::game::table::cards::Mirror;
use zodiac::patience::Place;
use zodiac::patience::Rules as _;

/// Puts this FreeCell position on the table (set-up, not the thing tested).
fn set_position(h: &mut Harness, p: Position) {
    let g = FGame::from_position(RuleSet::default_set(), DealNumber::new(1).unwrap(), p);
    h.app.world_mut().insert_resource(Session::new(Box::new(g)));
    h.app.world_mut().write_message(GameChanged::Dealt);
    h.settle();
}

/// Where the card `depth` from the top of a place lies now.
fn card_centre(h: &Harness, place: Place, depth: usize) -> Vec2 {
    let pile = h.app.world().resource::<Mirror>().pile(place).to_vec();
    h.translation(pile[pile.len() - 1 - depth]).truncate()
}

/// A point of the card `depth` from the top of a column that the cards on it leave in view:
/// near its top edge, where a player takes hold of it.
fn card_strip(h: &Harness, place: Place, depth: usize) -> Vec2 {
    card_centre(h, place, depth) + Vec2::new(0.0, h.table().card_h * 0.4)
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

/// A whole deck, winnable: a run of three (9♠ 8♥ 7♣) on K♦ in c0, a red Ten alone on c1, the
/// rest home up to ♣5 ♠8 ♥7 ♦9 or on the other columns, no card that can go home on top.
/// With `cells_full`, four cards from c7 fill the free cells and no column is empty: no room
/// for the run.
fn a_run_position(cells_full: bool) -> Position {
    let cards = |text: &str| -> Vec<Card> { text.split(' ').map(card).collect() };
    let c7 = if cells_full {
        cards("JC QC")
    } else {
        cards("JC QC KC TS JD 9H")
    };
    let cells = if cells_full {
        cards("KC TS JD 9H")
    } else {
        Vec::new()
    };
    let columns = [
        cards("KD 9S 8H 7C"),
        cards("TH"),
        cards("6C QD KS"),
        cards("TD KH QS"),
        cards("8C JS"),
        cards("9C JH"),
        cards("TC QH"),
        c7,
    ];
    Position::from_parts(
        [
            &columns[0],
            &columns[1],
            &columns[2],
            &columns[3],
            &columns[4],
            &columns[5],
            &columns[6],
            &columns[7],
        ],
        &cells,
        [5, 8, 7, 9],
    )
    .unwrap()
}

#[test]
fn the_window_opens_on_freecell_as_microsoft_deals_it() {
    let h = Harness::of("freecell", 1, "opens");
    let g = h.any_game();
    assert_eq!(g.patience().name(), "freecell");
    // Deal 1's last row: 6♠ 9♣ 2♥ 6♥ on c0..c3.
    let top = |c| g.cards(Place::Column(c)).last().map(|s| s.card.name());
    assert_eq!(top(0), Some("6♠".to_string()));
    assert_eq!(top(3), Some("6♥".to_string()));
    let mirror = h.app.world().resource::<Mirror>();
    let in_play: usize = g.places().iter().map(|&p| mirror.pile(p).len()).sum();
    assert_eq!(in_play, 52);
    assert!(g.places().contains(&Place::Cell(3)));
    assert!(!g.places().contains(&Place::Stock));
}

#[test]
fn a_dragged_run_moves_as_one_where_there_is_room() {
    let mut h = Harness::of("freecell", 1, "drag");
    set_position(&mut h, a_run_position(false));
    let grab = card_strip(&h, Place::Column(0), 2);
    let onto = card_centre(&h, Place::Column(1), 0);
    h.drag(grab, onto + Vec2::new(0.0, -h.table().card_h * 0.2));
    h.settle();
    let g = h.any_game();
    assert_eq!(g.moves_played(), 1, "one move");
    assert_eq!(g.cards(Place::Column(1)).len(), 4);
    assert_eq!(g.cards(Place::Column(0)).len(), 1);
    let mirror = h.app.world().resource::<Mirror>();
    for place in g.places() {
        assert_eq!(mirror.pile(place).len(), g.cards(place).len(), "{place:?}");
    }
}

#[test]
fn a_run_without_room_is_refused_and_the_reason_said() {
    let mut h = Harness::of("freecell", 1, "no-room");
    set_position(&mut h, a_run_position(true));
    let at_rest = |h: &Harness| -> Vec<Vec3> {
        let pile = h
            .app
            .world()
            .resource::<Mirror>()
            .pile(Place::Column(0))
            .to_vec();
        pile.iter().map(|&e| h.translation(e)).collect()
    };
    let before = at_rest(&h);
    let grab = card_strip(&h, Place::Column(0), 2);
    let onto = card_centre(&h, Place::Column(1), 0);
    h.drag(grab, onto + Vec2::new(0.0, -h.table().card_h * 0.2));
    h.settle();
    assert_eq!(h.any_game().moves_played(), 0, "refused");
    assert_eq!(
        h.any_game().cards(Place::Column(0)).len(),
        4,
        "the run stays"
    );
    assert_eq!(at_rest(&h), before, "every card of the hand is home");
    let text = h.screen_text();
    assert!(text.contains("No room to move them"), "{text}");
}

#[test]
fn a_click_sends_a_card_to_its_best_place_and_a_double_click_to_a_free_cell() {
    let mut h = Harness::of("freecell", 1, "clicks");
    set_position(&mut h, a_run_position(false));
    // J♠ on c4 fits on Q♥ (c6): one click sends it there.
    let at = card_centre(&h, Place::Column(4), 0);
    h.click(at);
    h.settle();
    assert_eq!(h.any_game().cards(Place::Column(6)).len(), 3, "onto Q♥");
    h.app.world_mut().write_message(Request::Undo);
    h.settle();
    // A double-click (two clicks in one frame, as a busy machine sends them) puts it in a
    // free cell instead, as one move.
    h.double_click(at);
    h.settle();
    let g = h.any_game();
    assert_eq!(g.cards(Place::Cell(0)).len(), 1, "in free cell r0");
    assert_eq!(g.cards(Place::Column(6)).len(), 2, "not on Q♥");
    assert_eq!(g.moves_played(), 1);
    assert_eq!(g.cards(Place::Column(4)).len(), 1);
    // Undo takes the card back out of the cell.
    h.app.world_mut().write_message(Request::Undo);
    h.settle();
    assert_eq!(h.any_game().cards(Place::Column(4)).len(), 2);
    assert!(h.any_game().cards(Place::Cell(0)).is_empty());
}

#[test]
fn the_keys_pick_up_and_put_down_and_undo() {
    let mut h = Harness::of("freecell", 1, "keys");
    // The keyboard goes round the layout: the free cells first, then the foundations, then
    // the columns. Right eight times reaches c0; Enter twice sends its card to its best place.
    for _ in 0..9 {
        h.key(KeyCode::ArrowRight, &[]);
    }
    h.key(KeyCode::Enter, &[]);
    h.key(KeyCode::Enter, &[]);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 1);
    assert_eq!(h.any_game().cards(Place::Column(0)).len(), 6);
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 0);
    // Space turns no stock: nothing happens.
    h.key(KeyCode::Space, &[]);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 0);
}

#[test]
fn safe_cards_go_home_by_themselves() {
    let mut h = Harness::of("freecell", 1, "auto");
    // The run's 7♣ goes home once 6♣ is home, and 6♣ once the player frees it: Q♦ and K♠
    // off it, into free cells. Nothing else is safe to send home (8♥ waits for both black
    // Sevens: 7♠ is home, 7♣ then too, so 8♥ follows, and 9♠ after it, by the same rule).
    set_position(&mut h, a_run_position(false));
    for cell in 0..2 {
        let m = FreeCell::to_neutral(FMove::one(FPlace::Column(2), FPlace::Cell(cell)));
        h.app.world_mut().write_message(Request::Play(m));
        h.settle();
    }
    h.run_until("6♣ and 7♣ home, the run after them", |h| {
        let g = h.any_game();
        g.cards(Place::Foundation(0)).len() == 7 && g.cards(Place::Column(0)).len() == 1
    });
}

/// Across a relaunch: the game resumes on FreeCell (opened by the command line, so the
/// patience played last) with its moves, undo takes one back and redo plays it again, and a
/// double-click's move (one move in place of two) stays one move.
#[test]
fn freecell_resumes_after_a_relaunch_with_undo_and_redo() {
    let mut h = Harness::of("freecell", 1, "relaunch");
    // Deal 1: c0's 6♠ into a free cell (a click), then c1's 9♣ (a double-click: one move).
    let at = card_centre(&h, Place::Column(0), 0);
    h.click(at);
    h.settle();
    let at = card_centre(&h, Place::Column(1), 0);
    h.double_click(at);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 2);
    let record = h.any_game().record();
    // A plain start (no --patience) opens on the patience played last: FreeCell, which the
    // command line opened on (remembered in the very first frame, where it was once lost).
    let mut h = h.relaunch();
    assert_eq!(h.any_game().patience().name(), "freecell");
    assert_eq!(h.any_game().moves_played(), 2);
    assert_eq!(h.any_game().cards(Place::Cell(1)).len(), 1);
    h.app.world_mut().write_message(Request::Undo);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 1);
    assert!(h.any_game().redo_waits());
    let mut h = h.relaunch();
    assert_eq!(h.any_game().moves_played(), 1, "the undo was saved");
    h.app.world_mut().write_message(Request::Redo);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 2);
    let again = h.any_game().record();
    let moves = |r: &str| r.lines().filter(|l| l.contains('>')).count();
    assert_eq!(moves(&again), moves(&record));
}

/// Where each highlight that shows lies and how tall it is: its centre and size on the table.
fn lit_frames(h: &mut Harness) -> Vec<(Place, bool, Vec2, Vec2)> {
    use zodiac::game::table::{DropHighlight, HintHighlight};
    h.app
        .world_mut()
        .query::<(
            AnyOf<(&DropHighlight, &HintHighlight)>,
            &Visibility,
            &Transform,
            &Sprite,
        )>()
        .iter(h.app.world())
        .filter(|(_, v, _, _)| **v != Visibility::Hidden)
        .map(|((drop, hint), _, at, sprite)| {
            let place = drop.map(|d| d.0).or(hint.map(|h| h.0)).unwrap();
            let size = sprite.custom_size.unwrap();
            (place, hint.is_some(), at.translation.truncate(), size)
        })
        .collect()
}

/// The centre and size of the top `count` cards of a place together, as their entities lie
/// now (the place itself when empty): what a highlight frames, with a margin.
fn frame_around(h: &Harness, place: Place, count: usize) -> (Vec2, Vec2) {
    let pile = h.app.world().resource::<Mirror>().pile(place).to_vec();
    let card = h.table().card_h;
    let empty = h.table().rect(place);
    let (top, bottom) = if pile.is_empty() {
        (empty.top(), empty.bottom())
    } else {
        let first = h.translation(pile[pile.len() - count]).y;
        let last = h.translation(pile[pile.len() - 1]);
        (first + card / 2.0, last.y - card / 2.0)
    };
    let x = pile.last().map_or(empty.x, |&e| h.translation(e).x);
    (
        Vec2::new(x, (top + bottom) / 2.0),
        Vec2::new(h.table().card_w, top - bottom),
    )
}

/// Highlights frame the cards they are about, not a column's first card: a lifted run lights
/// the card it would go onto, wherever the fan has put it; a hint frames the run that moves
/// (from its first card to the top one) and the card it goes onto.
#[test]
fn highlights_frame_the_cards_they_are_about() {
    use bevy::input::ButtonState;
    let mut h = Harness::of("freecell", 1, "frames");
    set_position(&mut h, a_run_position(false));
    // 9♠ 8♥ 7♣ lifted off c0: c1's T♥ takes them.
    let grab = card_strip(&h, Place::Column(0), 2);
    h.move_to(grab);
    h.button(MouseButton::Left, ButtonState::Pressed);
    h.move_to(grab + Vec2::new(40.0, -60.0));
    h.move_to(grab + Vec2::new(80.0, -90.0));
    let lit = lit_frames(&mut h);
    let (centre, size) = frame_around(&h, Place::Column(1), 1);
    // The same margin round every frame, a few pixels (the frame's width and the picture's).
    let margin = |s: Vec2, size: Vec2| {
        let m = s - size;
        m.x == m.y && (8.0..12.0).contains(&m.x)
    };
    assert!(
        lit.iter().any(|&(p, hint, c, s)| p == Place::Column(1)
            && !hint
            && c == centre
            && margin(s, size)),
        "c1 framed on its T♥ ({centre}, {size}): {lit:?}"
    );
    h.button(MouseButton::Left, ButtonState::Released);
    h.settle();
    assert_eq!(h.any_game().moves_played(), 1, "the run went to c1");
    // Back, and T♥ onto c4's J♠ (where the solver's line puts it first); then the hint: the
    // move it gives, as the solver gave it.
    h.app.world_mut().write_message(Request::Undo);
    h.settle();
    let m = FreeCell::to_neutral(FMove::one(FPlace::Column(1), FPlace::Column(4)));
    h.app.world_mut().write_message(Request::Play(m));
    h.settle();
    assert_eq!(h.any_game().moves_played(), 1);
    h.key(KeyCode::KeyH, &[]);
    h.run_until("the hint shows", |h| {
        lit_frames(h).iter().any(|&(_, hint, _, _)| hint)
    });
    let snapshot = h.any_game().snapshot();
    let verdict = h
        .app
        .world()
        .resource::<zodiac::game::verdicts::Verdicts>()
        .get(&snapshot)
        .expect("the hint's verdict");
    let zodiac::patience::Verdict::Winnable { line, .. } = &*verdict else {
        panic!("the position is winnable: {verdict:?}");
    };
    let m = line[0];
    assert!(m.count > 1, "the hint moves a run here: {m:?}");
    let lit: Vec<_> = lit_frames(&mut h).into_iter().filter(|l| l.1).collect();
    for (place, count) in [(m.from, usize::from(m.count)), (m.to, 1)] {
        let (centre, size) = frame_around(&h, place, count);
        assert!(
            lit.iter()
                .any(|&(p, _, c, s)| p == place && c == centre && margin(s, size)),
            "{place:?} framed round its top {count} ({centre}, {size}): {lit:?}"
        );
    }
}
