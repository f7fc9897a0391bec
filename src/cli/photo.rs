//! `sandtable photo`: measuring on a photo of the real table from the command line.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::failure::Failure;
use crate::measure::{Pt, Table};
use crate::photo::markers::{self, Paper};
use crate::photo::{self, Calibration, KnownPoint, Photo, PhotoPt, TapError, TopDown};

/// A table larger than a hundred feet a side is a typing slip, not a wargames table.
const MOST_TABLE_INCHES: f64 = 1200.0;
/// A tap further off than this is not a tap on the spot meant.
const MOST_TAP_ERROR_PX: f64 = 100.0;

#[derive(Args, Debug)]
pub struct PhotoArgs {
    #[command(subcommand)]
    pub command: PhotoCommand,
}

/// What fixes the photo's view of the table: its corners, and any further known points.
#[derive(Args, Debug)]
pub struct ViewArgs {
    /// The photo: JPEG, PNG or WebP
    pub photo: PathBuf,
    /// The table's corners on the photo in pixels, in the order (0,0), (width,0), (width,depth),
    /// (0,depth): 'x,y;x,y;x,y;x,y'
    #[arg(long, required_unless_present = "markers", conflicts_with = "markers")]
    pub corners: Option<String>,
    /// Find the printed corner markers (`sandtable photo markers`) on the photo instead of --corners
    #[arg(long)]
    pub markers: bool,
    /// The table's size in inches, width x depth: 72x48
    #[arg(long)]
    pub table: String,
    /// Further known points for a least-squares fit, photo pixels = table inches: 'x,y=X,Y;...'
    #[arg(long)]
    pub points: Option<String>,
    /// How far a tap may be off, in photo pixels
    #[arg(long, default_value_t = TapError::TAPPED.0)]
    pub tap_error: f64,
}

#[derive(Args, Debug)]
pub struct FindMarkersArgs {
    /// The photo: JPEG, PNG or WebP
    pub photo: PathBuf,
    /// The table's size in inches, width x depth: 72x48
    #[arg(long)]
    pub table: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum PhotoCommand {
    /// The sheet of four corner markers to print (SVG, at true size), for --markers
    Markers {
        /// a4 or letter
        #[arg(long, default_value = "a4")]
        paper: String,
        #[arg(short, long)]
        out: PathBuf,
    },
    /// The corner markers found on a photo: each marker's four corners, in photo pixels and table inches
    FindMarkers(FindMarkersArgs),
    /// The distance on the table between two spots on the photo, with its uncertainty
    Measure {
        #[command(flatten)]
        view: ViewArgs,
        /// One end, in photo pixels: x,y
        #[arg(long)]
        from: String,
        /// The other end, in photo pixels: x,y
        #[arg(long)]
        to: String,
        #[arg(long)]
        json: bool,
    },
    /// Where a spot on the photo is on the table
    Locate {
        #[command(flatten)]
        view: ViewArgs,
        /// The spot, in photo pixels: x,y
        #[arg(long)]
        at: String,
        #[arg(long)]
        json: bool,
    },
    /// The photo redrawn from straight above the table, as a PNG
    Rectify {
        #[command(flatten)]
        view: ViewArgs,
        /// Pixels per inch of the top-down view
        #[arg(long, default_value_t = 20.0)]
        ppi: f64,
        /// Inches of the photo to keep round the table's edge
        #[arg(long, default_value_t = 0.0)]
        margin: f64,
        #[arg(short, long)]
        out: PathBuf,
    },
}

pub fn run(args: PhotoArgs) -> Result<(), Failure> {
    match args.command {
        PhotoCommand::Markers { paper, out } => {
            let paper = Paper::parse(&paper)
                .ok_or_else(|| Failure::bad_input(format!("--paper {paper:?}: give a4 or letter")))?;
            std::fs::write(&out, markers::marker_sheet(paper))
                .map_err(|e| Failure::other(format!("{}: {e}", out.display())))?;
            println!("{}: print it at 100% (no fit to page); the black squares must measure 60 mm", out.display());
            Ok(())
        }
        PhotoCommand::FindMarkers(FindMarkersArgs { photo: path, table, json }) => {
            let table = parse_table(&table)?;
            let photo = read_photo(&path)?;
            let points = markers::find_markers(&photo.image, table)
                .map_err(|e| Failure::bad_input(e.to_string()).in_file(&path))?;
            if json {
                println!("{}", serde_json::to_string(&points).map_err(|e| Failure::other(e.to_string()))?);
            } else {
                for (marker, corners) in points.chunks(4).enumerate() {
                    let name = markers::Marker(marker).name(table);
                    let at: Vec<String> = corners
                        .iter()
                        .map(|p| format!("{:.2},{:.2} = {:.3},{:.3}", p.photo.x, p.photo.y, p.table.x, p.table.y))
                        .collect();
                    println!("{name}: {}", at.join("; "));
                }
            }
            Ok(())
        }
        PhotoCommand::Measure { view, from, to, json } => {
            let (photo, calibration) = open(&view)?;
            let from = on_photo(&photo, parse_spot(&from, "--from")?)?;
            let to = on_photo(&photo, parse_spot(&to, "--to")?)?;
            let m = calibration
                .measure_with(from, to, TapError(view.tap_error))
                .map_err(|e| Failure::bad_input(e.to_string()))?;
            if json {
                let out = serde_json::json!({
                    "inches": m.inches, "uncertainty": m.uncertainty, "from": m.from, "to": m.to,
                    "points": calibration.points().len(), "residual_px": calibration.residual_px(),
                });
                println!("{out}");
            } else {
                println!("{:.1}\" ± {:.1}\"", m.inches, m.uncertainty);
                println!("from ({:.1}, {:.1}) to ({:.1}, {:.1}) on the table", m.from.x, m.from.y, m.to.x, m.to.y);
            }
            Ok(())
        }
        PhotoCommand::Locate { view, at, json } => {
            let (photo, calibration) = open(&view)?;
            let spot = on_photo(&photo, parse_spot(&at, "--at")?)?;
            let found = calibration
                .locate_with(spot, TapError(view.tap_error))
                .map_err(|e| Failure::bad_input(e.to_string()))?;
            if json {
                println!("{}", serde_json::json!({ "at": found.at, "uncertainty": found.uncertainty }));
            } else {
                println!("({:.1}, {:.1}) ± {:.1}\"", found.at.x, found.at.y, found.uncertainty);
            }
            Ok(())
        }
        PhotoCommand::Rectify { view, ppi, margin, out } => {
            let (photo, calibration) = open(&view)?;
            if !(ppi > 0.0 && ppi <= 200.0 && (0.0..=48.0).contains(&margin)) {
                return Err(Failure::bad_input("--ppi must be above 0 and at most 200, --margin 0 to 48 inches"));
            }
            let top_down = TopDown { table: parse_table(&view.table)?, pixels_per_inch: ppi, margin };
            let (w, h) = top_down.size();
            if u64::from(w) * u64::from(h) > 100_000_000 {
                return Err(Failure::bad_input(format!("a {w} x {h} view is too large: lower --ppi")));
            }
            let image = photo::rectify(&photo.image, &calibration, top_down);
            image
                .save_with_format(&out, image::ImageFormat::Png)
                .map_err(|e| Failure::other(format!("{}: {e}", out.display())))?;
            println!("{} ({w} x {h} pixels, {ppi} per inch)", out.display());
            Ok(())
        }
    }
}

fn open(view: &ViewArgs) -> Result<(Photo, Calibration), Failure> {
    let photo = read_photo(&view.photo)?;
    let table = parse_table(&view.table)?;
    let mut points = match &view.corners {
        Some(corners) => {
            let corners = parse_spots(corners, "--corners")?;
            let corners: [PhotoPt; 4] = corners.try_into().map_err(|given: Vec<PhotoPt>| {
                Failure::bad_input(format!("--corners: {} corner(s) given, four are needed", given.len()))
            })?;
            photo::corner_points(table, corners)
        }
        None => markers::find_markers(&photo.image, table)
            .map_err(|e| Failure::bad_input(e.to_string()).in_file(&view.photo))?,
    };
    if let Some(more) = &view.points {
        points.extend(parse_known(more)?);
    }
    for p in &points {
        on_photo(&photo, p.photo)?;
    }
    if !(0.0..=MOST_TAP_ERROR_PX).contains(&view.tap_error) {
        return Err(Failure::bad_input(format!("--tap-error must be from 0 to {MOST_TAP_ERROR_PX} pixels")));
    }
    // Found markers are placed far closer than a fingertip taps; tapped points keep the taps' error.
    let fit_error = if view.markers && view.points.is_none() { markers::FOUND_ERROR_PX } else { view.tap_error };
    let calibration = Calibration::fit(points, TapError(fit_error)).map_err(|e| Failure::bad_input(e.to_string()))?;
    Ok((photo, calibration))
}

fn read_photo(path: &Path) -> Result<Photo, Failure> {
    let bytes = std::fs::read(path).map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?;
    photo::decode(&bytes).map_err(|e| Failure::bad_input(e.to_string()).in_file(path))
}

fn on_photo(photo: &Photo, p: PhotoPt) -> Result<PhotoPt, Failure> {
    photo::check_on_photo(p, photo.width(), photo.height()).map_err(|e| Failure::bad_input(e.to_string()))?;
    Ok(p)
}

fn parse_table(text: &str) -> Result<Table, Failure> {
    let bad = || Failure::bad_input(format!("--table {text:?}: give width x depth in inches, like 72x48"));
    let (w, d) = text
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(w, d)| (w.trim().to_string(), d.trim().to_string()))
        .ok_or_else(bad)?;
    let (width, depth): (f64, f64) = (w.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?);
    if (1.0..=MOST_TABLE_INCHES).contains(&width) && (1.0..=MOST_TABLE_INCHES).contains(&depth) {
        Ok(Table { width, depth })
    } else {
        Err(Failure::bad_input(format!("--table {text:?}: each side must be from 1 to {MOST_TABLE_INCHES} inches")))
    }
}

fn parse_pair(text: &str) -> Option<(f64, f64)> {
    let (a, b) = text.split_once(',')?;
    let (a, b) = (a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?);
    (a.is_finite() && b.is_finite()).then_some((a, b))
}

fn parse_spot(text: &str, flag: &str) -> Result<PhotoPt, Failure> {
    parse_pair(text)
        .map(|(x, y)| PhotoPt::new(x, y))
        .ok_or_else(|| Failure::bad_input(format!("{flag} {text:?}: give x,y in photo pixels")))
}

fn parse_spots(text: &str, flag: &str) -> Result<Vec<PhotoPt>, Failure> {
    text.split(';').filter(|s| !s.trim().is_empty()).map(|s| parse_spot(s, flag)).collect()
}

fn parse_known(text: &str) -> Result<Vec<KnownPoint>, Failure> {
    text.split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|item| {
            let bad = || Failure::bad_input(format!("--points {item:?}: give photo x,y = table X,Y"));
            let (photo, table) = item.split_once('=').ok_or_else(bad)?;
            let (px, py) = parse_pair(photo).ok_or_else(bad)?;
            let (tx, ty) = parse_pair(table).ok_or_else(bad)?;
            Ok(KnownPoint { photo: PhotoPt::new(px, py), table: Pt::new(tx, ty) })
        })
        .collect()
}
