//! The keyboard's focus, which is also the screen reader's (`InputFocus`, read by Bevy's
//! AccessKit adapter): the selected place while the arrows move the selection, or a button
//! after Tab (Tab and Shift+Tab go round the open panel's buttons, or the bar's and the
//! notices' when no panel is open). Enter or Space presses the focused button as a click would,
//! so every button works from the keyboard. A screen reader's own requests do the same: "click"
//! on a button presses it, on a place sends its card to its best place; "focus" on a place
//! selects it. The focused button wears a ring, as the selected place does.

use super::KeyboardCursor;
use crate::game::messages::{Overlay, Request, Step};
use crate::game::table::PlaceMarker;
use crate::game::theme::NoHover;
use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::camera::NormalizedRenderTarget;
use bevy::ecs::system::SystemParam;
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::picking::backend::HitData;
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::{PrimaryWindow, WindowRef};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    // Bevy's AccessKit plugin adds the screen reader's requests; a window without it (the
    // headless tests) has none to read.
    app.init_resource::<InputFocus>()
        .add_message::<ActionRequest>()
        // Before the keyboard (`input`'s plugin orders the two).
        .add_systems(Update, screen_reader_actions.in_set(Step::Input))
        .add_systems(
            Update,
            (
                follow_selection,
                focus_ring.run_if(resource_changed::<InputFocus>),
            )
                .chain()
                .in_set(Step::Present),
        );
}

/// The button the focus is on wears a ring in the selection's colour (the places' own ring),
/// which stands out on the bar, the panels, the felt and the cards alike; no other does.
fn focus_ring(
    focus: Res<InputFocus>,
    buttons: Query<(), With<Button>>,
    ringed: Query<Entity, (With<Outline>, With<Button>)>,
    mut commands: Commands,
) {
    let on = focus.get().filter(|&e| buttons.contains(e));
    for e in ringed.iter().filter(|&e| Some(e) != on) {
        commands.entity(e).try_remove::<Outline>();
    }
    if let Some(e) = on
        && !ringed.contains(e)
    {
        commands.entity(e).try_insert(Outline::new(
            Val::Px(2.5),
            Val::Px(2.0),
            crate::game::theme::Palette::HIGHLIGHT,
        ));
    }
}

/// What the keyboard needs of the focus: which button has it, moving it, pressing it.
#[derive(SystemParam)]
pub struct Focus<'w, 's> {
    focus: ResMut<'w, InputFocus>,
    buttons: Query<
        'w,
        's,
        (
            Entity,
            &'static UiGlobalTransform,
            &'static ComputedNode,
            &'static InheritedVisibility,
        ),
        (With<Button>, Without<NoHover>),
    >,
    parents: Query<'w, 's, &'static ChildOf>,
    in_overlay: Query<'w, 's, (), With<DespawnOnExit<Overlay>>>,
    overlay: Res<'w, State<Overlay>>,
    window: Query<'w, 's, Entity, With<PrimaryWindow>>,
    commands: Commands<'w, 's>,
}

impl Focus<'_, '_> {
    /// The button with the focus, if a button has it.
    pub fn button(&self) -> Option<Entity> {
        self.focus.get().filter(|&e| self.buttons.contains(e))
    }

    /// The buttons Tab goes round, as they read on screen (rows top to bottom, then left to
    /// right): those of the open panel, or, with none open, those of the bar and the notices.
    fn ring(&self) -> Vec<Entity> {
        let covered = *self.overlay.get() != Overlay::None;
        let mut ring: Vec<(Entity, Vec2)> = self
            .buttons
            .iter()
            .filter(|(_, _, node, seen)| seen.get() && node.size().min_element() > 0.0)
            .filter(|(e, ..)| {
                let mut at = *e;
                let mut inside = self.in_overlay.contains(at);
                while let Ok(parent) = self.parents.get(at) {
                    at = parent.parent();
                    inside |= self.in_overlay.contains(at);
                }
                inside == covered
            })
            .map(|(e, t, ..)| (e, t.translation))
            .collect();
        ring.sort_by(|a, b| {
            let row = |p: Vec2| (p.y / 8.0).round() as i64;
            row(a.1).cmp(&row(b.1)).then(a.1.x.total_cmp(&b.1.x))
        });
        ring.into_iter().map(|(e, _)| e).collect()
    }

    /// Tab (+1) or Shift+Tab (-1): the next button round, from the focused one (or the first).
    pub fn step(&mut self, step: i8) {
        let ring = self.ring();
        if ring.is_empty() {
            return;
        }
        let at = self
            .button()
            .and_then(|b| ring.iter().position(|&e| e == b));
        let next = match at {
            Some(i) => (i as isize + isize::from(step)).rem_euclid(ring.len() as isize) as usize,
            None if step > 0 => 0,
            None => ring.len() - 1,
        };
        self.focus.set(ring[next], FocusCause::Navigated);
    }

    /// Presses the focused button, if a button has the focus.
    pub fn press_focused(&mut self) -> bool {
        let Some(button) = self.button() else {
            return false;
        };
        let Ok(window) = self.window.single() else {
            return false;
        };
        press(&mut self.commands, button, window);
        true
    }

    /// Takes the focus off the buttons (the arrows went back to the table).
    pub fn leave_buttons(&mut self) {
        if self.button().is_some() {
            self.focus.clear();
        }
    }
}

/// A click of the primary button on `button`, as picking would send it: the button's own
/// observers act on it, so the keyboard and a screen reader press buttons the mouse's way.
pub fn press(commands: &mut Commands, button: Entity, window: Entity) {
    let Some(target) = WindowRef::Entity(window).normalize(None) else {
        return;
    };
    let location = Location {
        target: NormalizedRenderTarget::Window(target),
        position: Vec2::ZERO,
    };
    let click = Click {
        button: PointerButton::Primary,
        hit: HitData::new(window, 0.0, None, None),
        duration: Duration::ZERO,
        count: 1,
    };
    commands.trigger(Pointer::new(PointerId::Mouse, location, click, button));
}

/// The focus follows the keyboard's selection, moves into a panel that opens, and comes back
/// to the table when the panel closes.
fn follow_selection(
    cursor: Res<KeyboardCursor>,
    markers: Query<(Entity, &PlaceMarker)>,
    new_markers: Query<(), Added<PlaceMarker>>,
    exists: Query<()>,
    nodes: Query<(), With<AccessibilityNode>>,
    mut keyboard: Focus,
    mut in_panel: Local<Option<(Overlay, usize)>>,
) {
    // Bevy starts with the window focused, which has no node of its own: while the focus is on
    // an entity without one, Bevy sends the screen reader nothing at all.
    if let Some(e) = keyboard.focus.get()
        && !markers.contains(e)
        && !keyboard.buttons.contains(e)
        && !nodes.contains(e)
    {
        keyboard.focus.clear();
    }
    let current = keyboard.focus.get();
    let gone = current.is_some_and(|e| !exists.contains(e));
    // A panel is open: the focus belongs to one of its buttons. A panel built again (a
    // setting changed) keeps it on the button in the same place.
    let overlay = *keyboard.overlay.get();
    if overlay != Overlay::None {
        let ring = keyboard.ring();
        match current.and_then(|e| ring.iter().position(|&b| b == e)) {
            Some(i) => *in_panel = Some((overlay, i)),
            None if !ring.is_empty() => {
                let i = match *in_panel {
                    Some((o, i)) if o == overlay => i.min(ring.len() - 1),
                    _ => 0,
                };
                keyboard.focus.set(ring[i], FocusCause::Navigated);
                *in_panel = Some((overlay, i));
            }
            None => {}
        }
        return;
    }
    *in_panel = None;
    let on_place = current.is_some_and(|e| markers.contains(e));
    if keyboard.button().is_some() && !cursor.is_changed() {
        return;
    }
    let place = cursor
        .at
        .and_then(|at| markers.iter().find(|(_, m)| m.0 == at).map(|(e, _)| e));
    let moved = cursor.is_changed() || !new_markers.is_empty() || gone || current.is_none();
    match place {
        Some(e) if moved && current != Some(e) => keyboard.focus.set(e, FocusCause::Navigated),
        None if gone || on_place => keyboard.focus.clear(),
        _ => {}
    }
}

/// A screen reader's requests: "click" a button or a place, "focus" a place.
pub(super) fn screen_reader_actions(
    mut actions: MessageReader<ActionRequest>,
    markers: Query<&PlaceMarker>,
    buttons: Query<(), With<Button>>,
    window: Query<Entity, With<PrimaryWindow>>,
    mut cursor: ResMut<KeyboardCursor>,
    mut requests: MessageWriter<Request>,
    mut commands: Commands,
) {
    for action in actions.read() {
        let Some(entity) = Entity::try_from_bits(action.target_node.0) else {
            continue;
        };
        match action.action {
            accesskit::Action::Click => {
                if let Ok(marker) = markers.get(entity) {
                    requests.write(Request::Best(marker.0, 0));
                } else if buttons.contains(entity)
                    && let Ok(window) = window.single()
                {
                    press(&mut commands, entity, window);
                }
            }
            accesskit::Action::Focus => {
                if let Ok(marker) = markers.get(entity) {
                    cursor.at = Some(marker.0);
                }
            }
            _ => {}
        }
    }
}
