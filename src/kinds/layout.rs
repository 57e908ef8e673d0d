//! The table of a patience written as a file: its rows of groups, one pure function from the
//! window's size to a rectangle and shape for every pile (see [`crate::patience::layout`]).
//! The rows share one grid of card-wide slots, left-aligned and centred as a whole; a row with
//! fanned columns holds them down to the next row, the last such row to the table's bottom.

use super::compiled::{Click, Compiled};
use super::file::{Kind, Shown};
use crate::patience::Place;
use crate::patience::columns::{DOWN_STEP, FULL_STEPS, UP_STEP};
use crate::patience::layout::{Ellipse, Frame, Layout, Rect, Shape, fit_largest};

/// How far apart the waste's turned cards show, in card widths.
const WASTE_STEP: f32 = 0.28;
/// Face-up steps a fanned row above another shows at full step.
const UPPER_STEPS: f32 = 4.0;

/// One pile in the grid: its slot from the left, and its row.
struct Spot {
    pile: u8,
    slot: f32,
    row: usize,
}

/// Where every pile goes in the grid of the file's rows, and each row's width in slots.
fn grid(rules: &Compiled) -> (Vec<Spot>, f32) {
    let mut spots = Vec::new();
    let mut widest: f32 = 0.0;
    for (row, r) in rules.file.layout.iter().enumerate() {
        let mut cursor = 0.0;
        for (k, item) in r.groups.iter().enumerate() {
            let Some(g) = rules.group(&item.group) else {
                continue;
            };
            let piles: Vec<u8> = rules.group_piles(g).collect();
            let (a, b) = range(item.first, item.last, piles.len());
            let gap = item.gap.unwrap_or(if k == 0 { 0.0 } else { 0.25 });
            cursor += if k == 0 { gap } else { gap.max(0.0) };
            let mut shown = piles[a..b].to_vec();
            if item.reverse == Some(true) {
                shown.reverse();
            }
            for pile in shown {
                spots.push(Spot {
                    pile,
                    slot: cursor,
                    row,
                });
                cursor += width_of(rules, pile);
            }
        }
        widest = widest.max(cursor);
    }
    (spots, widest)
}

/// A range of a group's piles, clamped.
pub fn range(first: Option<u8>, last: Option<u8>, n: usize) -> (usize, usize) {
    let b = last.map_or(n, usize::from).min(n);
    (usize::from(first.unwrap_or(0)).min(b), b)
}

/// Slots a pile takes across: one, and a waste that shows several turned cards more.
fn width_of(rules: &Compiled, pile: u8) -> f32 {
    let p = &rules.piles[usize::from(pile)];
    match (&rules.click, p.kind) {
        (Click::ToWaste(n), Kind::Waste) if *n > 1 => 1.0 + WASTE_STEP * f32::from(n - 1),
        _ if group_shown(rules, pile) == Some(Shown::Row) => {
            1.0 + WASTE_STEP * f32::from(p.max_cards.min(8) - 1)
        }
        _ => 1.0,
    }
}

fn group_shown(rules: &Compiled, pile: u8) -> Option<Shown> {
    rules.file.groups[usize::from(rules.piles[usize::from(pile)].group)].shown
}

fn fans(rules: &Compiled, pile: u8) -> bool {
    let p = &rules.piles[usize::from(pile)];
    p.kind == Kind::Tableau && matches!(p.place, Place::Column(_))
}

/// Cards no smaller than this at the smallest window (1024×640), in pixels, or the table does
/// not fit.
const SMALLEST_CARD: f32 = 40.0;

/// The file's table holds every pile once, in groups and ranges that exist, and fits the
/// smallest window with cards a player can read.
pub fn check(rules: &Compiled) -> Result<(), String> {
    let mut seen = vec![0u8; rules.piles.len()];
    for (r, row) in rules.file.layout.iter().enumerate() {
        for (k, item) in row.groups.iter().enumerate() {
            let field = format!("layout[{r}].groups[{k}]");
            let g = rules
                .group(&item.group)
                .ok_or_else(|| format!("{field}: no group is called {:?}", item.group))?;
            let piles: Vec<u8> = rules.group_piles(g).collect();
            let (a, b) = (
                usize::from(item.first.unwrap_or(0)),
                item.last.map_or(piles.len(), usize::from),
            );
            if a >= b || b > piles.len() {
                return Err(format!(
                    "{field}: piles {a}..{b} of a group of {}",
                    piles.len()
                ));
            }
            if item.gap.is_some_and(|g| !(0.0..=8.0).contains(&g)) {
                return Err(format!("{field}: gap: 0 to 8 card widths"));
            }
            for &p in &piles[a..b] {
                seen[usize::from(p)] += 1;
            }
        }
    }
    if let Some(p) = seen.iter().position(|&n| n != 1) {
        let times = seen[p];
        return Err(format!(
            "layout: {} is laid out {times} times; every pile once",
            super::text::pile_name(rules, p as u8)
        ));
    }
    let smallest = layout(rules, 1024.0, 640.0, 1.0);
    if !smallest.fits() || smallest.card_h < SMALLEST_CARD {
        return Err(format!(
            "layout: the table does not fit a 1024×640 window with cards {SMALLEST_CARD} pixels tall (they would be {:.0})",
            smallest.card_h
        ));
    }
    Ok(())
}

/// Lays out a patience written as a file for a window of `width` × `height` logical pixels.
pub fn layout(rules: &Compiled, width: f32, height: f32, scale_factor: f32) -> Layout {
    let (spots, widest) = grid(rules);
    let rows = rules.file.layout.len();
    // Each row's fanned piles, by the most steps down any of them can need (none: no fan).
    let fan_rows: Vec<Option<f32>> = (0..rows)
        .map(|r| {
            spots
                .iter()
                .filter(|s| s.row == r && fans(rules, s.pile))
                .map(|s| f32::from(rules.piles[usize::from(s.pile)].max_cards.max(1) - 1))
                .reduce(f32::max)
        })
        .collect();
    // Only a fanned last row reaches down to the table's foot.
    let last_fan = rows.checked_sub(1).filter(|&r| fan_rows[r].is_some());
    fit_largest(width, height, scale_factor, |frame| {
        build(rules, frame, &spots, widest, &fan_rows, last_fan)
    })
}

fn build(
    rules: &Compiled,
    frame: &Frame,
    spots: &[Spot],
    widest: f32,
    fan_rows: &[Option<f32>],
    last_fan: Option<usize>,
) -> Layout {
    let Frame {
        card_w,
        card_h,
        table,
        ..
    } = *frame;
    let snap = |v: f32| frame.snap(v);
    let gap = snap((card_w * 0.16).max(3.0));
    let margin = snap((card_h * 0.08).max(3.0));
    let depth_step = (card_h * 0.018).max(1.0 / frame.scale_factor);
    let slot = card_w + gap;
    let left = -(widest * slot - gap) / 2.0;
    let (down, up) = (card_h * DOWN_STEP, card_h * UP_STEP);
    // Each row's height: a card and the depth edges of a squared pile, or a fan's room.
    let squared_room = card_h + depth_step * 7.0;
    let heights: Vec<f32> = fan_rows
        .iter()
        .enumerate()
        .map(|(r, &fan)| match (fan, Some(r) == last_fan) {
            // The last row reaches down to the foot anyway (and a stock may deal past a
            // pile's `max_cards` there, as Salic Law's does).
            (Some(_), true) => card_h + FULL_STEPS * up,
            // Piles that hold a few cards (Virginia Reel's rows of four) need only their room.
            (Some(steps), false) => card_h + UPPER_STEPS.min(steps) * up,
            _ => squared_room,
        })
        .collect();
    let mut tops = Vec::with_capacity(heights.len());
    let mut y = table.top() - margin;
    for h in &heights {
        tops.push(y);
        y -= h + margin * 1.5;
    }
    let mut places = Vec::with_capacity(spots.len());
    for s in spots {
        let pile = &rules.piles[usize::from(s.pile)];
        let x = snap(left + s.slot * slot + card_w / 2.0);
        let y = snap(tops[s.row] - card_h / 2.0);
        let rect = Rect::new(x, y, card_w, card_h);
        let shape = match (pile.kind, &rules.click) {
            (Kind::Tableau, _) => match pile.place {
                Place::Column(_) => {
                    let bottom = tops[s.row] - heights[s.row];
                    // The last fanned row reaches down to the table's foot; where even its full
                    // steps do not fit, its floor lies below the table, so the layout does not fit.
                    let floor = match Some(s.row) == last_fan {
                        true if bottom >= table.bottom() + margin => table.bottom() + margin,
                        true => table.bottom() - card_h,
                        false => bottom,
                    };
                    Shape::Fanned { down, up, floor }
                }
                _ if group_shown(rules, s.pile) == Some(Shown::Row) => Shape::Spread {
                    step: snap(card_w * WASTE_STEP),
                    shown: usize::from(pile.max_cards.min(8)),
                },
                _ => Shape::Squared,
            },
            (Kind::Waste, Click::ToWaste(n)) if *n > 1 => Shape::Spread {
                step: snap(card_w * WASTE_STEP),
                shown: usize::from(*n),
            },
            _ => Shape::Stacked,
        };
        places.push((pile.place, rect, shape));
    }
    let captions = places
        .iter()
        .filter(|(p, _, _)| matches!(p, Place::Cell(_)))
        .filter_map(|&(p, r, _)| {
            let pile = rules.pile_at(p)?;
            // A line's places are its cards' (they close up): no word under each.
            if rules
                .named
                .line
                .is_some_and(|(first, count)| (first..first + count).contains(&pile))
            {
                return None;
            }
            let group = &rules.file.groups[usize::from(rules.piles[usize::from(pile)].group)];
            let words: &'static str = leak_words(group.called.as_ref().unwrap_or(&group.name));
            Some((words, r.x, r.y))
        })
        .collect();
    Layout {
        width: frame.width,
        height: frame.height,
        scale_factor: frame.scale_factor,
        card_w,
        card_h,
        depth_step,
        table,
        wheel: Ellipse::within(table),
        places,
        track: None,
        captions,
    }
}

/// A caption's words, kept for the life of the program (once per distinct word).
pub(crate) fn leak_words(words: &str) -> &'static str {
    use std::sync::Mutex;
    static KEPT: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&w) = kept.iter().find(|&&w| w == words) {
        return w;
    }
    let w: &'static str = Box::leak(words.to_string().into_boxed_str());
    kept.push(w);
    w
}
