//! Opening a dump: plain XML, gzip or bzip2, recognised by the file's first bytes rather than
//! its name (dumps get renamed, and `.xml` files are sometimes compressed).

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::compression::Compression;
use super::reader::DumpReader;

/// Buffer size for the raw input and for the decompressed stream. The dump reader asks for
/// larger blocks than this, and `BufReader` hands such reads straight through instead of
/// copying them through its buffer.
const BUFFER_SIZE: usize = 64 * 1024;

/// Counts the bytes pulled from the underlying (possibly compressed) input, so that a progress
/// bar can compare them with the file size while the decompressed stream is much longer.
struct CountingRead<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for CountingRead<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(out)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened dump: the decompressed byte stream plus what a progress display needs.
pub struct DumpSource {
    reader: Box<dyn BufRead + Send>,
    compression: Compression,
    bytes_read: Arc<AtomicU64>,
    input_len: Option<u64>,
    name: String,
}

impl fmt::Debug for DumpSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DumpSource")
            .field("name", &self.name)
            .field("compression", &self.compression)
            .field("input_len", &self.input_len)
            .field("bytes_read", &self.bytes_read.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl DumpSource {
    /// Opens a dump file, decompressing it if its first bytes say gzip or bzip2.
    pub fn open(path: impl AsRef<Path>) -> io::Result<DumpSource> {
        let path = path.as_ref();
        let with_path = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
        let file = File::open(path).map_err(with_path)?;
        let input_len = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        DumpSource::from_read(file, name, input_len).map_err(with_path)
    }

    /// Wraps any byte stream (standard input, a socket, a test buffer). `name` appears in error
    /// messages; `input_len` is the stream's size when known, for progress.
    pub fn from_read<R: Read + Send + 'static>(
        input: R,
        name: impl Into<String>,
        input_len: Option<u64>,
    ) -> io::Result<DumpSource> {
        let bytes_read = Arc::new(AtomicU64::new(0));
        let mut counted = CountingRead { inner: input, count: bytes_read.clone() };
        let head = read_head(&mut counted)?;
        let compression = Compression::detect(&head)?;
        let raw = BufReader::with_capacity(BUFFER_SIZE, io::Cursor::new(head).chain(counted));
        let reader: Box<dyn BufRead + Send> = match compression {
            Compression::None => Box::new(raw),
            Compression::Gzip => {
                Box::new(BufReader::with_capacity(BUFFER_SIZE, flate2::bufread::MultiGzDecoder::new(raw)))
            }
            Compression::Bzip2 => {
                Box::new(BufReader::with_capacity(BUFFER_SIZE, bzip2::bufread::MultiBzDecoder::new(raw)))
            }
        };
        Ok(DumpSource { reader, compression, bytes_read, input_len, name: name.into() })
    }

    /// The compression recognised from the first bytes.
    pub fn compression(&self) -> Compression {
        self.compression
    }

    /// Shared counter of bytes read so far from the raw (compressed) input; it stays valid after
    /// the source is turned into a reader, so a progress bar on another thread can poll it.
    pub fn bytes_read(&self) -> Arc<AtomicU64> {
        self.bytes_read.clone()
    }

    /// Size of the raw input, when it is a regular file (the total for the progress bar).
    pub fn input_len(&self) -> Option<u64> {
        self.input_len
    }

    /// The name used in error messages (the file name for [`DumpSource::open`]).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The decompressed XML as a buffered reader.
    pub fn into_reader(self) -> Box<dyn BufRead + Send> {
        self.reader
    }

    /// A dump parser over this source whose errors name the file.
    pub fn into_dump_reader(self) -> DumpReader<Box<dyn BufRead + Send>> {
        let name = self.name;
        DumpReader::new(self.reader).with_name(name)
    }
}

/// Reads the first bytes of the input (enough for every magic number), looping because a pipe
/// can return short reads; the caller puts them back in front of the stream.
fn read_head<R: Read>(input: &mut R) -> io::Result<Vec<u8>> {
    const HEAD: usize = 6;
    let mut head = [0u8; HEAD];
    let mut len = 0;
    while len < HEAD {
        match input.read(&mut head[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(head[..len].to_vec())
}
