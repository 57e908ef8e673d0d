//! The statistics panel's two charts, painted with the game's own painter (`draw::paint`): a
//! line of the win rate over the last games and bars of the winning times. A plotting crate
//! would bring its own fonts and raster back end for two small pictures the painter already
//! draws crisply at any scale.

use crate::game::draw::paint::{Canvas, Face};
use crate::game::draw::shapes::{Shape, rounded_rect};
use crate::game::theme::Palette;
use bevy::prelude::*;

/// What a chart shows: its points (oldest first), drawn as a line or as bars from 0 to `top`,
/// with labels at 0, half and `top`.
pub struct Chart {
    pub points: Vec<f32>,
    pub top: f32,
    pub bars: bool,
    /// A value's label on the left axis.
    pub label: fn(f32) -> String,
    /// Said when there are no points.
    pub empty: &'static str,
}

/// Logical pixels the axis labels take on the left.
const LEFT: f32 = 46.0;
const PAD: f32 = 8.0;

/// A quad from `a` to `b`, `width` wide: one segment of a line.
fn segment(a: Vec2, b: Vec2, width: f32) -> Vec<Vec2> {
    let along = (b - a).normalize_or_zero();
    let side = along.perp() * width / 2.0;
    // Overlapping a little at each end joins the segments without gaps.
    let (a, b) = (a - along * width / 4.0, b + along * width / 4.0);
    vec![a + side, b + side, b - side, a - side]
}

/// The chart as an image `w` × `h` logical pixels, `scale` texels to one.
pub fn paint(chart: &Chart, w: f32, h: f32, scale: f32) -> Image {
    let mut canvas = Canvas::new((w * scale).ceil() as u32, (h * scale).ceil() as u32, scale);
    canvas.fill(&rounded_rect(w, h, 6.0), Palette::FELT, Vec2::ZERO);
    // The plot's rectangle, in the world's coordinates (origin at the centre, y up).
    let (x0, x1) = (-w / 2.0 + LEFT, w / 2.0 - PAD);
    let (y0, y1) = (-h / 2.0 + PAD, h / 2.0 - PAD);
    let y_of = |v: f32| y0 + (v / chart.top.max(f32::EPSILON)).clamp(0.0, 1.0) * (y1 - y0);
    for v in [0.0, chart.top / 2.0, chart.top] {
        let y = y_of(v);
        let line = Shape {
            solids: vec![segment(Vec2::new(x0, y), Vec2::new(x1, y), 1.0)],
            holes: Vec::new(),
        };
        canvas.fill(&line, Palette::SLOT_LINE, Vec2::ZERO);
        canvas.text(
            &(chart.label)(v),
            Face::Ui,
            12.0,
            Palette::CAPTION,
            Vec2::new(-w / 2.0 + LEFT / 2.0, y),
            0.0,
        );
    }
    let n = chart.points.len();
    if n == 0 {
        canvas.text(
            chart.empty,
            Face::Ui,
            14.0,
            Palette::HUD_TEXT,
            Vec2::new((x0 + x1) / 2.0, (y0 + y1) / 2.0),
            0.0,
        );
        return canvas.into_image();
    }
    let step = (x1 - x0) / n as f32;
    if chart.bars {
        let width = (step * 0.7).max(1.0);
        let mut shape = Shape::default();
        for (i, &v) in chart.points.iter().enumerate() {
            let x = x0 + step * (i as f32 + 0.5);
            let top = y_of(v).max(y0 + 1.0);
            shape.solids.push(vec![
                Vec2::new(x - width / 2.0, y0),
                Vec2::new(x + width / 2.0, y0),
                Vec2::new(x + width / 2.0, top),
                Vec2::new(x - width / 2.0, top),
            ]);
        }
        canvas.fill(&shape, Palette::HINT, Vec2::ZERO);
    } else {
        let at = |i: usize| Vec2::new(x0 + step * (i as f32 + 0.5), y_of(chart.points[i]));
        let mut shape = Shape::default();
        if n == 1 {
            let p = at(0);
            shape
                .solids
                .push(segment(p - Vec2::X * 3.0, p + Vec2::X * 3.0, 3.0));
        }
        for i in 1..n {
            shape.solids.push(segment(at(i - 1), at(i), 2.5));
        }
        canvas.fill(&shape, Palette::HIGHLIGHT, Vec2::ZERO);
    }
    canvas.into_image()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::draw::paint::shows;

    fn texel(image: &Image, x: u32, y: u32) -> [u8; 4] {
        let w = image.width();
        let i = 4 * (y * w + x) as usize;
        let data = image.data.as_ref().unwrap();
        [data[i], data[i + 1], data[i + 2], data[i + 3]]
    }

    #[test]
    fn a_line_rises_where_the_rate_does_and_bars_stand_where_the_times_are() {
        let (w, h) = (300.0, 100.0);
        let line = Chart {
            points: vec![0.0, 100.0],
            top: 100.0,
            bars: false,
            label: |v| format!("{v:.0}%"),
            empty: "No games yet",
        };
        let image = paint(&line, w, h, 1.0);
        assert_eq!((image.width(), image.height()), (300, 100));
        // The line starts low on the left and ends high on the right.
        let col = |x: u32| (0..100).find(|&y| shows(texel(&image, x, y), Palette::HIGHLIGHT, 40));
        // The two points lie a quarter and three quarters along the plot (texels 108 and 231).
        let (left, right) = (col(120), col(225));
        assert!(left.unwrap() > right.unwrap(), "{left:?} {right:?}");
        let bars = Chart {
            points: vec![10.0, 0.0, 20.0],
            top: 20.0,
            bars: true,
            ..line
        };
        let image = paint(&bars, w, h, 2.0);
        let step = (300.0 - LEFT - PAD) / 3.0;
        let x = |i: f32| ((LEFT + step * (i + 0.5)) * 2.0) as u32;
        let height = |x: u32| {
            (0..200)
                .filter(|&y| shows(texel(&image, x, y), Palette::HINT, 40))
                .count()
        };
        assert!(height(x(2.0)) > height(x(0.0)) && height(x(0.0)) > height(x(1.0)));
    }
}
