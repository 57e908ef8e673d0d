//! New games chosen on the table and the daily deal, headless through picking: the chooser's
//! patience, rules and level dealt and remembered (the keyboard's N deals the same kind), and
//! today's deal dealt, marked in the bar, won, kept in the history as a daily game, and marked
//! on the calendar with its streak, across a relaunch.

use crate::harness::Harness;
use bevy::prelude::*;
use zodiac::game::messages::{Overlay, Request};
use zodiac::game::overlays::calendar::WonDay;
use zodiac::game::session::files::{History, Settings};
use zodiac::patience::daily::{self, Date};
use zodiac::patience::difficulty::{self, Level};
use zodiac::patience::{Status, Verdict};
use zodiac::registry;

#[test]
fn the_chooser_deals_the_patience_rules_and_level_chosen_and_remembers_them() {
    let mut h = Harness::of("klondike", 5, "chooser");
    h.click_button("New");
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::NewGame));
    assert!(h.screen_text().contains("seven columns"), "Klondike's line");
    // Klondike's family shows its games, not FreeCell: its family first.
    assert!(h.screen_text().contains("Stonewall") && !h.screen_text().contains("Baker"));
    h.click_button("FreeCell type");
    h.settle();
    h.click_button("FreeCell");
    h.settle();
    let text = h.screen_text();
    assert!(
        text.contains("four free cells") && text.contains("Baker's Game"),
        "{text}"
    );
    h.click_button("Baker's Game");
    h.settle();
    h.click_button("Easy");
    h.settle();
    h.click_button("Deal");
    h.run_until("an easy Baker's Game dealt", |h| {
        h.any_game().patience().name() == "freecell"
            && h.any_game().rule_set().name == "bakers-game"
    });
    assert_eq!(h.overlay(), None);
    let rated = |h: &Harness| difficulty::rate_game(h.any_game()).level();
    assert_eq!(rated(&h), Some(Level::Easy));
    let settings = h.app.world().resource::<Settings>();
    assert_eq!(settings.level, Some(Level::Easy));
    assert_eq!(settings.rules_for("freecell"), Some("bakers-game"));
    // N deals the same kind again, without the chooser.
    let first = h.any_game().deal();
    h.key(KeyCode::KeyN, &[]);
    h.run_until("another deal", |h| h.any_game().deal() != first);
    assert_eq!(rated(&h), Some(Level::Easy));
    assert_eq!(h.any_game().rule_set().name, "bakers-game");
}

/// Levels are measured by rule set: Sly Fox has none yet, St. Helena has them under both its
/// rule sets, and the chooser offers levels and daily deals where they are measured only.
#[test]
fn the_chooser_offers_levels_only_for_rule_sets_measured() {
    let mut h = Harness::of("klondike", 5, "levels-by-rules");
    h.click_button("New");
    h.settle();
    h.click_button("Two-deck games");
    h.settle();
    h.click_button("Sly Fox");
    h.settle();
    let text = h.screen_text();
    assert!(text.contains("come to these rules"), "{text}");
    assert!(
        !text.contains("Easy") && !text.contains("Today's deal"),
        "{text}"
    );
    // St. Helena's own rules come first, then the other set.
    for (button, rules) in [
        ("St. Helena", "st-helena"),
        ("Spaces filled", "st-helena-spaces"),
    ] {
        h.click_button(button);
        h.settle();
        let text = h.screen_text();
        assert!(
            text.contains("Easy") && text.contains("Today's deal"),
            "{rules}: {text}"
        );
        assert!(!text.contains("come to these rules"), "{rules}: {text}");
    }
}

/// Typing finds a patience by its name, across the families, and Enter deals it: every key
/// of a fast typist is read, several in one frame.
#[test]
fn typing_a_name_in_the_chooser_finds_the_patience_and_enter_deals_it() {
    use bevy::input::ButtonState;
    use zodiac::game::overlays::new_game::{Choice, TablePicture};
    let mut h = Harness::of("klondike", 5, "find");
    h.click_button("New");
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::NewGame));
    let pictures = |h: &mut Harness| {
        let world = h.app.world_mut();
        world.query::<&TablePicture>().iter(world).count()
    };
    assert_eq!(pictures(&mut h), 1, "the table's picture beside its line");
    // "sez" typed in one frame, then a wrong letter taken back: "se" finds Four Seasons
    // (and Seven Devils: the first found is chosen), "sea" only Four Seasons.
    for code in [KeyCode::KeyS, KeyCode::KeyE, KeyCode::KeyZ] {
        h.send_key(code, ButtonState::Pressed);
        h.send_key(code, ButtonState::Released);
    }
    h.frame();
    h.settle();
    assert!(h.screen_text().contains("no patience is called that"));
    h.key(KeyCode::Backspace, &[]);
    h.settle();
    let text = h.screen_text();
    assert!(
        text.contains("Find: se") && text.contains("Four Seasons") && text.contains("Seven Devils"),
        "{text}"
    );
    assert!(
        !text.contains("Stonewall"),
        "only the names with the letters typed: {text}"
    );
    h.key(KeyCode::KeyA, &[]);
    h.settle();
    let choice = h.app.world().resource::<Choice>().clone();
    assert_eq!(choice.patience, "four-seasons");
    assert_eq!(pictures(&mut h), 1);
    // A space is typed, not a press of the focused button (Deal, after typing).
    for _ in 0..3 {
        h.key(KeyCode::Backspace, &[]);
    }
    for code in [
        KeyCode::KeyF,
        KeyCode::KeyO,
        KeyCode::KeyU,
        KeyCode::KeyR,
        KeyCode::Space,
        KeyCode::KeyS,
    ] {
        h.key(code, &[]);
    }
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::NewGame), "Space dealt");
    let choice = h.app.world().resource::<Choice>().clone();
    assert_eq!(
        (choice.find.as_str(), choice.patience.as_str()),
        ("four s", "four-seasons")
    );
    h.key(KeyCode::Enter, &[]);
    h.run_until("Four Seasons dealt", |h| {
        h.any_game().patience().name() == "four-seasons"
    });
    assert_eq!(h.overlay(), None);
}

#[test]
fn todays_deal_is_dealt_won_and_marked_on_the_calendar() {
    let mut h = Harness::of("freecell", 5, "today");
    let today = Date::today();
    let p = registry::by_name("freecell").unwrap();
    let (deal, level) = daily::daily(p, "freecell", today).unwrap();
    h.click_button("New");
    h.settle();
    h.click_button("Today's deal");
    h.run_until("today's deal dealt", |h| h.any_game().deal() == deal);
    h.settle();
    assert!(h.screen_text().contains("Daily deal"), "the bar says so");
    assert!(
        h.screen_text().contains(level.title()),
        "and its level, {level}"
    );
    // Won along the solver's line, move by move as a player would. Safe cards go home by
    // themselves between the moves, so a move of the line may find its card gone (the deal of
    // 2026-12-03 did): then the line is worked out again from the table as it is.
    let mut solves = 0;
    'play: while h.any_game().status() == Status::Playing {
        solves += 1;
        assert!(solves < 100, "each new line plays at least one move");
        let Verdict::Winnable { line, .. } = h.any_game().snapshot().solve() else {
            panic!("a daily deal is winnable, and so is every position on its way");
        };
        for m in line {
            if h.any_game().status() != Status::Playing {
                break 'play; // the rest went home by themselves
            }
            let before = h.any_game().moves_played();
            h.app.world_mut().write_message(Request::Play(m));
            h.settle();
            if h.any_game().moves_played() == before {
                continue 'play;
            }
        }
    }
    h.run_until("the daily deal won", |h| {
        h.any_game().status() == Status::Won
    });
    h.settle();
    let last = h.app.world().resource::<History>().games.last().cloned();
    let last = last.expect("the win in the history");
    assert!(last.daily && last.date == today && last.deal == deal.get());
    h.key(KeyCode::Escape, &[]);
    // The calendar marks the day, across a relaunch.
    let mut h = h.relaunch();
    // The won table opens with its statistics.
    h.key(KeyCode::Escape, &[]);
    h.settle();
    h.click_button("New");
    h.settle();
    h.click_button("Calendar");
    h.settle();
    assert_eq!(h.overlay(), Some(Overlay::Calendar));
    let world = h.app.world_mut();
    let mut won = world.query::<&WonDay>();
    let days: Vec<Date> = won.iter(world).map(|d| d.0).collect();
    assert_eq!(days, [today]);
    let text = h.screen_text();
    assert!(text.contains("Daily streak 1"), "{text}");
    assert!(text.contains("— won"), "today's deal is done: {text}");
}

/// With winnable deals only, the next deal is searched ahead for the patience in play and for
/// the one the New chooser shows, so Deal there deals at once, and for no other: a first start
/// searched every patience's, seconds of both cores for patiences a player may never open.
#[test]
fn the_patience_the_chooser_shows_is_searched_ahead_and_no_other() {
    use zodiac::game::session::DealPicker;
    fn picker(h: &Harness) -> &DealPicker {
        h.app.world().resource::<DealPicker>()
    }
    let mut h = Harness::of("klondike", 5, "considered");
    h.run_until("Klondike's three rule sets' next deals found ahead", |h| {
        picker(h).ready_for("klondike") == 3 && !picker(h).searching()
    });
    for _ in 0..100 {
        h.update();
        assert!(!picker(&h).searching(), "no other patience is searched");
    }
    h.click_button("New");
    h.settle();
    h.click_button("One-deck games");
    h.settle();
    h.click_button("Four Seasons");
    h.settle();
    h.run_until("Four Seasons' next deal found ahead", |h| {
        picker(h).ready_for("four-seasons") == 1
    });
    h.click_button("Deal");
    let mut waited = false;
    h.run_until("Four Seasons dealt", |h| {
        waited |= picker(h).dealing();
        h.any_game().patience().name() == "four-seasons"
    });
    assert!(!waited, "dealt at once, from the deal found ahead");
}
