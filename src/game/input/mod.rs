//! The mouse and the keyboard: drag and drop, click to send a card to its best place,
//! double-click (or right-click) a Zodiac pile to inspect it, and keys for everything.
//!
//! Pointer input goes through Bevy's picking pipeline; a small picking backend below hit-tests
//! the cards and places with the same layout the table is drawn from. Nothing here decides
//! legality: moves are asked of the rules, and requests go to the session.

use super::animation::{Busy, Glide, Shake, Speed};
use super::cards::{CardView, Mirror, slot_translation};
use super::session::{GameChanged, Request, Session, SessionSystems};
use super::table::{DropHighlight, PlaceMarker, Table};
use crate::layout::Rect;
use crate::rules::{Move, Place};
use bevy::camera::NormalizedRenderTarget;
use bevy::ecs::entity::ContainsEntity;
use bevy::picking::PickingSystems;
use bevy::picking::backend::{HitData, PointerHits};
use bevy::picking::pointer::{PointerId, PointerLocation, PointerPress};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowResized};
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DragState>()
        .init_resource::<LastClick>()
        .init_resource::<KeyboardCursor>()
        .add_message::<Denied>()
        .add_message::<OpenInspector>()
        .add_systems(PreUpdate, hit_test.in_set(PickingSystems::Backend))
        .add_systems(Update, (keys, end_lost_drags).before(SessionSystems))
        .add_systems(Update, show_drop_targets.after(SessionSystems))
        .add_systems(PostUpdate, fit_hitboxes)
        .add_observer(on_drag_start)
        .add_observer(on_drag)
        .add_observer(on_drag_end)
        .add_observer(on_click);
}

/// Something the player tried that the rules do not allow (for the shake's sound).
#[derive(Message, Clone, Copy, Debug)]
pub struct Denied;

/// Open the inspector on a Zodiac pile.
#[derive(Message, Clone, Copy, Debug)]
pub struct OpenInspector(pub Place);

/// Pressing more than this far (logical pixels) from where it started makes a drag, not a click.
pub const DRAG_THRESHOLD: f32 = 5.0;

/// Two clicks on the same place within this time are a double-click.
pub const DOUBLE_CLICK: Duration = Duration::from_millis(450);

/// What the picking backend can hit: an area of `w` × `h` centred on the entity.
#[derive(Component, Clone, Copy, Debug)]
pub struct Hitbox {
    pub w: f32,
    pub h: f32,
}

/// Whether an overlay covers the table (the table then takes no input).
#[derive(Resource, Default, Debug)]
pub struct Overlay(pub Option<OverlayKind>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverlayKind {
    Inspector,
    Help,
    Settings,
    Statistics,
    Deal,
    Stuck,
}

/// The card being dragged, if any.
#[derive(Resource, Default, Debug)]
pub struct DragState {
    pub drag: Option<Dragging>,
}

#[derive(Debug, Clone)]
pub struct Dragging {
    pub entity: Entity,
    pub from: Place,
    /// Card centre minus pointer, in table coordinates, at the press.
    pub grab: Vec2,
    /// Past the threshold and lifted (else it may still be a click).
    pub lifted: bool,
    /// Refused to lift: already shook for this press.
    pub refused: bool,
    /// The places that would take the card.
    pub targets: Vec<Place>,
}

#[derive(Resource, Default, Debug)]
struct LastClick {
    place: Option<Place>,
    at: Option<Instant>,
}

/// The keyboard's selection: the place under the cursor and the card picked up, if any.
#[derive(Resource, Default, Debug)]
pub struct KeyboardCursor {
    pub at: Option<Place>,
    pub picked: Option<Place>,
}

/// Hit-tests every entity with a [`Hitbox`] under the mouse pointer; higher z is nearer.
fn hit_test(
    pointers: Query<(&PointerId, &PointerLocation)>,
    windows: Query<Entity, With<PrimaryWindow>>,
    cameras: Query<Entity, With<Camera2d>>,
    table: Res<Table>,
    targets: Query<(Entity, &GlobalTransform, &Hitbox, &InheritedVisibility)>,
    mut hits: MessageWriter<PointerHits>,
) {
    let (Ok(window), Some(camera)) = (windows.single(), cameras.iter().next()) else {
        return;
    };
    for (&pointer, location) in &pointers {
        let Some(location) = location.location() else {
            continue;
        };
        let NormalizedRenderTarget::Window(target) = &location.target else {
            continue;
        };
        if target.entity() != window {
            continue;
        }
        let (x, y) = table.window_to_table(location.position.x, location.position.y);
        let picks: Vec<(Entity, HitData)> = targets
            .iter()
            .filter(|(_, gt, hitbox, visible)| {
                let p = gt.translation();
                visible.get() && Rect::new(p.x, p.y, hitbox.w, hitbox.h).contains(x, y)
            })
            .map(|(entity, gt, _, _)| {
                let z = gt.translation().z;
                (
                    entity,
                    HitData::new(camera, 1000.0 - z, Some(Vec3::new(x, y, z)), None),
                )
            })
            .collect();
        if !picks.is_empty() {
            hits.write(PointerHits::new(pointer, picks, 0.0));
        }
    }
}

/// Cards and places are hit where they are drawn: a card's rectangle, a place's footprint.
fn fit_hitboxes(
    mut commands: Commands,
    table: Res<Table>,
    cards: Query<Entity, With<CardView>>,
    new_cards: Query<Entity, Added<CardView>>,
    markers: Query<(Entity, &PlaceMarker), Added<PlaceMarker>>,
) {
    let card = Hitbox {
        w: table.card_w,
        h: table.card_h,
    };
    if table.is_changed() {
        for e in &cards {
            commands.entity(e).insert(card);
        }
    } else {
        for e in &new_cards {
            commands.entity(e).insert(card);
        }
    }
    for (e, marker) in &markers {
        let r = table.rect(marker.0);
        commands.entity(e).insert(Hitbox { w: r.w, h: r.h });
    }
}

/// The place an entity stands for: a card's place, or a place marker's.
fn place_of(
    entity: Entity,
    cards: &Query<&CardView>,
    markers: &Query<&PlaceMarker>,
) -> Option<Place> {
    cards
        .get(entity)
        .map(|v| v.place)
        .ok()
        .or_else(|| markers.get(entity).map(|m| m.0).ok())
}

fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    overlay: Res<Overlay>,
    cards: Query<&CardView>,
    transforms: Query<&Transform>,
    mirror: Res<Mirror>,
    session: Res<Session>,
    table: Res<Table>,
    mut state: ResMut<DragState>,
) {
    if ev.button != PointerButton::Primary || overlay.0.is_some() {
        return;
    }
    let Ok(view) = cards.get(ev.entity) else {
        return;
    };
    let position = session.game.position();
    let top = mirror.top(view.place) == Some(ev.entity);
    let (px, py) = table.window_to_table(
        ev.pointer_location.position.x,
        ev.pointer_location.position.y,
    );
    let centre = transforms
        .get(ev.entity)
        .map(|t| t.translation.truncate())
        .unwrap_or_default();
    let movable = top && position.can_lift(view.place);
    state.drag = Some(Dragging {
        entity: ev.entity,
        from: view.place,
        grab: centre - Vec2::new(px, py),
        lifted: false,
        refused: !movable,
        targets: if movable {
            position.destinations(session.game.rules(), view.place)
        } else {
            Vec::new()
        },
    });
}

#[allow(clippy::too_many_arguments)]
fn on_drag(
    ev: On<Pointer<Drag>>,
    mut commands: Commands,
    mut state: ResMut<DragState>,
    table: Res<Table>,
    mut transforms: Query<&mut Transform>,
    mut busy: ResMut<Busy>,
    mut denied: MessageWriter<Denied>,
    mut lifted: MessageWriter<super::audio::Lifted>,
) {
    let Some(drag) = state.drag.as_mut() else {
        return;
    };
    if drag.entity != ev.entity || ev.button != PointerButton::Primary {
        return;
    }
    busy.0 = true;
    if !drag.lifted {
        if ev.distance.length() < DRAG_THRESHOLD {
            return;
        }
        if drag.refused {
            // A card the rules keep in place: shake once, so the player learns it stays.
            commands.entity(drag.entity).insert(Shake::default());
            denied.write(Denied);
            state.drag = None;
            return;
        }
        drag.lifted = true;
        lifted.write(super::audio::Lifted);
        commands.entity(drag.entity).remove::<(Glide, Shake)>();
    }
    let (px, py) = table.window_to_table(
        ev.pointer_location.position.x,
        ev.pointer_location.position.y,
    );
    if let Ok(mut t) = transforms.get_mut(drag.entity) {
        // Above everything, and a touch larger: the card is in the hand.
        t.translation = (Vec2::new(px, py) + drag.grab).extend(100.0);
        t.scale = Vec3::splat(1.04);
    }
}

fn on_drag_end(
    ev: On<Pointer<DragEnd>>,
    mut state: ResMut<DragState>,
    mut commands: Commands,
    table: Res<Table>,
    transforms: Query<&Transform>,
    mirror: Res<Mirror>,
    speed: Res<Speed>,
    mut requests: MessageWriter<Request>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Some(drag) = state.drag.take() else {
        return;
    };
    if drag.entity != ev.entity || !drag.lifted {
        return;
    }
    drop_card(
        &drag,
        &table,
        &mirror,
        &speed,
        &mut commands,
        &mut requests,
        &transforms,
    );
}

/// Where a dragged card released at `centre` lands: the accepting place it overlaps most, or
/// failing that the nearest accepting place within half a card; otherwise it glides home.
pub fn drop_target(drag: &Dragging, centre: Vec2, table: &Table) -> Option<Place> {
    let card = Rect::new(centre.x, centre.y, table.card_w, table.card_h);
    let best = drag
        .targets
        .iter()
        .map(|&p| (p, table.footprint(p).overlap_area(&card)))
        .filter(|(_, area)| *area > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((place, _)) = best {
        return Some(place);
    }
    let reach = table.card_w * 0.5;
    drag.targets
        .iter()
        .map(|&p| (p, table.footprint(p).inflate(reach).overlap_area(&card)))
        .filter(|(_, area)| *area > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}

#[allow(clippy::too_many_arguments)]
/// Drops the dragged card where it is now: onto its target, or back home.
fn drop_card(
    drag: &Dragging,
    table: &Table,
    mirror: &Mirror,
    speed: &Speed,
    commands: &mut Commands,
    requests: &mut MessageWriter<Request>,
    transforms: &Query<&Transform>,
) {
    let centre = transforms
        .get(drag.entity)
        .map(|t| t.translation.truncate())
        .unwrap_or_default();
    let target = drop_target(drag, centre, table).and_then(|to| Move::between(drag.from, to));
    match target {
        Some(m) => {
            requests.write(Request::Play(m));
        }
        None => glide_home(drag, table, mirror, speed, commands, transforms),
    }
}

fn glide_home(
    drag: &Dragging,
    table: &Table,
    mirror: &Mirror,
    speed: &Speed,
    commands: &mut Commands,
    transforms: &Query<&Transform>,
) {
    let pile = mirror.pile(drag.from);
    let index = pile
        .iter()
        .position(|&e| e == drag.entity)
        .unwrap_or(pile.len().saturating_sub(1));
    let home = slot_translation(table, drag.from, index, pile.len());
    let now = transforms
        .get(drag.entity)
        .map(|t| t.translation)
        .unwrap_or(home);
    commands.entity(drag.entity).insert((
        Glide::new(now, home, table, speed),
        Transform::from_translation(now),
    ));
}

#[allow(clippy::too_many_arguments)]
fn on_click(
    ev: On<Pointer<Click>>,
    overlay: Res<Overlay>,
    state: Res<DragState>,
    cards: Query<&CardView>,
    markers: Query<&PlaceMarker>,
    mirror: Res<Mirror>,
    session: Res<Session>,
    mut last: ResMut<LastClick>,
    mut commands: Commands,
    mut requests: MessageWriter<Request>,
    mut denied: MessageWriter<Denied>,
    mut inspect: MessageWriter<OpenInspector>,
) {
    if overlay.0.is_some() {
        return;
    }
    // A click that ended a real drag is the drag's business.
    if state.drag.as_ref().is_some_and(|d| d.lifted || d.refused) {
        return;
    }
    let Some(place) = place_of(ev.entity, &cards, &markers) else {
        return;
    };
    if ev.button == PointerButton::Secondary {
        if matches!(place, Place::Zodiac(_)) {
            inspect.write(OpenInspector(place));
        }
        return;
    }
    if ev.button != PointerButton::Primary {
        return;
    }
    // The second click on the same Zodiac pile opens it, and never makes a second move.
    let now = Instant::now();
    let double = last.place == Some(place)
        && last
            .at
            .is_some_and(|t| now.duration_since(t) <= DOUBLE_CLICK);
    *last = LastClick {
        place: Some(place),
        at: Some(now),
    };
    if double && matches!(place, Place::Zodiac(_)) {
        *last = LastClick::default();
        inspect.write(OpenInspector(place));
        return;
    }
    let position = session.game.position();
    if let Some(m) = position.best_move_from(session.game.rules(), place)
        && (place == Place::Stock || mirror.top(place).is_some())
    {
        requests.write(Request::Play(m));
        return;
    }
    // Foundations never give cards back: clicking one is not a mistake worth a shake.
    if place != Place::Stock
        && !matches!(place, Place::Foundation(_))
        && let Some(top) = mirror.top(place)
    {
        commands.entity(top).insert(Shake::default());
        denied.write(Denied);
    }
}

/// A drag whose release never arrived (the pointer left the window, a key, a right click or a
/// resize interrupted it) ends here: the card drops where it is, or goes home.
#[allow(clippy::too_many_arguments)]
fn end_lost_drags(
    mut state: ResMut<DragState>,
    pointers: Query<&PointerPress>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut resized: MessageReader<WindowResized>,
    table: Res<Table>,
    mirror: Res<Mirror>,
    speed: Res<Speed>,
    transforms: Query<&Transform>,
    mut commands: Commands,
    mut requests: MessageWriter<Request>,
) {
    let resized = resized.read().count() > 0;
    if state.drag.is_none() {
        return;
    }
    let released = pointers.iter().all(|p| !p.is_primary_pressed());
    let interrupted = keys.get_just_pressed().next().is_some()
        || mouse.just_pressed(MouseButton::Right)
        || resized;
    if !(released || interrupted) {
        return;
    }
    let drag = state.drag.take().expect("checked above");
    if !drag.lifted {
        return;
    }
    if interrupted {
        glide_home(&drag, &table, &mirror, &speed, &mut commands, &transforms);
    } else {
        drop_card(
            &drag,
            &table,
            &mirror,
            &speed,
            &mut commands,
            &mut requests,
            &transforms,
        );
    }
}

/// Lights up the places that would take the lifted (or keyboard-picked) card.
fn show_drop_targets(
    state: Res<DragState>,
    cursor: Res<KeyboardCursor>,
    session: Res<Session>,
    mut highlights: Query<(&DropHighlight, &mut Visibility)>,
) {
    let keyboard_targets;
    let targets: &[Place] = match (&state.drag, cursor.picked) {
        (Some(d), _) if d.lifted => &d.targets,
        (_, Some(from)) => {
            keyboard_targets = session
                .game
                .position()
                .destinations(session.game.rules(), from);
            &keyboard_targets
        }
        _ => &[],
    };
    for (h, mut v) in &mut highlights {
        let on = targets.contains(&h.0) || cursor.at == Some(h.0);
        v.set_if_neq(if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// The keyboard order of places for the arrow keys: the waste and stock, the Equator left to
/// right, the Zodiac clockwise, then the foundations.
fn keyboard_order() -> Vec<Place> {
    let mut order = vec![Place::Waste, Place::Stock];
    order.extend((0..8).map(Place::Equator));
    order.extend((0..24).map(Place::Zodiac));
    order.extend((0..8).map(Place::Foundation));
    order
}

#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut overlay: ResMut<Overlay>,
    mut cursor: ResMut<KeyboardCursor>,
    session: Res<Session>,
    mut requests: MessageWriter<Request>,
    mut inspect: MessageWriter<OpenInspector>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut changes: MessageReader<GameChanged>,
    mut hints: MessageWriter<super::hud::ShowHint>,
    mut denied: MessageWriter<Denied>,
    mut exit: MessageWriter<AppExit>,
) {
    changes.clear();
    // A modifier counts if it is held, or went down or up this frame: a fast chord (as
    // xdotool types it) can press and release both keys between two frames.
    let held = |codes: &[KeyCode]| {
        let codes = codes.iter().copied();
        keys.any_pressed(codes.clone())
            || keys.any_just_pressed(codes.clone())
            || keys.any_just_released(codes)
    };
    let ctrl = held(&[
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = held(&[KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::F11)
        && let Ok(mut window) = windows.single_mut()
    {
        window.mode = match window.mode {
            WindowMode::Windowed => {
                WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
            }
            _ => WindowMode::Windowed,
        };
    }
    if ctrl && keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if overlay.0.is_some() {
            overlay.0 = None;
        } else {
            *cursor = KeyboardCursor::default();
        }
        return;
    }
    if overlay.0.is_some() {
        return;
    }
    let position = session.game.position();
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        requests.write(if shift { Request::Redo } else { Request::Undo });
    } else if ctrl && keys.just_pressed(KeyCode::KeyY) {
        requests.write(Request::Redo);
    } else if ctrl && keys.just_pressed(KeyCode::KeyR) {
        requests.write(Request::Restart);
    } else if ctrl {
        // Other shortcuts with Ctrl are not ours.
    } else if keys.just_pressed(KeyCode::KeyD)
        || (keys.just_pressed(KeyCode::Space) && cursor.at.is_none())
    {
        if let Some(m) = position.best_move_from(session.game.rules(), Place::Stock) {
            requests.write(Request::Play(m));
        } else {
            denied.write(Denied);
        }
    } else if keys.just_pressed(KeyCode::KeyH) {
        hints.write(super::hud::ShowHint);
    } else if keys.just_pressed(KeyCode::KeyN) {
        requests.write(Request::NewGame {
            deal: None,
            rules: None,
        });
    } else if keys.just_pressed(KeyCode::KeyI) {
        if let Some(place @ Place::Zodiac(_)) = cursor.at {
            inspect.write(OpenInspector(place));
        }
    } else if keys.any_just_pressed([
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
    ]) {
        let order = keyboard_order();
        let i = cursor.at.and_then(|p| order.iter().position(|&q| q == p));
        let step: isize = if keys.any_just_pressed([KeyCode::ArrowLeft, KeyCode::ArrowUp]) {
            -1
        } else {
            1
        };
        let next = match i {
            None => 0,
            Some(i) => (i as isize + step).rem_euclid(order.len() as isize) as usize,
        };
        cursor.at = Some(order[next]);
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        let Some(at) = cursor.at else { return };
        match cursor.picked.take() {
            // Enter on the picked card itself sends it to its best place, like a click.
            Some(from) if from == at => match position.best_move_from(session.game.rules(), from) {
                Some(m) => {
                    requests.write(Request::Play(m));
                }
                None => {
                    denied.write(Denied);
                }
            },
            Some(from) => match Move::between(from, at) {
                Some(m) => {
                    requests.write(Request::Play(m));
                }
                None => {
                    denied.write(Denied);
                }
            },
            None if at == Place::Stock => {
                if let Some(m) = position.best_move_from(session.game.rules(), at) {
                    requests.write(Request::Play(m));
                }
            }
            None if position.can_lift(at) => cursor.picked = Some(at),
            None => {
                denied.write(Denied);
            }
        }
    }
}
