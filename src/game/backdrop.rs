//! The table picture as the frame's background, copied rather than drawn. On a renderer without
//! multisampling (a software renderer: see `table::antialias_for_the_hardware`) a full-window
//! sprite costs a sampled, blended fragment per pixel every frame, about 9 ms at 1216×648 on
//! llvmpipe; copying the picture into the frame before the cards are drawn is a plain memory
//! copy. With multisampling the frame is drawn into another texture first, so a copy would be
//! lost: there the picture stays a sprite.

use bevy::core_pipeline::Core2dSystems;
use bevy::core_pipeline::schedule::Core2d;
use bevy::prelude::*;
use bevy::render::RenderApp;
use bevy::render::extract_component::{ExtractComponent, ExtractComponentPlugin};
use bevy::render::render_asset::RenderAssets;
use bevy::render::render_resource::{Extent3d, RenderPassDescriptor};
use bevy::render::renderer::{RenderContext, ViewQuery};
use bevy::render::texture::GpuImage;
use bevy::render::view::ViewTarget;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(ExtractComponentPlugin::<Backdrop>::default());
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.add_systems(Core2d, copy_backdrop.before(Core2dSystems::MainPass));
    }
}

/// On a camera: the picture copied into each of its frames before anything is drawn. The
/// picture must be the frame's size and format (`paint::Canvas::into_image`); where it is not, or not yet
/// made, the frame keeps the camera's clear colour.
#[derive(Component, Clone, ExtractComponent)]
pub struct Backdrop(pub Handle<Image>);

/// Whether a camera with this multisampling can take a [`Backdrop`].
pub fn copies_on(msaa: Msaa) -> bool {
    msaa == Msaa::Off
}

fn copy_backdrop(
    view: ViewQuery<(&ViewTarget, &Backdrop)>,
    images: Res<RenderAssets<GpuImage>>,
    mut ctx: RenderContext,
) {
    let (target, backdrop) = view.into_inner();
    if target.sampled_main_texture().is_some() {
        return;
    }
    let Some(picture) = images.get(backdrop.0.id()) else {
        return;
    };
    let frame = target.main_texture();
    if picture.texture.format() != frame.format() {
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
        width: picture.texture.width().min(frame.width()),
        height: picture.texture.height().min(frame.height()),
        depth_or_array_layers: 1,
    };
    ctx.command_encoder().copy_texture_to_texture(
        picture.texture.as_image_copy(),
        frame.as_image_copy(),
        size,
    );
}
