//! What a hidden counter keeps from the other side (the rules' hidden movement): its place shows, its
//! name, kind and strength do not, until it is sighted. Its own side and the referee see it whole.

use super::context::Ctx;
use crate::rules::{Counter, Seat, Secrets};

pub fn secrets(ctx: &Ctx, seat: &Seat) -> Secrets {
    let mut secrets = Secrets::default();
    // Numbered in the scenario's order among every counter that starts hidden, so a counter keeps its
    // number for the whole game whichever others are sighted.
    let starts_hidden = ctx.state.units.iter().filter(|u| ctx.unit_fields(&u.id).hidden);
    for (n, unit) in starts_hidden.enumerate() {
        if ctx.is_hidden(unit) && !seat.knows_side(&unit.side) {
            let label = format!("Hidden counter {}", n + 1);
            secrets.words.push((unit.name.clone(), label.clone()));
            secrets.counters.insert(unit.id.clone(), Counter { label, alias: format!("hidden-{}", n + 1) });
        }
    }
    secrets
}
