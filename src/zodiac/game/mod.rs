//! A Zodiac game in progress: the one generic game (`patience::Played`) over Zodiac's rules.
//! Its record is a RON file; loading one replays every move through the rules.

use super::patience::Zodiac;
use crate::patience::played;

pub use crate::patience::played::{Outcome, RecordError};

pub type Game = played::Played<Zodiac>;
pub type GameRecord = played::GameRecord<super::RuleSet>;
pub type RecordRules = played::RecordRules<super::RuleSet>;
