//! A game of a patience written as a file at the table and on the command line (its `Table`
//! and `CommandLine`: every answer from the kinds, none from a patience's name), and
//! [`FilePatience`], the patience a file is to players.

use super::{Game, Kinds, Params, Search};
use crate::cards::{DealNumber, Suit};
use crate::kinds::compiled::Compiled;
use crate::kinds::file::Empty;
use crate::kinds::position::DOWN;
use crate::kinds::{moves, text};
use crate::patience::rules::Rules as _;
use crate::patience::{
    self, CommandLine, Decided, Effort, Layout, Patience, Place, RuleSetInfo, Slot, Snapshot,
};
use std::sync::{Arc, Mutex, OnceLock};

const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

fn rules(game: &Game) -> &'static Compiled {
    game.rules().0
}

impl patience::Table for Kinds {
    fn patience(game: &Game) -> &'static dyn Patience {
        FilePatience::of(rules(game))
    }

    fn places(game: &Game) -> Vec<Place> {
        rules(game).piles.iter().map(|p| p.place).collect()
    }

    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let Some(pile) = rules(game).pile_at(place) else {
            return Vec::new();
        };
        game.position()
            .slots(pile)
            .map(|(card, face_up)| Slot { card, face_up })
            .collect()
    }

    /// Where cards are dealt to the piles in turns (`DealtInTurns`), which part of a turn:
    /// the count changes, the stage stays (the banner says only a new stage).
    fn stage(game: &Game) -> Option<&'static str> {
        let r = rules(game);
        let (_, cards, stock, _) = r.named.turns?;
        let p = game.position();
        if p.is_empty(stock) {
            return None;
        }
        let words = match p.turns {
            0 => "A pile left empty takes the stock's card".to_string(),
            1 => "The piles give home; a card onto a pile starts the next turn".to_string(),
            t => format!(
                "Turn of {cards}: {} to go, the piles give nothing home",
                cards + 1 - t
            ),
        };
        Some(crate::kinds::layout::leak_words(&words))
    }

    fn stuck_reason(_: &Game) -> String {
        "No move is left: no card can go anywhere, and the stock has nothing more to give.".into()
    }

    fn place_name(game: &Game, place: Place) -> String {
        rules(game)
            .pile_at(place)
            .map(|p| text::pile_name(rules(game), p))
            .unwrap_or_default()
    }

    fn lift(game: &Game, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let r = rules(game);
        let pile = r.pile_at(place).ok_or(None)?;
        let p = game.position();
        // A stock that deals its top card to one pile: the card may be carried there.
        if place == Place::Stock && depth == 0 && dealt_to(game).is_some() {
            return Ok(1);
        }
        let closed_stock = Some(pile) == r.stock && r.click != crate::kinds::compiled::Click::Open;
        if depth >= p.len(pile) || closed_stock || p.card(pile, depth) & DOWN != 0 {
            return Err(None);
        }
        if r.piles[usize::from(pile)].moves == crate::kinds::file::Moves::Nothing {
            return Err(Some(moves::Illegal::StaysPut.to_string()));
        }
        if depth + 1 > moves::most_cards(r, p, pile) {
            return Err(Some(if depth > 0 && moves::most_cards(r, p, pile) == 1 {
                moves::Illegal::TooManyAtOnce(1).to_string()
            } else {
                moves::Illegal::NotARun.to_string()
            }));
        }
        u8::try_from(depth + 1).map_err(|_| None)
    }

    fn hint_from_line(game: &Game, line: &[patience::Move]) -> (String, Vec<Place>) {
        let Some(&m) = line.first() else {
            return ("The game is won.".into(), Vec::new());
        };
        if m.count == 0 {
            return if m.from == Place::Stock {
                ("Hint: click the stock.".into(), vec![Place::Stock])
            } else {
                ("Hint: turn the waste over.".into(), vec![Place::Stock])
            };
        }
        let card = Self::moving_card(game, m)
            .map(|c| c.name())
            .unwrap_or_default();
        if let Some(words) = named_hint(game, m, &card) {
            return (words, vec![m.from, m.to]);
        }
        let with = if m.count > 1 {
            " and the cards on it"
        } else {
            ""
        };
        (
            format!(
                "Hint: {card}{with} from {} to {}.",
                Self::place_name(game, m.from),
                Self::place_name(game, m.to)
            ),
            vec![m.from, m.to],
        )
    }

    /// An empty foundation shows its suit and the rank it starts from, where the file says.
    fn foundation_caption(game: &Game, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        let r = rules(game);
        let pile = &r.piles[usize::from(r.pile_at(Place::Foundation(f))?)];
        let base = match pile.empty {
            Empty::Rank(rank) => rank,
            Empty::FirstCard if game.position().base > 0 => game.position().base,
            _ => return None,
        };
        let dir = match pile.dir {
            crate::kinds::file::Dir::Down => "down",
            _ => "up",
        };
        Some((pile.suit?, RANKS[usize::from(base - 1)], dir))
    }

    /// Cards that go out in pairs by rank: the first click picks one, the second its
    /// partner.
    fn click_picks(game: &Game, place: Place) -> bool {
        let r = rules(game);
        r.pile_at(place)
            .is_some_and(|q| r.named.pairs & (1 << q) != 0 && !game.position().is_empty(q))
    }

    /// The stock's top card, where its click deals it to one pile: to that pile only.
    fn destinations(game: &Game, from: Place, count: u8) -> Vec<Place> {
        if from == Place::Stock
            && count == 1
            && let Some(to) = dealt_to(game)
        {
            return vec![to];
        }
        patience::table::legal_destinations::<Self>(game, from, count)
    }

    /// The stock's card carried to the pile its click deals it to is that click.
    fn between(game: &Game, from: Place, to: Place, count: u8) -> Option<patience::Move> {
        if from == Place::Stock && count == 1 && dealt_to(game) == Some(to) {
            return Some(patience::Move::new(Place::Stock, Place::Waste, 0));
        }
        patience::table::notation_between::<Self>(from, to, count)
    }

    fn redeal_possible(game: &Game) -> bool {
        let r = rules(game);
        r.waste.is_some()
            && matches!(r.click, crate::kinds::compiled::Click::ToWaste(_))
            && r.round_left(game.position().round)
    }
}

/// Where the stock's click deals its top card to one pile (Salic Law's newest column) and
/// may now: that pile's place, for a drag of the card there.
fn dealt_to(game: &Game) -> Option<Place> {
    let r = rules(game);
    let stock = r.stock?;
    let to = moves::newest_target(r, game.position())?;
    let click = crate::kinds::Step {
        from: stock,
        to: r.waste.unwrap_or(stock),
        count: 0,
    };
    moves::check(r, game.position(), click).ok()?;
    Some(r.piles[usize::from(to)].place)
}

/// A hint of a named rule's move in its own words: a pair, a card onto a match, cards out.
fn named_hint(game: &Game, m: patience::Move, card: &str) -> Option<String> {
    let r = rules(game);
    let step = super::to_step(r, m)?;
    let swap = r.named.swaps(game.position(), step);
    if !r.named.claims(step) && !swap {
        return None;
    }
    let other = game
        .position()
        .top(step.to)
        .map(|b| crate::kinds::position::card(b).name())
        .unwrap_or_default();
    Some(if swap {
        format!("Hint: swap {card} and {other}, each into its own row.")
    } else if Some(step.to) == r.named.discard {
        format!("Hint: discard {card}, between two cards of one suit or rank.")
    } else if r.named.onto_left != 0 {
        format!("Hint: {card} onto {other}.")
    } else if r.named.out_between {
        format!("Hint: discard {card} and {other}, between two cards of one suit or rank.")
    } else {
        format!("Hint: pair {card} with {other}.")
    })
}

impl CommandLine for Kinds {
    type Solver = Search;

    const COMMAND_HELP: &'static str = "\
(docs/rules.md): d the stock's click, r turn the waste over (if a pass is left),
    w>c3 c3>f0 r2>c0 (the top card), c6:3>c2 (the top three cards); places by letter:
    c column, p pile, r reserve or cell, f foundation, w waste.";

    fn to_text(params: &Params, position: &crate::kinds::Position) -> String {
        let status = Kinds::status(params, position);
        format!("{}status: {status}\n", text::show(params.0, position))
    }
}

/// A patience written as a file, as players see it: its name, its one rule set (the file), its
/// table.
pub struct FilePatience {
    /// The patience's first rule set.
    rules: &'static Compiled,
    /// Every rule set, the first first: the shipped files with its name and a `rule_set`.
    sets: Vec<&'static Compiled>,
    save_file: &'static str,
}

impl FilePatience {
    /// The patience of a compiled file (of any of its rule sets), made once.
    pub fn of(rules: &'static Compiled) -> &'static FilePatience {
        static MADE: OnceLock<Mutex<Vec<&'static FilePatience>>> = OnceLock::new();
        let mut made = MADE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(p) = made
            .iter()
            .find(|p| p.sets.iter().any(|c| std::ptr::eq(*c, rules)))
        {
            return p;
        }
        // Another rule set's patience is its first's.
        let first = super::first_rule_set(rules);
        if let Some(p) = made.iter().find(|p| std::ptr::eq(p.rules, first)) {
            return p;
        }
        let mut sets = super::rule_sets_of(first);
        if !sets.iter().any(|c| std::ptr::eq(*c, rules)) {
            sets.push(rules);
        }
        let save_file = Box::leak(format!("{}-game.ron", first.file.name).into_boxed_str());
        let p: &'static FilePatience = Box::leak(Box::new(FilePatience {
            rules: first,
            sets,
            save_file,
        }));
        made.push(p);
        p
    }

    pub fn compiled(&self) -> &'static Compiled {
        self.rules
    }

    /// The rule set called `name` (the first when empty).
    fn own(&self, name: &str) -> Result<&'static Compiled, String> {
        if name.is_empty() {
            return Ok(self.rules);
        }
        self.sets
            .iter()
            .find(|c| c.file.rule_set_name().eq_ignore_ascii_case(name))
            .copied()
            .ok_or_else(|| {
                let names: Vec<&str> = self.sets.iter().map(|c| c.file.rule_set_name()).collect();
                format!(
                    "{} has no rule set {name:?} (it has {})",
                    self.rules.file.title,
                    names.join(", ")
                )
            })
    }
}

impl Patience for FilePatience {
    fn name(&self) -> &'static str {
        &self.rules.file.name
    }

    fn title(&self) -> &'static str {
        &self.rules.file.title
    }

    fn rule_sets(&self) -> Vec<RuleSetInfo> {
        self.sets.iter().map(|c| Kinds::info(&c.file)).collect()
    }

    fn rule_set(&self, name: &str) -> Result<RuleSetInfo, String> {
        self.own(name).map(|c| Kinds::info(&c.file))
    }

    fn new_game(&self, rules: &str, deal: DealNumber) -> Result<Box<dyn patience::Game>, String> {
        let c = self.own(rules)?;
        Ok(Box::new(Game::new(c.file.clone(), deal)))
    }

    fn load(&self, text: &str) -> Result<Box<dyn patience::Game>, String> {
        let game = Game::from_ron(text).map_err(|e| e.to_string())?;
        if game.rule_set().name != self.rules.file.name {
            return Err(format!(
                "the saved game is of {}, not {}",
                game.rule_set().title,
                self.rules.file.title
            ));
        }
        Ok(Box::new(game))
    }

    fn deal_snapshot(&self, rules: &str, deal: DealNumber) -> Option<Arc<dyn Snapshot>> {
        let params = Params(self.own(rules).ok()?);
        Some(patience::snapshot::<Kinds>(
            params,
            Kinds::deal(&params, deal),
        ))
    }

    fn layout(&self, width: f32, height: f32, scale_factor: f32) -> Layout {
        crate::kinds::layout::layout(self.rules, width, height, scale_factor)
    }

    fn rules_text(&self) -> &'static str {
        &self.rules.file.rules
    }

    fn summary(&self) -> &'static str {
        &self.rules.file.summary
    }

    fn family(&self) -> &'static str {
        self.rules.file.family.as_deref().unwrap_or(Kinds::FAMILY)
    }

    fn stray(&self) -> u64 {
        Kinds::STRAY
    }

    fn save_file(&self) -> &'static str {
        self.save_file
    }

    fn command_help(&self) -> &'static str {
        Kinds::COMMAND_HELP
    }

    fn winrate_columns(&self) -> &'static str {
        Kinds::WINRATE_COLUMNS
    }

    fn winrate_budget(&self, effort: Effort) -> Result<Option<usize>, String> {
        patience::solver::winrate_budget::<Search>(effort)
    }

    fn decide_range(
        &self,
        rules: &str,
        range: (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String> {
        let c = self.own(rules)?;
        <Kinds as CommandLine>::decide_range(&Params(c), range, jobs, effort, row)
    }
}
