//! From the suits' plans to a move line the rules engine replays: phase 1 builds each pile's
//! new cards in order (Equator cards first, stock cards as the turning stock shows them), parks
//! the cards that wait, and ends with the one stock card chosen to be the last; phase 2 sends
//! the cards home in the order the plans found.
//!
//! Every move is played through the rules as it is written, and the line must end in a win:
//! a plan the rules refuse gives no line at all (the solver then says it does not know),
//! never a line that goes wrong at the table.

use super::suit::{Layout, Source};
use crate::zodiac::{Card, Move, Phase, Position, Rules};
use std::collections::VecDeque;

/// Far more moves than any real line needs; only a bug could reach it, and then there is no
/// line.
const GUARD: usize = 200_000;

/// Why a plan gave no line: a bug, said in the solver's log line.
pub type Broken = String;

/// The line that carries out the suits' plans from `position`, every move checked by the rules,
/// ending in a win.
pub fn line(position: &Position, rules: &Rules, layouts: &[Layout]) -> Result<Vec<Move>, Broken> {
    let mut table = Table {
        p: *position,
        rules,
        line: Vec::with_capacity(512),
    };
    if position.phase() == Phase::One {
        table.phase_1(layouts)?;
    }
    for layout in layouts {
        for &(f, from) in &layout.home {
            let m = match from {
                Source::Zodiac(z) => Move::ZodiacToFoundation(z, f),
                Source::Equator(card) => Move::EquatorToFoundation(table.cell_with(card)?, f),
            };
            table.play(m)?;
        }
    }
    if !table.p.is_won() {
        return Err(format!(
            "the line of {} moves ends without a win",
            table.line.len()
        ));
    }
    Ok(table.line)
}

struct Table<'a> {
    p: Position,
    rules: &'a Rules,
    line: Vec<Move>,
}

impl Table<'_> {
    fn play(&mut self, m: Move) -> Result<(), Broken> {
        if self.line.len() >= GUARD {
            return Err(format!("the line passed {GUARD} moves"));
        }
        self.p
            .apply(self.rules, m)
            .map_err(|e| format!("move {} ({m}) is refused: {e}", self.line.len() + 1))?;
        self.line.push(m);
        Ok(())
    }

    fn cell_with(&self, card: Card) -> Result<u8, Broken> {
        (0..8)
            .find(|&e| self.p.equator(e) == Some(card))
            .ok_or_else(|| format!("the plan's {} is not in the Equator", card.name()))
    }

    fn free_cell(&self) -> Result<u8, Broken> {
        (0..8)
            .find(|&e| self.p.equator(e).is_none())
            .ok_or_else(|| "the plan does not fit in the Equator".to_string())
    }

    fn talon_count(&self, card: Card) -> usize {
        self.p
            .stock()
            .iter()
            .chain(self.p.waste())
            .filter(|&&c| c == card)
            .count()
    }

    /// `d`, or `r` when the stock is empty.
    fn turn(&mut self) -> Result<(), Broken> {
        if self.p.stock().is_empty() {
            self.play(Move::Redeal)
        } else {
            self.play(Move::Turn)
        }
    }

    fn phase_1(&mut self, layouts: &[Layout]) -> Result<(), Broken> {
        let mut queues: Vec<(u8, VecDeque<Card>)> = layouts
            .iter()
            .flat_map(|l| &l.builds)
            .map(|(z, cards)| (*z, cards.iter().copied().collect()))
            .collect();
        let (last, last_pile) = layouts
            .iter()
            .find_map(|l| l.last)
            .ok_or("no plan names phase 1's last move")?;
        if let Some(z) = last_pile {
            let (_, q) = queues
                .iter_mut()
                .find(|(qz, _)| *qz == z)
                .ok_or("the last move's pile is not built")?;
            q.pop_back();
        }
        // Equator copies build first (they free cells), as many as the builds use.
        let mut from_equator = [0u8; 52];
        for (_, q) in &queues {
            q.iter()
                .for_each(|c| from_equator[usize::from(c.index())] += 1);
        }
        let mut on_equator = [0u8; 52];
        (0..8)
            .filter_map(|e| self.p.equator(e))
            .for_each(|c| on_equator[usize::from(c.index())] += 1);
        for (a, b) in from_equator.iter_mut().zip(on_equator) {
            *a = (*a).min(b);
        }

        while queues.iter().any(|(_, q)| !q.is_empty()) {
            let mut built = false;
            for (z, q) in queues.iter_mut() {
                while let Some(&c) = q.front() {
                    if from_equator[usize::from(c.index())] == 0 {
                        break;
                    }
                    from_equator[usize::from(c.index())] -= 1;
                    let e = self.cell_with(c)?;
                    self.play(Move::EquatorToZodiac(e, *z))?;
                    q.pop_front();
                    built = true;
                }
            }
            if built {
                continue;
            }
            let top = self.p.waste_top();
            if let Some((z, q)) = queues
                .iter_mut()
                .find(|(_, q)| top.is_some() && q.front().copied() == top)
            {
                let z = *z;
                q.pop_front();
                self.play(Move::WasteToZodiac(z))?;
            } else {
                self.turn()?;
            }
        }

        // Park the cards that wait, keeping one copy of the last card back.
        while self.p.stock().len() + self.p.waste().len() > 1 {
            match self.p.waste_top() {
                Some(c) if c != last || self.talon_count(c) > 1 => {
                    let e = self.free_cell()?;
                    self.play(Move::WasteToEquator(e))?;
                }
                _ => self.turn()?,
            }
        }
        while self.p.waste_top() != Some(last) {
            self.turn()?;
        }
        match last_pile {
            Some(z) => self.play(Move::WasteToZodiac(z)),
            None => {
                let e = self.free_cell()?;
                self.play(Move::WasteToEquator(e))
            }
        }
    }
}
