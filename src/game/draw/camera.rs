//! The table's camera, and what the game asks of Bevy's renderer: 4× multisampling only on a
//! graphics card, and no mesh buffers for a game that draws no meshes. On a software renderer
//! both are paid for, in every frame or in resident memory (figures in the README).

use bevy::camera::CameraMainTextureUsages;
use bevy::prelude::*;
use bevy::render::render_resource::TextureUsages;
use bevy::sprite_render::{SpriteMaterial, check_entities_needing_specialization};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(PostStartup, antialias_for_the_hardware)
        .add_systems(
            PostUpdate,
            drop_the_unused_sprite_quad
                .after(check_entities_needing_specialization::<SpriteMaterial>),
        );
}

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

/// Bevy's sprite plugin adds a unit quad for `SpriteMesh` in its first frame whether or not
/// anything uses one. Uploading it makes the renderer's mesh allocator set up vertex and index
/// slabs whose bookkeeping holds about 8 MiB. The game draws sprites only, never a mesh or a
/// `SpriteMesh`, so the quad is removed in the frame it appears, before it is extracted.
fn drop_the_unused_sprite_quad(
    mut meshes: ResMut<Assets<Mesh>>,
    sprite_meshes: Query<(), With<bevy::sprite::SpriteMesh>>,
    mut done: Local<bool>,
) {
    if *done || !sprite_meshes.is_empty() {
        return;
    }
    let quads: Vec<AssetId<Mesh>> = meshes.ids().collect();
    for id in quads {
        meshes.remove(id);
        *done = true;
    }
}
