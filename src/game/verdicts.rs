//! The solver at the table: verdicts on positions, worked out on Bevy's task pool so the window
//! never waits, and kept per position so undo, redo and a repeated question cost nothing.
//!
//! Anyone may ask ([`Verdicts::want`], through a shared `Res`, so asking marks nothing changed);
//! the answers land in `Update`'s input step, and the resource then counts as changed for the
//! systems that wait on it. Frames are asked for only while a verdict is being worked out.
//! Below the session (which asks for a finished game's verdict): it reads only `messages`.

use crate::game::messages::Step;
use crate::patience::{Snapshot, Verdict};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Verdicts>()
        .add_systems(Update, collect.in_set(Step::Input))
        .add_systems(Last, start_wanted.in_set(StartWork));
}

/// Starting the work asked for: the table holds it back while a card glides (a long search
/// must not take the cores from an animation; the glide asks for frames itself, and the one
/// after it lands starts the work).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StartWork;

/// A position under a set of rules ([`Snapshot::key`]).
type Key = u128;

/// More positions than a long session visits; past it the cache starts again.
const KEEP: usize = 8192;

/// Every verdict known, and the ones being worked out.
#[derive(Resource, Default)]
pub struct Verdicts {
    known: HashMap<Key, Arc<Verdict>>,
    /// Asked for since the last frame ended.
    wanted: Mutex<Vec<Arc<dyn Snapshot>>>,
    running: Vec<(Key, Task<Verdict>)>,
}

impl Verdicts {
    /// The verdict on this position, if known.
    pub fn get(&self, position: &Arc<dyn Snapshot>) -> Option<Arc<Verdict>> {
        self.known.get(&position.key()).cloned()
    }

    /// The verdict if known; otherwise it is worked out from the end of this frame on.
    pub fn want(&self, position: &Arc<dyn Snapshot>) -> Option<Arc<Verdict>> {
        let known = self.get(position);
        if known.is_none()
            && let Ok(mut wanted) = self.wanted.lock()
        {
            wanted.push(position.clone());
        }
        known
    }

    /// A verdict is being worked out (or waits to be).
    pub fn busy(&self) -> bool {
        !self.running.is_empty() || self.wanted.lock().map(|w| !w.is_empty()).unwrap_or(false)
    }

    /// Works out a verdict now, on this thread: for the rare caller that cannot wait a frame.
    pub fn decide_now(&mut self, position: &Arc<dyn Snapshot>) -> Arc<Verdict> {
        if let Some(v) = self.get(position) {
            return v;
        }
        let verdict = Arc::new(solve_safely(position.as_ref()));
        self.remember(position.key(), verdict.clone());
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
fn solve_safely(position: &dyn Snapshot) -> Verdict {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| position.solve())).unwrap_or_else(
        |_| Verdict::Unknown {
            why: "the solver failed on this position".into(),
        },
    )
}

/// Takes in the verdicts worked out since the last frame.
fn collect(mut verdicts: ResMut<Verdicts>) {
    if verdicts.running.iter().all(|(_, t)| !t.is_finished()) {
        return;
    }
    let running = std::mem::take(&mut verdicts.running);
    for (key, mut task) in running {
        if task.is_finished()
            && let Some(verdict) = block_on(poll_once(&mut task))
        {
            verdicts.remember(key, Arc::new(verdict));
        } else {
            verdicts.running.push((key, task));
        }
    }
}

/// Starts the tasks for what was asked ([`StartWork`]), and keeps frames coming while any runs.
fn start_wanted(mut verdicts: ResMut<Verdicts>, mut redraw: MessageWriter<RequestRedraw>) {
    // Asking, or starting work, is not news: only answers are.
    let v = verdicts.bypass_change_detection();
    let wanted = std::mem::take(&mut *v.wanted.lock().unwrap_or_else(|e| e.into_inner()));
    for position in wanted {
        let key = position.key();
        if v.known.contains_key(&key) || v.running.iter().any(|(k, _)| *k == key) {
            continue;
        }
        let task =
            AsyncComputeTaskPool::get().spawn(async move { solve_safely(position.as_ref()) });
        v.running.push((key, task));
    }
    if !v.running.is_empty() {
        redraw.write(RequestRedraw);
    }
}
