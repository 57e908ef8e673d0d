//! The traditional deck: Adrian Kennard's SVG playing cards (public domain, see
//! `assets/README.md`), compiled into the binary and rendered by resvg at the card's exact size
//! in texels, so they are as sharp as vector art at any window size and scale factor.
//!
//! Two things are changed on the way, in the SVG text before it is read:
//! - four colours: the suit and index symbols of ♦ turn blue and of ♣ green (the court
//!   figures keep their own colours);
//! - a small card gets a larger corner index, on a white ground over the corner, wherever the
//!   printed one would be less than [`MIN_INDEX_PX`] tall: the player must read every card.
//!   It is a small picture of its own, drawn over the face.
//!
//! Reading the 52 faces takes longer than drawing them, so each colouring is read once per run
//! (the two-colour one on a thread of its own as the game starts), on every core; drawing is
//! spread over the cores too.

use crate::game::draw::paint::Canvas;
use crate::game::theme::Palette;
use crate::patience::{Card, Suit};
use bevy::prelude::{Color, Vec2};
use resvg::tiny_skia::{Pixmap, PixmapPaint, Transform};
use resvg::usvg;
pub use resvg::usvg::Tree;
use std::sync::OnceLock;

/// The smallest index, in logical pixels, that reads at a glance.
pub const MIN_INDEX_PX: f32 = 11.0;

/// The cards' own size, in SVG units.
const SVG_W: f32 = 240.0;
const SVG_H: f32 = 336.0;
/// The printed index: the rank's box (its glyph fills 92% of it) and the suit's under it.
const RANK_BOX: f32 = 32.0;
const RANK_GLYPH: f32 = RANK_BOX * 0.92;
const RANK_AT: (f32, f32) = (-114.4, -156.0);
const SUIT_BOX: f32 = 26.769;
const SUIT_AT: (f32, f32) = (-111.784, -119.0);

macro_rules! suit_files {
    ($s:literal) => {
        [
            include_str!(concat!("../../../assets/cards/traditional/A", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/2", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/3", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/4", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/5", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/6", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/7", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/8", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/9", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/T", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/J", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/Q", $s, ".svg")),
            include_str!(concat!("../../../assets/cards/traditional/K", $s, ".svg")),
        ]
    };
}

/// Every face, in card-index order (clubs, spades, hearts, diamonds; Ace to King).
const FACES: [[&str; 13]; 4] = [
    suit_files!("C"),
    suit_files!("S"),
    suit_files!("H"),
    suit_files!("D"),
];

/// The set's two backs: a black lattice and a red one.
const BACKS: [&str; 2] = [
    include_str!("../../../assets/cards/traditional/back-1.svg"),
    include_str!("../../../assets/cards/traditional/back-2.svg"),
];

/// The four-colour hues: ♦ and ♣.
fn hues() -> (Color, Color) {
    (Palette::BLUE, Palette::GREEN)
}

/// The SVG text of a face, recoloured for four colours if asked.
pub fn face_svg(card: Card, four_colour: bool) -> String {
    let mut svg = FACES[card.suit() as usize][usize::from(card.rank() - 1)].to_string();
    let (rank_use, suit_use) = index_uses(&svg);
    let (diamonds, clubs) = hues();
    let hue = match card.suit() {
        Suit::Diamonds if four_colour => Some(diamonds),
        Suit::Clubs if four_colour => Some(clubs),
        _ => None,
    };
    if let Some(hue) = hue {
        for id in [&rank_use, &suit_use].iter().filter_map(|u| href(u)) {
            svg = recolour_symbol(&svg, &id, &hex(hue));
        }
    }
    svg
}

/// A picture of the face's index alone, `grow` times larger than printed, on a white ground,
/// in both corners, to draw over the face; none when `grow` is 1 or less.
pub fn index_svg(card: Card, four_colour: bool, grow: f32) -> Option<String> {
    if grow <= 1.0 {
        return None;
    }
    let face = face_svg(card, four_colour);
    let (rank_use, suit_use) = index_uses(&face);
    let symbols: String = [&rank_use, &suit_use]
        .iter()
        .filter_map(|u| href(u))
        .filter_map(|id| symbol(&face, &id))
        .collect();
    let corner = enlarged_index(&rank_use, &suit_use, grow)?;
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{w}\" height=\"{h}\" viewBox=\"{x} {y} {w} {h}\" preserveAspectRatio=\"none\">\
         <defs>{symbols}</defs><g>{corner}</g><g transform=\"rotate(180)\">{corner}</g></svg>",
        w = trim(SVG_W),
        h = trim(SVG_H),
        x = trim(-SVG_W / 2.0),
        y = trim(-SVG_H / 2.0),
    ))
}

/// The SVG text of a back (0 or 1).
pub fn back_svg(which: usize) -> &'static str {
    BACKS[which.min(BACKS.len() - 1)]
}

/// How much the index must grow for a card `card_h` logical pixels tall to have an index
/// [`MIN_INDEX_PX`] tall (1 when the printed one is big enough). In steps of a twentieth, so
/// that resizing the window reads the index pictures again only now and then.
pub fn index_growth(card_h: f32) -> f32 {
    let printed = RANK_GLYPH / SVG_H * card_h;
    let grow = (MIN_INDEX_PX / printed.max(0.1)).max(1.0);
    (grow * 20.0).ceil() / 20.0
}

/// Parses SVG text; the cards are compiled in and tested, so this cannot fail on them.
pub fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the card SVGs are valid")
}

/// Every face read, in card-index order, for two colours (`false`) or four.
pub fn faces(four_colour: bool) -> &'static [usvg::Tree] {
    static READ: [OnceLock<Vec<usvg::Tree>>; 2] = [OnceLock::new(), OnceLock::new()];
    READ[usize::from(four_colour)].get_or_init(|| {
        on_every_core((0..52u8).collect(), |&i| {
            parse(&face_svg(
                Card::from_index(i).expect("under 52"),
                four_colour,
            ))
        })
    })
}

/// The two backs, read.
pub fn backs() -> &'static [usvg::Tree] {
    static READ: OnceLock<Vec<usvg::Tree>> = OnceLock::new();
    READ.get_or_init(|| (0..BACKS.len()).map(|b| parse(back_svg(b))).collect())
}

/// Reads the two-colour faces now, on a thread of its own, so that the first atlas finds them
/// ready.
pub fn read_ahead() {
    let _ = std::thread::Builder::new()
        .name("zodiac cards".into())
        .spawn(|| {
            faces(false);
        });
}

/// `work` on each item, spread over the machine's cores; the answers in the items' order.
pub fn on_every_core<I: Sync, T: Send>(items: Vec<I>, work: impl Fn(&I) -> T + Sync) -> Vec<T> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let share = items.len().div_ceil(cores).max(1);
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = items
            .chunks(share)
            .map(|chunk| scope.spawn(move || chunk.iter().map(work).collect::<Vec<T>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a card picture is read or drawn"))
            .collect()
    })
}

/// Draws `pictures` (each a face with, maybe, its index picture over it) into `canvas`, each
/// in the rectangle of `w` × `h` texels whose top-left texel is its corner; spread over the
/// cores.
pub fn render_all(canvas: &mut Canvas, pictures: Vec<(Vec2, Vec<&usvg::Tree>)>, w: f32, h: f32) {
    let (pw, ph) = (w.round().max(1.0) as u32, h.round().max(1.0) as u32);
    let drawn = on_every_core(pictures, |(corner, trees)| {
        let mut pixmap = Pixmap::new(pw, ph).expect("a card at least 1 × 1");
        for tree in trees {
            let own = tree.size();
            let fit = Transform::from_scale(pw as f32 / own.width(), ph as f32 / own.height());
            resvg::render(tree, fit, &mut pixmap.as_mut());
        }
        (*corner, pixmap)
    });
    for (corner, pixmap) in drawn {
        canvas.draw(&pixmap, corner, &PixmapPaint::default());
    }
}

/// The two `<use>` elements of the printed top-left index: the rank's and the suit's.
fn index_uses(svg: &str) -> (String, String) {
    let find = |size: f32, at: (f32, f32)| {
        let wanted = [
            format!("height=\"{}\"", trim(size)),
            format!("x=\"{}\"", trim(at.0)),
            format!("y=\"{}\"", trim(at.1)),
        ];
        svg.match_indices("<use ")
            .map(|(i, _)| &svg[i..i + svg[i..].find("/>").map_or(0, |e| e + 2)])
            .find(|u| wanted.iter().all(|w| u.contains(w.as_str())))
            .unwrap_or_default()
            .to_string()
    };
    (find(RANK_BOX, RANK_AT), find(SUIT_BOX, SUIT_AT))
}

/// A number as the SVG files write it (`-114.4`, `32`, `26.769`).
fn trim(v: f32) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The id a `<use>` refers to.
fn href(element: &str) -> Option<String> {
    let start = element.find("xlink:href=\"#")? + "xlink:href=\"#".len();
    let end = element[start..].find('"')? + start;
    Some(element[start..end].to_string())
}

fn hex(colour: Color) -> String {
    let c = colour.to_srgba();
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        byte(c.red),
        byte(c.green),
        byte(c.blue)
    )
}

/// The symbol `id` drawn in `colour`: its red and black paint, and the black it would take by
/// default, turn to `colour`.
fn recolour_symbol(svg: &str, id: &str, colour: &str) -> String {
    let open = format!("<symbol id=\"{id}\"");
    let Some(start) = svg.find(&open) else {
        return svg.to_string();
    };
    let Some(len) = svg[start..].find("</symbol>") else {
        return svg.to_string();
    };
    let body = &svg[start..start + len];
    let mut new = body
        .replace("\"red\"", &format!("\"{colour}\""))
        .replace("\"#000\"", &format!("\"{colour}\""))
        .replace("\"black\"", &format!("\"{colour}\""));
    // A path with no fill of its own is filled black: give it the colour.
    new = new
        .split("<path ")
        .enumerate()
        .map(|(i, part)| {
            let end = part.find('>').unwrap_or(part.len());
            if i == 0 || part[..end].contains("fill=") {
                part.to_string()
            } else {
                format!("fill=\"{colour}\" {part}")
            }
        })
        .collect::<Vec<_>>()
        .join("<path ");
    format!("{}{new}{}", &svg[..start], &svg[start + len..])
}

/// Sets a `<use>` element's box.
fn with_box(element: &str, x: f32, y: f32, size: f32) -> String {
    let mut out = element.to_string();
    for (name, value) in [("x", x), ("y", y), ("width", size), ("height", size)] {
        let key = format!(" {name}=\"");
        if let Some(start) = out.find(&key) {
            let from = start + key.len();
            let end = out[from..].find('"').map_or(from, |e| e + from);
            out.replace_range(from..end, &trim(value));
        }
    }
    out
}

/// The `<symbol>` element with this id, whole.
fn symbol(svg: &str, id: &str) -> Option<String> {
    let start = svg.find(&format!("<symbol id=\"{id}\""))?;
    let len = svg[start..].find("</symbol>")? + "</symbol>".len();
    Some(svg[start..start + len].to_string())
}

/// The index `grow` times larger than printed, its top-left corner where the printed one's is,
/// on a white ground that covers what lies under it.
fn enlarged_index(rank_use: &str, suit_use: &str, grow: f32) -> Option<String> {
    if rank_use.is_empty() || suit_use.is_empty() {
        return None;
    }
    let (rank, suit) = (RANK_BOX * grow, SUIT_BOX * grow);
    let (left, top) = RANK_AT;
    let middle = left + rank / 2.0;
    let gap = (SUIT_AT.1 - RANK_AT.1 - RANK_BOX) * grow;
    let suit_top = top + rank + gap;
    let pad = 3.0;
    let ground = format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"#fff\"/>",
        trim(left - pad),
        trim(top - pad),
        trim(rank.max(suit) + 2.0 * pad),
        trim(suit_top + suit - top + 2.0 * pad),
    );
    Some(format!(
        "{ground}{}{}",
        with_box(rank_use, left, top, rank),
        with_box(suit_use, middle - suit / 2.0, suit_top, suit)
    ))
}

/// Every face's larger index picture, read (none when `grow` is 1).
pub fn indices(four_colour: bool, grow: f32) -> Vec<Option<usvg::Tree>> {
    if grow <= 1.0 {
        return (0..52).map(|_| None).collect();
    }
    on_every_core((0..52u8).collect(), |&i| {
        let card = Card::from_index(i).expect("under 52");
        index_svg(card, four_colour, grow).map(|svg| parse(&svg))
    })
}

/// The card's size in SVG units (for tests: width over height is the table's card aspect).
pub fn svg_size() -> (f32, f32) {
    (SVG_W, SVG_H)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_cards() -> impl Iterator<Item = Card> {
        (0..52).filter_map(Card::from_index)
    }

    #[test]
    fn every_face_and_back_reads_with_its_printed_index() {
        for card in all_cards() {
            let svg = face_svg(card, false);
            let (rank, suit) = index_uses(&svg);
            assert!(
                !rank.is_empty() && !suit.is_empty(),
                "{}: the index",
                card.name()
            );
        }
        for four_colour in [false, true] {
            let faces = faces(four_colour);
            assert_eq!(faces.len(), 52);
            for tree in faces {
                assert_eq!((tree.size().width(), tree.size().height()), svg_size());
            }
        }
        assert_eq!(backs().len(), 2);
        assert!((SVG_W / SVG_H - crate::patience::layout::CARD_ASPECT).abs() < 1e-3);
    }

    #[test]
    fn four_colours_touch_only_the_index_and_pips_of_diamonds_and_clubs() {
        let (blue, green) = (hex(hues().0), hex(hues().1));
        for card in all_cards() {
            let plain = face_svg(card, false);
            let four = face_svg(card, true);
            match card.suit() {
                Suit::Diamonds => {
                    assert!(four.contains(&blue), "{}", card.name());
                    assert!(!four.contains(&green), "{}", card.name());
                }
                Suit::Clubs => assert!(four.contains(&green), "{}", card.name()),
                _ => assert_eq!(plain, four, "{}", card.name()),
            }
            // The court figures keep their own colours: only the two symbols changed.
            let changed = plain
                .lines()
                .zip(four.lines())
                .filter(|(a, b)| a != b)
                .count();
            assert!(changed <= 2, "{}: {changed} lines", card.name());
        }
    }

    #[test]
    fn a_small_card_gets_a_larger_index_picture() {
        assert_eq!(index_growth(300.0), 1.0);
        let g = index_growth(80.0);
        let tall = RANK_GLYPH / SVG_H * 80.0 * g;
        assert!((MIN_INDEX_PX..MIN_INDEX_PX + 0.6).contains(&tall), "{tall}");
        for card in all_cards() {
            assert_eq!(index_svg(card, false, 1.0), None);
            let svg = index_svg(card, true, g).expect("an index picture");
            let tree = parse(&svg);
            assert_eq!((tree.size().width(), tree.size().height()), svg_size());
        }
    }
}
