//! Klondike as the front end sees it: the rules, the layout and the solver behind
//! [`crate::patience`]'s interface. Klondike's places are the interface's own: the stock, the
//! waste, foundations f0..f3 and columns c0..c6.
//!
//! Moves: a turn of the stock is stock → waste and turning the waste over is waste → stock,
//! both with count 0; a column-to-column move carries its count; every other move is of one
//! card.

use super::game::Game;
use super::moves::{Move, Place as KPlace};
use super::position::{Position, Status as KStatus};
use super::ruleset::{RuleSet, Rules};
use crate::patience::{self, Layout, Outcome, Place, RuleSetInfo, Slot, Snapshot, Status, Verdict};
use crate::rules::{Card, DealNumber, Suit};
use std::cell::RefCell;
use std::sync::Arc;

/// The patience Klondike.
pub struct Klondike;

pub static KLONDIKE: Klondike = Klondike;

const RULES_TEXT: &str = "\
The goal — build four foundations, one per suit, from the Ace up to the King.

The columns — seven of them, the top card of each face up. They build down in alternate colours (a red 6 on a black 7). A face-up card moves with all the cards on it; only a King, or a run headed by one, goes into an empty column. A face-down card left on top turns face up.

The stock — turn it onto the waste one card at a time (three in Draw three); the waste's top card may go onto a column or a foundation. When the stock is empty the waste may be turned over to make it again, as often as the rule set allows (never in Single pass). A card may come back from a foundation onto a column.

Mouse: drag a card, and the cards on it, to a place. Click a card to send it with the cards on it to its best place: its foundation if it can go, else the first column from the left that takes it. Double-click or right-click a card to send it to its foundation. Click the stock to turn; click the empty stock to turn the waste over, when the rules allow.";

fn info(set: &RuleSet) -> RuleSetInfo {
    RuleSetInfo {
        name: set.name.clone(),
        title: set.title.clone(),
        description: set.description.clone(),
    }
}

impl patience::Patience for Klondike {
    fn name(&self) -> &'static str {
        "klondike"
    }

    fn title(&self) -> &'static str {
        "Klondike"
    }

    fn rule_sets(&self) -> Vec<RuleSetInfo> {
        RuleSet::all_builtin().iter().map(info).collect()
    }

    fn rule_set(&self, name: &str) -> Result<RuleSetInfo, String> {
        RuleSet::by_name_or_path(name).map(|s| info(&s))
    }

    fn new_game(&self, rules: &str, deal: DealNumber) -> Result<Box<dyn patience::Game>, String> {
        let set = RuleSet::by_name_or_path(rules)?;
        Ok(Box::new(Game::new(set, deal)))
    }

    fn load(&self, text: &str) -> Result<Box<dyn patience::Game>, String> {
        Game::from_ron(text).map(|g| Box::new(g) as Box<dyn patience::Game>)
    }

    fn deal_snapshot(&self, rules: &str, deal: DealNumber) -> Option<Arc<dyn Snapshot>> {
        let rules = RuleSet::by_name_or_path(rules).ok()?.rules();
        Some(Arc::new(KlondikePosition(
            rules,
            Position::deal(deal, &rules),
        )))
    }

    fn layout(&self, width: f32, height: f32, scale_factor: f32) -> Layout {
        super::layout::layout(width, height, scale_factor)
    }

    fn rules_text(&self) -> &'static str {
        RULES_TEXT
    }

    fn save_file(&self) -> &'static str {
        "klondike-game.ron"
    }
}

/// A Klondike place in the front end's words.
pub fn to_neutral(place: KPlace) -> Place {
    match place {
        KPlace::Stock => Place::Stock,
        KPlace::Waste => Place::Waste,
        KPlace::Foundation(f) => Place::Foundation(f),
        KPlace::Column(c) => Place::Column(c),
    }
}

/// The Klondike place a neutral one stands for, if Klondike has it.
pub fn from_neutral(place: Place) -> Option<KPlace> {
    Some(match place {
        Place::Stock => KPlace::Stock,
        Place::Waste => KPlace::Waste,
        Place::Foundation(f) if f < 4 => KPlace::Foundation(f),
        Place::Column(c) if c < 7 => KPlace::Column(c),
        _ => return None,
    })
}

/// A Klondike move in the front end's words: turns and turning the waste over count 0, a
/// column-to-column move its cards, every other move 1.
pub fn move_to_neutral(m: Move) -> patience::Move {
    let count = match m {
        Move::Turn | Move::Redeal => 0,
        Move::ColumnToColumn(_, _, n) => n,
        _ => 1,
    };
    patience::Move::new(to_neutral(m.from()), to_neutral(m.to()), count)
}

/// The Klondike move a neutral one stands for, if there is one: a turn (or turning the waste
/// over) whatever its count, a column-to-column move of at least one card, any other of one.
pub fn move_from_neutral(m: patience::Move) -> Option<Move> {
    let (from, to) = (from_neutral(m.from)?, from_neutral(m.to)?);
    match (from, to) {
        (KPlace::Column(a), KPlace::Column(b)) => {
            (a != b && m.count >= 1).then_some(Move::ColumnToColumn(a, b, m.count))
        }
        (KPlace::Stock, KPlace::Waste) | (KPlace::Waste, KPlace::Stock) => Move::between(from, to),
        _ if m.count <= 1 => Move::between(from, to),
        _ => None,
    }
}

fn status(s: KStatus) -> Status {
    match s {
        KStatus::Playing => Status::Playing,
        KStatus::Won => Status::Won,
        KStatus::Stuck => Status::Stuck,
    }
}

/// The card a move takes: the one the player grabs (the bottom card of a run that moves
/// with the cards on it), the stock's next card for a turn; none for turning the waste over.
pub fn moving_card(position: &Position, m: Move) -> Option<Card> {
    match m {
        Move::Turn => position.stock().last().copied(),
        Move::Redeal => None,
        Move::WasteToFoundation(_) | Move::WasteToColumn(_) => position.waste_top(),
        Move::ColumnToFoundation(c, _) => position.column(c).last().copied(),
        Move::ColumnToColumn(c, _, n) => {
            let column = position.column(c);
            column.len().checked_sub(usize::from(n)).map(|i| column[i])
        }
        Move::FoundationToColumn(f, _) => position.foundation_top(f),
    }
}

fn place_words(place: KPlace) -> String {
    match place {
        KPlace::Stock => "the stock".to_string(),
        KPlace::Waste => "the waste".to_string(),
        KPlace::Foundation(f) => format!("foundation f{f}"),
        KPlace::Column(c) => format!("column c{c}"),
    }
}

/// A position under its rules, for the solver.
#[derive(Debug)]
struct KlondikePosition(Rules, Position);

/// Positions a verdict at the table may search: a few tenths of a second of one core, so that
/// the table never waits long and an idle game is soon idle again. Beyond it the verdict is
/// "unknown", said as such (the command line searches further).
pub const TABLE_BUDGET: usize = 150_000;

thread_local! {
    /// Solvers keep their memory between positions: one per thread.
    static SOLVER: RefCell<super::solver::Solver> = RefCell::new(super::solver::Solver::new());
}

impl Snapshot for KlondikePosition {
    fn key(&self) -> u128 {
        patience::key_of(&(self.0, self.1))
    }

    fn solve(&self) -> Verdict {
        let verdict = SOLVER.with(|s| s.borrow_mut().solve(&self.1, &self.0, TABLE_BUDGET));
        match verdict {
            super::solver::Verdict::Winnable { line } => Verdict::Winnable {
                line: line.into_iter().map(move_to_neutral).collect(),
                note: None,
            },
            super::solver::Verdict::Lost { why } => Verdict::Lost { why },
            super::solver::Verdict::Unknown { why } => Verdict::Unknown { why },
        }
    }
}

impl Game {
    fn legal(&self, m: Move) -> bool {
        self.position().check(self.rules(), m).is_ok()
    }

    /// The move of `count` cards from one Klondike place to another, legality aside.
    fn klondike_move(from: KPlace, to: KPlace, count: u8) -> Option<Move> {
        move_from_neutral(patience::Move::new(to_neutral(from), to_neutral(to), count))
    }
}

impl patience::Game for Game {
    fn patience(&self) -> &'static dyn patience::Patience {
        &KLONDIKE
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn deal(&self) -> DealNumber {
        Game::deal(self)
    }

    fn rule_set(&self) -> RuleSetInfo {
        info(Game::rule_set(self))
    }

    fn statistics_key(&self) -> String {
        // The statistics file is shared with Zodiac: Klondike's keys carry its name.
        format!("klondike/{}", Game::statistics_key(self))
    }

    fn same_rules(&self, rules: &str) -> bool {
        RuleSet::by_name_or_path(rules).is_ok_and(|r| r.rules() == *self.rules())
    }

    fn places(&self) -> Vec<Place> {
        KPlace::all().map(to_neutral).collect()
    }

    fn cards(&self, place: Place) -> Vec<Slot> {
        let p = self.position();
        match from_neutral(place) {
            None => Vec::new(),
            Some(KPlace::Column(c)) => {
                let down = usize::from(p.face_down(c));
                p.column(c)
                    .iter()
                    .enumerate()
                    .map(|(i, &card)| Slot {
                        card,
                        face_up: i >= down,
                    })
                    .collect()
            }
            Some(KPlace::Stock) => p
                .stock()
                .iter()
                .map(|&card| Slot {
                    card,
                    face_up: false,
                })
                .collect(),
            Some(place) => p
                .cards_at(place)
                .into_iter()
                .map(|card| Slot {
                    card,
                    face_up: true,
                })
                .collect(),
        }
    }

    fn status(&self) -> Status {
        status(Game::status(self))
    }

    fn stage(&self) -> Option<&'static str> {
        None
    }

    fn stuck_reason(&self) -> String {
        let p = self.position();
        let last_pass = self
            .rules()
            .passes
            .is_some_and(|n| p.pass() >= u16::from(n));
        if p.stock().is_empty() && p.waste().is_empty() {
            "No move is left: no card on the table fits anywhere, and the stock and the waste are empty."
        } else if last_pass && p.stock().is_empty() {
            "No move is left: no card on the table or the waste fits anywhere, and the stock's last pass is used up."
        } else if last_pass {
            "No move is left: no card on the table fits anywhere, and none that the stock's last pass can still bring up fits either."
        } else {
            "No move is left: no card on the table or in the stock fits anywhere."
        }
        .to_string()
    }

    fn foundation_caption(&self, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        (f < 4).then(|| (Suit::ALL[usize::from(f)], "A", "up"))
    }

    fn place_name(&self, place: Place) -> String {
        from_neutral(place).map(place_words).unwrap_or_default()
    }

    fn notation(&self, m: patience::Move) -> String {
        move_from_neutral(m)
            .map(|m| m.to_string())
            .unwrap_or_default()
    }

    fn play(&mut self, m: patience::Move) -> Result<(), String> {
        let m = move_from_neutral(m).ok_or_else(|| "no such move".to_string())?;
        Game::play(self, m).map_err(|e| e.to_string())
    }

    fn best_move(&self, place: Place, depth: usize) -> Option<patience::Move> {
        let from = from_neutral(place)?;
        let p = self.position();
        let m = match from {
            KPlace::Stock if !p.stock().is_empty() => Move::Turn,
            KPlace::Stock => Some(Move::Redeal).filter(|&m| self.legal(m))?,
            // A foundation card is where it belongs: a click does not take it back.
            KPlace::Foundation(_) => return None,
            KPlace::Waste | KPlace::Column(_) => {
                let count = patience::Game::lift(self, place, depth).ok()?;
                if depth == 0
                    && let Some(home) = patience::Game::home_move(self, place)
                {
                    return Some(home);
                }
                (0..7)
                    .map(KPlace::Column)
                    .filter(|&to| to != from)
                    .filter_map(|to| Game::klondike_move(from, to, count))
                    .find(|&m| self.legal(m) && !p.is_idle(m))?
            }
        };
        Some(move_to_neutral(m))
    }

    fn home_move(&self, place: Place) -> Option<patience::Move> {
        let p = self.position();
        let from = from_neutral(place)?;
        let card = match from {
            KPlace::Waste => p.waste_top()?,
            KPlace::Column(c) => *p.column(c).last()?,
            _ => return None,
        };
        Move::between(from, KPlace::Foundation(card.suit() as u8))
            .filter(|&m| self.legal(m))
            .map(move_to_neutral)
    }

    fn lift(&self, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let p = self.position();
        match from_neutral(place).ok_or(None)? {
            KPlace::Stock => Err(None),
            KPlace::Waste => {
                if depth == 0 && !p.waste().is_empty() {
                    Ok(1)
                } else {
                    Err(None)
                }
            }
            KPlace::Foundation(f) => {
                if depth > 0 || p.foundation_len(f) == 0 {
                    Err(None)
                } else if self.rules().foundation_to_column {
                    Ok(1)
                } else {
                    Err(Some(
                        "These rules keep foundation cards where they are.".to_string(),
                    ))
                }
            }
            KPlace::Column(c) => {
                let len = p.column(c).len();
                if depth >= len {
                    return Err(None);
                }
                if len - 1 - depth < usize::from(p.face_down(c)) {
                    return Err(Some(
                        "That card is face down: it turns up when the cards on it move away."
                            .to_string(),
                    ));
                }
                u8::try_from(depth + 1).map_err(|_| None)
            }
        }
    }

    fn destinations(&self, from: Place, count: u8) -> Vec<Place> {
        let Some(from) = from_neutral(from) else {
            return Vec::new();
        };
        KPlace::all()
            .filter(|&to| matches!(to, KPlace::Foundation(_) | KPlace::Column(_)) && to != from)
            .filter(|&to| Game::klondike_move(from, to, count).is_some_and(|m| self.legal(m)))
            .map(to_neutral)
            .collect()
    }

    fn between(&self, from: Place, to: Place, count: u8) -> Option<patience::Move> {
        move_from_neutral(patience::Move::new(from, to, count)).map(move_to_neutral)
    }

    fn moving_card(&self, m: patience::Move) -> Option<Card> {
        moving_card(self.position(), move_from_neutral(m)?)
    }

    fn turn_for_empty_waste(&self) -> Option<patience::Move> {
        let p = self.position();
        (p.waste().is_empty() && !p.stock().is_empty()).then(|| move_to_neutral(Move::Turn))
    }

    fn finishing_move(&self) -> Option<patience::Move> {
        let p = self.position();
        if !p.stock().is_empty() || !p.waste().is_empty() || (0..7).any(|c| p.face_down(c) > 0) {
            return None;
        }
        (0..7u8)
            .filter_map(|c| {
                let card = *p.column(c).last()?;
                let m = Move::ColumnToFoundation(c, card.suit() as u8);
                self.legal(m).then_some((card.rank(), m))
            })
            .min_by_key(|&(rank, _)| rank)
            .map(|(_, m)| move_to_neutral(m))
    }

    fn rules_hint(&self) -> Option<patience::Move> {
        let p = self.position();
        let moves = p.legal_moves(self.rules());
        let find = |wanted: &dyn Fn(Move) -> bool| moves.iter().copied().find(|&m| wanted(m));
        find(&|m| matches!(m, Move::WasteToFoundation(_) | Move::ColumnToFoundation(..)))
            .or_else(|| {
                // A run that leaves a face-down card on top, which then turns up.
                find(&|m| {
                    matches!(m, Move::ColumnToColumn(from, _, n)
                        if p.face_down(from) > 0
                            && usize::from(n) + usize::from(p.face_down(from))
                                == p.column(from).len())
                })
            })
            .or_else(|| find(&|m| matches!(m, Move::WasteToColumn(_))))
            .or_else(|| find(&|m| m == Move::Turn))
            .or_else(|| find(&|m| m == Move::Redeal))
            .map(move_to_neutral)
    }

    fn hint_from_line(&self, line: &[patience::Move]) -> (String, Vec<Place>) {
        let line: Vec<Move> = line.iter().filter_map(|&m| move_from_neutral(m)).collect();
        hint_from_line(self.position(), self.rules(), &line)
    }

    fn inspects(&self, _place: Place) -> bool {
        false
    }

    fn redeal_possible(&self) -> bool {
        let p = self.position();
        let talon = !p.stock().is_empty() || !p.waste().is_empty();
        talon && self.rules().passes.is_none_or(|n| p.pass() < u16::from(n))
    }

    fn moves_played(&self) -> usize {
        self.moves().len()
    }

    fn undo(&mut self) -> Option<patience::Move> {
        Game::undo(self).map(move_to_neutral)
    }

    fn undo_to(&mut self, len: usize) -> Vec<patience::Move> {
        Game::undo_to(self, len)
            .into_iter()
            .map(move_to_neutral)
            .collect()
    }

    fn redo_step(&mut self) -> Vec<patience::Move> {
        Game::redo_step(self)
            .into_iter()
            .map(move_to_neutral)
            .collect()
    }

    fn restart(&mut self) {
        Game::restart(self)
    }

    fn new_deal(&self, deal: DealNumber) -> Box<dyn patience::Game> {
        Box::new(Game::new(Game::rule_set(self).clone(), deal))
    }

    fn snapshot(&self) -> Arc<dyn Snapshot> {
        Arc::new(KlondikePosition(*self.rules(), *self.position()))
    }

    fn deal_snapshot(&self, deal: DealNumber) -> Arc<dyn Snapshot> {
        let rules = *self.rules();
        Arc::new(KlondikePosition(rules, Position::deal(deal, &rules)))
    }

    fn start_snapshot(&self) -> Arc<dyn Snapshot> {
        Arc::new(KlondikePosition(*self.rules(), *self.start()))
    }

    fn history(&self) -> Vec<Arc<dyn Snapshot>> {
        let rules = *self.rules();
        Game::history(self)
            .into_iter()
            .map(|p| Arc::new(KlondikePosition(rules, p)) as Arc<dyn Snapshot>)
            .collect()
    }

    fn helped(&self) -> bool {
        self.helped
    }

    fn set_helped(&mut self) {
        self.helped = true;
    }

    fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    fn set_elapsed_ms(&mut self, ms: u64) {
        self.elapsed_ms = ms;
    }

    fn count_win(&mut self) -> Option<Outcome> {
        Game::count_win(self)
    }

    fn count_leaving(&mut self) -> Option<Outcome> {
        Game::count_leaving(self)
    }

    fn record_at(&self, elapsed_ms: u64) -> String {
        let mut record = self.to_record();
        record.elapsed_ms = elapsed_ms;
        record.to_ron()
    }
}

/// The hint for a winnable position, from the solver's line: the words, and the places to
/// light.
pub fn hint_from_line(position: &Position, rules: &Rules, line: &[Move]) -> (String, Vec<Place>) {
    let Some(&first) = line.first() else {
        return ("The game is won.".into(), Vec::new());
    };
    if !matches!(first, Move::Turn | Move::Redeal) {
        let card = moving_card(position, first)
            .map(Card::name)
            .unwrap_or_default();
        let with = match first {
            Move::ColumnToColumn(_, _, n) if n > 1 => " and the cards on it",
            _ => "",
        };
        let words = format!(
            "Hint: {card}{with} from {} to {}.",
            place_words(first.from()),
            place_words(first.to())
        );
        return (
            words,
            vec![to_neutral(first.from()), to_neutral(first.to())],
        );
    }
    // The plan turns the stock first: say which card it is after, and how far off it is.
    let turns = line
        .iter()
        .take_while(|m| matches!(m, Move::Turn | Move::Redeal))
        .count();
    let over = line[..turns].contains(&Move::Redeal);
    let mut p = *position;
    for &m in &line[..turns] {
        if p.apply(rules, m).is_err() {
            break;
        }
    }
    let card = line
        .get(turns)
        .and_then(|&m| moving_card(&p, m))
        .map(Card::name);
    let words = match (card, over) {
        (None, true) if turns == 1 => "Hint: turn the waste over.".to_string(),
        (None, _) => "Hint: turn the stock.".to_string(),
        (Some(card), false) if turns == 1 => format!("Turn the stock: {card} is next."),
        (Some(card), false) if rules.turn == 1 => {
            format!("Turn the stock: {card} is {turns} cards down.")
        }
        (Some(card), false) => format!("Turn the stock: {card} comes up in {turns} turns."),
        (Some(card), true) if turns == 1 => {
            format!("Turn the waste over: {card} is then on top of the stock.")
        }
        (Some(card), true) => {
            format!("Turn the stock, and the waste over: {card} comes up in {turns} turns.")
        }
    };
    (words, vec![Place::Stock])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patience::{Game as _, Patience as _};

    fn card(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(card).collect()
    }

    fn set(name: &str) -> RuleSet {
        RuleSet::by_name_or_path(name).unwrap()
    }

    fn deal(n: u128) -> DealNumber {
        DealNumber::new(n).unwrap()
    }

    /// A game from a table by hand: columns (cards bottom to top, how many face down), the
    /// stock (next card last), the waste (top last), the foundations' heights.
    fn table(
        rule_set: RuleSet,
        columns: &[(&str, u8)],
        stock: &str,
        waste: &str,
        foundations: [u8; 4],
    ) -> Game {
        let piles: Vec<(Vec<Card>, u8)> = (0..7)
            .map(|c| {
                columns
                    .get(c)
                    .map_or((Vec::new(), 0), |(t, d)| (cards(t), *d))
            })
            .collect();
        let parts: [(&[Card], u8); 7] = std::array::from_fn(|c| (&piles[c].0[..], piles[c].1));
        let p = Position::from_parts(parts, &cards(stock), &cards(waste), foundations, 1);
        Game::from_position(rule_set, deal(1), p)
    }

    /// Spades are home to the 7; the waste's AH goes home; 7D fits c3's 8S and c4's 8C;
    /// 9H 8S fits c5's TS.
    fn sample() -> Game {
        table(
            set("single-pass"),
            &[
                ("QH", 0),
                ("", 0),
                ("4C 7D", 1),
                ("TC 9H 8S", 0),
                ("8C", 0),
                ("TS", 0),
                ("KD", 0),
            ],
            "2D 3D",
            "5C AH",
            [0, 7, 0, 0],
        )
    }

    fn mv(from: Place, to: Place, count: u8) -> patience::Move {
        patience::Move::new(from, to, count)
    }

    #[test]
    fn a_hand_lifts_a_face_up_card_with_the_cards_on_it() {
        let g = sample();
        assert_eq!(g.lift(Place::Column(3), 0), Ok(1));
        assert_eq!(g.lift(Place::Column(3), 2), Ok(3));
        assert_eq!(g.lift(Place::Column(3), 3), Err(None), "no such card");
        assert!(
            matches!(g.lift(Place::Column(2), 1), Err(Some(_))),
            "face down"
        );
        assert_eq!(g.lift(Place::Column(1), 0), Err(None), "empty");
        assert_eq!(g.lift(Place::Stock, 0), Err(None));
        assert_eq!(g.lift(Place::Waste, 0), Ok(1));
        assert_eq!(g.lift(Place::Waste, 1), Err(None));
        assert_eq!(g.lift(Place::Foundation(1), 0), Ok(1));
        assert_eq!(g.lift(Place::Foundation(0), 0), Err(None), "empty");
        let strict = RuleSet {
            foundation_to_column: false,
            name: "strict".into(),
            ..set("single-pass")
        };
        let g = table(strict, &[("8H", 0)], "", "", [0, 7, 0, 0]);
        assert!(matches!(g.lift(Place::Foundation(1), 0), Err(Some(_))));
        assert_eq!(g.lift(Place::Cell(0), 0), Err(None), "not a Klondike place");
    }

    #[test]
    fn a_click_sends_a_card_home_first_then_to_the_leftmost_column() {
        let g = sample();
        let f = Place::Foundation;
        let c = Place::Column;
        assert_eq!(
            g.best_move(Place::Waste, 0),
            Some(mv(Place::Waste, f(2), 1))
        );
        assert_eq!(
            g.best_move(c(3), 0),
            Some(mv(c(3), f(1), 1)),
            "8S goes home"
        );
        assert_eq!(
            g.best_move(c(2), 0),
            Some(mv(c(2), c(3), 1)),
            "c3 before c4"
        );
        assert_eq!(
            g.best_move(c(3), 1),
            Some(mv(c(3), c(5), 2)),
            "9H 8S onto TS"
        );
        assert_eq!(g.best_move(c(3), 2), None, "TC fits nowhere");
        assert_eq!(g.best_move(c(2), 1), None, "face down");
        assert_eq!(g.best_move(c(6), 0), None, "a lone King stays put");
        assert_eq!(g.best_move(f(1), 0), None, "home stays home");
        assert_eq!(
            g.best_move(Place::Stock, 0),
            Some(mv(Place::Stock, Place::Waste, 0))
        );
        // The destinations of a drag.
        assert_eq!(g.destinations(c(2), 1), [c(3), c(4)]);
        assert_eq!(g.destinations(c(3), 2), [c(5)]);
        assert_eq!(g.destinations(Place::Waste, 1), [f(2)]);
        // The click plays.
        let mut g = g;
        let m = g.best_move(c(3), 1).unwrap();
        patience::Game::play(&mut g, m).unwrap();
        assert_eq!(g.position().column(5), cards("TS 9H 8S"));
        assert_eq!(g.notation(m), "c3:2>c5");
        assert_eq!(g.moving_card(m), None, "moved already");
        assert_eq!(patience::Game::undo(&mut g), Some(m));
        assert_eq!(g.moving_card(m), Some(card("9H")), "the card grabbed");
    }

    #[test]
    fn a_double_click_sends_the_top_card_home() {
        let g = sample();
        assert_eq!(
            g.home_move(Place::Waste),
            Some(mv(Place::Waste, Place::Foundation(2), 1))
        );
        assert_eq!(
            g.home_move(Place::Column(3)),
            Some(mv(Place::Column(3), Place::Foundation(1), 1))
        );
        assert_eq!(
            g.home_move(Place::Column(4)),
            None,
            "8C: the clubs are empty"
        );
        assert_eq!(g.home_move(Place::Column(1)), None, "empty column");
        assert_eq!(g.home_move(Place::Stock), None);
        assert!(!g.inspects(Place::Column(3)));
    }

    #[test]
    fn cards_lie_face_up_and_down_and_the_stock_turns_from_its_end() {
        for name in ["single-pass", "draw-three"] {
            let mut g = KLONDIKE.new_game(name, deal(11982)).unwrap();
            for c in 0..7u8 {
                let column = g.cards(Place::Column(c));
                assert_eq!(column.len(), usize::from(c) + 1);
                assert!(column[..usize::from(c)].iter().all(|s| !s.face_up));
                assert!(column.last().unwrap().face_up);
            }
            let stock = g.cards(Place::Stock);
            assert!(stock.iter().all(|s| !s.face_up));
            assert!(g.cards(Place::Waste).iter().all(|s| s.face_up));
            // The last card of the stock is the next a turn brings up.
            let next = stock.last().unwrap().card;
            let turn = mv(Place::Stock, Place::Waste, 0);
            assert_eq!(g.moving_card(turn), Some(next));
            let waste_before = g.cards(Place::Waste).len();
            g.play(turn).unwrap();
            let waste = g.cards(Place::Waste);
            let turned = waste.len() - waste_before;
            assert_eq!(
                waste[waste_before].card, next,
                "{name}: first onto the waste"
            );
            assert_eq!(
                waste.last().unwrap().card,
                stock[stock.len() - turned].card,
                "{name}: the waste's top"
            );
            assert_eq!(g.cards(Place::Stock).len(), stock.len() - turned);
        }
        let g = sample();
        let f1 = g.cards(Place::Foundation(1));
        assert_eq!(f1.len(), 7);
        assert_eq!(f1.last().unwrap().card, card("7S"));
        assert!(f1.iter().all(|s| s.face_up));
    }

    #[test]
    fn every_move_maps_both_ways() {
        let mut g = Game::new(set("unlimited"), deal(3));
        for _ in 0..60 {
            let moves = g.position().legal_moves(g.rules());
            for &m in &moves {
                let n = move_to_neutral(m);
                assert_eq!(move_from_neutral(n), Some(m));
                assert_eq!(g.notation(n), m.to_string());
                assert_eq!(g.between(n.from, n.to, n.count), Some(n));
            }
            let Some(&m) = moves.iter().find(|&&m| !g.position().is_idle(m)) else {
                break;
            };
            Game::play(&mut g, m).unwrap();
        }
        assert_eq!(
            move_to_neutral(Move::Turn),
            mv(Place::Stock, Place::Waste, 0)
        );
        assert_eq!(
            move_to_neutral(Move::Redeal),
            mv(Place::Waste, Place::Stock, 0)
        );
        assert_eq!(
            move_to_neutral(Move::ColumnToColumn(6, 2, 3)),
            mv(Place::Column(6), Place::Column(2), 3)
        );
        assert_eq!(
            move_from_neutral(mv(Place::Column(1), Place::Column(1), 1)),
            None
        );
        assert_eq!(
            move_from_neutral(mv(Place::Column(1), Place::Column(2), 0)),
            None
        );
        assert_eq!(
            move_from_neutral(mv(Place::Waste, Place::Column(2), 2)),
            None
        );
        assert_eq!(
            move_from_neutral(mv(Place::Cell(0), Place::Column(2), 1)),
            None
        );
        assert_eq!(
            move_from_neutral(mv(Place::Column(7), Place::Column(2), 1)),
            None
        );
        let g = sample();
        assert_eq!(g.place_name(Place::Column(3)), "column c3");
        assert_eq!(g.place_name(Place::Foundation(1)), "foundation f1");
        assert_eq!(g.place_name(Place::Stock), "the stock");
        assert_eq!(g.place_name(Place::Waste), "the waste");
        assert_eq!(g.foundation_caption(2), Some((Suit::Hearts, "A", "up")));
        assert_eq!(g.foundation_caption(4), None);
    }

    #[test]
    fn the_assistant_turns_finishes_and_hints() {
        let g = table(set("single-pass"), &[("5C", 0)], "2D 3D", "", [0; 4]);
        assert_eq!(
            g.turn_for_empty_waste(),
            Some(mv(Place::Stock, Place::Waste, 0))
        );
        assert_eq!(g.finishing_move(), None, "a stock is left");
        // All face up, the talon empty: the lowest card goes home first.
        let g = table(
            set("single-pass"),
            &[("KC QH JC TH", 0), ("KH QC JH TC", 0)],
            "",
            "",
            [9, 13, 9, 13],
        );
        assert_eq!(
            g.finishing_move(),
            Some(mv(Place::Column(0), Place::Foundation(2), 1))
        );
        let g = table(
            set("single-pass"),
            &[("KC QH JC TH", 1), ("KH QC JH TC", 0)],
            "",
            "",
            [9, 13, 9, 13],
        );
        assert_eq!(g.finishing_move(), None, "a card is face down");
        // The rules' hint: home first, then a move that turns a card up.
        let g = sample();
        assert!(g.rules_hint().unwrap().to_foundation());
        let g = table(
            set("single-pass"),
            &[("4C 7D", 1), ("8C", 0)],
            "2D",
            "",
            [0; 4],
        );
        assert_eq!(
            g.rules_hint(),
            Some(mv(Place::Column(0), Place::Column(1), 1))
        );
        // Hints in words.
        let g = sample();
        let (words, lit) = g.hint_from_line(&[mv(Place::Column(3), Place::Column(5), 2)]);
        assert_eq!(
            words,
            "Hint: 9♥ and the cards on it from column c3 to column c5."
        );
        assert_eq!(lit, [Place::Column(3), Place::Column(5)]);
        let (words, _) = g.hint_from_line(&[mv(Place::Waste, Place::Foundation(2), 1)]);
        assert_eq!(words, "Hint: A♥ from the waste to foundation f2.");
        let turn = mv(Place::Stock, Place::Waste, 0);
        let (words, lit) = g.hint_from_line(&[turn, turn, mv(Place::Waste, Place::Column(1), 1)]);
        assert_eq!(words, "Turn the stock: 2♦ is 2 cards down.");
        assert_eq!(lit, [Place::Stock]);
        assert_eq!(g.hint_from_line(&[]).0, "The game is won.");
    }

    #[test]
    fn stuck_games_say_why_and_passes_run_out() {
        let g = table(
            set("single-pass"),
            &[("2C 3C 4C", 2), ("5S", 0)],
            "",
            "9D",
            [0; 4],
        );
        assert_eq!(patience::Game::status(&g), Status::Stuck);
        assert!(
            g.stuck_reason().contains("last pass"),
            "{}",
            g.stuck_reason()
        );
        assert!(!g.redeal_possible());
        assert_eq!(
            g.position().check(g.rules(), Move::Redeal),
            Err(crate::klondike::Illegal::NoPassLeft(1))
        );
        assert_eq!(g.best_move(Place::Stock, 0), None);
        let g = table(
            set("unlimited"),
            &[("2C 3C 4C", 2), ("5S", 0)],
            "",
            "9D",
            [0; 4],
        );
        assert!(g.redeal_possible());
        assert_eq!(
            g.best_move(Place::Stock, 0),
            Some(mv(Place::Waste, Place::Stock, 0))
        );
        assert_eq!(g.stage(), None);
    }

    #[test]
    fn the_patience_deals_loads_and_solves() {
        assert_eq!(KLONDIKE.name(), "klondike");
        assert_eq!(KLONDIKE.rule_sets()[0].name, "single-pass");
        assert!(KLONDIKE.rule_set("Draw-Three").is_ok());
        assert!(KLONDIKE.rule_set("nonsense").is_err());
        assert!(KLONDIKE.rules_text().contains("Mouse:"));
        let mut g = KLONDIKE.new_game("unlimited", deal(5)).unwrap();
        assert!(g.same_rules("unlimited") && !g.same_rules("draw-three"));
        assert_eq!(g.statistics_key(), "klondike/unlimited");
        assert_eq!(g.places().len(), 13);
        let layout = KLONDIKE.layout(1280.0, 720.0, 1.0);
        for place in g.places() {
            assert!(layout.all().any(|q| q == place), "{place:?}");
        }
        let m = g.rules_hint().unwrap();
        g.play(m).unwrap();
        let again = KLONDIKE.load(&g.record()).unwrap();
        assert_eq!(again.record(), g.record());
        assert_eq!(again.snapshot().key(), g.snapshot().key());
        assert_ne!(g.start_snapshot().key(), g.snapshot().key());
        assert_eq!(g.history().len(), 2);
        assert_eq!(
            KLONDIKE.deal_snapshot("unlimited", deal(5)).unwrap().key(),
            g.start_snapshot().key()
        );
        // A nearly won game: the solver's line plays to a win.
        let mut g = table(
            set("single-pass"),
            &[("KC QH JC TH", 0), ("KH QC JH TC", 0)],
            "",
            "",
            [9, 13, 9, 13],
        );
        let Verdict::Winnable { line, .. } = g.snapshot().solve() else {
            panic!("winnable");
        };
        for m in line {
            patience::Game::play(&mut g, m).unwrap();
        }
        assert_eq!(patience::Game::status(&g), Status::Won);
        assert_eq!(patience::Game::count_win(&mut g), Some(Outcome::Won));
    }
}
