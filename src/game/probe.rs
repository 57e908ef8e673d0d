//! What the game tells tools and tests, switched on by `ZODIAC_PROBE=1`: one line on standard
//! output for each thing worth waiting for, so that nothing outside has to guess with sleeps.
//!
//! - `probe: first-frame-ms N`: the first frame is on screen, N ms after `main` started.
//! - `probe: ready moves=N window=WxH scale=S`: the table is at rest (the deal has landed,
//!   nothing moves, no input waits, no card is in the hand) with N moves played, in a window of
//!   W × H logical pixels at scale factor S. Said again each time it comes to rest after a
//!   change, and when the window's size changes.
//! - `probe: places waste=X,Y stock=X,Y` after each `ready`: where the waste and the stock are,
//!   in logical pixels from the window's top left corner.
//! - `probe: finished won|helped|lost moves=N`: a game ended (counted in the statistics).
//! - `probe: drag-frames N median-ms M p99-ms P` on exit: frame times while a card was dragged.

use super::animation::{Glide, Shake};
use super::input::{DragState, InputQueue};
use super::messages::{Finished, Outcome};
use super::session::Session;
use super::table::Table;
use crate::rules::Place;
use bevy::app::AppExit;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::time::Instant;

/// When `main` started, for the time to the first frame.
#[derive(Resource, Clone, Copy)]
pub struct ProcessStart(pub Instant);

pub(super) fn plugin(app: &mut App) {
    if std::env::var_os("ZODIAC_PROBE").is_none() {
        return;
    }
    app.init_resource::<DragFrames>().add_systems(
        Last,
        (first_frame, ready, finished, drag_frames, report).chain(),
    );
}

#[derive(Resource, Default)]
struct DragFrames(Vec<f32>);

fn first_frame(frames: Res<FrameCount>, start: Option<Res<ProcessStart>>) {
    // Rendering is pipelined one frame behind: at the end of update 2, frame 1 is on screen.
    if frames.0 == 2 {
        let ms = start
            .map(|s| s.0.elapsed().as_secs_f64() * 1000.0)
            .unwrap_or(f64::NAN);
        println!("probe: first-frame-ms {ms:.0}");
    }
}

/// Says "ready" each time the table comes to rest.
fn ready(
    frames: Res<FrameCount>,
    moving: Query<(), Or<(With<Glide>, With<Shake>)>>,
    queue: Res<InputQueue>,
    drag: Res<DragState>,
    session: Res<Session>,
    windows: Query<&Window, With<PrimaryWindow>>,
    table: Res<Table>,
    mut was_still: Local<bool>,
    mut said: Local<Option<String>>,
) {
    let still = frames.0 >= 2 && moving.is_empty() && queue.is_empty() && drag.drag.is_none();
    let Ok(w) = windows.single() else { return };
    let line = format!(
        "probe: ready moves={} window={}x{} scale={}",
        session.game.moves().len(),
        w.width(),
        w.height(),
        w.scale_factor()
    );
    let news = !*was_still || said.as_ref() != Some(&line);
    *was_still = still;
    if still && news {
        println!("{line}");
        // Where to point: the centres of the waste and the stock, in window coordinates
        // (logical pixels from the top left), so tools never guess them.
        let centre = |place: Place| {
            let r = table.rect(place);
            format!(
                "{:.0},{:.0}",
                r.x + table.width / 2.0,
                table.height / 2.0 - r.y
            )
        };
        println!(
            "probe: places waste={} stock={}",
            centre(Place::Waste),
            centre(Place::Stock)
        );
        *said = Some(line);
    }
}

fn finished(mut done: MessageReader<Finished>) {
    for f in done.read() {
        let how = match f.outcome {
            Outcome::Won => "won",
            Outcome::Helped => "helped",
            Outcome::Lost => "lost",
        };
        println!("probe: finished {how} moves={}", f.moves);
    }
}

fn drag_frames(time: Res<Time<Real>>, drag: Res<DragState>, mut seen: ResMut<DragFrames>) {
    if drag.drag.as_ref().is_some_and(|d| d.lifted) {
        seen.0.push(time.delta_secs() * 1000.0);
    }
}

fn report(mut exits: MessageReader<AppExit>, seen: Res<DragFrames>) {
    if exits.read().count() == 0 {
        return;
    }
    let mut v = seen.0.clone();
    v.sort_by(f32::total_cmp);
    if v.is_empty() {
        println!("probe: drag-frames 0");
        return;
    }
    let at = |q: f32| v[((v.len() - 1) as f32 * q).round() as usize];
    println!(
        "probe: drag-frames {} median-ms {:.1} p99-ms {:.1}",
        v.len(),
        at(0.5),
        at(0.99)
    );
}
