//! Where MediaWiki keeps a file: the hashed directories of its upload area.

use md5::{Digest, Md5};

/// The two hashed directory levels of a file name (`a/ab`), from the MD5 of its database
/// key, as MediaWiki's default file repository lays out uploads.
pub fn hash_path(dbkey: &str) -> String {
    let digest = Md5::digest(dbkey.as_bytes());
    let hex = format!("{:02x}", digest[0]);
    format!("{}/{}", &hex[..1], hex)
}

#[cfg(test)]
mod tests {
    use super::hash_path;

    #[test]
    fn directories_come_from_the_md5_of_the_name() {
        // md5("Example.jpg") = a9c8ec...; md5("") = d41d8c...
        assert_eq!(hash_path("Example.jpg"), "a/a9");
        assert_eq!(hash_path(""), "d/d4");
    }
}

/// Why a drawing (SVG) has no thumbnail here: this server scales no image and rasterises no
/// drawing (MediaWiki's `thumbnail_error` with its reason).
pub const NO_RASTERISER: &str = "Error creating thumbnail: this server has no SVG rasteriser (no image scaler).";

/// How MediaWiki's media handlers read a file, by its MIME type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaHandler {
    /// A raster image (PNG, GIF, TIFF, WebP, BMP, XCF, DjVu).
    Bitmap,
    /// A JPEG image: a bitmap that also takes a quality (`qlow-120px`).
    Jpeg,
    /// An SVG drawing: a width and a rendering language (`langde-120px`).
    Svg,
}

/// The media handler of a file of MIME type `major`/`minor`; `None` for a type no handler reads
/// (MediaWiki shows a link to the file instead of an image).
pub fn media_handler(major: &str, minor: &str) -> Option<MediaHandler> {
    match (major, minor) {
        ("image", "jpeg") => Some(MediaHandler::Jpeg),
        ("image", "svg+xml") => Some(MediaHandler::Svg),
        ("image", "png" | "gif" | "tiff" | "webp" | "bmp" | "x-bmp" | "x-ms-bmp" | "x-xcf" | "vnd.djvu") => {
            Some(MediaHandler::Bitmap)
        }
        _ => None,
    }
}

/// A height fitted to `width` for an image of `src_width` by `src_height` (MediaWiki's
/// `File::scaleHeight`): 0 for an image of no width.
pub fn scale_height(src_width: i64, src_height: i64, width: i64) -> i64 {
    if src_width == 0 {
        0
    } else {
        (src_height as f64 * width as f64 / src_width as f64).round() as i64
    }
}
