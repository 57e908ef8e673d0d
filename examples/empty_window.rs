//! The floor for `scripts/bench-window --empty`: an empty Bevy window with the game's Bevy
//! plugins, camera and update modes, and nothing on it. It answers the bench script the way the
//! game's probe does (`first-frame-ms`, `ready`, `places`, `drag-frames`), so the same script
//! measures what any Bevy window costs on this machine: the part of the game's figures that no
//! change to the game can remove.
//!
//!     cargo run --example empty_window

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::{Duration, Instant};

#[derive(Resource)]
struct Probe {
    started: Instant,
    frames: u32,
    /// A press happened: from then on the window ticks once a second, as the game's clock does.
    clicked: bool,
    said_ready: u8,
    holding: bool,
    drag: Vec<f32>,
}

fn main() {
    let started = Instant::now();
    App::new()
        .add_plugins(zodiac::game::window_plugins())
        .insert_resource(WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        })
        .insert_resource(Probe {
            started,
            frames: 0,
            clicked: false,
            said_ready: 0,
            holding: false,
            drag: Vec::new(),
        })
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn((Camera2d, Msaa::Off));
        })
        .add_systems(Update, (probe, quit))
        .run();
}

/// The game's probe lines, for an empty table: the "waste" and "stock" are two points in the
/// middle of the window.
fn probe(
    mut p: ResMut<Probe>,
    time: Res<Time<Real>>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut moved: MessageReader<CursorMoved>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut settings: ResMut<WinitSettings>,
) {
    p.frames += 1;
    if p.frames == 2 {
        println!(
            "probe: first-frame-ms {:.0}",
            p.started.elapsed().as_secs_f64() * 1000.0
        );
    }
    let moving = moved.read().count() > 0;
    for b in buttons.read() {
        p.holding = b.state.is_pressed();
        if b.state.is_pressed() && !p.clicked {
            p.clicked = true;
            p.said_ready = 1;
        }
    }
    if p.holding && moving && p.clicked && p.said_ready >= 2 {
        let ms = time.delta_secs() * 1000.0;
        p.drag.push(ms);
    }
    let Ok(w) = windows.single() else { return };
    // Like the game: continuous for the first frames, then asleep until input (and once a
    // second once "the clock" runs); input wakes it at once.
    // A held button is a drag: the game draws continuously then, and so does this.
    let wanted = if p.frames < 10 || p.holding {
        UpdateMode::Continuous
    } else if p.clicked {
        UpdateMode::Reactive {
            wait: Duration::from_secs(1),
            react_to_device_events: false,
            react_to_user_events: true,
            react_to_window_events: true,
        }
    } else {
        UpdateMode::Reactive {
            wait: Duration::from_secs(3600),
            react_to_device_events: false,
            react_to_user_events: true,
            react_to_window_events: true,
        }
    };
    if settings.focused_mode != wanted {
        settings.focused_mode = wanted;
        settings.unfocused_mode = wanted;
    }
    let ready = |moves: u8| {
        println!(
            "probe: ready moves={moves} window={}x{} scale={}",
            w.width(),
            w.height(),
            w.scale_factor()
        );
        let (cx, cy) = (w.width() / 2.0, w.height() / 2.0);
        println!(
            "probe: places waste={:.0},{:.0} stock={:.0},{:.0}",
            cx - 60.0,
            cy,
            cx + 60.0,
            cy
        );
    };
    if p.frames == 9 {
        ready(0);
    }
    if p.said_ready == 1 && !p.holding {
        ready(1);
        p.said_ready = 2;
    }
}

/// Ctrl+Q, read from the key messages in order: xdotool's press and release of both keys can
/// arrive in one frame, when `ButtonInput` no longer shows Ctrl held.
fn quit(
    mut keys: MessageReader<KeyboardInput>,
    mut ctrl: Local<bool>,
    p: Res<Probe>,
    mut exit: MessageWriter<AppExit>,
) {
    let mut asked = false;
    for k in keys.read() {
        match k.key_code {
            KeyCode::ControlLeft | KeyCode::ControlRight => *ctrl = k.state.is_pressed(),
            KeyCode::KeyQ if *ctrl && k.state.is_pressed() => asked = true,
            _ => {}
        }
    }
    if !asked {
        return;
    }
    let mut v = p.drag.clone();
    v.sort_by(f32::total_cmp);
    if v.is_empty() {
        println!("probe: drag-frames 0");
    } else {
        let at = |q: f32| v[((v.len() - 1) as f32 * q).round() as usize];
        println!(
            "probe: drag-frames {} median-ms {:.1} p99-ms {:.1}",
            v.len(),
            at(0.5),
            at(0.99)
        );
    }
    exit.write(AppExit::Success);
}
