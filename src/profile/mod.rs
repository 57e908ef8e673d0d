//! The player's files, with no Bevy in them: settings, statistics, and reading any of the
//! player's RON files so that a bad one is set aside with a notice, never a crash or a loss.

pub mod history;

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
    /// New random games are winnable deals at this level (`patience::difficulty`).
    pub level: Option<crate::patience::difficulty::Level>,
    /// A screen reader speaks each move (the hint and the notices are spoken whatever this says).
    pub speak_moves: bool,
    /// The score a patience that keeps one shows (Klondike): none, standard or Vegas.
    pub scoring: crate::patience::score::Scoring,
    /// The daily deal each patience last dealt (by the patience's name): its game is that
    /// day's daily game while it is the one in play.
    pub daily_games: BTreeMap<String, DailyGame>,
    /// Where the window was and how big, to open it the same way next time.
    pub window: Option<WindowPlacement>,
}

/// A daily deal dealt: its rule set (by name), deal number and date.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DailyGame {
    pub rules: String,
    /// The deal number, written as text (RON has no 128-bit numbers here).
    pub deal: String,
    pub date: crate::patience::daily::Date,
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
            level: None,
            speak_moves: true,
            scoring: crate::patience::score::Scoring::default(),
            daily_games: BTreeMap::new(),
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
    /// Wins with their time and moves added up (for the averages): the wins counted since
    /// statistics kept these (older files start at 0).
    pub timed_wins: u32,
    pub won_time_ms: u64,
    pub won_moves: u64,
    /// The Vegas balance, carried from game to game until the player resets it.
    pub vegas_balance: i64,
    /// The best standard score of a win.
    pub best_score: Option<i64>,
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
        self.timed_wins = self.timed_wins.saturating_add(1);
        self.won_time_ms = self.won_time_ms.saturating_add(elapsed_ms);
        self.won_moves = self.won_moves.saturating_add(u64::from(moves));
    }

    /// The average time and moves of the wins that kept them (None before the first).
    pub fn averages(&self) -> Option<(u64, u64)> {
        let n = u64::from(self.timed_wins);
        (n > 0).then(|| (self.won_time_ms / n, self.won_moves / n))
    }

    /// Adds a game's Vegas takings to the balance (saturating: it comes from a file).
    pub fn record_vegas(&mut self, takings: i64) {
        self.vegas_balance = self.vegas_balance.saturating_add(takings);
    }

    /// Keeps a won game's standard score if it is the best.
    pub fn record_score(&mut self, score: i64) {
        self.best_score = Some(self.best_score.map_or(score, |b| b.max(score)));
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

/// The next winnable deal found for each patience and rule set (`next-deals.ron`), kept across a
/// relaunch so that the first game of the next start needs no solver before its first frame.
/// Keys are the patience's name and the rule set's statistics key (`klondike klondike/unlimited`);
/// values deal numbers. A number here is a hint, never trusted for more: it was proved winnable
/// when found, and the game dealt from it is judged again at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextDeals {
    pub format: String,
    pub deals: BTreeMap<String, String>,
}

impl Default for NextDeals {
    fn default() -> Self {
        NextDeals {
            format: NextDeals::FORMAT.into(),
            deals: BTreeMap::new(),
        }
    }
}

impl NextDeals {
    pub const FORMAT: &'static str = "zodiac-next-deals";
}

impl Tagged for NextDeals {
    const FORMAT: &'static str = NextDeals::FORMAT;
    fn format(&self) -> &str {
        &self.format
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

/// Reads the history of finished games. A missing file is an empty history; lines that
/// cannot be read are dropped, the file as it was is set aside with a notice, and the lines
/// that read are written back at once, so nothing that could be kept is lost.
pub fn load_history(path: &Path) -> (history::History, Option<String>) {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (history::History::default(), None);
        }
        Err(e) => {
            return (
                history::History::default(),
                Some(format!(
                    "Could not read the history file {}: {e}",
                    path.display()
                )),
            );
        }
    };
    let (games, damage) = history::History::from_text(&String::from_utf8_lossy(&bytes));
    let Some(damage) = damage else {
        return (games, None);
    };
    let notice = set_aside_notice(path, "history", &damage.to_string());
    let kept = write_atomic(path, games.to_text().as_bytes())
        .err()
        .map(|e| format!(" The games that could be read were not written back: {e}."));
    (games, Some(notice + &kept.unwrap_or_default()))
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
mod tests;
