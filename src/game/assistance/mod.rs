//! What the solver at the table (`game::verdicts`) helps with: the `hint`, the lost notice (`advice`), Show me (`show_me`), and the optional helpers
//! that turn the stock and finish by themselves (`assist`); how hard the deal is (`levels`);
//! the daily deal (`daily`).

pub mod advice;
pub mod assist;
pub mod daily;
pub mod hint;
pub mod levels;
pub mod show_me;
