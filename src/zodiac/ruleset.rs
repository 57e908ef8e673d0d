//! Rule sets: the variations between the sources (docs/rules.md), read from RON files in
//! `assets/rules/`. The shipped files are also compiled in, so the engine needs no assets folder.
//!
//! A rule set is identified by what it is, its [`Rules`], not by the name the player typed:
//! `Cadogan`, `assets/rules/cadogan.ron` and a copy of that file elsewhere all give the shipped
//! `cadogan` ([`RuleSet::by_name_or_path`]); [`RuleSet::same_rules`] and [`RuleSet::key`] are
//! what the rest of the game compares and files statistics under.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

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

/// A rule set as written in its RON file: a name and words for the player, and the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// The short name: `cadogan`, `wikipedia`, or whatever a custom file says (one word).
    /// Game records write a shipped set as this name; see [`RuleSet::key`] for statistics.
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
        shipped()[0].clone()
    }

    /// A shipped rule set by name, case-insensitively (`cadogan`, `Cadogan`, `CADOGAN`).
    pub fn builtin(name: &str) -> Result<RuleSet, RuleSetError> {
        shipped()
            .iter()
            .find(|set| set.name.eq_ignore_ascii_case(name))
            .cloned()
            .ok_or_else(|| RuleSetError::Unknown(name.to_string()))
    }

    /// All shipped rule sets, in menu order.
    pub fn all_builtin() -> Vec<RuleSet> {
        shipped().to_vec()
    }

    /// What the player typed after `--rules`: a shipped name (case-insensitive) or the path of
    /// a rule-set file. A file whose rules are those of a shipped set gives that very shipped
    /// set, name and all (see [`RuleSet::canonical`]), and so does a path that names a shipped
    /// file, `…/assets/rules/<name>.ron` in any letter case, when no such file is on disk.
    pub fn by_name_or_path(name: &str) -> Result<RuleSet, RuleSetError> {
        let looks_like_path = name.to_ascii_lowercase().ends_with(".ron")
            || name.contains('/')
            || name.contains('\\');
        if !looks_like_path {
            return RuleSet::builtin(name);
        }
        let path = Path::new(name);
        match RuleSet::load(path) {
            Ok(set) => Ok(set.canonical()),
            Err(e) => names_a_shipped_file(path).ok_or(e),
        }
    }

    /// Reads a rule-set file as it is (see [`RuleSet::by_name_or_path`] for what `--rules`
    /// does with one).
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
        let set: RuleSet = ron::from_str(text).map_err(|e| RuleSetError::Malformed {
            file: file.to_string(),
            problem: e.to_string(),
        })?;
        set.validate(file)?;
        Ok(set)
    }

    /// The checks a rule set must pass beyond its RON shape; `file` names it in errors.
    pub(crate) fn validate(&self, file: &str) -> Result<(), RuleSetError> {
        let malformed = |problem: String| RuleSetError::Malformed {
            file: file.to_string(),
            problem,
        };
        if self.name.trim().is_empty() || self.name.chars().any(char::is_whitespace) {
            return Err(malformed("`name` must be one word".into()));
        }
        if self.foundations.len() != 8 {
            return Err(malformed(format!(
                "`foundations` must list 8 directions (f0 to f7), not {}",
                self.foundations.len()
            )));
        }
        Ok(())
    }

    /// The part legality depends on. A rule set is what its rules are: two sets with equal
    /// `rules()` play the same game, whatever their names and titles.
    pub fn rules(&self) -> Rules {
        Rules {
            foundations: std::array::from_fn(|f| self.foundations[f]),
            equator_to_zodiac_in_phase_2: self.equator_to_zodiac_in_phase_2,
        }
    }

    /// Whether the two sets play the same game (equal [`RuleSet::rules`]); names, titles and
    /// descriptions do not count. This is the question "is the saved game under the rules the
    /// player asked for?".
    pub fn same_rules(&self, other: &RuleSet) -> bool {
        self.rules() == other.rules()
    }

    /// True for a shipped rule set exactly as it ships (not a custom file with other rules
    /// under a shipped name). Game records write a shipped set as its name, any other inline.
    pub fn is_shipped(&self) -> bool {
        shipped().contains(self)
    }

    /// This set, or the shipped set with the same rules if there is one: a custom file that
    /// only copies `cadogan`'s rules is `cadogan`, so statistics and saves agree on its name.
    pub fn canonical(self) -> RuleSet {
        shipped()
            .iter()
            .find(|set| set.same_rules(&self))
            .cloned()
            .unwrap_or(self)
    }

    /// A stable key for statistics (and anything else kept per rule set). A shipped set's key
    /// is its name, `cadogan` or `wikipedia`, as statistics files have always used; so is the
    /// key of any set with a shipped set's rules. Any other set's key is made of its name and
    /// its rules, `custom/<name>/<f0..f7 as U or D>`, with `+equator-to-zodiac` when that
    /// option is on: for example `custom/mine/UUUUUUDD`. Two custom files with the same name
    /// but different rules never share statistics; a custom key never equals a shipped name.
    pub fn key(&self) -> String {
        if let Some(set) = shipped().iter().find(|set| set.same_rules(self)) {
            return set.name.clone();
        }
        let rules = self.rules();
        let directions: String = rules
            .foundations
            .iter()
            .map(|d| match d {
                Direction::Up => 'U',
                Direction::Down => 'D',
            })
            .collect();
        let option = if rules.equator_to_zodiac_in_phase_2 {
            "+equator-to-zodiac"
        } else {
            ""
        };
        format!("custom/{}/{directions}{option}", self.name)
    }
}

/// The shipped rule sets, parsed once.
fn shipped() -> &'static [RuleSet] {
    static SHIPPED: OnceLock<Vec<RuleSet>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(name, text)| {
                RuleSet::parse(&format!("assets/rules/{name}.ron"), text)
                    .expect("the shipped rule sets parse")
            })
            .collect()
    })
}

/// The shipped set a path names, `…/assets/rules/<name>.ron` in any letter case.
fn names_a_shipped_file(path: &Path) -> Option<RuleSet> {
    let mut parts = path.components().rev().map(|c| c.as_os_str().to_str());
    let (file, rules, assets) = (parts.next()??, parts.next()??, parts.next()??);
    if !rules.eq_ignore_ascii_case("rules") || !assets.eq_ignore_ascii_case("assets") {
        return None;
    }
    let (stem, extension) = file.rsplit_once('.')?;
    if !extension.eq_ignore_ascii_case("ron") {
        return None;
    }
    RuleSet::builtin(stem).ok()
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
    fn shipped_sets_have_their_file_names_and_different_rules() {
        // Rule sets are told apart by their rules, so two shipped sets with the same rules
        // would make names ambiguous; and each is listed under its own `name`.
        let all = RuleSet::all_builtin();
        assert_eq!(
            all.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(),
            BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>()
        );
        for (i, a) in all.iter().enumerate() {
            assert!(a.is_shipped() && a.clone().canonical() == *a);
            assert_eq!(a.key(), a.name);
            for b in &all[i + 1..] {
                assert!(!a.same_rules(b), "{} and {}", a.name, b.name);
            }
        }
        assert!(!RuleSet::default_set().equator_to_zodiac_in_phase_2);
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
