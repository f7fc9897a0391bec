use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageError, ImageReader, RgbImage};
use thiserror::Error;

use super::format::{PhotoFormat, Sniffed, sniff};
use super::jpeg_end;

/// What a photo may be before it is decoded: set before any pixel is allocated, so a small file that
/// claims a vast image (a decompression bomb) is refused from its header.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhotoLimits {
    /// 64 megapixels takes a 48- or 50-megapixel phone photo.
    pub max_pixels: u64,
    pub max_side: u32,
    /// The decoder's own working memory.
    pub max_alloc: u64,
}

impl Default for PhotoLimits {
    fn default() -> PhotoLimits {
        PhotoLimits { max_pixels: 64_000_000, max_side: 16_384, max_alloc: 512 << 20 }
    }
}

/// A photo decoded and stood upright as its camera meant it.
#[derive(Debug, Clone)]
pub struct Photo {
    pub image: RgbImage,
    pub format: PhotoFormat,
}

impl Photo {
    pub fn width(&self) -> u32 {
        self.image.width()
    }

    pub fn height(&self) -> u32 {
        self.image.height()
    }
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum PhotoError {
    #[error("the file is empty")]
    Empty,
    #[error("this is {format}, which Sandtable cannot read: {advice}")]
    Unsupported { format: &'static str, advice: &'static str },
    #[error("this is not a JPEG, PNG or WebP photo (or it is too damaged to tell): open a photo in one of those")]
    NotAPhoto,
    #[error("this {format} is damaged and cannot be read ({detail}): take or export the photo again")]
    Corrupt { format: &'static str, detail: String },
    #[error(
        "this {format} says it is {width} x {height} pixels, more than Sandtable opens ({limit}): take the photo at a lower resolution or scale it down"
    )]
    TooLarge { format: &'static str, width: u32, height: u32, limit: String },
}

pub fn decode(bytes: &[u8]) -> Result<Photo, PhotoError> {
    decode_with(bytes, PhotoLimits::default())
}

pub fn decode_with(bytes: &[u8], limits: PhotoLimits) -> Result<Photo, PhotoError> {
    if bytes.is_empty() {
        return Err(PhotoError::Empty);
    }
    let format = match sniff(bytes) {
        Sniffed::Readable(format) => format,
        Sniffed::Unsupported { format, advice } => return Err(PhotoError::Unsupported { format, advice }),
        Sniffed::Unknown => return Err(PhotoError::NotAPhoto),
    };
    let name = format.name();
    let corrupt = |e: ImageError| match e {
        ImageError::Limits(_) => {
            PhotoError::TooLarge { format: name, width: 0, height: 0, limit: limit_words(&limits) }
        }
        other => PhotoError::Corrupt { format: name, detail: other.to_string() },
    };
    let reader = ImageReader::with_format(Cursor::new(bytes), image_format(format));
    let mut decoder = reader.into_decoder().map_err(corrupt)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(PhotoError::Corrupt { format: name, detail: "it has no pixels".into() });
    }
    if u64::from(width) * u64::from(height) > limits.max_pixels || width.max(height) > limits.max_side {
        return Err(PhotoError::TooLarge { format: name, width, height, limit: limit_words(&limits) });
    }
    let mut image_limits = image::Limits::default();
    image_limits.max_image_width = Some(limits.max_side);
    image_limits.max_image_height = Some(limits.max_side);
    image_limits.max_alloc = Some(limits.max_alloc);
    decoder.set_limits(image_limits).map_err(corrupt)?;
    if format == PhotoFormat::Jpeg && !jpeg_end::runs_to_its_end(bytes) {
        return Err(PhotoError::Corrupt { format: name, detail: "the file ends before the picture does".into() });
    }
    let orientation = decoder.orientation().map_err(corrupt)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(corrupt)?;
    image.apply_orientation(orientation);
    let image = match image {
        DynamicImage::ImageRgb8(rgb) => rgb,
        other => other.into_rgb8(),
    };
    Ok(Photo { image, format })
}

fn image_format(format: PhotoFormat) -> image::ImageFormat {
    match format {
        PhotoFormat::Jpeg => image::ImageFormat::Jpeg,
        PhotoFormat::Png => image::ImageFormat::Png,
        PhotoFormat::WebP => image::ImageFormat::WebP,
    }
}

fn limit_words(limits: &PhotoLimits) -> String {
    format!("{} megapixels, {} pixels a side", limits.max_pixels / 1_000_000, limits.max_side)
}
