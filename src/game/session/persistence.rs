//! Nothing lost: the game in progress is saved after every change and on exit, settings and
//! statistics live in their own files, and a file that cannot be read is set aside with a
//! notice. This plugin only reads the session and writes files; all writes are atomic and made
//! off the frame, in order, by the saver (see `crate::storage`); leaving waits for them.
//!
//! Each game is counted once: the session decides when, and the game's record remembers it;
//! this plugin adds the count to the statistics and queues both files in the same frame.

use crate::game::messages::{ExportHistory, Finished, GameChanged, Outcome, ResetVegas, Step};
use crate::game::session::Session;
use crate::game::session::files::{
    Exported, Files, History, LoadFiles, Notice, SavedGames, Saver, Settings, Statistics,
};
use crate::game::settings::{DeckStyle, Levels, Speed};
use crate::patience::daily::Date;
use crate::patience::score::Scoring;
use crate::patience::{Game, Patience};
use crate::profile::history;
use crate::profile::{self, load_or_default};
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_everything.in_set(LoadFiles))
        .add_systems(
            Update,
            (
                count_finished,
                save_game,
                remember_patience,
                save_next_deals,
                export_history,
                reset_vegas,
                fill_levels.run_if(resource_changed::<Levels>),
                tell_failures,
            )
                .chain()
                .in_set(Step::Present),
        )
        .add_systems(
            Update,
            (apply_settings, save_settings)
                .chain()
                .in_set(Step::Present)
                .after(remember_patience)
                .run_if(resource_changed::<Settings>),
        )
        .add_systems(Last, save_on_exit);
}

/// Reads a saved game; a file that exists but cannot be used is set aside, with a notice.
pub fn load_game(
    patience: &dyn Patience,
    path: &std::path::Path,
) -> (Option<Box<dyn Game>>, Option<String>) {
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (None, None),
        Err(e) => {
            return (
                None,
                Some(format!(
                    "Could not read the saved game {}: {e}",
                    path.display()
                )),
            );
        }
    };
    let game = std::str::from_utf8(&text)
        .map_err(|e| e.to_string())
        .and_then(|t| patience.load(t));
    match game {
        Ok(g) => (Some(g), None),
        Err(problem) => (
            None,
            Some(profile::set_aside_notice(path, "saved game", &problem)),
        ),
    }
}

fn load_everything(world: &mut World) {
    let options = world
        .get_resource::<crate::game::LaunchOptions>()
        .cloned()
        .unwrap_or_default();
    let files = Files::in_dir(&options.data_dir);
    let mut notices = Vec::new();
    let (settings, n) = load_or_default::<profile::Settings>(&files.settings, "settings");
    notices.extend(n);
    let (statistics, n) = load_or_default::<profile::Statistics>(&files.statistics, "statistics");
    notices.extend(n);
    let (games, n) = profile::load_history(&files.history);
    notices.extend(n);
    let mut saved = SavedGames::default();
    // The player's own patience files join the game's (a bad one says why and is left alone).
    if let Some(mut patiences) = world.get_resource_mut::<super::Patiences>() {
        let taken: Vec<&str> = patiences.0.iter().map(|p| p.name()).collect();
        let (mine, n) = crate::kinds::mine::load(&options.data_dir.join("patiences"), &taken);
        notices.extend(n);
        patiences.0.extend(mine);
    }
    let patiences = world
        .get_resource::<super::Patiences>()
        .cloned()
        .unwrap_or_default();
    let (next, n) = load_or_default::<profile::NextDeals>(&files.next_deals, "next deals");
    notices.extend(n);
    world
        .resource_mut::<super::DealPicker>()
        .take_next_deals(&next, &patiences);
    for &patience in &patiences.0 {
        let (game, n) = load_game(patience, &files.game(patience));
        notices.extend(n);
        if let Some(game) = game {
            saved.0.insert(patience.name(), game);
        }
    }
    for n in &notices {
        warn!("{n}");
    }
    world.insert_resource(Speed(settings.animation.factor()));
    world.insert_resource(DeckStyle {
        deck: settings.deck,
        four_colour: settings.four_colour,
        back: settings.back,
    });
    world.insert_resource(Settings(settings));
    world.insert_resource(Statistics(statistics));
    world.insert_resource(History(games));
    world.insert_resource(Exported::default());
    world.insert_resource(saved);
    world.insert_resource(files);
    world.init_resource::<Saver>();
    world.insert_resource(Notice((!notices.is_empty()).then(|| notices.join(" "))));
}

fn save_now(session: &Session, files: &Files, saver: &Saver) {
    saver.write(
        &files.game(session.game.patience()),
        session.record().into_bytes(),
    );
}

/// Every change is saved at once (off the frame): a crash loses at most the move in flight.
fn save_game(
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    files: Res<Files>,
    saver: Res<Saver>,
) {
    let relevant = changes
        .read()
        .filter(|c| !matches!(c, GameChanged::Nothing))
        .count();
    if relevant > 0 {
        save_now(&session, &files, &saver);
    }
}

/// The window opens next time on the patience played last.
fn remember_patience(
    mut changes: MessageReader<GameChanged>,
    session: Res<Session>,
    mut settings: ResMut<Settings>,
) {
    if changes.read().any(|c| *c == GameChanged::Dealt) {
        let name = session.game.patience().name();
        if settings.patience != name {
            settings.patience = name.to_string();
        }
    }
}

/// Leaving: the game as it stands, and every write still queued, are on disk before the
/// window goes.
fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    session: Res<Session>,
    files: Res<Files>,
    saver: Res<Saver>,
) {
    if exits.read().count() > 0 {
        save_now(&session, &files, &saver);
        saver.flush();
    }
}

/// A game finished before its deal was rated gets its level in the history once the rating
/// lands (it runs on the task pool).
fn fill_levels(
    levels: Res<Levels>,
    mut games: ResMut<History>,
    files: Res<Files>,
    saver: Res<Saver>,
) {
    let mut filled = false;
    let n = games.games.len();
    for g in &mut games.bypass_change_detection().games[n.saturating_sub(8)..] {
        if g.level.is_none()
            && let Some(level) = levels.get(&g.rules, g.deal).and_then(|r| r.level())
        {
            g.level = Some(level);
            filled = true;
        }
    }
    if filled {
        games.set_changed();
        saver.write(&files.history, games.to_text().into_bytes());
    }
}

/// The statistics panel's Export: the history as CSV beside the other files, written off the
/// frame like them; where it went is said in the panel (`Exported`).
fn export_history(
    mut asked: MessageReader<ExportHistory>,
    games: Res<History>,
    files: Res<Files>,
    saver: Res<Saver>,
    mut exported: ResMut<Exported>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let path = files.dir.join("history.csv");
    saver.write(&path, games.to_csv().into_bytes());
    exported.0 = Some(path);
}

/// The statistics panel's Reset: the rule set's Vegas balance back to nothing, saved.
fn reset_vegas(
    mut asked: MessageReader<ResetVegas>,
    mut stats: ResMut<Statistics>,
    files: Res<Files>,
    saver: Res<Saver>,
) {
    let mut any = false;
    for ResetVegas(rules) in asked.read() {
        stats.entry(rules).vegas_balance = 0;
        any = true;
    }
    if any {
        save_statistics(&stats, &files, &saver);
    }
}

/// Queues the statistics file.
fn save_statistics(stats: &Statistics, files: &Files, saver: &Saver) {
    match profile::to_ron(&stats.0) {
        Ok(text) => saver.write(&files.statistics, text.into_bytes()),
        Err(e) => error!("could not write statistics: {e}"),
    }
}

/// A file that could not be written is said in the log.
fn tell_failures(saver: Res<Saver>) {
    for failure in saver.failures() {
        error!("{failure}");
    }
}

/// Counts each finished game in the statistics and adds it to the history, and queues both
/// files.
fn count_finished(
    mut finished: MessageReader<Finished>,
    settings: Res<Settings>,
    mut stats: ResMut<Statistics>,
    mut games: ResMut<History>,
    levels: Res<Levels>,
    files: Res<Files>,
    saver: Res<Saver>,
) {
    let mut any = false;
    for f in finished.read() {
        any = true;
        let score = match settings.scoring {
            Scoring::Off => None,
            Scoring::Standard => f.standard,
            Scoring::Vegas => f.vegas,
        };
        let entry = stats.entry(&f.rules);
        match (settings.scoring, score) {
            (Scoring::Vegas, Some(takings)) if f.outcome != Outcome::Helped => {
                entry.record_vegas(takings);
            }
            (Scoring::Standard, Some(points)) if f.outcome == Outcome::Won => {
                entry.record_score(points);
            }
            _ => {}
        }
        games.games.push(history::Entry {
            // A daily game is the day's, even when finished after midnight.
            date: f.daily.unwrap_or_else(Date::today),
            patience: f.patience.to_string(),
            rules: f.rules.clone(),
            deal: f.deal,
            level: levels.get(&f.rules, f.deal).and_then(|r| r.level()),
            result: match f.outcome {
                Outcome::Won => history::Result::Won,
                Outcome::Lost => history::Result::Lost,
                Outcome::Helped => history::Result::Helped,
            },
            moves: f.moves,
            time_ms: f.elapsed_ms,
            score,
            daily: f.daily.is_some(),
        });
        let entry = stats.entry(&f.rules);
        match f.outcome {
            Outcome::Won => entry.record_win(f.elapsed_ms, f.moves),
            Outcome::Lost => entry.record_loss(),
            Outcome::Helped => entry.record_helped(),
        }
        if f.deal_winnable && f.outcome != Outcome::Helped {
            entry.record_winnable_deal();
        }
    }
    if any {
        save_statistics(&stats, &files, &saver);
        saver.write(&files.history, games.to_text().into_bytes());
    }
}

/// The settings others follow. A new deck is painted in the next frame's `PreUpdate`: that
/// frame is asked for.
fn apply_settings(
    settings: Res<Settings>,
    mut speed: ResMut<Speed>,
    mut style: ResMut<DeckStyle>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    speed.set_if_neq(Speed(settings.animation.factor()));
    let changed = style.set_if_neq(DeckStyle {
        deck: settings.deck,
        four_colour: settings.four_colour,
        back: settings.back,
    });
    if changed {
        redraw.write(RequestRedraw);
    }
}

/// The deals found ahead, saved when they change, so the next start deals one without the
/// solver.
fn save_next_deals(mut picker: ResMut<super::DealPicker>, files: Res<Files>, saver: Res<Saver>) {
    if !picker.bypass_change_detection().take_unsaved() {
        return;
    }
    match profile::to_ron(&picker.next_deals()) {
        Ok(text) => saver.write(&files.next_deals, text.into_bytes()),
        Err(e) => error!("could not write the next deals: {e}"),
    }
}

/// Writes the settings when they differ from what was last written (at first, from the file
/// as it was read): a change made in the very frame they were read (the patience the command
/// line opened on, remembered for the next start) is kept too, and an unchanged start writes
/// nothing.
fn save_settings(
    settings: Res<Settings>,
    files: Res<Files>,
    saver: Res<Saver>,
    mut written: Local<Option<String>>,
) {
    let text = match profile::to_ron(&settings.0) {
        Ok(text) => text,
        Err(e) => {
            error!("could not write settings: {e}");
            return;
        }
    };
    let last = written.get_or_insert_with(|| {
        if settings.is_added() {
            std::fs::read_to_string(&files.settings).unwrap_or_default()
        } else {
            String::new()
        }
    });
    if *last != text {
        saver.write(&files.settings, text.clone().into_bytes());
        *last = text;
    }
}
