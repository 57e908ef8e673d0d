//! A Klondike game's record: the RON file it is saved in (`GameRecord`, its rule set written
//! by name or whole), and loading one, which replays every move through the rules.

use super::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

impl Game {
    pub fn to_record(&self) -> GameRecord {
        let rules = if is_shipped(&self.rule_set) {
            RecordRules::Named(self.rule_set.name.clone())
        } else {
            RecordRules::Inline(self.rule_set.clone())
        };
        // Moves made or undone say the game was played; the flag is written only when they
        // cannot (after a restart).
        let played = self.played && self.moves.is_empty() && self.redo.is_empty();
        GameRecord {
            format: GameRecord::FORMAT.to_string(),
            version: GameRecord::VERSION,
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

    /// Rebuilds a game from its record, replaying every move (and the redo line) through the
    /// rules.
    pub fn from_record(record: &GameRecord) -> Result<Game, String> {
        if record.format != GameRecord::FORMAT {
            return Err(format!(
                "not a Klondike game record (format {:?})",
                record.format
            ));
        }
        if record.version > GameRecord::VERSION {
            return Err(format!(
                "Klondike game record version {} was written by a newer game (this one reads version {})",
                record.version,
                GameRecord::VERSION
            ));
        }
        let rule_set = match &record.rules {
            RecordRules::Named(name) => shipped()
                .iter()
                .find(|s| s.name.eq_ignore_ascii_case(name))
                .cloned()
                .ok_or_else(|| format!("unknown Klondike rule set {name:?} in the game record"))?,
            RecordRules::Inline(set) => {
                set.validate("in the game record")?;
                set.clone()
            }
        };
        let deal = DealNumber::parse(&record.deal).map_err(|e| e.to_string())?;
        let mut game = Game::new(rule_set, deal);
        game.started = record.started;
        game.elapsed_ms = record.elapsed_ms;
        game.helped = record.helped;
        for (index, token) in record.moves.iter().enumerate() {
            let m = Move::parse(token).map_err(|e| format!("move index {index}: {e}"))?;
            game.play(m)
                .map_err(|e| format!("move index {index} ({token:?}): illegal: {e}"))?;
        }
        // The redo line must replay from the end of the game, last entry first.
        let mut probe = game.position;
        let mut redo = Vec::with_capacity(record.redo.len());
        for (index, token) in record.redo.iter().enumerate().rev() {
            let m = Move::parse(token).map_err(|e| format!("redo entry index {index}: {e}"))?;
            probe
                .apply(&game.rules, m)
                .map_err(|e| format!("redo entry index {index} ({token:?}): illegal: {e}"))?;
            redo.push(m);
        }
        redo.reverse();
        game.redo = redo;
        game.played = record.played || !record.moves.is_empty() || !record.redo.is_empty();
        game.counted = record.counted;
        Ok(game)
    }

    /// Reads a game from RON text.
    pub fn from_ron(text: &str) -> Result<Game, String> {
        Game::from_record(&GameRecord::from_ron(text)?)
    }

    /// The record as RON text.
    pub fn to_ron(&self) -> String {
        self.to_record().to_ron()
    }
}

/// A Klondike game as saved: rule set, deal, the moves in Klondike's notation (`d`, `r`,
/// `w>c3`, `c6:3>c2`, …), and what statistics need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always `"klondike-game"`: tells a Klondike record from any other RON file.
    pub format: String,
    /// 1, so far.
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
    /// Show me played some of the moves (written only when true).
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

impl GameRecord {
    pub const FORMAT: &'static str = "klondike-game";
    /// The newest version this game reads and writes.
    pub const VERSION: u32 = 1;

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().compact_arrays(true);
        // Strings, numbers, lists and a plain struct: nothing here can fail to serialise.
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    pub fn from_ron(text: &str) -> Result<GameRecord, String> {
        ron::from_str(text).map_err(|e| format!("not a readable Klondike game record: {e}"))
    }
}

/// The rule set of a game record: in RON a shipped set is its name, `rules: "unlimited"`;
/// any other set is written out in full, `rules: (name: "mine", title: "Mine", …)`, as in its
/// own file, so the record needs no file to replay.
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
                f.write_str("a Klondike rule set's name or a whole rule set")
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
