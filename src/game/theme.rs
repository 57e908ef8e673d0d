//! The look shared by every plugin: the palette, the fonts, and the widgets the HUD and the
//! overlays are built from (text, buttons, panels).

use bevy::prelude::*;
use bevy::text::FontCx;
use parley::fontique::{Blob, FallbackKey, Script};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Fonts>().add_systems(
        PostUpdate,
        suits_from_the_symbol_font.after(bevy::text::load_font_assets_into_font_collection),
    );
}

/// Words that name cards (7♠, and the solver's reasons) need the suit signs: the text engine
/// takes a glyph the UI font lacks from the fallback fonts of its script, and without system
/// fonts it has none. Once the symbol font is registered, it becomes the fallback for Latin
/// text and for signs of no script.
fn suits_from_the_symbol_font(mut cx: ResMut<FontCx>, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Some(family) = cx.collection.family_id("Noto Emoji") else {
        return;
    };
    for script in [*b"Latn", *b"Zyyy"] {
        let key = FallbackKey::new(Script::from_bytes(script), None);
        cx.collection.append_fallbacks(key, std::iter::once(family));
    }
    *done = true;
}

/// The colours of the table and cards.
pub struct Palette;

impl Palette {
    pub const FELT: Color = Color::srgb(0.055, 0.27, 0.19);
    pub const TRACK: Color = Color::srgb(0.07, 0.31, 0.22);
    pub const SLOT_FILL: Color = Color::srgba(0.0, 0.0, 0.0, 0.16);
    pub const SLOT_LINE: Color = Color::srgba(0.85, 0.9, 0.8, 0.28);
    pub const SLOT_MARK: Color = Color::srgba(0.88, 0.93, 0.85, 0.36);
    pub const CAPTION: Color = Color::srgba(0.9, 0.95, 0.88, 0.55);
    pub const BADGE: Color = Color::srgba(0.02, 0.08, 0.05, 0.85);
    pub const HIGHLIGHT: Color = Color::srgb(1.0, 0.84, 0.3);
    /// A hint's two places: cool, where drop targets are warm.
    pub const HINT: Color = Color::srgb(0.45, 0.85, 1.0);
    pub const PAPER: Color = Color::srgb(0.985, 0.975, 0.95);
    pub const CARD_EDGE: Color = Color::srgb(0.52, 0.5, 0.46);
    pub const COURT_PANEL: Color = Color::srgb(0.97, 0.92, 0.78);
    pub const COURT_FRAME: Color = Color::srgb(0.78, 0.6, 0.22);
    pub const RED: Color = Color::srgb(0.78, 0.07, 0.14);
    pub const BLACK: Color = Color::srgb(0.1, 0.1, 0.12);
    pub const GREEN: Color = Color::srgb(0.05, 0.48, 0.2);
    pub const BLUE: Color = Color::srgb(0.1, 0.33, 0.78);
    pub const BACK: Color = Color::srgb(0.13, 0.2, 0.45);
    pub const BACK_LINE: Color = Color::srgb(0.85, 0.72, 0.4);
    pub const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.35);
    pub const HUD_BAR: Color = Color::srgba(0.02, 0.1, 0.07, 0.92);
    pub const HUD_TEXT: Color = Color::srgb(0.93, 0.95, 0.9);
    /// The bar's second lines (the phase, the stock and waste): the same size, quieter.
    pub const HUD_QUIET: Color = Color::srgb(0.72, 0.8, 0.74);
    pub const BUTTON: Color = Color::srgb(0.12, 0.3, 0.22);
    pub const BUTTON_HOVER: Color = Color::srgb(0.18, 0.4, 0.3);
    pub const DIM: Color = Color::srgba(0.0, 0.0, 0.0, 0.62);
    /// Overlay panels and notices.
    pub const PANEL: Color = Color::srgb(0.06, 0.17, 0.13);
}

/// The fonts, from the `epaint_default_fonts` crate: Ubuntu Light for words, Hack for card
/// indices, and Noto Emoji for the suit signs in words (7♠), which Ubuntu Light lacks.
#[derive(Resource)]
pub struct Fonts {
    pub ui: Handle<Font>,
    pub index: Handle<Font>,
    pub symbols: Handle<Font>,
}

impl FromWorld for Fonts {
    fn from_world(world: &mut World) -> Self {
        let mut fonts = world.resource_mut::<Assets<Font>>();
        // Read where they lie in the binary, not copied: a copy would cost 1 MiB for nothing.
        let load = |bytes: &'static [u8]| Font {
            data: Blob::new(Arc::new(bytes)),
            alias: String::new(),
        };
        Fonts {
            ui: fonts.add(load(epaint_default_fonts::UBUNTU_LIGHT)),
            index: fonts.add(load(epaint_default_fonts::HACK_REGULAR)),
            symbols: fonts.add(load(epaint_default_fonts::NOTO_EMOJI_REGULAR)),
        }
    }
}

/// A `Button` that is not one to look at: a panel that keeps clicks to itself.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct NoHover;

/// A panel that keeps its clicks: a click on anything in it goes no further up, so it never
/// reaches the dimmed backdrop behind, which closes the overlay (`buttons` stops it here).
#[derive(Component)]
pub struct KeepsClicks;

/// The HUD's one text size, in logical pixels before the HUD's scale: the bar's lines, its
/// buttons and the stock's count. One size, because each size drawn costs a glyph atlas of its
/// own (1 MiB, and as much again on a software renderer); the bar's second lines are told apart
/// by their colour (`Palette::HUD_QUIET`).
pub const TEXT: f32 = 15.0;

/// A line of UI text in the HUD's colour; it never takes clicks.
pub fn text(fonts: &Fonts, s: impl Into<String>, size: f32) -> impl Bundle {
    coloured_text(fonts, s, size, Palette::HUD_TEXT)
}

/// A line of UI text in `colour`; it never takes clicks.
pub fn coloured_text(fonts: &Fonts, s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font: fonts.ui.clone().into(),
            font_size: size.into(),
            ..default()
        },
        TextColor(colour),
        Pickable::IGNORE,
    )
}

/// A button with a label; `action` says what it does (see `buttons`).
pub fn button(fonts: &Fonts, label: &str, action: impl Bundle) -> impl Bundle {
    (
        Button,
        action,
        Node {
            padding: UiRect::axes(Val::Px(10.0), Val::Px(5.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            align_self: AlignSelf::FlexStart,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(Palette::BUTTON),
        children![text(fonts, label, TEXT)],
    )
}

/// A row of buttons under a panel's text.
pub fn button_row(buttons: impl Bundle) -> impl Bundle {
    (
        Node {
            column_gap: Val::Px(8.0),
            ..default()
        },
        buttons,
    )
}

/// A panel's rows, which the mouse wheel scrolls when they are taller than the window.
#[derive(Component)]
pub struct Scrolls;

/// A centred panel over the dimmed table. `scope` goes on the root (the overlay's
/// `DespawnOnExit`); `close` is what a click outside the panel does.
pub fn panel(
    commands: &mut Commands,
    scope: impl Bundle,
    close: impl Bundle,
    title: &str,
    fonts: &Fonts,
    body: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands
        .spawn((
            scope,
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Palette::DIM),
            GlobalZIndex(10),
            close,
        ))
        .with_children(|root| {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(Val::Px(22.0)),
                    max_width: Val::Percent(86.0),
                    max_height: Val::Percent(88.0),
                    border_radius: BorderRadius::all(Val::Px(12.0)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(Palette::PANEL),
                // Clicks inside the panel stay in the panel.
                Button,
                NoHover,
                KeepsClicks,
            ))
            .with_children(|p| {
                // The rows in a box of their own, which the mouse wheel moves up within the
                // panel when they are taller than the window (`overlays::scroll`).
                p.spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: Val::Px(8.0),
                        flex_shrink: 0.0,
                        ..default()
                    },
                    Scrolls,
                    Pickable::IGNORE,
                ))
                .with_children(|p| {
                    p.spawn(text(fonts, title, 26.0));
                    body(p);
                });
            });
        });
}

/// A text size on the table, in whole pixels: every size text is drawn at costs a glyph atlas
/// (a megabyte in memory and another on the graphics card), and sizes a fraction of a pixel
/// apart look the same.
pub fn text_px(size: f32) -> f32 {
    size.round().max(1.0)
}
