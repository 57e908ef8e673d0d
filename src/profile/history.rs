//! Every finished game, one line each (`history.txt`): the date, patience, rule set, deal, its
//! level, the result, moves, time, score and whether it was the daily deal. The statistics
//! panel draws its charts from it and it exports as CSV.
//!
//! A line a game, tab-separated, under a first line naming the format: small (about 70 bytes
//! a game), and a damaged line costs that game only, never the file: the lines that read are
//! kept and the file as it was is set aside with a notice.

use crate::patience::daily::Date;
use crate::patience::difficulty::Level;
use std::fmt;

/// The first line of the file.
pub const HEADER: &str = "zodiac-history 1";

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    Won,
    Lost,
    /// Won by Show me: neither a win nor a loss.
    Helped,
}

impl Result {
    pub fn word(self) -> &'static str {
        match self {
            Result::Won => "won",
            Result::Lost => "lost",
            Result::Helped => "helped",
        }
    }

    fn parse(word: &str) -> Option<Result> {
        [Result::Won, Result::Lost, Result::Helped]
            .into_iter()
            .find(|r| r.word() == word)
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The player's local date when it ended.
    pub date: Date,
    /// The patience's name (`klondike`).
    pub patience: String,
    /// The rule set's statistics key (`klondike/single-pass`).
    pub rules: String,
    pub deal: u128,
    /// The deal's level, if it was rated by then.
    pub level: Option<Level>,
    pub result: Result,
    pub moves: u32,
    pub time_ms: u64,
    /// The score, where one was kept.
    pub score: Option<i64>,
    /// It was the daily deal of its date.
    pub daily: bool,
}

/// A field as written: no tab or line break inside.
fn clean(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

impl Entry {
    fn line(&self) -> String {
        let level = self.level.map_or("-", Level::name);
        let score = self.score.map_or("-".to_string(), |s| s.to_string());
        format!(
            "{}\t{}\t{}\t{}\t{level}\t{}\t{}\t{}\t{score}\t{}",
            self.date,
            clean(&self.patience),
            clean(&self.rules),
            self.deal,
            self.result.word(),
            self.moves,
            self.time_ms,
            u8::from(self.daily)
        )
    }

    fn parse(line: &str) -> Option<Entry> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 10 || f[1].is_empty() || f[2].is_empty() {
            return None;
        }
        Some(Entry {
            date: Date::parse(f[0]).ok()?,
            patience: f[1].to_string(),
            rules: f[2].to_string(),
            deal: f[3].parse().ok().filter(|&d| d >= 1)?,
            level: match f[4] {
                "-" => None,
                name => Some(Level::by_name(name)?),
            },
            result: Result::parse(f[5])?,
            moves: f[6].parse().ok()?,
            time_ms: f[7].parse().ok()?,
            score: match f[8] {
                "-" => None,
                n => Some(n.parse().ok()?),
            },
            daily: match f[9] {
                "0" => false,
                "1" => true,
                _ => return None,
            },
        })
    }
}

/// The games, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub games: Vec<Entry>,
}

/// What reading a history file found wrong: lines that could not be read, or no header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    pub bad_lines: usize,
    pub header: bool,
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.header {
            write!(f, "it does not start with {HEADER:?}; ")?;
        }
        write!(f, "{} line(s) could not be read", self.bad_lines)
    }
}

impl History {
    /// Reads the file's text: every line that reads, and what did not.
    pub fn from_text(text: &str) -> (History, Option<Damage>) {
        let mut lines = text.lines();
        let header = lines.next().map(str::trim) == Some(HEADER);
        let mut games = Vec::new();
        let mut bad_lines = 0;
        // Without the header the first line may be a game too.
        let rest: Vec<&str> = if header {
            lines.collect()
        } else {
            text.lines().collect()
        };
        for line in rest.into_iter().filter(|l| !l.trim().is_empty()) {
            match Entry::parse(line.trim_end_matches('\r')) {
                Some(entry) => games.push(entry),
                None => bad_lines += 1,
            }
        }
        let damage = (!header && !text.trim().is_empty() || bad_lines > 0)
            .then_some(Damage { bad_lines, header });
        (History { games }, damage)
    }

    pub fn to_text(&self) -> String {
        let mut text = format!("{HEADER}\n");
        for g in &self.games {
            text.push_str(&g.line());
            text.push('\n');
        }
        text
    }

    /// The history as CSV, a header line first (`zodiac history`, the panel's Export).
    pub fn to_csv(&self) -> String {
        let mut text =
            "date,patience,rules,deal,difficulty,result,moves,seconds,score,daily\n".to_string();
        let quote = |s: &str| {
            if s.contains([',', '"']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.to_string()
            }
        };
        for g in &self.games {
            text.push_str(&format!(
                "{},{},{},{},{},{},{},{:.1},{},{}\n",
                g.date,
                quote(&g.patience),
                quote(&g.rules),
                g.deal,
                g.level.map_or("", Level::name),
                g.result.word(),
                g.moves,
                g.time_ms as f64 / 1000.0,
                g.score.map_or(String::new(), |s| s.to_string()),
                if g.daily { "yes" } else { "no" }
            ));
        }
        text
    }

    /// The games of one rule set, oldest first.
    pub fn of_rules<'a>(&'a self, rules: &'a str) -> impl Iterator<Item = &'a Entry> + 'a {
        self.games.iter().filter(move |g| g.rules == rules)
    }

    /// The daily deals of a patience won, by date.
    pub fn daily_wins(&self, patience: &str) -> Vec<Date> {
        let mut days: Vec<Date> = self
            .games
            .iter()
            .filter(|g| g.daily && g.patience == patience && g.result == Result::Won)
            .map(|g| g.date)
            .collect();
        days.sort();
        days.dedup();
        days
    }
}

/// The current and longest runs of days in a row with a daily deal won, as of `today` (a run
/// still counts as current when today's is not yet won but yesterday's was).
pub fn daily_streaks(days: &[Date], today: Date) -> (u32, u32) {
    let mut longest = 0;
    let mut run = 0;
    let mut last: Option<i64> = None;
    for d in days.iter().map(|d| d.days()) {
        run = if last == Some(d - 1) { run + 1 } else { 1 };
        longest = longest.max(run);
        last = Some(d);
    }
    let current = match last {
        Some(d) if d == today.days() || d == today.days() - 1 => run,
        _ => 0,
    };
    (current, longest)
}

/// The win rate over each window of `window` games of a rule set, in percent, oldest first
/// (the panel's first chart): one point per game from the `window`-th on (or one for all, with
/// fewer games).
pub fn rolling_win_rate(games: &[&Entry], window: usize) -> Vec<f32> {
    let counted: Vec<bool> = games
        .iter()
        .filter(|g| g.result != Result::Helped)
        .map(|g| g.result == Result::Won)
        .collect();
    if counted.is_empty() {
        return Vec::new();
    }
    let w = window.clamp(1, counted.len());
    counted
        .windows(w)
        .map(|s| 100.0 * s.iter().filter(|&&won| won).count() as f32 / w as f32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(day: &str, result: Result, daily: bool) -> Entry {
        Entry {
            date: Date::parse(day).unwrap(),
            patience: "klondike".into(),
            rules: "klondike/single-pass".into(),
            deal: 610,
            level: Some(Level::Hard),
            result,
            moves: 120,
            time_ms: 245_300,
            score: Some(-27),
            daily,
        }
    }

    #[test]
    fn a_history_reads_back_what_it_wrote() {
        let mut h = History::default();
        h.games.push(entry("2026-11-26", Result::Won, true));
        let mut other = entry("2026-11-27", Result::Helped, false);
        other.level = None;
        other.score = None;
        other.rules = "odd\tname".into();
        h.games.push(other);
        let text = h.to_text();
        assert!(text.starts_with("zodiac-history 1\n2026-11-26\tklondike\t"));
        let (again, damage) = History::from_text(&text);
        assert_eq!(damage, None);
        assert_eq!(again.games[0], h.games[0]);
        assert_eq!(again.games[1].rules, "odd name", "no tab inside a field");
        assert!(
            text.len() < 160,
            "small: {} bytes for two games",
            text.len()
        );
    }

    #[test]
    fn a_damaged_line_costs_only_its_game() {
        let good = entry("2026-11-26", Result::Lost, false).line();
        let text = format!(
            "{HEADER}\n{good}\ngarbage\n{}\n\n{good}\n2026-02-30{}\n",
            good.replace("lost", "maybe"),
            &good[10..]
        );
        let (h, damage) = History::from_text(&text);
        assert_eq!(h.games.len(), 2);
        assert_eq!(
            damage,
            Some(Damage {
                bad_lines: 3,
                header: true
            })
        );
        // Any bytes at all: never a panic, and whatever reads is kept.
        for cut in 0..text.len() {
            let _ = History::from_text(&text[..cut]);
        }
        let (h, damage) = History::from_text(&format!("{good}\n"));
        assert_eq!(h.games.len(), 1);
        assert!(!damage.unwrap().header);
        assert_eq!(History::from_text(""), (History::default(), None));
    }

    #[test]
    fn the_csv_has_a_line_a_game() {
        let mut h = History::default();
        h.games.push(entry("2026-11-26", Result::Won, true));
        assert_eq!(
            h.to_csv(),
            "date,patience,rules,deal,difficulty,result,moves,seconds,score,daily\n\
             2026-11-26,klondike,klondike/single-pass,610,hard,won,120,245.3,-27,yes\n"
        );
    }

    #[test]
    fn daily_streaks_count_days_in_a_row() {
        let d = |s: &str| Date::parse(s).unwrap();
        let days = [
            d("2026-11-01"),
            d("2026-11-02"),
            d("2026-11-03"),
            d("2026-11-20"),
            d("2026-11-21"),
        ];
        assert_eq!(daily_streaks(&days, d("2026-11-21")), (2, 3));
        assert_eq!(
            daily_streaks(&days, d("2026-11-22")),
            (2, 3),
            "today's not yet played"
        );
        assert_eq!(daily_streaks(&days, d("2026-11-23")), (0, 3));
        assert_eq!(daily_streaks(&[], d("2026-11-23")), (0, 0));
        let mut h = History::default();
        h.games.push(entry("2026-11-02", Result::Won, true));
        h.games.push(entry("2026-11-01", Result::Won, true));
        h.games.push(entry("2026-11-01", Result::Won, true));
        h.games.push(entry("2026-11-03", Result::Lost, true));
        h.games.push(entry("2026-11-04", Result::Won, false));
        assert_eq!(h.daily_wins("klondike"), [d("2026-11-01"), d("2026-11-02")]);
    }

    #[test]
    fn the_rolling_win_rate_leaves_out_games_won_with_help() {
        let games = [
            entry("2026-11-01", Result::Won, false),
            entry("2026-11-01", Result::Lost, false),
            entry("2026-11-01", Result::Helped, false),
            entry("2026-11-01", Result::Won, false),
        ];
        let refs: Vec<&Entry> = games.iter().collect();
        assert_eq!(rolling_win_rate(&refs, 2), [50.0, 50.0]);
        assert_eq!(rolling_win_rate(&refs, 10), [200.0 / 3.0]);
        assert!(rolling_win_rate(&[], 5).is_empty());
    }
}
