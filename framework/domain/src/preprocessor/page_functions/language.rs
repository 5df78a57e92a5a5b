//! The page functions that depend on the wiki's language: the page's language and numbers
//! as `{{formatnum:}}` writes them.

use super::PageFunctions;
use crate::php;
use crate::preprocessor::expand::Unsupported;
use crate::title::NS_MEDIAWIKI;

impl PageFunctions<'_> {
    /// The page's language: a message page's by its suffix (`MediaWiki:Foo/de`), any other
    /// page's the wiki's.
    pub(super) fn page_language(&self) -> Option<String> {
        let language = self.language?;
        if self.page.0 == NS_MEDIAWIKI {
            if let Some((_, suffix)) = self.page.1.rsplit_once('/') {
                let suffix = suffix.to_lowercase();
                if crate::languages::named_languages().any(|(c, _)| c == suffix) {
                    return Some(suffix);
                }
            }
        }
        Some(language.to_owned())
    }

    /// `{{formatnum:}}` on an English wiki (each part of the number outside markers), the page
    /// put in the tracking category of a number that is not one.
    /// A count as MediaWiki's `formatRaw` gives it (the site's statistics, a category's
    /// members): as `{{formatnum:}}` writes it, or as it is with `R`.
    pub fn formatted_count(&self, count: i64, raw: Option<&str>) -> Result<String, Unsupported> {
        use crate::format_num::{format_num, FormatNum};
        if is_raw(raw) {
            return Ok(count.to_string());
        }
        if self.language != Some("en") {
            return Err(Unsupported("a formatted number in a language other than English".into()));
        }
        Ok(format_num(&count.to_string(), FormatNum::Grouped).0)
    }

    pub(super) fn format_num(&mut self, number: &str, option: Option<&str>) -> Result<String, Unsupported> {
        use crate::format_num::{format_num, FormatNum};
        if self.language != Some("en") {
            return Err(Unsupported("{{formatnum:}} in a language other than English".into()));
        }
        let option = option.map(php::trim).unwrap_or_default();
        let how = if is_raw(Some(option)) {
            FormatNum::Raw
        } else if option.eq_ignore_ascii_case("NOSEP") {
            FormatNum::NoSeparators
        } else {
            FormatNum::Grouped
        };
        let mut not_a_number = false;
        let out = marker_skip(number, &mut |part| {
            let (text, odd) = format_num(part, how);
            not_a_number |= odd;
            text
        });
        if not_a_number {
            self.add_tracking_category("nonnumeric-formatnum");
        }
        Ok(out)
    }
}

/// Whether an option is the raw suffix (`R`, the magic word `rawsuffix`, case-sensitive).
fn is_raw(option: Option<&str>) -> bool {
    option.map(php::trim) == Some("R")
}

/// `f` applied to each stretch of `s` between markers, as MediaWiki's `markerSkipCallback`
/// does (a stretch before a marker even when empty; nothing for an empty text).
fn marker_skip(s: &str, f: &mut dyn FnMut(&str) -> String) -> String {
    use crate::preprocessor::expand::{MARKER_PREFIX, MARKER_SUFFIX};
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let Some(at) = s[i..].find(MARKER_PREFIX) else {
            out.push_str(&f(&s[i..]));
            break;
        };
        let start = i + at;
        out.push_str(&f(&s[i..start]));
        match s[start..].find(MARKER_SUFFIX) {
            Some(end) => {
                let stop = start + end + MARKER_SUFFIX.len();
                out.push_str(&s[start..stop]);
                i = stop;
            }
            None => {
                out.push_str(&s[start..]);
                break;
            }
        }
    }
    out
}
