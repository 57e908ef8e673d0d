//! One step of the sweep, rank r to rank r + 1: every way on from a state (seatings, merges,
//! links), each kept only where the slots' degrees allow it.

use super::*;

/// Every way on from one state at rank r to rank r + 1: seat r + 1's present cards, fix the
/// merge there, choose the links, and settle rank r's slots for good.
pub(super) fn step(
    setup: &Setup,
    r: u8,
    from: u16,
    e: &Entry,
    high: &mut Vec<Entry>,
    index: &mut [u16],
) {
    let p = setup.problem;
    let low = e.at;
    let h = r + 1;
    let low_exists = [setup.exists(r, 0), setup.exists(r, 1)];
    let high_exists = [setup.exists(h, 0), setup.exists(h, 1)];
    let (seatings, n_seat) = if h <= 13 {
        setup.seatings(h)
    } else {
        ([[FREE; 2]; 2], 1)
    };
    let (merges, n_merge) = setup.merges(r, low.g);
    for role in &seatings[..n_seat] {
        for &g in &merges[..n_merge] {
            // Which slot of each pair goes home later (lies underneath), played backwards:
            // the one given back first.
            let mut allowed = 0u8;
            let mut forced = 0u8;
            let mut low_under = 0u8;
            let mut broken = false;
            for (k, &(ls, hs)) in PAIRS.iter().enumerate() {
                if !(low_exists[ls] && high_exists[hs]) {
                    continue;
                }
                let low_first = match (ls, hs) {
                    (0, 0) => p.streams[0].rising(),
                    (1, 1) => p.streams[1].rising(),
                    (0, 1) => setup.slot(r, 0).expect("exists") < g,
                    _ => setup.slot(h, 0).expect("exists") >= low.g,
                };
                let (under, over) = if low_first {
                    low_under |= 1 << k;
                    ((r, low.role[ls]), (h, role[hs]))
                } else {
                    ((h, role[hs]), (r, low.role[ls]))
                };
                match (setup.card(under.0, under.1), setup.card(over.0, over.1)) {
                    (Some((pu, iu)), Some((po, io))) if pu == po && iu.abs_diff(io) == 1 => {
                        if io == iu + 1 {
                            forced |= 1 << k;
                            allowed |= 1 << k;
                        } else {
                            broken = true;
                        }
                    }
                    (Some((pu, iu)), None) if p.extend && iu + 1 == p.lens[usize::from(pu)] => {
                        allowed |= 1 << k;
                    }
                    (None, None) if p.extend => allowed |= 1 << k,
                    _ => {}
                }
            }
            if broken {
                continue;
            }
            // A low slot that already rests on one cannot rest again, nor carry twice.
            for (k, &(ls, _)) in PAIRS.iter().enumerate() {
                let taken = if low_under & (1 << k) != 0 {
                    low.carries[ls]
                } else {
                    low.rests[ls]
                };
                if taken {
                    if forced & (1 << k) != 0 {
                        broken = true;
                    }
                    allowed &= !(1 << k);
                }
            }
            if broken {
                continue;
            }
            // Every subset of the allowed links that keeps the forced ones.
            let mut links = allowed;
            loop {
                if links & forced == forced {
                    try_links(setup, r, from, e, *role, g, links, low_under, high, index);
                }
                if links == 0 {
                    break;
                }
                links = (links - 1) & allowed;
            }
        }
    }
}

/// Degree bits of the four slots at a boundary: low rests, low carries, high rests, high
/// carries, two sides each.
const LOW_RESTS: u8 = 0;
const LOW_CARRIES: u8 = 2;
const HIGH_RESTS: u8 = 4;
const HIGH_CARRIES: u8 = 6;

#[allow(clippy::too_many_arguments)]
fn try_links(
    setup: &Setup,
    r: u8,
    from: u16,
    e: &Entry,
    role: [u8; 2],
    g: u8,
    links: u8,
    low_under: u8,
    high: &mut Vec<Entry>,
    index: &mut [u16],
) {
    let low = e.at;
    // Each slot rests on at most one and carries at most one: no bit may be set twice.
    let mut bits = u8::from(low.rests[0]) << LOW_RESTS
        | u8::from(low.rests[1]) << (LOW_RESTS + 1)
        | u8::from(low.carries[0]) << LOW_CARRIES
        | u8::from(low.carries[1]) << (LOW_CARRIES + 1);
    for (k, &(ls, hs)) in PAIRS.iter().enumerate() {
        if links & (1 << k) == 0 {
            continue;
        }
        let add = if low_under & (1 << k) != 0 {
            1 << (LOW_CARRIES as usize + ls) | 1 << (HIGH_RESTS as usize + hs)
        } else {
            1 << (HIGH_CARRIES as usize + hs) | 1 << (LOW_RESTS as usize + ls)
        };
        if bits & add != 0 {
            return;
        }
        bits |= add;
    }
    // Rank r's free slots are settled: a card on nothing waits in the Equator, and then nothing
    // may lie on it; a card on nothing or on top of a pile may be phase 1's last move.
    let mut cost = e.cost;
    let mut event = low.event;
    for s in 0..2 {
        if !setup.exists(r, s) || low.role[s] != FREE {
            continue;
        }
        let rests = bits & (1 << (LOW_RESTS as usize + s)) != 0;
        let carries = bits & (1 << (LOW_CARRIES as usize + s)) != 0;
        match (rests, carries) {
            (false, true) => return,
            (false, false) => {
                cost += 1;
                event |= setup.talon(r);
            }
            (true, false) => event |= setup.talon(r),
            _ => {}
        }
    }
    let at = Sweep {
        role,
        rests: [0, 1].map(|s| bits & (1 << (HIGH_RESTS as usize + s)) != 0),
        carries: [0, 1].map(|s| bits & (1 << (HIGH_CARRIES as usize + s)) != 0),
        g,
        event,
    };
    let entry = Entry {
        at,
        cost,
        prev: from,
        links,
        low_under,
    };
    // A state that can be phase 1's last move is as good as the same state that cannot be, at
    // no more cost.
    let twin = Sweep {
        event: !event,
        ..at
    };
    if let Some(i) = index.get(twin.pack()).copied().filter(|&i| i != NONE) {
        let other = &high[usize::from(i)];
        if event && other.cost >= cost {
            high[usize::from(i)].cost = INF;
        } else if !event && other.cost <= cost {
            return;
        }
    }
    let key = at.pack();
    match index[key] {
        NONE => {
            index[key] = high.len() as u16;
            high.push(entry);
        }
        i if high[usize::from(i)].cost > cost => high[usize::from(i)] = entry,
        _ => {}
    }
}
