//! Where a command's file goes: standard output, or the file named with `-o`; a report's maps beside it.

use std::path::Path;

use base64::Engine;

use super::Failure;

/// `text` to `path`, or to standard output when there is none.
pub fn text(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        Some(path) => write(path, text.as_bytes()),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// A PNG the engine sent as base64, written as the image it is.
pub fn png(path: &Path, base64: &str) -> Result<(), Failure> {
    write(path, &decode(base64)?)
}

/// A Markdown report written to `path` with each map it carries inside (a `data:` image) written beside it
/// as `<name>-map-<n>.png` and linked by that name, so the file reads in any Markdown viewer.
pub fn markdown_with_maps(path: &Path, markdown: &str) -> Result<(), Failure> {
    const INSIDE: &str = "](data:image/png;base64,";
    let stem = path.file_stem().map_or_else(|| "report".into(), |s| s.to_string_lossy().into_owned());
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    let mut n = 0;
    while let Some(at) = rest.find(INSIDE) {
        let data = &rest[at + INSIDE.len()..];
        let end = data.find(')').ok_or_else(|| Failure::other("a map in the report has no end"))?;
        n += 1;
        let name = format!("{stem}-map-{n}.png");
        write(&path.with_file_name(&name), &decode(&data[..end])?)?;
        out += &rest[..at];
        out += &format!("]({})", name.replace(' ', "%20"));
        rest = &data[end + 1..];
    }
    out += rest;
    write(path, out.as_bytes())
}

fn decode(base64: &str) -> Result<Vec<u8>, Failure> {
    base64::engine::general_purpose::STANDARD
        .decode(base64.trim())
        .map_err(|e| Failure::other(format!("the map did not come as base64: {e}")))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::other(format!("cannot write {}: {e}", path.display())))
}
