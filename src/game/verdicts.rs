//! The solver at the table: verdicts on positions, worked out on Bevy's task pool so the window
//! never waits, and kept per position so undo, redo and a repeated question cost nothing.
//!
//! Anyone may ask ([`Verdicts::want`], through a shared `Res`, so asking marks nothing changed);
//! the answers land in `Update`'s input step, and the resource then counts as changed for the
//! systems that wait on it. Frames are asked for only while a verdict is being worked out.

use super::messages::Step;
use crate::rules::{Position, Rules};
use crate::solver::{Solver, Verdict};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Verdicts>()
        .add_systems(Update, collect.in_set(Step::Input))
        .add_systems(Last, start_wanted);
}

/// A position under a set of rules.
type Key = (Rules, Position);

/// More positions than a long session visits; past it the cache starts again.
const KEEP: usize = 8192;

/// Every verdict known, and the ones being worked out.
#[derive(Resource, Default)]
pub struct Verdicts {
    known: HashMap<Key, Arc<Verdict>>,
    /// Asked for since the last frame ended.
    wanted: Mutex<Vec<Key>>,
    running: Vec<(Key, Task<(Verdict, Solver)>)>,
    /// Solvers keep their memory between positions: one per task at most.
    solvers: Vec<Solver>,
}

impl Verdicts {
    /// The verdict on this position, if known.
    pub fn get(&self, rules: &Rules, position: &Position) -> Option<Arc<Verdict>> {
        self.known.get(&(*rules, *position)).cloned()
    }

    /// The verdict if known; otherwise it is worked out from the end of this frame on.
    pub fn want(&self, rules: &Rules, position: &Position) -> Option<Arc<Verdict>> {
        let known = self.get(rules, position);
        if known.is_none()
            && let Ok(mut wanted) = self.wanted.lock()
        {
            wanted.push((*rules, *position));
        }
        known
    }

    /// A verdict is being worked out (or waits to be).
    pub fn busy(&self) -> bool {
        !self.running.is_empty() || self.wanted.lock().map(|w| !w.is_empty()).unwrap_or(false)
    }

    /// Works out a verdict now, on this thread: for the rare caller that cannot wait a frame.
    pub fn decide_now(&mut self, rules: &Rules, position: &Position) -> Arc<Verdict> {
        if let Some(v) = self.get(rules, position) {
            return v;
        }
        let mut solver = self.solvers.pop().unwrap_or_default();
        let verdict = Arc::new(solve_safely(&mut solver, rules, position));
        self.solvers.push(solver);
        self.remember((*rules, *position), verdict.clone());
        verdict
    }

    fn remember(&mut self, key: Key, verdict: Arc<Verdict>) {
        if self.known.len() >= KEEP {
            self.known.clear();
        }
        self.known.insert(key, verdict);
    }
}

/// The solver's answer; a solver that failed says so instead of taking the game down.
fn solve_safely(solver: &mut Solver, rules: &Rules, position: &Position) -> Verdict {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        solver.solve(position, rules)
    }))
    .unwrap_or_else(|_| {
        *solver = Solver::new();
        Verdict::Unknown {
            why: "the solver failed on this position".into(),
        }
    })
}

/// Takes in the verdicts worked out since the last frame.
fn collect(mut verdicts: ResMut<Verdicts>) {
    if verdicts.running.iter().all(|(_, t)| !t.is_finished()) {
        return;
    }
    let running = std::mem::take(&mut verdicts.running);
    for (key, mut task) in running {
        if task.is_finished()
            && let Some((verdict, solver)) = block_on(poll_once(&mut task))
        {
            verdicts.solvers.push(solver);
            verdicts.remember(key, Arc::new(verdict));
        } else {
            verdicts.running.push((key, task));
        }
    }
}

/// Starts the tasks for what was asked this frame, and keeps frames coming while any runs.
fn start_wanted(mut verdicts: ResMut<Verdicts>, mut redraw: MessageWriter<RequestRedraw>) {
    // Asking, or starting work, is not news: only answers are.
    let v = verdicts.bypass_change_detection();
    let wanted = std::mem::take(&mut *v.wanted.lock().unwrap_or_else(|e| e.into_inner()));
    for key in wanted {
        if v.known.contains_key(&key) || v.running.iter().any(|(k, _)| *k == key) {
            continue;
        }
        let mut solver = v.solvers.pop().unwrap_or_default();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let verdict = solve_safely(&mut solver, &key.0, &key.1);
            (verdict, solver)
        });
        v.running.push((key, task));
    }
    if !v.running.is_empty() {
        redraw.write(RequestRedraw);
    }
}
