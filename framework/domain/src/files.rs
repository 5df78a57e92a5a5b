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
