//! Compressed answers: the body in the coding the client prefers among zstd, brotli and gzip
//! (`Accept-Encoding`, with its weights), as MediaWiki's web server compresses its answers.
//! A body too small to gain is sent as it is. The codings are the crates actix-web's own
//! compression uses; doing it here, on the whole body, decides the size threshold and keeps
//! one `Vary` header that names everything the answer varies by.

use std::io::Write;

use actix_web::http::header::{AcceptEncoding, Encoding, Header};
use actix_web::HttpRequest;

/// Bodies shorter than this are sent as they are: a coding's own framing (18 bytes for gzip)
/// and the work cost more than the few bytes saved.
pub const MIN_COMPRESSED_BYTES: usize = 256;

/// Bodies longer than this are compressed at the codings' fastest levels.
pub const FAST_ABOVE_BYTES: usize = 16 * 1024;

/// A content coding this server writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Zstd,
    Brotli,
    Gzip,
}

impl Coding {
    /// The coding's name in `Content-Encoding`.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Zstd => "zstd",
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The coding a request asks for, if it accepts one of ours over the body as it is.
    pub fn negotiate(req: &HttpRequest) -> Option<Coding> {
        let accept = AcceptEncoding::parse(req).ok()?;
        let supported = [Encoding::identity(), Encoding::zstd(), Encoding::brotli(), Encoding::gzip()];
        match accept.negotiate(supported.iter())? {
            e if e == Encoding::zstd() => Some(Coding::Zstd),
            e if e == Encoding::brotli() => Some(Coding::Brotli),
            e if e == Encoding::gzip() => Some(Coding::Gzip),
            _ => None,
        }
    }

    /// The body in this coding. Bodies up to [`FAST_ABOVE_BYTES`] at the levels web servers
    /// use by default for text (gzip 6 as PHP's and Apache's zlib, brotli 4, zstd 3); larger
    /// ones at the fastest levels, which cost a third of the time for a fifth more bytes (a
    /// 58 kB log list: gzip 6 0.87 ms and 7.4 kB, gzip 1 0.32 ms and 9.0 kB), so that the
    /// largest answers stay within the latency bar.
    pub fn encode(self, body: &[u8]) -> std::io::Result<Vec<u8>> {
        let fast = body.len() > FAST_ABOVE_BYTES;
        match self {
            Coding::Gzip => {
                let level = flate2::Compression::new(if fast { 1 } else { 6 });
                let mut e = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 3), level);
                e.write_all(body)?;
                e.finish()
            }
            Coding::Brotli => {
                let mut out = Vec::with_capacity(body.len() / 3);
                {
                    let mut e = brotli::CompressorWriter::new(&mut out, 4096, if fast { 1 } else { 4 }, 22);
                    e.write_all(body)?;
                }
                Ok(out)
            }
            Coding::Zstd => zstd::bulk::compress(body, if fast { 1 } else { 3 }),
        }
    }
}

/// The value of `Vary` once `Accept-Encoding` is among what the answer varies by.
pub fn vary_with_encoding(vary: Option<&str>) -> String {
    match vary {
        Some(v) if v.split(',').any(|h| h.trim().eq_ignore_ascii_case("Accept-Encoding")) => v.to_owned(),
        Some(v) if !v.trim().is_empty() => format!("Accept-Encoding, {v}"),
        _ => "Accept-Encoding".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use std::io::Read;

    fn asked(header: &str) -> Option<Coding> {
        Coding::negotiate(&TestRequest::default().insert_header(("Accept-Encoding", header)).to_http_request())
    }

    #[test]
    fn the_clients_preference_decides() {
        assert_eq!(asked("gzip, deflate"), Some(Coding::Gzip));
        assert_eq!(asked("br;q=0.5, gzip;q=0.9"), Some(Coding::Gzip));
        assert_eq!(asked("zstd"), Some(Coding::Zstd));
        assert_eq!(asked("br"), Some(Coding::Brotli));
        assert_eq!(asked("identity"), None);
        assert_eq!(asked("gzip;q=0"), None);
        assert_eq!(Coding::negotiate(&TestRequest::default().to_http_request()), None);
    }

    #[test]
    fn every_coding_reads_back() {
        let body =
            "{\"query\":{\"allpages\":[".to_owned() + &"{\"pageid\":1,\"ns\":0,\"title\":\"A\"},".repeat(50) + "]}}";
        let gz = Coding::Gzip.encode(body.as_bytes()).expect("gzip");
        let mut back = String::new();
        flate2::read::GzDecoder::new(gz.as_slice()).read_to_string(&mut back).expect("gunzip");
        assert_eq!(back, body);
        let br = Coding::Brotli.encode(body.as_bytes()).expect("brotli");
        let mut back = Vec::new();
        brotli::Decompressor::new(br.as_slice(), 4096).read_to_end(&mut back).expect("unbrotli");
        assert_eq!(back, body.as_bytes());
        let zs = Coding::Zstd.encode(body.as_bytes()).expect("zstd");
        assert_eq!(zstd::bulk::decompress(&zs, body.len()).expect("unzstd"), body.as_bytes());
        assert!(gz.len() < body.len() / 4 && br.len() < body.len() / 4 && zs.len() < body.len() / 4);
    }

    #[test]
    fn vary_names_the_encoding_once() {
        assert_eq!(vary_with_encoding(None), "Accept-Encoding");
        assert_eq!(vary_with_encoding(Some("Accept-Encoding, Cookie")), "Accept-Encoding, Cookie");
        assert_eq!(vary_with_encoding(Some("Cookie")), "Accept-Encoding, Cookie");
    }
}
