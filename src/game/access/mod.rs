//! The accessibility tree, for screen readers (AccessKit; on Linux it reaches Orca through
//! AT-SPI). Every place on the table is a node whose label says what lies there ("Column c3:
//! 2 face down, then 7♠, 6♥"); every text, button and panel has its role and its words, a
//! setting's options are radio buttons, and what is hidden on screen is hidden in the tree.
//! The keyboard's focus (`input::focus`) is the tree's focus; [`announce`] speaks what happens.
//!
//! The nodes are kept current whoever listens (a few dozen labels, redone only when the game or
//! the selection changes); Bevy sends the tree to the platform only while an assistive
//! technology has asked for it, and the visibility pass runs only then.

pub mod announce;

use crate::game::input::KeyboardCursor;
use crate::game::input::buttons::Chosen;
use crate::game::messages::{GameChanged, Step};
use crate::game::session::Session;
use crate::game::table::{PlaceMarker, Table};
use crate::game::theme::{KeepsClicks, NoHover};
use crate::patience::words;
use accesskit::{Action, Node as AccessNode, Rect as AccessRect, Role, Toggled};
use bevy::a11y::{AccessibilityNode, AccessibilityRequested, AccessibilitySystems};
use bevy::prelude::*;
use bevy::ui::UiSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(announce::plugin)
        .add_systems(Update, label_places.in_set(Step::Present))
        .add_systems(
            PostUpdate,
            (
                new_ui_nodes,
                ui_words,
                chosen_options,
                hide_what_is_unseen.run_if(|r: Res<AccessibilityRequested>| r.get()),
            )
                .chain()
                .after(UiSystems::PostLayout)
                .before(AccessibilitySystems::Update),
        );
}

/// Sets a node's label only when it changed (a change is sent to the screen reader).
fn set_label(node: &mut AccessibilityNode, label: &str) {
    if node.label() != Some(label) {
        node.set_label(label);
    }
}

/// Each place's node: its label (its name and cards, and "picked up" while the keyboard holds
/// its card), its bounds in the window, and the actions a screen reader may ask of it.
fn label_places(
    mut commands: Commands,
    session: Res<Session>,
    cursor: Res<KeyboardCursor>,
    table: Res<Table>,
    mut changes: MessageReader<GameChanged>,
    mut places: Query<(Entity, &PlaceMarker, Option<&mut AccessibilityNode>)>,
    added: Query<(), Added<PlaceMarker>>,
) {
    let changed = changes.read().count() > 0;
    if !changed && !cursor.is_changed() && added.is_empty() && !session.is_changed() {
        return;
    }
    let game = session.game.as_ref();
    let layout = &table.0;
    for (entity, marker, node) in &mut places {
        let place = marker.0;
        let label = words::place_label(game, place, cursor.picked == Some(place));
        match node {
            Some(mut node) => set_label(&mut node, &label),
            None => {
                let mut node = AccessNode::new(Role::ListItem);
                node.set_label(label);
                node.add_action(Action::Focus);
                node.add_action(Action::Click);
                // The window's physical pixels, from the table's centred logical ones.
                let r = layout.rect(place);
                let s = f64::from(layout.scale_factor);
                let (x0, y0) = (
                    f64::from(layout.width / 2.0 + r.x - r.w / 2.0),
                    f64::from(layout.height / 2.0 - r.y - r.h / 2.0),
                );
                node.set_bounds(AccessRect::new(
                    x0 * s,
                    y0 * s,
                    (x0 + f64::from(r.w)) * s,
                    (y0 + f64::from(r.h)) * s,
                ));
                commands
                    .entity(entity)
                    .try_insert(AccessibilityNode::from(node));
            }
        }
    }
}

/// The words of a UI text: its own, all its spans' words.
fn words_of(texts: &Query<(Entity, &Text)>, entity: Entity) -> Option<String> {
    texts.get(entity).ok().map(|(_, t)| t.0.trim().to_string())
}

/// Every new UI node gets its role: a button (labelled below), a panel (a dialog, or a group
/// for the notices), a text (a label), or a plain container the screen reader looks through.
#[allow(clippy::type_complexity)]
fn new_ui_nodes(
    mut commands: Commands,
    mut new: Query<
        (
            Entity,
            Has<Button>,
            Has<NoHover>,
            Has<KeepsClicks>,
            Has<Text>,
            Option<&mut AccessibilityNode>,
        ),
        Added<Node>,
    >,
) {
    for (entity, button, no_hover, keeps, text, node) in &mut new {
        let role = match (button, no_hover, keeps, text) {
            (true, true, true, _) => Role::Dialog,
            (true, true, false, _) => Role::Group,
            (true, false, ..) => Role::Button,
            (false, .., true) => Role::Label,
            _ => Role::GenericContainer,
        };
        match node {
            // Bevy gave buttons theirs; panels are buttons only to keep their clicks.
            Some(mut node) if button => {
                if node.role() != role {
                    node.set_role(role);
                }
            }
            // A node of its own already (the live region, a setting's row).
            Some(_) => {}
            None => {
                commands
                    .entity(entity)
                    .try_insert(AccessibilityNode::from(AccessNode::new(role)));
            }
        }
    }
}

/// A text's words are its label; a button's label is its text's, and a panel's its title (its
/// first text). Redone whenever a text changes.
fn ui_words(
    changed: Query<Entity, Changed<Text>>,
    texts: Query<(Entity, &Text)>,
    parents: Query<&ChildOf>,
    children: Query<&Children>,
    kinds: Query<(Has<Button>, Has<NoHover>)>,
    mut nodes: Query<&mut AccessibilityNode>,
) {
    for entity in &changed {
        let words = words_of(&texts, entity).unwrap_or_default();
        let parent = parents.get(entity).ok().map(ChildOf::parent);
        match parent.and_then(|p| kinds.get(p).ok().map(|k| (p, k))) {
            // A button's text: the button says it.
            Some((button, (true, false))) => {
                if let Ok(mut node) = nodes.get_mut(button) {
                    set_label(&mut node, &words);
                }
                if let Ok(mut node) = nodes.get_mut(entity) {
                    // Said by the button already.
                    node.set_hidden();
                }
                continue;
            }
            // A panel's first text is its title.
            Some((panel, (true, true))) => {
                let first = children
                    .get(panel)
                    .ok()
                    .and_then(|c| c.iter().find(|&c| texts.contains(c)));
                if first == Some(entity)
                    && let Ok(mut node) = nodes.get_mut(panel)
                {
                    set_label(&mut node, &words);
                }
            }
            _ => {}
        }
        if let Ok(mut node) = nodes.get_mut(entity) {
            set_label(&mut node, &words);
            // A label's name is its value (as AccessKit reads a Label).
            if node.value() != Some(words.as_str()) {
                node.set_value(words.as_str());
            }
        }
    }
}

/// A setting's options are radio buttons, the chosen one checked.
fn chosen_options(mut options: Query<(&Chosen, &mut AccessibilityNode), Changed<Chosen>>) {
    for (chosen, mut node) in &mut options {
        node.set_role(Role::RadioButton);
        node.set_toggled(Toggled::from(chosen.0));
    }
}

/// What the screen does not show, the tree hides: hidden panels, buttons not offered now
/// (`Display::None`), empty texts.
#[allow(clippy::type_complexity)]
fn hide_what_is_unseen(
    mut nodes: Query<
        (
            &mut AccessibilityNode,
            &InheritedVisibility,
            &ComputedNode,
            Option<&Text>,
            Option<&ChildOf>,
        ),
        Without<PlaceMarker>,
    >,
    buttons: Query<(), (With<Button>, Without<NoHover>)>,
) {
    for (mut node, seen, computed, text, parent) in &mut nodes {
        let in_button = parent.is_some_and(|p| buttons.contains(p.parent()));
        let empty = text.is_some_and(|t| t.0.trim().is_empty());
        let hidden = !seen.get() || computed.size().min_element() <= 0.0 || empty || in_button;
        if hidden != node.is_hidden() {
            if hidden {
                node.set_hidden();
            } else {
                node.clear_hidden();
            }
        }
    }
}
