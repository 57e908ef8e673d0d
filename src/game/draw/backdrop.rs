//! The frame's background, copied rather than drawn: the table picture with every card at rest
//! already laid on it. On a renderer without multisampling (a software renderer: see
//! `camera::antialias_for_the_hardware`) each sprite costs a sampled, blended fragment per pixel
//! every frame: the table as a full-window sprite cost about 9 ms a frame at 1216×648 on
//! llvmpipe, the cards at rest about as much again. Instead the CPU lays the cards at rest onto
//! the picture whenever one of them changes (`texels::compose`), and each frame starts as a
//! plain memory copy of that; only what moves (a card in the hand or gliding, a highlight, the
//! HUD) is drawn. With multisampling the frame is drawn into another texture first, so a copy
//! would be lost: there the picture and the cards stay sprites.

use crate::game::draw::texels::{self, Laid, Texels};
use bevy::camera::visibility::{RenderLayers, VisibilitySystems};
use bevy::core_pipeline::Core2dSystems;
use bevy::core_pipeline::schedule::Core2d;
use bevy::prelude::*;
use bevy::render::RenderApp;
use bevy::render::extract_component::{ExtractComponent, ExtractComponentPlugin};
use bevy::render::render_resource::{
    Extent3d, Origin3d, RenderPassDescriptor, TexelCopyBufferLayout, TexelCopyTextureInfo, Texture,
    TextureAspect, TextureDescriptor, TextureDimension, TextureUsages,
};
use bevy::render::renderer::{RenderContext, RenderDevice, RenderQueue, ViewQuery};
use bevy::render::view::ViewTarget;
use bevy::transform::TransformSystems;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(ExtractComponentPlugin::<BackdropChanges>::default())
        .add_systems(
            PostUpdate,
            lay_the_still_cards
                .after(TransformSystems::Propagate)
                .after(VisibilitySystems::VisibilityPropagate)
                .before(VisibilitySystems::CheckVisibility),
        );
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.add_systems(Core2d, copy_backdrop.before(Core2dSystems::MainPass));
    }
}

/// On a camera: the table picture to start each frame from, its texels kept on the CPU, and
/// the scale factor it was painted at. The picture must be the frame's size and format
/// (`paint::Canvas::into_image`).
#[derive(Component, Clone)]
pub struct Backdrop {
    pub texels: Arc<Texels>,
    pub scale: f32,
}

/// On a sprite that may be laid onto the backdrop while it rests (a card, a mark under the
/// cards): its image's texels, and whether it rests now (its owner says: not gliding, shaking
/// or in the hand). A resting, visible sprite below the lifted height (z < 50) is laid, and
/// kept out of the camera's sight (render layer 1); it is drawn again the frame it moves.
#[derive(Component, Clone)]
pub struct Still {
    pub texels: Arc<Texels>,
    pub resting: bool,
}

/// Where the renderer keeps laid sprites: a layer no camera looks at.
const LAID: usize = 1;

/// On the camera: what changed in the backdrop this frame, for the render world to write into
/// its texture. Each change names the one before it, so a change missed (never expected: every
/// frame is extracted) is noticed, and the whole backdrop asked for again through `resync`.
#[derive(Component, Clone, ExtractComponent)]
struct BackdropChanges {
    size: [u32; 2],
    generation: u64,
    patches: Arc<Vec<Patch>>,
    resync: Arc<AtomicBool>,
}

/// Part of the backdrop laid afresh: where (x, y, width, height) and its RGBA rows.
struct Patch {
    area: [u32; 4],
    rgba: Vec<u8>,
}

/// Whether a camera with this multisampling can take a [`Backdrop`].
pub fn copies_on(msaa: Msaa) -> bool {
    msaa == Msaa::Off
}

/// An image's texels, kept: for a picture or sprite that may become part of the backdrop.
pub fn keep(image: &Image) -> Arc<Texels> {
    let size = image.texture_descriptor.size;
    Arc::new(Texels::new(
        size.width,
        size.height,
        image.data.as_deref().unwrap_or_default(),
    ))
}

type StillSprite<'a> = (
    Entity,
    &'a Sprite,
    &'a Still,
    &'a GlobalTransform,
    &'a InheritedVisibility,
    Has<RenderLayers>,
);

/// What the backdrop holds now: the picture it was laid on, and each sprite laid, with its
/// place and the texels it covers. Texels are told apart by address: a new picture or atlas is
/// made while the old one lives.
#[derive(Default)]
struct Laying {
    picture: Option<usize>,
    sprites: HashMap<Entity, (Key, [i32; 4])>,
    generation: u64,
}

/// A laid sprite's texels and placement, to tell whether it changed.
type Key = (usize, [u32; 4], [i32; 2], [u8; 4]);

fn key(l: &Laid) -> Key {
    (std::ptr::from_ref(l.source).addr(), l.from, l.at, l.tint)
}

/// Lays the resting sprites onto the picture and hands what changed to the camera, keeping laid
/// sprites out of the camera's sight. The backdrop is laid again at once when a laid sprite
/// moves or changes (else it would show twice); sprites that come to rest are drawn as they
/// are until nothing moves, then laid all at once (a deal lays the table once, not per card).
/// Only the parts that changed are laid again and sent: a few card-sized areas, not the window.
fn lay_the_still_cards(
    mut commands: Commands,
    cameras: Query<(Entity, &Backdrop, &Msaa, Option<&BackdropChanges>)>,
    sprites: Query<StillSprite>,
    mut laying: Local<Laying>,
) {
    let Some((camera, backdrop, msaa, shown)) = cameras.iter().next() else {
        return;
    };
    let copying = copies_on(*msaa);
    // Sent last frame, so in the render world now: the texels need not be kept.
    if let Some(sent) = shown.filter(|s| !s.patches.is_empty()) {
        commands.entity(camera).insert(BackdropChanges {
            patches: Arc::default(),
            ..sent.clone()
        });
    }
    let mut resting: Vec<(f32, Entity, Laid)> = Vec::new();
    let mut moving = false;
    for (entity, sprite, still, at, visible, _) in &sprites {
        let z = at.translation().z;
        moving |= visible.get() && !still.resting;
        let rests = copying && still.resting && visible.get() && z < 50.0;
        if let Some(laid) = rests.then(|| lay(sprite, still, at, backdrop)).flatten() {
            resting.push((z, entity, laid));
        }
    }
    let size = [backdrop.texels.width(), backdrop.texels.height()];
    let picture = Some(Arc::as_ptr(&backdrop.texels).addr());
    let resync = shown.is_some_and(|s| s.resync.swap(false, Ordering::Relaxed));
    let whole = laying.picture != picture || resync || shown.is_none_or(|s| s.size != size);
    // The areas to lay again: where a laid sprite was, and where it is now, if it changed.
    let mut areas: Vec<[i32; 4]> = Vec::new();
    for (entity, (was, area)) in &laying.sprites {
        match resting.iter().find(|(_, e, _)| e == entity) {
            Some((_, _, l)) if key(l) == *was => {}
            Some((_, _, l)) => areas.extend([*area, l.area()]),
            None => areas.push(*area),
        }
    }
    let added: Vec<[i32; 4]> = resting
        .iter()
        .filter(|(_, e, _)| !laying.sprites.contains_key(e))
        .map(|(_, _, l)| l.area())
        .collect();
    if copying && (whole || !areas.is_empty() || (!added.is_empty() && !moving)) {
        areas.extend(added);
        resting.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let laid: Vec<Laid> = resting.iter().map(|(_, _, l)| l.clone()).collect();
        let patches: Vec<Patch> = if whole {
            vec![patch(
                backdrop,
                &laid,
                [0, 0, size[0] as i32, size[1] as i32],
            )]
        } else {
            areas
                .into_iter()
                .filter_map(|area| Some(patch(backdrop, &laid, clip(area, size)?)))
                .collect()
        };
        laying.picture = picture;
        laying.sprites = resting
            .iter()
            .map(|(_, e, l)| (*e, (key(l), l.area())))
            .collect();
        laying.generation += 1;
        commands.entity(camera).insert(BackdropChanges {
            size,
            generation: laying.generation,
            patches: Arc::new(patches),
            resync: shown.map_or_else(Arc::default, |s| s.resync.clone()),
        });
    } else if !copying {
        laying.sprites.clear();
    }
    // Laid sprites out of the camera's sight, all others in it.
    for (entity, .., hidden) in &sprites {
        let laid = laying.sprites.contains_key(&entity);
        if laid && !hidden {
            commands.entity(entity).insert(RenderLayers::layer(LAID));
        } else if hidden && !laid {
            commands.entity(entity).remove::<RenderLayers>();
        }
    }
}

/// The part of `area` inside a backdrop of `size`, if any.
fn clip(area: [i32; 4], size: [u32; 2]) -> Option<[i32; 4]> {
    let [x, y, w, h] = area;
    let (x0, y0) = (x.max(0), y.max(0));
    let (x1, y1) = ((x + w).min(size[0] as i32), (y + h).min(size[1] as i32));
    (x1 > x0 && y1 > y0).then_some([x0, y0, x1 - x0, y1 - y0])
}

fn patch(backdrop: &Backdrop, laid: &[Laid], area: [i32; 4]) -> Patch {
    let area = area.map(|v| v.max(0) as u32);
    Patch {
        area,
        rgba: texels::compose(&backdrop.texels, laid, area),
    }
}

/// Where a sprite's texels land on the backdrop: its size in texels is its image part's (the
/// card atlas is painted at the cards' pixel size), its centre where its transform puts it.
fn lay<'a>(
    sprite: &Sprite,
    still: &'a Still,
    at: &GlobalTransform,
    backdrop: &Backdrop,
) -> Option<Laid<'a>> {
    let source = still.texels.as_ref();
    let part = sprite.rect.unwrap_or(Rect::new(
        0.0,
        0.0,
        source.width() as f32,
        source.height() as f32,
    ));
    let size = part.size();
    let s = backdrop.scale;
    // Scaled (a card turning over), not one texel to a pixel, or flipped: left to the renderer.
    let (scale, _, centre) = at.to_scale_rotation_translation();
    let unscaled = (scale.truncate() - Vec2::ONE).abs().max_element() < 1e-3;
    let one_to_one = sprite
        .custom_size
        .is_none_or(|c| (c * s - size).abs().max_element() < 0.5);
    if !unscaled
        || !one_to_one
        || sprite.flip_x
        || sprite.flip_y
        || sprite.image_mode != SpriteImageMode::Auto
    {
        return None;
    }
    let (w, h) = (
        backdrop.texels.width() as f32,
        backdrop.texels.height() as f32,
    );
    let left = centre.x * s + w / 2.0 - size.x / 2.0;
    let top = h / 2.0 - centre.y * s - size.y / 2.0;
    let tint = sprite.color.to_srgba().to_u8_array();
    Some(Laid {
        source,
        from: [
            part.min.x.round() as u32,
            part.min.y.round() as u32,
            size.x.round() as u32,
            size.y.round() as u32,
        ],
        at: [left.round() as i32, top.round() as i32],
        tint,
    })
}

/// The backdrop's texture in the render world, and the change it holds.
#[derive(Default)]
struct Uploaded {
    texture: Option<Texture>,
    generation: u64,
}

fn copy_backdrop(
    view: ViewQuery<(&ViewTarget, &BackdropChanges)>,
    device: Res<RenderDevice>,
    queue: Res<RenderQueue>,
    mut uploaded: Local<Uploaded>,
    mut ctx: RenderContext,
) {
    let (target, shown) = view.into_inner();
    if target.sampled_main_texture().is_some() {
        return;
    }
    let frame = target.main_texture();
    if shown.generation != uploaded.generation {
        let [w, h] = shown.size;
        let whole = |p: &Patch| p.area == [0, 0, w, h];
        let fits = uploaded
            .texture
            .as_ref()
            .is_some_and(|t| [t.width(), t.height()] == shown.size);
        if shown.patches.iter().any(whole) || !fits {
            uploaded.texture = Some(device.create_texture(&TextureDescriptor {
                label: Some("backdrop"),
                size: Extent3d {
                    width: w.max(1),
                    height: h.max(1),
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: TextureDimension::D2,
                format: frame.format(),
                usage: TextureUsages::COPY_DST | TextureUsages::COPY_SRC,
                view_formats: &[],
            }));
        }
        // Patches go onto the texture the last change left; a new texture needs the whole.
        let in_step = (shown.generation == uploaded.generation + 1 && fits)
            || shown.patches.iter().any(whole);
        if !in_step {
            shown.resync.store(true, Ordering::Relaxed);
        }
        if let Some(texture) = uploaded.texture.as_ref() {
            for p in shown.patches.iter() {
                let [x, y, pw, ph] = p.area;
                queue.write_texture(
                    TexelCopyTextureInfo {
                        texture,
                        mip_level: 0,
                        origin: Origin3d { x, y, z: 0 },
                        aspect: TextureAspect::All,
                    },
                    &p.rgba,
                    TexelCopyBufferLayout {
                        offset: 0,
                        bytes_per_row: Some(pw * 4),
                        rows_per_image: Some(ph),
                    },
                    Extent3d {
                        width: pw,
                        height: ph,
                        depth_or_array_layers: 1,
                    },
                );
            }
        }
        uploaded.generation = shown.generation;
    }
    let Some(picture) = uploaded.texture.as_ref() else {
        return;
    };
    if picture.format() != frame.format() {
        return;
    }
    // An empty pass takes the frame's one clear now, so the main pass then loads the copy
    // instead of clearing over it.
    let attachments = [Some(target.get_color_attachment())];
    drop(ctx.begin_tracked_render_pass(RenderPassDescriptor {
        label: Some("backdrop_clear"),
        color_attachments: &attachments,
        depth_stencil_attachment: None,
        timestamp_writes: None,
        occlusion_query_set: None,
        multiview_mask: None,
    }));
    let size = Extent3d {
        width: picture.width().min(frame.width()),
        height: picture.height().min(frame.height()),
        depth_or_array_layers: 1,
    };
    ctx.command_encoder().copy_texture_to_texture(
        picture.as_image_copy(),
        frame.as_image_copy(),
        size,
    );
}
