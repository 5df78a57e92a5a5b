//! Errors, with the position in the decompressed text where they were found.

use std::fmt;
use std::io;
use std::sync::Arc;

/// A place in the dump's (decompressed) text: 1-based line and 1-based byte column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Line number, counting from 1.
    pub line: u64,
    /// Byte offset within the line, counting from 1.
    pub column: u64,
}

/// What went wrong while reading a dump.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DumpErrorKind {
    /// The input could not be read (including corrupt compressed data).
    #[error("read error: {0}")]
    Io(#[source] io::Error),
    /// The XML parser rejected the text.
    #[error("malformed XML: {0}")]
    Xml(String),
    /// The text is not valid UTF-8.
    #[error("invalid UTF-8 in the text")]
    InvalidUtf8,
    /// An entity other than the five predefined ones, or a bad character reference.
    #[error("unknown or invalid entity reference &{0};")]
    Entity(String),
    /// The input ends while elements are still open.
    #[error("the file ends inside <{element}> opened at line {opened_line} ({path}): the dump is truncated")]
    Truncated {
        /// The innermost open element.
        element: String,
        /// Where it was opened.
        opened_line: u64,
        /// All open elements, outermost first.
        path: String,
    },
    /// The root element is not `<mediawiki>`, or there is none.
    #[error("not a MediaWiki XML dump: {0}")]
    NotADump(String),
    /// A required element is missing.
    #[error("{0}")]
    Missing(String),
    /// An element or attribute that must hold a number does not.
    #[error("{element} is not a valid number: {value:?}")]
    BadNumber {
        /// What was being read, e.g. `<ns> of page "Dog"`.
        element: String,
        /// The text found.
        value: String,
    },
    /// A timestamp is not in the dump's format or names an impossible date.
    #[error("{element} is not a valid timestamp: {value:?}")]
    BadTimestamp {
        /// What was being read.
        element: String,
        /// The text found.
        value: String,
    },
    /// Elements or text where the schema does not allow them, duplicated elements, or
    /// attribute values outside the schema.
    #[error("{0}")]
    Structure(String),
}

/// An error with the place in the dump where it was found.
#[derive(Debug)]
pub struct DumpError {
    pub(super) name: Option<String>,
    position: Position,
    kind: DumpErrorKind,
}

impl DumpError {
    pub(super) fn new(kind: DumpErrorKind, position: Position) -> DumpError {
        DumpError { name: None, position, kind }
    }

    /// Where the problem is.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Line of the problem, counting from 1.
    pub fn line(&self) -> u64 {
        self.position.line
    }

    /// Byte column of the problem, counting from 1.
    pub fn column(&self) -> u64 {
        self.position.column
    }

    /// What the problem is.
    pub fn kind(&self) -> &DumpErrorKind {
        &self.kind
    }

    /// The dump's name, if the reader was given one.
    pub fn source_name(&self) -> Option<&str> {
        self.name.as_deref()
    }
}

impl fmt::Display for DumpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.name {
            write!(f, "{name} ")?;
        }
        write!(f, "line {}, column {}: {}", self.position.line, self.position.column, self.kind)
    }
}

impl std::error::Error for DumpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            DumpErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

pub(super) fn xml_error(e: quick_xml::Error, at: Position) -> DumpError {
    let kind = match e {
        quick_xml::Error::Io(io) => DumpErrorKind::Io(
            Arc::try_unwrap(io).unwrap_or_else(|shared| io::Error::new(shared.kind(), shared.to_string())),
        ),
        quick_xml::Error::Encoding(_) => DumpErrorKind::InvalidUtf8,
        other => DumpErrorKind::Xml(other.to_string()),
    };
    DumpError::new(kind, at)
}

pub(super) fn structure(message: String, at: Position) -> DumpError {
    DumpError::new(DumpErrorKind::Structure(message), at)
}
