//! Recognising how a dump file is compressed from its first bytes.

use std::fmt;
use std::io;

/// How a dump file is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain XML.
    None,
    /// gzip, possibly several concatenated members (as `pigz` and some dump mirrors write).
    Gzip,
    /// bzip2, possibly several concatenated streams (as Wikimedia's multistream dumps are).
    Bzip2,
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "uncompressed",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        })
    }
}

impl Compression {
    /// Recognises the compression from the first bytes of the input. Formats that dumps are also
    /// published in but that this reader cannot decode are reported as an error naming the tool
    /// to decompress with, instead of being fed to the XML parser as garbage.
    pub fn detect(head: &[u8]) -> io::Result<Compression> {
        let unsupported = |format: &str, tool: &str| {
            Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the dump is {format}-compressed, which is not supported: decompress it first ({tool}) \
                     or recompress it with gzip or bzip2"
                ),
            ))
        };
        match head {
            [0x1f, 0x8b, ..] => Ok(Compression::Gzip),
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Ok(Compression::Bzip2),
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => unsupported("xz", "xz -d"),
            [0x28, 0xb5, 0x2f, 0xfd, ..] => unsupported("zstd", "zstd -d"),
            [b'7', b'z', 0xbc, 0xaf, 0x27, 0x1c, ..] => unsupported("7z", "7z x"),
            [b'P', b'K', 0x03, 0x04, ..] => unsupported("zip", "unzip"),
            _ => Ok(Compression::None),
        }
    }
}
