//! The backward search over one suit's phase 2: states, the choices from each, and the memo of
//! every state met (its best cost and the move that gives it); the plan read back from it.

use super::*;
use crate::zodiac::solver::key::{Key, Memo};

impl SuitProblem {
    fn start(&self) -> State {
        State {
            at: [0; 2],
            piles: [0; 24],
        }
    }

    fn done(&self, st: &State) -> bool {
        st.at[0] == self.streams[0].len && st.at[1] == self.streams[1].len
    }

    fn coming(&self, st: &State, r: u8) -> bool {
        (0..2).any(|s| self.streams[s].still_has(st.at[s], r))
    }

    /// Drops piles nothing can land on any more. None when a pile's next card never comes back;
    /// otherwise whether a dropped pile ends in a stock card (phase 1's last move can be it).
    fn settle(&self, st: &mut State) -> Option<bool> {
        let mut event = false;
        for p in 0..self.n {
            let v = st.piles[p];
            if v < COMPLETE {
                if !self.coming(st, self.ranks[p][usize::from(v)]) {
                    return None;
                }
            } else if v != DEAD {
                let top = v & 0x0F;
                let alive = self.extend
                    && ((top > 1 && self.coming(st, top - 1))
                        || (top < 13 && self.coming(st, top + 1)));
                if !alive {
                    event |= v & EXTENDED != 0 && self.talon & (1 << top) != 0;
                    st.piles[p] = DEAD;
                }
            }
        }
        Some(event)
    }

    /// The memo key: piles with the same state byte are interchangeable once rebuilt, and the
    /// two streams are when they are equal.
    fn key(&self, st: &State) -> Key {
        let mut bytes = [0u8; 32];
        let mut at = st.at;
        if self.symmetric && at[0] > at[1] {
            at.swap(0, 1);
        }
        bytes[0] = at[0];
        bytes[1] = at[1];
        let mut complete = [0u8; 24];
        let mut m = 0;
        for &v in &st.piles[..self.n] {
            if v >= COMPLETE {
                complete[m] = v;
                m += 1;
            }
        }
        complete[..m].sort_unstable();
        let mut next = 0;
        for (p, &v) in st.piles[..self.n].iter().enumerate() {
            bytes[2 + p] = if v >= COMPLETE {
                next += 1;
                complete[next - 1]
            } else {
                v
            };
        }
        Key::from_bytes(&bytes)
    }

    /// Every way to give back the next card of either stream.
    fn choices(&self, st: &State, out: &mut [Option<Choice>; 64]) -> usize {
        let mut len = 0;
        let mut push = |c: Choice| {
            out[len] = Some(c);
            len += 1;
        };
        for s in 0..2 {
            let stream = self.streams[s];
            if st.at[s] == stream.len || (s == 1 && self.symmetric && st.at[0] == st.at[1]) {
                continue;
            }
            let r = stream.rank(st.at[s]);
            let mut next = *st;
            next.at[s] += 1;
            let mut tried = [0u8; 4];
            let mut n_tried = 0;
            for p in 0..self.n {
                let v = st.piles[p];
                let mut child = next;
                if v < COMPLETE {
                    if self.ranks[p][usize::from(v)] != r {
                        continue;
                    }
                    child.piles[p] = if v + 1 == self.lens[p] {
                        COMPLETE | r
                    } else {
                        v + 1
                    };
                } else {
                    if v == DEAD || !self.extend || (v & 0x0F).abs_diff(r) != 1 {
                        continue;
                    }
                    if tried[..n_tried].contains(&v) {
                        continue;
                    }
                    tried[n_tried] = v;
                    n_tried += 1;
                    child.piles[p] = COMPLETE | EXTENDED | r;
                }
                push(Choice {
                    child,
                    cost: 0,
                    event: false,
                    stream: s as u8,
                    dest: Dest::Pile(p as u8),
                });
            }
            push(Choice {
                child: next,
                cost: 1,
                event: self.talon & (1 << r) != 0,
                stream: s as u8,
                dest: Dest::Equator,
            });
        }
        len
    }

    /// (fewest Equator cards, fewest when phase 1's last move is one of this suit's stock
    /// cards), from `st` on.
    fn best(&self, st: &State, memo: &mut Memo) -> (u8, u8) {
        if self.done(st) {
            return (0, INF);
        }
        let key = self.key(st);
        if let Some(v) = memo.get(&key) {
            return v;
        }
        let mut out = [None; 64];
        let n = self.choices(st, &mut out);
        let mut best = (INF, INF);
        for c in out[..n].iter().flatten() {
            let mut child = c.child;
            let Some(dropped) = self.settle(&mut child) else {
                continue;
            };
            let (m, mp) = self.best(&child, memo);
            let m = add(m, c.cost);
            let mp = if c.event || dropped {
                m
            } else {
                add(mp, c.cost)
            };
            best = (best.0.min(m), best.1.min(mp));
        }
        memo.insert(key, best);
        best
    }

    /// The suit's two figures: fewest Equator cards, and fewest when the last move of phase 1
    /// comes from this suit. `INF` when the suit cannot be cleared at all.
    pub fn solve(&self, memo: &mut Memo) -> (u8, u8) {
        memo.clear();
        let mut st = self.start();
        if self.settle(&mut st).is_none() {
            return (INF, INF);
        }
        self.best(&st, memo)
    }

    /// A backward line reaching the figure [`SuitProblem::solve`] found (`last`: the one where
    /// phase 1's last move comes from this suit). `memo` must be the one `solve` filled.
    pub fn plan(&self, memo: &mut Memo, last: bool) -> SuitPlan {
        let mut plan = SuitPlan::default();
        let mut st = self.start();
        self.settle(&mut st);
        let mut want_last = last;
        let root = self.best(&st, memo);
        let mut target = if last { root.1 } else { root.0 };
        while !self.done(&st) {
            let mut out = [None; 64];
            let n = self.choices(&st, &mut out);
            let mut found = None;
            for c in out[..n].iter().flatten() {
                let mut child = c.child;
                let before = child;
                let Some(dropped) = self.settle(&mut child) else {
                    continue;
                };
                let (m, mp) = self.best(&child, memo);
                let provides = c.event || dropped;
                let (value, still_want) = if want_last && !provides {
                    (add(mp, c.cost), true)
                } else {
                    (add(m, c.cost), false)
                };
                if value == target && value != INF {
                    found = Some((*c, before, child, provides, still_want));
                    break;
                }
            }
            let (c, before, child, provides, still_want) =
                found.expect("a plan follows the figures it was computed from");
            plan.steps.push((c.stream, c.dest));
            if want_last && provides {
                plan.last = Some(if c.event {
                    let s = usize::from(c.stream);
                    LastMove::Equator(self.streams[s].rank(st.at[s]))
                } else {
                    let p = (0..self.n)
                        .find(|&p| {
                            let v = before.piles[p];
                            child.piles[p] == DEAD
                                && v != DEAD
                                && v & EXTENDED != 0
                                && self.talon & (1 << (v & 0x0F)) != 0
                        })
                        .expect("a dropped pile ends in a stock card");
                    LastMove::Top(p as u8)
                });
            }
            want_last = still_want;
            target -= c.cost;
            st = child;
        }
        plan
    }
}

fn add(v: u8, cost: u8) -> u8 {
    if v == INF { INF } else { v + cost }
}
