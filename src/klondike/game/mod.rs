//! A Klondike game in progress: the one generic game (`patience::Played`) over Klondike's
//! rules. Its record is a RON file, as Zodiac's is; loading one replays every move through the
//! rules.

use super::patience::Klondike;
use crate::patience::played;

pub type Game = played::Played<Klondike>;
pub type GameRecord = played::GameRecord<super::RuleSet>;
pub type RecordRules = played::RecordRules<super::RuleSet>;

#[cfg(test)]
mod tests;
