//! Settings and statistics: counting, limits, round trips, window sizes, bad files set aside.

use super::*;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zodiac-profile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn wins_losses_and_streaks_add_up() {
    let mut s = RuleStats::default();
    assert_eq!(s.win_rate(), None);
    s.record_win(90_000, 200);
    s.record_win(80_000, 250);
    s.record_loss();
    s.record_win(120_000, 150);
    assert_eq!((s.played, s.won, s.lost), (4, 3, 1));
    assert_eq!((s.current_streak, s.longest_streak), (1, 2));
    assert_eq!(s.best_time_ms, Some(80_000));
    assert_eq!(s.fewest_moves, Some(150));
    assert_eq!(s.win_rate(), Some(75.0));
    assert_eq!(s.averages(), Some((96_666, 200)));
}

/// The daily games the settings remember read back (their deal numbers and dates as text).
#[test]
fn settings_keep_the_daily_games() {
    let mut s = Settings::default();
    s.daily_games.insert(
        "freecell".into(),
        DailyGame {
            rules: "freecell".into(),
            deal: "123456789".into(),
            date: crate::patience::daily::Date::parse("2026-11-26").unwrap(),
        },
    );
    s.level = Some(crate::patience::difficulty::Level::Hard);
    let text = to_ron(&s).unwrap();
    assert!(text.contains("\"2026-11-26\""), "{text}");
    assert_eq!(ron::from_str::<Settings>(&text).unwrap(), s);
    // A date that is no date: the file is set aside, as any unreadable settings.
    let bad = text.replace("2026-11-26", "2026-02-30");
    assert!(ron::from_str::<Settings>(&bad).is_err());
}

/// Statistics written before the averages were kept still load, and average the wins after.
#[test]
fn statistics_from_before_the_averages_load() {
    let old = "(format: \"zodiac-statistics\", rules: {\"klondike/single-pass\": (played: 5, won: 2, \
               lost: 3, current_streak: 0, longest_streak: 1, best_time_ms: Some(61000), \
               fewest_moves: Some(90), helped: 0, winnable_played: 4)})";
    let mut stats: Statistics = ron::from_str(old).unwrap();
    let s = stats.entry("klondike/single-pass");
    assert_eq!((s.won, s.averages()), (2, None));
    s.record_win(30_000, 100);
    assert_eq!(s.averages(), Some((30_000, 100)));
}

/// A damaged history keeps every game that reads: the file as it was is set aside, the
/// games that read are written back at once.
#[test]
fn a_damaged_history_keeps_its_good_games() {
    let dir = scratch("history");
    let path = dir.join("history.txt");
    assert_eq!(load_history(&path), (history::History::default(), None));
    let good = "2026-11-26\tklondike\tklondike/single-pass\t7\teasy\twon\t90\t61000\t-\t0";
    let text = format!("{}\n{good}\n\u{0}\u{1}junk\n{good}\n", history::HEADER);
    std::fs::write(&path, &text).unwrap();
    let (games, notice) = load_history(&path);
    assert_eq!(games.games.len(), 2);
    assert!(notice.unwrap().contains("1 line(s) could not be read"));
    let (again, notice) = load_history(&path);
    assert_eq!(
        (again, notice),
        (games, None),
        "the good games were written back"
    );
    let kept = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .find(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("history.txt.broken")
        })
        .expect("the damaged file kept");
    assert_eq!(std::fs::read_to_string(kept.path()).unwrap(), text);
    // Not text at all: an empty history and a notice, never a crash.
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    let (games, notice) = load_history(&path);
    assert!(games.games.is_empty() && notice.is_some());
}

/// Show me's wins change no rate or streak; the rate of winnable deals never passes 100%,
/// even from a file written before it was counted.
#[test]
fn helped_games_and_the_winnable_rate() {
    let mut s = RuleStats::default();
    s.record_win(1_000, 100);
    s.record_winnable_deal();
    s.record_loss();
    s.record_loss();
    s.record_winnable_deal();
    s.record_helped();
    assert_eq!((s.played, s.won, s.lost, s.helped), (3, 1, 2, 1));
    assert_eq!(s.winnable_played, 2);
    assert_eq!(s.winnable_rate(), Some(50.0));
    assert_eq!(s.current_streak, 0);
    let old = RuleStats {
        played: 4,
        won: 3,
        ..RuleStats::default()
    };
    assert_eq!(old.winnable_rate(), Some(100.0));
    assert_eq!(RuleStats::default().winnable_rate(), None);
}

#[test]
fn counters_at_their_limit_stay_there() {
    let full = RuleStats {
        played: u32::MAX,
        won: u32::MAX,
        lost: u32::MAX,
        current_streak: u32::MAX,
        longest_streak: u32::MAX,
        best_time_ms: Some(u64::MAX),
        fewest_moves: Some(u32::MAX),
        helped: u32::MAX,
        winnable_played: u32::MAX,
        timed_wins: u32::MAX,
        won_time_ms: u64::MAX,
        won_moves: u64::MAX,
        vegas_balance: i64::MAX,
        best_score: Some(i64::MAX),
    };
    let mut s = full.clone();
    s.record_win(u64::MAX, u32::MAX);
    s.record_vegas(5);
    s.record_score(3);
    s.record_helped();
    s.record_winnable_deal();
    assert_eq!(s, full);
    s.record_loss();
    assert_eq!(
        (s.played, s.lost, s.current_streak),
        (u32::MAX, u32::MAX, 0)
    );
    s.record_win(1_000, 90);
    assert_eq!((s.current_streak, s.longest_streak), (1, u32::MAX));
    assert_eq!((s.best_time_ms, s.fewest_moves), (Some(1_000), Some(90)));
    assert_eq!(s.win_rate(), Some(100.0));
    // Read from a file, as the game does.
    let text = format!(
        "(format: \"zodiac-statistics\", rules: {{\"cadogan\": (played: {max}, won: {max}, \
         current_streak: {max})}})",
        max = u32::MAX
    );
    let mut stats: Statistics = ron::from_str(&text).unwrap();
    stats.entry("cadogan").record_win(5, 5);
    stats.entry("cadogan").record_loss();
    assert_eq!(stats.for_rules("cadogan").played, u32::MAX);
}

#[test]
fn files_round_trip() {
    let dir = scratch("roundtrip");
    let mut stats = Statistics::default();
    stats.entry("cadogan").record_win(1000, 120);
    save(&dir.join("statistics.ron"), &stats).unwrap();
    let (back, notice) = load_or_default::<Statistics>(&dir.join("statistics.ron"), "statistics");
    assert_eq!((back, notice), (stats, None));
    let settings = Settings {
        four_colour: true,
        deck: Deck::Clear,
        back: Back::Red,
        window: Some(WindowPlacement {
            width: 1000.0,
            height: 700.0,
            x: Some(40),
            y: None,
        }),
        ..Settings::default()
    };
    save(&dir.join("settings.ron"), &settings).unwrap();
    assert_eq!(
        load_or_default::<Settings>(&dir.join("settings.ron"), "settings").0,
        settings
    );
    let (missing, notice) = load_or_default::<Settings>(&dir.join("nope.ron"), "settings");
    assert_eq!((missing, notice), (Settings::default(), None));
}

#[test]
fn only_a_window_size_a_screen_can_have_is_used() {
    let at = |width, height| WindowPlacement {
        width,
        height,
        x: None,
        y: None,
    };
    assert!(at(1280.0, 720.0).sane().is_some());
    assert!(at(640.0, 400.0).sane().is_some());
    for (w, h) in [
        (639.0, 720.0),
        (1280.0, 10.0),
        (f32::NAN, 720.0),
        (f32::INFINITY, 720.0),
        (1e9, 720.0),
    ] {
        assert_eq!(at(w, h).sane(), None, "{w}x{h}");
    }
}

#[test]
fn unreadable_files_are_set_aside_with_a_notice() {
    let dir = scratch("bad");
    let cases: [&[u8]; 6] = [
        b"",
        b"(format: \"zodiac-statistics\", rules: {\"cadogan\": (played: 3,",
        &[0xff, 0xfe, 0x00, 0x13, 0x37],
        b"(format: \"zodiac-settings\", rules: \"cadogan\")",
        b"[1, 2, 3]",
        b"(format: \"zodiac-statistics\", rules: {}, extra: 1)",
    ];
    for (i, bytes) in cases.iter().enumerate() {
        let path = dir.join(format!("statistics-{i}.ron"));
        std::fs::write(&path, bytes).unwrap();
        let (stats, notice) = load_or_default::<Statistics>(&path, "statistics");
        assert_eq!(stats, Statistics::default(), "case {i}");
        let notice = notice.expect("a notice");
        assert!(notice.contains("kept as"), "{notice}");
        assert!(!path.exists(), "case {i}: set aside");
        let kept: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(&format!("statistics-{i}.ron.broken"))
            })
            .collect();
        assert_eq!(kept.len(), 1, "case {i}");
        assert_eq!(
            std::fs::read(kept[0].path()).unwrap(),
            *bytes,
            "the original bytes are kept"
        );
    }
}
