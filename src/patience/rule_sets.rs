//! What every patience's rule sets share, written once: the shipped RON files compiled in and
//! parsed once, a custom file read by path, and the shipped set a custom file only copies.
//! A patience says what its file holds, how it is checked and what the rules read from it.

use serde::de::DeserializeOwned;
use std::path::Path;
use std::sync::OnceLock;

/// A rule set as its patience's RON files write it.
pub trait RuleSetFile: Clone + PartialEq + DeserializeOwned + Send + Sync + 'static {
    /// What the rules read from the set.
    type Params: PartialEq;
    /// How errors name one of these rule sets: `Klondike rule set`.
    const RULE_SET: &'static str;
    /// The shipped files, by name, the default first.
    const BUILTIN: &'static [(&'static str, &'static str)];

    /// The set's name: one word.
    fn name(&self) -> &str;
    fn params(&self) -> Self::Params;
    /// Checks what the file format alone cannot; `file` names the set in errors.
    fn check(&self, file: &str) -> Result<(), String>;
    /// Where the shipped sets are kept once parsed: a `static` of the patience's own.
    fn parsed() -> &'static OnceLock<Vec<Self>>;

    /// Reads a rule set's RON text, checked; `file` names it in errors.
    fn parse(file: &str, text: &str) -> Result<Self, String> {
        let set: Self = ron::from_str(text)
            .map_err(|e| format!("{} {file} is malformed: {e}", Self::RULE_SET))?;
        set.validate(file)?;
        Ok(set)
    }

    /// [`RuleSetFile::check`], and a name of one word.
    fn validate(&self, file: &str) -> Result<(), String> {
        let name = self.name();
        if name.trim().is_empty() || name.contains(char::is_whitespace) {
            return Err(format!(
                "{} {file}: its name must be one word",
                Self::RULE_SET
            ));
        }
        self.check(file)
    }

    /// Every shipped rule set, the default first, parsed once.
    fn shipped() -> &'static [Self] {
        Self::parsed().get_or_init(|| {
            Self::BUILTIN
                .iter()
                .map(|(name, text)| Self::parse(name, text).expect("shipped rule sets are valid"))
                .collect()
        })
    }

    /// A shipped rule set by name (any case).
    fn builtin(name: &str) -> Result<Self, String> {
        Self::shipped()
            .iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
            .cloned()
            .ok_or_else(|| Self::unknown(name))
    }

    /// A shipped rule set by name (any case), or a rule-set file by path.
    fn by_name_or_path(name: &str) -> Result<Self, String> {
        if let Ok(set) = Self::builtin(name) {
            return Ok(set);
        }
        if name.ends_with(".ron") || Path::new(name).exists() {
            return Self::read(name);
        }
        Err(Self::unknown(name))
    }

    /// A rule-set file, read and checked as it is.
    fn read(path: &str) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {} {path}: {e}", Self::RULE_SET))?;
        Self::parse(path, &text)
    }

    /// The error for a name no shipped set has: it lists those there are.
    fn unknown(name: &str) -> String {
        let known: Vec<&str> = Self::BUILTIN.iter().map(|(n, _)| *n).collect();
        format!(
            "unknown {} {name:?} (known: {})",
            Self::RULE_SET,
            known.join(", ")
        )
    }

    /// True for a shipped rule set exactly as it ships (a record writes it by name).
    fn is_shipped(&self) -> bool {
        Self::shipped().contains(self)
    }

    /// This set, or the shipped set with the same rules if there is one: a custom file that
    /// only copies a shipped set's rules is that set, so statistics and saves agree on its
    /// name.
    fn canonical(self) -> Self {
        Self::shipped()
            .iter()
            .find(|s| s.params() == self.params())
            .cloned()
            .unwrap_or(self)
    }

    /// The shipped set with these rules, if there is one.
    fn shipped_like(&self) -> Option<&'static Self> {
        Self::shipped().iter().find(|s| s.params() == self.params())
    }
}

/// The rule-set methods of `patience::Rules` for a patience whose rule sets are
/// [`RuleSetFile`]s with `name`, `title` and `description` fields: written once, expanded
/// inside its `impl Rules` block.
macro_rules! rule_sets_from_files {
    () => {
        fn shipped() -> Vec<Self::RuleSet> {
            <Self::RuleSet as $crate::patience::rule_sets::RuleSetFile>::shipped().to_vec()
        }

        fn by_name_or_path(name: &str) -> Result<Self::RuleSet, String> {
            <Self::RuleSet as $crate::patience::rule_sets::RuleSetFile>::by_name_or_path(name)
        }

        fn builtin(name: &str) -> Result<Self::RuleSet, String> {
            <Self::RuleSet as $crate::patience::rule_sets::RuleSetFile>::builtin(name)
        }

        fn validate(set: &Self::RuleSet) -> Result<(), String> {
            $crate::patience::rule_sets::RuleSetFile::validate(set, "in the game record")
        }

        fn canonical(set: Self::RuleSet) -> Self::RuleSet {
            $crate::patience::rule_sets::RuleSetFile::canonical(set)
        }

        fn is_shipped(set: &Self::RuleSet) -> bool {
            $crate::patience::rule_sets::RuleSetFile::is_shipped(set)
        }

        fn params(set: &Self::RuleSet) -> Self::Params {
            $crate::patience::rule_sets::RuleSetFile::params(set)
        }

        fn info(set: &Self::RuleSet) -> $crate::patience::RuleSetInfo {
            $crate::patience::RuleSetInfo {
                name: set.name.clone(),
                title: set.title.clone(),
                description: set.description.clone(),
            }
        }
    };
}

pub(crate) use rule_sets_from_files;
