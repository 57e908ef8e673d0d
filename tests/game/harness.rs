//! The headless harness every window test drives: the game's own app with no GPU and no OS
//! window, fed the messages winit would send (cursor moves, buttons, keys, resizes), several in
//! one frame where a busy machine would send them; and what the tests read back.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::{MouseButton, MouseButtonInput};
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use bevy::winit::{UpdateMode, WinitSettings};
use std::path::PathBuf;
use std::time::Duration;
use zodiac::game::input::InputQueue;
use zodiac::game::messages::Overlay;
use zodiac::game::session::{Patiences, Session};
use zodiac::game::table::Table;
use zodiac::game::table::cards::Mirror;
use zodiac::game::{LaunchOptions, headless_app};
use zodiac::zodiac::patience::to_neutral;
use zodiac::zodiac::{DealNumber, Game, Place};

pub struct Harness {
    pub app: App,
    pub window: Entity,
    pub dir: PathBuf,
    cursor: Vec2,
    /// Keep the data folder when dropped (for a relaunch).
    keep_dir: bool,
    /// Frames run only when the real window would wake (`fall_asleep`).
    sleep: Option<Sleep>,
}

/// Every `AppExit` the game has written. A message is dropped two frames on only where a fixed
/// step ran between them, so `Messages<AppExit>` read a few frames later showed the exit on a
/// fast machine and not on a busy one: a reader that runs every frame misses none.
#[derive(Resource, Default)]
struct Exits(usize);

fn count_exits(mut exits: MessageReader<AppExit>, mut count: ResMut<Exits>) {
    count.0 += exits.read().count();
}

/// The real window's sleep, as bevy_winit's runner (`state.rs`, `redraw_requested`) decides
/// whether to run `app.update()`: while the update mode (`WinitSettings`) is `Continuous`, every
/// frame; under `Reactive`, only on input, on a `RequestRedraw` written in the frame before, in
/// the frame after the update mode changed (the runner redraws then), or when the wait runs out
/// (`timeout`, after which the runner redraws once more).
struct Sleep {
    /// The window would wake for the next frame, whatever the update mode.
    woken: bool,
    redraws: bevy::ecs::message::MessageCursor<bevy::window::RequestRedraw>,
}

impl Harness {
    pub fn new(deal: u128, name: &str) -> Harness {
        let dir = std::env::temp_dir().join(format!("zodiac-input-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Harness::in_dir(deal, dir)
    }

    pub fn in_dir(deal: u128, dir: PathBuf) -> Harness {
        Harness::in_dir_with(deal, dir, None)
    }

    /// A game of this deal (0: none asked for, so a saved game resumes) under these rules (a
    /// name or a rule-set file), in this data folder.
    pub fn in_dir_with(deal: u128, dir: PathBuf, rules: Option<&str>) -> Harness {
        Harness::launch(LaunchOptions {
            patience: None,
            deal: DealNumber::new(deal),
            rules: rules.map(str::to_string),
            data_dir: dir,
        })
    }

    /// A fresh game of this patience and deal in a data folder of its own (`name` tells the
    /// test's folder from the others').
    pub fn of(patience: &str, deal: u128, name: &str) -> Harness {
        let dir =
            std::env::temp_dir().join(format!("zodiac-{patience}-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Harness::launch(LaunchOptions {
            patience: Some(patience.into()),
            deal: DealNumber::new(deal),
            rules: None,
            data_dir: dir,
        })
    }

    /// The game as the command line would open it.
    pub fn launch(options: LaunchOptions) -> Harness {
        Harness::launch_among(options, Patiences::default())
    }

    /// The game as the command line would open it, among these patiences (one of a test's
    /// own, say) instead of the registry's.
    pub fn launch_among(options: LaunchOptions, patiences: Patiences) -> Harness {
        let dir = options.data_dir.clone();
        let mut app = headless_app(options);
        app.insert_resource(patiences)
            .init_resource::<Exits>()
            .add_systems(Last, count_exits);
        app.update();
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .unwrap();
        let mut h = Harness {
            app,
            window,
            dir,
            cursor: Vec2::ZERO,
            keep_dir: false,
            sleep: None,
        };
        h.settle();
        h
    }

    /// Quits (every file written, as on exit) and starts the game again on the same data
    /// folder, resuming the saved game.
    pub fn relaunch(self) -> Harness {
        let dir = self.quit();
        Harness::in_dir(0, dir)
    }

    /// Quits as the window does (every file written); the data folder stays, and is returned.
    pub fn quit(mut self) -> PathBuf {
        self.app.world_mut().write_message(AppExit::Success);
        self.app.update();
        let dir = self.dir.clone();
        self.keep_dir = true;
        drop(self);
        dir
    }

    /// Runs frames until nothing moves, no input waits and no new deal waits for the solver.
    /// Glides take real time, so the frames are spaced a little; a table that never comes to
    /// rest fails the test.
    pub fn settle(&mut self) {
        use zodiac::game::table::animation::{Glide, Shake};
        for _ in 0..5000 {
            self.update();
            let moving = self
                .app
                .world_mut()
                .query_filtered::<(), Or<(With<Glide>, With<Shake>)>>()
                .iter(self.app.world())
                .count();
            let waiting = self.app.world().resource::<InputQueue>().len();
            let dealing = self
                .app
                .world()
                .resource::<zodiac::game::session::DealPicker>()
                .dealing();
            if moving == 0 && waiting == 0 && !dealing {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the table never came to rest");
    }

    /// Runs a frame, unless the window sleeps (`fall_asleep`) and nothing would wake it; says
    /// whether it ran.
    pub fn update(&mut self) -> bool {
        let Some(sleep) = &self.sleep else {
            self.app.update();
            return true;
        };
        if !sleep.woken && self.update_mode() != UpdateMode::Continuous {
            return false;
        }
        self.run_awake();
        true
    }

    /// One frame the window wakes for, and whether it would wake for the next.
    fn run_awake(&mut self) {
        let before = self.update_mode();
        self.app.update();
        let after = self.update_mode();
        let sleep = self.sleep.as_mut().expect("asleep");
        let redraw = self
            .app
            .world()
            .get_resource::<Messages<bevy::window::RequestRedraw>>()
            .is_some_and(|m| sleep.redraws.read(m).count() > 0);
        sleep.woken = redraw || after != before;
    }

    /// The update mode the window is in now (as the runner reads it after each frame).
    fn update_mode(&self) -> UpdateMode {
        let focused = self
            .app
            .world()
            .get::<Window>(self.window)
            .is_some_and(|w| w.focused);
        self.app
            .world()
            .get_resource::<WinitSettings>()
            .map_or(UpdateMode::Continuous, |s| s.update_mode(focused))
    }

    /// From now on frames run only when the real window would wake (see [`Sleep`]); runs them
    /// until it sleeps.
    pub fn fall_asleep(&mut self) {
        if self.sleep.is_none() {
            // What the real window starts with; `keep_drawing` lets it sleep.
            self.app.world_mut().insert_resource(WinitSettings {
                focused_mode: UpdateMode::Continuous,
                unfocused_mode: UpdateMode::Continuous,
            });
            self.sleep = Some(Sleep {
                woken: true,
                redraws: Default::default(),
            });
        }
        self.until_asleep();
    }

    /// Runs the frames the window wakes for until it sleeps again (glides take real time, so
    /// frames in a row are spaced a little); a window that never sleeps fails the test.
    pub fn until_asleep(&mut self) {
        for _ in 0..20_000 {
            if !self.update() {
                return;
            }
            if self.update_mode() == UpdateMode::Continuous {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        panic!("the window never sleeps");
    }

    /// The sleeping window's wait runs out: it wakes for a frame (and the runner redraws once
    /// more after it), then runs on until it sleeps again.
    pub fn timeout(&mut self) {
        assert!(self.sleep.is_some(), "only a sleeping window times out");
        self.run_awake();
        self.sleep.as_mut().expect("asleep").woken = true;
        self.until_asleep();
    }

    /// The window wakes for input sent.
    fn input_sent(&mut self) {
        if let Some(sleep) = &mut self.sleep {
            sleep.woken = true;
        }
    }

    /// Waits until every file the game asked to write is on disk (they are written off the
    /// frame).
    pub fn flush_files(&self) {
        self.app
            .world()
            .resource::<zodiac::game::session::files::Saver>()
            .flush();
    }

    /// A file of the data folder, once everything asked for is written.
    pub fn read_file(&self, name: &str) -> String {
        self.flush_files();
        std::fs::read_to_string(self.dir.join(name)).unwrap()
    }

    /// Sends a pointer move as winit would, without running a frame: several sends before one
    /// `update` are a busy machine's frame.
    pub fn send_move(&mut self, table_point: Vec2) {
        let position = self.window_point(table_point);
        let delta = position - self.cursor;
        self.cursor = position;
        let moved = CursorMoved {
            window: self.window,
            position,
            delta: Some(delta),
        };
        self.app.world_mut().write_message(moved.clone());
        self.app
            .world_mut()
            .write_message(WindowEvent::CursorMoved(moved));
        self.input_sent();
    }

    /// Sends a mouse button change without running a frame.
    pub fn send_button(&mut self, button: MouseButton, state: ButtonState) {
        let input = MouseButtonInput {
            button,
            state,
            window: self.window,
        };
        self.app.world_mut().write_message(input);
        self.app
            .world_mut()
            .write_message(WindowEvent::MouseButtonInput(input));
        self.input_sent();
    }

    /// Sends a turn of the mouse wheel without running a frame: `lines` down (negative: up).
    pub fn send_wheel(&mut self, lines: f32) {
        let wheel = bevy::input::mouse::MouseWheel {
            unit: bevy::input::mouse::MouseScrollUnit::Line,
            x: 0.0,
            y: -lines,
            window: self.window,
            phase: bevy::input::touch::TouchPhase::Moved,
        };
        self.app.world_mut().write_message(wheel);
        self.app
            .world_mut()
            .write_message(WindowEvent::MouseWheel(wheel));
        self.input_sent();
    }

    /// Where the button that says `label` lies in the window (logical pixels, its centre); it
    /// must be laid out.
    pub fn button_at(&mut self, label: &str) -> Vec2 {
        let world = self.app.world_mut();
        let mut texts = world.query::<(&Text, &ChildOf)>();
        let parent = texts
            .iter(world)
            .find(|(t, _)| t.0 == label)
            .map(|(_, p)| p.parent())
            .unwrap_or_else(|| panic!("no button says {label:?}"));
        let node = world.get::<bevy::ui::ComputedNode>(parent).unwrap();
        assert!(
            node.size().x > 0.0,
            "the button {label:?} is not laid out (hidden?)"
        );
        world
            .get::<bevy::ui::UiGlobalTransform>(parent)
            .unwrap()
            .translation
            * node.inverse_scale_factor()
    }

    /// Sends a key change without running a frame, from a US keyboard.
    pub fn send_key(&mut self, key_code: KeyCode, state: ButtonState) {
        self.send_key_as(key_code, us_layout(key_code), state);
    }

    /// Sends a key change as a keyboard layout names it: `key_code` is the key's place,
    /// `logical_key` what it types there.
    pub fn send_key_as(&mut self, key_code: KeyCode, logical_key: Key, state: ButtonState) {
        let input = KeyboardInput {
            key_code,
            logical_key,
            state,
            text: None,
            repeat: false,
            window: self.window,
        };
        self.app.world_mut().write_message(input.clone());
        self.app
            .world_mut()
            .write_message(WindowEvent::KeyboardInput(input));
        self.input_sent();
    }

    /// The Zodiac game in play.
    /// The game in play, whatever the patience.
    pub fn any_game(&self) -> &dyn zodiac::patience::Game {
        self.app.world().resource::<Session>().game.as_ref()
    }

    /// Every text on screen, joined (toasts say refusals, the bar the deal and its level).
    pub fn screen_text(&mut self) -> String {
        let world = self.app.world_mut();
        let mut texts = world.query::<&Text>();
        texts
            .iter(world)
            .map(|t| t.0.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub fn game(&self) -> &Game {
        self.app
            .world()
            .resource::<Session>()
            .game
            .as_any()
            .downcast_ref::<Game>()
            .expect("a game of Zodiac")
    }

    /// Replaces the game (set-up for a test, not the thing tested).
    pub fn set_game(&mut self, game: Game) {
        self.app
            .world_mut()
            .insert_resource(Session::new(Box::new(game)));
        self.app
            .world_mut()
            .write_message(zodiac::game::messages::GameChanged::Dealt);
        self.settle();
    }

    /// How many times the game has asked to quit.
    pub fn exits(&self) -> usize {
        self.app.world().resource::<Exits>().0
    }

    pub fn table(&self) -> Table {
        self.app.world().resource::<Table>().clone()
    }

    /// Table coordinates (origin at the centre, y up) to window coordinates.
    pub fn window_point(&self, table_point: Vec2) -> Vec2 {
        let t = self.table();
        Vec2::new(
            table_point.x + t.width / 2.0,
            t.height / 2.0 - table_point.y,
        )
    }

    pub fn centre_of(&self, place: Place) -> Vec2 {
        let r = self.table().rect(to_neutral(place));
        Vec2::new(r.x, r.y)
    }

    /// Runs frames until the input queue has given every event to a frame, as the real window
    /// does (the queue asks for those frames itself).
    pub fn frame(&mut self) {
        self.update();
        for _ in 0..100 {
            if self.app.world().resource::<InputQueue>().is_empty() {
                return;
            }
            self.update();
        }
        panic!("the input queue never emptied");
    }

    pub fn move_to(&mut self, table_point: Vec2) {
        self.send_move(table_point);
        self.frame();
    }

    pub fn button(&mut self, button: MouseButton, state: ButtonState) {
        self.send_button(button, state);
        self.frame();
    }

    pub fn click(&mut self, table_point: Vec2) {
        self.click_with(table_point, MouseButton::Left);
    }

    pub fn click_with(&mut self, table_point: Vec2, button: MouseButton) {
        self.move_to(table_point);
        self.button(button, ButtonState::Pressed);
        self.button(button, ButtonState::Released);
        self.update();
    }

    /// A double-click at a table point: two presses and releases in one frame, as a busy
    /// machine sends them.
    pub fn double_click(&mut self, table_point: Vec2) {
        self.move_to(table_point);
        for _ in 0..2 {
            self.send_button(MouseButton::Left, ButtonState::Pressed);
            self.send_button(MouseButton::Left, ButtonState::Released);
        }
        self.frame();
    }

    /// Presses at `from`, moves there in steps as a hand would, releases at `to`.
    pub fn drag(&mut self, from: Vec2, to: Vec2) {
        self.move_to(from);
        self.button(MouseButton::Left, ButtonState::Pressed);
        for k in 1..=8 {
            self.move_to(from + (to - from) * k as f32 / 8.0);
        }
        self.button(MouseButton::Left, ButtonState::Released);
        self.update();
    }

    pub fn key(&mut self, code: KeyCode, modifiers: &[KeyCode]) {
        for &m in modifiers {
            self.send_key(m, ButtonState::Pressed);
        }
        self.send_key(code, ButtonState::Pressed);
        self.frame();
        self.send_key(code, ButtonState::Released);
        for &m in modifiers {
            self.send_key(m, ButtonState::Released);
        }
        self.frame();
    }

    pub fn top_entity(&self, place: Place) -> Option<Entity> {
        self.app.world().resource::<Mirror>().top(to_neutral(place))
    }

    pub fn translation(&self, entity: Entity) -> Vec3 {
        self.app
            .world()
            .get::<Transform>(entity)
            .unwrap()
            .translation
    }

    /// Resizes the window as winit would (its size, and the message saying so), for the next
    /// frame to lay out again.
    pub fn resize(&mut self, width: f32, height: f32) {
        let window = self.window;
        let world = self.app.world_mut();
        world
            .get_mut::<Window>(window)
            .unwrap()
            .resolution
            .set(width, height);
        world.write_message(bevy::window::WindowResized {
            window,
            width,
            height,
        });
        self.input_sent();
    }

    /// Runs frames until `done` holds: the solver answers from other threads, so some things
    /// take a few frames. Fails after many frames, never waits on the clock alone.
    pub fn run_until(&mut self, what: &str, mut done: impl FnMut(&mut Harness) -> bool) {
        for _ in 0..5000 {
            if done(self) {
                return;
            }
            self.update();
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("never happened: {what}");
    }

    /// Clicks at a point of the window (logical pixels from its top left), as `click` does.
    pub fn click_window(&mut self, at: Vec2) {
        let t = self.table();
        self.click(Vec2::new(at.x - t.width / 2.0, t.height / 2.0 - at.y));
    }

    /// Clicks the button whose label is this text (the HUD's, a panel's, a notice's).
    pub fn click_button(&mut self, label: &str) {
        let at = self.button_at(label);
        self.click_window(at);
    }

    /// The overlay open, if any.
    pub fn overlay(&self) -> Option<Overlay> {
        let open = *self.app.world().resource::<State<Overlay>>().get();
        (open != Overlay::None).then_some(open)
    }
}

/// What a key types on a US keyboard (as winit names it, Ctrl aside).
pub fn us_layout(code: KeyCode) -> Key {
    let named = match code {
        KeyCode::Space => Some(Key::Space),
        KeyCode::Enter | KeyCode::NumpadEnter => Some(Key::Enter),
        KeyCode::Escape => Some(Key::Escape),
        KeyCode::Tab => Some(Key::Tab),
        KeyCode::Backspace => Some(Key::Backspace),
        KeyCode::F11 => Some(Key::F11),
        KeyCode::ArrowLeft => Some(Key::ArrowLeft),
        KeyCode::ArrowRight => Some(Key::ArrowRight),
        KeyCode::ArrowUp => Some(Key::ArrowUp),
        KeyCode::ArrowDown => Some(Key::ArrowDown),
        KeyCode::ControlLeft | KeyCode::ControlRight => Some(Key::Control),
        KeyCode::ShiftLeft | KeyCode::ShiftRight => Some(Key::Shift),
        _ => None,
    };
    if let Some(key) = named {
        return key;
    }
    // KeyA … KeyZ type their letter; Digit0 … Digit9 and Numpad0 … Numpad9 their digit.
    let debug = format!("{code:?}");
    let typed = debug
        .strip_prefix("Key")
        .map(str::to_lowercase)
        .or_else(|| debug.strip_prefix("Digit").map(str::to_string))
        .or_else(|| debug.strip_prefix("Numpad").map(str::to_string))
        .filter(|t| t.chars().count() == 1);
    match typed {
        Some(t) => Key::Character(t.into()),
        None => Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        if !self.keep_dir {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The places the hint lights.
pub fn hint_lit(h: &mut Harness) -> Vec<Place> {
    use zodiac::game::table::HintHighlight;
    h.app
        .world_mut()
        .query::<(&HintHighlight, &Visibility)>()
        .iter(h.app.world())
        .filter(|(_, v)| **v != Visibility::Hidden)
        .filter_map(|(p, _)| zodiac::zodiac::patience::from_neutral(p.0))
        .collect()
}
