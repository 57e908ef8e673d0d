//! A game in progress: a deal under a rule set, the moves played, and the moves undone (for redo).
//! Its record is a RON file; loading one replays every move through the rules. A record carries a
//! custom rule set whole, so it replays without the file it came from.

use super::deal::{DealNumber, DealNumberError};
use super::moves::{BadToken, Move};
use super::position::{Illegal, Position, Status};
use super::ruleset::{RuleSet, RuleSetError, Rules};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

#[derive(Clone, Debug)]
pub struct Game {
    rule_set: RuleSet,
    rules: Rules,
    deal: DealNumber,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    redo: Vec<Move>,
    /// Redo steps of several moves (from [`Game::undo_to`]): each is the redo line's length
    /// with the step on top, and how many moves the step holds. Not saved: after a restart of
    /// the program each move is redone on its own.
    redo_steps: Vec<(usize, usize)>,
    /// Moves were played for the player (Show me): a win then counts as solved with help.
    pub helped: bool,
    /// A move was played in this game since it was dealt (undo and restart do not take that
    /// back): leaving it unwon is a loss.
    pub played: bool,
    /// How the statistics have counted this game: once, ever (see [`Game::count_win`] and
    /// [`Game::count_leaving`]).
    pub counted: Option<Outcome>,
    /// When the game was first dealt, in seconds since the Unix epoch.
    pub started: u64,
    /// Play time so far, in milliseconds; the game front end adds to it while the window is open
    /// (with [`Game::add_elapsed`], which cannot overflow: the value may come from a file).
    pub elapsed_ms: u64,
}

impl Game {
    /// A new game. A rule set with a shipped set's rules is taken as that shipped set
    /// ([`RuleSet::canonical`]), so its record and statistics use the shipped name.
    pub fn new(rule_set: RuleSet, deal: DealNumber) -> Game {
        let rule_set = rule_set.canonical();
        let start = Position::deal(deal);
        Game {
            rules: rule_set.rules(),
            rule_set,
            deal,
            start,
            position: start,
            moves: Vec::new(),
            redo: Vec::new(),
            redo_steps: Vec::new(),
            helped: false,
            played: false,
            counted: None,
            started: now_seconds(),
            elapsed_ms: 0,
        }
    }

    /// A game that starts from any position, for tests and tools (a solver's end game, say).
    /// Its record cannot be replayed from the deal, so it is not for saving.
    pub fn from_position(rule_set: RuleSet, deal: DealNumber, position: Position) -> Game {
        let mut game = Game::new(rule_set, deal);
        game.start = position;
        game.position = position;
        game
    }

    pub fn rule_set(&self) -> &RuleSet {
        &self.rule_set
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn deal(&self) -> DealNumber {
        self.deal
    }

    /// The position the game started from (the deal, unless made with [`Game::from_position`]).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Every position of the game so far, the start first and the current one last.
    pub fn history(&self) -> Vec<Position> {
        let mut p = self.start;
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        all.push(p);
        for &m in &self.moves {
            // The moves were played from these very positions, so they replay.
            if p.apply(&self.rules, m).is_err() {
                break;
            }
            all.push(p);
        }
        all
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, first first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves undone and not replayed, the next to redo last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    pub fn status(&self) -> Status {
        self.position.status(&self.rules)
    }

    /// Plays a move if it is legal. A new move forgets what could have been redone.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        self.position.apply(&self.rules, m)?;
        self.moves.push(m);
        self.played = true;
        if self.redo.last() == Some(&m) {
            // Playing exactly the move that would be redone keeps the rest of the redo line.
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Ok(())
    }

    /// Takes back moves until `len` remain, as one step: the next [`Game::redo_step`] plays
    /// them all again. Returns the moves undone, last played first.
    pub fn undo_to(&mut self, len: usize) -> Vec<Move> {
        let mut undone = Vec::new();
        while self.moves.len() > len {
            match self.undo() {
                Some(m) => undone.push(m),
                None => break,
            }
        }
        if undone.len() > 1 {
            self.redo_steps.push((self.redo.len(), undone.len()));
        }
        undone
    }

    /// Redoes one step: the moves one [`Game::undo_to`] took back, or else one move. Returns
    /// the moves replayed, first first.
    pub fn redo_step(&mut self) -> Vec<Move> {
        let count = match self.redo_steps.last() {
            Some(&(top, n)) if top == self.redo.len() => {
                self.redo_steps.pop();
                n
            }
            _ => 1,
        };
        (0..count).map_while(|_| self.redo()).collect()
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.position.undo(&self.rules, m);
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last move undone; returns it.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.redo.last()?;
        // A redo line always replays legally: it was played from this very position.
        self.position.apply(&self.rules, m).ok()?;
        self.redo.pop();
        self.moves.push(m);
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Some(m)
    }

    /// Adds play time, stopping at `u64::MAX` milliseconds rather than overflowing.
    pub fn add_elapsed(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    /// The game is won and not yet counted: it is counted now (a win, or solved with help if
    /// Show me played some of it), and never again, whatever undo, redo or a relaunch do.
    pub fn count_win(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.position.is_won() {
            return None;
        }
        let outcome = if self.helped {
            Outcome::Helped
        } else {
            Outcome::Won
        };
        self.counted = Some(outcome);
        Some(outcome)
    }

    /// The player leaves this game (a new game, another deal or rule set, or a restart): if a
    /// move was played and the game was never counted, it is counted now, as a loss.
    pub fn count_leaving(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.played {
            return None;
        }
        self.counted = Some(Outcome::Lost);
        Some(Outcome::Lost)
    }

    /// Back to the deal's first position; the clock and the history start again. It is the
    /// same game: how it was counted stays (count the leaving first, [`Game::count_leaving`]).
    pub fn restart(&mut self) {
        self.position = self.start;
        self.moves.clear();
        self.redo.clear();
        self.redo_steps.clear();
        self.helped = false;
        self.elapsed_ms = 0;
    }

    pub fn to_record(&self) -> GameRecord {
        let rules = if self.rule_set.is_shipped() {
            RecordRules::Named(self.rule_set.name.clone())
        } else {
            RecordRules::Inline(self.rule_set.clone())
        };
        // Moves made or undone say the game was played; the flag is written only when they
        // cannot (after a restart).
        let played = self.played && self.moves.is_empty() && self.redo.is_empty();
        // Each version is written only when the record needs it, so older Zodiacs read the rest:
        // 2 for a rule set inline, 3 for how the game was played and counted.
        let version = if played || self.counted.is_some() {
            3
        } else if matches!(rules, RecordRules::Inline(_)) {
            2
        } else {
            1
        };
        GameRecord {
            version,
            format: GameRecord::FORMAT.to_string(),
            rules,
            deal: self.deal.to_string(),
            moves: self.moves.iter().map(Move::to_string).collect(),
            redo: self.redo.iter().map(Move::to_string).collect(),
            started: self.started,
            elapsed_ms: self.elapsed_ms,
            helped: self.helped,
            played,
            counted: self.counted,
        }
    }

    /// Rebuilds a game from its record, replaying every move through the rules.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        if record.format != GameRecord::FORMAT {
            return Err(RecordError::NotAGameRecord(record.format.clone()));
        }
        if record.version > GameRecord::VERSION {
            return Err(RecordError::NewerVersion(record.version));
        }
        let rule_set = match &record.rules {
            RecordRules::Named(name) => RuleSet::builtin(name).map_err(RecordError::Rules)?,
            RecordRules::Inline(set) => {
                set.validate("in the game record")
                    .map_err(RecordError::Rules)?;
                set.clone()
            }
        };
        let deal = DealNumber::parse(&record.deal).map_err(RecordError::Deal)?;
        let mut game = Game::new(rule_set, deal);
        game.started = record.started;
        game.elapsed_ms = record.elapsed_ms;
        game.helped = record.helped;
        for (index, token) in record.moves.iter().enumerate() {
            let bad = |why: String| RecordError::BadMove {
                index,
                token: token.clone(),
                why,
            };
            let m = Move::parse(token).map_err(|e: BadToken| bad(e.to_string()))?;
            game.play(m).map_err(|e| bad(format!("illegal: {e}")))?;
        }
        // The redo line must replay from the end of the game, last entry first.
        let mut probe = game.position;
        let mut redo = Vec::with_capacity(record.redo.len());
        for (index, token) in record.redo.iter().enumerate().rev() {
            let bad = |why: String| RecordError::BadRedo {
                index,
                token: token.clone(),
                why,
            };
            let m = Move::parse(token).map_err(|e| bad(e.to_string()))?;
            probe
                .apply(&game.rules, m)
                .map_err(|e| bad(format!("illegal: {e}")))?;
            redo.push(m);
        }
        redo.reverse();
        game.redo = redo;
        // Records from before version 3 say nothing of counting: a move made or undone means
        // the game was played, and a won game was counted when it was won.
        game.played = record.played || !record.moves.is_empty() || !record.redo.is_empty();
        game.counted = record.counted.or_else(|| {
            (record.version < 3 && game.position.is_won()).then_some(if game.helped {
                Outcome::Helped
            } else {
                Outcome::Won
            })
        });
        Ok(game)
    }

    /// Reads a game from RON text.
    pub fn from_ron(text: &str) -> Result<Game, RecordError> {
        Game::from_record(&GameRecord::from_ron(text)?)
    }
}

fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// A game as saved: rule set, deal, the moves in the notation of docs/rules.md, and what statistics need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always `"zodiac-game"`: tells a game record from any other RON file.
    pub format: String,
    /// 1: `rules` is always a shipped name. 2: `rules` may also be a whole rule set. 3: the
    /// record may say whether the game was played and how it was counted.
    pub version: u32,
    /// The rule set: a shipped set's name, or a custom set written out in full.
    pub rules: RecordRules,
    /// The PySolFC deal number, as text because it can exceed 64 bits.
    pub deal: String,
    pub moves: Vec<String>,
    /// Moves undone that Redo would play again, the next one last.
    #[serde(default)]
    pub redo: Vec<String>,
    /// Seconds since the Unix epoch when the game was dealt.
    pub started: u64,
    /// Play time, in milliseconds.
    pub elapsed_ms: u64,
    /// Show me played some of the moves (written only when true, so other records read as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
    /// A move was played since the deal, though none is left to undo or redo (version 3;
    /// written only then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub played: bool,
    /// How the statistics counted the game, if they have (version 3; written only when set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted: Option<Outcome>,
}

/// How a game was counted in the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Won,
    /// Won with Show me's moves: neither a win nor a loss.
    Helped,
    /// Left unwon after a move.
    Lost,
}

impl GameRecord {
    pub const FORMAT: &'static str = "zodiac-game";
    /// The newest version this Zodiac reads and writes; it reads every older one too.
    pub const VERSION: u32 = 3;

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().compact_arrays(true);
        ron::ser::to_string_pretty(self, config).expect("a game record always serialises")
    }

    pub fn from_ron(text: &str) -> Result<GameRecord, RecordError> {
        ron::from_str(text).map_err(|e| RecordError::Parse(e.to_string()))
    }
}

/// The rule set of a game record.
///
/// In RON a shipped set is its name, `rules: "cadogan"`, exactly as in version 1 records; any
/// other set is written out in full, `rules: (name: "mine", title: "Mine", …)`, as in its own
/// file, so the record needs no file to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRules {
    /// A shipped rule set, by name (read case-insensitively).
    Named(String),
    /// A custom rule set, whole.
    Inline(RuleSet),
}

impl Serialize for RecordRules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RecordRules::Named(name) => serializer.serialize_str(name),
            RecordRules::Inline(set) => set.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for RecordRules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RecordRules;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a rule set's name or a whole rule set")
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RecordRules, E> {
                Ok(RecordRules::Named(name.to_string()))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RecordRules, A::Error> {
                RuleSet::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RecordRules::Inline)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// Why a game record could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Parse(String),
    NotAGameRecord(String),
    NewerVersion(u32),
    Rules(RuleSetError),
    Deal(DealNumberError),
    /// Move `index` (0-based) of the record is not a move or not legal where it stands.
    BadMove {
        index: usize,
        token: String,
        why: String,
    },
    /// Entry `index` (0-based) of the redo line does not replay.
    BadRedo {
        index: usize,
        token: String,
        why: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Parse(e) => write!(f, "not a readable game record: {e}"),
            RecordError::NotAGameRecord(format) => {
                write!(f, "not a Zodiac game record (format {format:?})")
            }
            RecordError::NewerVersion(v) => write!(
                f,
                "game record version {v} was written by a newer Zodiac (this one reads version {})",
                GameRecord::VERSION
            ),
            RecordError::Rules(e) => write!(f, "{e}"),
            RecordError::Deal(e) => write!(f, "{e}"),
            RecordError::BadMove { index, token, why } => {
                write!(f, "move index {index} ({token:?}): {why}")
            }
            RecordError::BadRedo { index, token, why } => {
                write!(f, "redo entry index {index} ({token:?}): {why}")
            }
        }
    }
}

impl std::error::Error for RecordError {}
