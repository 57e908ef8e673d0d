//! Checking a Klondike move (`check`, the refusal in words), playing it (`apply`, with what
//! undoing needs in `Done`) and taking it back exactly (`undo`).

use super::*;

impl Position {
    /// Whether `m` is legal here, and why not.
    pub fn check(&self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        match m {
            Move::Turn => {
                if self.stock_len == 0 {
                    return Err(Illegal::StockEmpty);
                }
            }
            Move::Redeal => {
                if self.stock_len > 0 {
                    return Err(Illegal::StockNotEmpty);
                }
                if self.waste_len == 0 {
                    return Err(Illegal::WasteEmpty);
                }
                if let Some(n) = rules.passes
                    && self.pass >= u16::from(n)
                {
                    return Err(Illegal::NoPassLeft(n));
                }
            }
            Move::WasteToFoundation(f) => {
                let card = self.waste_top().ok_or(Illegal::WasteEmpty)?;
                if self.foundation_takes(card) != Some(f) {
                    return Err(Illegal::NotOnFoundation {
                        card,
                        foundation: f,
                    });
                }
            }
            Move::WasteToColumn(c) => {
                let card = self.waste_top().ok_or(Illegal::WasteEmpty)?;
                self.fits_column(card, c)?;
            }
            Move::ColumnToFoundation(c, f) => {
                let card = *self.column(c).last().ok_or(Illegal::ColumnEmpty(c))?;
                if self.foundation_takes(card) != Some(f) {
                    return Err(Illegal::NotOnFoundation {
                        card,
                        foundation: f,
                    });
                }
            }
            Move::ColumnToColumn(from, to, count) => {
                if from == to {
                    return Err(Illegal::SameColumn);
                }
                let column = self.column(from);
                if column.is_empty() {
                    return Err(Illegal::ColumnEmpty(from));
                }
                if count == 0 || count > self.face_up(from) {
                    return Err(Illegal::NotThatMany {
                        column: from,
                        count,
                    });
                }
                self.fits_column(column[column.len() - usize::from(count)], to)?;
            }
            Move::FoundationToColumn(f, c) => {
                if !rules.foundation_to_column {
                    return Err(Illegal::NoWayBack);
                }
                let card = self.foundation_top(f).ok_or(Illegal::FoundationEmpty(f))?;
                self.fits_column(card, c)?;
            }
        }
        Ok(())
    }

    fn fits_column(&self, card: Card, c: u8) -> Result<(), Illegal> {
        if self.column_takes(card, c) {
            Ok(())
        } else if self.column(c).is_empty() {
            Err(Illegal::OnlyKings { card })
        } else {
            Err(Illegal::NotOnColumn { card, column: c })
        }
    }

    /// Plays `m` if it is legal; says what undoing it needs.
    pub fn apply(&mut self, rules: &Rules, m: Move) -> Result<Done, Illegal> {
        self.check(rules, m)?;
        Ok(self.apply_unchecked(rules, m))
    }

    /// Plays a move known to be legal.
    pub fn apply_unchecked(&mut self, rules: &Rules, m: Move) -> Done {
        match m {
            Move::Turn => Done {
                count: self.turn(rules),
                flipped: false,
            },
            Move::Redeal => {
                while let Some(card) = self.pop_waste() {
                    self.stock[usize::from(self.stock_len)] = card;
                    self.stock_len += 1;
                }
                self.pass = self.pass.saturating_add(1);
                Done::default()
            }
            Move::WasteToFoundation(f) => {
                self.pop_waste();
                self.foundation_len[usize::from(f)] += 1;
                Done::default()
            }
            Move::WasteToColumn(c) => {
                let card = self.pop_waste().expect("checked");
                self.push_column(c, card);
                Done::default()
            }
            Move::ColumnToFoundation(c, f) => {
                self.pop_column(c);
                self.foundation_len[usize::from(f)] += 1;
                Done {
                    count: 1,
                    flipped: self.expose(c),
                }
            }
            Move::ColumnToColumn(from, to, count) => {
                let fi = usize::from(from);
                let count = usize::from(count);
                let at = usize::from(self.column_len[fi]) - count;
                for i in at..at + count {
                    let card = std::mem::replace(&mut self.columns[fi][i], NONE);
                    self.push_column(to, card);
                }
                self.column_len[fi] = at as u8;
                Done {
                    count: count as u8,
                    flipped: self.expose(from),
                }
            }
            Move::FoundationToColumn(f, c) => {
                let card = self.foundation_top(f).expect("checked");
                self.foundation_len[usize::from(f)] -= 1;
                self.push_column(c, card);
                Done::default()
            }
        }
    }

    /// Takes back `m`, played from this position's predecessor with `done` as it said.
    pub fn undo(&mut self, m: Move, done: Done) {
        match m {
            Move::Turn => {
                for _ in 0..done.count {
                    if let Some(card) = self.pop_waste() {
                        self.stock[usize::from(self.stock_len)] = card;
                        self.stock_len += 1;
                    }
                }
            }
            Move::Redeal => {
                while self.stock_len > 0 {
                    let card = self.pop_stock();
                    self.waste[usize::from(self.waste_len)] = card;
                    self.waste_len += 1;
                }
                self.pass = self.pass.saturating_sub(1).max(1);
            }
            Move::WasteToFoundation(f) => {
                let card = self.foundation_top(f).expect("played");
                self.foundation_len[usize::from(f)] -= 1;
                self.waste[usize::from(self.waste_len)] = card;
                self.waste_len += 1;
            }
            Move::WasteToColumn(c) => {
                let card = self.pop_column(c);
                self.waste[usize::from(self.waste_len)] = card;
                self.waste_len += 1;
            }
            Move::ColumnToFoundation(c, f) => {
                self.cover(c, done.flipped);
                let card = self.foundation_top(f).expect("played");
                self.foundation_len[usize::from(f)] -= 1;
                self.push_column(c, card);
            }
            Move::ColumnToColumn(from, to, _) => {
                self.cover(from, done.flipped);
                let ti = usize::from(to);
                let start = usize::from(self.column_len[ti]) - usize::from(done.count);
                for i in start..usize::from(self.column_len[ti]) {
                    let card = std::mem::replace(&mut self.columns[ti][i], NONE);
                    self.push_column(from, card);
                }
                self.column_len[ti] = start as u8;
            }
            Move::FoundationToColumn(f, c) => {
                self.pop_column(c);
                self.foundation_len[usize::from(f)] += 1;
            }
        }
    }

    /// Turns up to `rules.turn` cards from the stock onto the waste; how many.
    pub(super) fn turn(&mut self, rules: &Rules) -> u8 {
        let n = rules.turn.min(self.stock_len);
        for _ in 0..n {
            let card = self.pop_stock();
            self.waste[usize::from(self.waste_len)] = card;
            self.waste_len += 1;
        }
        n
    }

    fn pop_stock(&mut self) -> Card {
        self.stock_len -= 1;
        std::mem::replace(&mut self.stock[usize::from(self.stock_len)], NONE)
    }

    /// Takes the top card off a column (unused slots hold `NONE`, so equal positions are
    /// equal in every byte).
    fn pop_column(&mut self, c: u8) -> Card {
        let ci = usize::from(c);
        self.column_len[ci] -= 1;
        std::mem::replace(
            &mut self.columns[ci][usize::from(self.column_len[ci])],
            NONE,
        )
    }

    fn pop_waste(&mut self) -> Option<Card> {
        (self.waste_len > 0).then(|| {
            self.waste_len -= 1;
            std::mem::replace(&mut self.waste[usize::from(self.waste_len)], NONE)
        })
    }

    /// A face-down card left on top of column `c` turns face up; whether one did.
    fn expose(&mut self, c: u8) -> bool {
        let ci = usize::from(c);
        if self.column_len[ci] > 0 && self.face_down[ci] == self.column_len[ci] {
            self.face_down[ci] -= 1;
            true
        } else {
            false
        }
    }

    /// Undoes [`Position::expose`].
    fn cover(&mut self, c: u8, flipped: bool) {
        if flipped {
            self.face_down[usize::from(c)] += 1;
        }
    }
}
