//! The markers a When Empires Clash! stand can carry. Those of the turn are cleared when a new turn begins;
//! dismounted and withdrawn stay.

use crate::roster::Flag;
use crate::rules::Marker;

pub const ACTIVATED: Flag = Flag::named("activated");
pub const MOVED: Flag = Flag::named("moved");
pub const FOUGHT: Flag = Flag::named("fought");
pub const TOWED: Flag = Flag::named("towed");
pub const MOUNTING: Flag = Flag::named("mounting");
pub const DISMOUNTED: Flag = Flag::named("dismounted");
pub const WITHDRAWN: Flag = Flag::named("withdrawn");
pub const IN_SQUARE: Flag = Flag::named("tactical_square");
pub const RECOILED: Flag = Flag::named("recoiled");

/// Cleared when a new turn begins.
pub const OF_THE_TURN: [Flag; 6] = [ACTIVATED, MOVED, FOUGHT, TOWED, MOUNTING, RECOILED];

pub const MARKERS: &[Marker] = &[
    Marker::new(ACTIVATED, "Activated", "Has been activated this turn"),
    Marker::new(MOVED, "Moved", "Has moved this turn: its facing is fixed until its next activation or a recoil"),
    Marker::new(RECOILED, "Recoiled", "Forced to recoil since it last moved: its facing is free again"),
    Marker::new(FOUGHT, "Fought", "Has initiated its one combat this turn"),
    Marker::new(TOWED, "Towed", "Artillery towed this turn: it takes no part in combat"),
    Marker::new(MOUNTING, "Mounting", "Mounted or dismounted this turn: it does not move"),
    Marker::new(DISMOUNTED, "Dismounted", "Cavalry fighting on foot"),
    Marker::new(WITHDRAWN, "Withdrawn", "Left the battlefield by its own baseline: not destroyed"),
    Marker::new(
        IN_SQUARE,
        "Tactical square",
        "Part of a formed tactical square: not attacked in the flank or rear in close combat; clear it when the square is broken",
    ),
];
