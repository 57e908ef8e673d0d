//! The game window: Bevy renders the table and collects input; the patience in play (through
//! [`crate::patience`]'s interface) decides everything. Each plugin owns one concern, and the
//! folders follow a frame: [`input`] → `Request` → [`session`] → rules → `GameChanged` →
//! [`table`] (cards, animation) → [`assistance`] (hint, lost notice, Show me; the solver in
//! [`verdicts`], below the session) →
//! [`hud`], [`overlays`], [`audio`]; [`draw`] paints the pixels. Data flows one way (see
//! [`messages`]).

pub mod access;
pub mod assistance;
pub mod audio;
pub mod draw;
pub mod hud;
pub mod input;
pub mod messages;
pub mod overlays;
pub mod probe;
pub mod session;
pub mod settings;
pub mod table;
pub mod theme;
pub mod verdicts;

use crate::patience::DealNumber;
use bevy::prelude::*;
use bevy::window::{WindowResizeConstraints, WindowResolution};
use bevy::winit::{UpdateMode, WinitSettings};
use std::path::PathBuf;

/// What the command line asked the window for.
#[derive(Resource, Clone, Debug, Default)]
pub struct LaunchOptions {
    /// The patience to open on (by name); else the one played last.
    pub patience: Option<String>,
    pub deal: Option<DealNumber>,
    pub rules: Option<String>,
    /// Where saves, statistics and settings live.
    pub data_dir: PathBuf,
}

/// Every game plugin: shared by the real window and the headless tests.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        messages::plugin,
        theme::plugin,
        session::plugin,
        verdicts::plugin,
        session::persistence::plugin,
        session::placement::plugin,
        assistance::assist::plugin,
        draw::camera::plugin,
        table::plugin,
        draw::backdrop::plugin,
        draw::art::plugin,
        table::cards::plugin,
        table::animation::plugin,
        input::plugin,
    ))
    .add_plugins((
        input::buttons::plugin,
        hud::plugin,
        assistance::hint::plugin,
        assistance::advice::plugin,
        assistance::show_me::plugin,
        assistance::levels::plugin,
        assistance::daily::plugin,
        overlays::plugin,
        audio::plugin,
        probe::plugin,
        access::plugin,
    ));
}

/// The data directory: `--data-dir`, else `ZODIAC_DATA_DIR`, else the OS's per-user data folder.
pub fn data_dir(flag: Option<PathBuf>) -> PathBuf {
    flag.or_else(|| std::env::var_os("ZODIAC_DATA_DIR").map(PathBuf::from))
        .or_else(|| dirs::data_dir().map(|d| d.join("zodiac")))
        .unwrap_or_else(|| PathBuf::from(".zodiac"))
}

/// Opens the window and plays until it closes.
pub fn run(options: LaunchOptions) -> AppExit {
    window_app(options).run()
}

/// Bevy's plugins as the game's window uses them (shared with `examples/empty_window.rs`, the
/// floor the frame figures are compared with).
pub fn window_plugins() -> bevy::app::PluginGroupBuilder {
    DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Zodiac".into(),
                resolution: WindowResolution::new(1280, 720),
                resize_constraints: WindowResizeConstraints {
                    min_width: 640.0,
                    min_height: 400.0,
                    ..default()
                },
                ..default()
            }),
            ..default()
        })
        // Sound comes from bevy_kira_audio; assets are compiled in, so no asset folder is needed.
        .set(AssetPlugin {
            file_path: "assets".into(),
            ..default()
        })
        // A card game's few textures want small memory blocks: wgpu's default (for performance)
        // reserves blocks of 64 MiB on a software renderer, where every page touched stays
        // resident; with these, blocks emptied after uploads are given back (docs/performance.md).
        .set(bevy::render::RenderPlugin {
            render_creation: bevy::render::settings::WgpuSettings {
                memory_hints: bevy::render::settings::MemoryHints::MemoryUsage,
                ..default()
            }
            .into(),
            ..default()
        })
}

/// The game with its real window, ready to run.
pub fn window_app(options: LaunchOptions) -> App {
    let started = probe::ProcessStart(std::time::Instant::now());
    let mut app = App::new();
    app.insert_resource(started);
    app.add_plugins(window_plugins())
        // Idle means idle: draw on input only, and once a second for the clock. Animations ask for
        // more frames while they run (see animation.rs).
        // Start drawing continuously: the deal animation runs at once; animation.rs then lets the
        // window sleep as soon as nothing moves.
        .insert_resource(WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        })
        .insert_resource(options);
    if audio::sound_device_present() {
        app.add_plugins(bevy_kira_audio::AudioPlugin);
    } else {
        // Said once, here; the audio plugin would only add the sound system's own complaints.
        warn!("no sound device found: playing silently");
    }
    app.add_plugins(plugin);
    app
}

/// The game without a GPU or an OS window, for tests: everything but drawing, with a
/// 1280 × 720 primary window entity that synthetic input can be sent to. Call `update()` to step.
pub fn headless_app(options: LaunchOptions) -> App {
    use bevy::render::RenderPlugin;
    use bevy::render::settings::WgpuSettings;
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .build()
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::log::LogPlugin>()
            .set(RenderPlugin {
                render_creation: WgpuSettings {
                    backends: None,
                    ..default()
                }
                .into(),
                ..default()
            })
            .set(WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(1280, 720),
                    ..default()
                }),
                ..default()
            }),
    )
    .insert_resource(options)
    .add_plugins(plugin);
    app.finish();
    app.cleanup();
    app
}
