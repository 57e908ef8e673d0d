//! Many deals decided on several threads, each thread with a solver of its own, and handed on
//! in deal order: what the win-rate runs of every patience share.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

/// Decides deals `first..=last` on `jobs` threads, `chunk` deals at a time a thread. `new`
/// makes each thread's solver; `decide` decides one deal with it; `row` sees every deal's
/// answer in deal order; `progress` is called after each chunk with (deals done, deals in all).
#[allow(clippy::too_many_arguments)]
pub fn decide_in_order<S, R: Send>(
    range: (u128, u128),
    jobs: usize,
    chunk: u128,
    new: impl Fn() -> S + Sync,
    decide: impl Fn(&mut S, u128) -> R + Sync,
    row: impl FnMut(R),
    progress: impl FnMut(u128, u128),
) {
    decide_with_threads(range, jobs, usize::MAX, chunk, new, decide, row, progress);
}

/// [`decide_in_order`] on a system that gives at most `given` threads (tests refuse some).
#[allow(clippy::too_many_arguments)]
fn decide_with_threads<S, R: Send>(
    (first, last): (u128, u128),
    jobs: usize,
    given: usize,
    chunk: u128,
    new: impl Fn() -> S + Sync,
    decide: impl Fn(&mut S, u128) -> R + Sync,
    mut row: impl FnMut(R),
    mut progress: impl FnMut(u128, u128),
) {
    let chunk = chunk.max(1);
    let total = last - first + 1;
    let chunks = total.div_ceil(chunk);
    let next = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<(u128, Vec<R>)>();
    // One worker: takes chunks until none is left, and sends each chunk's rows.
    let work = |send: mpsc::Sender<(u128, Vec<R>)>| {
        let mut solver = new();
        loop {
            let i = u128::from(next.fetch_add(1, Ordering::Relaxed));
            if i >= chunks {
                break;
            }
            let from = first + i * chunk;
            let to = (from + chunk - 1).min(last);
            let rows = (from..=to).map(|n| decide(&mut solver, n)).collect();
            if send.send((i, rows)).is_err() {
                break;
            }
        }
    };
    std::thread::scope(|scope| {
        // A thread the system refuses is one fewer, never a panic; with none at all, this
        // thread decides every deal before it hands them on.
        let mut started = 0;
        for _ in 0..jobs.max(1) {
            let (send, work) = (send.clone(), &work);
            let spawned = if started < given {
                std::thread::Builder::new().spawn_scoped(scope, move || work(send))
            } else {
                Err(std::io::Error::other("no more threads"))
            };
            match spawned {
                Ok(_) => started += 1,
                Err(_) => break,
            }
        }
        if started == 0 {
            work(send.clone());
        }
        drop(send);
        // Chunks arrive in any order; hand them on in deal order.
        let mut waiting = std::collections::BTreeMap::new();
        let (mut due, mut done) = (0u128, 0u128);
        for (i, rows) in receive {
            done += rows.len() as u128;
            waiting.insert(i, rows);
            while let Some(rows) = waiting.remove(&due) {
                rows.into_iter().for_each(&mut row);
                due += 1;
            }
            progress(done, total);
        }
    });
}

/// Bytes of memory the system has available now (Linux's `MemAvailable`); none known
/// elsewhere.
pub fn available_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    #[test]
    fn rows_come_in_deal_order_from_every_thread() {
        let mut deals = Vec::new();
        let mut last_progress = 0;
        super::decide_in_order(
            (1, 40),
            3,
            7,
            || 0u32,
            |made: &mut u32, n| {
                *made += 1;
                // Later deals first, now and then: out of order unless put back in it.
                std::thread::sleep(std::time::Duration::from_micros((40 - n as u64) * 50));
                n
            },
            |n| deals.push(n),
            |done, total| {
                assert!(done <= total);
                last_progress = done;
            },
        );
        assert_eq!(deals, (1..=40).collect::<Vec<_>>());
        assert_eq!(last_progress, 40);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_memory_available_is_known_on_linux() {
        let bytes = super::available_memory().expect("MemAvailable");
        assert!(bytes > 1 << 20, "{bytes} bytes");
    }

    /// A system that refuses threads (every one, or all but the first) gets every deal
    /// decided all the same, in order, and no panic.
    #[test]
    fn refused_threads_are_fewer_threads_never_a_panic() {
        for given in [0, 1] {
            let mut deals = Vec::new();
            super::decide_with_threads(
                (1, 25),
                4,
                given,
                3,
                || (),
                |_: &mut (), n| n,
                |n| deals.push(n),
                |_, _| {},
            );
            assert_eq!(deals, (1..=25).collect::<Vec<_>>(), "{given} threads given");
        }
    }
}
