//! A compiled file's deal checked: its steps name groups that exist and deal no more cards
//! than the pack has, its hooks choose cards.

use super::{Click, Compiled};
use crate::kinds::file::Kind;

impl Compiled {
    /// The deal's steps name groups that exist and need no more cards than the pack has.
    pub(super) fn check_deal(&self) -> Result<(), String> {
        use crate::kinds::file::Step;
        let mut dealt = 0usize;
        for (i, step) in self.file.deal.steps.iter().enumerate() {
            let field = |f: &str| format!("deal.steps[{i}]: {f}");
            dealt += match step {
                Step::Row {
                    group, first, last, ..
                } => {
                    let g = self
                        .group(group)
                        .ok_or_else(|| field(&format!("no group is called {group:?}")))?;
                    let n = self.group_piles(g).count();
                    let (a, b) = (usize::from(first.unwrap_or(0)), last.map_or(n, usize::from));
                    if a > b || b > n {
                        return Err(field(&format!("piles {a}..{b} of a group of {n}")));
                    }
                    if matches!(self.file.groups[g].kind, Kind::Stock) {
                        return Err(field("the rest of the pack goes to the stock by itself"));
                    }
                    b - a
                }
                Step::Piles { group, cards, .. } => {
                    let g = self
                        .group(group)
                        .ok_or_else(|| field(&format!("no group is called {group:?}")))?;
                    if matches!(self.file.groups[g].kind, Kind::Stock) {
                        return Err(field("the rest of the pack goes to the stock by itself"));
                    }
                    self.group_piles(g).count() * usize::from(*cards)
                }
                Step::BaseCard => 1,
                Step::Turn => match self.click {
                    Click::ToWaste(n) => usize::from(n),
                    _ => return Err(field("Turn: the stock turns nothing to a waste")),
                },
            };
        }
        if dealt > self.cards {
            return Err(format!(
                "deal: the steps deal {dealt} cards, and the pack has {}",
                self.cards
            ));
        }
        if self.stock.is_none() && dealt < self.cards {
            return Err(format!(
                "deal: {} cards are left after the deal, and there is no stock",
                self.cards - dealt
            ));
        }
        for (k, top) in self.file.deal.hooks.iter().enumerate() {
            for c in &top.cards {
                crate::kinds::file::chosen(c)
                    .ok_or_else(|| format!("deal.hooks[{k}]: {c:?} is not a card, rank or suit"))?;
            }
        }
        Ok(())
    }
}
