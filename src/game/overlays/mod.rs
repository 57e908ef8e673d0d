//! The overlays over the table, one file each. Each is a state of [`Overlay`]: entering it
//! builds its panel, leaving it despawns everything built (`DespawnOnExit`), and the table
//! takes no input while one is open.

pub mod calendar;
pub mod charts;
pub mod choose_deal;
pub mod inspector;
pub mod new_game;
pub mod rules;
pub mod scroll;
pub mod settings;
pub mod statistics;
pub mod stuck;

pub use super::messages::Overlay;
use super::messages::Step;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        calendar::plugin,
        choose_deal::plugin,
        new_game::plugin,
        inspector::plugin,
        rules::plugin,
        scroll::plugin,
        settings::plugin,
        statistics::plugin,
        stuck::plugin,
    ))
    .configure_sets(Update, Rebuild.after(Step::Present))
    .add_systems(Last, draw_the_change);
}

/// An open panel built again from what changed: after every step of the frame (the session's
/// new game, a daily deal worked out, a file written), so the change shows in the frame that
/// made it and an idle window need not wake for it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rebuild;

/// A state change applies in the next frame's `StateTransition`: ask for that frame, or an
/// idle window would show the change only at the next input.
fn draw_the_change(next: Res<NextState<Overlay>>, mut redraw: MessageWriter<RequestRedraw>) {
    if !matches!(*next, NextState::Unchanged) {
        redraw.write(RequestRedraw);
    }
}

/// Despawns what an open overlay built, so it can be built again (its data changed).
pub fn clear(
    mut commands: Commands,
    state: Res<State<Overlay>>,
    parts: Query<(Entity, &DespawnOnExit<Overlay>)>,
) {
    for (entity, scope) in &parts {
        if scope.0 == *state.get() {
            commands.entity(entity).despawn();
        }
    }
}

/// A row of choices in a panel: the label (one line, `label_width` wide), then a button for each
/// option, the chosen one marked; a screen reader hears the row as a radio group named by the
/// label. Rows that do not fit wrap onto a second line of buttons.
pub fn choice_row<C: Bundle>(
    p: &mut ChildSpawnerCommands,
    fonts: &crate::game::theme::Fonts,
    label: &str,
    label_width: f32,
    options: Vec<(String, C, bool)>,
) {
    use crate::game::input::buttons::Chosen;
    use crate::game::theme::{button, text};
    p.spawn((
        Node {
            column_gap: Val::Px(8.0),
            align_items: AlignItems::Center,
            flex_shrink: 0.0,
            min_height: Val::Px(34.0),
            // A width of its own, as wide as the panel's window allows (86% less its padding)
            // up to a wide panel's, so the buttons' wrapped lines are measured at the width
            // they are laid out at (a panel of no set width measures a row on one line).
            width: Val::Vw(80.0),
            max_width: Val::Px(1200.0),
            ..default()
        },
        Pickable::IGNORE,
        bevy::a11y::AccessibilityNode::from({
            let mut group = accesskit::Node::new(accesskit::Role::RadioGroup);
            group.set_label(label);
            group
        }),
    ))
    .with_children(|r| {
        // One line: a wrapped label would be measured taller than it shows.
        r.spawn((
            text(fonts, label, 16.0),
            TextLayout::no_wrap(),
            Node {
                width: Val::Px(label_width),
                flex_shrink: 0.0,
                ..default()
            },
        ));
        // The buttons wrap within the width left beside the label: a box of their own, as
        // wide as the row allows, is measured with its wrapped lines (a family of nine games
        // at 1024×640).
        r.spawn((
            Node {
                column_gap: Val::Px(8.0),
                row_gap: Val::Px(6.0),
                align_items: AlignItems::Center,
                flex_wrap: FlexWrap::Wrap,
                flex_grow: 1.0,
                flex_shrink: 1.0,
                flex_basis: Val::Px(0.0),
                min_width: Val::Px(0.0),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|r| {
            for (name, change, on) in options {
                r.spawn((button(fonts, &name, change), Chosen(on)));
            }
        });
    });
}
