//! The interface the front end speaks to, implemented once for every patience: `Patience` for
//! each patience's unit type, `Game` for the generic game over its rules, and `Snapshot` for a
//! position under its rules. What differs between patiences comes from their `Rules` and
//! `Table`.

use super::played::Played;
use super::rules::CommandLine;
use super::table::Table;
use super::{
    Decided, Effort, Game, Layout, Move, Outcome, Patience, Place, RuleSetInfo, SecondClick, Slot,
    Snapshot, Status, Verdict,
};
use crate::cards::{Card, DealNumber, Suit};
use std::sync::Arc;

impl<T: Table> Patience for T {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn title(&self) -> &'static str {
        T::TITLE
    }

    fn rule_sets(&self) -> Vec<RuleSetInfo> {
        T::shipped().iter().map(T::info).collect()
    }

    fn rule_set(&self, name: &str) -> Result<RuleSetInfo, String> {
        T::by_name_or_path(name).map(|s| T::info(&s))
    }

    fn new_game(&self, rules: &str, deal: DealNumber) -> Result<Box<dyn Game>, String> {
        let set = T::by_name_or_path(rules)?;
        Ok(Box::new(Played::<T>::new(set, deal)))
    }

    fn load(&self, text: &str) -> Result<Box<dyn Game>, String> {
        Played::<T>::from_ron(text)
            .map(|g| Box::new(g) as Box<dyn Game>)
            .map_err(|e| e.to_string())
    }

    fn deal_snapshot(&self, rules: &str, deal: DealNumber) -> Option<Arc<dyn Snapshot>> {
        let params = T::params(&T::by_name_or_path(rules).ok()?);
        Some(snapshot::<T>(params, T::deal(&params, deal)))
    }

    fn layout(&self, width: f32, height: f32, scale_factor: f32) -> Layout {
        // Each rule set of a patience written by hand lays out the same table.
        T::layout(&T::params(&T::shipped()[0]), width, height, scale_factor)
    }

    fn rules_text(&self) -> &'static str {
        T::RULES_TEXT
    }

    fn summary(&self) -> &'static str {
        T::SUMMARY
    }

    fn family(&self) -> &'static str {
        T::FAMILY
    }

    fn stray(&self) -> u64 {
        T::STRAY
    }

    fn save_file(&self) -> &'static str {
        T::SAVE_FILE
    }

    fn command_help(&self) -> &'static str {
        T::COMMAND_HELP
    }

    fn winrate_columns(&self) -> &'static str {
        T::WINRATE_COLUMNS
    }

    fn winrate_budget(&self, effort: Effort) -> Result<Option<usize>, String> {
        super::solver::winrate_budget::<T::Solver>(effort)
    }

    fn decide_range(
        &self,
        rules: &str,
        range: (u128, u128),
        jobs: usize,
        effort: Effort,
        row: &mut dyn FnMut(Decided),
    ) -> Result<(), String> {
        let params = T::params(&T::by_name_or_path(rules)?);
        T::decide_range(&params, range, jobs, effort, row)
    }
}

/// A position under its rules, for the solver and the verdict cache.
struct Position<R: CommandLine>(R::Params, R::Position);

impl<R: CommandLine> std::fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {:?} {:?}", R::TITLE, self.0, self.1)
    }
}

impl<R: CommandLine> Snapshot for Position<R> {
    fn key(&self) -> u128 {
        super::key_of(&(R::NAME, self.0, self.1))
    }

    fn solve(&self) -> Verdict {
        R::solve(&self.0, &self.1)
    }
}

pub fn snapshot<R: CommandLine>(params: R::Params, position: R::Position) -> Arc<dyn Snapshot> {
    Arc::new(Position::<R>(params, position))
}

impl<T: Table> Game for Played<T> {
    fn patience(&self) -> &'static dyn Patience {
        T::patience(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn deal(&self) -> DealNumber {
        Played::deal(self)
    }

    fn rule_set(&self) -> RuleSetInfo {
        T::info(Played::rule_set(self))
    }

    fn statistics_key(&self) -> String {
        Played::statistics_key(self)
    }

    fn same_rules(&self, rules: &str) -> bool {
        T::by_name_or_path(rules).is_ok_and(|r| T::params(&r) == *self.rules())
    }

    fn places(&self) -> Vec<Place> {
        T::places(self)
    }

    fn cards(&self, place: Place) -> Vec<Slot> {
        T::cards(self, place)
    }

    fn status(&self) -> Status {
        Played::status(self)
    }

    fn stage(&self) -> Option<&'static str> {
        T::stage(self)
    }

    fn stuck_reason(&self) -> String {
        T::stuck_reason(self)
    }

    fn foundation_caption(&self, f: u8) -> Option<(Suit, &'static str, &'static str)> {
        T::foundation_caption(self, f)
    }

    fn place_name(&self, place: Place) -> String {
        T::place_name(self, place)
    }

    fn notation(&self, m: Move) -> String {
        T::from_neutral(m)
            .map(|m| m.to_string())
            .unwrap_or_default()
    }

    fn text(&self) -> String {
        T::to_text(self.rules(), self.position())
    }

    fn solve_text(&self, budget: Option<usize>) -> Result<String, String> {
        T::solve_text(self.rules(), self.position(), budget)
    }

    fn play(&mut self, m: Move) -> Result<(), String> {
        let m = T::from_neutral(m).ok_or_else(|| "no such move".to_string())?;
        Played::play(self, m).map_err(|e| e.to_string())
    }

    fn play_written(&mut self, token: &str) -> Result<(), String> {
        let m = T::parse_move(token)?;
        Played::play(self, m).map_err(|e| format!("illegal: {e}"))
    }

    fn best_move(&self, place: Place, depth: usize) -> Option<Move> {
        T::best_move(self, place, depth)
    }

    fn home_move(&self, place: Place) -> Option<Move> {
        T::home_move(self, place)
    }

    fn second_click(&self, place: Place) -> SecondClick {
        T::second_click(self, place)
    }

    fn click_picks(&self, place: Place) -> bool {
        T::click_picks(self, place)
    }

    fn lift(&self, place: Place, depth: usize) -> Result<u8, Option<String>> {
        T::lift(self, place, depth)
    }

    fn destinations(&self, from: Place, count: u8) -> Vec<Place> {
        T::destinations(self, from, count)
    }

    fn between(&self, from: Place, to: Place, count: u8) -> Option<Move> {
        T::between(self, from, to, count)
    }

    fn moving_card(&self, m: Move) -> Option<Card> {
        T::moving_card(self, m)
    }

    fn turn_for_empty_waste(&self) -> Option<Move> {
        T::turn_for_empty_waste(self)
    }

    fn finishing_move(&self) -> Option<Move> {
        T::finishing_move(self)
    }

    fn rules_hint(&self) -> Option<Move> {
        T::rules_hint(self)
    }

    fn hint_from_line(&self, line: &[Move]) -> (String, Vec<Place>) {
        T::hint_from_line(self, line)
    }

    fn inspects(&self, place: Place) -> bool {
        T::inspects(self, place)
    }

    fn redeal_possible(&self) -> bool {
        T::redeal_possible(self)
    }

    fn score(&self, scoring: super::score::Scoring, elapsed_ms: u64) -> Option<i64> {
        if scoring == super::score::Scoring::Off {
            return None;
        }
        T::score(self, scoring, elapsed_ms)
    }

    fn moves_played(&self) -> usize {
        self.moves().len()
    }

    fn redo_waits(&self) -> bool {
        !self.redo_moves().is_empty()
    }

    fn undo(&mut self) -> Option<Move> {
        Played::undo(self).map(T::to_neutral)
    }

    fn undo_to(&mut self, len: usize) -> Vec<Move> {
        Played::undo_to(self, len)
            .into_iter()
            .map(T::to_neutral)
            .collect()
    }

    fn redo_step(&mut self) -> Vec<Move> {
        Played::redo_step(self)
            .into_iter()
            .map(T::to_neutral)
            .collect()
    }

    fn restart(&mut self) {
        Played::restart(self)
    }

    fn new_deal(&self, deal: DealNumber) -> Box<dyn Game> {
        Box::new(Played::<T>::new(Played::rule_set(self).clone(), deal))
    }

    fn snapshot(&self) -> Arc<dyn Snapshot> {
        snapshot::<T>(*self.rules(), *self.position())
    }

    fn deal_snapshot(&self, deal: DealNumber) -> Arc<dyn Snapshot> {
        snapshot::<T>(*self.rules(), T::deal(self.rules(), deal))
    }

    fn start_snapshot(&self) -> Arc<dyn Snapshot> {
        snapshot::<T>(*self.rules(), *self.start())
    }

    fn history(&self) -> Vec<Arc<dyn Snapshot>> {
        let params = *self.rules();
        Played::history(self)
            .into_iter()
            .map(|p| snapshot::<T>(params, p))
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

    fn counted(&self) -> bool {
        self.counted.is_some()
    }

    fn count_win(&mut self) -> Option<Outcome> {
        Played::count_win(self)
    }

    fn count_leaving(&mut self) -> Option<Outcome> {
        Played::count_leaving(self)
    }

    fn record_at(&self, elapsed_ms: u64) -> String {
        let mut record = self.to_record();
        record.elapsed_ms = elapsed_ms;
        record.to_ron()
    }
}
