//! Figures for `scripts/bench-window`, switched on by `ZODIAC_BENCH=1`: logs when the first
//! frame has been drawn, and on exit the frame times seen while a card was being dragged.

use super::input::DragState;
use bevy::app::AppExit;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use std::time::Instant;

/// When `main` started, for the time to the first frame.
#[derive(Resource, Clone, Copy)]
pub struct ProcessStart(pub Instant);

pub(super) fn plugin(app: &mut App) {
    if std::env::var_os("ZODIAC_BENCH").is_none() {
        return;
    }
    app.init_resource::<DragFrames>()
        .add_systems(Last, (first_frame, drag_frames, report).chain());
}

#[derive(Resource, Default)]
struct DragFrames(Vec<f32>);

fn first_frame(frames: Res<FrameCount>, start: Option<Res<ProcessStart>>) {
    // Rendering is pipelined one frame behind: at the end of update 2, frame 1 is on screen.
    if frames.0 == 2 {
        let ms = start
            .map(|s| s.0.elapsed().as_secs_f64() * 1000.0)
            .unwrap_or(f64::NAN);
        println!("bench: first-frame-ms {ms:.0}");
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
        println!("bench: drag-frames 0");
        return;
    }
    let at = |q: f32| v[((v.len() - 1) as f32 * q).round() as usize];
    println!(
        "bench: drag-frames {} median-ms {:.1} p99-ms {:.1}",
        v.len(),
        at(0.5),
        at(0.99)
    );
}
