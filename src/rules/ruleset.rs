//! Rule sets: the variations between the sources (RULES.md), read from RON files in
//! `assets/rules/`. The shipped files are also compiled in, so the engine needs no assets folder.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// Which way a foundation is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// From Ace up to King.
    Up,
    /// From King down to Ace.
    Down,
}

/// The part of a rule set that legality depends on: small and `Copy`, so the engine can pass it
/// around freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Foundation i holds suit i % 4 (C S H D) and is built this way.
    pub foundations: [Direction; 8],
    /// PySolFC's option: an Equator card may still go onto a Zodiac pile in phase 2.
    pub equator_to_zodiac_in_phase_2: bool,
}

/// A named rule set as written in its RON file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// The short name used on the command line and in game records: `cadogan`, `wikipedia`.
    pub name: String,
    /// What the player sees.
    pub title: String,
    pub description: String,
    /// Eight directions, for f0..f7 (checked when the file is read).
    pub foundations: Vec<Direction>,
    #[serde(default)]
    pub equator_to_zodiac_in_phase_2: bool,
}

/// The rule sets that ship with the game, the first one the default.
pub const BUILTIN: [(&str, &str); 2] = [
    ("cadogan", include_str!("../../assets/rules/cadogan.ron")),
    (
        "wikipedia",
        include_str!("../../assets/rules/wikipedia.ron"),
    ),
];

/// A rule set could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleSetError {
    /// No shipped rule set has this name.
    Unknown(String),
    /// The file could not be read at all.
    Unreadable { file: String, problem: String },
    /// The file is not a valid rule set.
    Malformed { file: String, problem: String },
}

impl fmt::Display for RuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleSetError::Unknown(name) => {
                let known: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
                write!(f, "unknown rule set {name:?} (known: {})", known.join(", "))
            }
            RuleSetError::Unreadable { file, problem } => {
                write!(f, "cannot read rule set {file}: {problem}")
            }
            RuleSetError::Malformed { file, problem } => {
                write!(f, "rule set {file} is malformed: {problem}")
            }
        }
    }
}

impl std::error::Error for RuleSetError {}

impl RuleSet {
    /// The default rule set, `cadogan`.
    pub fn default_set() -> RuleSet {
        RuleSet::builtin(BUILTIN[0].0).expect("the shipped rule sets parse")
    }

    /// A shipped rule set by name.
    pub fn builtin(name: &str) -> Result<RuleSet, RuleSetError> {
        let (file, text) = BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| RuleSetError::Unknown(name.to_string()))?;
        RuleSet::parse(&format!("assets/rules/{file}.ron"), text)
    }

    /// All shipped rule sets, in menu order.
    pub fn all_builtin() -> Vec<RuleSet> {
        BUILTIN
            .iter()
            .filter_map(|(name, _)| RuleSet::builtin(name).ok())
            .collect()
    }

    /// A shipped name (`cadogan`) or the path of a `.ron` file.
    pub fn by_name_or_path(name: &str) -> Result<RuleSet, RuleSetError> {
        if name.ends_with(".ron") || name.contains('/') || name.contains('\\') {
            RuleSet::load(Path::new(name))
        } else {
            RuleSet::builtin(name)
        }
    }

    /// Reads a rule-set file.
    pub fn load(path: &Path) -> Result<RuleSet, RuleSetError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| RuleSetError::Unreadable {
            file: file.clone(),
            problem: e.to_string(),
        })?;
        RuleSet::parse(&file, &text)
    }

    /// Parses RON text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<RuleSet, RuleSetError> {
        let malformed = |problem: String| RuleSetError::Malformed {
            file: file.to_string(),
            problem,
        };
        let set: RuleSet = ron::from_str(text).map_err(|e| malformed(e.to_string()))?;
        if set.name.trim().is_empty() || set.name.chars().any(char::is_whitespace) {
            return Err(malformed("`name` must be one word".into()));
        }
        if set.foundations.len() != 8 {
            return Err(malformed(format!(
                "`foundations` must list 8 directions (f0 to f7), not {}",
                set.foundations.len()
            )));
        }
        Ok(set)
    }

    pub fn rules(&self) -> Rules {
        Rules {
            foundations: std::array::from_fn(|f| self.foundations[f]),
            equator_to_zodiac_in_phase_2: self.equator_to_zodiac_in_phase_2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_rule_sets_match_rules_md() {
        use Direction::*;
        let cadogan = RuleSet::builtin("cadogan").unwrap();
        assert_eq!(
            cadogan.foundations,
            [Up, Up, Up, Up, Down, Down, Down, Down]
        );
        let wikipedia = RuleSet::builtin("wikipedia").unwrap();
        assert_eq!(wikipedia.foundations, [Up; 8]);
        assert_eq!(
            cadogan.rules().foundations,
            [Up, Up, Up, Up, Down, Down, Down, Down]
        );
        assert_eq!(RuleSet::default_set(), cadogan);
        assert_eq!(RuleSet::all_builtin().len(), 2);
    }

    #[test]
    fn the_files_on_disk_are_the_compiled_in_ones() {
        for (name, text) in BUILTIN {
            let on_disk = std::fs::read_to_string(format!("assets/rules/{name}.ron")).unwrap();
            assert_eq!(on_disk, text);
        }
    }

    #[test]
    fn errors_name_the_file_and_the_problem() {
        let err = RuleSet::parse(
            "bad.ron",
            "(name: \"x\", title: \"x\", description: \"\", foundations: [Up])",
        )
        .unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("bad.ron") && text.contains("8 directions"),
            "{text}"
        );
        let err = RuleSet::parse("odd.ron", "(name: \"x\", colour: 3)")
            .unwrap_err()
            .to_string();
        assert!(err.contains("odd.ron") && err.contains("colour"), "{err}");
        assert!(matches!(
            RuleSet::builtin("klondike"),
            Err(RuleSetError::Unknown(_))
        ));
        let missing = RuleSet::by_name_or_path("/no/such/rules.ron")
            .unwrap_err()
            .to_string();
        assert!(missing.contains("/no/such/rules.ron"), "{missing}");
    }
}
