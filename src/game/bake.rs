//! Baking: shapes and text drawn once into a texture by a camera of its own, then shown as one
//! sprite. A software renderer pays for every mesh and glyph run it draws each frame; baked,
//! the card faces and the table cost one quad each. A bake is drawn in the frame it is set up
//! in (its camera goes before the table's) and in the two frames after, because text is laid
//! out for a new camera only once the camera has seen a frame; then its scene is put away.
//! Frames count only once the renderer has every pipeline it was asked for: a software renderer
//! compiles them for a while after start-up, and a bake drawn without them stays blank.

use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::render_resource::{TextureFormat, TextureUsages};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::RequestRedraw;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) fn plugin(app: &mut App) {
    let ready = PipelinesReady::default();
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(ready.clone())
            .add_systems(Render, note_pipelines.in_set(RenderSystems::Cleanup));
    }
    app.insert_resource(ready)
        .add_systems(First, put_away_the_last_bake);
}

/// Whether the renderer's last frame had every pipeline it had been asked for (written by the
/// render world, read by the main one).
#[derive(Resource, Clone)]
struct PipelinesReady(Arc<AtomicBool>);

impl Default for PipelinesReady {
    fn default() -> Self {
        Self(Arc::new(AtomicBool::new(true)))
    }
}

fn note_pipelines(cache: Option<Res<PipelineCache>>, ready: Res<PipelinesReady>) {
    let all = cache.is_none_or(|c| c.waiting_pipelines().next().is_none());
    ready.0.store(all, Ordering::Relaxed);
}

/// What is being baked: each has a layer of its own that only its camera sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Baking {
    Cards,
    Table,
}

/// The layer one bake's shapes and camera are on.
pub fn layer(what: Baking) -> RenderLayers {
    RenderLayers::layer(match what {
        Baking::Cards => 7,
        Baking::Table => 6,
    })
}

/// What a bake draws, and its camera: gone after [`FRAMES`] frames drawn with every pipeline.
#[derive(Component, Clone, Default)]
pub struct Bake {
    drawn: u8,
    age: u16,
}

/// Frames a bake is drawn in.
const FRAMES: u8 = 3;

/// Frames after which a bake is put away even if some pipeline never came (a broken driver):
/// its picture may lack something, but frames stop being drawn for it.
const GIVE_UP: u16 = 600;

/// A texture to bake into, `w` × `h` texels, kept by the GPU only. The format is the one Bevy
/// draws a window's frame in before showing it, so the table's pipelines serve (a software
/// renderer compiles each new one, at a cost in start-up time and memory) and the picture can
/// be copied straight into a frame (`backdrop`). Until the bake has drawn, it is all `fill`
/// (a picture shown before then must not flash black), or transparent without one (nothing is
/// then uploaded).
pub fn target(images: &mut Assets<Image>, w: u32, h: u32, fill: Option<Color>) -> Handle<Image> {
    let (w, h) = (w.max(1), h.max(1));
    let mut image = Image::new_target_texture(w, h, TextureFormat::Rgba8UnormSrgb, None);
    image.asset_usage = RenderAssetUsages::RENDER_WORLD;
    image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
    image.data = fill.map(|c| c.to_srgba().to_u8_array().repeat((w * h) as usize));
    // A new picture replaces the old one whole: nothing to carry over.
    image.copy_on_resize = false;
    images.add(image)
}

/// A camera that draws one bake's layer into `image` over `clear`, `scale` texels to a world
/// unit (text is laid out at that scale too, so it stays sharp), centred on the world's origin.
/// An opaque `clear` keeps translucent shapes exactly as they look drawn straight on it.
pub fn camera(
    what: Baking,
    image: Handle<Image>,
    scale: f32,
    clear: Color,
    msaa: Msaa,
) -> impl Bundle {
    (
        Bake::default(),
        Camera2d,
        Camera {
            // Before the table's camera, in the same frame.
            order: -1,
            clear_color: ClearColorConfig::Custom(clear),
            ..default()
        },
        RenderTarget::Image(ImageRenderTarget {
            handle: image,
            scale_factor: scale,
        }),
        msaa,
        layer(what),
    )
}

/// Puts each bake away once drawn; asks for the frames it needs till then (an idle window
/// draws no frame by itself).
fn put_away_the_last_bake(
    mut commands: Commands,
    mut bakes: Query<(Entity, &mut Bake)>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut after: Local<u8>,
    ready: Res<PipelinesReady>,
) {
    let ready = ready.0.load(Ordering::Relaxed);
    let mut any = false;
    for (e, mut bake) in &mut bakes {
        bake.age += 1;
        bake.drawn += u8::from(ready);
        if bake.drawn >= FRAMES || bake.age >= GIVE_UP {
            commands.entity(e).despawn();
            // The renderer frees a camera's working textures only after a few frames without
            // it: draw those frames, or an idle window keeps them.
            *after = 4;
        } else {
            any = true;
        }
    }
    if any || *after > 0 {
        *after = after.saturating_sub(1);
        redraw.write(RequestRedraw);
    }
}
