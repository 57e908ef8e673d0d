//! A game's record: the RON file it is saved in (`GameRecord`, its rule set written by name or
//! whole), and loading one, which replays every move through the rules.

use super::*;
use crate::cards::deal::DealNumberError;
use crate::zodiac::moves::BadToken;
use crate::zodiac::ruleset::RuleSetError;
use serde::{Deserializer, Serializer};
use std::fmt;

impl Game {
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
