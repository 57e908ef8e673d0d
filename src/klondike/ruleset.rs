//! Klondike's rule sets, in the same RON form as Zodiac's (`assets/rules/klondike/`), compiled
//! in; a custom file may be given by path.

use serde::{Deserialize, Serialize};
use std::path::Path;
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

/// The shipped rule sets, parsed once.
fn shipped() -> &'static [RuleSet] {
    static SHIPPED: OnceLock<Vec<RuleSet>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(name, text)| RuleSet::parse(name, text).expect("shipped rule sets are valid"))
            .collect()
    })
}

/// The shipped rule sets, the first the default: the seed's single pass.
pub const BUILTIN: [(&str, &str); 3] = [
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

    /// Reads a rule set's RON text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<RuleSet, String> {
        let set: RuleSet = ron::from_str(text)
            .map_err(|e| format!("Klondike rule set {file} is malformed: {e}"))?;
        set.validate(file)?;
        Ok(set)
    }

    /// Checks what the file format alone cannot: the turn, the passes, the name; `file` names
    /// the set in errors (a game record's inline set is checked with this too).
    pub fn validate(&self, file: &str) -> Result<(), String> {
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
        if self.name.trim().is_empty() || self.name.contains(char::is_whitespace) {
            return Err(format!(
                "Klondike rule set {file}: its name must be one word"
            ));
        }
        Ok(())
    }

    /// Every shipped rule set, the default first.
    pub fn all_builtin() -> Vec<RuleSet> {
        shipped().to_vec()
    }

    /// A shipped rule set by name (any case).
    pub fn builtin(name: &str) -> Result<RuleSet, String> {
        shipped()
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .cloned()
            .ok_or_else(|| format!("unknown Klondike rule set {name:?}"))
    }

    /// True for a shipped rule set exactly as it ships (a record writes it by name).
    pub fn is_shipped(&self) -> bool {
        shipped().contains(self)
    }

    /// This set, or the shipped set with the same rules if there is one: a custom file that
    /// only copies `unlimited`'s rules is `unlimited`, so statistics and saves agree on its
    /// name.
    pub fn canonical(self) -> RuleSet {
        shipped()
            .iter()
            .find(|s| s.rules() == self.rules())
            .cloned()
            .unwrap_or(self)
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
        if let Some(s) = shipped().iter().find(|s| s.rules() == rules) {
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

    /// A shipped rule set by name (any case), or a rule-set file by path.
    pub fn by_name_or_path(name: &str) -> Result<RuleSet, String> {
        if let Ok(set) = RuleSet::builtin(name) {
            return Ok(set);
        }
        let path = Path::new(name);
        if name.ends_with(".ron") || path.exists() {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read Klondike rule set {name}: {e}"))?;
            return RuleSet::parse(name, &text);
        }
        let known: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        Err(format!(
            "unknown Klondike rule set {name:?} (known: {})",
            known.join(", ")
        ))
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
