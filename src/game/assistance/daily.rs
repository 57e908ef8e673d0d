//! The daily deal at the table (`patience::daily`): a day's deal is worked out on the task pool
//! when the New chooser or the calendar asks (a few ratings: tens of milliseconds to a
//! second) and kept for the session. [`PlayDaily`] deals today's deal once it is known, and the
//! settings remember which game of each patience is a daily one (`Settings::daily_games`), so
//! the bar and the history know it across a relaunch.

use crate::game::messages::{Request, Step};
use crate::game::session::files::Settings;
use crate::patience::DealNumber;
use crate::patience::daily::{self, Date};
use crate::patience::difficulty::Level;
use crate::profile::DailyGame;
use crate::registry;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use bevy::window::RequestRedraw;
use std::collections::HashMap;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Dailies>()
        .add_message::<PlayDaily>()
        .add_systems(
            Update,
            (ask_to_play, collect, start).chain().in_set(Step::Advise),
        );
}

/// Deal today's deal of this patience (by name) under this rule set (a shipped name).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PlayDaily {
    pub patience: String,
    pub rules: String,
}

/// A patience, a rule set (its name) and a date.
type Key = (String, String, Date);

/// The daily deals worked out this session, the one being worked out, and the ones to deal
/// once known.
#[derive(Resource, Default)]
pub struct Dailies {
    known: HashMap<Key, Result<(DealNumber, Level), String>>,
    wanted: Vec<Key>,
    running: Option<(Key, Task<Result<(DealNumber, Level), String>>)>,
    to_play: Vec<Key>,
}

impl Dailies {
    /// The deal and level of a day, if known.
    pub fn get(&self, patience: &str, rules: &str, date: Date) -> Option<(DealNumber, Level)> {
        let key = (patience.to_string(), rules.to_string(), date);
        self.known.get(&key).and_then(|r| r.as_ref().ok()).copied()
    }

    /// Asks for a day's deal to be worked out.
    pub fn want(&mut self, patience: &str, rules: &str, date: Date) {
        let key = (patience.to_string(), rules.to_string(), date);
        if !self.known.contains_key(&key) && !self.wanted.contains(&key) {
            self.wanted.push(key);
        }
    }

    /// A day's deal is being worked out.
    pub fn busy(&self) -> bool {
        self.running.is_some() || !self.wanted.is_empty()
    }

    /// Today's deal waits to be dealt until it is worked out.
    pub fn dealing(&self) -> bool {
        !self.to_play.is_empty()
    }
}

fn ask_to_play(mut asked: MessageReader<PlayDaily>, mut dailies: ResMut<Dailies>) {
    for PlayDaily { patience, rules } in asked.read() {
        let today = Date::today();
        dailies.want(patience, rules, today);
        dailies
            .to_play
            .push((patience.clone(), rules.clone(), today));
    }
}

/// Takes in a day's deal worked out, and deals those waiting to be played: in the next frame,
/// whose session step reads the request, so that frame is asked for (a sleeping window would
/// deal it only when it next looks for input).
fn collect(
    mut dailies: ResMut<Dailies>,
    mut settings: ResMut<Settings>,
    mut requests: MessageWriter<Request>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let done = dailies
        .running
        .as_ref()
        .is_some_and(|(_, t)| t.is_finished());
    if done
        && let Some((key, mut task)) = dailies.running.take()
        && let Some(found) = block_on(poll_once(&mut task))
    {
        dailies.known.insert(key, found);
    }
    let ready: Vec<Key> = dailies
        .to_play
        .iter()
        .filter(|k| dailies.known.contains_key(*k))
        .cloned()
        .collect();
    if ready.is_empty() {
        return;
    }
    dailies.to_play.retain(|k| !ready.contains(k));
    for (patience, rules, date) in ready {
        let Some(Ok((deal, _))) = dailies.known.get(&(patience.clone(), rules.clone(), date))
        else {
            continue;
        };
        settings.daily_games.insert(
            patience.clone(),
            DailyGame {
                rules: rules.clone(),
                deal: deal.to_string(),
                date,
            },
        );
        requests.write(Request::NewOf {
            patience,
            deal: Some(*deal),
            rules: Some(rules),
        });
        redraw.write(RequestRedraw);
    }
}

/// Starts working out the next day's deal wanted, one at a time, and keeps frames coming
/// while one runs.
fn start(mut dailies: ResMut<Dailies>, mut redraw: MessageWriter<RequestRedraw>) {
    let d = dailies.bypass_change_detection();
    if d.running.is_none()
        && let Some(key) = d.wanted.pop()
    {
        if d.known.contains_key(&key) {
            return;
        }
        let (patience, rules, date) = key.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let p = registry::by_name(&patience).ok_or("no such patience")?;
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                daily::daily(p, &rules, date)
            }))
            .unwrap_or_else(|_| Err("the daily deal could not be worked out".into()))
        });
        d.running = Some((key, task));
    }
    if d.running.is_some() {
        redraw.write(RequestRedraw);
    }
}
