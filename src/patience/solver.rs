//! A patience's solver, and what every patience does with one, written once: the table's
//! solver kept per thread (and given back when a search grew it large), what `zodiac solve`
//! prints, and `zodiac winrate`'s deals decided on several threads ([`crate::parallel`]).
//! Each patience implements [`Solver`] for its own solver and names it its
//! `CommandLine::Solver`; its `CommandLine::solve` is [`solve_at_table`], and `CommandLine`'s
//! `solve_text` and `decide_range` are [`solve_text`] and [`decide_range`] unless it says
//! otherwise.

use super::{Decided, Effort, Rules, Verdict};
use crate::cards::DealNumber;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

type Params<S> = <<S as Solver>::Rules as Rules>::Params;
type Position<S> = <<S as Solver>::Rules as Rules>::Position;
type Move<S> = <<S as Solver>::Rules as Rules>::Move;

/// A patience's solver: one value holds its memory, to reuse from one search to the next.
pub trait Solver: Default + 'static {
    type Rules: Rules;
    /// What the solver says of a win beside its line (Zodiac's slack).
    type Note;

    /// Positions a verdict at the table may search before it says "unknown": a few tenths of
    /// a second of one core, so that the table never waits long.
    const TABLE_BUDGET: usize;
    /// The table's budget for these rules: [`Solver::TABLE_BUDGET`] unless the rules say
    /// otherwise (a patience file's `table_budget`).
    fn table_budget(_params: &Params<Self>) -> usize {
        Self::TABLE_BUDGET
    }
    /// Positions the command line searches before "unknown" unless `--budget` says otherwise;
    /// `None` for a solver that always searches to the end (it takes no budget, and counts no
    /// positions).
    const BUDGET: Option<usize>;
    /// Bytes of tables a solver kept per thread at the table may still hold once a search has
    /// ended; one that grew past this is dropped, and the next search starts afresh (a fresh
    /// solver's tables take a few hundred KiB at most; the table's threads each keep one of
    /// each patience).
    const KEPT_BYTES: usize = 1 << 20;
    /// Bytes a search may take, at worst, for each position of its budget: a byte budget is
    /// this many times smaller in positions. 0 for a solver whose memory does not grow with
    /// the positions it searches.
    const BYTES_A_POSITION: usize = 0;
    /// The patience's own columns of `winrate --csv` after `deal,verdict`, as
    /// [`Solver::decide_deal`] writes them.
    const COLUMNS: &'static str = "micros,positions";
    /// Deals a thread of a win-rate run takes at a time.
    const CHUNK: u128 = 1;

    /// Decides `position` within `budget` positions: the verdict, in the patience's moves with
    /// its note, and how many positions were searched.
    fn solve(
        &mut self,
        params: &Params<Self>,
        position: &Position<Self>,
        budget: usize,
    ) -> (Verdict<Move<Self>, Self::Note>, usize);

    /// Bytes its tables hold now.
    fn bytes(&self) -> usize;

    /// The note in a player's words, as the table shows it.
    fn note_words(note: Self::Note) -> Option<String>;

    /// The line `zodiac solve` prints for the note after the moves, if any.
    fn note_line(_note: &Self::Note) -> Option<String> {
        None
    }

    /// Refuses a win-rate run's effort the solver cannot make: by default, deals known won
    /// under a looser rule set (only Klondike's solver asks another rule set).
    fn check_effort(_params: &Params<Self>, effort: Effort) -> Result<(), String> {
        if effort.looser_won {
            return Err(format!(
                "--looser-won: {}'s solver asks no other rule set",
                <Self::Rules as Rules>::TITLE
            ));
        }
        Ok(())
    }

    /// A win-rate run's solver, for one thread.
    fn for_range(_effort: Effort) -> Self {
        Self::default()
    }

    /// One deal of a win-rate run: its word, and the patience's own columns of the CSV line
    /// ([`Solver::COLUMNS`]); by default `micros,positions`.
    fn decide_deal(
        &mut self,
        params: &Params<Self>,
        position: &Position<Self>,
        budget: usize,
    ) -> (&'static str, String) {
        let start = Instant::now();
        let (verdict, searched) = self.solve(params, position, budget);
        let micros = start.elapsed().as_micros();
        (verdict.word(), format!("{micros},{searched}"))
    }
}

thread_local! {
    /// The solvers kept at the table on this thread, one of each patience, by type.
    static KEPT: RefCell<HashMap<TypeId, Box<dyn Any>>> = RefCell::new(HashMap::new());
}

/// Runs `f` with this thread's solver of type `S`, kept from the last search on this thread
/// unless it then held more than `S::KEPT_BYTES`. The solver is taken out of the thread's
/// store while `f` runs, so `f` may itself ask for a solver of any type.
pub fn with_solver<S: Solver, T>(f: impl FnOnce(&mut S) -> T) -> T {
    let key = TypeId::of::<S>();
    let kept = KEPT.with(|k| k.borrow_mut().remove(&key));
    let mut solver = kept
        .and_then(|s| s.downcast::<S>().ok())
        .map(|s| *s)
        .unwrap_or_default();
    let out = f(&mut solver);
    if solver.bytes() <= S::KEPT_BYTES {
        KEPT.with(|k| k.borrow_mut().insert(key, Box::new(solver)));
    }
    out
}

/// Bytes the solver of type `S` kept on this thread holds, if one is kept.
pub fn kept_bytes<S: Solver>() -> Option<usize> {
    KEPT.with(|k| {
        let kept = k.borrow();
        kept.get(&TypeId::of::<S>())
            .and_then(|s| s.downcast_ref::<S>())
            .map(S::bytes)
    })
}

/// Decides a position with the budget the table allows (on any thread), in the front end's
/// moves and words: a patience's `CommandLine::solve`.
pub fn solve_at_table<S: Solver>(params: &Params<S>, position: &Position<S>) -> Verdict {
    let (verdict, _) = with_solver(|s: &mut S| s.solve(params, position, S::table_budget(params)));
    verdict.map(S::Rules::to_neutral, S::note_words)
}

/// The budget to search with: `asked`, else the solver's own, lowered where a search that
/// spends it could take more than `memory` bytes (`Solver::BYTES_A_POSITION`); `usize::MAX`
/// for a solver that takes none, and an error where one is asked of it.
pub fn budget_within<S: Solver>(
    asked: Option<usize>,
    memory: Option<usize>,
) -> Result<usize, String> {
    let budget = match (S::BUDGET, asked) {
        (Some(budget), asked) => asked.unwrap_or(budget),
        (None, None) => return Ok(usize::MAX),
        (None, Some(_)) => {
            return Err(format!(
                "--budget: {}'s solver searches to the end and takes no budget",
                <S::Rules as Rules>::TITLE
            ));
        }
    };
    Ok(match (memory, S::BYTES_A_POSITION) {
        (Some(bytes), per) if per > 0 => budget.min((bytes / per).max(1)),
        _ => budget,
    })
}

/// The budget a win-rate run searches each deal with, as it reports it: none for a solver that
/// takes none.
pub fn winrate_budget<S: Solver>(effort: Effort) -> Result<Option<usize>, String> {
    let budget = budget_within::<S>(effort.budget, effort.memory)?;
    Ok((budget != usize::MAX).then_some(budget))
}

/// What `zodiac solve` prints: the verdict's word, the moves (and the note's line) or why,
/// the positions searched (where the solver has a budget), the time, taken around the search
/// by a fresh solver. `budget`: positions to search before "unknown", lowered to what fits in
/// the memory available.
pub fn solve_text<S: Solver>(
    params: &Params<S>,
    position: &Position<S>,
    budget: Option<usize>,
) -> Result<String, String> {
    let limit = budget_within::<S>(budget, crate::parallel::available_memory())?;
    let mut solver = S::default();
    let start = Instant::now();
    let (verdict, searched) = solver.solve(params, position, limit);
    let micros = start.elapsed().as_micros();
    let mut out = format!("{}\n", verdict.word());
    match &verdict {
        Verdict::Winnable { line, note } => {
            let tokens: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            out.push_str(&format!("moves: {}\n", tokens.join(" ")));
            if let Some(line) = S::note_line(note) {
                out.push_str(&format!("{line}\n"));
            }
        }
        Verdict::Lost { why } | Verdict::Unknown { why } => out.push_str(&format!("why: {why}\n")),
    }
    if S::BUDGET.is_some() {
        out.push_str(&format!("searched: {searched} positions\n"));
    }
    out.push_str(&format!("time: {micros} µs\n"));
    Ok(out)
}

/// Decides deals `range.0..=range.1` on `jobs` threads, each with a solver of its own, telling
/// `row` of each in deal order: a patience's `CommandLine::decide_range`.
pub fn decide_range<S: Solver>(
    params: &Params<S>,
    range: (u128, u128),
    jobs: usize,
    effort: Effort,
    row: &mut dyn FnMut(Decided),
) -> Result<(), String> {
    let budget = budget_within::<S>(effort.budget, effort.memory)?;
    S::check_effort(params, effort)?;
    crate::parallel::decide_in_order(
        range,
        jobs,
        S::CHUNK,
        || S::for_range(effort),
        |solver, n| {
            let deal = DealNumber::new(n).expect("the range was checked");
            let position = S::Rules::deal(params, deal);
            let (word, columns) = solver.decide_deal(params, &position, budget);
            Decided {
                deal: n,
                word,
                columns,
            }
        },
        row,
        |_, _| {},
    );
    Ok(())
}
