//! A Zodiac game in play behind the interface: places and cards, clicks and lifting, the
//! assistant, hints, undo and redo, snapshots for the solver, counting and records.

use super::*;

impl patience::Game for Game {
    fn patience(&self) -> &'static dyn patience::Patience {
        &ZODIAC
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
        Game::rule_set(self).key()
    }

    fn same_rules(&self, rules: &str) -> bool {
        RuleSet::by_name_or_path(rules).is_ok_and(|r| r.same_rules(Game::rule_set(self)))
    }

    fn places(&self) -> Vec<Place> {
        ZPlace::all().map(to_neutral).collect()
    }

    fn cards(&self, place: Place) -> Vec<Slot> {
        let Some(p) = from_neutral(place) else {
            return Vec::new();
        };
        let face_up = p != ZPlace::Stock;
        self.position()
            .cards_at(self.rules(), p)
            .into_iter()
            .map(|card| Slot { card, face_up })
            .collect()
    }

    fn status(&self) -> Status {
        status(Game::status(self))
    }

    fn stage(&self) -> Option<&'static str> {
        Some(match self.position().phase() {
            Phase::One => "Phase 1 — fill the Zodiac",
            Phase::Two => "Phase 2 — to the foundations",
        })
    }

    fn stuck_reason(&self) -> String {
        match self.position().phase() {
            Phase::One => "Nothing more can move: no card in the stock, the waste or the Equator fits a Zodiac pile, and no Equator cell is free.",
            Phase::Two => "Nothing more can move: no Zodiac top card and no Equator card fits a foundation.",
        }
        .to_string()
    }

    fn foundation_caption(
        &self,
        f: u8,
    ) -> Option<(crate::zodiac::Suit, &'static str, &'static str)> {
        let direction = self.rules().foundations.get(usize::from(f))?;
        let suit = crate::zodiac::Suit::ALL[usize::from(f) % 4];
        Some(match direction {
            Direction::Up => (suit, "A", "up"),
            Direction::Down => (suit, "K", "down"),
        })
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
        if depth > 0 {
            return None;
        }
        self.position()
            .best_move_from(self.rules(), from_neutral(place)?)
            .map(move_to_neutral)
    }

    fn home_move(&self, place: Place) -> Option<patience::Move> {
        let from = from_neutral(place)?;
        (0..8)
            .filter_map(|f| Move::between(from, ZPlace::Foundation(f)))
            .find(|&m| self.position().check(self.rules(), m).is_ok())
            .map(move_to_neutral)
    }

    fn lift(&self, place: Place, depth: usize) -> Result<u8, Option<String>> {
        let p = from_neutral(place).ok_or(None)?;
        if depth > 0 {
            return Err(None);
        }
        if self.position().can_lift(p) {
            Ok(1)
        } else {
            Err(self.position().lift_refusal(p).map(|why| why.to_string()))
        }
    }

    fn destinations(&self, from: Place, count: u8) -> Vec<Place> {
        match from_neutral(from) {
            Some(p) if count == 1 => self
                .position()
                .destinations(self.rules(), p)
                .into_iter()
                .map(to_neutral)
                .collect(),
            _ => Vec::new(),
        }
    }

    fn between(&self, from: Place, to: Place, count: u8) -> Option<patience::Move> {
        (count <= 1)
            .then(|| Move::between(from_neutral(from)?, from_neutral(to)?))
            .flatten()
            .map(move_to_neutral)
    }

    fn moving_card(&self, m: patience::Move) -> Option<Card> {
        self.position().moving_card(move_from_neutral(m)?)
    }

    fn turn_for_empty_waste(&self) -> Option<patience::Move> {
        self.position().turn_for_empty_waste().map(move_to_neutral)
    }

    fn finishing_move(&self) -> Option<patience::Move> {
        self.position()
            .finishing_move(self.rules())
            .map(move_to_neutral)
    }

    fn rules_hint(&self) -> Option<patience::Move> {
        self.position().hint(self.rules()).map(move_to_neutral)
    }

    fn hint_from_line(&self, line: &[patience::Move]) -> (String, Vec<Place>) {
        let line: Vec<Move> = line.iter().filter_map(|&m| move_from_neutral(m)).collect();
        hint_from_line(self.position(), self.rules(), &line)
    }

    fn inspects(&self, place: Place) -> bool {
        matches!(place, Place::Pile(_))
    }

    fn redeal_possible(&self) -> bool {
        self.position().phase() == Phase::One
    }

    fn moves_played(&self) -> usize {
        self.moves().len()
    }

    fn redo_waits(&self) -> bool {
        !self.redo_moves().is_empty()
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

    fn deal_snapshot(&self, deal: DealNumber) -> Arc<dyn Snapshot> {
        Arc::new(ZodiacPosition(*self.rules(), Position::deal(deal)))
    }

    fn snapshot(&self) -> Arc<dyn Snapshot> {
        Arc::new(ZodiacPosition(*self.rules(), *self.position()))
    }

    fn start_snapshot(&self) -> Arc<dyn Snapshot> {
        Arc::new(ZodiacPosition(*self.rules(), *self.start()))
    }

    fn history(&self) -> Vec<Arc<dyn Snapshot>> {
        let rules = *self.rules();
        Game::history(self)
            .into_iter()
            .map(|p| Arc::new(ZodiacPosition(rules, p)) as Arc<dyn Snapshot>)
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
