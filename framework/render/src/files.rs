//! `[[File:…]]`: images and their options, as MediaWiki 1.39's legacy media markup writes
//! them.

use wikiquery_domain::html::escape;
use wikiquery_domain::title::{full_text, ParsedTitle};
use wikiquery_domain::url::wf_urlencode;

use crate::parser::Parser;
use crate::Unsupported;

/// Options that put an image in a frame with its caption.
fn is_frame_option(part: &str) -> bool {
    matches!(part, "thumb" | "thumbnail" | "frame" | "framed" | "enframed" | "frameless")
        || part.starts_with("thumb=")
        || part.starts_with("thumbnail=")
}

fn is_plain_option(part: &str) -> bool {
    matches!(
        part,
        "border" | "left" | "right" | "center" | "centre" | "none" | "baseline" | "sub" | "super" | "sup" | "top"
            | "text-top" | "middle" | "bottom" | "text-bottom" | "upright"
    ) || part.ends_with("px")
        || ["link=", "alt=", "class=", "page=", "lang=", "upright=", "upright ", "thumbtime=", "start=", "end="]
            .iter()
            .any(|p| part.starts_with(p))
}

impl Parser<'_> {
    /// The HTML of a file link with its options and caption (`options`, links already made).
    pub(crate) fn make_image(&mut self, t: &ParsedTitle, options: &str) -> Result<String, Unsupported> {
        self.output.add_image(&t.dbkey);
        let exists = self.lookup.files(&[t.dbkey.clone()])?.contains(&t.dbkey);
        if exists {
            return Err(Unsupported("an image of an existing file".into()));
        }
        let mut caption = String::new();
        for part in options.split('|') {
            let part = part.trim();
            if is_frame_option(part) {
                return Err(Unsupported("a framed image".into()));
            }
            if !is_plain_option(part) {
                caption = part.to_owned();
            } else if part.starts_with("link=") || part.starts_with("alt=") || part.ends_with("px") {
                return Err(Unsupported("an image option".into()));
            }
        }
        self.track("broken-file-category");
        let title = full_text(t.ns, &t.dbkey, self.site.namespaces);
        let label = if caption.is_empty() { escape(&title) } else { caption };
        let href = format!("{}?title=Special:Upload&wpDestFile={}", self.site.script, wf_urlencode(&t.dbkey));
        Ok(format!("<a href=\"{}\" class=\"new\" title=\"{}\">{label}</a>", escape(&href), escape(&title)))
    }
}
