//! Painting on the CPU: pictures drawn once (the table, the card faces, a highlight's frame) are
//! filled from vector shapes and font outlines into plain pixels, anti-aliased, and handed to
//! the renderer as images. Drawn by the renderer instead, each would need a camera, render
//! targets, pipelines and glyph atlases of its own, which a software renderer compiles and keeps
//! (tens of MiB); and it would draw them without anti-aliasing.
//!
//! Coordinates are the world's: y up, in logical pixels; a [`Canvas`] maps them to its texels.

use crate::game::draw::shapes::{self, Shape};
use bevy::asset::RenderAssetUsages;
use bevy::math::{Affine2, Vec2};
use bevy::prelude::{Color, Image};
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureUsages};
use swash::FontRef;
use swash::scale::ScaleContext;
use swash::zeno::Verb;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};

/// The two typefaces painted with, from the `epaint_default_fonts` crate (as `theme::Fonts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Ubuntu Light: words.
    Ui,
    /// Hack: card indices.
    Index,
}

impl Face {
    fn font(self) -> FontRef<'static> {
        let bytes = match self {
            Face::Ui => epaint_default_fonts::UBUNTU_LIGHT,
            Face::Index => epaint_default_fonts::HACK_REGULAR,
        };
        FontRef::from_index(bytes, 0).expect("the crate's fonts are valid")
    }
}

/// Texels to paint into, and how world coordinates map onto them.
pub struct Canvas {
    pixmap: Pixmap,
    /// World (y up, logical pixels, origin at the canvas centre) to texels.
    world: Affine2,
    scale: f32,
}

impl Canvas {
    /// A transparent canvas `w` × `h` texels, `scale` texels to a logical pixel, the world's
    /// origin at its centre.
    pub fn new(w: u32, h: u32, scale: f32) -> Canvas {
        let (w, h) = (w.max(1), h.max(1));
        let pixmap = Pixmap::new(w, h).expect("a canvas at least 1 × 1");
        let world = Affine2::from_translation(Vec2::new(w as f32, h as f32) / 2.0)
            * Affine2::from_scale(Vec2::new(scale, -scale));
        Canvas {
            pixmap,
            world,
            scale,
        }
    }

    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Puts the world's origin `at` texels from the top-left corner.
    pub fn origin_at(&mut self, at: Vec2) {
        self.world =
            Affine2::from_translation(at) * Affine2::from_scale(Vec2::new(self.scale, -self.scale));
    }

    /// Draws a picture made elsewhere (a card of the traditional deck) with its top-left texel
    /// at `corner`.
    pub fn draw(&mut self, picture: &Pixmap, corner: Vec2, paint: &tiny_skia::PixmapPaint) {
        self.pixmap.draw_pixmap(
            corner.x.round() as i32,
            corner.y.round() as i32,
            picture.as_ref(),
            paint,
            Transform::identity(),
            None,
        );
    }

    /// Covers the whole canvas with one colour.
    pub fn flood(&mut self, colour: Color) {
        self.pixmap.fill(skia_colour(colour));
    }

    /// Fills `shape` in `colour`, its origin moved to `at`.
    pub fn fill(&mut self, shape: &Shape, colour: Color, at: Vec2) {
        self.fill_turned(shape, colour, at, 0.0);
    }

    /// Fills `shape` in `colour`, turned by `turn` radians about its origin, then moved to `at`.
    pub fn fill_turned(&mut self, shape: &Shape, colour: Color, at: Vec2, turn: f32) {
        let mut path = PathBuilder::new();
        for (outline, hole) in shape
            .solids
            .iter()
            .map(|o| (o, false))
            .chain(shape.holes.iter().map(|o| (o, true)))
        {
            // Solids one way round, holes the other: with the non-zero rule the solids then
            // make a union and each hole cuts its solid.
            let forwards = (shapes::signed_area(outline) > 0.0) != hole;
            let mut points: Box<dyn Iterator<Item = &Vec2>> = if forwards {
                Box::new(outline.iter())
            } else {
                Box::new(outline.iter().rev())
            };
            let Some(first) = points.next() else { continue };
            path.move_to(first.x, first.y);
            for p in points {
                path.line_to(p.x, p.y);
            }
            path.close();
        }
        let place = Affine2::from_translation(at) * Affine2::from_angle(turn);
        self.fill_path(path, colour, place);
    }

    /// Writes `text` in `face`, `size` logical pixels to the em, its middle at `at` (the middle
    /// of its line: from the font's ascent to its descent), turned by `turn` radians.
    pub fn text(&mut self, text: &str, face: Face, size: f32, colour: Color, at: Vec2, turn: f32) {
        let font = face.font();
        let mut context = ScaleContext::new();
        // Outlines at the size in texels, so a hinting-free outline is as exact as it can be.
        let ppem = size * self.scale;
        let mut scaler = context.builder(font).size(ppem).hint(false).build();
        let metrics = font.metrics(&[]).scale(ppem);
        let glyphs = font.glyph_metrics(&[]).scale(ppem);
        let charmap = font.charmap();
        let ids: Vec<_> = text.chars().map(|c| charmap.map(c)).collect();
        let width: f32 = ids.iter().map(|&g| glyphs.advance_width(g)).sum();
        let baseline = -(metrics.ascent - metrics.descent) / 2.0;
        let mut path = PathBuilder::new();
        let mut x = -width / 2.0;
        for &id in &ids {
            if let Some(outline) = scaler.scale_outline(id) {
                let mut points = outline.points().iter();
                let mut next = || {
                    points
                        .next()
                        .map(|p| (p.x + x, p.y + baseline))
                        .unwrap_or((x, baseline))
                };
                for verb in outline.verbs() {
                    match verb {
                        Verb::MoveTo => {
                            let (x, y) = next();
                            path.move_to(x, y);
                        }
                        Verb::LineTo => {
                            let (x, y) = next();
                            path.line_to(x, y);
                        }
                        Verb::QuadTo => {
                            let ((x1, y1), (x, y)) = (next(), next());
                            path.quad_to(x1, y1, x, y);
                        }
                        Verb::CurveTo => {
                            let ((x1, y1), (x2, y2), (x, y)) = (next(), next(), next());
                            path.cubic_to(x1, y1, x2, y2, x, y);
                        }
                        Verb::Close => path.close(),
                    }
                }
            }
            x += glyphs.advance_width(id);
        }
        // The outline is in texels already: scale back to world units for the transform.
        let place = Affine2::from_translation(at)
            * Affine2::from_angle(turn)
            * Affine2::from_scale(Vec2::splat(1.0 / self.scale));
        self.fill_path(path, colour, place);
    }

    fn fill_path(&mut self, path: PathBuilder, colour: Color, place: Affine2) {
        let Some(path) = path.finish() else { return };
        let m = self.world * place;
        let (a, b) = (m.matrix2.x_axis, m.matrix2.y_axis);
        let transform = Transform::from_row(a.x, a.y, b.x, b.y, m.translation.x, m.translation.y);
        let mut paint = Paint::default();
        paint.set_color(skia_colour(colour));
        paint.anti_alias = true;
        self.pixmap
            .fill_path(&path, &paint, FillRule::Winding, transform, None);
    }

    /// The colour of one texel, straight (not premultiplied) sRGB.
    pub fn texel(&self, x: u32, y: u32) -> [u8; 4] {
        self.pixmap
            .pixel(x, y)
            .map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .unwrap_or_default()
    }

    /// The canvas as an image for the renderer (sRGB, straight alpha), kept by the GPU only and
    /// copyable into a frame (`backdrop`).
    pub fn into_image(self) -> Image {
        let (w, h) = (self.pixmap.width(), self.pixmap.height());
        let mut data = self.pixmap.take();
        // tiny-skia keeps colours premultiplied by alpha; the renderer wants them straight.
        for texel in data.chunks_exact_mut(4) {
            let a = u32::from(texel[3]);
            if a != 0 && a != 255 {
                for c in &mut texel[..3] {
                    *c = ((u32::from(*c) * 255 + a / 2) / a).min(255) as u8;
                }
            }
        }
        let mut image = Image::new(
            Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        );
        image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
        image
    }
}

fn skia_colour(colour: Color) -> tiny_skia::Color {
    let c = colour.to_srgba();
    tiny_skia::Color::from_rgba(
        c.red.clamp(0.0, 1.0),
        c.green.clamp(0.0, 1.0),
        c.blue.clamp(0.0, 1.0),
        c.alpha.clamp(0.0, 1.0),
    )
    .unwrap_or(tiny_skia::Color::TRANSPARENT)
}

/// One white shape on a transparent image just big enough for it at `scale`, and the image's
/// size in logical pixels: a sprite of it, tinted, shows the shape in any colour.
pub fn stencil(shape: &Shape, w: f32, h: f32, scale: f32) -> (Image, Vec2) {
    stencil_with(w, h, scale, |canvas| {
        canvas.fill(shape, Color::WHITE, Vec2::ZERO)
    })
}

/// An image for something `w` × `h` logical pixels that `draw` paints in white about the
/// origin, and the image's size in logical pixels (as [`stencil`]).
pub fn stencil_with(w: f32, h: f32, scale: f32, draw: impl FnOnce(&mut Canvas)) -> (Image, Vec2) {
    // A texel's margin keeps the anti-aliased edge inside; even sizes keep the centre on the
    // texel grid.
    let texels = |v: f32| {
        let t = (v * scale).ceil() as u32 + 2;
        t + t % 2
    };
    let (tw, th) = (texels(w), texels(h));
    let mut canvas = Canvas::new(tw, th, scale);
    draw(&mut canvas);
    (canvas.into_image(), Vec2::new(tw as f32, th as f32) / scale)
}

/// Whether a texel shows `colour`, each sRGB channel and alpha within `tolerance`.
#[cfg(test)]
pub fn shows(texel: [u8; 4], colour: Color, tolerance: u8) -> bool {
    use bevy::color::ColorToPacked;
    let want = colour.to_srgba().to_u8_array();
    texel
        .iter()
        .zip(want)
        .all(|(a, b)| a.abs_diff(b) <= tolerance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: [u8; 4], b: Color) -> bool {
        shows(a, b, 2)
    }

    #[test]
    fn a_shape_fills_its_inside_and_nothing_else_and_a_hole_stays_open() {
        let mut canvas = Canvas::new(40, 40, 1.0);
        let red = Color::srgb(0.8, 0.1, 0.1);
        canvas.fill(&shapes::ring(10.0, 4.0), red, Vec2::ZERO);
        // Centre (the hole), on the ring (10 to the right of the centre), far corner.
        assert_eq!(canvas.texel(20, 20)[3], 0);
        assert!(
            close(canvas.texel(30, 20), red),
            "{:?}",
            canvas.texel(30, 20)
        );
        assert_eq!(canvas.texel(1, 1)[3], 0);
    }

    #[test]
    fn world_coordinates_have_y_up_and_scale_to_texels() {
        let mut canvas = Canvas::new(100, 100, 2.0);
        canvas.fill(
            &shapes::rounded_rect(4.0, 4.0, 0.0),
            Color::BLACK,
            Vec2::new(10.0, 10.0),
        );
        // 10 logical pixels up and right of the centre is 20 texels right, 20 texels up.
        assert_eq!(canvas.texel(70, 30)[3], 255);
        assert_eq!(canvas.texel(70, 70)[3], 0);
        assert_eq!(canvas.texel(30, 30)[3], 0);
    }

    #[test]
    fn text_is_drawn_centred_where_it_is_put() {
        let mut canvas = Canvas::new(80, 40, 1.0);
        canvas.text("10", Face::Index, 24.0, Color::BLACK, Vec2::ZERO, 0.0);
        let inked = |x0: u32, x1: u32| {
            (x0..x1)
                .flat_map(|x| (0..40).map(move |y| (x, y)))
                .filter(|&(x, y)| canvas.texel(x, y)[3] > 128)
                .count()
        };
        // Ink on both sides of the middle, none near the canvas's left and right ends.
        assert!(inked(26, 40) > 10 && inked(40, 54) > 10);
        assert_eq!(inked(0, 20) + inked(60, 80), 0);
    }

    #[test]
    fn an_image_has_straight_alpha_and_the_canvas_size() {
        let mut canvas = Canvas::new(8, 6, 1.0);
        canvas.flood(Color::srgba(1.0, 1.0, 1.0, 0.5));
        let image = canvas.into_image();
        assert_eq!((image.width(), image.height()), (8, 6));
        let data = image.data.as_ref().unwrap();
        assert!(
            data[0] >= 253 && data[3].abs_diff(128) <= 1,
            "{:?}",
            &data[..4]
        );
    }

    #[test]
    fn a_stencil_holds_its_whole_shape() {
        let (image, size) = stencil(&shapes::rounded_rect(30.0, 20.0, 3.0), 30.0, 20.0, 1.5);
        assert!(size.x >= 30.0 && size.y >= 20.0);
        let data = image.data.as_ref().unwrap();
        let w = image.width() as usize;
        let alpha = |x: usize, y: usize| data[(y * w + x) * 4 + 3];
        assert_eq!(alpha(w / 2, image.height() as usize / 2), 255);
        assert_eq!(alpha(0, 0), 0);
    }
}
