//! Vector shapes the card art is drawn from: rounded rectangles and the four suit symbols, built
//! as triangle meshes at the size they are shown, so they stay sharp at any size and scale.

use crate::rules::Suit;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::f32::consts::{PI, TAU};

/// A flat triangle mesh (normals towards the viewer; no texture, so no real UVs).
fn flat_mesh(positions: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
    .with_inserted_indices(Indices::U32(indices))
}

/// The band between two closed loops with the same number of points.
fn band(outer: &[Vec2], inner: &[Vec2]) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::with_capacity(2 * outer.len());
    for (o, i) in outer.iter().zip(inner) {
        positions.push([o.x, o.y, 0.0]);
        positions.push([i.x, i.y, 0.0]);
    }
    let n = outer.len() as u32;
    let mut indices = Vec::with_capacity(6 * outer.len());
    for k in 0..n {
        let (o0, i0, o1, i1) = (2 * k, 2 * k + 1, 2 * ((k + 1) % n), 2 * ((k + 1) % n) + 1);
        indices.extend([o0, o1, i0, i0, o1, i1]);
    }
    flat_mesh(positions, indices)
}

/// A filled polygon mesh from outlines (each a closed loop, triangulated as a fan from `centre`,
/// which must see the whole outline: every shape here is star-shaped around its centre).
fn fans(parts: &[(Vec2, Vec<Vec2>)]) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for (centre, outline) in parts {
        let base = positions.len() as u32;
        positions.push([centre.x, centre.y, 0.0]);
        positions.extend(outline.iter().map(|p| [p.x, p.y, 0.0]));
        let n = outline.len() as u32;
        for i in 0..n {
            indices.extend([base, base + 1 + i, base + 1 + (i + 1) % n]);
        }
    }
    flat_mesh(positions, indices)
}

/// The outline of a rounded rectangle centred on the origin, counter-clockwise.
fn rounded_outline(w: f32, h: f32, r: f32) -> Vec<Vec2> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let (hx, hy) = (w / 2.0 - r, h / 2.0 - r);
    let segments = 10;
    let mut out = Vec::with_capacity(4 * (segments + 1));
    for (i, (cx, cy)) in [(hx, hy), (-hx, hy), (-hx, -hy), (hx, -hy)]
        .into_iter()
        .enumerate()
    {
        for s in 0..=segments {
            let a = (i as f32 + s as f32 / segments as f32) * PI / 2.0;
            out.push(Vec2::new(cx + r * a.cos(), cy + r * a.sin()));
        }
    }
    out
}

pub fn rounded_rect(w: f32, h: f32, r: f32) -> Mesh {
    fans(&[(Vec2::ZERO, rounded_outline(w, h, r))])
}

/// A rounded rectangular frame of the given line width (for outlines and highlights).
pub fn rounded_frame(w: f32, h: f32, r: f32, line: f32) -> Mesh {
    let outer = rounded_outline(w, h, r);
    let inner = rounded_outline(w - 2.0 * line, h - 2.0 * line, (r - line).max(0.0));
    band(&outer, &inner)
}

/// A suit symbol about `size` tall, centred on the origin.
pub fn suit(suit: Suit, size: f32) -> Mesh {
    let s = size;
    match suit {
        Suit::Hearts => fans(&[(Vec2::new(0.0, 0.0), heart(s, false))]),
        Suit::Diamonds => {
            // Gently curved sides, like a printed pip.
            let mut outline = Vec::new();
            let corners = [
                Vec2::new(0.0, -0.5),
                Vec2::new(0.38, 0.0),
                Vec2::new(0.0, 0.5),
                Vec2::new(-0.38, 0.0),
            ];
            for k in 0..4 {
                let (a, b) = (corners[k], corners[(k + 1) % 4]);
                let mid = (a + b) / 2.0 * 0.9;
                for t in 0..8 {
                    let t = t as f32 / 8.0;
                    let p = a * (1.0 - t) * (1.0 - t) + mid * 2.0 * t * (1.0 - t) + b * t * t;
                    outline.push(p * s);
                }
            }
            fans(&[(Vec2::ZERO, outline)])
        }
        Suit::Spades => fans(&[
            (Vec2::new(0.0, 0.08 * s), heart(s * 0.92, true)),
            (Vec2::new(0.0, -0.32 * s), stem(s)),
        ]),
        Suit::Clubs => {
            let r = 0.22 * s;
            let circle = |c: Vec2| -> (Vec2, Vec<Vec2>) {
                (
                    c,
                    (0..28)
                        .map(|i| c + Vec2::from_angle(i as f32 / 28.0 * TAU) * r)
                        .collect(),
                )
            };
            fans(&[
                circle(Vec2::new(0.0, 0.24 * s)),
                circle(Vec2::new(-0.23 * s, -0.08 * s)),
                circle(Vec2::new(0.23 * s, -0.08 * s)),
                (
                    Vec2::new(0.0, 0.0),
                    (0..12)
                        .map(|i| Vec2::from_angle(i as f32 / 12.0 * TAU) * 0.12 * s)
                        .collect(),
                ),
                (Vec2::new(0.0, -0.32 * s), stem(s)),
            ])
        }
    }
}

/// The classic heart curve, scaled to `s` tall; upside down for the spade's blade.
fn heart(s: f32, flip: bool) -> Vec<Vec2> {
    let n = 48;
    (0..n)
        .map(|i| {
            let t = i as f32 / n as f32 * TAU;
            let x = 16.0 * t.sin().powi(3);
            let y =
                13.0 * t.cos() - 5.0 * (2.0 * t).cos() - 2.0 * (3.0 * t).cos() - (4.0 * t).cos();
            // The curve spans x ±16, y from -17 to about 12; centre it and scale to s.
            let p = Vec2::new(x / 34.0, (y + 2.5) / 32.0) * s;
            if flip { Vec2::new(p.x, -p.y) } else { p }
        })
        .collect()
}

/// The flared foot of a spade or club.
fn stem(s: f32) -> Vec<Vec2> {
    let mut out = vec![Vec2::new(0.05 * s, 0.12 * s)];
    for i in 0..=8 {
        let t = i as f32 / 8.0;
        let x = 0.05 + 0.13 * t * t;
        out.push(Vec2::new(x * s, (0.12 - 0.3 * t) * s));
    }
    for i in (0..=8).rev() {
        let t = i as f32 / 8.0;
        let x = 0.05 + 0.13 * t * t;
        out.push(Vec2::new(-x * s, (0.12 - 0.3 * t) * s));
    }
    out.push(Vec2::new(-0.05 * s, 0.12 * s));
    out
}

/// A crown for court cards: `points` spikes over a band, `w` wide.
pub fn crown(w: f32, points: usize) -> Mesh {
    let h = w * 0.6;
    let mut outline = vec![Vec2::new(w / 2.0, -h / 2.0)];
    let n = points.max(2);
    for i in 0..=2 * (n - 1) {
        let x = w / 2.0 - w * i as f32 / (2 * (n - 1)) as f32;
        let y = if i % 2 == 0 { h / 2.0 } else { -h * 0.02 };
        outline.push(Vec2::new(x, y));
    }
    outline.push(Vec2::new(-w / 2.0, -h / 2.0));
    // Fan from low in the band, which sees every spike.
    fans(&[(Vec2::new(0.0, -h * 0.3), outline)])
}

/// A circle (for the card back's ornament and the redeal mark).
pub fn disc(r: f32) -> Mesh {
    fans(&[(
        Vec2::ZERO,
        (0..40)
            .map(|i| Vec2::from_angle(i as f32 / 40.0 * TAU) * r)
            .collect(),
    )])
}

/// A ring `line` wide, radius `r` to its middle.
pub fn ring(r: f32, line: f32) -> Mesh {
    Annulus::new((r - line / 2.0).max(0.0), r + line / 2.0)
        .mesh()
        .resolution(48)
        .build()
}

/// An ellipse band between two ellipses: the track the Zodiac ring sits on.
pub fn ellipse_band(a: f32, b: f32, width: f32) -> Mesh {
    let ellipse = |ra: f32, rb: f32| -> Vec<Vec2> {
        (0..120)
            .map(|i| Vec2::from_angle(std::f32::consts::FRAC_PI_2 - i as f32 / 120.0 * TAU))
            .map(|d| Vec2::new(ra.max(0.0) * d.x, rb.max(0.0) * d.y))
            .collect()
    };
    band(
        &ellipse(a + width / 2.0, b + width / 2.0),
        &ellipse(a - width / 2.0, b - width / 2.0),
    )
}
