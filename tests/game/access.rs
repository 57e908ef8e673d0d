//! The accessibility tree, headless: every place and button is a node with words, the words
//! follow the game, the keyboard's selection is the focus, Tab and Enter press buttons, and a
//! move is spoken once (the same key messages winit sends, several in one frame too).

use crate::harness::Harness;
use bevy::a11y::AccessibilityNode;
use bevy::input::ButtonState;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use zodiac::game::access::announce::Said;
use zodiac::game::messages::Overlay;
use zodiac::game::session::Session;
use zodiac::game::session::files::Settings;
use zodiac::game::table::PlaceMarker;
use zodiac::patience::{Place, words};

/// Each place's node label, by place.
fn place_labels(h: &mut Harness) -> Vec<(Place, String)> {
    let world = h.app.world_mut();
    let mut q = world.query::<(&PlaceMarker, Option<&AccessibilityNode>)>();
    let mut out: Vec<(Place, String)> = q
        .iter(world)
        .map(|(m, node)| {
            let node = node.unwrap_or_else(|| panic!("{:?} has no accessibility node", m.0));
            (m.0, node.label().unwrap_or_default().to_string())
        })
        .collect();
    out.sort_by_key(|(p, _)| *p);
    out
}

fn label_of(h: &mut Harness, place: Place) -> String {
    place_labels(h)
        .into_iter()
        .find(|(p, _)| *p == place)
        .map(|(_, l)| l)
        .unwrap()
}

/// The label and role of every visible UI button.
fn buttons(h: &mut Harness) -> Vec<(String, accesskit::Role)> {
    let world = h.app.world_mut();
    let mut q = world.query_filtered::<(
        Option<&AccessibilityNode>,
        &InheritedVisibility,
        &bevy::ui::ComputedNode,
    ), (With<Button>, Without<zodiac::game::theme::NoHover>)>();
    q.iter(world)
        .filter(|(_, seen, node)| seen.get() && node.size().x > 0.0)
        .map(|(n, ..)| {
            let n = n.expect("a button without an accessibility node");
            (n.label().unwrap_or_default().to_string(), n.role())
        })
        .collect()
}

fn said(h: &Harness) -> (u64, String) {
    let s = h.app.world().resource::<Said>();
    (s.count, s.last.clone())
}

fn focus(h: &Harness) -> Option<Entity> {
    h.app.world().resource::<InputFocus>().get()
}

fn marker_of(h: &mut Harness, place: Place) -> Entity {
    let world = h.app.world_mut();
    let mut q = world.query::<(Entity, &PlaceMarker)>();
    q.iter(world).find(|(_, m)| m.0 == place).unwrap().0
}

#[test]
fn every_place_and_button_has_words_in_every_patience() {
    for patience in ["zodiac", "klondike", "freecell"] {
        let mut h = Harness::of(patience, 3, &format!("words-{patience}"));
        let labels = place_labels(&mut h);
        let game_places = h.app.world().resource::<Session>().game.places();
        assert_eq!(
            labels.len(),
            game_places.len(),
            "{patience}: one node a place"
        );
        for (place, label) in &labels {
            assert!(!label.is_empty(), "{patience}: {place:?} has no label");
        }
        let b = buttons(&mut h);
        assert!(b.len() >= 10, "{patience}: the bar's buttons: {b:?}");
        for (label, role) in &b {
            assert!(!label.is_empty(), "{patience}: a button without words");
            assert_eq!(*role, accesskit::Role::Button, "{label}");
        }
        assert!(b.iter().any(|(l, _)| l == "Hint"), "{b:?}");
    }
}

#[test]
fn labels_follow_the_game_and_a_move_is_said_once() {
    let mut h = Harness::of("klondike", 1, "follow");
    let game = |h: &Harness| {
        let s = h.app.world().resource::<Session>();
        (
            words::place_label(s.game.as_ref(), Place::Stock, false),
            s.game.moves_played(),
        )
    };
    assert_eq!(label_of(&mut h, Place::Stock), "Stock, 23 cards");
    let (count, _) = said(&h);
    // D turns the stock: the stock's label follows, and the turn is said once.
    h.key(KeyCode::KeyD, &[]);
    h.settle();
    assert_eq!(label_of(&mut h, Place::Stock), "Stock, 22 cards");
    assert_eq!(game(&h).0, "Stock, 22 cards");
    let (after, words) = said(&h);
    assert_eq!(after, count + 1, "one announcement for one move");
    assert_eq!(words, "Turned A♣ onto the waste.");
    // Undo: said too, and the label goes back.
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.settle();
    assert_eq!(label_of(&mut h, Place::Stock), "Stock, 23 cards");
    assert_eq!(said(&h).1, "Undone: the card went back to the stock.");
    assert_eq!(game(&h).1, 0);
}

/// FreeCell's free cells read as "Free cell r0: 6♠" once a card is there, and the move is
/// said from the table it left.
#[test]
fn a_free_cell_reads_its_card() {
    let mut h = Harness::of("freecell", 1, "cell");
    assert_eq!(label_of(&mut h, Place::Cell(0)), "Free cell r0, empty");
    assert_eq!(
        label_of(&mut h, Place::Column(0)),
        "Column c0: J♦, K♦, 2♠, 4♣, 3♠, 6♦, 6♠"
    );
    // Deal 1's 6♠ has nowhere else to go: a click puts it in the first free cell.
    let top = *h
        .app
        .world()
        .resource::<zodiac::game::table::cards::Mirror>()
        .pile(Place::Column(0))
        .last()
        .unwrap();
    let at = h.translation(top).truncate();
    h.click(at);
    h.settle();
    assert_eq!(label_of(&mut h, Place::Cell(0)), "Free cell r0: 6♠");
    assert_eq!(
        said(&h).1,
        "6♠ from column c0 to free cell r0. Column c0 now shows 6♦."
    );
}

#[test]
fn spoken_moves_can_be_switched_off_but_notices_are_always_said() {
    let mut h = Harness::of("klondike", 1, "quiet");
    h.app.world_mut().resource_mut::<Settings>().speak_moves = false;
    let (count, _) = said(&h);
    h.key(KeyCode::KeyD, &[]);
    h.settle();
    assert_eq!(
        said(&h).0,
        count,
        "a move is not said with spoken moves off"
    );
    h.key(KeyCode::KeyH, &[]);
    // On a busy machine "Working out a hint…" may be said first (after 300 ms): a notice too.
    h.run_until("the hint is said", |h| said(h).1.starts_with("Hint"));
}

#[test]
fn the_keyboard_selection_is_the_focus_and_enter_plays_from_it() {
    let mut h = Harness::of("klondike", 1, "focus");
    assert_eq!(focus(&h), None);
    // Right and Enter in one frame: the stock (first in the layout's order, at the top left)
    // is selected, focused and turned.
    for key in [KeyCode::ArrowRight, KeyCode::Enter] {
        h.send_key(key, ButtonState::Pressed);
        h.send_key(key, ButtonState::Released);
    }
    h.frame();
    h.settle();
    let stock = marker_of(&mut h, Place::Stock);
    assert_eq!(focus(&h), Some(stock), "focus follows the selection");
    assert_eq!(label_of(&mut h, Place::Stock), "Stock, 22 cards");
    // Right: the waste, its card picked up with Enter (said in its label).
    h.key(KeyCode::ArrowRight, &[]);
    let waste = marker_of(&mut h, Place::Waste);
    assert_eq!(focus(&h), Some(waste));
    h.key(KeyCode::Enter, &[]);
    let label = label_of(&mut h, Place::Waste);
    assert!(label.ends_with(", picked up"), "{label}");
    // Esc lets go of the selection, and of the focus.
    h.key(KeyCode::Escape, &[]);
    h.frame();
    assert_eq!(focus(&h), None);
}

/// The button the keyboard's focus is on wears a ring in the selection's colour, and only that
/// one: Tab moves the ring along, and the arrows (a place selected) take it off the buttons.
#[test]
fn the_focused_button_wears_a_ring() {
    let mut h = Harness::of("zodiac", 1, "ring");
    let ringed = |h: &mut Harness| -> Vec<(Entity, Outline)> {
        let world = h.app.world_mut();
        let mut q = world.query_filtered::<(Entity, &Outline), With<Button>>();
        q.iter(world).map(|(e, o)| (e, *o)).collect()
    };
    assert!(
        ringed(&mut h).is_empty(),
        "no ring before the keyboard moves"
    );
    h.key(KeyCode::Tab, &[]);
    let new = focus(&h).expect("Tab focuses a button");
    let rings = ringed(&mut h);
    assert_eq!(rings.len(), 1, "{rings:?}");
    let (e, ring) = rings[0];
    assert_eq!(e, new, "the ring is on the focused button");
    assert_eq!(ring.color, zodiac::game::theme::Palette::HIGHLIGHT);
    assert!(matches!(ring.width, Val::Px(w) if w >= 2.0), "{ring:?}");
    h.key(KeyCode::Tab, &[]);
    let next = focus(&h).unwrap();
    assert_ne!(next, new);
    assert_eq!(
        ringed(&mut h).iter().map(|r| r.0).collect::<Vec<_>>(),
        vec![next]
    );
    h.key(KeyCode::ArrowRight, &[]);
    h.frame();
    assert!(
        ringed(&mut h).is_empty(),
        "a place selected: no button ringed"
    );
}

#[test]
fn tab_goes_round_the_buttons_and_enter_presses_them() {
    let mut h = Harness::of("zodiac", 1, "tab");
    let named = |h: &mut Harness| {
        let e = focus(h)?;
        let node = h.app.world().get::<AccessibilityNode>(e)?;
        node.label().map(str::to_string)
    };
    h.key(KeyCode::Tab, &[]);
    assert_eq!(named(&mut h).as_deref(), Some("New"));
    h.key(KeyCode::Tab, &[KeyCode::ShiftLeft]);
    assert_eq!(named(&mut h).as_deref(), Some("Settings"));
    // Enter presses it: the panel opens and the focus goes into it.
    h.key(KeyCode::Enter, &[]);
    h.frame();
    assert_eq!(h.overlay(), Some(Overlay::Settings));
    h.frame();
    let first = named(&mut h);
    assert!(first.is_some(), "the panel's first button has the focus");
    let role = h
        .app
        .world()
        .get::<AccessibilityNode>(focus(&h).unwrap())
        .unwrap()
        .role();
    assert_eq!(role, accesskit::Role::RadioButton, "{first:?}");
    // Esc closes it; the arrows select a place again.
    h.key(KeyCode::Escape, &[]);
    h.frame();
    assert_eq!(h.overlay(), None);
    h.key(KeyCode::ArrowRight, &[]);
    let waste = marker_of(&mut h, Place::Waste);
    assert_eq!(focus(&h), Some(waste));
}
