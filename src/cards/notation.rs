//! The notation's place tokens, as every patience writes them: a letter, then a number where
//! the place has one (`w`, `s`, `e2`, `z17`, `c6`, `f0`). Which letters and numbers a
//! patience has is its own.

/// Reads a place token: the letter in either case (lowercased), and the number as written
/// (no sign, no leading zero, at most two digits), if any.
pub fn place_token(text: &str) -> Option<(char, Option<u8>)> {
    let (kind, number) = text.split_at_checked(1)?;
    let letter = kind.chars().next()?.to_ascii_lowercase();
    if number.is_empty() {
        return Some((letter, None));
    }
    let canonical = number.len() <= 2
        && number.bytes().all(|b| b.is_ascii_digit())
        && (number == "0" || !number.starts_with('0'));
    canonical.then(|| number.parse().ok().map(|n| (letter, Some(n))))?
}

/// A patience's places as its notation writes them.
pub trait PlaceToken: Copy + PartialEq + Sized {
    /// Every place, in the patience's order.
    fn every() -> Vec<Self>;
    /// Its letter, and its number if it has one.
    fn token(self) -> (char, Option<u8>);

    /// The place a token names (as [`place_token`] reads it), if the patience has it.
    fn from_token(text: &str) -> Option<Self> {
        let token = place_token(text)?;
        Self::every().into_iter().find(|p| p.token() == token)
    }
}

/// Writes a place's token: `w`, `e2`.
pub fn write_token(
    f: &mut std::fmt::Formatter<'_>,
    (letter, n): (char, Option<u8>),
) -> std::fmt::Result {
    match n {
        Some(n) => write!(f, "{letter}{n}"),
        None => write!(f, "{letter}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_a_letter_and_a_canonical_number() {
        assert_eq!(place_token("W"), Some(('w', None)));
        assert_eq!(place_token("z17"), Some(('z', Some(17))));
        assert_eq!(place_token("c0"), Some(('c', Some(0))));
        for bad in ["", "c07", "c-1", "c100", "c1x", "c+1"] {
            assert_eq!(place_token(bad), None, "{bad:?}");
        }
    }
}
