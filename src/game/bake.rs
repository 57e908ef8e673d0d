//! Baking: shapes and text drawn once into a texture by a camera of its own, then shown as one
//! sprite. A software renderer pays for every mesh and glyph run it draws each frame; baked,
//! the card faces and the table cost one quad each. A bake is drawn in the frame it is set up
//! in (its camera goes before the table's) and in the two frames after, because text is laid
//! out for a new camera only once the camera has seen a frame; then its scene is put away.

use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::{TextureFormat, TextureUsages};
use bevy::window::RequestRedraw;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(First, put_away_the_last_bake);
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

/// What a bake draws, and its camera: gone after [`FRAMES`] frames.
#[derive(Component, Clone, Default)]
pub struct Bake(u8);

/// Frames a bake is drawn in.
const FRAMES: u8 = 3;

/// A texture to bake into, `w` × `h` texels, kept by the GPU only. The format is the one Bevy
/// draws a window's frame in before showing it, so the table's pipelines serve (a software
/// renderer compiles each new one, at a cost in start-up time and memory) and the picture can
/// be copied straight into a frame (`backdrop`).
pub fn target(images: &mut Assets<Image>, w: u32, h: u32) -> Handle<Image> {
    let mut image =
        Image::new_target_texture(w.max(1), h.max(1), TextureFormat::Rgba8UnormSrgb, None);
    image.asset_usage = RenderAssetUsages::RENDER_WORLD;
    image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
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
) {
    let mut any = false;
    for (e, mut bake) in &mut bakes {
        bake.0 += 1;
        if bake.0 >= FRAMES {
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
