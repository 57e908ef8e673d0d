//! Vector shapes the art is drawn from: rounded rectangles, frames, rings and the four suit
//! symbols, as outlines at the size they are shown (y up, centred on the origin), so they stay
//! sharp at any size and scale. `paint` fills them.

use crate::patience::Suit;
use bevy::math::Vec2;
use std::f32::consts::{PI, TAU};

/// A filled shape: the union of its solid outlines, less its holes (each a closed loop; a hole
/// lies inside one solid). Which way a loop runs does not matter.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    pub solids: Vec<Vec<Vec2>>,
    pub holes: Vec<Vec<Vec2>>,
}

impl Shape {
    fn solid(outline: Vec<Vec2>) -> Self {
        Shape {
            solids: vec![outline],
            holes: Vec::new(),
        }
    }

    fn union(parts: Vec<Vec<Vec2>>) -> Self {
        Shape {
            solids: parts,
            holes: Vec::new(),
        }
    }

    /// The band between two loops, the second inside the first.
    fn band(outer: Vec<Vec2>, inner: Vec<Vec2>) -> Self {
        Shape {
            solids: vec![outer],
            holes: vec![inner],
        }
    }
}

/// Twice the signed area of a loop: positive when it runs counter-clockwise (y up).
pub fn signed_area(outline: &[Vec2]) -> f32 {
    let n = outline.len();
    (0..n)
        .map(|i| outline[i].perp_dot(outline[(i + 1) % n]))
        .sum()
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

pub fn rounded_rect(w: f32, h: f32, r: f32) -> Shape {
    Shape::solid(rounded_outline(w, h, r))
}

/// A rounded rectangular frame of the given line width (for outlines and highlights).
pub fn rounded_frame(w: f32, h: f32, r: f32, line: f32) -> Shape {
    let outer = rounded_outline(w, h, r);
    let inner = rounded_outline(w - 2.0 * line, h - 2.0 * line, (r - line).max(0.0));
    Shape::band(outer, inner)
}

/// A suit symbol about `size` tall, centred on the origin.
pub fn suit(suit: Suit, size: f32) -> Shape {
    let s = size;
    match suit {
        Suit::Hearts => Shape::solid(heart(s, false)),
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
            Shape::solid(outline)
        }
        Suit::Spades => Shape::union(vec![
            heart(s * 0.92, true)
                .into_iter()
                .map(|p| p + Vec2::new(0.0, 0.08 * s))
                .collect(),
            stem(s),
        ]),
        Suit::Clubs => {
            let r = 0.22 * s;
            Shape::union(vec![
                circle(Vec2::new(0.0, 0.24 * s), r),
                circle(Vec2::new(-0.23 * s, -0.08 * s), r),
                circle(Vec2::new(0.23 * s, -0.08 * s), r),
                circle(Vec2::ZERO, 0.12 * s),
                stem(s),
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
pub fn crown(w: f32, points: usize) -> Shape {
    let h = w * 0.6;
    let mut outline = vec![Vec2::new(w / 2.0, -h / 2.0)];
    let n = points.max(2);
    for i in 0..=2 * (n - 1) {
        let x = w / 2.0 - w * i as f32 / (2 * (n - 1)) as f32;
        let y = if i % 2 == 0 { h / 2.0 } else { -h * 0.02 };
        outline.push(Vec2::new(x, y));
    }
    outline.push(Vec2::new(-w / 2.0, -h / 2.0));
    Shape::solid(outline)
}

/// A circle's outline.
fn circle(centre: Vec2, r: f32) -> Vec<Vec2> {
    (0..48)
        .map(|i| centre + Vec2::from_angle(i as f32 / 48.0 * TAU) * r)
        .collect()
}

/// A circle (for the card back's ornament).
pub fn disc(r: f32) -> Shape {
    Shape::solid(circle(Vec2::ZERO, r))
}

/// A ring `line` wide, radius `r` to its middle.
pub fn ring(r: f32, line: f32) -> Shape {
    Shape::band(
        circle(Vec2::ZERO, r + line / 2.0),
        circle(Vec2::ZERO, (r - line / 2.0).max(0.0)),
    )
}

/// An ellipse band between two ellipses: the track the Zodiac ring sits on.
pub fn ellipse_band(a: f32, b: f32, width: f32) -> Shape {
    let ellipse = |ra: f32, rb: f32| -> Vec<Vec2> {
        (0..180)
            .map(|i| Vec2::from_angle(i as f32 / 180.0 * TAU))
            .map(|d| Vec2::new(ra.max(0.0) * d.x, rb.max(0.0) * d.y))
            .collect()
    };
    Shape::band(
        ellipse(a + width / 2.0, b + width / 2.0),
        ellipse(a - width / 2.0, b - width / 2.0),
    )
}
