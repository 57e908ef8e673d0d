//! The player's files as resources: settings, statistics, the history of finished games, the
//! saved game found at start, and
//! the notice about a file set aside. Persistence fills them from the data folder and writes
//! them back; other plugins read them (the settings panel and the notice's Dismiss button
//! change them, and persistence saves the change).

use crate::patience::{Game, Patience};
use crate::profile;
use bevy::prelude::*;
use std::path::PathBuf;

pub use crate::profile::AnimationSetting;

/// Reading the files at start; the session starts after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoadFiles;

/// The player's settings, as a resource.
#[derive(Resource, Clone, Debug, PartialEq, Deref, DerefMut)]
pub struct Settings(pub profile::Settings);

/// The player's statistics, as a resource.
#[derive(Resource, Clone, Debug, PartialEq, Deref, DerefMut)]
pub struct Statistics(pub profile::Statistics);

/// Every finished game (`history.txt`), as a resource.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct History(pub profile::history::History);

/// Where the history was last exported as CSV, this session.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Exported(pub Option<PathBuf>);

/// Where each file lives.
#[derive(Resource, Clone, Debug)]
pub struct Files {
    pub dir: PathBuf,
    pub settings: PathBuf,
    pub statistics: PathBuf,
    pub history: PathBuf,
    pub next_deals: PathBuf,
}

impl Files {
    pub fn in_dir(dir: &std::path::Path) -> Files {
        Files {
            dir: dir.to_path_buf(),
            settings: dir.join("settings.ron"),
            statistics: dir.join("statistics.ron"),
            history: dir.join("history.txt"),
            next_deals: dir.join("next-deals.ron"),
        }
    }

    /// Where a patience's game in progress is saved.
    pub fn game(&self, patience: &dyn Patience) -> PathBuf {
        self.dir.join(patience.save_file())
    }
}

/// Writes the player's files off the frame, in order, each atomically (`crate::storage::Saver`).
#[derive(Resource, Default, Deref)]
pub struct Saver(pub crate::storage::Saver);

/// The games found in the data folder at start, one per patience at most, by the patience's
/// name. The session resumes one, and parks the game it leaves here when the player switches
/// patience, so coming back resumes it exactly.
#[derive(Resource, Default)]
pub struct SavedGames(pub std::collections::BTreeMap<&'static str, Box<dyn Game>>);

/// A message for the player about their files: what was set aside and where it was kept.
/// Shown until dismissed.
#[derive(Resource, Default, Debug)]
pub struct Notice(pub Option<String>);
