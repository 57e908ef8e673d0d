//! What the game tells tools and tests, switched on by `ZODIAC_PROBE=1`: one line on standard
//! output for each thing worth waiting for, so that nothing outside has to guess with sleeps.
//!
//! - `probe: first-frame-ms N`: the first frame is on screen, N ms after `main` started.
//! - `probe: ready moves=N window=WxH scale=S`: the table is at rest (the deal has landed,
//!   nothing moves, no input waits, no card is in the hand or raised, every file written) with
//!   N moves played, in a window of
//!   W × H logical pixels at scale factor S. Said again each time it comes to rest after a
//!   change, and when the window's size changes.
//! - `probe: places waste=X,Y stock=X,Y` after each `ready`: where the waste and the stock are,
//!   in logical pixels from the window's top left corner.
//! - `probe: pixels felt=R,G,B track=R,G,B card=R,G,B`, once, when the table first rests (not
//!   with `ZODIAC_PROBE=measure`, which measures the game as players run it):
//!   three pixels of a screenshot of the window (sRGB): a corner of the felt, the Zodiac track
//!   between two piles, and the back of the stock's top card (in its plain lower half), so a
//!   test can tell a drawn table and drawn cards from a blank table or missing cards.
//! - `probe: pointer press|release X,Y`: each press and release of a mouse button the frame
//!   acted on, and where the pointer was then (logical pixels), so that a test whose input
//!   came to nothing can tell whether the game had any.
//! - `probe: finished won|helped|lost moves=N`: a game ended (counted in the statistics).
//! - `probe: overlay NAME` when a panel opens or closes (`None`), once the keyboard's focus is
//!   on one of its buttons.
//! - `probe: calendar won=DATE,DATE…` when the daily deals' calendar is shown: the days it
//!   marks won in the month shown.
//! - `probe: atlas-ms N deck=D`: the card atlas was painted, in N ms (at start, after a resize
//!   or a change of deck: what switching decks costs).
//! - `probe: drag-frames N median-ms M p99-ms P draws D` on exit: frame times while a card was
//!   dragged, and the median number of draw calls in the sorted 2D and UI passes (sprites,
//!   text, translucent shapes, the HUD) in those frames.

use super::draw::art::AtlasPainted;
use super::input::InputQueue;
use super::messages::{Finished, Outcome};
use super::session::files::Saver;
use super::session::{DealPicker, Session};
use super::settings::DeckStyle;
use super::table::Table;
use super::table::animation::{Glide, Shake};
use super::table::cards::CardView;
use super::table::hand::DragState;
use crate::patience::Place;
use crate::patience::layout::{Ellipse, Track};
use bevy::app::AppExit;
use bevy::core_pipeline::core_2d::Transparent2d;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::render_phase::ViewSortedRenderPhases;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::{PrimaryWindow, RequestRedraw};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

/// When `main` started, for the time to the first frame.
#[derive(Resource, Clone, Copy)]
pub struct ProcessStart(pub Instant);

pub(super) fn plugin(app: &mut App) {
    let Some(probe) = std::env::var_os("ZODIAC_PROBE") else {
        return;
    };
    // `ZODIAC_PROBE=measure` (scripts/bench-window) leaves out the screenshot: its texture,
    // read-back buffer and pipeline would add about 8 MiB to the memory measured.
    let look = probe != "measure";
    let draws = DrawCalls::default();
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.insert_resource(draws.clone()).add_systems(
            bevy::render::Render,
            count_draws.in_set(bevy::render::RenderSystems::Render),
        );
    }
    app.insert_resource(draws)
        .init_resource::<DragFrames>()
        .add_systems(
            Last,
            (
                first_frame,
                pointer_said,
                ready,
                look_at_the_table.run_if(move || look),
                finished,
                overlay_said,
                calendar,
                atlas_painted,
                drag_frames,
                report,
            )
                .chain(),
        );
}

#[derive(Resource, Default)]
struct DragFrames(Vec<f32>, Vec<u32>);

/// Draw calls in the last frame drawn: counted by the render world, read by the probe.
#[derive(Resource, Clone, Default)]
struct DrawCalls(Arc<AtomicU32>);

/// A sorted phase draws each batch with one call: the items that start one.
fn count_draws(
    sprites: Res<ViewSortedRenderPhases<Transparent2d>>,
    ui: Option<Res<ViewSortedRenderPhases<bevy::ui_render::TransparentUi>>>,
    calls: Res<DrawCalls>,
) {
    let batches = |ranges: &mut dyn Iterator<Item = std::ops::Range<u32>>| {
        ranges.filter(|r| !r.is_empty()).count()
    };
    let mut n = batches(
        &mut sprites
            .values()
            .flat_map(|p| p.items.values().map(|i| i.batch_range.clone())),
    );
    if let Some(ui) = ui {
        n += batches(
            &mut ui
                .values()
                .flat_map(|p| p.items.values().map(|i| i.batch_range.clone())),
        );
    }
    calls
        .0
        .store(u32::try_from(n).unwrap_or(u32::MAX), Ordering::Relaxed);
}

fn pointer_said(
    mut moved: MessageReader<bevy::window::CursorMoved>,
    mut buttons: MessageReader<bevy::input::mouse::MouseButtonInput>,
    mut at: Local<Vec2>,
) {
    // The input queue gives a frame its moves up to one press or release: the moves first.
    if let Some(last) = moved.read().last() {
        *at = last.position;
    }
    for b in buttons.read() {
        let what = if b.state.is_pressed() {
            "press"
        } else {
            "release"
        };
        println!("probe: pointer {what} {:.0},{:.0}", at.x, at.y);
    }
}

fn first_frame(frames: Res<FrameCount>, start: Option<Res<ProcessStart>>) {
    // Rendering is pipelined one frame behind: at the end of update 2, frame 1 is on screen.
    if frames.0 == 2 {
        let ms = start
            .map(|s| s.0.elapsed().as_secs_f64() * 1000.0)
            .unwrap_or(f64::NAN);
        println!("probe: first-frame-ms {ms:.0}");
    }
}

fn atlas_painted(painted: Res<AtlasPainted>, style: Res<DeckStyle>) {
    if painted.is_changed() && !painted.0.is_zero() {
        println!(
            "probe: atlas-ms {:.1} deck={:?}",
            painted.0.as_secs_f64() * 1000.0,
            style.deck
        );
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
    cards: Query<&Transform, With<CardView>>,
    saver: Option<Res<Saver>>,
    picker: Res<DealPicker>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut was_still: Local<bool>,
    mut said: Local<Option<String>>,
) {
    // A card left raised (above every pile) is still in the hand, whatever the drag says.
    let raised = cards.iter().any(|t| t.translation.z >= 100.0);
    // Files are written on their own thread, and a new deal may wait for the solver on the
    // task pool: look again next frame.
    let saving = saver.is_some_and(|s| !s.idle()) || picker.dealing();
    if saving {
        redraw.write(RequestRedraw);
    }
    let still = frames.0 >= 2
        && moving.is_empty()
        && queue.is_empty()
        && drag.drag.is_none()
        && !raised
        && !saving;
    let Ok(w) = windows.single() else { return };
    let line = format!(
        "probe: ready moves={} window={}x{} scale={}",
        session.game.moves_played(),
        w.width(),
        w.height(),
        w.scale_factor()
    );
    let news = !*was_still || said.as_ref() != Some(&line);
    *was_still = still;
    if still && news {
        println!("{line}");
        // Where to point: the centre of every place the table has (`waste=x,y stock=x,y
        // f0=x,y …`), in window coordinates (logical pixels from the top left), so tools never
        // guess them.
        let centres: Vec<String> = table
            .all()
            .map(|place| {
                let r = table.rect(place);
                let (x, y) = table.table_to_window(r.x, r.y);
                format!("{}={x:.0},{y:.0}", probe_name(place))
            })
            .collect();
        println!("probe: places {}", centres.join(" "));
        *said = Some(line);
    }
}

/// A screenshot once the table is at rest; prints three of its pixels.
fn look_at_the_table(
    mut commands: Commands,
    moving: Query<(), Or<(With<Glide>, With<Shake>)>>,
    frames: Res<FrameCount>,
    table: Res<Table>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut asked: Local<Option<Arc<AtomicBool>>>,
) {
    if let Some(seen) = asked.as_ref() {
        // The capture comes back a frame or two later: draw until it has.
        if !seen.load(Ordering::Relaxed) {
            redraw.write(RequestRedraw);
        }
        return;
    }
    if frames.0 < 2 || !moving.is_empty() {
        return;
    }
    // A screenshot's pixel for a window position: physical pixels.
    let pixel_at = |(x, y): (f32, f32)| {
        let scale = table.scale_factor;
        ((x * scale) as u32, (y * scale) as u32)
    };
    // The bottom left corner.
    let felt = pixel_at((3.0, table.height - 3.0));
    // A point of the track (where the layout has one), where no place covers it; the felt
    // where it has none.
    let covered = |x: f32, y: f32| {
        table
            .all()
            .any(|p| table.footprint(p).inflate(1.0).contains(x, y))
    };
    let track = match table.track {
        Some(Track {
            ring: Ellipse { x: cx, y: cy, a, b },
            ..
        }) => (0..96)
            .map(|k| {
                let t = k as f32 / 96.0 * std::f32::consts::TAU;
                (cx + a * t.sin(), cy + b * t.cos())
            })
            .find(|&(x, y)| !covered(x, y))
            .map(|(x, y)| pixel_at(table.table_to_window(x, y))),
        None => Some(felt),
    };
    let Some(track) = track else { return };
    // The stock's back between its ring of dots and its inner frame (the first place's card,
    // where the patience has no stock).
    let stock = table.rect(if table.has(Place::Stock) {
        Place::Stock
    } else {
        table.all().next().unwrap_or(Place::Stock)
    });
    let card = pixel_at(table.table_to_window(stock.x - 0.15 * stock.w, stock.y - 0.36 * stock.h));
    let seen = Arc::new(AtomicBool::new(false));
    *asked = Some(seen.clone());
    commands
        .spawn(Screenshot::primary_window())
        .observe(move |shot: On<ScreenshotCaptured>| {
            let pixel = |(x, y): (u32, u32)| {
                shot.image.get_color_at(x, y).map_or("none".into(), |c| {
                    let [r, g, b, _] = c.to_srgba().to_u8_array();
                    format!("{r},{g},{b}")
                })
            };
            println!(
                "probe: pixels felt={} track={} card={}",
                pixel(felt),
                pixel(track),
                pixel(card)
            );
            seen.store(true, Ordering::Relaxed);
        });
    redraw.write(RequestRedraw);
}

/// A place's name in the probe's lines: `stock`, `waste`, `f0`, `cell2`, `pile5`, `column3`.
fn probe_name(place: Place) -> String {
    match place {
        Place::Stock => "stock".into(),
        Place::Waste => "waste".into(),
        Place::Foundation(i) => format!("f{i}"),
        Place::Cell(i) => format!("cell{i}"),
        Place::Pile(i) => format!("pile{i}"),
        Place::Column(i) => format!("column{i}"),
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

/// The panel open, each time it changes, once the keyboard's focus is in it (keys sent after
/// the line reach the panel).
fn overlay_said(
    state: Res<State<super::messages::Overlay>>,
    focus: Res<bevy::input_focus::InputFocus>,
    parents: Query<&ChildOf>,
    scoped: Query<(), With<DespawnOnExit<super::messages::Overlay>>>,
    mut said: Local<Option<super::messages::Overlay>>,
) {
    let now = *state.get();
    if *said == Some(now) {
        return;
    }
    let inside = |e: Entity| {
        std::iter::once(e)
            .chain(parents.iter_ancestors(e))
            .any(|a| scoped.contains(a))
    };
    if now == super::messages::Overlay::None || focus.get().is_some_and(inside) {
        println!("probe: overlay {now:?}");
        *said = Some(now);
    }
}

/// The calendar's marked days, each time its panel is built.
fn calendar(
    days: Query<&super::overlays::calendar::WonDay>,
    panels: Query<(), Added<DespawnOnExit<super::messages::Overlay>>>,
    state: Res<State<super::messages::Overlay>>,
) {
    if *state.get() != super::messages::Overlay::Calendar || panels.is_empty() {
        return;
    }
    let mut won: Vec<String> = days.iter().map(|d| d.0.to_string()).collect();
    won.sort();
    println!("probe: calendar won={}", won.join(","));
}

fn drag_frames(
    time: Res<Time<Real>>,
    drag: Res<DragState>,
    draws: Res<DrawCalls>,
    mut seen: ResMut<DragFrames>,
) {
    if drag.drag.as_ref().is_some_and(|d| d.lifted) {
        seen.0.push(time.delta_secs() * 1000.0);
        seen.1.push(draws.0.load(Ordering::Relaxed));
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
    let mut d = seen.1.clone();
    d.sort_unstable();
    println!(
        "probe: drag-frames {} median-ms {:.1} p99-ms {:.1} draws {}",
        v.len(),
        at(0.5),
        at(0.99),
        d[d.len() / 2]
    );
}
