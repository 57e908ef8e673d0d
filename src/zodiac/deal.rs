//! Zodiac's deal: the 104 cards in the order PySolFC deals them for deal N, so deal N puts the
//! same cards in the same places as PySolFC's Zodiac game N (docs/rules.md, "Deal numbers").

use crate::cards::{Card, DealNumber};

/// The 104 cards in PySolFC's starting order: deck 0 then deck 1; suits C, S, H, D; ranks A..K.
pub fn double_deck() -> [Card; 104] {
    std::array::from_fn(|i| Card::from_index((i % 52) as u8).expect("under 52"))
}

/// The 104 cards in deal order: first dealt first (e0..e7, z0..z23, the waste card, then the
/// stock with the next card to turn first).
pub fn deal_order(deal: DealNumber) -> [Card; 104] {
    let mut cards = double_deck();
    deal.shuffle(&mut cards);
    // PySolFC deals from the end of the shuffled list.
    cards.reverse();
    cards
}

/// True when `other` may go onto `card` in the Zodiac: same suit, one rank up or down (Ace and
/// King are not consecutive).
pub fn neighbours(card: Card, other: Card) -> bool {
    card.suit() == other.suit() && card.rank().abs_diff(other.rank()) == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::MAX_DEAL;

    fn order(n: u128) -> String {
        let cards = deal_order(DealNumber::new(n).unwrap());
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn deal_1_matches_pysolfc() {
        assert_eq!(
            order(1),
            "3D 5H JC KH 5S 5H KC KC 8D JD AS 8C 6C 6H TC 8D 4C JS QC 4H KD 2H TD 8S AC 7C 2H AD 9H 8S 7D 9S 8H JH 4D 2D 6H TH 8C 2S 3S 9C 7D 4S 8H TH AH JC 4H 7H QS QC 7C 3S QH 9S 2S QH 3C AS 4S KS 6D TD 9C 9D JS 4D 5C 6C AD JH 6S 3C JD TC AH QS 2C 9H 3H 7S 5C 9D KS 5D TS QD 7S 6D TS KD QD 7H 3D 2C KH 5D 3H 2D 4C 5S 6S AC"
        );
    }

    #[test]
    fn deal_2_matches_pysolfc() {
        assert_eq!(
            order(2),
            "7D 3S QS 7S 7H TD 9H 9D JD QS QC JC 8D 9C JS 4H 5S 5C JH TC TH AD 6C 5H 3S 5C 9H QH 7S KC TS 9S 8D 4S TH 2H 6D 5D 7H 7C KS KH 4D 9C JH 8H 8H 7C 6H AS KC 8S 5D 3C AH 2C 5H 2D 3D 8C TC AC TS 3H 9S KH AH 7D TD 2S 4C JS KS 3D QH 4D 8S AD AC 2D 2C 2H 5S 4H KD 4C 6D 9D 3H 6S AS 6C 2S QD QD 6S JD KD JC 3C QC 8C 4S 6H"
        );
    }

    #[test]
    fn deal_100000_matches_pysolfc_mersenne_twister() {
        assert_eq!(
            order(100_000),
            "TC 4H 6S 2D 9S 9H 4D QC QH 9C 3D JC 2C QD KC AD 6H 7H KS QH 5C 8D KD 8S 5S 7D 7S JD 6C TD 4C 5D 8S 7D 6H TS 7C 4S 4D 8C 3S 5H QS 7S TS JD AC 2S KH JH AH 4C 9H 3H 6D 5D 2H KH 3C AD 2D AC 6D 2H 4S 3S QC JH 5H TH JC KS 8H KD 8H 9D KC 2C 3C 3H QD AS JS 5C 9D 8C 9S JS AH 7H 3D 4H 7C TC TD 2S QS TH 9C 5S AS 6S 8D 6C"
        );
    }

    #[test]
    fn every_deal_holds_each_card_twice() {
        for n in [1, 31_999, 32_000, u128::from(u64::MAX), MAX_DEAL] {
            let mut counts = [0; 52];
            for c in deal_order(DealNumber::new(n).unwrap()) {
                counts[usize::from(c.index())] += 1;
            }
            assert!(counts.iter().all(|&k| k == 2), "deal {n}");
        }
    }

    #[test]
    fn deals_2_32_2_64_and_10_20_match_python() {
        // Computed with python3's own `random.Random(N)` following docs/rules.md (randint(0, n)
        // as floor(random() * (n + 1)), shuffle n = 103..1, deal order reversed), the same
        // script reproducing the three vectors above. 2^32 and 2^64 are the first seeds of two
        // and three 32-bit key words; 10^20 is the largest deal.
        assert_eq!(
            order(1 << 32),
            "QC 5D 2C TC 3H 7H 2C QD AS KS QH 8D 6H 9H 6H 2S 2H JC QS 9C 9D 4H 4D 3D 7S 8S 8H 2D AC 3C AH KD 6S KD QS 3H 9H 6C 5S AS KS 5C KC TD 9D QH 2D JS 8H 4S 8C 6S 4D 7D 3C 5C 2S 4C TD 8C 5D KH JD 4H TC AC AD QC 7S 9C 3D 5S JD 3S KC 5H 9S JC 7C 6D TH JH AD 8S AH 4C TS 7H JS 6D 5H KH TS 3S 6C 2H 7D 4S 9S TH 8D JH QD 7C"
        );
        assert_eq!(
            order(1 << 64),
            "JD KH QD QC JC TC 4D 7C 7D 2D JS TH 9H 6C 8C KC 6S 3S 7C 9S 4D TH 2H 3D 8D TC AH 6D 2S KS 7H 5C 6D KD 4H 8S AH 3C 9D 5S 9C AS 4S 9S 5S KS 3S 5D 8H AC QS 8C JH 9H 4H TS JS 2C 7S 2S AC 7D AS 3H QH TD 2C 3C 9D KH JC 4C 5D 8H QD QH QS 3D 5C KC QC AD 5H 9C 4S JD 8D AD 6S TS 6C 4C KD JH 5H 2D TD 7H 3H 2H 6H 6H 8S 7S"
        );
        assert_eq!(
            order(MAX_DEAL),
            "2C 4C 8C 7S KS 5S AH 5H JS 6S QS 9S AD QD 6C 4S JC JC 3C 8H 3H QH 6S 5S AC QS 7H TS KC 2C QH JS KH JD TH 9C 7C 4D AS JD 8S TS TC 2D 6H 3S 4D 9H TC 7D KD AD KD 9S 6D 3D TD 9D QC 2H 6H 7C 2D AH 5D 2S 3D 3H KC 5C 4H 8C KS 8D JH 2H 9D 9C 3C 8D AS 4C 7S JH TH AC 7H 5C 6D 4H TD 5H KH 7D 8S 3S QD 6C 8H 9H QC 2S 5D 4S"
        );
    }

    #[test]
    fn zodiac_neighbours_are_same_suit_one_apart_without_wrapping() {
        let c = |t| Card::parse(t).unwrap();
        assert!(neighbours(c("6S"), c("5S")));
        assert!(neighbours(c("5S"), c("6S")));
        assert!(!neighbours(c("6S"), c("5H")), "wrong suit");
        assert!(!neighbours(c("6S"), c("4S")), "two apart");
        assert!(!neighbours(c("6S"), c("6S")), "same rank");
        assert!(!neighbours(c("KS"), c("AS")), "King to Ace");
        assert!(!neighbours(c("AS"), c("KS")), "Ace to King");
    }
}
