//! The markers a Heliograph unit can carry. All but a jam are cleared when a new turn begins.

use crate::roster::Flag;
use crate::rules::Marker;

pub const ACTIVATED: Flag = Flag::named("activated");
pub const ROUTED: Flag = Flag::named("routed");
pub const JAMMED: Flag = Flag::named("jammed");
pub const SPOTTED: Flag = Flag::named("spotted");

pub const MARKERS: &[Marker] = &[
    Marker::new(ACTIVATED, "Activated", "Has had its activation this turn"),
    Marker::new(ROUTED, "Routed", "Failed morale: ran 12\" toward its own edge and counts as activated"),
    Marker::new(
        JAMMED,
        "Jammed",
        "A gun whose volley rolled four or more zeros: it cannot fire until the end of the next turn",
    ),
    Marker::new(SPOTTED, "Spotted", "A hidden counter the enemy has seen: its figures are on the table"),
];
