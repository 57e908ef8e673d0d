//! Rule sets: the variations between the sources (docs/rules.md), read from RON files in
//! `assets/rules/zodiac/` through the rule-set files every patience shares
//! ([`RuleSetFile`]). The shipped files are also compiled in, so the engine needs no assets
//! folder.
//!
//! A rule set is identified by what it is, its [`Rules`], not by the name the player typed:
//! `Cadogan`, `assets/rules/zodiac/cadogan.ron` and a copy of that file elsewhere all give the
//! shipped `cadogan` ([`RuleSetFile::by_name_or_path`]); [`RuleSet::same_rules`] and
//! [`RuleSet::key`] are what the rest of the game compares and files statistics under.

pub use crate::patience::rule_sets::RuleSetFile;
use serde::{Deserialize, Serialize};
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
const BUILTIN: &[(&str, &str)] = &[
    (
        "cadogan",
        include_str!("../../assets/rules/zodiac/cadogan.ron"),
    ),
    (
        "wikipedia",
        include_str!("../../assets/rules/zodiac/wikipedia.ron"),
    ),
];

impl RuleSet {
    /// The default rule set, `cadogan`.
    pub fn default_set() -> RuleSet {
        RuleSet::shipped()[0].clone()
    }

    /// All shipped rule sets, in menu order.
    pub fn all_builtin() -> Vec<RuleSet> {
        RuleSet::shipped().to_vec()
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

    /// A stable key for statistics (and anything else kept per rule set). A shipped set's key
    /// is its name, `cadogan` or `wikipedia`, as statistics files have always used; so is the
    /// key of any set with a shipped set's rules. Any other set's key is made of its name and
    /// its rules, `custom/<name>/<f0..f7 as U or D>`, with `+equator-to-zodiac` when that
    /// option is on: for example `custom/mine/UUUUUUDD`. Two custom files with the same name
    /// but different rules never share statistics; a custom key never equals a shipped name.
    pub fn key(&self) -> String {
        if let Some(set) = self.shipped_like() {
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

impl RuleSetFile for RuleSet {
    type Params = Rules;
    // Zodiac's errors say only "rule set", as they did when it was the only patience.
    const RULE_SET: &'static str = "rule set";
    const BUILTIN: &'static [(&'static str, &'static str)] = BUILTIN;

    fn name(&self) -> &str {
        &self.name
    }

    fn params(&self) -> Rules {
        self.rules()
    }

    /// Eight foundations (a game record's inline set is checked with this too).
    fn check(&self, file: &str) -> Result<(), String> {
        if self.foundations.len() != 8 {
            return Err(format!(
                "rule set {file} is malformed: `foundations` must list 8 directions (f0 to f7), \
                 not {}",
                self.foundations.len()
            ));
        }
        Ok(())
    }

    fn parsed() -> &'static OnceLock<Vec<RuleSet>> {
        static PARSED: OnceLock<Vec<RuleSet>> = OnceLock::new();
        &PARSED
    }

    /// What the player typed after `--rules`: a shipped name (case-insensitive) or the path of
    /// a rule-set file. A file whose rules are those of a shipped set gives that very shipped
    /// set, name and all ([`RuleSetFile::canonical`]), and so does a path that names a shipped
    /// file when no such file is on disk: `…/assets/rules/zodiac/<name>.ron`, or where they
    /// were before the other patiences came, `…/assets/rules/<name>.ron`, in any letter case.
    /// (Zodiac's own: its `--rules` has always been this lenient, and players' paths to the
    /// old place keep working. The other patiences read a file as it is.)
    fn by_name_or_path(name: &str) -> Result<RuleSet, String> {
        let looks_like_path = name.to_ascii_lowercase().ends_with(".ron")
            || name.contains('/')
            || name.contains('\\');
        if !looks_like_path {
            return RuleSet::builtin(name);
        }
        match RuleSet::read(name) {
            Ok(set) => Ok(set.canonical()),
            Err(e) => names_a_shipped_file(Path::new(name)).ok_or(e),
        }
    }
}

/// The shipped set a path names, `…/assets/rules/zodiac/<name>.ron` or
/// `…/assets/rules/<name>.ron`, in any letter case.
fn names_a_shipped_file(path: &Path) -> Option<RuleSet> {
    let mut parts = path.components().rev().map(|c| c.as_os_str().to_str());
    let file = parts.next()??;
    let mut folder = parts.next()??;
    if folder.eq_ignore_ascii_case("zodiac") {
        folder = parts.next()??;
    }
    let assets = parts.next()??;
    if !folder.eq_ignore_ascii_case("rules") || !assets.eq_ignore_ascii_case("assets") {
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
        assert_eq!(
            RuleSet::builtin("klondike").unwrap_err(),
            "unknown rule set \"klondike\" (known: cadogan, wikipedia)"
        );
        let missing = RuleSet::by_name_or_path("/no/such/rules.ron")
            .unwrap_err()
            .to_string();
        assert!(missing.contains("/no/such/rules.ron"), "{missing}");
    }
}
