//! The player's files, with no Bevy in them: settings, statistics, and reading any of the
//! player's RON files so that a bad one is set aside with a notice, never a crash or a loss.

use crate::storage::{set_aside, write_atomic};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::collections::BTreeMap;
use std::path::Path;

/// How fast cards move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum AnimationSetting {
    #[default]
    Normal,
    Fast,
    Off,
}

impl AnimationSetting {
    /// The factor animation durations are multiplied by.
    pub fn factor(self) -> f32 {
        match self {
            AnimationSetting::Normal => 1.0,
            AnimationSetting::Fast => 0.5,
            AnimationSetting::Off => 0.0,
        }
    }
}

/// Which faces the cards wear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Deck {
    /// Adrian Kennard's traditional cards: pips laid out, court figures.
    #[default]
    Traditional,
    /// The game's own plain faces: a large index and one large pip (for small windows and
    /// low vision).
    Clear,
}

/// Which back the cards show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Back {
    /// The game's own: blue, with the twelve signs' ring.
    #[default]
    Zodiac,
    /// The traditional set's black lattice.
    Black,
    /// The traditional set's red lattice.
    Red,
}

/// The player's settings (`settings.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub format: String,
    /// The patience played last, by name: the window opens on it.
    pub patience: String,
    /// The rule set for new games of Zodiac (the first patience, from before there were others).
    pub rules: String,
    /// The rule set for new games of every other patience, by the patience's name.
    pub other_rules: BTreeMap<String, String>,
    pub sound: bool,
    /// 0.0 to 1.0.
    pub volume: f32,
    pub animation: AnimationSetting,
    /// Turn a card automatically whenever the waste is empty (as PySolFC does).
    pub auto_turn: bool,
    /// In phase 2, play the rest out when every remaining card can go up without choices.
    pub auto_finish: bool,
    pub deck: Deck,
    /// ♦ blue and ♣ green, for either deck.
    pub four_colour: bool,
    pub back: Back,
    /// Say so, with an offer to undo, when a move leaves a game that can no longer be won.
    pub warn_lost: bool,
    /// New random games skip the deal numbers the solver calls lost.
    pub winnable_only: bool,
    /// Where the window was and how big, to open it the same way next time.
    pub window: Option<WindowPlacement>,
}

/// The window's size (logical pixels) and position (physical pixels, where the platform tells).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WindowPlacement {
    pub width: f32,
    pub height: f32,
    pub x: Option<i32>,
    pub y: Option<i32>,
}

impl WindowPlacement {
    /// The smallest window the table is laid out for; anything smaller (or not a number) in a
    /// file is taken as no placement at all.
    pub const MIN: (f32, f32) = (640.0, 400.0);

    /// The placement if its size is one a window can have.
    pub fn sane(self) -> Option<WindowPlacement> {
        let ok = |v: f32, min: f32| v.is_finite() && (min..=16384.0).contains(&v);
        (ok(self.width, Self::MIN.0) && ok(self.height, Self::MIN.1)).then_some(self)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            format: Settings::FORMAT.into(),
            patience: "zodiac".into(),
            rules: "cadogan".into(),
            other_rules: BTreeMap::new(),
            sound: true,
            volume: 0.7,
            animation: AnimationSetting::Normal,
            auto_turn: false,
            auto_finish: true,
            deck: Deck::Traditional,
            four_colour: false,
            back: Back::Zodiac,
            warn_lost: true,
            winnable_only: true,
            window: None,
        }
    }
}

impl Settings {
    pub const FORMAT: &'static str = "zodiac-settings";

    /// The rule set chosen for new games of this patience, if one was.
    pub fn rules_for(&self, patience: &str) -> Option<&str> {
        if patience == "zodiac" {
            Some(&self.rules)
        } else {
            self.other_rules.get(patience).map(String::as_str)
        }
    }

    /// Chooses the rule set for new games of this patience.
    pub fn set_rules_for(&mut self, patience: &str, rules: &str) {
        if patience == "zodiac" {
            self.rules = rules.to_string();
        } else {
            self.other_rules
                .insert(patience.to_string(), rules.to_string());
        }
    }
}

/// Statistics for one rule set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleStats {
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    pub current_streak: u32,
    pub longest_streak: u32,
    pub best_time_ms: Option<u64>,
    pub fewest_moves: Option<u32>,
    /// Games won by Show me: neither a win nor a loss, and not in `played`.
    pub helped: u32,
    /// Games won or lost whose deal the solver calls winnable (every win is one).
    pub winnable_played: u32,
}

impl RuleStats {
    /// Counts a win. Counters stop at `u32::MAX` instead of overflowing: they come from a file.
    pub fn record_win(&mut self, elapsed_ms: u64, moves: u32) {
        self.played = self.played.saturating_add(1);
        self.won = self.won.saturating_add(1);
        self.current_streak = self.current_streak.saturating_add(1);
        self.longest_streak = self.longest_streak.max(self.current_streak);
        self.best_time_ms = Some(self.best_time_ms.map_or(elapsed_ms, |b| b.min(elapsed_ms)));
        self.fewest_moves = Some(self.fewest_moves.map_or(moves, |b| b.min(moves)));
    }

    /// Counts a loss (saturating, like [`RuleStats::record_win`]).
    pub fn record_loss(&mut self) {
        self.played = self.played.saturating_add(1);
        self.lost = self.lost.saturating_add(1);
        self.current_streak = 0;
    }

    /// Counts a game Show me won: it changes no streak, rate or record.
    pub fn record_helped(&mut self) {
        self.helped = self.helped.saturating_add(1);
    }

    /// Counts a win or loss on a deal that could be won (see [`RuleStats::winnable_rate`]).
    pub fn record_winnable_deal(&mut self) {
        self.winnable_played = self.winnable_played.saturating_add(1);
    }

    /// Won games as a percentage of those played (None before the first game).
    pub fn win_rate(&self) -> Option<f64> {
        (self.played > 0).then(|| f64::from(self.won) * 100.0 / f64::from(self.played))
    }

    /// Won games as a percentage of the winnable deals played (None before the first). Files
    /// from before this figure existed count fewer winnable deals than wins; never above 100%.
    pub fn winnable_rate(&self) -> Option<f64> {
        let of = self.winnable_played.max(self.won);
        (of > 0).then(|| f64::from(self.won) * 100.0 / f64::from(of))
    }
}

/// Statistics per rule set (`statistics.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Statistics {
    pub format: String,
    pub rules: BTreeMap<String, RuleStats>,
}

impl Default for Statistics {
    fn default() -> Self {
        Statistics {
            format: Statistics::FORMAT.into(),
            rules: BTreeMap::new(),
        }
    }
}

impl Statistics {
    pub const FORMAT: &'static str = "zodiac-statistics";

    pub fn for_rules(&self, name: &str) -> RuleStats {
        self.rules.get(name).cloned().unwrap_or_default()
    }

    pub fn entry(&mut self, name: &str) -> &mut RuleStats {
        self.rules.entry(name.to_string()).or_default()
    }
}

/// A file kind that carries a `format` tag, so a foreign RON file is told apart.
pub trait Tagged {
    const FORMAT: &'static str;
    fn format(&self) -> &str;
}

impl Tagged for Settings {
    const FORMAT: &'static str = Settings::FORMAT;
    fn format(&self) -> &str {
        &self.format
    }
}

impl Tagged for Statistics {
    const FORMAT: &'static str = Statistics::FORMAT;
    fn format(&self) -> &str {
        &self.format
    }
}

/// Reads `path` as `T`. A missing file is the default with no notice. A file that cannot be used
/// (unreadable, not RON, the wrong shape, another format) is renamed aside and the default
/// returned, with a short notice saying what was set aside and where.
pub fn load_or_default<T: DeserializeOwned + Default + Tagged>(
    path: &Path,
    what: &str,
) -> (T, Option<String>) {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (T::default(), None),
        Err(e) => {
            return (
                T::default(),
                Some(format!(
                    "Could not read the {what} file {}: {e}",
                    path.display()
                )),
            );
        }
    };
    let parsed = std::str::from_utf8(&bytes)
        .map_err(|e| e.to_string())
        .and_then(|text| ron::from_str::<T>(text).map_err(|e| e.to_string()))
        .and_then(|value| {
            if value.format() == T::FORMAT {
                Ok(value)
            } else {
                Err(format!(
                    "it is a {:?} file, not {:?}",
                    value.format(),
                    T::FORMAT
                ))
            }
        });
    match parsed {
        Ok(value) => (value, None),
        Err(problem) => (T::default(), Some(set_aside_notice(path, what, &problem))),
    }
}

/// Sets a bad file aside and says so in one line.
pub fn set_aside_notice(path: &Path, what: &str, problem: &str) -> String {
    match set_aside(path) {
        Ok(kept) => format!(
            "The {what} file could not be read ({problem}); it was kept as {}.",
            kept.display()
        ),
        Err(e) => format!(
            "The {what} file {} could not be read ({problem}) nor set aside ({e}).",
            path.display()
        ),
    }
}

/// Any of the player's files as pretty RON.
pub fn to_ron<T: Serialize>(value: &T) -> std::io::Result<String> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::new()).map_err(std::io::Error::other)
}

/// Writes any of the player's files atomically as pretty RON.
pub fn save<T: Serialize>(path: &Path, value: &T) -> std::io::Result<()> {
    write_atomic(path, to_ron(value)?.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("zodiac-profile-{name}-{}", std::process::id()));
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
        };
        let mut s = full.clone();
        s.record_win(u64::MAX, u32::MAX);
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
        let (back, notice) =
            load_or_default::<Statistics>(&dir.join("statistics.ron"), "statistics");
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
}
