//! The pixels: what the game asks of the renderer (`camera`), and everything painted once on the
//! CPU (`paint`, from `shapes`): the card atlas (`art`, with the `traditional` deck's SVG faces),
//! a patience's `miniature` for the New chooser, and, without multisampling, the frame's
//! `backdrop` (the table with the cards at rest laid on it, from the images `texels` keeps).

pub mod art;
pub mod backdrop;
pub mod camera;
pub mod miniature;
pub mod paint;
pub mod shapes;
pub mod texels;
pub mod traditional;
