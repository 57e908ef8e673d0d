//! The table itself: the layout for the current window, the felt, the Zodiac track, and a marker
//! entity for every place (so empty places show, and can be clicked and dropped on).

use super::backdrop::{self, Backdrop};
use super::bake::{self, Bake, Baking};
use super::messages::Step;
use super::session::Session;
use super::shapes;
use super::theme::{self, Fonts, Palette};
use crate::layout::Layout;
use crate::rules::{Direction, Place, Suit};
use bevy::camera::CameraMainTextureUsages;
use bevy::prelude::*;
use bevy::render::render_resource::TextureUsages;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Palette::FELT))
        .insert_resource(Table(Layout::new(1280.0, 800.0, 1.0)))
        .add_systems(Startup, spawn_camera)
        .add_systems(PreUpdate, follow_window)
        .add_systems(PostStartup, antialias_for_the_hardware)
        .add_systems(
            Update,
            redraw_table
                .run_if(resource_changed::<Table>.or_eager(rules_changed))
                .in_set(Step::Mirror),
        )
        .add_systems(
            Update,
            (count_talon, show_redeal_mark).in_set(Step::Present),
        );
}

/// The layout for the window as it is now. Changes when the window is resized or moves to a
/// screen with another scale factor.
#[derive(Resource, Clone, Debug, PartialEq, Deref)]
pub struct Table(pub Layout);

/// A place on the table (marker entity: outline, label, and drop / click target).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlaceMarker(pub Place);

/// Everything drawn for the table (not the cards), rebuilt with the layout.
#[derive(Component)]
struct TableDecor;

/// The highlight drawn over a place that would accept the dragged card.
#[derive(Component)]
pub struct DropHighlight(pub Place);

/// The highlight drawn over the two places of a hint (its own colour: a hint is no drop).
#[derive(Component)]
pub struct HintHighlight(pub Place);

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Msaa::Sample4,
        // The table picture may be copied into the frame (see `backdrop`).
        CameraMainTextureUsages::default().with(TextureUsages::COPY_DST),
    ));
}

/// Edges are smoothed by 4× multisampling on a graphics card. A software renderer (no GPU)
/// would spend most of its time on it, so there the table is drawn without.
fn antialias_for_the_hardware(
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut cameras: Query<&mut Msaa, With<Camera2d>>,
) {
    // wgpu's DeviceType is not re-exported by Bevy; its name is enough here.
    let software = adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu");
    if software {
        info!("software renderer: drawing without multisampling");
        for mut msaa in &mut cameras {
            *msaa = Msaa::Off;
        }
    }
}

pub(super) fn follow_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    mut table: ResMut<Table>,
) {
    let Ok(window) = windows.single() else { return };
    let (w, h, s) = (window.width(), window.height(), window.scale_factor());
    if (table.width, table.height, table.scale_factor) != (w, h, s) {
        table.0 = Layout::new(w, h, s);
    }
}

/// The foundations' labels (up or down) depend on the rule set.
fn rules_changed(session: Option<Res<Session>>, mut last: Local<Option<String>>) -> bool {
    let Some(session) = session else { return false };
    let key = session.game.rule_set().key();
    if last.as_ref() != Some(&key) {
        *last = Some(key);
        true
    } else {
        false
    }
}

/// Draws the felt's Zodiac track, and each place's marker with its label.
fn redraw_table(
    mut commands: Commands,
    table: Res<Table>,
    session: Res<Session>,
    old: Query<
        Entity,
        Or<(
            With<TableDecor>,
            With<PlaceMarker>,
            With<DropHighlight>,
            With<HintHighlight>,
        )>,
    >,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut images: ResMut<Assets<Image>>,
    fonts: Res<Fonts>,
    table_camera: Query<(Entity, &Msaa), (With<Camera2d>, Without<Bake>)>,
    renderer: Option<Res<bevy::render::renderer::RenderDevice>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let layout = &table.0;
    // What never changes while the layout and the rules stay is baked into one picture of the
    // table (see `bake`): the track, every place's outline and marks, the captions. Without a
    // renderer (the headless tests) there is nothing to bake with.
    let scale = layout.scale_factor.max(0.1);
    let picture = bake::target(
        &mut images,
        (layout.width * scale).round() as u32,
        (layout.height * scale).round() as u32,
        Some(Palette::FELT),
    );
    let (camera, msaa) = table_camera.iter().next().unzip();
    let msaa = msaa.copied().unwrap_or_default();
    if let Some(camera) = camera.filter(|_| backdrop::copies_on(msaa)) {
        commands.entity(camera).insert(Backdrop(picture.clone()));
    } else {
        commands.spawn((
            TableDecor,
            Sprite {
                image: picture.clone(),
                custom_size: Some(Vec2::new(layout.width, layout.height)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
    }
    if renderer.is_some() {
        commands.spawn(bake::camera(
            Baking::Table,
            picture,
            scale,
            Palette::FELT,
            msaa,
        ));
    }
    let baked = (Bake::default(), bake::layer(Baking::Table));
    let (cx, cy) = layout.ring_center();
    let (cw, ch) = (layout.card_w, layout.card_h);
    let band = ch * 1.35;
    commands.spawn((
        baked.clone(),
        Mesh2d(meshes.add(shapes::ellipse_band(layout.ring_a, layout.ring_b, band))),
        MeshMaterial2d(materials.add(Palette::TRACK)),
        Transform::from_xyz(cx, cy - layout.depth_step * 3.0, 0.0),
    ));
    let radius = cw * 0.08;
    let outline = meshes.add(shapes::rounded_frame(cw, ch, radius, (cw * 0.025).max(1.0)));
    let fill = meshes.add(shapes::rounded_rect(cw, ch, radius));
    let outline_colour = materials.add(Palette::SLOT_LINE);
    let fill_colour = materials.add(Palette::SLOT_FILL);
    let highlight = meshes.add(shapes::rounded_frame(
        cw + 8.0,
        ch + 8.0,
        radius + 4.0,
        (cw * 0.05).max(2.5),
    ));
    let highlight_colour = materials.add(Palette::HIGHLIGHT);
    let hint_colour = materials.add(Palette::HINT);
    let rules = session.game.rules();
    let label_font = |size: f32| TextFont {
        font: fonts.ui.clone().into(),
        font_size: theme::text_px(size).into(),
        ..default()
    };
    for place in Place::all() {
        let r = layout.rect(place);
        // The marker is what input finds at the place; its look is in the baked picture.
        let marker = commands
            .spawn((
                PlaceMarker(place),
                Transform::from_xyz(r.x, r.y, 0.1),
                Visibility::default(),
            ))
            .id();
        let mut look = commands.spawn((
            baked.clone(),
            Transform::from_xyz(r.x, r.y, 0.1),
            Visibility::default(),
            Mesh2d(fill.clone()),
            MeshMaterial2d(fill_colour.clone()),
        ));
        look.with_child((
            baked.1.clone(),
            Mesh2d(outline.clone()),
            MeshMaterial2d(outline_colour.clone()),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        match place {
            Place::Foundation(f) => {
                // Suit and base rank (A or K) while empty; cards cover it once built.
                let suit = Suit::from_index(usize::from(f));
                let (base, arrow) = match rules.foundations[usize::from(f)] {
                    Direction::Up => ("A", "up"),
                    Direction::Down => ("K", "down"),
                };
                let layer = baked.1.clone();
                look.with_children(|p| {
                    p.spawn((
                        layer.clone(),
                        Mesh2d(meshes.add(shapes::suit(suit, cw * 0.42))),
                        MeshMaterial2d(materials.add(Palette::SLOT_MARK)),
                        Transform::from_xyz(0.0, ch * 0.08, 0.02),
                    ));
                    p.spawn((
                        layer.clone(),
                        Text2d::new(base),
                        label_font(ch * 0.2),
                        TextColor(Palette::SLOT_MARK),
                        Transform::from_xyz(0.0, ch * 0.33, 0.02),
                    ));
                    p.spawn((
                        layer,
                        Text2d::new(arrow),
                        label_font(ch * 0.13),
                        TextColor(Palette::SLOT_MARK),
                        Transform::from_xyz(0.0, -ch * 0.33, 0.02),
                    ));
                });
            }
            Place::Stock => {
                commands.entity(marker).with_children(|p| {
                    p.spawn((
                        RedealMark,
                        Mesh2d(meshes.add(shapes::ring(cw * 0.24, (cw * 0.05).max(2.0)))),
                        MeshMaterial2d(materials.add(Palette::SLOT_MARK)),
                        Transform::from_xyz(0.0, 0.0, 0.02),
                    ));
                    p.spawn((
                        RedealMark,
                        Text2d::new("redeal"),
                        label_font(ch * 0.12),
                        TextColor(Palette::SLOT_MARK),
                        Transform::from_xyz(0.0, -ch * 0.36, 0.02),
                    ));
                });
            }
            _ => {}
        }
        commands.spawn((
            DropHighlight(place),
            Mesh2d(highlight.clone()),
            MeshMaterial2d(highlight_colour.clone()),
            Transform::from_xyz(r.x, r.y, 90.0),
            Visibility::Hidden,
        ));
        commands.spawn((
            HintHighlight(place),
            Mesh2d(highlight.clone()),
            MeshMaterial2d(hint_colour.clone()),
            Transform::from_xyz(r.x, r.y, 91.0),
            Visibility::Hidden,
        ));
    }
    // Captions for the groups, small and quiet, so a newcomer knows what is where.
    let caption = |text: &str, x: f32, y: f32| {
        (
            baked.clone(),
            Text2d::new(text),
            label_font((ch * 0.13).max(11.0)),
            TextColor(Palette::CAPTION),
            Transform::from_xyz(x, y, 0.2),
        )
    };
    let e0 = layout.rect(Place::Equator(0));
    commands.spawn(caption("EQUATOR", e0.left() - cw * 0.55, e0.y));
    let stock = layout.rect(Place::Stock);
    // The stock shows how many cards it holds: a badge on its corner, above the cards.
    let badge_w = (cw * 0.46).max(26.0);
    let badge_h = (ch * 0.16).max(16.0);
    commands
        .spawn((
            TableDecor,
            Mesh2d(meshes.add(shapes::rounded_rect(badge_w, badge_h, badge_h / 2.0))),
            MeshMaterial2d(materials.add(Palette::BADGE)),
            Transform::from_xyz(
                stock.right() - badge_w * 0.35,
                stock.top() - badge_h * 0.2,
                45.0,
            ),
        ))
        .with_child((
            Text2d::new(""),
            TextFont {
                font: fonts.ui.clone().into(),
                font_size: theme::text_px(badge_h * 0.78).into(),
                ..default()
            },
            TextColor(Palette::HUD_TEXT),
            Transform::from_xyz(0.0, 0.0, 0.01),
            TalonCount(Place::Stock),
        ));
}

/// The "turn the waste over" mark on the empty stock: only while a redeal is possible.
#[derive(Component)]
struct RedealMark;

fn show_redeal_mark(session: Res<Session>, mut marks: Query<&mut Visibility, With<RedealMark>>) {
    let phase_one = session.game.position().phase() == crate::rules::Phase::One;
    for mut v in &mut marks {
        v.set_if_neq(if phase_one {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// The stock's badge, which counts its cards.
#[derive(Component)]
struct TalonCount(Place);

fn count_talon(session: Res<Session>, mut labels: Query<(&TalonCount, &mut Text2d)>) {
    let position = session.game.position();
    for (label, mut text) in &mut labels {
        let n = match label.0 {
            Place::Stock => position.stock().len(),
            _ => position.waste().len(),
        };
        let wanted = n.to_string();
        if text.0 != wanted {
            text.0 = wanted;
        }
    }
}
