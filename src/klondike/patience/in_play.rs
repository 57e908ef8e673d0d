//! A Klondike game in play behind the interface: places and cards, clicks and lifting, the
//! assistant, hints, undo and redo, snapshots for the solver, counting and records.

use super::*;

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
