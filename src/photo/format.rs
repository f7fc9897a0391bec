//! What a file is, told from its first bytes, so a format Sandtable does not read is named with advice
//! rather than called damaged.

/// The formats the photo reader decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoFormat {
    Jpeg,
    Png,
    WebP,
}

impl PhotoFormat {
    pub fn name(self) -> &'static str {
        match self {
            PhotoFormat::Jpeg => "JPEG",
            PhotoFormat::Png => "PNG",
            PhotoFormat::WebP => "WebP",
        }
    }
}

/// What the first bytes say the file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    Readable(PhotoFormat),
    /// A known image format the reader does not take, with what to do about it.
    Unsupported {
        format: &'static str,
        advice: &'static str,
    },
    Unknown,
}

const EXPORT_JPEG: &str = "export or share it as JPEG and open that";

pub fn sniff(bytes: &[u8]) -> Sniffed {
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    if starts(&[0xFF, 0xD8, 0xFF]) {
        return Sniffed::Readable(PhotoFormat::Jpeg);
    }
    if starts(b"\x89PNG\r\n\x1a\n") {
        return Sniffed::Readable(PhotoFormat::Png);
    }
    if starts(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        return Sniffed::Readable(PhotoFormat::WebP);
    }
    if bytes.get(4..8) == Some(b"ftyp") {
        let brand = bytes.get(8..12).unwrap_or_default();
        return match brand {
            b"heic" | b"heix" | b"hevc" | b"hevx" | b"heim" | b"heis" | b"mif1" | b"msf1" => Sniffed::Unsupported {
                format: "HEIC",
                advice: "on an iPhone, share the photo as JPEG, or set Settings › Camera › Formats to Most Compatible; elsewhere export it as JPEG and open that",
            },
            b"avif" | b"avis" => Sniffed::Unsupported { format: "AVIF", advice: EXPORT_JPEG },
            _ => Sniffed::Unsupported {
                format: "a video or MP4-style file",
                advice: "take a still photo of the table and open that",
            },
        };
    }
    if starts(b"GIF87a") || starts(b"GIF89a") {
        return Sniffed::Unsupported { format: "GIF", advice: EXPORT_JPEG };
    }
    if starts(b"II*\0") || starts(b"MM\0*") {
        return Sniffed::Unsupported { format: "TIFF (or a camera's raw file)", advice: EXPORT_JPEG };
    }
    if starts(b"BM") {
        return Sniffed::Unsupported { format: "BMP", advice: EXPORT_JPEG };
    }
    if starts(b"%PDF") {
        return Sniffed::Unsupported { format: "PDF", advice: "open the photo itself, as JPEG, PNG or WebP" };
    }
    Sniffed::Unknown
}
