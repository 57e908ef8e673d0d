//! A patience with no stock and no waste, known only to this test, played through the front
//! end headless: the table, the HUD, the settings, clicks, drags and the keyboard must assume
//! nothing of Zodiac's or Klondike's shape. "Piles": 52 cards dealt face up into four columns;
//! the top card of a column goes to its suit's foundation (up from the Ace), onto a column whose
//! top card is one rank higher (any suit), or into an empty column.

use crate::harness::Harness;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use zodiac::cards::{Card, DealNumber, Suit};
use zodiac::game::LaunchOptions;
use zodiac::game::messages::Overlay;
use zodiac::game::session::{Patiences, Session};
use zodiac::patience::layout::{Ellipse, Layout, Rect, Shape};
use zodiac::patience::{self, Place, Played, RuleSetInfo, Slot, Status, Verdict};

pub struct Piles;
pub static PILES: Piles = Piles;

/// Its one rule set, as a file would write it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PilesSet {
    name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PilesRules;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    columns: [[u8; 52]; 4],
    len: [u8; 4],
    /// Cards home per suit.
    home: [u8; 4],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PilesMove {
    /// Column's top card to foundation f.
    Home(u8, u8),
    /// Column's top card onto another column.
    Over(u8, u8),
}

impl fmt::Display for PilesMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PilesMove::Home(c, to) => write!(f, "c{c}>f{to}"),
            PilesMove::Over(a, b) => write!(f, "c{a}>c{b}"),
        }
    }
}

impl Table {
    fn top(&self, c: u8) -> Option<Card> {
        let len = usize::from(*self.len.get(usize::from(c))?);
        len.checked_sub(1)
            .and_then(|i| Card::from_index(self.columns[usize::from(c)][i]))
    }

    fn check(&self, m: PilesMove) -> Result<Card, String> {
        match m {
            PilesMove::Home(c, f) => {
                let card = self.top(c).ok_or("That column is empty.")?;
                if f > 3 || card.suit() as u8 != f || card.rank() != self.home[usize::from(f)] + 1 {
                    return Err("That card does not go there yet.".into());
                }
                Ok(card)
            }
            PilesMove::Over(a, b) => {
                let card = self.top(a).ok_or("That column is empty.")?;
                if a == b || b > 3 {
                    return Err("Not a move.".into());
                }
                match self.top(b) {
                    Some(on) if on.rank() != card.rank() + 1 => {
                        Err("A card goes on one a rank higher.".into())
                    }
                    _ => Ok(card),
                }
            }
        }
    }

    fn legal(&self) -> Vec<PilesMove> {
        let mut all = Vec::new();
        for c in 0..4 {
            for f in 0..4 {
                all.push(PilesMove::Home(c, f));
            }
            for b in 0..4 {
                all.push(PilesMove::Over(c, b));
            }
        }
        all.retain(|&m| self.check(m).is_ok());
        all
    }
}

fn neutral_place(text: &str) -> Option<Place> {
    let (kind, n) = text.split_at_checked(1)?;
    let n: u8 = n.parse().ok().filter(|&n| n < 4)?;
    match kind {
        "c" => Some(Place::Column(n)),
        "f" => Some(Place::Foundation(n)),
        _ => None,
    }
}

/// The position whose verdict a test holds back, as a slow solver would (see [`Hold`]).
static HELD: std::sync::Mutex<Option<Table>> = std::sync::Mutex::new(None);

/// Holds back the verdict on a position until dropped (also when the test fails, so that no
/// thread of the task pool is left waiting).
struct Hold;

impl Hold {
    fn back(p: Table) -> Hold {
        *HELD.lock().unwrap_or_else(|e| e.into_inner()) = Some(p);
        Hold
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        *HELD.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// Piles has no solver: every position is unknown to it, and it takes no budget.
#[derive(Default)]
pub struct NoSolver;

impl patience::solver::Solver for NoSolver {
    type Rules = Piles;
    type Note = Option<String>;
    const TABLE_BUDGET: usize = 0;
    const BUDGET: Option<usize> = None;

    fn solve(&mut self, _: &PilesRules, p: &Table, _: usize) -> (Verdict<PilesMove>, usize) {
        // A position a test holds back is worked out only once the test lets it go.
        while HELD.lock().unwrap_or_else(|e| e.into_inner()).as_ref() == Some(p) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let why = "Piles has no solver.".into();
        (Verdict::Unknown { why }, 0)
    }

    fn bytes(&self) -> usize {
        0
    }

    fn note_words(note: Option<String>) -> Option<String> {
        note
    }
}

impl patience::CommandLine for Piles {
    type Solver = NoSolver;
    const COMMAND_HELP: &'static str = "c0>f0, c0>c1";

    fn to_text(_: &PilesRules, p: &Table) -> String {
        format!("{p:?}")
    }
}

impl patience::Rules for Piles {
    type RuleSet = PilesSet;
    type Params = PilesRules;
    type Position = Table;
    type Move = PilesMove;
    type Done = ();
    type Illegal = String;

    const NAME: &'static str = "piles";
    const TITLE: &'static str = "Piles";
    const RULES_TEXT: &'static str = "Four columns, four foundations; no stock.";
    const SUMMARY: &'static str = "Four columns and four foundations, all face up.";
    const SAVE_FILE: &'static str = "piles-game.ron";
    const FORMAT: &'static str = "piles-game";
    const VERSION: u32 = 1;

    fn this() -> &'static Self {
        &PILES
    }

    fn shipped() -> Vec<PilesSet> {
        vec![PilesSet {
            name: "piles".into(),
        }]
    }

    fn by_name_or_path(name: &str) -> Result<PilesSet, String> {
        Self::builtin(name)
    }

    fn builtin(name: &str) -> Result<PilesSet, String> {
        Self::shipped()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown rule set {name:?}"))
    }

    fn validate(_: &PilesSet) -> Result<(), String> {
        Ok(())
    }

    fn canonical(set: PilesSet) -> PilesSet {
        set
    }

    fn is_shipped(set: &PilesSet) -> bool {
        Self::shipped().contains(set)
    }

    fn params(_: &PilesSet) -> PilesRules {
        PilesRules
    }

    fn info(set: &PilesSet) -> RuleSetInfo {
        RuleSetInfo {
            name: set.name.clone(),
            title: "Piles".into(),
            description: "The only rules.".into(),
        }
    }

    fn statistics_key(set: &PilesSet) -> String {
        format!("piles/{}", set.name)
    }

    fn deal(_: &PilesRules, deal: DealNumber) -> Table {
        let mut cards: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
        deal.shuffle(&mut cards);
        let mut table = Table {
            columns: [[0; 52]; 4],
            len: [0; 4],
            home: [0; 4],
        };
        for (i, card) in cards.into_iter().enumerate() {
            let c = i % 4;
            table.columns[c][usize::from(table.len[c])] = card.index();
            table.len[c] += 1;
        }
        table
    }

    fn apply(_: &PilesRules, p: &mut Table, m: PilesMove) -> Result<(), String> {
        let card = p.check(m)?;
        match m {
            PilesMove::Home(c, f) => {
                p.len[usize::from(c)] -= 1;
                p.home[usize::from(f)] += 1;
            }
            PilesMove::Over(a, b) => {
                p.len[usize::from(a)] -= 1;
                let (b, n) = (usize::from(b), usize::from(p.len[usize::from(b)]));
                p.columns[b][n] = card.index();
                p.len[b] += 1;
            }
        }
        Ok(())
    }

    fn undo(_: &PilesRules, p: &mut Table, m: PilesMove, _: ()) {
        match m {
            PilesMove::Home(c, f) => {
                let card = Card::new(Suit::ALL[usize::from(f)], p.home[usize::from(f)]);
                p.home[usize::from(f)] -= 1;
                let (c, n) = (usize::from(c), usize::from(p.len[usize::from(c)]));
                p.columns[c][n] = card.index();
                p.len[c] += 1;
            }
            PilesMove::Over(a, b) => {
                let card = p.columns[usize::from(b)][usize::from(p.len[usize::from(b)] - 1)];
                p.len[usize::from(b)] -= 1;
                let (a, n) = (usize::from(a), usize::from(p.len[usize::from(a)]));
                p.columns[a][n] = card;
                p.len[a] += 1;
            }
        }
    }

    fn is_won(_: &PilesRules, p: &Table) -> bool {
        p.home == [13; 4]
    }

    fn status(_: &PilesRules, p: &Table) -> Status {
        if Self::is_won(&PilesRules, p) {
            Status::Won
        } else if p.legal().is_empty() {
            Status::Stuck
        } else {
            Status::Playing
        }
    }

    fn legal_moves(_: &PilesRules, p: &Table) -> Vec<PilesMove> {
        p.legal()
    }

    fn parse_move(token: &str) -> Result<PilesMove, String> {
        let (from, to) = token.split_once('>').ok_or("not a move")?;
        let m = Self::from_neutral(patience::Move::new(
            neutral_place(from).ok_or("not a place")?,
            neutral_place(to).ok_or("not a place")?,
            1,
        ));
        m.ok_or_else(|| "not a move".into())
    }

    fn to_neutral(m: PilesMove) -> patience::Move {
        match m {
            PilesMove::Home(c, f) => patience::Move::new(Place::Column(c), Place::Foundation(f), 1),
            PilesMove::Over(a, b) => patience::Move::new(Place::Column(a), Place::Column(b), 1),
        }
    }

    fn from_neutral(m: patience::Move) -> Option<PilesMove> {
        match (m.from, m.to, m.count) {
            (Place::Column(c), Place::Foundation(f), 1) if c < 4 && f < 4 => {
                Some(PilesMove::Home(c, f))
            }
            (Place::Column(a), Place::Column(b), 1) if a < 4 && b < 4 && a != b => {
                Some(PilesMove::Over(a, b))
            }
            _ => None,
        }
    }

    fn layout(_: &PilesRules, width: f32, height: f32, scale_factor: f32) -> Layout {
        let (card_h, gap) = ((height - 60.0) / 5.0, 12.0);
        let card_w = card_h * 0.714;
        let table = Rect::new(0.0, -22.0, width, height - 44.0);
        let x = |i: u8| (f32::from(i) - 1.5) * (card_w + gap);
        let top = table.top() - gap - card_h / 2.0;
        let mut places = Vec::new();
        for f in 0..4 {
            places.push((
                Place::Foundation(f),
                Rect::new(x(f), top, card_w, card_h),
                Shape::Stacked,
            ));
        }
        for c in 0..4 {
            let fan = Shape::Fanned {
                down: card_h * 0.1,
                up: card_h * 0.2,
                floor: table.bottom() + gap,
            };
            places.push((
                Place::Column(c),
                Rect::new(x(c), top - card_h - gap, card_w, card_h),
                fan,
            ));
        }
        Layout {
            width,
            height,
            scale_factor,
            card_w,
            card_h,
            depth_step: 2.0,
            table,
            wheel: Ellipse {
                x: 0.0,
                y: 0.0,
                a: width / 3.0,
                b: height / 3.0,
            },
            places,
            track: None,
            captions: Vec::new(),
        }
    }
}

type Game = Played<Piles>;

impl patience::Table for Piles {
    fn places(_: &Game) -> Vec<Place> {
        (0..4)
            .map(Place::Foundation)
            .chain((0..4).map(Place::Column))
            .collect()
    }

    fn cards(game: &Game, place: Place) -> Vec<Slot> {
        let p = game.position();
        let face_up = |card| Slot {
            card,
            face_up: true,
        };
        match place {
            Place::Column(c) if c < 4 => p.columns[usize::from(c)]
                [..usize::from(p.len[usize::from(c)])]
                .iter()
                .filter_map(|&i| Card::from_index(i))
                .map(face_up)
                .collect(),
            Place::Foundation(f) if f < 4 => (1..=p.home[usize::from(f)])
                .map(|rank| face_up(Card::new(Suit::ALL[usize::from(f)], rank)))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn stage(_: &Game) -> Option<&'static str> {
        None
    }

    fn stuck_reason(_: &Game) -> String {
        "No card fits anywhere.".into()
    }

    fn foundation_caption(_: &Game, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        (f < 4).then(|| (Suit::ALL[usize::from(f)], "A", "up"))
    }

    fn place_name(_: &Game, place: Place) -> String {
        format!("{place:?}")
    }

    fn best_move(game: &Game, place: Place, depth: usize) -> Option<patience::Move> {
        if depth > 0 {
            return None;
        }
        Self::home_move(game, place).or_else(|| {
            let Place::Column(c) = place else { return None };
            let p = game.position();
            (0..4)
                .map(|b| PilesMove::Over(c, b))
                .find(|&m| p.check(m).is_ok())
                .map(<Piles as patience::Rules>::to_neutral)
        })
    }

    fn home_move(game: &Game, place: Place) -> Option<patience::Move> {
        let Place::Column(c) = place else { return None };
        let p = game.position();
        (0..4)
            .map(|f| PilesMove::Home(c, f))
            .find(|&m| p.check(m).is_ok())
            .map(<Piles as patience::Rules>::to_neutral)
    }

    fn lift(game: &Game, place: Place, depth: usize) -> Result<u8, Option<String>> {
        match place {
            Place::Column(c) if depth == 0 && game.position().top(c).is_some() => Ok(1),
            _ => Err(None),
        }
    }

    fn destinations(game: &Game, from: Place, count: u8) -> Vec<Place> {
        Self::places(game)
            .into_iter()
            .filter(|&to| {
                Self::between(game, from, to, count).is_some_and(|m| {
                    <Piles as patience::Rules>::from_neutral(m)
                        .is_some_and(|m| game.position().check(m).is_ok())
                })
            })
            .collect()
    }

    fn between(_: &Game, from: Place, to: Place, count: u8) -> Option<patience::Move> {
        <Piles as patience::Rules>::from_neutral(patience::Move::new(from, to, count))
            .map(<Piles as patience::Rules>::to_neutral)
    }

    fn moving_card(game: &Game, m: patience::Move) -> Option<Card> {
        let Place::Column(c) = m.from else {
            return None;
        };
        game.position().top(c)
    }

    fn turn_for_empty_waste(_: &Game) -> Option<patience::Move> {
        None
    }

    fn finishing_move(_: &Game) -> Option<patience::Move> {
        None
    }

    fn rules_hint(game: &Game) -> Option<patience::Move> {
        game.position()
            .legal()
            .first()
            .map(|&m| <Piles as patience::Rules>::to_neutral(m))
    }

    fn hint_from_line(_: &Game, _: &[patience::Move]) -> (String, Vec<Place>) {
        ("Hint".into(), Vec::new())
    }

    fn inspects(_: &Game, _: Place) -> bool {
        false
    }

    fn redeal_possible(_: &Game) -> bool {
        false
    }
}

/// A deal whose opening has a card to send home, and the column it is on.
fn a_deal_with_an_ace_on_top() -> (u128, u8) {
    a_deal_with_an_ace_on_top_from(1)
}

/// The first deal from `first` on with an Ace on top of a column, and that column.
fn a_deal_with_an_ace_on_top_from(first: u128) -> (u128, u8) {
    for deal in first..first + 1000 {
        let table = <Piles as patience::Rules>::deal(&PilesRules, DealNumber::new(deal).unwrap());
        if let Some(c) = (0..4).find(|&c| table.top(c).is_some_and(|card| card.rank() == 1)) {
            return (deal, c);
        }
    }
    unreachable!("some deal of a thousand has an Ace on top of a column")
}

fn hud_counts(h: &mut Harness) -> String {
    h.app
        .world_mut()
        .query::<&Text>()
        .iter(h.app.world())
        .map(|t| t.0.clone())
        .find(|t| t.contains("Moves "))
        .expect("the HUD counts the moves")
}

/// The game launched on Piles' deal among the shipped patiences, in a data folder of its own.
fn launch(deal: u128, name: &str) -> Harness {
    let dir = std::env::temp_dir().join(format!("zodiac-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Harness::launch_among(
        LaunchOptions {
            patience: Some("piles".into()),
            deal: DealNumber::new(deal),
            rules: None,
            data_dir: dir,
        },
        Patiences(vec![&PILES, zodiac::registry::default()]),
    )
}

fn game(h: &Harness) -> &dyn patience::Game {
    h.app.world().resource::<Session>().game.as_ref()
}

#[test]
fn a_patience_without_a_stock_plays_through_the_front_end() {
    let (deal, column) = a_deal_with_an_ace_on_top();
    let mut h = launch(deal, "no-stock");
    assert_eq!(game(&h).patience().name(), "piles");
    // Nothing of a stock or a waste: not counted in the HUD, no badge, no setting for them.
    let counts = hud_counts(&mut h);
    assert!(counts.starts_with("Moves 0"), "{counts}");
    assert!(
        !counts.contains("Stock") && !counts.contains("Waste"),
        "{counts}"
    );
    let spare_or_placed = h
        .app
        .world_mut()
        .query::<&zodiac::game::table::cards::CardView>()
        .iter(h.app.world())
        .count();
    assert!(spare_or_placed >= 52, "a card entity for every card dealt");

    // A click on the Ace sends it home; the HUD counts the move.
    let ace = game(&h).cards(Place::Column(column)).last().unwrap().card;
    let top = h
        .app
        .world()
        .resource::<zodiac::game::table::cards::Mirror>()
        .top(Place::Column(column))
        .unwrap();
    let at = h.translation(top).truncate();
    h.click(at);
    h.settle();
    let home = Place::Foundation(ace.suit() as u8);
    assert_eq!(game(&h).cards(home).last().map(|s| s.card), Some(ace));
    assert_eq!(game(&h).moves_played(), 1);
    assert!(hud_counts(&mut h).starts_with("Moves 1"));

    // The keyboard goes round the places the layout has, and Space (turn the stock) does
    // nothing; Ctrl+Z takes the move back.
    let mut seen = Vec::new();
    for _ in 0..8 {
        h.key(KeyCode::ArrowRight, &[]);
        seen.push(
            h.app
                .world()
                .resource::<zodiac::game::input::KeyboardCursor>()
                .at,
        );
    }
    let layout: Vec<Option<Place>> = h.table().all().map(Some).collect();
    assert_eq!(seen, layout, "the keyboard's order is the layout's");
    // With nothing selected, Space turns the stock: here there is none.
    h.key(KeyCode::Escape, &[]);
    h.key(KeyCode::Space, &[]);
    h.settle();
    assert_eq!(game(&h).moves_played(), 1, "no stock to turn");
    h.key(KeyCode::KeyZ, &[KeyCode::ControlLeft]);
    h.settle();
    assert_eq!(game(&h).moves_played(), 0);
    assert_eq!(
        game(&h).cards(Place::Column(column)).last().map(|s| s.card),
        Some(ace)
    );

    // Settings show no helper for a waste this patience does not have.
    h.app
        .world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Settings);
    h.frame();
    h.frame();
    let labels: Vec<String> = h
        .app
        .world_mut()
        .query::<&Text>()
        .iter(h.app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(
        labels.iter().any(|l| l.contains("home by themselves")),
        "{labels:?}"
    );
    assert!(!labels.iter().any(|l| l.contains("waste")), "{labels:?}");
}

/// A hint the solver is still working out says so once the wait is longer than a glance, and
/// the words give way to the hint when it comes.
#[test]
fn a_hint_still_being_worked_out_says_so() {
    use zodiac::game::assistance::hint::HintWait;
    use zodiac::game::hud::toasts::Banner;
    const WAIT: &str = "Working out a hint…";
    // A deal of its own (the other tests' positions are not held), with a move to hint at.
    let (deal, _) = a_deal_with_an_ace_on_top_from(500);
    let held = Hold::back(<Piles as patience::Rules>::deal(
        &PilesRules,
        DealNumber::new(deal).unwrap(),
    ));
    let mut h = launch(deal, "hint-wait");
    h.key(KeyCode::KeyH, &[]);
    let toast = |h: &Harness| {
        h.app
            .world()
            .resource::<Banner>()
            .toast()
            .map(str::to_string)
    };
    h.run_until("the wait is said", |h| toast(h).as_deref() == Some(WAIT));
    assert!(h.app.world().resource::<HintWait>().0);
    drop(held);
    h.run_until("the hint comes", |h| toast(h).as_deref() != Some(WAIT));
    assert!(!h.app.world().resource::<HintWait>().0);
    let words = toast(&h).unwrap_or_default();
    assert!(words.starts_with("Hint: "), "{words}");
}
