//! Spoken news: a live region whose words a screen reader speaks as they change (AT-SPI's
//! "announcement"). Each frame's [`Announce`]s are said as one, in order: the move, then what
//! the screen shows of it (a hint, a refusal, the lost notice, "No moves left", the win).
//! Settings can switch spoken moves off; notices are always said.

use crate::game::messages::{Announce, Spoken};
use crate::game::session::files::Settings;
use accesskit::{Live, Node as AccessNode, Role};
use bevy::a11y::{AccessibilityNode, AccessibilitySystems};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Said>()
        .add_systems(Startup, spawn)
        .add_systems(PostUpdate, say.before(AccessibilitySystems::Update));
}

/// What was said last, and how many times anything was (for tests and the probe).
#[derive(Resource, Default, Debug)]
pub struct Said {
    pub count: u64,
    pub last: String,
}

/// The live region: a node of a pixel, out of the way, that only speaks.
#[derive(Component)]
pub struct LiveRegion;

fn spawn(mut commands: Commands) {
    let mut node = AccessNode::new(Role::Status);
    node.set_live(Live::Polite);
    node.set_label("");
    commands.spawn((
        LiveRegion,
        Node {
            position_type: PositionType::Absolute,
            width: Val::Px(1.0),
            height: Val::Px(1.0),
            ..default()
        },
        Pickable::IGNORE,
        AccessibilityNode::from(node),
    ));
}

fn say(
    mut news: MessageReader<Announce>,
    settings: Option<Res<Settings>>,
    mut region: Query<&mut AccessibilityNode, With<LiveRegion>>,
    mut said: ResMut<Said>,
) {
    let speak_moves = settings.as_ref().is_none_or(|s| s.speak_moves);
    let words: Vec<&str> = news
        .read()
        .filter(|a| speak_moves || a.kind != Spoken::Move)
        .map(|a| a.words.trim())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return;
    }
    let mut text = words.join(" ");
    let Ok(mut node) = region.single_mut() else {
        return;
    };
    // The same words again must still change the label, or nothing would be said: a
    // zero-width space tells them apart.
    if node.label() == Some(text.as_str()) {
        text.push('\u{200B}');
    }
    node.set_label(text.clone());
    said.count += 1;
    said.last = text.trim_end_matches('\u{200B}').to_string();
}
