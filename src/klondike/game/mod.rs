//! A Klondike game in progress: a deal under a rule set, the moves played (with what undoing
//! each needs), and the moves undone (for redo). Its record is a RON file, as Zodiac's is;
//! loading one replays every move through the rules. A record carries a custom rule set whole,
//! so it replays without the file it came from.

use super::moves::Move;
use super::position::{Done, Position, Status};
use super::ruleset::{RuleSet, Rules};
use crate::rules::{DealNumber, Outcome};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::OnceLock;

#[derive(Clone, Debug)]
pub struct Game {
    rule_set: RuleSet,
    rules: Rules,
    deal: DealNumber,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// What playing each move changed that the move alone does not say, one per move.
    done: Vec<Done>,
    redo: Vec<Move>,
    /// Redo steps of several moves (from [`Game::undo_to`]): each is the redo line's length
    /// with the step on top, and how many moves the step holds. Not saved: after a restart of
    /// the program each move is redone on its own.
    redo_steps: Vec<(usize, usize)>,
    /// Moves were played for the player (Show me): a win then counts as solved with help.
    pub helped: bool,
    /// A move was played in this game since it was dealt (undo and restart do not take that
    /// back): leaving it unwon is a loss.
    pub played: bool,
    /// How the statistics have counted this game: once, ever (see [`Game::count_win`] and
    /// [`Game::count_leaving`]).
    pub counted: Option<Outcome>,
    /// When the game was first dealt, in seconds since the Unix epoch.
    pub started: u64,
    /// Play time so far, in milliseconds.
    pub elapsed_ms: u64,
}

/// The shipped rule sets, parsed once.
fn shipped() -> &'static [RuleSet] {
    static SHIPPED: OnceLock<Vec<RuleSet>> = OnceLock::new();
    SHIPPED.get_or_init(RuleSet::all_builtin)
}

/// True for a shipped rule set exactly as it ships (a record writes it by name).
pub fn is_shipped(set: &RuleSet) -> bool {
    shipped().contains(set)
}

/// This set, or the shipped set with the same rules if there is one: a custom file that only
/// copies `unlimited`'s rules is `unlimited`, so statistics and saves agree on its name.
pub fn canonical(set: RuleSet) -> RuleSet {
    shipped()
        .iter()
        .find(|s| s.rules() == set.rules())
        .cloned()
        .unwrap_or(set)
}

/// The key the statistics count a rule set under. A shipped set's key is its name
/// (`single-pass`, `unlimited`, `draw-three`), and so is the key of any set with a shipped
/// set's rules. Any other set's key is made of its name and its rules,
/// `custom/<name>/t<turn>p<passes, or u for unlimited>`, with `+back` when cards may come back
/// from the foundations: for example `custom/mine/t3p2+back`. Two custom files with the same
/// name but different rules never share statistics; a custom key never equals a shipped name.
pub fn statistics_key(set: &RuleSet) -> String {
    let rules = set.rules();
    if let Some(s) = shipped().iter().find(|s| s.rules() == rules) {
        return s.name.clone();
    }
    let passes = rules.passes.map_or("u".to_string(), |n| n.to_string());
    let back = if rules.foundation_to_column {
        "+back"
    } else {
        ""
    };
    format!("custom/{}/t{}p{passes}{back}", set.name, rules.turn)
}

impl Game {
    /// A new game. A rule set with a shipped set's rules is taken as that shipped set
    /// ([`canonical`]), so its record and statistics use the shipped name.
    pub fn new(rule_set: RuleSet, deal: DealNumber) -> Game {
        let rule_set = canonical(rule_set);
        let rules = rule_set.rules();
        let start = Position::deal(deal, &rules);
        Game {
            rules,
            rule_set,
            deal,
            start,
            position: start,
            moves: Vec::new(),
            done: Vec::new(),
            redo: Vec::new(),
            redo_steps: Vec::new(),
            helped: false,
            played: false,
            counted: None,
            started: now_seconds(),
            elapsed_ms: 0,
        }
    }

    /// A game that starts from any position, for tests and tools. Its record cannot be
    /// replayed from the deal, so it is not for saving.
    pub fn from_position(rule_set: RuleSet, deal: DealNumber, position: Position) -> Game {
        let mut game = Game::new(rule_set, deal);
        game.start = position;
        game.position = position;
        game
    }

    pub fn rule_set(&self) -> &RuleSet {
        &self.rule_set
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn deal(&self) -> DealNumber {
        self.deal
    }

    /// The key the statistics count this game under (see [`statistics_key`]).
    pub fn statistics_key(&self) -> String {
        statistics_key(&self.rule_set)
    }

    /// The position the game started from (the deal, unless made with [`Game::from_position`]).
    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, first first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves undone and not replayed, the next to redo last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// Every position of the game so far, the start first and the current one last.
    pub fn history(&self) -> Vec<Position> {
        let mut p = self.start;
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        all.push(p);
        for &m in &self.moves {
            // The moves were played from these very positions, so they replay.
            if p.apply(&self.rules, m).is_err() {
                break;
            }
            all.push(p);
        }
        all
    }

    pub fn status(&self) -> Status {
        self.position.status(&self.rules)
    }

    /// Plays a move if it is legal. A new move forgets what could have been redone; exactly
    /// the move that would be redone keeps the rest of the redo line.
    pub fn play(&mut self, m: Move) -> Result<(), super::Illegal> {
        let done = self.position.apply(&self.rules, m)?;
        self.moves.push(m);
        self.done.push(done);
        self.played = true;
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Ok(())
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        // One `Done` per move, always; a missing one would be a bug, and undoing with the
        // default (nothing flipped, nothing counted) is the least harm.
        let done = self.done.pop().unwrap_or_default();
        self.position.undo(m, done);
        self.redo.push(m);
        Some(m)
    }

    /// Plays again the last move undone; returns it.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.redo.last()?;
        // A redo line always replays legally: it was played from this very position.
        let done = self.position.apply(&self.rules, m).ok()?;
        self.redo.pop();
        self.moves.push(m);
        self.done.push(done);
        let left = self.redo.len();
        self.redo_steps.retain(|&(top, _)| top <= left);
        Some(m)
    }

    /// Takes back moves until `len` remain, as one step: the next [`Game::redo_step`] plays
    /// them all again. Returns the moves undone, last played first.
    pub fn undo_to(&mut self, len: usize) -> Vec<Move> {
        let mut undone = Vec::new();
        while self.moves.len() > len {
            match self.undo() {
                Some(m) => undone.push(m),
                None => break,
            }
        }
        if undone.len() > 1 {
            self.redo_steps.push((self.redo.len(), undone.len()));
        }
        undone
    }

    /// Redoes one step: the moves one [`Game::undo_to`] took back, or else one move. Returns
    /// the moves replayed, first first.
    pub fn redo_step(&mut self) -> Vec<Move> {
        let count = match self.redo_steps.last() {
            Some(&(top, n)) if top == self.redo.len() => {
                self.redo_steps.pop();
                n
            }
            _ => 1,
        };
        (0..count).map_while(|_| self.redo()).collect()
    }

    /// Adds play time, stopping at `u64::MAX` milliseconds rather than overflowing.
    pub fn add_elapsed(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    /// The game is won and not yet counted: it is counted now (a win, or solved with help if
    /// Show me played some of it), and never again.
    pub fn count_win(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.position.is_won() {
            return None;
        }
        let outcome = if self.helped {
            Outcome::Helped
        } else {
            Outcome::Won
        };
        self.counted = Some(outcome);
        Some(outcome)
    }

    /// The player leaves this game: if a move was played and the game was never counted, it
    /// is counted now, as a loss.
    pub fn count_leaving(&mut self) -> Option<Outcome> {
        if self.counted.is_some() || !self.played {
            return None;
        }
        self.counted = Some(Outcome::Lost);
        Some(Outcome::Lost)
    }

    /// Back to the deal's first position; the clock and the history start again. How the
    /// game was counted stays.
    pub fn restart(&mut self) {
        self.position = self.start;
        self.moves.clear();
        self.done.clear();
        self.redo.clear();
        self.redo_steps.clear();
        self.helped = false;
        self.elapsed_ms = 0;
    }

    pub fn to_record(&self) -> GameRecord {
        let rules = if is_shipped(&self.rule_set) {
            RecordRules::Named(self.rule_set.name.clone())
        } else {
            RecordRules::Inline(self.rule_set.clone())
        };
        // Moves made or undone say the game was played; the flag is written only when they
        // cannot (after a restart).
        let played = self.played && self.moves.is_empty() && self.redo.is_empty();
        GameRecord {
            format: GameRecord::FORMAT.to_string(),
            version: GameRecord::VERSION,
            rules,
            deal: self.deal.to_string(),
            moves: self.moves.iter().map(Move::to_string).collect(),
            redo: self.redo.iter().map(Move::to_string).collect(),
            started: self.started,
            elapsed_ms: self.elapsed_ms,
            helped: self.helped,
            played,
            counted: self.counted,
        }
    }

    /// Rebuilds a game from its record, replaying every move (and the redo line) through the
    /// rules.
    pub fn from_record(record: &GameRecord) -> Result<Game, String> {
        if record.format != GameRecord::FORMAT {
            return Err(format!(
                "not a Klondike game record (format {:?})",
                record.format
            ));
        }
        if record.version > GameRecord::VERSION {
            return Err(format!(
                "Klondike game record version {} was written by a newer game (this one reads version {})",
                record.version,
                GameRecord::VERSION
            ));
        }
        let rule_set = match &record.rules {
            RecordRules::Named(name) => shipped()
                .iter()
                .find(|s| s.name.eq_ignore_ascii_case(name))
                .cloned()
                .ok_or_else(|| format!("unknown Klondike rule set {name:?} in the game record"))?,
            RecordRules::Inline(set) => {
                set.validate("in the game record")?;
                set.clone()
            }
        };
        let deal = DealNumber::parse(&record.deal).map_err(|e| e.to_string())?;
        let mut game = Game::new(rule_set, deal);
        game.started = record.started;
        game.elapsed_ms = record.elapsed_ms;
        game.helped = record.helped;
        for (index, token) in record.moves.iter().enumerate() {
            let m = Move::parse(token).map_err(|e| format!("move index {index}: {e}"))?;
            game.play(m)
                .map_err(|e| format!("move index {index} ({token:?}): illegal: {e}"))?;
        }
        // The redo line must replay from the end of the game, last entry first.
        let mut probe = game.position;
        let mut redo = Vec::with_capacity(record.redo.len());
        for (index, token) in record.redo.iter().enumerate().rev() {
            let m = Move::parse(token).map_err(|e| format!("redo entry index {index}: {e}"))?;
            probe
                .apply(&game.rules, m)
                .map_err(|e| format!("redo entry index {index} ({token:?}): illegal: {e}"))?;
            redo.push(m);
        }
        redo.reverse();
        game.redo = redo;
        game.played = record.played || !record.moves.is_empty() || !record.redo.is_empty();
        game.counted = record.counted;
        Ok(game)
    }

    /// Reads a game from RON text.
    pub fn from_ron(text: &str) -> Result<Game, String> {
        Game::from_record(&GameRecord::from_ron(text)?)
    }

    /// The record as RON text.
    pub fn to_ron(&self) -> String {
        self.to_record().to_ron()
    }
}

fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// A Klondike game as saved: rule set, deal, the moves in Klondike's notation (`d`, `r`,
/// `w>c3`, `c6:3>c2`, …), and what statistics need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always `"klondike-game"`: tells a Klondike record from any other RON file.
    pub format: String,
    /// 1, so far.
    pub version: u32,
    /// The rule set: a shipped set's name, or a custom set written out in full.
    pub rules: RecordRules,
    /// The PySolFC deal number, as text because it can exceed 64 bits.
    pub deal: String,
    pub moves: Vec<String>,
    /// Moves undone that Redo would play again, the next one last.
    #[serde(default)]
    pub redo: Vec<String>,
    /// Seconds since the Unix epoch when the game was dealt.
    pub started: u64,
    /// Play time, in milliseconds.
    pub elapsed_ms: u64,
    /// Show me played some of the moves (written only when true).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub helped: bool,
    /// A move was played since the deal, though none is left to undo or redo (written only
    /// then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub played: bool,
    /// How the statistics counted the game, if they have (written only when set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted: Option<Outcome>,
}

impl GameRecord {
    pub const FORMAT: &'static str = "klondike-game";
    /// The newest version this game reads and writes.
    pub const VERSION: u32 = 1;

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().compact_arrays(true);
        // Strings, numbers, lists and a plain struct: nothing here can fail to serialise.
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    pub fn from_ron(text: &str) -> Result<GameRecord, String> {
        ron::from_str(text).map_err(|e| format!("not a readable Klondike game record: {e}"))
    }
}

/// The rule set of a game record: in RON a shipped set is its name, `rules: "unlimited"`;
/// any other set is written out in full, `rules: (name: "mine", title: "Mine", …)`, as in its
/// own file, so the record needs no file to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRules {
    /// A shipped rule set, by name (read case-insensitively).
    Named(String),
    /// A custom rule set, whole.
    Inline(RuleSet),
}

impl Serialize for RecordRules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RecordRules::Named(name) => serializer.serialize_str(name),
            RecordRules::Inline(set) => set.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for RecordRules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RecordRules;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a Klondike rule set's name or a whole rule set")
            }

            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RecordRules, E> {
                Ok(RecordRules::Named(name.to_string()))
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RecordRules, A::Error> {
                RuleSet::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RecordRules::Inline)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(name: &str) -> RuleSet {
        RuleSet::by_name_or_path(name).unwrap()
    }

    fn deal(n: u128) -> DealNumber {
        DealNumber::new(n).unwrap()
    }

    /// Plays `n` moves (fewer if the game runs out), each the first legal one that is not idle.
    fn play_some(game: &mut Game, n: usize) {
        for _ in 0..n {
            let moves = game.position().legal_moves(game.rules());
            let Some(&m) = moves.iter().find(|&&m| !game.position().is_idle(m)) else {
                break;
            };
            game.play(m).unwrap();
        }
    }

    #[test]
    fn play_undo_and_redo_walk_the_history() {
        let mut game = Game::new(set("unlimited"), deal(1));
        let start = *game.position();
        play_some(&mut game, 6);
        assert_eq!(game.moves().len(), 6);
        assert!(game.played);
        let history = game.history();
        assert_eq!(history.len(), 7);
        assert_eq!(history[0], start);
        assert_eq!(history[6], *game.position());
        let end = *game.position();
        let last = game.moves()[5];
        assert_eq!(game.undo(), Some(last));
        assert_eq!(*game.position(), history[5]);
        assert_eq!(game.redo_moves(), [last]);
        assert_eq!(game.redo(), Some(last));
        assert_eq!(*game.position(), end);
        assert_eq!(game.redo(), None);
        // Everything undone: the deal again.
        while game.undo().is_some() {}
        assert_eq!(*game.position(), start);
        assert_eq!(game.redo_moves().len(), 6);
    }

    #[test]
    fn the_same_move_keeps_the_redo_line_and_another_clears_it() {
        let mut game = Game::new(set("unlimited"), deal(1));
        play_some(&mut game, 4);
        let moves = game.moves().to_vec();
        game.undo_to(1);
        assert_eq!(game.redo_moves().len(), 3);
        // The move the redo line would play next: the rest of the line stays.
        game.play(moves[1]).unwrap();
        assert_eq!(game.redo_moves(), [moves[3], moves[2]]);
        // Another move: the line is gone.
        let other = game
            .position()
            .legal_moves(game.rules())
            .into_iter()
            .find(|&m| m != moves[2])
            .unwrap();
        game.play(other).unwrap();
        assert!(game.redo_moves().is_empty());
    }

    #[test]
    fn undo_to_is_one_redo_step() {
        let mut game = Game::new(set("draw-three"), deal(7));
        play_some(&mut game, 8);
        let moves = game.moves().to_vec();
        let end = *game.position();
        game.undo();
        let undone = game.undo_to(3);
        assert_eq!(undone.len(), 4);
        assert_eq!(undone[0], moves[6], "last played first");
        assert_eq!(game.moves(), &moves[..3]);
        // One step replays the four together, then the single undo on its own.
        assert_eq!(game.redo_step(), &moves[3..7]);
        assert_eq!(game.redo_step(), [moves[7]]);
        assert_eq!(*game.position(), end);
        assert!(game.redo_step().is_empty());
        // A move played over a step forgets it.
        game.undo_to(2);
        let first = game.redo_moves().last().copied().unwrap();
        game.play(first).unwrap();
        assert_eq!(
            game.redo_step().len(),
            1,
            "the step is broken: one move at a time"
        );
    }

    #[test]
    fn a_record_round_trips_with_its_redo_line() {
        let mut game = Game::new(set("single-pass"), deal(617));
        play_some(&mut game, 10);
        game.undo_to(7);
        game.helped = true;
        game.elapsed_ms = 12_345;
        let text = game.to_ron();
        assert!(text.contains("format: \"klondike-game\""), "{text}");
        assert!(text.contains("rules: \"single-pass\""), "{text}");
        let again = Game::from_ron(&text).unwrap();
        assert_eq!(again.moves(), game.moves());
        assert_eq!(again.redo_moves(), game.redo_moves());
        assert_eq!(again.position(), game.position());
        assert_eq!((again.helped, again.elapsed_ms), (true, 12_345));
        assert_eq!(again.started, game.started);
        assert_eq!(again.to_ron(), text);
    }

    #[test]
    fn a_custom_rule_set_travels_inline() {
        let custom = RuleSet {
            name: "mine".into(),
            title: "Mine".into(),
            description: "Three at a time, two passes, nothing back.".into(),
            turn: 3,
            passes: Some(2),
            foundation_to_column: false,
        };
        let mut game = Game::new(custom.clone(), deal(3));
        assert_eq!(game.statistics_key(), "custom/mine/t3p2");
        play_some(&mut game, 5);
        let text = game.to_ron();
        assert!(text.contains("name: \"mine\""), "{text}");
        let again = Game::from_ron(&text).unwrap();
        assert_eq!(again.rule_set(), &custom);
        assert_eq!(again.position(), game.position());
        // A copy of a shipped set's rules is the shipped set.
        let copy = RuleSet {
            name: "copy".into(),
            ..set("unlimited")
        };
        let game = Game::new(copy, deal(3));
        assert_eq!(game.rule_set().name, "unlimited");
        assert_eq!(game.statistics_key(), "unlimited");
        assert!(game.to_ron().contains("rules: \"unlimited\""));
        let back = RuleSet {
            passes: Some(3),
            foundation_to_column: true,
            ..custom.clone()
        };
        assert_eq!(statistics_key(&back), "custom/mine/t3p3+back");
        let endless = RuleSet {
            passes: None,
            ..custom
        };
        assert_eq!(statistics_key(&endless), "custom/mine/t3pu");
    }

    #[test]
    fn bad_records_are_refused() {
        let mut game = Game::new(set("single-pass"), deal(1));
        play_some(&mut game, 3);
        let good = game.to_ron();
        assert!(Game::from_ron(&good).is_ok());
        let first = game.moves()[0].to_string();
        // Not a move; an illegal move; an unknown rule set; another format; an unknown field.
        for bad in [
            good.replacen(&format!("\"{first}\""), "\"x>y\"", 1),
            good.replacen(&format!("\"{first}\""), "\"c0>c0\"", 1),
            good.replace("\"single-pass\"", "\"nonsense\""),
            good.replace("klondike-game", "zodiac-game"),
            good.replace("deal:", "colour: 1, deal:"),
            good.replace("deal: \"1\"", "deal: \"0\""),
            "(".to_string(),
        ] {
            assert!(Game::from_ron(&bad).is_err(), "{bad}");
        }
        // An illegal move where it stands: a King-less empty column, say, or a second turn
        // back of a single pass.
        let record = GameRecord {
            moves: vec!["w>f0".into()],
            ..game.to_record()
        };
        let err = Game::from_record(&record).unwrap_err();
        assert!(err.contains("illegal"), "{err}");
        let record = GameRecord {
            redo: vec!["r".into()],
            ..game.to_record()
        };
        assert!(Game::from_record(&record).is_err());
        // An inline set with a bad turn.
        let mut record = game.to_record();
        record.rules = RecordRules::Inline(RuleSet {
            turn: 2,
            ..set("unlimited")
        });
        assert!(Game::from_record(&record).unwrap_err().contains("turn"));
    }

    #[test]
    fn a_game_is_counted_once() {
        let mut game = Game::new(set("unlimited"), deal(1));
        assert_eq!(game.count_leaving(), None, "nothing played");
        play_some(&mut game, 2);
        assert_eq!(game.count_win(), None, "not won");
        assert_eq!(game.count_leaving(), Some(Outcome::Lost));
        assert_eq!(game.count_leaving(), None);
        // Restart keeps the count, and the record says the game was played.
        game.restart();
        assert!(game.moves().is_empty());
        let again = Game::from_ron(&game.to_ron()).unwrap();
        assert!(again.played);
        assert_eq!(again.counted, Some(Outcome::Lost));

        // A won game counts once, as a win (or helped).
        let won = Position::from_parts(std::array::from_fn(|_| (&[][..], 0)), &[], &[], [13; 4], 1);
        let mut game = Game::from_position(set("unlimited"), deal(1), won);
        game.helped = true;
        assert_eq!(game.count_win(), Some(Outcome::Helped));
        assert_eq!(game.count_win(), None);
        assert_eq!(game.count_leaving(), None);
    }
}
