//! Line tracking: the position of every byte read, counted eight bytes at a time.

use std::io::{self, BufRead, Read};

use super::error::Position;

/// Buffers the input and counts lines in every byte the XML parser consumes, so that any event
/// can be given a line and column without re-reading text.
pub(super) struct LineTracker<R> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    offset: u64,
    line: u64,
    line_start: u64,
}

impl<R: Read> LineTracker<R> {
    pub(super) fn new(inner: R) -> Self {
        LineTracker {
            inner,
            // Larger than `DumpSource`'s buffers, so reads from them bypass their copy.
            buf: vec![0; 128 * 1024].into_boxed_slice(),
            start: 0,
            end: 0,
            offset: 0,
            line: 1,
            line_start: 0,
        }
    }

    pub(super) fn position(&self) -> Position {
        Position { line: self.line, column: self.offset - self.line_start + 1 }
    }
}

impl<R: Read> Read for LineTracker<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for LineTracker<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.start == self.end {
            match self.inner.read(&mut self.buf) {
                Ok(n) => {
                    self.start = 0;
                    self.end = n;
                    if n == 0 {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, amt: usize) {
        let amt = amt.min(self.end - self.start);
        let chunk = &self.buf[self.start..self.start + amt];
        let newlines = count_newlines(chunk);
        if newlines > 0 {
            self.line += newlines;
            if let Some(last) = chunk.iter().rposition(|&b| b == b'\n') {
                self.line_start = self.offset + last as u64 + 1;
            }
        }
        self.offset += amt as u64;
        self.start += amt;
    }
}

/// Counts `\n` bytes eight at a time (word-parallel: a byte of `w ^ 0x0a…` is zero exactly where
/// there is a newline), so line tracking stays cheap on every byte of a multi-gigabyte dump.
fn count_newlines(bytes: &[u8]) -> u64 {
    let mut count = 0u64;
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let x = word(bytes, i) ^ splat(b'\n');
        count += u64::from(zero_bytes(x).count_ones());
        i += 8;
    }
    count + bytes[i..].iter().filter(|&&b| b == b'\n').count() as u64
}

/// Eight bytes from `at` as a little-endian word (one unaligned load once optimised; written
/// with plain indexing so that unoptimised test builds stay fast too).
#[inline(always)]
pub(super) fn word(bytes: &[u8], at: usize) -> u64 {
    let b = &bytes[at..at + 8];
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// A word with every byte equal to `b`.
#[inline(always)]
pub(super) fn splat(b: u8) -> u64 {
    u64::from(b) * 0x0101_0101_0101_0101
}

/// The high bit of each byte of the result is set exactly where `x` has a zero byte. Unlike the
/// shorter `(x - 0x01…) & !x` trick this has no false positives, because no carry crosses bytes.
#[inline(always)]
pub(super) fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW7) + LOW7) | x) & !LOW7
}

/// Advances a position over `bytes` (for errors found inside a long text event).
pub(super) fn advance(mut at: Position, bytes: &[u8]) -> Position {
    for &b in bytes {
        if b == b'\n' {
            at.line += 1;
            at.column = 1;
        } else {
            at.column += 1;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dump::reader::cursor::find_markup;

    #[test]
    fn word_scans_match_bytewise_scans() {
        let samples: [&[u8]; 6] = [
            b"",
            b"no markup in this line at all, just text\n",
            b"\n\n\n\n\n\n\n\n\n",
            b"0123456&",
            b"01234567<",
            "caf\u{e9} \u{1F600} \u{ff}\u{3c}\n&\n".as_bytes(),
        ];
        for sample in samples {
            for start in 0..sample.len().min(9) {
                let s = &sample[start..];
                assert_eq!(count_newlines(s), s.iter().filter(|&&b| b == b'\n').count() as u64);
                assert_eq!(find_markup(s), s.iter().position(|&b| b == b'<' || b == b'&'));
            }
        }
        // Bytes next to the searched values (0x3b, 0x3d, 0x25, 0x27, 0x0b, 0x09) are no hits.
        assert_eq!(find_markup(b";=%'\x0b\x09;=%'\x0b\x09"), None);
        assert_eq!(count_newlines(b"\x0b\x09\x0b\x09\x0b\x09\x0b\x09\x8a\x0a"), 1);
    }
}
