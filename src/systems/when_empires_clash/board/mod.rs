//! The battlefield of When Empires Clash!: a grid of 50 mm squares with terrain by square (woods,
//! buildings, hills with contour levels, roads, entrenchments) and obstacles on the edges between squares
//! (walls, hedges, fences, fordable rivers, streams, trenches); the stands on it, at most two a square and
//! only as deep as the square (`space`); and
//! the grid readings the text leaves to the table: facing, the front and rear arcs, line of sight, the
//! squares a stand may move to, and a recoil's path. Each is defined in docs/rules/when-empires-clash.md.

mod arcs;
mod facing;
mod moves;
mod recoil;
mod sight;
mod space;
mod terrain;

pub use arcs::{Aspect, aspect, in_front_arc, in_rear_arc};
pub use facing::Facing;
pub use moves::{InTheWay, Mover, Route, in_the_way, next_to, reachable, route};
pub use recoil::{Blocked, Recoil, Recoiler, recoil};
pub use sight::{has_line_of_sight, line_of_sight};
pub use space::{Space, Taken, depth_in_row};
pub use terrain::{Board, Ground, Obstacle};
