//! Nothing lost: the game in progress is saved after every change, settings and statistics live
//! in their own files, and a file that cannot be read is set aside with a notice. All writes are
//! atomic (see `crate::storage`).

use super::LaunchOptions;
use super::animation::Speed;
use super::art::DeckStyle;
use super::session::{Finished, GameChanged, Request, Session, SessionSystems, new_game};
use crate::profile::{self, load_or_default};
use crate::rules::{Game, Move, Phase, RuleSet, Status};
use bevy::app::AppExit;
use bevy::prelude::*;
use std::path::PathBuf;

pub use crate::profile::AnimationSetting;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>()
        .add_systems(PreStartup, load_everything)
        .add_systems(
            Update,
            (count_finished, save_game).chain().after(SessionSystems),
        )
        .add_systems(
            Update,
            (apply_settings, save_settings).run_if(resource_changed::<Settings>),
        )
        .add_systems(
            Update,
            assist
                .after(SessionSystems)
                .after(super::cards::CardSystems),
        )
        .add_systems(Last, save_on_exit);
}

/// The player's settings, as a resource.
#[derive(Resource, Clone, Debug, PartialEq, Deref, DerefMut)]
pub struct Settings(pub profile::Settings);

/// The player's statistics, as a resource.
#[derive(Resource, Clone, Debug, PartialEq, Deref, DerefMut)]
pub struct Statistics(pub profile::Statistics);

/// A message for the player about their files (shown once by the HUD).
#[derive(Resource, Default, Debug)]
pub struct Notice(pub Option<String>);

/// Where each file lives.
#[derive(Resource, Clone, Debug)]
pub struct Files {
    pub game: PathBuf,
    pub settings: PathBuf,
    pub statistics: PathBuf,
}

impl Files {
    pub fn in_dir(dir: &std::path::Path) -> Files {
        Files {
            game: dir.join("game.ron"),
            settings: dir.join("settings.ron"),
            statistics: dir.join("statistics.ron"),
        }
    }
}

/// Reads a saved game; a file that exists but cannot be used is set aside, with a notice.
pub fn load_game(path: &std::path::Path) -> (Option<Game>, Option<String>) {
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
        .and_then(|t| Game::from_ron(t).map_err(|e| e.to_string()));
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
        .get_resource::<LaunchOptions>()
        .cloned()
        .unwrap_or_default();
    let files = Files::in_dir(&options.data_dir);
    let mut notices = Vec::new();
    let (settings, n) = load_or_default::<profile::Settings>(&files.settings, "settings");
    notices.extend(n);
    let (mut statistics, n) =
        load_or_default::<profile::Statistics>(&files.statistics, "statistics");
    notices.extend(n);
    let (saved, n) = load_game(&files.game);
    notices.extend(n);
    let game = match (saved, options.deal) {
        // Resume, unless the command line asks for a particular deal.
        (Some(saved), None)
            if options
                .rules
                .as_deref()
                .is_none_or(|r| r == saved.rule_set().name) =>
        {
            saved
        }
        (saved, _) => {
            // A started, unwon game left for another counts as lost.
            if let Some(old) = saved.filter(|g| !g.moves().is_empty() && g.status() != Status::Won)
            {
                statistics.entry(&old.rule_set().name).record_loss();
                let _ = profile::save(&files.statistics, &statistics);
            }
            new_game(&options, Some(&settings.rules)).unwrap_or_else(|e| {
                notices.push(e);
                Game::new(
                    RuleSet::default_set(),
                    crate::rules::DealNumber::random_now(),
                )
            })
        }
    };
    for n in &notices {
        warn!("{n}");
    }
    world.insert_resource(Speed(settings.animation.factor()));
    world.insert_resource(DeckStyle {
        four_colour: settings.four_colour,
    });
    world.insert_resource(Settings(settings));
    world.insert_resource(Statistics(statistics));
    world.insert_resource(Session::new(game));
    world.insert_resource(files);
    world.insert_resource(Notice((!notices.is_empty()).then(|| notices.join(" "))));
    world.write_message(GameChanged::Dealt);
}

fn save_now(session: &mut Session, files: &Files) {
    session.settle_clock();
    let record = session.game.to_record();
    if let Err(e) = crate::storage::write_atomic(&files.game, record.to_ron().as_bytes()) {
        error!("could not save the game to {}: {e}", files.game.display());
    }
}

/// Every change is saved at once: a crash loses at most the move in flight.
fn save_game(
    mut changes: MessageReader<GameChanged>,
    mut session: ResMut<Session>,
    files: Res<Files>,
) {
    let relevant = changes
        .read()
        .filter(|c| !matches!(c, GameChanged::Refused { .. } | GameChanged::Nothing))
        .count();
    if relevant > 0 {
        save_now(&mut session, &files);
    }
}

fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    mut session: ResMut<Session>,
    files: Res<Files>,
) {
    if exits.read().count() > 0 {
        save_now(&mut session, &files);
    }
}

fn count_finished(
    mut finished: MessageReader<Finished>,
    mut stats: ResMut<Statistics>,
    files: Res<Files>,
) {
    let mut any = false;
    for f in finished.read() {
        any = true;
        let entry = stats.entry(&f.rules);
        if f.won {
            entry.record_win(f.elapsed_ms, f.moves);
        } else {
            entry.record_loss();
        }
    }
    if any && let Err(e) = profile::save(&files.statistics, &stats.0) {
        error!(
            "could not save statistics to {}: {e}",
            files.statistics.display()
        );
    }
}

fn apply_settings(settings: Res<Settings>, mut speed: ResMut<Speed>, mut style: ResMut<DeckStyle>) {
    speed.set_if_neq(Speed(settings.animation.factor()));
    style.set_if_neq(DeckStyle {
        four_colour: settings.four_colour,
    });
}

fn save_settings(settings: Res<Settings>, files: Res<Files>) {
    if settings.is_added() {
        return;
    }
    if let Err(e) = profile::save(&files.settings, &settings.0) {
        error!(
            "could not save settings to {}: {e}",
            files.settings.display()
        );
    }
}

/// The optional helpers: turn a card whenever the waste is empty; finish phase 2 by itself when
/// no choice is left (one card per step, so each one is seen flying home).
fn assist(
    settings: Res<Settings>,
    session: Res<Session>,
    moving: Query<(), With<super::animation::Glide>>,
    drag: Res<super::input::DragState>,
    mut requests: MessageWriter<Request>,
) {
    if !moving.is_empty() || drag.drag.is_some() || session.game.status() != Status::Playing {
        return;
    }
    let position = session.game.position();
    let rules = session.game.rules();
    if settings.auto_turn
        && position.phase() == Phase::One
        && position.waste().is_empty()
        && !position.stock().is_empty()
    {
        requests.write(Request::Play(Move::Turn));
    } else if settings.auto_finish
        && position.finishes_by_itself(rules)
        && let Some(&m) = position.legal_moves(rules).first()
    {
        requests.write(Request::Play(m));
    }
}
