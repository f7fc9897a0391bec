//! The units: each live figure a dot in its side's colour, the leader larger and ringed in black, dead
//! figures left off; a unit its seat may see only as a counter is a chit with a "?" at its place, as the
//! table view draws it. Each unit gets a number, which the legend explains.

use super::canvas::{Canvas, circle};
use super::frame::TableFrame;
use super::palette::{self, Rgba};
use super::text::{self, Weight};
use crate::api::{GameView, UnitView};
use crate::roster::Role;

/// One unit as the map marks it and the legend lists it.
pub struct Marked<'a> {
    pub unit: &'a UnitView,
    pub number: u32,
    pub colour: Rgba,
}

/// The units in the order they are numbered: those the seat knows first, in the game's order, then the
/// counters it sees only as chits, so a chit's number says nothing of which unit is under it.
pub fn numbered(view: &GameView) -> Vec<Marked<'_>> {
    let colour = |side: &str| {
        let index = view.sides.iter().position(|s| s.id == side).unwrap_or(view.sides.len());
        let written = view.sides.get(index).map_or("", |s| s.colour.as_str());
        palette::side(written, index)
    };
    let known = view.units.iter().filter(|u| !u.masked);
    let chits = view.units.iter().filter(|u| u.masked);
    known.chain(chits).zip(1..).map(|(unit, number)| Marked { unit, number, colour: colour(&unit.side) }).collect()
}

/// Sizes in pixels at this scale: a figure's dot, a leader's, a chit's side.
pub struct Sizes {
    pub dot: f32,
    pub leader: f32,
    pub chit: f32,
}

impl Sizes {
    pub fn at(frame: &TableFrame) -> Sizes {
        let dot = (0.3 * frame.ppi).clamp(3.0, 7.0);
        Sizes { dot, leader: dot * 1.5, chit: (1.2 * frame.ppi).clamp(16.0, 28.0) }
    }
}

/// Where a unit's number goes next to: its leader, or its first live figure once he has fallen.
pub fn anchor(unit: &UnitView, frame: &TableFrame) -> Option<(f32, f32)> {
    let alive = || unit.figures.iter().filter(|f| f.alive);
    alive().find(|f| f.role == Role::Leader).or_else(|| alive().next()).map(|f| frame.at(f.pos))
}

pub fn draw(canvas: &mut Canvas, units: &[Marked<'_>], frame: &TableFrame) {
    let sizes = Sizes::at(frame);
    for marked in units {
        if marked.unit.masked {
            chit(canvas, marked, frame, &sizes);
            continue;
        }
        let alive: Vec<_> = marked.unit.figures.iter().filter(|f| f.alive).collect();
        let edge = marked.colour.darker(0.4);
        for figure in alive.iter().filter(|f| f.role != Role::Leader) {
            let (x, y) = frame.at(figure.pos);
            if let Some(dot) = circle(x, y, sizes.dot) {
                canvas.fill(&dot, marked.colour);
                canvas.stroke(&dot, edge, 1.0);
            }
        }
        // The leader last, so his mark is never under his own men's.
        for leader in alive.iter().filter(|f| f.role == Role::Leader) {
            let (x, y) = frame.at(leader.pos);
            if let Some(dot) = circle(x, y, sizes.leader) {
                canvas.fill(&dot, marked.colour);
                canvas.stroke(&dot, palette::LEADER_RING, 2.0);
            }
        }
    }
}

fn chit(canvas: &mut Canvas, marked: &Marked<'_>, frame: &TableFrame, sizes: &Sizes) {
    let Some((x, y)) = anchor(marked.unit, frame) else { return };
    let side = sizes.chit;
    let square = [
        (x - side / 2.0, y - side / 2.0),
        (x + side / 2.0, y - side / 2.0),
        (x + side / 2.0, y + side / 2.0),
        (x - side / 2.0, y + side / 2.0),
    ];
    if let Some(path) = super::canvas::polygon(&square) {
        canvas.fill(&path, palette::CHIT);
        canvas.stroke(&path, marked.colour, 2.5);
    }
    let size = side * 0.75;
    let half = text::width("?", size, Weight::Bold) / 2.0;
    text::draw(canvas, "?", (x - half, y + text::cap_height(size) / 2.0), size, Weight::Bold, palette::CHIT_TEXT, None);
}
