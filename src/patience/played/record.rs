//! A game's record: the RON file it is saved in (`GameRecord`, its rule set written by name or
//! whole, its moves in the patience's notation), and loading one, which replays every move
//! through the rules. A record carries a custom rule set whole, so it replays without the file
//! it came from.

use super::{Outcome, Played};
use crate::cards::DealNumber;
use crate::patience::rules::Rules;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

impl<R: Rules> Played<R> {
    pub fn to_record(&self) -> GameRecord<R::RuleSet> {
        let rules = if R::is_shipped(&self.rule_set) {
            RecordRules::Named(R::info(&self.rule_set).name)
        } else {
            RecordRules::Inline(self.rule_set.clone())
        };
        // Moves made or undone say the game was played; the flag is written only when they
        // cannot (after a restart).
        let played = self.played && self.moves.is_empty() && self.redo.is_empty();
        GameRecord {
            format: R::FORMAT.to_string(),
            version: R::record_version(
                matches!(rules, RecordRules::Inline(_)),
                played || self.counted.is_some(),
            ),
            rules,
            deal: self.deal.to_string(),
            moves: self.moves.iter().map(ToString::to_string).collect(),
            redo: self.redo.iter().map(ToString::to_string).collect(),
            started: self.started,
            elapsed_ms: self.elapsed_ms,
            helped: self.helped,
            played,
            counted: self.counted,
        }
    }

    /// Rebuilds a game from its record, replaying every move (and the redo line) through the
    /// rules.
    pub fn from_record(record: &GameRecord<R::RuleSet>) -> Result<Self, RecordError> {
        if record.format != R::FORMAT {
            return Err(RecordError::NotAGameRecord {
                title: R::TITLE,
                format: record.format.clone(),
            });
        }
        if record.version > R::VERSION {
            return Err(RecordError::NewerVersion {
                title: R::TITLE,
                version: record.version,
                reads: R::VERSION,
            });
        }
        let rule_set = match &record.rules {
            RecordRules::Named(name) => R::builtin(name).map_err(RecordError::Rules)?,
            RecordRules::Inline(set) => {
                R::validate(set).map_err(RecordError::Rules)?;
                set.clone()
            }
        };
        let deal = DealNumber::parse(&record.deal).map_err(|e| RecordError::Deal(e.to_string()))?;
        let mut game = Played::<R>::new(rule_set, deal);
        game.started = record.started;
        game.elapsed_ms = record.elapsed_ms;
        game.helped = record.helped;
        for (index, token) in record.moves.iter().enumerate() {
            let bad = |why: String| RecordError::BadMove {
                index,
                token: token.clone(),
                why,
            };
            let m = R::parse_move(token).map_err(bad)?;
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
            let m = R::parse_move(token).map_err(bad)?;
            R::apply(&game.params, &mut probe, m).map_err(|e| bad(format!("illegal: {e}")))?;
            redo.push(m);
        }
        redo.reverse();
        game.redo = redo;
        // A move made or undone means the game was played. Records older than the patience's
        // COUNTED_SINCE say nothing of counting: a won game was counted when it was won.
        game.played = record.played || !record.moves.is_empty() || !record.redo.is_empty();
        game.counted = record.counted.or_else(|| {
            (record.version < R::COUNTED_SINCE && R::is_won(&game.params, &game.position))
                .then_some(if game.helped {
                    Outcome::Helped
                } else {
                    Outcome::Won
                })
        });
        Ok(game)
    }

    /// Reads a game from RON text.
    pub fn from_ron(text: &str) -> Result<Self, RecordError> {
        Played::from_record(&GameRecord::from_ron(text)?)
    }

    /// The record as RON text.
    pub fn to_ron(&self) -> String {
        self.to_record().to_ron()
    }
}

/// A game as saved: rule set, deal, the moves in the patience's notation (docs/rules.md), and
/// what statistics need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(serialize = "RS: Serialize", deserialize = "RS: DeserializeOwned"))]
pub struct GameRecord<RS> {
    /// The patience's record format (`"zodiac-game"`, `"klondike-game"`): tells its records
    /// from any other RON file.
    pub format: String,
    /// Zodiac's: 1, `rules` is always a shipped name; 2, `rules` may also be a whole rule
    /// set; 3, the record may say whether the game was played and how it was counted.
    /// Klondike's: 1, all of that.
    pub version: u32,
    /// The rule set: a shipped set's name, or a custom set written out in full.
    pub rules: RecordRules<RS>,
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
    /// Show me played some of the moves (written only when true, so other records read as
    /// before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
    /// A move was played since the deal, though none is left to undo or redo (written only
    /// then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub played: bool,
    /// How the statistics counted the game, if they have (written only when set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted: Option<Outcome>,
}

impl<RS: Serialize + DeserializeOwned> GameRecord<RS> {
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().compact_arrays(true);
        // Strings, numbers, lists and plain structs: nothing here can fail to serialise.
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    pub fn from_ron(text: &str) -> Result<Self, RecordError> {
        ron::from_str(text).map_err(|e| RecordError::Parse(e.to_string()))
    }
}

/// The rule set of a game record.
///
/// In RON a shipped set is its name, `rules: "cadogan"`; any other set is written out in full,
/// `rules: (name: "mine", title: "Mine", …)`, as in its own file, so the record needs no file
/// to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRules<RS> {
    /// A shipped rule set, by name (read case-insensitively).
    Named(String),
    /// A custom rule set, whole.
    Inline(RS),
}

impl<RS: Serialize> Serialize for RecordRules<RS> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RecordRules::Named(name) => serializer.serialize_str(name),
            RecordRules::Inline(set) => set.serialize(serializer),
        }
    }
}

impl<'de, RS: DeserializeOwned> Deserialize<'de> for RecordRules<RS> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<RS>(std::marker::PhantomData<RS>);
        impl<'de, RS: DeserializeOwned> serde::de::Visitor<'de> for Visitor<RS> {
            type Value = RecordRules<RS>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a rule set's name or a whole rule set")
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RecordRules<RS>, E> {
                Ok(RecordRules::Named(name.to_string()))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RecordRules<RS>, A::Error> {
                RS::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RecordRules::Inline)
            }
        }
        deserializer.deserialize_any(Visitor(std::marker::PhantomData))
    }
}

/// Why a game record could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Parse(String),
    NotAGameRecord {
        title: &'static str,
        format: String,
    },
    NewerVersion {
        title: &'static str,
        version: u32,
        reads: u32,
    },
    Rules(String),
    Deal(String),
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
            RecordError::NotAGameRecord { title, format } => {
                write!(f, "not a {title} game record (format {format:?})")
            }
            RecordError::NewerVersion {
                title,
                version,
                reads,
            } => write!(
                f,
                "{title} game record version {version} was written by a newer game (this one reads version {reads})"
            ),
            RecordError::Rules(e) | RecordError::Deal(e) => f.write_str(e),
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
