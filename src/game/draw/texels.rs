//! Painted images kept on the CPU, and the frame's backdrop put together from them: the table
//! picture with every card at rest laid on it (see `backdrop`). Pure: no ECS, no renderer.
//!
//! The texels are kept as runs of one colour per row. The felt, the track and a card's white are
//! long runs, so the table picture and the card atlas take a fraction of their size in memory.

/// An image's straight-alpha sRGB texels, row by row as runs of one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Texels {
    width: u32,
    height: u32,
    /// Where each row's runs start in `runs`, and one more for the end.
    rows: Vec<u32>,
    /// (length, colour); a run never crosses a row's end.
    runs: Vec<(u16, [u8; 4])>,
}

impl Texels {
    /// From `width` × `height` RGBA texels, row after row (an `Image`'s data).
    pub fn new(width: u32, height: u32, data: &[u8]) -> Texels {
        let mut rows = Vec::with_capacity(height as usize + 1);
        let mut runs: Vec<(u16, [u8; 4])> = Vec::new();
        for row in data
            .chunks_exact(4 * width.max(1) as usize)
            .take(height as usize)
        {
            rows.push(runs.len() as u32);
            let start = runs.len();
            for t in row.chunks_exact(4) {
                let texel = [t[0], t[1], t[2], t[3]];
                let in_row = runs.len() > start;
                match runs.last_mut() {
                    Some((n, c)) if in_row && *c == texel && *n < u16::MAX => *n += 1,
                    _ => runs.push((1, texel)),
                }
            }
        }
        // Rows the data was too short for are transparent.
        while rows.len() < height as usize {
            rows.push(runs.len() as u32);
            let mut left = width;
            while left > 0 {
                let n = left.min(u32::from(u16::MAX));
                runs.push((n as u16, [0; 4]));
                left -= n;
            }
        }
        rows.push(runs.len() as u32);
        runs.shrink_to_fit();
        Texels {
            width,
            height,
            rows,
            runs,
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Calls `f(x, texel)` for the texels `x0..x1` of row `y` (clipped to the image), left to
    /// right.
    pub fn row(&self, y: u32, x0: u32, x1: u32, mut f: impl FnMut(u32, [u8; 4])) {
        if y >= self.height {
            return;
        }
        let x1 = x1.min(self.width);
        let (from, to) = (self.rows[y as usize], self.rows[y as usize + 1]);
        let mut x = 0u32;
        for &(n, colour) in &self.runs[from as usize..to as usize] {
            let end = x + u32::from(n);
            for at in x.max(x0)..end.min(x1) {
                f(at, colour);
            }
            x = end;
            if x >= x1 {
                break;
            }
        }
    }
}

/// Part of a kept image laid onto the backdrop: `source`'s texels `from` (x, y, width, height),
/// their top left corner at `at` in the backdrop's texels (may lie partly or wholly outside).
#[derive(Clone)]
pub struct Laid<'a> {
    pub source: &'a Texels,
    pub from: [u32; 4],
    pub at: [i32; 2],
    /// Multiplies each texel (a white stencil shows in this colour), straight sRGB.
    pub tint: [u8; 4],
}

impl Laid<'_> {
    /// The texels this covers on the backdrop: x, y, width, height (x and y may be negative).
    pub fn area(&self) -> [i32; 4] {
        [
            self.at[0],
            self.at[1],
            self.from[2] as i32,
            self.from[3] as i32,
        ]
    }
}

/// Part of the backdrop, `clip` (x, y, width, height, inside `base`): `base` with each of `laid`
/// blended over it in turn ("over", straight alpha), as RGBA rows.
pub fn compose(base: &Texels, laid: &[Laid], clip: [u32; 4]) -> Vec<u8> {
    let [cx, cy, cw, ch] = clip;
    let (cx1, cy1) = ((cx + cw).min(base.width), (cy + ch).min(base.height));
    let (cw, ch) = (cx1.saturating_sub(cx), cy1.saturating_sub(cy));
    let mut out = Vec::with_capacity(cw as usize * ch as usize * 4);
    for y in cy..cy1 {
        base.row(y, cx, cx1, |_, t| out.extend_from_slice(&t));
    }
    let (cx, cy, cx1, cy1) = (i64::from(cx), i64::from(cy), i64::from(cx1), i64::from(cy1));
    for l in laid {
        let [sx, sy, sw, sh] = l.from;
        let (ax, ay) = (i64::from(l.at[0]), i64::from(l.at[1]));
        // The source columns that land inside the clip.
        let left = (cx - ax).clamp(0, i64::from(sw)) as u32;
        let right = (cx1 - ax).clamp(0, i64::from(sw)) as u32;
        if left >= right {
            continue;
        }
        for row in 0..sh {
            let y = ay + i64::from(row);
            if !(cy..cy1).contains(&y) {
                continue;
            }
            let line = ((y - cy) * i64::from(cw)) as usize * 4;
            l.source.row(sy + row, sx + left, sx + right, |x, texel| {
                let dx = (ax + i64::from(x - sx) - cx) as usize;
                blend(
                    &mut out[line + dx * 4..line + dx * 4 + 4],
                    tint(texel, l.tint),
                );
            });
        }
    }
    out
}

fn tint(t: [u8; 4], by: [u8; 4]) -> [u8; 4] {
    if by == [255; 4] {
        return t;
    }
    let m = |a: u8, b: u8| ((u32::from(a) * u32::from(b) + 127) / 255) as u8;
    [
        m(t[0], by[0]),
        m(t[1], by[1]),
        m(t[2], by[2]),
        m(t[3], by[3]),
    ]
}

fn blend(dst: &mut [u8], src: [u8; 4]) {
    let a = u32::from(src[3]);
    match a {
        0 => {}
        255 => dst.copy_from_slice(&src),
        _ => {
            let da = u32::from(dst[3]);
            // Result alpha, and each colour weighted by its share of it.
            let out_a = a + da * (255 - a) / 255;
            for i in 0..3 {
                let c = u32::from(src[i]) * a * 255 + u32::from(dst[i]) * da * (255 - a);
                dst[i] = (c / (out_a * 255).max(1)).min(255) as u8;
            }
            dst[3] = out_a as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .flat_map(|(x, y)| f(x, y))
            .collect()
    }

    /// Every texel, row after row: nothing laid over the whole image.
    fn all(t: &Texels) -> Vec<u8> {
        compose(t, &[], [0, 0, t.width(), t.height()])
    }

    const FELT: [u8; 4] = [14, 69, 48, 255];
    const CARD: [u8; 4] = [250, 248, 240, 255];

    #[test]
    fn runs_give_back_every_texel_and_any_part_of_a_row() {
        let data = image(300, 7, |x, y| {
            if (x / 13 + y) % 3 == 0 {
                [x as u8, y as u8, 9, 255]
            } else {
                FELT
            }
        });
        let t = Texels::new(300, 7, &data);
        assert_eq!(all(&t), data);
        assert!(t.runs.len() < 300 * 7 / 2, "runs are shorter than texels");
        let mut seen = Vec::new();
        t.row(3, 40, 45, |x, c| seen.push((x, c)));
        let want: Vec<_> = (40..45)
            .map(|x| {
                (
                    x,
                    data[(3 * 300 + x as usize) * 4..][..4].try_into().unwrap(),
                )
            })
            .collect();
        assert_eq!(seen, want);
        // Outside the image: nothing, and no panic.
        t.row(7, 0, 300, |_, _| panic!("row 7 does not exist"));
        t.row(0, 299, 900, |x, _| assert_eq!(x, 299));
    }

    #[test]
    fn a_row_longer_than_one_run_can_hold_survives() {
        let w = u32::from(u16::MAX) + 10;
        let data = image(w, 2, |_, _| FELT);
        let t = Texels::new(w, 2, &data);
        assert_eq!(all(&t), data);
        // Data too short for its size: the missing rows are transparent.
        let short = Texels::new(3, 2, &image(3, 1, |_, _| FELT));
        assert_eq!(all(&short)[12..], [0; 12]);
    }

    #[test]
    fn laid_parts_cover_the_base_in_order_and_clip_at_its_edges() {
        let base = Texels::new(10, 10, &image(10, 10, |_, _| FELT));
        // A 4 × 4 card, with a half-transparent black texel in its top left corner.
        let card = Texels::new(
            4,
            4,
            &image(4, 4, |x, y| {
                if (x, y) == (0, 0) {
                    [0, 0, 0, 128]
                } else {
                    CARD
                }
            }),
        );
        let stencil = Texels::new(1, 1, &[255, 255, 255, 255]);
        let laid = [
            Laid {
                source: &card,
                from: [0, 0, 4, 4],
                at: [2, 3],
                tint: [255; 4],
            },
            // Half off the left and top edges: only its inside part shows.
            Laid {
                source: &card,
                from: [1, 1, 3, 3],
                at: [-2, -2],
                tint: [255; 4],
            },
            // Wholly outside.
            Laid {
                source: &card,
                from: [0, 0, 4, 4],
                at: [40, -90],
                tint: [255; 4],
            },
            // A white stencil shows its tint, over the card laid before it.
            Laid {
                source: &stencil,
                from: [0, 0, 1, 1],
                at: [5, 5],
                tint: [200, 10, 10, 255],
            },
        ];
        let out = compose(&base, &laid, [0, 0, 10, 10]);
        let at =
            |x: usize, y: usize| -> [u8; 4] { out[(y * 10 + x) * 4..][..4].try_into().unwrap() };
        assert_eq!(at(0, 0), CARD);
        assert_eq!(at(1, 0), FELT, "the second card covers x 0 only");
        assert_eq!(at(3, 3), CARD);
        assert_eq!(at(5, 6), CARD);
        assert_eq!(at(6, 6), FELT);
        assert_eq!(at(5, 5), [200, 10, 10, 255]);
        // Half black over the felt: halfway between them, opaque.
        let corner = at(2, 3);
        assert_eq!(corner[3], 255);
        for (c, felt) in corner[..3].iter().zip(FELT) {
            assert!(c.abs_diff(felt / 2) <= 1, "{corner:?}");
        }
        assert_eq!(out.len(), 10 * 10 * 4);
        // Any part of it, laid again on its own, is the same as that part of the whole.
        for clip in [
            [2, 3, 4, 4],
            [0, 0, 1, 1],
            [5, 5, 9, 9],
            [9, 9, 1, 1],
            [3, 0, 2, 10],
        ] {
            let part = compose(&base, &laid, clip);
            let [x0, y0, w, h] = clip;
            let (x1, y1) = ((x0 + w).min(10), (y0 + h).min(10));
            let want: Vec<u8> = (y0..y1)
                .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                .flat_map(|(x, y)| at(x as usize, y as usize))
                .collect();
            assert_eq!(part, want, "clip {clip:?}");
        }
    }
}
