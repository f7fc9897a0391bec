//! Lettering: DejaVu Sans (cut down to Latin letters, `assets/fonts/`) drawn as outlines through the same
//! rasteriser as the shapes, so text is anti-aliased alike and can carry a halo over busy ground.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, OutlineCurve, ScaleFont};
use tiny_skia::{Path, PathBuilder};

use super::canvas::Canvas;
use super::palette::Rgba;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, bytes): (_, &'static [u8]) = match weight {
        Weight::Regular => (&REGULAR, include_bytes!("../../assets/fonts/DejaVuSans-Latin.ttf")),
        Weight::Bold => (&BOLD, include_bytes!("../../assets/fonts/DejaVuSans-Bold-Latin.ttf")),
    };
    // The font is part of the binary, so a font that does not read is a broken build, not bad input.
    cell.get_or_init(|| FontRef::try_from_slice(bytes).expect("the embedded map font reads"))
}

/// How wide `text` is, in pixels, at `size` pixels.
pub fn width(text: &str, size: f32, weight: Weight) -> f32 {
    let scaled = font(weight).as_scaled(size);
    let mut previous = None;
    let mut x = 0.0;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            x += scaled.kern(p, id);
        }
        x += scaled.h_advance(id);
        previous = Some(id);
    }
    x
}

/// `text` cut to `most` pixels wide, ending in an ellipsis where it was cut.
pub fn fitted(text: &str, size: f32, weight: Weight, most: f32) -> String {
    if width(text, size, weight) <= most {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && width(&format!("{cut}…"), size, weight) > most {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// The height of capitals above the baseline, to centre a line of text on a point.
pub fn cap_height(size: f32) -> f32 {
    size * 0.73
}

/// Draws `text` with its baseline starting at (x, y); a halo of `halo` round the letters first, where given.
pub fn draw(canvas: &mut Canvas, text: &str, at: (f32, f32), size: f32, weight: Weight, ink: Rgba, halo: Option<Rgba>) {
    let Some(path) = outline(text, at, size, weight) else { return };
    if let Some(halo) = halo {
        canvas.stroke(&path, halo, (size * 0.22).max(2.0));
    }
    canvas.fill(&path, ink);
}

fn outline(text: &str, (x0, baseline): (f32, f32), size: f32, weight: Weight) -> Option<Path> {
    let font = font(weight);
    let scaled = font.as_scaled(size);
    let (sx, sy) = (scaled.h_scale_factor(), scaled.v_scale_factor());
    let mut pb = PathBuilder::new();
    let mut x = x0;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            x += scaled.kern(p, id);
        }
        previous = Some(id);
        if let Some(glyph) = font.outline(id) {
            // Font units run upwards from the baseline; the picture's run down.
            let at = |p: ab_glyph::Point| (x + p.x * sx, baseline - p.y * sy);
            let mut end: Option<(f32, f32)> = None;
            for curve in &glyph.curves {
                let (start, last) = match curve {
                    OutlineCurve::Line(a, b) => (at(*a), at(*b)),
                    OutlineCurve::Quad(a, _, b) => (at(*a), at(*b)),
                    OutlineCurve::Cubic(a, _, _, b) => (at(*a), at(*b)),
                };
                // A curve that does not start where the last ended begins the glyph's next contour.
                if end.is_none_or(|e| (e.0 - start.0).abs() > 1e-3 || (e.1 - start.1).abs() > 1e-3) {
                    if end.is_some() {
                        pb.close();
                    }
                    pb.move_to(start.0, start.1);
                }
                match curve {
                    OutlineCurve::Line(_, _) => pb.line_to(last.0, last.1),
                    OutlineCurve::Quad(_, c, _) => {
                        let c = at(*c);
                        pb.quad_to(c.0, c.1, last.0, last.1);
                    }
                    OutlineCurve::Cubic(_, c1, c2, _) => {
                        let (c1, c2) = (at(*c1), at(*c2));
                        pb.cubic_to(c1.0, c1.1, c2.0, c2.1, last.0, last.1);
                    }
                }
                end = Some(last);
            }
            if end.is_some() {
                pb.close();
            }
        }
        x += scaled.h_advance(id);
    }
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_measured_by_its_letters() {
        let one = width("8", 14.0, Weight::Regular);
        assert!(one > 5.0 && one < 14.0, "{one}");
        assert!((width("88", 14.0, Weight::Regular) - 2.0 * one).abs() < 0.01);
        assert!(width("8", 28.0, Weight::Regular) > 1.9 * one);
    }

    #[test]
    fn fitted_text_ends_in_an_ellipsis_within_its_room() {
        let long = "The Relief Column reaches the Legation Wall at dusk";
        let cut = fitted(long, 14.0, Weight::Regular, 120.0);
        assert!(cut.ends_with('…') && width(&cut, 14.0, Weight::Regular) <= 120.0, "{cut}");
        assert_eq!(fitted("Short", 14.0, Weight::Regular, 120.0), "Short");
    }

    #[test]
    fn letters_mark_the_picture_and_a_space_does_not() {
        let mut canvas = Canvas::new(60, 30, Rgba::rgb(255, 255, 255)).unwrap();
        draw(&mut canvas, " ", (4.0, 22.0), 20.0, Weight::Bold, Rgba::rgb(0, 0, 0), None);
        assert!(canvas.pixmap.pixels().iter().all(|p| p.red() == 255));
        draw(&mut canvas, "H", (4.0, 22.0), 20.0, Weight::Bold, Rgba::rgb(0, 0, 0), None);
        assert!(canvas.pixmap.pixels().iter().any(|p| p.red() < 40));
    }
}
