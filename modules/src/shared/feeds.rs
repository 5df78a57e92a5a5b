//! Syndication feeds, RSS 2.0 and Atom 1.0, written as MediaWiki 1.39's feed actions write
//! them: a channel (its title, description and page) and its items, each field escaped for XML
//! once more, HTML descriptions included, so that a reader shows the HTML.
//!
//! The feed actions answer with the feed whatever `format` says; their errors are written as
//! MediaWiki writes them, in its default format (`jsonfm`), since a feed cannot carry one.

use wikiquery_domain::html::push_escaped;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::{ActionContext, ApiError, Format, ParamValues, Printer};

use crate::storage::site_paths;
use crate::wiki::WikiContext;

/// The formats a feed is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FeedFormat {
    /// RSS 2.0.
    Rss,
    /// Atom 1.0.
    Atom,
}

/// The content types a caller may ask a feed to be sent as (`ctype`); any other is sent as the
/// first.
const CONTENT_TYPES: &[&str] = &[
    "application/xml; charset=UTF-8",
    "text/xml; charset=UTF-8",
    "application/rss+xml; charset=UTF-8",
    "application/atom+xml; charset=UTF-8",
];

/// The printer of a feed action: the feed as its body, of the content type asked for among
/// those allowed, offered as `feed.xml`; an error in MediaWiki's default format.
pub fn printer(ctype: Option<&str>) -> Printer {
    let content_type = CONTENT_TYPES
        .iter()
        .find(|t| ctype.is_some_and(|asked| t.split(';').next() == Some(asked)))
        .unwrap_or(&CONTENT_TYPES[0]);
    // MediaWiki's feed printer says nothing of frames, and quotes the file name it offers (its
    // API printers do not).
    Printer { deny_frames: false, feed: true, ..Printer::raw(Format::JsonFm, "api", content_type, "\"feed.xml\"") }
}

/// What a feed is about.
pub struct Channel<'a> {
    /// Its title.
    pub title: &'a str,
    /// What it lists.
    pub description: &'a str,
    /// The wiki's page that shows the same list.
    pub url: &'a str,
    /// The wiki's language code.
    pub language: &'a str,
    /// The software, as siteinfo's `generator` names it.
    pub generator: &'a str,
    /// When the feed is written.
    pub now: Timestamp,
    /// The feed's own URL (Atom's id and `self` link): the request's, as it was received.
    pub self_url: &'a str,
}

/// One entry of a feed.
#[derive(Debug, Clone, Default)]
pub struct Item {
    /// Its title, as text.
    pub title: String,
    /// Its URL, also its unique id.
    pub url: String,
    /// What it says, as HTML (escaped once more when written).
    pub description: String,
    /// When it happened, 14 digits; an item without a date has no date element.
    pub date: Option<String>,
    /// Who made it (written even when empty).
    pub author: String,
    /// The URL of its discussion (RSS only).
    pub comments: Option<String>,
}

/// Answers with a feed of this site: its title (`{site} - {title} [{language}]`), what it lists,
/// the URL of the wiki's page that shows the same, and its items.
pub fn answer(
    ctx: &mut ActionContext<'_>,
    format: FeedFormat,
    title: &str,
    description: &str,
    url: &str,
    items: &[Item],
) -> Result<(), ApiError> {
    let site = ctx.site()?;
    let full_title = format!("{} - {title} [{}]", site.sitename, site.language_code());
    answer_titled(ctx, format, &full_title, description, url, items)
}

/// Answers with a feed of this site under a title written whole.
pub fn answer_titled(
    ctx: &mut ActionContext<'_>,
    format: FeedFormat,
    title: &str,
    description: &str,
    url: &str,
    items: &[Item],
) -> Result<(), ApiError> {
    let site = ctx.site()?;
    let settings = ctx.settings();
    let paths = site_paths(site, settings);
    let channel = Channel {
        title,
        description,
        url,
        language: site.language_code(),
        generator: &format!("MediaWiki {}", settings.mediawiki_version),
        now: ctx.state.now(),
        self_url: &format!("{}{}", paths.server, ctx.state.request_uri),
    };
    ctx.result.add("text", write(format, &channel, items).into());
    Ok(())
}

/// The whole feed document.
pub fn write(format: FeedFormat, channel: &Channel<'_>, items: &[Item]) -> String {
    // A description, HTML escaped once more, grows by about a half.
    let room: usize = items.iter().map(|i| i.description.len() * 3 / 2 + i.title.len() + i.url.len() * 2 + 256).sum();
    let mut out = String::with_capacity(room + 1024);
    out.push_str("<?xml version=\"1.0\"?>\n");
    match format {
        FeedFormat::Rss => {
            out.push_str("<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n\t<channel>\n");
            out.push_str(&format!("\t\t<title>{}</title>\n", xml_encode(channel.title)));
            out.push_str(&format!("\t\t<link>{}</link>\n", xml_encode(channel.url)));
            out.push_str(&format!("\t\t<description>{}</description>\n", xml_encode(channel.description)));
            out.push_str(&format!("\t\t<language>{}</language>\n", xml_encode(channel.language)));
            out.push_str(&format!("\t\t<generator>{}</generator>\n", xml_encode(channel.generator)));
            out.push_str(&format!("\t\t<lastBuildDate>{}</lastBuildDate>\n", channel.now.to_http_date()));
            for item in items {
                let url = xml_encode(&item.url);
                out.push_str("\t\t<item>\n");
                out.push_str(&format!("\t\t\t<title>{}</title>\n", xml_encode(&item.title)));
                out.push_str(&format!("\t\t\t<link>{url}</link>\n"));
                out.push_str(&format!("\t\t\t<guid isPermaLink=\"false\">{url}</guid>\n"));
                push_element(&mut out, "\t\t\t", "<description>", "</description>", &item.description);
                match item.date.as_deref().and_then(Timestamp::parse) {
                    Some(date) => out.push_str(&format!("\t\t\t<pubDate>{}</pubDate>\n", date.to_http_date())),
                    None => out.push_str("\t\t\t\n"),
                }
                out.push_str(&format!("\t\t\t<dc:creator>{}</dc:creator>\n", xml_encode(&item.author)));
                match &item.comments {
                    Some(comments) => out.push_str(&format!("\t\t\t<comments>{}</comments>\n", xml_encode(comments))),
                    None => out.push_str("\t\t\t\n"),
                }
                out.push_str("\t\t</item>\n");
            }
            out.push_str("</channel></rss>");
        }
        FeedFormat::Atom => {
            let self_url = xml_encode(channel.self_url);
            out.push_str(&format!(
                "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">\n",
                xml_encode(channel.language)
            ));
            out.push_str(&format!("\t<id>{self_url}</id>\n"));
            out.push_str(&format!("\t<title>{}</title>\n", xml_encode(channel.title)));
            out.push_str(&format!("\t<link rel=\"self\" type=\"application/atom+xml\" href=\"{self_url}\"/>\n"));
            out.push_str(&format!(
                "\t<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
                xml_encode(channel.url)
            ));
            out.push_str(&format!("\t<updated>{}</updated>\n", channel.now.to_iso()));
            out.push_str(&format!("\t<subtitle>{}</subtitle>\n", xml_encode(channel.description)));
            out.push_str(&format!("\t<generator>{}</generator>\n", xml_encode(channel.generator)));
            for item in items {
                let url = xml_encode(&item.url);
                out.push_str("\t<entry>\n");
                out.push_str(&format!("\t\t<id>{url}</id>\n"));
                out.push_str(&format!("\t\t<title>{}</title>\n", xml_encode(&item.title)));
                out.push_str(&format!("\t\t<link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n"));
                match item.date.as_deref().and_then(Timestamp::parse) {
                    Some(date) => out.push_str(&format!("\t\t<updated>{}</updated>\n", date.to_iso())),
                    None => out.push_str("\t\t\n"),
                }
                out.push('\n');
                push_element(&mut out, "\t\t", "<summary type=\"html\">", "</summary>", &item.description);
                out.push_str(&format!("\t\t<author><name>{}</name></author>\n", xml_encode(&item.author)));
                out.push_str("\t</entry>\n");
            }
            out.push_str("</feed>");
        }
    }
    out
}

/// A value as a feed writes it: line ends as `\n`, the control characters XML forbids left
/// out, and HTML's special characters (both quotes too) as entities.
pub fn xml_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    push_xml_encoded(&mut out, text);
    out
}

/// [`xml_encode`], written at the end of `out`: a long description is not copied again.
pub fn push_xml_encoded(out: &mut String, text: &str) {
    let control = |b: u8| matches!(b, 0..=8 | 0xb | 0xc | 0xe..=0x1f);
    // Most texts hold neither control characters nor carriage returns: escaped as they are.
    if !text.bytes().any(|b| b == b'\r' || control(b)) {
        push_escaped(out, text);
        return;
    }
    let cleaned: String = text.replace("\r\n", "\n").chars().filter(|&c| !(c.is_ascii() && control(c as u8))).collect();
    push_escaped(out, &cleaned);
}

/// An element holding `text` encoded, on a line of its own after `indent`.
fn push_element(out: &mut String, indent: &str, open: &str, close: &str, text: &str) {
    out.push_str(indent);
    out.push_str(open);
    push_xml_encoded(out, text);
    out.push_str(close);
    out.push('\n');
}

/// An edit summary as a feed shows it as text: each link `[[target|label]]` or `[[target]]`
/// replaced by what it shows.
pub fn strip_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[[") {
        let inner = &rest[start + 2..];
        // A link's text runs to the first `]` (MediaWiki's pattern allows none inside) and
        // must be followed by `]]`; its shown part follows the last `|`.
        match inner.find(']') {
            Some(end) if end > 0 && inner[end..].starts_with("]]") => {
                let link = &inner[..end];
                let shown = link.rsplit_once('|').map_or(link, |(_, shown)| shown);
                if shown.is_empty() {
                    out.push_str(&rest[..start + 2]);
                    rest = inner;
                    continue;
                }
                out.push_str(&rest[..start]);
                out.push_str(shown);
                rest = &inner[end + 2..];
            }
            _ => {
                out.push_str(&rest[..start + 1]);
                rest = &rest[start + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Text as HTML lines: escaped (`'` kept, as PHP's `ENT_COMPAT`), a `<br />` before each line
/// end (PHP's `nl2br`).
pub fn text_lines_html(text: &str) -> String {
    nl2br(&wikiquery_domain::html::escape_compat(text))
}

/// HTML with a `<br />` before each line end (PHP's `nl2br`): `\r\n` and `\n\r` are one.
pub fn nl2br(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + 16);
    let mut chars = html.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' | '\n' => {
                out.push_str("<br />");
                out.push(c);
                // `\r\n` and `\n\r` are one line end.
                if let Some(&next) = chars.peek() {
                    if (next == '\n' || next == '\r') && next != c {
                        out.push(next);
                        chars.next();
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{strip_comment, text_lines_html, xml_encode};

    #[test]
    fn links_in_a_summary_show_their_text() {
        assert_eq!(strip_comment("moved [[A]] to [[B|the b]]: why"), "moved A to the b: why");
        assert_eq!(strip_comment("[[a|b|c]] [[]] [[x]"), "c [[]] [[x]");
    }

    #[test]
    fn lines_and_escapes() {
        assert_eq!(text_lines_html("a'<b>\nc\r\nd"), "a'&lt;b&gt;<br />\nc<br />\r\nd");
        assert_eq!(xml_encode("a\r\nb\u{1}'"), "a\nb&#039;");
    }
}
