//! The picture being drawn: a pixmap and the few shapes the map is made of, in pixels.

use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::palette::Rgba;

pub struct Canvas {
    pub pixmap: Pixmap,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgba) -> Result<Canvas, String> {
        let mut pixmap =
            Pixmap::new(width, height).ok_or_else(|| format!("a map of {width} × {height} pixels cannot be drawn"))?;
        pixmap.fill(color(background));
        Ok(Canvas { pixmap })
    }

    pub fn fill(&mut self, path: &Path, colour: Rgba) {
        self.pixmap.fill_path(path, &paint(colour), FillRule::EvenOdd, Transform::identity(), None);
    }

    pub fn stroke(&mut self, path: &Path, colour: Rgba, width: f32) {
        let stroke = Stroke { width, line_join: tiny_skia::LineJoin::Round, ..Stroke::default() };
        self.pixmap.stroke_path(path, &paint(colour), &stroke, Transform::identity(), None);
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Rgba) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            self.pixmap.fill_rect(rect, &paint(colour), Transform::identity(), None);
        }
    }

    pub fn encode(&self) -> Result<Vec<u8>, String> {
        self.pixmap.encode_png().map_err(|e| format!("the map does not encode as PNG: {e}"))
    }
}

pub fn circle(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

/// A closed outline through `points`; None for fewer than three.
pub fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    if rest.len() < 2 {
        return None;
    }
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    rest.iter().for_each(|p| pb.line_to(p.0, p.1));
    pb.close();
    pb.finish()
}

/// An open line through `points`.
pub fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.0, first.1);
    rest.iter().for_each(|p| pb.line_to(p.0, p.1));
    pb.finish()
}

fn color(c: Rgba) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.0, c.1, c.2, c.3)
}

fn paint(c: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(c));
    paint.anti_alias = true;
    paint
}
