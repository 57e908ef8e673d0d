//! FreeCell's rule sets, in the same RON form as the other patiences' (`assets/rules/freecell/`),
//! compiled in; a custom file may be given by path. Only parameters differ between them: the
//! rule set is data.

pub use crate::patience::rule_sets::RuleSetFile;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// How a column builds down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Build {
    /// A red card on a black one a rank higher, and a black on a red (FreeCell).
    AlternateColours,
    /// A card on one of its suit a rank higher (Baker's Game).
    Suit,
}

/// What legality depends on: small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Free cells, each holding one card: 1 to 4.
    pub cells: u8,
    pub build: Build,
    /// A card may come back from a foundation to a column or a free cell.
    pub foundation_back: bool,
}

/// A rule set as its file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    pub name: String,
    pub title: String,
    pub description: String,
    pub cells: u8,
    pub build: Build,
    #[serde(default)]
    pub foundation_back: bool,
}

/// The shipped rule sets, the first the default.
const BUILTIN: &[(&str, &str)] = &[
    (
        "freecell",
        include_str!("../../assets/rules/freecell/freecell.ron"),
    ),
    (
        "bakers-game",
        include_str!("../../assets/rules/freecell/bakers-game.ron"),
    ),
];

/// The most free cells a rule set may have: the table has room for four, beside the
/// foundations.
pub const MAX_CELLS: u8 = 4;

impl RuleSet {
    pub fn rules(&self) -> Rules {
        Rules {
            cells: self.cells,
            build: self.build,
            foundation_back: self.foundation_back,
        }
    }

    pub fn default_set() -> RuleSet {
        RuleSet::shipped()[0].clone()
    }

    /// The key the statistics count a rule set under: a shipped set's name, for any set with
    /// its rules; else `custom/<name>/<cells>c<a for alternate colours, s for suit>`, with
    /// `+back` when cards may come back from the foundations.
    pub fn key(&self) -> String {
        if let Some(s) = self.shipped_like() {
            return s.name.clone();
        }
        let build = match self.build {
            Build::AlternateColours => 'a',
            Build::Suit => 's',
        };
        let back = if self.foundation_back { "+back" } else { "" };
        format!("custom/{}/{}c{build}{back}", self.name, self.cells)
    }
}

impl RuleSetFile for RuleSet {
    type Params = Rules;
    const RULE_SET: &'static str = "FreeCell rule set";
    const BUILTIN: &'static [(&'static str, &'static str)] = BUILTIN;

    fn name(&self) -> &str {
        &self.name
    }

    fn params(&self) -> Rules {
        self.rules()
    }

    fn check(&self, file: &str) -> Result<(), String> {
        if !(1..=MAX_CELLS).contains(&self.cells) {
            return Err(format!(
                "FreeCell rule set {file}: cells must be 1 to {MAX_CELLS}, not {}",
                self.cells
            ));
        }
        Ok(())
    }

    fn parsed() -> &'static OnceLock<Vec<RuleSet>> {
        static PARSED: OnceLock<Vec<RuleSet>> = OnceLock::new();
        &PARSED
    }
}
