//! The markers a Sand Pebbles unit can carry. Both last until the end of the turn, when every unit rallies.

use crate::roster::Flag;
use crate::rules::Marker;

pub const PINNED: Flag = Flag::named("pinned");
pub const ROUTED: Flag = Flag::named("routed");

pub const MARKERS: &[Marker] = &[
    Marker::new(PINNED, "Pinned", "Charged: it turns to face the charge and may fire, but not move, this turn"),
    Marker::new(
        ROUTED,
        "Routed",
        "Lost a melee and ran 2D6 toward its own edge: a later melee against it this phase finds it gone",
    ),
];
