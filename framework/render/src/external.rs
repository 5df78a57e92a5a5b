//! External links: bracketed (`[http://x text]`, numbered `[1]` without text) and free URLs
//! in running text, as MediaWiki's `handleExternalLinks` and `handleMagicLinks` make them
//! (ISBN, RFC and PMID magic links are off, as MediaWiki 1.39 configures them); and
//! `[[Media:…]]` links to a file's contents.

use wikiquery_domain::files::hash_path;
use wikiquery_domain::html::{escape, escape_compat};
use wikiquery_domain::link_urls::{clean_url, free_url_at, is_space_separator, protocol_len, url_body_len};
use wikiquery_domain::title::ParsedTitle;
use wikiquery_domain::url::{rawurlencode, wf_urlencode};

use crate::links::split_trail;
use crate::state::Parser;
use crate::strip::MARKER_PREFIX;
use crate::Unsupported;

/// Domains whose links go without `rel="nofollow"` (MediaWiki's `$wgNoFollowDomainExceptions`).
const NO_FOLLOW_EXCEPTIONS: &[&str] = &["mediawiki.org"];

/// Whether a URL's host is one of [`NO_FOLLOW_EXCEPTIONS`] or below one.
pub(crate) fn followed(url: &str) -> bool {
    let after_scheme = url.split_once("//").map_or("", |(_, rest)| rest);
    let authority = after_scheme.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    // Compared as written, as MediaWiki compares it (`HttP://MediaWiki.Org/` is followed no more).
    let host = host.split(':').next().unwrap_or("");
    let host = format!(".{host}");
    NO_FOLLOW_EXCEPTIONS.iter().any(|domain| host.ends_with(&format!(".{domain}")))
}

/// `<a rel="nofollow" class="external …" href="…">` as MediaWiki's linker writes it.
fn external_anchor(url: &str, kind: &str, html: &str) -> String {
    let rel = if followed(url) { "" } else { "rel=\"nofollow\" " };
    format!("<a {rel}class=\"external {kind}\" href=\"{}\">{html}</a>", escape(url))
}

/// Whether a character may stand in a bracketed link's text.
fn is_link_text_char(c: char) -> bool {
    !(c == ']' || matches!(c as u32, 0..=8 | 0x0a..=0x1f) || c == '\u{fffd}')
}

impl Parser<'_> {
    /// `[url text]` links made; what is not one stays as written.
    pub(crate) fn handle_external_links(&mut self, text: &str) -> Result<String, Unsupported> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('[') {
            let after = &rest[open + 1..];
            let Some((url_len, text_start, text_end)) = bracketed(after) else {
                out.push_str(&rest[..open + 1]);
                rest = after;
                continue;
            };
            out.push_str(&rest[..open]);
            let mut url = after[..url_len].to_owned();
            let mut link_text = after[text_start..text_end].to_owned();
            let mut trail_rest = &after[text_end + 1..];
            if let Some(cut) = first_of(&url, &["&lt;", "&gt;"]) {
                link_text = format!("{} {link_text}", &url[cut..]);
                url.truncate(cut);
            }
            let kind;
            let mut dtrail = "";
            if link_text.is_empty() {
                self.autonumber += 1;
                link_text = format!("[{}]", self.autonumber);
                kind = "autonumber";
            } else {
                kind = "text";
                let (inside, after_trail) = split_trail(trail_rest);
                dtrail = inside;
                trail_rest = after_trail;
            }
            let url = clean_url(&url);
            out.push_str(&external_anchor(&url, kind, &link_text));
            out.push_str(dtrail);
            self.output.add_external_link(&url, self.site.server);
            rest = trail_rest;
        }
        out.push_str(rest);
        Ok(out)
    }

    /// Free URLs in running text made links (not inside tags or links).
    pub(crate) fn handle_magic_links(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        let bytes = text.as_bytes();
        let mut prev: Option<char> = None;
        while i < text.len() {
            let rest = &text[i..];
            if bytes[i] == b'<' {
                if let Some(len) = skip_tag(rest) {
                    out.push_str(&rest[..len]);
                    prev = rest[..len].chars().last();
                    i += len;
                    continue;
                }
            }
            let c = rest.chars().next().expect("not at the end");
            let boundary = !prev.is_some_and(|p| p.is_alphanumeric() || p == '_');
            if let Some((len, url)) = free_url_at(rest).filter(|_| boundary) {
                let whole = &rest[..len];
                match url {
                    Some(url) => {
                        let trail = &whole[url.len()..];
                        let url = clean_url(url);
                        out.push_str(&external_anchor(&url, "free", &escape_compat(&url)));
                        self.output.add_external_link(&url, self.site.server);
                        out.push_str(trail);
                    }
                    None => out.push_str(whole),
                }
                prev = whole.chars().last();
                i += len;
                continue;
            }
            out.push(c);
            prev = Some(c);
            i += c.len_utf8();
        }
        out
    }

    /// `[[Media:File]]`: a link to the file itself, or to its upload when it is missing.
    pub(crate) fn media_link(&mut self, t: &ParsedTitle, text: &str) -> Result<String, Unsupported> {
        self.output.add_image(&t.dbkey);
        let exists = self.lookup.files(&[t.dbkey.clone()])?.contains_key(&t.dbkey);
        let label = t.text.clone();
        Ok(if exists {
            let href = format!("{}/{}/{}", self.site.upload_path, hash_path(&t.dbkey), rawurlencode(&t.dbkey));
            format!("<a href=\"{}\" class=\"internal\" title=\"{}\">{text}</a>", escape(&href), escape(&label))
        } else {
            let href = format!("{}?title=Special:Upload&wpDestFile={}", self.site.script, wf_urlencode(&t.dbkey));
            format!("<a href=\"{}\" class=\"new\" title=\"{}\">{text}</a>", escape(&href), escape(&label))
        })
    }
}

fn first_of(text: &str, needles: &[&str]) -> Option<usize> {
    needles.iter().filter_map(|n| text.find(n)).min()
}

/// A bracketed link after its `[`: the URL's length, and where its text starts and ends
/// (before the closing `]`).
fn bracketed(after: &str) -> Option<(usize, usize, usize)> {
    let plen = protocol_len(after, true)?;
    let blen = url_body_len(&after[plen..]);
    if blen == 0 {
        return None;
    }
    let url_len = plen + blen;
    let mut j = url_len;
    for c in after[url_len..].chars() {
        if is_space_separator(c) {
            j += c.len_utf8();
        } else {
            break;
        }
    }
    let text_start = j;
    for c in after[j..].chars() {
        if c == ']' {
            return Some((url_len, text_start, j));
        }
        if !is_link_text_char(c) {
            return None;
        }
        j += c.len_utf8();
    }
    None
}

/// The length of an `<a …>…</a>` or any other `<…>` at the start of `text`, on one line, which
/// free links do not reach into. Only as far as the tag's end is read (a long line of tags
/// costs no more than its length).
fn skip_tag(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let is_anchor = bytes.len() > 2 && bytes[1] == b'a' && matches!(bytes[2], b' ' | b'\t' | b'\r' | b'>');
    if is_anchor {
        let mut i = 1;
        while i < bytes.len() && bytes[i] != b'\n' {
            if bytes[i..].starts_with(b"</a>") {
                return Some(i + 4);
            }
            i += 1;
        }
    }
    bytes.iter().skip(1).position(|&b| b == b'>' || b == b'\n').filter(|&p| bytes[p + 1] == b'>').map(|p| p + 2)
}

/// Markers that hid URLs from the free-link pass, removed.
pub(crate) fn remove_noparse(text: &str) -> String {
    text.replace(&format!("{MARKER_PREFIX}NOPARSE"), "")
}
