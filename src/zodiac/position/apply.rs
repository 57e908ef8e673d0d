//! Checking a move (`check`, the refusal in words), applying it and undoing it exactly. Kept
//! beside `legal.rs`: what is legal, what is generated and what is applied must agree.

use super::*;

impl Position {
    /// Whether `m` is legal here, and if not, why.
    pub fn check(&self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        let phase = self.phase();
        match m {
            Move::Turn => (self.waste_len < self.talon_len)
                .then_some(())
                .ok_or(Illegal::StockEmpty),
            Move::Redeal => {
                if self.waste_len < self.talon_len {
                    Err(Illegal::StockNotEmpty)
                } else if self.waste_len == 0 {
                    Err(Illegal::WasteEmpty)
                } else {
                    Ok(())
                }
            }
            Move::WasteToZodiac(z) => {
                let card = self.waste_top().ok_or(Illegal::WasteEmpty)?;
                self.check_zodiac(card, z)
            }
            Move::WasteToEquator(e) => {
                self.waste_top().ok_or(Illegal::WasteEmpty)?;
                match self.equator(e) {
                    Some(_) => Err(Illegal::EquatorOccupied(e)),
                    None => Ok(()),
                }
            }
            Move::EquatorToZodiac(e, z) => {
                let card = self.equator(e).ok_or(Illegal::EquatorEmpty(e))?;
                if phase == Phase::Two && !rules.equator_to_zodiac_in_phase_2 {
                    return Err(Illegal::ZodiacInPhase2);
                }
                self.check_zodiac(card, z)
            }
            Move::ZodiacToFoundation(z, f) => {
                if phase == Phase::One {
                    return Err(Illegal::ZodiacMovesInPhase1);
                }
                let card = self.zodiac_top(z).ok_or(Illegal::ZodiacEmpty(z))?;
                self.check_foundation(rules, card, f)
            }
            Move::EquatorToFoundation(e, f) => {
                let card = self.equator(e).ok_or(Illegal::EquatorEmpty(e))?;
                if phase == Phase::One {
                    return Err(Illegal::FoundationInPhase1);
                }
                self.check_foundation(rules, card, f)
            }
        }
    }

    fn check_zodiac(&self, card: Card, z: u8) -> Result<(), Illegal> {
        let top = self.zodiac_top(z).ok_or(Illegal::ZodiacEmpty(z))?;
        if crate::zodiac::deal::neighbours(top, card) {
            Ok(())
        } else {
            Err(Illegal::NotZodiacNeighbour { card, top })
        }
    }

    fn check_foundation(&self, rules: &Rules, card: Card, f: u8) -> Result<(), Illegal> {
        let wants = self.foundation_wants(rules, f);
        if wants == Some(card) {
            Ok(())
        } else {
            Err(Illegal::FoundationRefuses {
                card,
                foundation: f,
                wants,
            })
        }
    }

    /// Plays `m` if it is legal.
    pub fn apply(&mut self, rules: &Rules, m: Move) -> Result<(), Illegal> {
        self.check(rules, m)?;
        self.apply_unchecked(m);
        Ok(())
    }

    /// Plays a move already known to be legal (for example from [`Position::legal_moves`]).
    pub fn apply_unchecked(&mut self, m: Move) {
        match m {
            Move::Turn => self.waste_len += 1,
            Move::Redeal => self.waste_len = 0,
            Move::WasteToZodiac(z) => {
                let card = self.pop_waste();
                self.push_zodiac(z, card);
            }
            Move::WasteToEquator(e) => self.equator[usize::from(e)] = Some(self.pop_waste()),
            Move::EquatorToZodiac(e, z) => {
                let card = self.equator[usize::from(e)].take().expect("checked");
                self.push_zodiac(z, card);
            }
            Move::ZodiacToFoundation(z, f) => {
                self.pop_zodiac(z);
                self.foundation_len[usize::from(f)] += 1;
            }
            Move::EquatorToFoundation(e, f) => {
                self.equator[usize::from(e)] = None;
                self.foundation_len[usize::from(f)] += 1;
            }
        }
    }

    /// Takes back `m`, which must be the last move played on this position.
    pub fn undo(&mut self, rules: &Rules, m: Move) {
        match m {
            Move::Turn => self.waste_len -= 1,
            Move::Redeal => self.waste_len = self.talon_len,
            Move::WasteToZodiac(z) => {
                let card = self.pop_zodiac(z);
                self.push_waste(card);
            }
            Move::WasteToEquator(e) => {
                let card = self.equator[usize::from(e)]
                    .take()
                    .expect("undo of a move just played");
                self.push_waste(card);
            }
            Move::EquatorToZodiac(e, z) => self.equator[usize::from(e)] = Some(self.pop_zodiac(z)),
            Move::ZodiacToFoundation(z, f) => {
                let card = self
                    .foundation_top(rules, f)
                    .expect("undo of a move just played");
                self.push_zodiac(z, card);
                self.foundation_len[usize::from(f)] -= 1;
            }
            Move::EquatorToFoundation(e, f) => {
                self.equator[usize::from(e)] = self.foundation_top(rules, f);
                self.foundation_len[usize::from(f)] -= 1;
            }
        }
    }

    fn pop_waste(&mut self) -> Card {
        let i = usize::from(self.waste_len) - 1;
        let card = self.talon[i];
        self.talon
            .copy_within(i + 1..usize::from(self.talon_len), i);
        self.talon_len -= 1;
        // Unused slots stay FILLER, so equal tables compare and hash equal.
        self.talon[usize::from(self.talon_len)] = FILLER;
        self.waste_len -= 1;
        card
    }

    fn push_waste(&mut self, card: Card) {
        let i = usize::from(self.waste_len);
        self.talon
            .copy_within(i..usize::from(self.talon_len), i + 1);
        self.talon[i] = card;
        self.talon_len += 1;
        self.waste_len += 1;
    }

    fn push_zodiac(&mut self, z: u8, card: Card) {
        let at = usize::from(self.zodiac_end[usize::from(z)]);
        let end = usize::from(self.zodiac_end[23]);
        self.zodiac.copy_within(at..end, at + 1);
        self.zodiac[at] = card;
        self.zodiac_end[usize::from(z)..]
            .iter_mut()
            .for_each(|e| *e += 1);
    }

    fn pop_zodiac(&mut self, z: u8) -> Card {
        let at = usize::from(self.zodiac_end[usize::from(z)]) - 1;
        let end = usize::from(self.zodiac_end[23]);
        let card = self.zodiac[at];
        self.zodiac.copy_within(at + 1..end, at);
        self.zodiac[end - 1] = FILLER;
        self.zodiac_end[usize::from(z)..]
            .iter_mut()
            .for_each(|e| *e -= 1);
        card
    }
}
