//! Zodiac as the front end sees it: the rules, the layout and the solver behind
//! [`crate::patience`]'s interface. Equator cells are cells, Zodiac piles are squared piles.

use super::{
    Card, DealNumber, Direction, Game, Move, Phase, Place as ZPlace, Position, RuleSet, Rules,
    Status as ZStatus,
};
use crate::patience::{self, Layout, Outcome, Place, RuleSetInfo, Slot, Snapshot, Status, Verdict};
use std::cell::RefCell;
use std::sync::Arc;

mod in_play;

/// The patience Zodiac.
pub struct Zodiac;

pub static ZODIAC: Zodiac = Zodiac;

const RULES_TEXT: &str = "\
Phase 1 — fill the Zodiac. Turn the stock one card at a time (click it, or Space). The waste card may go onto a Zodiac pile or into an empty Equator cell; an Equator card may go onto a Zodiac pile. A Zodiac pile takes the same suit, one rank up or down (the direction may change; Ace and King are not neighbours). Zodiac cards never move in phase 1, and nothing goes to the foundations. Redeals are unlimited.

Phase 2 — to the foundations. It begins when the stock and the waste are both empty. Zodiac top cards and Equator cards go to the foundations, each built by suit: in Cadogan's rules four up from Ace and four down from King; in Wikipedia's, all eight up from Ace. The game is won when all 104 cards are home.

Mouse: drag a card to a place; click a card to send it to its best place (phase 1: a Zodiac pile, else an empty Equator cell; phase 2: its foundation); click the stock to turn a card, or the empty stock to turn the waste over; double-click or right-click a Zodiac pile to see all its cards.";

fn info(set: &RuleSet) -> RuleSetInfo {
    RuleSetInfo {
        name: set.name.clone(),
        title: set.title.clone(),
        description: set.description.clone(),
    }
}

impl patience::Patience for Zodiac {
    fn name(&self) -> &'static str {
        "zodiac"
    }

    fn title(&self) -> &'static str {
        "Zodiac"
    }

    fn rule_sets(&self) -> Vec<RuleSetInfo> {
        RuleSet::all_builtin().iter().map(info).collect()
    }

    fn rule_set(&self, name: &str) -> Result<RuleSetInfo, String> {
        RuleSet::by_name_or_path(name)
            .map(|s| info(&s))
            .map_err(|e| e.to_string())
    }

    fn new_game(&self, rules: &str, deal: DealNumber) -> Result<Box<dyn patience::Game>, String> {
        let set = RuleSet::by_name_or_path(rules).map_err(|e| e.to_string())?;
        Ok(Box::new(Game::new(set, deal)))
    }

    fn load(&self, text: &str) -> Result<Box<dyn patience::Game>, String> {
        Game::from_ron(text)
            .map(|g| Box::new(g) as Box<dyn patience::Game>)
            .map_err(|e| e.to_string())
    }

    fn deal_snapshot(&self, rules: &str, deal: DealNumber) -> Option<Arc<dyn Snapshot>> {
        let rules = RuleSet::by_name_or_path(rules).ok()?.rules();
        Some(Arc::new(ZodiacPosition(rules, Position::deal(deal))))
    }

    fn layout(&self, width: f32, height: f32, scale_factor: f32) -> Layout {
        super::layout::layout(width, height, scale_factor)
    }

    fn rules_text(&self) -> &'static str {
        RULES_TEXT
    }

    fn save_file(&self) -> &'static str {
        "game.ron"
    }
}

/// A Zodiac place in the front end's words.
pub fn to_neutral(place: ZPlace) -> Place {
    match place {
        ZPlace::Stock => Place::Stock,
        ZPlace::Waste => Place::Waste,
        ZPlace::Equator(e) => Place::Cell(e),
        ZPlace::Zodiac(z) => Place::Pile(z),
        ZPlace::Foundation(f) => Place::Foundation(f),
    }
}

/// The Zodiac place a neutral one stands for, if Zodiac has it.
pub fn from_neutral(place: Place) -> Option<ZPlace> {
    Some(match place {
        Place::Stock => ZPlace::Stock,
        Place::Waste => ZPlace::Waste,
        Place::Cell(e) if e < 8 => ZPlace::Equator(e),
        Place::Pile(z) if z < 24 => ZPlace::Zodiac(z),
        Place::Foundation(f) if f < 8 => ZPlace::Foundation(f),
        _ => return None,
    })
}

/// A Zodiac move in the front end's words.
pub fn move_to_neutral(m: Move) -> patience::Move {
    let count = u8::from(!matches!(m, Move::Redeal));
    patience::Move::new(to_neutral(m.from()), to_neutral(m.to()), count)
}

fn move_from_neutral(m: patience::Move) -> Option<Move> {
    Move::between(from_neutral(m.from)?, from_neutral(m.to)?)
}

fn status(s: ZStatus) -> Status {
    match s {
        ZStatus::Playing => Status::Playing,
        ZStatus::Won => Status::Won,
        ZStatus::Stuck => Status::Stuck,
    }
}

/// A position under its rules, for the solver.
#[derive(Debug)]
struct ZodiacPosition(Rules, Position);

thread_local! {
    /// Solvers keep their memory between positions: one per thread.
    static SOLVER: RefCell<crate::zodiac::solver::Solver> = RefCell::new(crate::zodiac::solver::Solver::new());
}

impl Snapshot for ZodiacPosition {
    fn key(&self) -> u128 {
        patience::key_of(&(self.0, self.1))
    }

    fn solve(&self) -> Verdict {
        let verdict = SOLVER.with(|s| s.borrow_mut().solve(&self.1, &self.0));
        match verdict {
            crate::zodiac::solver::Verdict::Winnable { line, slack } => Verdict::Winnable {
                line: line.into_iter().map(move_to_neutral).collect(),
                note: Some(match slack {
                    0 => "with no Equator cell to spare".to_string(),
                    1 => "1 Equator cell to spare".to_string(),
                    n => format!("{n} Equator cells to spare"),
                }),
            },
            crate::zodiac::solver::Verdict::Lost { why } => Verdict::Lost { why },
            crate::zodiac::solver::Verdict::Unknown { why } => Verdict::Unknown { why },
        }
    }
}

fn place_words(place: ZPlace) -> String {
    match place {
        ZPlace::Stock => "the stock".to_string(),
        ZPlace::Waste => "the waste".to_string(),
        ZPlace::Equator(e) => format!("Equator cell e{e}"),
        ZPlace::Zodiac(z) => format!("Zodiac pile z{z}"),
        ZPlace::Foundation(f) => format!("foundation f{f}"),
    }
}

/// The hint for a winnable position, from the solver's line: the words, and the places to light.
pub fn hint_from_line(position: &Position, rules: &Rules, line: &[Move]) -> (String, Vec<Place>) {
    let Some(&first) = line.first() else {
        return ("The game is won.".into(), Vec::new());
    };
    if !matches!(first, Move::Turn | Move::Redeal) {
        let card = position
            .moving_card(first)
            .map(Card::name)
            .unwrap_or_default();
        let words = format!(
            "Hint: {card} from {} to {}.",
            place_words(first.from()),
            place_words(first.to())
        );
        return (
            words,
            vec![to_neutral(first.from()), to_neutral(first.to())],
        );
    }
    // The plan turns the stock first: say which card it is after, and how far down it is.
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
        .and_then(|&m| p.moving_card(m))
        .map(Card::name);
    let words = match (card, over) {
        (None, _) => "Hint: turn the stock.".to_string(),
        (Some(card), false) if turns == 1 => format!("Turn the stock: {card} is next."),
        (Some(card), false) => format!("Turn the stock: {card} is {turns} cards down."),
        (Some(card), true) => {
            format!("Turn the stock, and the waste over: {card} comes up in {turns} turns.")
        }
    };
    (words, vec![Place::Stock])
}
