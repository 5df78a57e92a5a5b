//! MediaWiki's pre-save transform (`Parser::preSaveTransform`): what a text becomes when it is
//! saved — line ends normalised, `subst:` calls expanded, signatures (`~~~~`) written out and
//! the pipe tricks (`[[Foo (bar)|]]`, `[[|Foo]]`) completed, comments and extension tags left
//! as they are.

use std::sync::OnceLock;

use regex::Regex;

use super::expand::{expand_for_saving, unstrip, Unsupported, Wiki};
use crate::php;

/// Who signs and when, as the signatures write them: the signature (`~~~`) and the date
/// (`~~~~~`), which `~~~~` joins with a space.
#[derive(Clone, Default)]
pub struct Signing {
    /// The signer's signature as wikitext (`[[User:Alice|Alice]] ([[User talk:Alice|talk]])`).
    pub signature: String,
    /// The time in the wiki's language and time zone (`00:00, 22 November 2026 (UTC)`).
    pub date: String,
}

/// `text`, to be saved as page `page_text` (its title without the namespace), transformed as
/// MediaWiki transforms it before saving; `signing` is asked for only when the text signs.
pub fn pre_save_transform(
    text: &str,
    page_text: &str,
    signing: &mut dyn FnMut() -> Signing,
    wiki: &mut dyn Wiki,
) -> Result<String, Unsupported> {
    let text = normalize_line_ends(&text.replace('\0', ""));
    let (text, kept) = expand_for_saving(&text, wiki)?;
    let text = if text.contains("~~~") { sign(&text, &signing()) } else { text };
    let text = pipe_tricks(&text, page_text);
    Ok(php::rtrim(&unstrip(&text, &kept)).to_owned())
}

/// Line ends as `\n` and no trailing white space (MediaWiki's `normalizeLineEndings`).
pub fn normalize_line_ends(text: &str) -> String {
    php::rtrim(text).replace("\r\n", "\n").replace('\r', "\n")
}

/// `~~~~~` as the date, `~~~~` as the signature and the date, `~~~` as the signature, the
/// longest first at each place (PHP's `strtr`).
fn sign(text: &str, signing: &Signing) -> String {
    let mut out = String::with_capacity(text.len() + signing.signature.len());
    let mut rest = text;
    while let Some(at) = rest.find("~~~") {
        out.push_str(&rest[..at]);
        let run = rest[at..].bytes().take_while(|b| *b == b'~').count();
        let taken = match run {
            3 => {
                out.push_str(&signing.signature);
                3
            }
            4 => {
                out.push_str(&signing.signature);
                out.push(' ');
                out.push_str(&signing.date);
                4
            }
            _ => {
                out.push_str(&signing.date);
                5
            }
        };
        rest = &rest[at + taken..];
    }
    out.push_str(rest);
    out
}

/// The characters a title may hold, and those of a namespace name (any non-ASCII character,
/// as MediaWiki's byte-wise patterns take every byte of one).
const TITLE_CHARS: &str = r#"[ %!"$&'()*,\-./0-9:;=?@A-Z\\^_`a-z~+\x{80}-\x{10FFFF}]"#;
const NAMESPACE_CHARS: &str = r"[ _0-9A-Za-z\x{80}-\x{10FFFF}-]";

struct Patterns {
    /// `[[ns:page (context)|]]`
    context: Regex,
    /// `[[ns:page（context）|]]`, with double-width brackets
    wide_context: Regex,
    /// `[[ns:page (context), context|]]`, with a plain, double-width or Arabic comma
    comma_context: Regex,
    /// `[[|page]]`
    reverse: Regex,
    /// A title with a context in brackets, and one with a context after a comma.
    title_bracketed: Regex,
    title_comma: Regex,
}

fn patterns() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        let (tc, nc) = (TITLE_CHARS, NAMESPACE_CHARS);
        let re = |p: String| Regex::new(&p).expect("a pipe-trick pattern");
        Patterns {
            context: re(format!(r"\[\[(:?{nc}+:|:|)({tc}+?)( ?\({tc}+\))\|\]\]")),
            wide_context: re(format!(r"\[\[(:?{nc}+:|:|)({tc}+?)( ?（{tc}+）)\|\]\]")),
            comma_context: re(format!(r"\[\[(:?{nc}+:|:|)({tc}+?)( ?\({tc}+\)|)((?:, |，|، ){tc}+|)\|\]\]")),
            reverse: re(format!(r"\[\[\|({tc}+)\]\]")),
            title_bracketed: re(format!(r"^({nc}+:|){tc}+?( \({tc}+\))$")),
            title_comma: re(format!(r"^({nc}+:|){tc}+?(, {tc}+|)$")),
        }
    })
}

/// The pipe tricks completed: `[[A (b)|]]` → `[[A (b)|A]]`, `[[A, b|]]` → `[[A, b|A]]`, and
/// `[[|A]]` given the context of the page's own title (`page_text`, without namespace).
fn pipe_tricks(text: &str, page_text: &str) -> String {
    let p = patterns();
    let text = p.context.replace_all(text, "[[${1}${2}${3}|${2}]]");
    let text = p.wide_context.replace_all(&text, "[[${1}${2}${3}|${2}]]");
    let text = p.comma_context.replace_all(&text, "[[${1}${2}${3}${4}|${2}]]");
    let context = p.title_bracketed.captures(page_text).or_else(|| {
        p.title_comma
            .captures(page_text)
            .filter(|m| !m[1].is_empty() || !m.get(2).map_or("", |g| g.as_str()).is_empty())
    });
    match context {
        Some(m) => {
            let (ns, ctx) = (m[1].to_owned(), m.get(2).map_or("", |g| g.as_str()).to_owned());
            p.reverse
                .replace_all(&text, |c: &regex::Captures<'_>| format!("[[{ns}{}{ctx}|{}]]", &c[1], &c[1]))
                .into_owned()
        }
        None => p.reverse.replace_all(&text, "[[${1}]]").into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preprocessor::expand::TemplateLookup;

    /// A wiki with one template and the page's name.
    struct Plain;
    impl Wiki for Plain {
        fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
            Ok(match name {
                "Hello" => TemplateLookup::Found {
                    title: "Template:Hello".into(),
                    text: "Hello {{{1|you}}}<!-- c --> {{Other}}<noinclude>doc</noinclude>".into(),
                },
                other => TemplateLookup::Missing { title: format!("Template:{other}") },
            })
        }
        fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
            match id {
                "pagename" => Ok("Sandbox".into()),
                other => Err(Unsupported(other.into())),
            }
        }
        fn function(&mut self, _: &'static str, _: &[String]) -> Result<Option<String>, Unsupported> {
            Ok(None)
        }
    }

    fn pst(text: &str, page: &str) -> String {
        let mut signing =
            || Signing { signature: "[[User:Alice|Alice]]".into(), date: "00:00, 22 November 2026 (UTC)".into() };
        pre_save_transform(text, page, &mut signing, &mut Plain).unwrap()
    }

    #[test]
    fn saving_substitutes_signs_and_completes_pipe_tricks() {
        assert_eq!(pst("a  \r\nb \r\n\n", "X"), "a  \nb");
        assert_eq!(pst("{{subst:PAGENAME}} {{PAGENAME}}", "X"), "Sandbox {{PAGENAME}}");
        assert_eq!(pst("{{subst:Hello|Bob}}", "X"), "Hello Bob<!-- c --> {{Other}}");
        assert_eq!(pst("{{{1|x}}} {{Hello|~~~}}", "X"), "{{{1|x}}} {{Hello|[[User:Alice|Alice]]}}");
        assert_eq!(pst("~~~~", "X"), "[[User:Alice|Alice]] 00:00, 22 November 2026 (UTC)");
        assert_eq!(pst("~~~~~ ~~~~~~", "X"), "00:00, 22 November 2026 (UTC) 00:00, 22 November 2026 (UTC)~");
        assert_eq!(pst("<nowiki>~~~~</nowiki><!-- [[A (b)|]] -->", "X"), "<nowiki>~~~~</nowiki><!-- [[A (b)|]] -->");
        assert_eq!(
            pst("[[Foo (bar)|]] [[Help:Foo, bar|]] [[:Cat (x)|]]", "X"),
            "[[Foo (bar)|Foo]] [[Help:Foo, bar|Foo]] [[:Cat (x)|Cat]]"
        );
        assert_eq!(pst("[[|Foo]]", "Page (film)"), "[[Foo (film)|Foo]]");
        assert_eq!(pst("[[|Foo]]", "Paris, Texas"), "[[Foo, Texas|Foo]]");
        assert_eq!(pst("[[|Foo]]", "Plain"), "[[Foo]]");
        assert_eq!(pst("<includeonly>x</includeonly>", "X"), "<includeonly>x</includeonly>");
    }
}
