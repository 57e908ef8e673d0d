//! The bar across the top at the smallest window the game is made for: every text on one line
//! and nothing over anything else, with the longest deal number there is and the deal's level,
//! in every patience.

use crate::harness::Harness;
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use zodiac::cards::DealNumber;
use zodiac::game::LaunchOptions;

/// Each text in the bar (the top strip): its words and its rectangle, in physical pixels
/// (centre and size).
fn bar_texts(h: &mut Harness) -> Vec<(String, Vec2, Vec2)> {
    let world = h.app.world_mut();
    let mut texts = world.query::<(
        &Text,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
    )>();
    let bar = zodiac::patience::layout::HUD_HEIGHT;
    texts
        .iter(world)
        .filter(|(t, node, _, visible)| visible.get() && !t.0.is_empty() && node.size().x > 0.0)
        .map(|(t, node, at, _)| {
            (
                t.0.clone(),
                at.translation,
                node.size(),
                node.inverse_scale_factor(),
            )
        })
        .filter(|(_, at, _, inverse)| at.y * inverse < bar)
        .map(|(words, at, size, _)| (words, at, size))
        .collect()
}

#[test]
fn the_bar_fits_on_one_row_at_1024x640_with_the_longest_deal_number_in_every_patience() {
    for (patience, rules) in [
        ("zodiac", "cadogan"),
        ("klondike", "draw-three"),
        ("freecell", "bakers-game"),
    ] {
        let dir =
            std::env::temp_dir().join(format!("zodiac-hud-{patience}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut h = Harness::launch(LaunchOptions {
            patience: Some(patience.into()),
            deal: DealNumber::new(10u128.pow(20)),
            rules: Some(rules.into()),
            data_dir: dir.clone(),
        });
        h.resize(1024.0, 640.0);
        // Marked as the daily game too: the longest small line there is.
        let name = h
            .app
            .world()
            .resource::<zodiac::game::session::Session>()
            .game
            .rule_set()
            .name;
        h.app
            .world_mut()
            .resource_mut::<zodiac::game::session::files::Settings>()
            .daily_games
            .insert(
                patience.into(),
                zodiac::profile::DailyGame {
                    rules: name,
                    deal: 10u128.pow(20).to_string(),
                    date: zodiac::patience::daily::Date::today(),
                },
            );
        h.settle();
        // The deal's level joins the bar once rated (on another thread): the longest bar.
        let p = zodiac::registry::by_name(patience).unwrap();
        let rating =
            zodiac::patience::difficulty::rate(p, rules, DealNumber::new(10u128.pow(20)).unwrap())
                .unwrap();
        if let Some(level) = rating.level() {
            h.run_until("the level in the bar", |h| {
                bar_texts(h)
                    .iter()
                    .any(|(w, _, _)| w.contains(level.title()))
            });
        }
        let texts = bar_texts(&mut h);
        let line = texts
            .iter()
            .find(|(words, _, _)| words == "New")
            .map(|t| t.2.y)
            .expect("the New button's label");
        assert!(
            texts
                .iter()
                .any(|(w, _, _)| w.contains("100000000000000000000")),
            "{patience}: the deal number is in the bar: {texts:?}"
        );
        for (words, _, size) in &texts {
            assert!(
                size.y < 1.4 * line,
                "{patience}: {words:?} takes more than one line ({} px, a line {line} px)",
                size.y
            );
        }
        let width = 1024.0
            * h.app
                .world()
                .get::<Window>(h.window)
                .unwrap()
                .scale_factor();
        for (i, (a, at, size)) in texts.iter().enumerate() {
            let (lo, hi) = (*at - *size / 2.0, *at + *size / 2.0);
            assert!(
                lo.x >= 0.0 && hi.x <= width,
                "{patience}: {a:?} leaves the window ({lo}..{hi})"
            );
            for (b, at_b, size_b) in &texts[i + 1..] {
                let (lo_b, hi_b) = (*at_b - *size_b / 2.0, *at_b + *size_b / 2.0);
                let apart = hi.x <= lo_b.x || hi_b.x <= lo.x || hi.y <= lo_b.y || hi_b.y <= lo.y;
                assert!(apart, "{patience}: {a:?} and {b:?} overlap");
            }
        }
        drop(h);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Settings at 1280×720 (two-deck games: nine in its family's row) is taller than the window:
/// the wheel scrolls it down to its last row, a setting changed keeps the panel where it was
/// (the panel is built again), and opened afresh it starts at its top; several turns of the
/// wheel in one frame all count.
#[test]
fn a_panel_taller_than_the_window_scrolls_under_the_wheel() {
    use zodiac::game::messages::Overlay;
    let mut h = Harness::of("zodiac", 1, "scroll");
    h.resize(1280.0, 720.0);
    h.settle();
    let open = |h: &mut Harness| {
        h.app
            .world_mut()
            .resource_mut::<NextState<Overlay>>()
            .set(Overlay::Settings);
        h.settle();
    };
    open(&mut h);
    assert_eq!(h.overlay(), Some(Overlay::Settings));
    // The panel's inner foot in its units (the HUD's scale): a panel of 88% of the window's
    // height, centred, less its padding.
    let foot = 720.0 / h.app.world().resource::<UiScale>().0 * 0.94 - 22.0;
    let below = h.button_at("Close").y;
    assert!(
        below > foot,
        "Close starts out of sight: {below} under {foot}"
    );
    for _ in 0..6 {
        h.send_wheel(1.0);
    }
    h.frame();
    h.settle();
    let now = h.button_at("Close").y;
    // As far as the last row's foot, no further: Close (about 28 high) just above the foot.
    assert!(
        now < foot - 10.0 && now > foot - 30.0,
        "scrolled into sight: {below} -> {now}, foot {foot}"
    );
    // A setting changed builds the panel again, where it was.
    h.app
        .world_mut()
        .resource_mut::<zodiac::game::session::files::Settings>()
        .sound = false;
    h.settle();
    assert!((h.button_at("Close").y - now).abs() < 1.0, "kept its place");
    h.key(KeyCode::Escape, &[]);
    h.settle();
    assert_eq!(h.overlay(), None);
    open(&mut h);
    assert!(
        (h.button_at("Close").y - below).abs() < 1.0,
        "a fresh panel starts at its top"
    );
}

/// Tab brings the button it focuses into sight: from Settings' first button at 1280×720,
/// Shift+Tab goes round to Close, below the panel's foot, and the panel scrolls to it.
#[test]
fn tab_to_a_button_out_of_sight_scrolls_the_panel_to_it() {
    use zodiac::game::messages::Overlay;
    let mut h = Harness::of("zodiac", 1, "scroll-tab");
    h.resize(1280.0, 720.0);
    h.settle();
    h.app
        .world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Settings);
    h.settle();
    let foot = 720.0 / h.app.world().resource::<UiScale>().0 * 0.94 - 22.0;
    assert!(h.button_at("Close").y > foot, "Close starts out of sight");
    h.key(KeyCode::Tab, &[KeyCode::ShiftLeft]);
    h.settle();
    let focused = h
        .app
        .world()
        .resource::<bevy::input_focus::InputFocus>()
        .get()
        .expect("a button focused");
    let world = h.app.world_mut();
    let mut texts = world.query::<(&Text, &ChildOf)>();
    let says: Vec<String> = texts
        .iter(world)
        .filter(|(_, p)| p.parent() == focused)
        .map(|(t, _)| t.0.clone())
        .collect();
    assert_eq!(says, ["Close"]);
    let close = h.button_at("Close");
    assert!(close.y < foot, "Close in sight: {close}, foot {foot}");
}

/// Each text size drawn keeps a glyph atlas of its own (1 MiB, and as much again on a software
/// renderer's GPU): the table at rest writes all its words in the HUD's one text size and font,
/// the stock's count hinted as the HUD's text is, so they draw from a single atlas.
#[test]
fn the_table_at_rest_draws_its_words_from_one_glyph_atlas() {
    let mut h = Harness::of("zodiac", 1, "atlases");
    h.settle();
    let atlases = h.app.world().resource::<bevy::text::FontAtlasSet>();
    let keys: Vec<_> = atlases.keys().collect();
    assert_eq!(
        keys.len(),
        1,
        "one atlas, for one font at one size: {keys:?}"
    );
}
