//! The window opens where the player left it: its size and position are kept in the settings
//! file, and a window too large for the screen it opens on (a small laptop) shrinks to fit.

use crate::game::session::files::{Files, Saver, Settings};
use crate::profile::{self, WindowPlacement};
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryWindow, WindowMode, WindowMoved, WindowResized};
use std::time::{Duration, Instant};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Placement>()
        .add_systems(Startup, restore_size)
        // Before the table follows the window (`table` orders itself after it).
        .add_systems(PreUpdate, place_on_screen)
        .add_systems(Update, track)
        .add_systems(Last, keep);
}

/// The window as it is now, and since when (the file is written once it has stayed put).
#[derive(Resource, Default, Debug)]
pub struct Placement {
    now: Option<WindowPlacement>,
    changed: Option<Instant>,
}

/// How long the window must stay put before its placement is written (not at every pixel of a
/// drag; quitting writes it at once).
const SETTLE: Duration = Duration::from_millis(800);

fn restore_size(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let (Some(saved), Ok(mut window)) = (
        settings.window.and_then(WindowPlacement::sane),
        windows.single_mut(),
    ) else {
        return;
    };
    window.resolution.set(saved.width, saved.height);
}

/// Once the screens are known: back to the saved position if it is still on a screen, and no
/// larger than the screen the window is on.
pub(crate) fn place_on_screen(
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    monitors: Query<&Monitor>,
    mut done: Local<bool>,
) {
    if *done || monitors.is_empty() {
        return;
    }
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    *done = true;
    let saved = settings.window.and_then(WindowPlacement::sane);
    let on_screen = |x: i32, y: i32, m: &Monitor| {
        let (mx, my) = (m.physical_position.x, m.physical_position.y);
        // The title bar's corner must be on the screen, well inside it.
        (mx..mx + m.physical_width as i32 - 64).contains(&x)
            && (my..my + m.physical_height as i32 - 64).contains(&y)
    };
    let mut home = monitors.iter().next();
    if let Some(WindowPlacement {
        x: Some(x),
        y: Some(y),
        ..
    }) = saved
        && let Some(m) = monitors.iter().find(|m| on_screen(x, y, m))
    {
        window.position = WindowPosition::At(IVec2::new(x, y));
        home = Some(m);
    }
    let Some(monitor) = home else { return };
    let scale = monitor.scale_factor as f32;
    let (mw, mh) = (
        monitor.physical_width as f32 / scale,
        monitor.physical_height as f32 / scale,
    );
    if window.width() > mw * 0.95 || window.height() > mh * 0.9 {
        let (min_w, min_h) = WindowPlacement::MIN;
        let w = (mw * 0.95).min(window.width()).max(min_w);
        let h = (mh * 0.9).min(window.height()).max(min_h);
        window.resolution.set(w, h);
    }
}

/// Follows the window as the player resizes and moves it (not in fullscreen).
fn track(
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    windows: Query<&Window, With<PrimaryWindow>>,
    settings: Res<Settings>,
    mut placement: ResMut<Placement>,
) {
    let resized = resized.read().last().is_some();
    let moved = moved.read().last().map(|m| m.position);
    if !resized && moved.is_none() {
        return;
    }
    let Ok(window) = windows.single() else {
        return;
    };
    if window.mode != WindowMode::Windowed {
        return;
    }
    let mut now = placement
        .now
        .or(settings.window)
        .unwrap_or(WindowPlacement {
            width: window.width(),
            height: window.height(),
            x: None,
            y: None,
        });
    now.width = window.width();
    now.height = window.height();
    if let Some(at) = moved {
        (now.x, now.y) = (Some(at.x), Some(at.y));
    }
    if placement.now != Some(now) {
        placement.now = Some(now);
        placement.changed = Some(Instant::now());
    }
}

/// Where the window is, asked of the windowing system itself. Not every window manager says
/// when a window moves (and with none, as under Xvfb, nothing does), so this is asked on exit.
fn os_position(window: Entity) -> Option<IVec2> {
    bevy::winit::WINIT_WINDOWS.with_borrow(|all| {
        let p = all.get_window(window)?.outer_position().ok()?;
        Some(IVec2::new(p.x, p.y))
    })
}

/// Writes the placement to the settings file once it has settled, and on exit.
fn keep(
    mut exits: MessageReader<AppExit>,
    mut placement: ResMut<Placement>,
    mut settings: ResMut<Settings>,
    windows: Query<(Entity, &Window), With<PrimaryWindow>>,
    files: Option<Res<Files>>,
    saver: Option<Res<Saver>>,
    _main_thread: NonSendMarker,
) {
    let exiting = exits.read().count() > 0;
    if exiting
        && let Ok((entity, window)) = windows.single()
        && window.mode == WindowMode::Windowed
        && let Some(at) = os_position(entity)
    {
        let now = WindowPlacement {
            width: window.width(),
            height: window.height(),
            x: Some(at.x),
            y: Some(at.y),
        };
        if placement.now != Some(now) {
            placement.now = Some(now);
            placement.changed = Some(Instant::now());
        }
    }
    let Some(changed) = placement.changed else {
        return;
    };
    if !exiting && changed.elapsed() < SETTLE {
        return;
    }
    placement.changed = None;
    let Some(now) = placement.now.and_then(WindowPlacement::sane) else {
        return;
    };
    if settings.window == Some(now) {
        return;
    }
    // Not through change detection: that would re-apply every setting for a window move.
    settings.bypass_change_detection().window = Some(now);
    if let (Some(files), Some(saver)) = (files, saver) {
        match profile::to_ron(&settings.0) {
            Ok(text) => saver.write(&files.settings, text.into_bytes()),
            Err(e) => error!("could not write settings: {e}"),
        }
        if exiting {
            saver.flush();
        }
    }
}
