//! A game's table drawn as a picture, for reports: the table to scale with its terrain, each unit's live
//! figures in its side's colour (the leader ringed), numbered and explained in a legend, a scale bar and a
//! title line, as a PNG. It draws a `GameView`, the same for every system and already without what its
//! seat may not see, so a hidden unit is a chit here as on the table view.

mod canvas;
mod cloth;
mod frame;
mod labels;
mod legend;
mod marks;
mod palette;
mod scale_bar;
mod terrain;
mod text;
mod units;

pub use frame::TableFrame;

use crate::api::GameView;

const TITLE_SIZE: f32 = 20.0;

/// The view's table as a PNG, headed by `title`.
pub fn battle_map(view: &GameView, title: &str) -> Result<Vec<u8>, String> {
    let units = units::numbered(view);
    let key = legend::lines(view, &units);
    let frame = frame::Frame::new(&view.table, key.len());
    let mut canvas = canvas::Canvas::new(frame.width, frame.height, palette::PAPER)?;
    let room = frame.width as f32 - 2.0 * frame::MARGIN;
    let title = text::fitted(title, TITLE_SIZE, text::Weight::Bold, room);
    text::draw(
        &mut canvas,
        &title,
        (frame::MARGIN, frame.title_baseline),
        TITLE_SIZE,
        text::Weight::Bold,
        palette::INK,
        None,
    );
    cloth::draw(&mut canvas, &view.table, &frame.table, !marks::replaces_grid(&view.map_marks));
    terrain::draw(&mut canvas, &view.terrain, &frame.table);
    marks::draw_areas(&mut canvas, &view.map_marks, &frame.table);
    units::draw(&mut canvas, &units, &frame.table);
    labels::draw(&mut canvas, &units, &view.terrain, &frame.table);
    marks::draw_labels(&mut canvas, view, &frame.table);
    scale_bar::draw(&mut canvas, &view.table, &frame);
    legend::draw(&mut canvas, &key, &frame);
    canvas.encode()
}
