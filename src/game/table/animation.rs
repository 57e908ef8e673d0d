//! Motion: cards glide (eased, curving around the ring when they cross it), flip, and shake
//! when refused. Frames are requested only while something moves, so an idle table costs nothing.

use crate::game::settings::Speed;
use crate::game::table::Table;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Speed>()
        .init_resource::<Busy>()
        .add_systems(
            Update,
            (glide, shake)
                .chain()
                .in_set(crate::game::messages::Step::Animate),
        )
        .add_systems(Last, keep_drawing)
        .configure_sets(
            Last,
            crate::game::verdicts::StartWork.run_if(nothing_glides),
        );
}

/// No card glides: the solver's work may start (`verdicts::StartWork`).
fn nothing_glides(gliding: Query<(), With<Glide>>) -> bool {
    gliding.is_empty()
}

/// Which side of the card shows: true for the face.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facing(pub bool);

/// Something else (a drag, an overlay fading) wants frames this update.
#[derive(Resource, Default)]
pub struct Busy(pub bool);

/// A card on its way from one place to another.
#[derive(Component, Clone, Debug)]
pub struct Glide {
    from: Vec3,
    to: Vec3,
    /// The curve's control point: off the straight line when the path crosses the ring's middle.
    control: Vec2,
    delay: f32,
    duration: f32,
    elapsed: f32,
    flip_to: Option<bool>,
}

/// Lift above the table while moving, so a gliding card passes over the others.
const FLIGHT_Z: f32 = 50.0;

impl Glide {
    /// A glide of about 150–250 ms (longer for longer paths), scaled by the speed setting.
    pub fn new(from: Vec3, to: Vec3, table: &Table, speed: &Speed) -> Glide {
        let distance = from.truncate().distance(to.truncate());
        let diagonal = table.width.hypot(table.height).max(1.0);
        let duration = (0.15 + 0.1 * (distance / diagonal * 2.0).min(1.0)) * speed.0.max(0.0);
        // On a table with a ring, bend paths that would cut across the middle outward, around
        // the ring's centre.
        let mid = (from.truncate() + to.truncate()) / 2.0;
        let (cx, cy) = (table.wheel.x, table.wheel.y);
        let centre = Vec2::new(cx, cy);
        let dir = (to - from).truncate();
        let control = if table.track.is_some() && distance > table.card_h * 2.0 {
            let normal = Vec2::new(-dir.y, dir.x).normalize_or_zero();
            let outward = if (mid - centre).dot(normal) >= 0.0 {
                normal
            } else {
                -normal
            };
            mid + outward * distance * 0.18
        } else {
            mid
        };
        Glide {
            from,
            to,
            control,
            delay: 0.0,
            duration,
            elapsed: 0.0,
            flip_to: None,
        }
    }

    pub fn delayed(mut self, seconds: f32) -> Glide {
        // With animation off there is nothing to wait for.
        self.delay = if self.duration > 0.0 { seconds } else { 0.0 };
        self
    }

    /// Turns the card over on the way, to show `face_up` on arrival.
    pub fn flipping(mut self, face_up: bool) -> Glide {
        self.flip_to = Some(face_up);
        self
    }

    /// Where the card is going: input treats a moving card as already there, so a click on a
    /// place acts on the card landing there, never on one just leaving.
    pub fn target(&self) -> Vec3 {
        self.to
    }

    /// Keeps flying, to a new end (the layout changed under a moving card).
    pub fn retarget(&mut self, to: Vec3) {
        let shift = (to - self.to).truncate();
        self.control += shift;
        self.to = to;
    }
}

/// A short side-to-side shake: "this card can't go there".
#[derive(Component, Clone, Debug, Default)]
pub struct Shake {
    elapsed: f32,
    base_x: Option<f32>,
}

const SHAKE_TIME: f32 = 0.3;

fn ease_in_out(t: f32) -> f32 {
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

fn glide(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut cards: Query<(Entity, &mut Glide, &mut Transform, &mut Facing)>,
) {
    // After an idle stretch the first delta can be long: cap it so motion starts smoothly.
    let dt = time.delta_secs().min(1.0 / 30.0);
    for (entity, mut g, mut transform, mut facing) in &mut cards {
        g.elapsed += dt;
        let t = if g.duration <= 0.0 {
            1.0
        } else {
            ((g.elapsed - g.delay) / g.duration).clamp(0.0, 1.0)
        };
        if g.elapsed < g.delay {
            // Waiting its turn in a deal: sit at the start, face down.
            transform.translation = g.from.with_z(g.to.z);
            if g.flip_to.is_some() {
                facing.set_if_neq(Facing(false));
            }
            continue;
        }
        let e = ease_in_out(t);
        let p = (1.0 - e) * (1.0 - e) * g.from.truncate()
            + 2.0 * e * (1.0 - e) * g.control
            + e * e * g.to.truncate();
        transform.translation = p.extend(if t < 1.0 { FLIGHT_Z + g.to.z } else { g.to.z });
        if let Some(face_up) = g.flip_to {
            // Squeeze to an edge and open on the other side.
            transform.scale.x = (2.0 * t - 1.0).abs().max(0.02);
            if t >= 0.5 {
                facing.set_if_neq(Facing(face_up));
            }
        }
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            if let Some(face_up) = g.flip_to {
                facing.set_if_neq(Facing(face_up));
            }
            commands.entity(entity).remove::<Glide>();
        }
    }
}

fn shake(
    mut commands: Commands,
    time: Res<Time<Real>>,
    table: Res<Table>,
    mut cards: Query<(Entity, &mut Shake, &mut Transform), Without<Glide>>,
) {
    let dt = time.delta_secs().min(1.0 / 30.0);
    for (entity, mut s, mut transform) in &mut cards {
        let base = *s.base_x.get_or_insert(transform.translation.x);
        s.elapsed += dt;
        if s.elapsed >= SHAKE_TIME {
            transform.translation.x = base;
            commands.entity(entity).remove::<Shake>();
        } else {
            let fade = 1.0 - s.elapsed / SHAKE_TIME;
            transform.translation.x = base + (s.elapsed * 40.0).sin() * table.card_w * 0.08 * fade;
        }
    }
}

/// While anything moves, draw continuously; otherwise let the window sleep until input (or the
/// clock's next second).
fn keep_drawing(
    moving: Query<(), Or<(With<Glide>, With<Shake>)>>,
    mut busy: ResMut<Busy>,
    mut redraw: MessageWriter<RequestRedraw>,
    settings: Option<ResMut<WinitSettings>>,
    session: Option<Res<crate::game::session::Session>>,
    mut frames: Local<u32>,
    mut was_animating: Local<bool>,
    mut asleep: Local<Option<std::time::Instant>>,
) {
    // The first frames draw continuously whatever happens: the window is still settling.
    *frames = frames.saturating_add(1);
    let moving_now = !moving.is_empty() || busy.0 || *frames < 10;
    // One more frame after the last motion: systems that wait for stillness (auto-finish,
    // auto-turn) get to run before the window sleeps.
    let animating = moving_now || *was_animating;
    *was_animating = moving_now;
    busy.0 = false;
    if animating {
        redraw.write(RequestRedraw);
    }
    if let Some(mut settings) = settings {
        let clock = session.is_some_and(|s| s.clock_running());
        let wanted = match (animating, clock) {
            (true, _) => UpdateMode::Continuous,
            (false, true) => IDLE,
            // Nothing moves and no clock ticks: sleep until input, looking again now and then,
            // less and less often. Winit may sleep with input already read: another thread
            // that talks to the X server through the same connection (the driver presenting
            // the last frame) can take a key or click off the socket into the connection's
            // queue after winit looked at it (winit#1985). A look picks it up.
            (false, false) => {
                // The next look about as far off as the sleep is long so far: 1, 2, 4 ... 32 s
                // (in steps, so that the setting changes only now and then: each change wakes
                // the window).
                let since = asleep.get_or_insert_with(std::time::Instant::now).elapsed();
                let mut wait = FIRST_LOOK;
                while wait < since && wait < LAST_LOOK {
                    wait *= 2;
                }
                UpdateMode::Reactive {
                    wait,
                    react_to_device_events: false,
                    react_to_user_events: true,
                    react_to_window_events: true,
                }
            }
        };
        if animating || clock {
            *asleep = None;
        }
        // Unfocused windows animate and tick the same way (an unfocused game on a second screen
        // still finishes its moves).
        if settings.focused_mode != wanted || settings.unfocused_mode != wanted {
            settings.focused_mode = wanted;
            settings.unfocused_mode = wanted;
        }
    }
}

/// Asleep, the first look for input stuck on the way, and the longest wait between looks.
const FIRST_LOOK: std::time::Duration = std::time::Duration::from_secs(1);
const LAST_LOOK: std::time::Duration = std::time::Duration::from_secs(32);

/// How the window updates when nothing moves but the clock runs: on input, and once a second.
/// Input means the window's own events: device events (the mouse moving anywhere on the
/// desktop) would draw a frame for each.
pub const IDLE: UpdateMode = UpdateMode::Reactive {
    wait: std::time::Duration::from_secs(1),
    react_to_device_events: false,
    react_to_user_events: true,
    react_to_window_events: true,
};
