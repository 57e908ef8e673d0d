//! What the HUD's and the overlays' buttons do. A button carries an [`Action`]; a click on it
//! (through Bevy's picking) becomes a request, opens or closes an overlay, or puts the notice
//! away. Buttons that only one overlay has (a setting, "Play this deal") are handled there.

use crate::game::assistance::show_me::ShowMe;
use crate::game::messages::Overlay;
use crate::game::messages::{AskHint, AskShowMe, ExportHistory, Request, ResetVegas, Step};
use crate::game::session::Session;
use crate::game::session::files::Notice;
use crate::game::theme::{KeepsClicks, NoHover, Palette};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_observer(on_button)
        .add_systems(Update, button_colours.in_set(Step::Present));
}

/// What a button does.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub enum Action {
    NewGame,
    Restart,
    Undo,
    Redo,
    Hint,
    /// Start or stop Show me.
    ShowMe,
    /// Open this overlay (or close it, if it is the one open).
    Open(Overlay),
    CloseOverlay,
    /// Put away the notice about a file set aside.
    DismissNotice,
    /// Write the history as CSV.
    ExportHistory,
    /// Set the Vegas balance of the rule set in play back to nothing.
    ResetVegas,
}

/// Marks the chosen option in a row of choices (a setting).
#[derive(Component, Clone, Copy, Debug)]
pub struct Chosen(pub bool);

#[allow(clippy::too_many_arguments)]
fn on_button(
    mut ev: On<Pointer<Click>>,
    actions: Query<&Action>,
    panels: Query<(), With<KeepsClicks>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    mut requests: MessageWriter<Request>,
    mut hints: MessageWriter<AskHint>,
    mut notice: ResMut<Notice>,
    mut show_me: (MessageWriter<AskShowMe>, Res<ShowMe>),
    mut files: (MessageWriter<ExportHistory>, MessageWriter<ResetVegas>),
    session: Res<Session>,
) {
    // The click that stopped Show me does nothing else.
    if ev.button != PointerButton::Primary || show_me.1.takes_input() {
        return;
    }
    // A click on a setting, a deal's Play button or any other part of a panel bubbles up
    // through the panel to the backdrop: it stops at the panel, so it never closes it.
    if panels.contains(ev.entity) {
        ev.propagate(false);
        return;
    }
    let Ok(&action) = actions.get(ev.entity) else {
        return;
    };
    let close = |next: &mut NextState<Overlay>| next.set(Overlay::None);
    match action {
        Action::NewGame => {
            close(&mut next);
            requests.write(Request::NewGame {
                deal: None,
                rules: None,
            });
        }
        Action::Restart => {
            close(&mut next);
            requests.write(Request::Restart);
        }
        Action::Undo => {
            close(&mut next);
            requests.write(Request::Undo);
        }
        Action::Redo => {
            requests.write(Request::Redo);
        }
        Action::Hint => {
            hints.write(AskHint);
        }
        Action::ShowMe => {
            close(&mut next);
            show_me.0.write(AskShowMe);
        }
        Action::Open(kind) => next.set(kind.toggled(*overlay.get())),
        Action::CloseOverlay => close(&mut next),
        Action::DismissNotice => notice.0 = None,
        Action::ExportHistory => {
            files.0.write(ExportHistory);
        }
        Action::ResetVegas => {
            files.1.write(ResetVegas(session.statistics_key()));
        }
    }
}

/// Hover and choice colours, in the frame a button appears or changes (an idle window may not
/// draw another).
fn button_colours(
    mut buttons: Query<
        (&Interaction, &mut BackgroundColor, Option<&Chosen>),
        (
            With<Button>,
            Without<NoHover>,
            Or<(Changed<Interaction>, Added<Chosen>)>,
        ),
    >,
) {
    for (interaction, mut bg, chosen) in &mut buttons {
        let base = if chosen.is_some_and(|c| c.0) {
            Palette::HIGHLIGHT.darker(0.35)
        } else {
            Palette::BUTTON
        };
        bg.0 = match interaction {
            Interaction::Hovered | Interaction::Pressed => Palette::BUTTON_HOVER,
            Interaction::None => base,
        };
    }
}
