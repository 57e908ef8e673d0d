//! Klondike's rule sets, in the same RON form as Zodiac's (`assets/rules/klondike/`), compiled
//! in; a custom file may be given by path.

pub use crate::patience::rule_sets::RuleSetFile;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// What legality depends on: small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Cards turned from the stock at a time: 1 or 3.
    pub turn: u8,
    /// Passes through the stock in all (the first included); `None`: unlimited.
    pub passes: Option<u8>,
    /// A card may come back from a foundation onto a column (as in PySolFC).
    pub foundation_to_column: bool,
}

/// A rule set as its file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    pub name: String,
    pub title: String,
    pub description: String,
    pub turn: u8,
    pub passes: Option<u8>,
    #[serde(default = "yes")]
    pub foundation_to_column: bool,
}

fn yes() -> bool {
    true
}

/// The shipped rule sets, the first the default: the seed's single pass.
const BUILTIN: &[(&str, &str)] = &[
    (
        "single-pass",
        include_str!("../../assets/rules/klondike/single-pass.ron"),
    ),
    (
        "unlimited",
        include_str!("../../assets/rules/klondike/unlimited.ron"),
    ),
    (
        "draw-three",
        include_str!("../../assets/rules/klondike/draw-three.ron"),
    ),
];

impl RuleSet {
    pub fn rules(&self) -> Rules {
        Rules {
            turn: self.turn,
            passes: self.passes,
            foundation_to_column: self.foundation_to_column,
        }
    }

    /// Every shipped rule set, the default first.
    pub fn all_builtin() -> Vec<RuleSet> {
        RuleSet::shipped().to_vec()
    }

    /// The key the statistics count a rule set under. A shipped set's key is its name
    /// (`single-pass`, `unlimited`, `draw-three`), and so is the key of any set with a shipped
    /// set's rules. Any other set's key is made of its name and its rules,
    /// `custom/<name>/t<turn>p<passes, or u for unlimited>`, with `+back` when cards may come
    /// back from the foundations: for example `custom/mine/t3p2+back`. Two custom files with
    /// the same name but different rules never share statistics; a custom key never equals a
    /// shipped name.
    pub fn key(&self) -> String {
        let rules = self.rules();
        if let Some(s) = self.shipped_like() {
            return s.name.clone();
        }
        let passes = rules.passes.map_or("u".to_string(), |n| n.to_string());
        let back = if rules.foundation_to_column {
            "+back"
        } else {
            ""
        };
        format!("custom/{}/t{}p{passes}{back}", self.name, rules.turn)
    }

    pub fn default_set() -> RuleSet {
        RuleSet::all_builtin().remove(0)
    }

    /// Words for the player: "one card at a time, one pass".
    pub fn summary(&self) -> String {
        let turn = if self.turn == 1 {
            "one card at a time".to_string()
        } else {
            format!("{} cards at a time", self.turn)
        };
        let passes = match self.passes {
            None => "unlimited passes".to_string(),
            Some(1) => "one pass".to_string(),
            Some(n) => format!("{n} passes"),
        };
        format!("{turn}, {passes}")
    }
}

impl RuleSetFile for RuleSet {
    type Params = Rules;
    const RULE_SET: &'static str = "Klondike rule set";
    const BUILTIN: &'static [(&'static str, &'static str)] = BUILTIN;

    fn name(&self) -> &str {
        &self.name
    }

    fn params(&self) -> Rules {
        self.rules()
    }

    /// The turn and the passes (a game record's inline set is checked with this too).
    fn check(&self, file: &str) -> Result<(), String> {
        if !matches!(self.turn, 1 | 3) {
            return Err(format!(
                "Klondike rule set {file}: turn must be 1 or 3, not {}",
                self.turn
            ));
        }
        if self.passes == Some(0) {
            return Err(format!(
                "Klondike rule set {file}: passes must be at least 1 (or None: unlimited)"
            ));
        }
        Ok(())
    }

    fn parsed() -> &'static OnceLock<Vec<RuleSet>> {
        static PARSED: OnceLock<Vec<RuleSet>> = OnceLock::new();
        &PARSED
    }
}
