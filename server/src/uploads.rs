//! The wiki's uploaded files, served from its upload directory at the URL file URLs name
//! (`imageinfo`'s `url`, `allimages`' `url`, `filerepoinfo`'s `url`): originals under their
//! hashed directories, earlier versions under `archive/`, thumbnails under `thumb/` where they
//! exist on disk. Nothing outside the directory is reachable: a path with an empty, `.` or
//! `..` segment (encoded or not), a backslash or a NUL is not found, and so is anything whose
//! real path (links followed) leaves the directory.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use actix_files::NamedFile;
use actix_web::{web, HttpRequest, HttpResponse};

/// An upload directory and the URL path it is served at.
#[derive(Debug, Clone)]
pub struct Uploads {
    /// The directory, as its real path.
    dir: PathBuf,
    /// The URL path of the directory (`/images`), without a trailing `/`.
    prefix: String,
}

impl Uploads {
    /// Serves `dir` at `url`: a path on this server (`/images`) or a URL, whose path is used.
    pub fn new(dir: &Path, url: &str) -> Result<Uploads, String> {
        let dir = dir.canonicalize().map_err(|e| format!("cannot open the upload directory {}: {e}", dir.display()))?;
        if !dir.is_dir() {
            return Err(format!("the upload directory {} is not a directory", dir.display()));
        }
        let path = match url.split_once("://") {
            Some((_, rest)) => rest.find('/').map_or("", |at| &rest[at..]),
            None if url.starts_with("//") => url[2..].find('/').map_or("", |at| &url[2 + at..]),
            None => url,
        };
        Ok(Uploads { dir, prefix: path.trim_end_matches('/').to_owned() })
    }

    /// The URL path files are served under.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The file a request path names, when it names one inside the directory.
    pub fn file_of(&self, request_path: &str) -> Option<PathBuf> {
        let rest = request_path.strip_prefix(&self.prefix)?.strip_prefix('/')?;
        let decoded = percent_decode(rest)?;
        let mut path = self.dir.clone();
        for segment in decoded.split('/') {
            if segment.is_empty() || segment == "." || segment == ".." || segment.contains(['\\', '\0']) {
                return None;
            }
            path.push(segment);
        }
        let real = path.canonicalize().ok()?;
        (real.starts_with(&self.dir) && real.is_file()).then_some(real)
    }
}

/// `%XX` decoded (bytes, then UTF-8); `None` for a malformed escape or text.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = text.get(at + 1..at + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Registers the route of the upload directory's files.
pub fn configure(cfg: &mut web::ServiceConfig, uploads: Arc<Uploads>) {
    let pattern = format!("{}/{{file:.*}}", uploads.prefix);
    cfg.app_data(web::Data::from(uploads))
        .route(&pattern, web::get().to(serve_file))
        .route(&pattern, web::head().to(serve_file));
}

async fn serve_file(req: HttpRequest, uploads: web::Data<Uploads>) -> HttpResponse {
    let Some(path) = uploads.file_of(req.path()) else { return HttpResponse::NotFound().finish() };
    match NamedFile::open_async(&path).await {
        Ok(file) => file.use_etag(true).use_last_modified(true).into_response(&req),
        Err(_) => HttpResponse::NotFound().finish(),
    }
}

#[cfg(test)]
mod tests {
    use super::Uploads;

    #[test]
    fn paths_outside_the_directory_are_not_files_of_it() {
        let dir = std::env::temp_dir().join(format!("wikiquery-uploads-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("7/70")).unwrap();
        std::fs::write(dir.join("7/70/Example.png"), b"png").unwrap();
        std::fs::write(dir.join("7/70/Odd name!.png"), b"odd").unwrap();
        let uploads = Uploads::new(&dir, "http://example.org/w/images/").unwrap();
        assert_eq!(uploads.prefix(), "/w/images");
        assert!(uploads.file_of("/w/images/7/70/Example.png").is_some());
        assert!(uploads.file_of("/w/images/7/70/Odd%20name%21.png").is_some());
        for bad in [
            "/w/images/../images/7/70/Example.png",
            "/w/images/7/70/%2e%2e/70/Example.png",
            "/w/images/7/70/..%2F70/Example.png",
            "/w/images/7//70/Example.png",
            "/w/images/7/70/Example.png%00",
            "/w/images/7/70/x%5C..%5CExample.png",
            "/w/images/7/70",
            "/w/imagesX/7/70/Example.png",
            "/w/images/%zz",
        ] {
            assert!(uploads.file_of(bad).is_none(), "{bad}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
