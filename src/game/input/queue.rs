//! No input lost, in any order: the window's pointer and key events are fed to the frame one
//! button or key at a time.
//!
//! Bevy reads input per frame. Picking works out what the pointer is over once per frame, at its
//! last position, and clicks need the pointer over the card the frame before; `ButtonInput`
//! sees a key pressed twice in one frame as one press. On a slow frame (a software renderer, a
//! busy machine, xdotool) a move, a press and a release often land together, and the click or
//! the drag would be lost or land on the wrong card. So this queue holds the events back and
//! lets each frame see the pointer moves up to and including the next press or release (of a
//! button or a key), never more: every frame then looks like one a fast machine would have
//! seen, and the rest waits for the next frame, which it asks for at once.

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::prelude::*;
use bevy::window::{CursorEntered, CursorLeft, CursorMoved, RequestRedraw, WindowEvent};
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InputQueue>().add_systems(
        First,
        feed_one_step
            .after(bevy::ecs::message::MessageUpdateSystems)
            .before(bevy::picking::PickingSystems::Input),
    );
}

/// Pointer and key events not yet given to a frame, oldest first.
#[derive(Resource, Default, Debug)]
pub struct InputQueue {
    waiting: VecDeque<WindowEvent>,
}

impl InputQueue {
    /// Events still waiting for a frame (tests and the probe wait for none).
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// Whether the queue holds this kind of event back (the rest pass straight through).
fn is_queued(event: &WindowEvent) -> bool {
    matches!(
        event,
        WindowEvent::CursorMoved(_)
            | WindowEvent::CursorEntered(_)
            | WindowEvent::CursorLeft(_)
            | WindowEvent::MouseButtonInput(_)
            | WindowEvent::MouseWheel(_)
            | WindowEvent::KeyboardInput(_)
    )
}

/// A press or release: one of these ends a frame's share of the queue.
fn is_step(event: &WindowEvent) -> bool {
    matches!(
        event,
        WindowEvent::MouseButtonInput(_) | WindowEvent::KeyboardInput(_)
    )
}

/// Takes this frame's new events into the queue and gives the frame its next step.
#[allow(clippy::too_many_arguments)]
fn feed_one_step(
    mut queue: ResMut<InputQueue>,
    mut seen: Local<bevy::ecs::message::MessageCursor<WindowEvent>>,
    mut window_events: ResMut<Messages<WindowEvent>>,
    mut moved: ResMut<Messages<CursorMoved>>,
    mut entered: ResMut<Messages<CursorEntered>>,
    mut left: ResMut<Messages<CursorLeft>>,
    mut buttons: ResMut<Messages<MouseButtonInput>>,
    mut wheels: ResMut<Messages<MouseWheel>>,
    mut keys: ResMut<Messages<KeyboardInput>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let fresh: Vec<WindowEvent> = seen.read(&window_events).cloned().collect();
    if fresh.iter().all(|e| !is_queued(e)) && queue.is_empty() {
        // The common case, nothing to hold back: leave the messages as they are.
        return;
    }
    // Older messages were read by everyone in earlier frames; the new ones not queued pass on.
    window_events.clear();
    moved.clear();
    entered.clear();
    left.clear();
    buttons.clear();
    wheels.clear();
    keys.clear();
    let mut now: Vec<WindowEvent> = Vec::with_capacity(fresh.len());
    for event in fresh {
        if is_queued(&event) {
            queue.waiting.push_back(event);
        } else {
            now.push(event);
        }
    }
    while let Some(event) = queue.waiting.pop_front() {
        let step = is_step(&event);
        match &event {
            WindowEvent::CursorMoved(e) => {
                moved.write(e.clone());
            }
            WindowEvent::CursorEntered(e) => {
                entered.write(e.clone());
            }
            WindowEvent::CursorLeft(e) => {
                left.write(e.clone());
            }
            WindowEvent::MouseButtonInput(e) => {
                buttons.write(*e);
            }
            WindowEvent::MouseWheel(e) => {
                wheels.write(*e);
            }
            WindowEvent::KeyboardInput(e) => {
                keys.write(e.clone());
            }
            _ => {}
        }
        now.push(event);
        if step {
            break;
        }
    }
    window_events.write_batch(now);
    // What this system wrote is not news to it next frame.
    seen.read(&window_events).for_each(drop);
    if !queue.is_empty() {
        redraw.write(RequestRedraw);
    }
}
