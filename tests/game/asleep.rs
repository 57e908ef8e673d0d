//! Nothing waits for the sleeping window (issue 54): with the window asleep, every button of
//! every panel is pressed, and what it does shows in the frames that press wakes the window for;
//! the sleep's end (the `Reactive` wait running out) changes nothing more. The buttons are found
//! on screen (a `Button`, or a backdrop with an `Action`), and the panels by pressing them: any
//! press that opens an overlay not met yet adds that overlay's buttons. The notices, the stuck
//! panel and the inspector are opened as a player meets them.

use crate::harness::Harness;
use bevy::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use zodiac::game::access::announce::Said;
use zodiac::game::input::Hitbox;
use zodiac::game::input::buttons::{Action, Chosen};
use zodiac::game::messages::{Overlay, Request};
use zodiac::game::session::files::{AnimationSetting, Notice, Settings};
use zodiac::game::theme::NoHover;
use zodiac::patience::Rules as _;
use zodiac::zodiac::RuleSetFile;

/// A button as a player finds it again: its label, and which of the buttons so labelled it is
/// (in reading order).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    label: String,
    nth: usize,
}

/// What can be pressed on screen, and where.
#[derive(Clone, Debug)]
struct Target {
    key: Key,
    entity: Entity,
    /// A chosen option: choosing it again changes nothing.
    chosen: bool,
    /// A window point (logical pixels from the top left), or a table point for the inspector's
    /// backdrop.
    at: Point,
}

#[derive(Clone, Copy, Debug)]
enum Point {
    Window(Vec2),
    Table(Vec2),
}

/// A screen to press the buttons of: how to launch the game and get there (awake).
#[derive(Clone)]
struct Screen {
    name: String,
    patience: &'static str,
    open: Rc<dyn Fn(&mut Harness)>,
}

/// What the player sees and hears (the clock's digits aside: they tick by themselves).
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    overlay: Option<Overlay>,
    patience: &'static str,
    record: String,
    texts: Vec<String>,
    settings: String,
    said: u64,
    notice: Option<String>,
    atlas: Option<String>,
    /// The options shown chosen.
    chosen: Vec<String>,
}

fn seen(h: &mut Harness) -> Seen {
    let world = h.app.world_mut();
    let mut texts: Vec<String> = world
        .query::<(&Text, &InheritedVisibility)>()
        .iter(world)
        .filter(|(_, v)| v.get())
        .map(|(t, _)| without_clock(&t.0))
        .collect();
    texts.extend(
        world
            .query::<(&Text2d, &InheritedVisibility)>()
            .iter(world)
            .filter(|(_, v)| v.get())
            .map(|(t, _)| without_clock(&t.0)),
    );
    texts.retain(|t| !t.is_empty());
    let mut chosen: Vec<String> = targets(h)
        .into_iter()
        .filter(|t| t.chosen)
        .map(|t| t.key.label)
        .collect();
    chosen.sort();
    texts.sort();
    let game = h.any_game();
    Seen {
        overlay: h.overlay(),
        patience: game.patience().name(),
        record: game.record_at(0),
        texts,
        settings: format!("{:?}", h.app.world().resource::<Settings>().0),
        said: h.app.world().resource::<Said>().count,
        notice: h.app.world().resource::<Notice>().0.clone(),
        atlas: h
            .app
            .world()
            .get_resource::<zodiac::game::draw::art::CardAtlas>()
            .map(|a| format!("{:?}", a.style)),
        chosen,
    }
}

/// The words with the clock's figures (`1:05`, `1:02:03`) blanked.
fn without_clock(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let mut end = i + digits;
        let mut clock = false;
        while digits > 0
            && end + 2 < chars.len() + 1
            && chars.get(end) == Some(&':')
            && chars.get(end + 1).is_some_and(char::is_ascii_digit)
            && chars.get(end + 2).is_some_and(char::is_ascii_digit)
        {
            end += 3;
            clock = true;
        }
        if clock {
            out.push_str("#:##");
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Everything a player can press now: buttons shown (a panel's own body aside) and backdrops
/// that close what they are behind.
fn targets(h: &mut Harness) -> Vec<Target> {
    let world = h.app.world_mut();
    let labels: Vec<(Entity, String)> = world
        .query::<(&Text, &ChildOf)>()
        .iter(world)
        .map(|(t, p)| (p.parent(), t.0.clone()))
        .collect();
    let mut found: Vec<(String, Vec2, Entity, Point, bool)> = Vec::new();
    let mut q = world.query::<(
        Entity,
        Has<Button>,
        Has<NoHover>,
        Has<Action>,
        Option<&Chosen>,
        &InheritedVisibility,
        Option<&ComputedNode>,
        Option<&UiGlobalTransform>,
        Option<&Hitbox>,
        Option<&Transform>,
    )>();
    for (e, button, no_hover, action, chosen, visible, node, ui, hitbox, transform) in q.iter(world)
    {
        let chosen = chosen.is_some_and(|c| c.0);
        if !visible.get() || !((button && !no_hover) || action) {
            continue;
        }
        if let (Some(node), Some(ui)) = (node, ui) {
            if node.size().x <= 0.0 {
                continue;
            }
            let scale = node.inverse_scale_factor();
            let centre = ui.translation * scale;
            if button {
                let label = labels
                    .iter()
                    .find(|(p, _)| *p == e)
                    .map_or("(unlabelled)".to_string(), |(_, l)| l.clone());
                found.push((label, centre, e, Point::Window(centre), chosen));
            } else {
                // A backdrop: pressed outside the panel, near its corner.
                let corner = centre - node.size() * scale / 2.0 + Vec2::splat(6.0);
                found.push(("(backdrop)".into(), corner, e, Point::Window(corner), false));
            }
        } else if let (Some(_), Some(t)) = (hitbox, transform) {
            let at = t.translation.truncate();
            found.push(("(backdrop)".into(), at, e, Point::Table(at), false));
        }
    }
    // Reading order: top to bottom, left to right.
    found.sort_by(|a, b| (a.1.y, a.1.x).partial_cmp(&(b.1.y, b.1.x)).unwrap());
    let mut targets: Vec<Target> = Vec::new();
    for (label, _, entity, at, chosen) in found {
        let nth = targets.iter().filter(|t| t.key.label == label).count();
        targets.push(Target {
            key: Key { label, nth },
            entity,
            chosen,
            at,
        });
    }
    targets
}

/// The buttons of this screen: those shown once it is open, less those the table showed
/// before (the bar's buttons belong to the table's screen alone).
fn open_screen(screen: &Screen) -> (Harness, Vec<Target>) {
    let mut h = launch(screen.patience);
    let before: BTreeSet<Entity> = if screen.name == "the table" {
        BTreeSet::new()
    } else {
        targets(&mut h).into_iter().map(|t| t.entity).collect()
    };
    (screen.open)(&mut h);
    h.settle();
    let shown = targets(&mut h)
        .into_iter()
        .filter(|t| !before.contains(&t.entity))
        .collect();
    (h, shown)
}

fn press(h: &mut Harness, at: Point) {
    match at {
        Point::Window(p) => h.click_window(p),
        Point::Table(p) => h.click(p),
    }
}

/// A copy of a data folder where this patience's deal 1 is saved, animation is off (the
/// window sleeps soonest) and every deal wanted ahead is found (no search keeps it awake).
fn launch(patience: &'static str) -> Harness {
    static COPIES: AtomicUsize = AtomicUsize::new(0);
    let template = std::env::temp_dir().join(format!(
        "zodiac-asleep-{patience}-template-{}",
        std::process::id()
    ));
    if !template.exists() {
        let mut h = Harness::of(patience, 1, "asleep-template");
        h.app.world_mut().resource_mut::<Settings>().animation = AnimationSetting::Off;
        h.fall_asleep();
        let dir = h.quit();
        copy_dir(&dir, &template);
        let _ = std::fs::remove_dir_all(&dir);
    }
    let n = COPIES.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "zodiac-asleep-{patience}-{n}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&template, &dir);
    Harness::in_dir(0, dir)
}

fn copy_dir(from: &PathBuf, to: &PathBuf) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// The screens met by setting the game up, as a player meets them.
fn set_up_screens() -> Vec<Screen> {
    let screen = |name: &str, patience, open: Rc<dyn Fn(&mut Harness)>| Screen {
        name: name.into(),
        patience,
        open,
    };
    vec![
        screen("the table", "freecell", Rc::new(|_| {})),
        screen(
            "the file notice",
            "freecell",
            Rc::new(|h| {
                h.app.world_mut().resource_mut::<Notice>().0 =
                    Some("The settings were set aside.".into());
            }),
        ),
        screen(
            "the inspector",
            "zodiac",
            Rc::new(|h| {
                let pile = h.centre_of(zodiac::zodiac::Place::Zodiac(7));
                h.click_with(pile, MouseButton::Right);
            }),
        ),
        screen(
            "the lost notice",
            "zodiac",
            Rc::new(|h| {
                let (game, losing) = crate::at_table::a_losing_move();
                h.set_game(game);
                let m = zodiac::zodiac::patience::Zodiac::to_neutral(losing);
                h.app.world_mut().write_message(Request::Play(m));
                h.run_until("the lost notice", |h| {
                    h.app
                        .world()
                        .resource::<zodiac::game::assistance::advice::LostNotice>()
                        .0
                        .is_some()
                });
            }),
        ),
        screen(
            "the stuck panel",
            "zodiac",
            Rc::new(|h| {
                h.set_game(a_stuck_game());
                h.run_until("the stuck panel", |h| h.overlay() == Some(Overlay::Stuck));
            }),
        ),
    ]
}

#[test]
fn every_button_is_answered_without_waiting_for_the_window_to_wake() {
    let mut screens = set_up_screens();
    let mut met: Vec<Overlay> = vec![Overlay::Stuck, Overlay::Inspector];
    let mut late = Vec::new();
    let mut silent = Vec::new();
    let mut pressed = 0;
    let mut i = 0;
    while i < screens.len() {
        let screen = screens[i].clone();
        i += 1;
        let (mut h, buttons) = open_screen(&screen);
        assert!(!buttons.is_empty(), "no buttons on {}", screen.name);
        let overlay = h.overlay();
        let mut fresh = true;
        for key in buttons.iter().map(|t| t.key.clone()) {
            // The screen as it was, with this button on it: pressed where it is now.
            let target = match (fresh && h.overlay() == overlay)
                .then(|| targets(&mut h).into_iter().find(|t| t.key == key))
                .flatten()
            {
                Some(t) => t,
                None => {
                    let (again, _) = open_screen(&screen);
                    h = again;
                    targets(&mut h)
                        .into_iter()
                        .find(|t| t.key == key)
                        .unwrap_or_else(|| panic!("{key:?} gone from {}", screen.name))
                }
            };
            fresh = true;
            h.fall_asleep();
            let before = seen(&mut h);
            press(&mut h, target.at);
            h.until_asleep();
            let answered = seen(&mut h);
            h.timeout();
            h.timeout();
            let woken = seen(&mut h);
            pressed += 1;
            let what = format!("{:?} on {}", key.label, screen.name);
            if !target.chosen && before == answered {
                silent.push(format!("{what}: {before:#?}"));
            }
            if answered != woken {
                late.push(format!(
                    "{what}: once pressed {answered:#?}\nonce the window woke by itself {woken:#?}"
                ));
            }
            if let Some(o) = answered.overlay.filter(|o| !met.contains(o)) {
                met.push(o);
                let parent = screen.open.clone();
                screens.push(Screen {
                    name: format!("{o:?} (by {:?} on {})", key.label, screen.name),
                    patience: screen.patience,
                    open: Rc::new(move |h| {
                        parent(h);
                        h.settle();
                        let t = targets(h).into_iter().find(|t| t.key == key).unwrap();
                        press(h, t.at);
                        h.run_until("the overlay open", |h| h.overlay() == Some(o));
                    }),
                });
            }
            // A press that left the screen: the next one starts again.
            if answered.overlay != overlay {
                fresh = false;
            }
        }
    }
    for o in [
        Overlay::NewGame,
        Overlay::Calendar,
        Overlay::Settings,
        Overlay::Statistics,
        Overlay::Rules,
        Overlay::ChooseDeal,
    ] {
        assert!(met.contains(&o), "{o:?} never opened");
    }
    assert!(
        late.is_empty() && silent.is_empty(),
        "{} of {pressed} presses waited for the window to wake:\n{}\n\nand these did nothing:\n{}",
        late.len(),
        late.join("\n\n"),
        silent.join("\n\n")
    );
}

/// Zodiac under Cadogan's rules with a full clubs foundation each way and its last cards
/// again on the table: nothing can go anywhere.
fn a_stuck_game() -> zodiac::zodiac::Game {
    use zodiac::zodiac::{Card, DealNumber, Game, Position, RuleSet, Status};
    let c = |s: &str| Card::parse(s).unwrap();
    let (kc, ac) = ([c("KC")], [c("AC")]);
    let mut piles: [&[Card]; 24] = [&[]; 24];
    piles[0] = &kc;
    piles[1] = &ac;
    let mut equator = [None; 8];
    equator[0] = Some(c("KC"));
    equator[1] = Some(c("AC"));
    let position = Position::from_parts(equator, piles, [13, 0, 0, 0, 13, 0, 0, 0], &[], &[]);
    let game = Game::from_position(
        RuleSet::builtin("cadogan").unwrap(),
        DealNumber::new(9).unwrap(),
        position,
    );
    assert_eq!(game.status(), Status::Stuck);
    game
}
