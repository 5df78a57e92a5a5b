//! Each element of the dump read into its item: site information, page headers, revisions,
//! slots, uploads and log items.

use std::io::Read;
use std::str::FromStr;

use super::cursor::{Node, Opened, Tag};
use super::error::{structure, DumpError, DumpErrorKind, Position};
use super::items::{
    Contributor, DumpNamespace, DumpSiteInfo, LogItem, PageStart, Revision, SlotContent, Upload, UploadContents,
};
use super::timestamp::MwTimestamp;
use super::{DumpReader, TextElement};

impl<R: Read> DumpReader<R> {
    pub(super) fn siteinfo(&mut self, o: &Opened) -> Result<DumpSiteInfo, DumpError> {
        let mut info = DumpSiteInfo::default();
        if o.empty {
            return Ok(info);
        }
        while let Some(c) = self.cur.child()? {
            let field = match c.tag {
                Tag::Sitename => &mut info.sitename,
                Tag::Dbname => &mut info.dbname,
                Tag::Base => &mut info.base,
                Tag::Generator => &mut info.generator,
                Tag::Case => &mut info.case,
                Tag::Namespaces => {
                    if c.empty {
                        continue;
                    }
                    while let Some(n) = self.cur.child()? {
                        if n.tag != Tag::Namespace {
                            self.cur.skip(&n)?;
                            continue;
                        }
                        let key = match n.attr("key") {
                            Some(key) => parse_number(key, n.at, || "the key attribute of <namespace>".to_owned())?,
                            None => return Err(missing("<namespace> has no key attribute".to_owned(), n.at)),
                        };
                        let case = n.attr("case").map(str::to_owned);
                        let name = self.cur.text(&n)?;
                        info.namespaces.push(DumpNamespace { key, case, name });
                    }
                    continue;
                }
                _ => {
                    self.cur.skip(&c)?;
                    continue;
                }
            };
            let value = self.cur.text(&c)?;
            set_once(field, value, "siteinfo", &c)?;
        }
        Ok(info)
    }

    pub(super) fn page_header(&mut self, o: &Opened) -> Result<PageStart, DumpError> {
        let (mut title, mut ns, mut id) = (None, None, None);
        let (mut redirect, mut redirect_title, mut restrictions) = (false, None, None);
        if o.empty {
            self.pending = Some(Node::End);
        } else {
            // The header ends at the first revision or upload; that element is kept for `advance`.
            loop {
                let node = self.cur.next_node()?;
                let c = match node {
                    Node::Open(c) if matches!(c.tag, Tag::Revision | Tag::Upload) => {
                        self.pending = Some(Node::Open(c));
                        break;
                    }
                    Node::Open(c) => c,
                    Node::End => {
                        self.pending = Some(Node::End);
                        break;
                    }
                    Node::Eof => return Err(self.cur.truncated()),
                };
                match c.tag {
                    Tag::Title => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut title, value, "page", &c)?;
                    }
                    Tag::Ns => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<ns> of {}", page_name(title.as_deref())))?;
                        set_once(&mut ns, value, "page", &c)?;
                    }
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<id> of {}", page_name(title.as_deref())))?;
                        set_once(&mut id, value, "page", &c)?;
                    }
                    Tag::Redirect => {
                        if redirect {
                            return Err(structure("<page> has more than one <redirect>".to_owned(), c.at));
                        }
                        redirect = true;
                        redirect_title = c.attr("title").map(str::to_owned);
                        self.cur.skip(&c)?;
                    }
                    Tag::Restrictions => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut restrictions, value, "page", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(title) = title else {
            return Err(missing(
                format!("page {} has no <title>", id.map_or("?".to_owned(), |id: u64| id.to_string())),
                o.at,
            ));
        };
        let Some(ns) = ns else {
            return Err(missing(format!("page {title:?} has no <ns>"), o.at));
        };
        let Some(id) = id else {
            return Err(missing(format!("page {title:?} has no <id>"), o.at));
        };
        Ok(PageStart { title, ns, id, redirect, redirect_title, restrictions })
    }

    fn contributor(&mut self, o: &Opened) -> Result<Contributor, DumpError> {
        if o.deleted()? {
            self.cur.skip(o)?;
            return Ok(Contributor::Deleted);
        }
        let (mut username, mut id, mut ip) = (None, None, None);
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Username => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut username, value, "contributor", &c)?;
                    }
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || "<id> of a contributor".to_owned())?;
                        set_once(&mut id, value, "contributor", &c)?;
                    }
                    Tag::Ip => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut ip, value, "contributor", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        match (username, ip) {
            (Some(username), None) => Ok(Contributor::Registered { username, id: id.unwrap_or(0) }),
            (None, Some(ip)) => Ok(Contributor::Anonymous { ip }),
            (Some(_), Some(_)) => Err(structure("<contributor> has both <username> and <ip>".to_owned(), o.at)),
            (None, None) => Err(missing("<contributor> has neither <username> nor <ip>".to_owned(), o.at)),
        }
    }

    /// A `<comment>`: its text (`None` when the element is empty) and its deleted flag.
    fn comment(&mut self, o: &Opened) -> Result<(Option<String>, bool), DumpError> {
        let deleted = o.deleted()?;
        let text = self.cur.text(o)?;
        let text = if o.empty || (deleted && text.is_empty()) { None } else { Some(text) };
        Ok((text, deleted))
    }

    fn text_element(&mut self, o: &Opened, rev_id: Option<u64>) -> Result<TextElement, DumpError> {
        let deleted = o.deleted()?;
        let bytes = match o.attr("bytes") {
            Some(b) => Some(parse_number(b, o.at, || {
                format!("the bytes attribute of <text> of {}", self.revision_context(rev_id))
            })?),
            None => None,
        };
        let id = o.attr("id").map(str::to_owned);
        let location = o.attr("location").map(str::to_owned);
        let content = self.cur.text(o)?;
        // An element without content is real empty text only when nothing says the text is
        // elsewhere or hidden: stub dumps give only `id`/`location`, deleted text is flagged,
        // and a non-zero size without content means the text was left out.
        let text = if !content.is_empty() {
            Some(content)
        } else if deleted || id.is_some() || location.is_some() || bytes.is_some_and(|b: u64| b > 0) {
            None
        } else {
            Some(content)
        };
        Ok(TextElement { text, bytes, sha1: o.attr("sha1").map(str::to_owned), deleted, id, location })
    }

    pub(super) fn revision(&mut self, o: &Opened) -> Result<Revision, DumpError> {
        let (mut id, mut parent_id, mut timestamp, mut contributor) = (None, None, None, None);
        let (mut minor, mut comment, mut comment_deleted, mut seen_comment) = (false, None, false, false);
        let (mut origin, mut model, mut format, mut text, mut sha1) = (None, None, None, None, None);
        let mut slots = Vec::new();
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || self.revision_context(None) + ": <id>")?;
                        set_once(&mut id, value, "revision", &c)?;
                    }
                    Tag::Parentid => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || self.revision_context(id) + ": <parentid>")?;
                        set_once(&mut parent_id, value, "revision", &c)?;
                    }
                    Tag::Timestamp => {
                        let text = self.cur.text(&c)?;
                        let value = parse_timestamp(&text, c.at, || self.revision_context(id) + ": <timestamp>")?;
                        set_once(&mut timestamp, value, "revision", &c)?;
                    }
                    Tag::Contributor => {
                        let value = self.contributor(&c)?;
                        set_once(&mut contributor, value, "revision", &c)?;
                    }
                    Tag::Minor => {
                        minor = true;
                        self.cur.skip(&c)?;
                    }
                    Tag::Comment => {
                        if std::mem::replace(&mut seen_comment, true) {
                            return Err(duplicate("revision", &c));
                        }
                        (comment, comment_deleted) = self.comment(&c)?;
                    }
                    Tag::Origin => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || self.revision_context(id) + ": <origin>")?;
                        set_once(&mut origin, value, "revision", &c)?;
                    }
                    Tag::Model => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut model, value, "revision", &c)?;
                    }
                    Tag::Format => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut format, value, "revision", &c)?;
                    }
                    Tag::Text => {
                        let value = self.text_element(&c, id)?;
                        set_once(&mut text, value, "revision", &c)?;
                    }
                    Tag::Content => slots.push(self.slot(&c, id)?),
                    Tag::Sha1 => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut sha1, value, "revision", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(id) = id else {
            return Err(missing(format!("{} has no <id>", self.revision_context(None)), o.at));
        };
        let Some(timestamp) = timestamp else {
            return Err(missing(format!("{} has no <timestamp>", self.revision_context(Some(id))), o.at));
        };
        let Some(contributor) = contributor else {
            return Err(missing(format!("{} has no <contributor>", self.revision_context(Some(id))), o.at));
        };
        let Some(text) = text else {
            return Err(missing(format!("{} has no <text>", self.revision_context(Some(id))), o.at));
        };
        Ok(Revision {
            id,
            parent_id,
            timestamp,
            contributor,
            minor,
            comment,
            comment_deleted,
            origin,
            model,
            format,
            text: text.text,
            text_bytes: text.bytes,
            text_sha1: text.sha1,
            text_deleted: text.deleted,
            text_id: text.id,
            text_location: text.location,
            sha1: sha1.filter(|s: &String| !s.is_empty()),
            slots,
        })
    }

    fn slot(&mut self, o: &Opened, rev_id: Option<u64>) -> Result<SlotContent, DumpError> {
        let (mut role, mut origin, mut model, mut format, mut text) = (None, None, None, None, None);
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Role => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut role, value, "content", &c)?;
                    }
                    Tag::Origin => {
                        let text = self.cur.text(&c)?;
                        let value =
                            parse_number(&text, c.at, || self.revision_context(rev_id) + ": <origin> of a slot")?;
                        set_once(&mut origin, value, "content", &c)?;
                    }
                    Tag::Model => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut model, value, "content", &c)?;
                    }
                    Tag::Format => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut format, value, "content", &c)?;
                    }
                    Tag::Text => {
                        let value = self.text_element(&c, rev_id)?;
                        set_once(&mut text, value, "content", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(role) = role else {
            return Err(missing(format!("a <content> of {} has no <role>", self.revision_context(rev_id)), o.at));
        };
        let Some(text) = text else {
            return Err(missing(format!("slot {role:?} of {} has no <text>", self.revision_context(rev_id)), o.at));
        };
        Ok(SlotContent {
            role,
            origin,
            model,
            format,
            text: text.text,
            text_bytes: text.bytes,
            text_sha1: text.sha1,
            text_deleted: text.deleted,
            text_location: text.location,
        })
    }

    pub(super) fn upload(&mut self, o: &Opened) -> Result<Upload, DumpError> {
        let (mut timestamp, mut contributor, mut comment, mut comment_deleted, mut seen_comment) =
            (None, None, None, false, false);
        let (mut filename, mut archivename, mut src, mut size) = (None, None, None, None);
        let (mut sha1base36, mut rel, mut contents) = (None, None, None);
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Timestamp => {
                        let text = self.cur.text(&c)?;
                        let value =
                            parse_timestamp(&text, c.at, || format!("<timestamp> of {}", self.upload_context()))?;
                        set_once(&mut timestamp, value, "upload", &c)?;
                    }
                    Tag::Contributor => {
                        let value = self.contributor(&c)?;
                        set_once(&mut contributor, value, "upload", &c)?;
                    }
                    Tag::Comment => {
                        if std::mem::replace(&mut seen_comment, true) {
                            return Err(duplicate("upload", &c));
                        }
                        (comment, comment_deleted) = self.comment(&c)?;
                    }
                    Tag::Filename => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut filename, value, "upload", &c)?;
                    }
                    Tag::Archivename => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut archivename, value, "upload", &c)?;
                    }
                    Tag::Src => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut src, value, "upload", &c)?;
                    }
                    Tag::Size => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<size> of {}", self.upload_context()))?;
                        set_once(&mut size, value, "upload", &c)?;
                    }
                    Tag::Sha1base36 => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut sha1base36, value, "upload", &c)?;
                    }
                    Tag::Rel => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut rel, value, "upload", &c)?;
                    }
                    Tag::Contents => {
                        let encoding = c.attr("encoding").map(str::to_owned);
                        let data = self.cur.text(&c)?;
                        set_once(&mut contents, UploadContents { encoding, data }, "upload", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let context = self.upload_context();
        let lacks = |element: &str| missing(format!("{context} has no <{element}>"), o.at);
        Ok(Upload {
            timestamp: timestamp.ok_or_else(|| lacks("timestamp"))?,
            contributor: contributor.ok_or_else(|| lacks("contributor"))?,
            comment,
            comment_deleted,
            filename: filename.ok_or_else(|| lacks("filename"))?,
            archivename,
            src: src.ok_or_else(|| lacks("src"))?,
            size: size.ok_or_else(|| lacks("size"))?,
            sha1base36,
            rel,
            contents,
        })
    }

    pub(super) fn logitem(&mut self, o: &Opened) -> Result<LogItem, DumpError> {
        let (mut id, mut timestamp, mut contributor) = (None, None, None);
        let (mut comment, mut comment_deleted, mut seen_comment) = (None, false, false);
        let (mut log_type, mut action, mut logtitle, mut namespace) = (None, None, None, None);
        let (mut params, mut params_xml_space, mut action_deleted, mut text) = (None, None, false, None);
        let what = |id: Option<u64>| id.map_or_else(|| "a log item".to_owned(), |id| format!("log item {id}"));
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || "<id> of a log item".to_owned())?;
                        set_once(&mut id, value, "logitem", &c)?;
                    }
                    Tag::Timestamp => {
                        let text = self.cur.text(&c)?;
                        let value = parse_timestamp(&text, c.at, || format!("<timestamp> of {}", what(id)))?;
                        set_once(&mut timestamp, value, "logitem", &c)?;
                    }
                    Tag::Contributor => {
                        let value = self.contributor(&c)?;
                        set_once(&mut contributor, value, "logitem", &c)?;
                    }
                    Tag::Comment => {
                        if std::mem::replace(&mut seen_comment, true) {
                            return Err(duplicate("logitem", &c));
                        }
                        (comment, comment_deleted) = self.comment(&c)?;
                    }
                    Tag::Type => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut log_type, value, "logitem", &c)?;
                    }
                    Tag::Action => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut action, value, "logitem", &c)?;
                    }
                    Tag::Text => {
                        if text.is_some() || action_deleted {
                            return Err(duplicate("logitem", &c));
                        }
                        action_deleted = c.deleted()?;
                        let value = self.cur.text(&c)?;
                        text = Some(value).filter(|t| !t.is_empty());
                    }
                    Tag::Logtitle => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut logtitle, value, "logitem", &c)?;
                    }
                    Tag::Namespace => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<namespace> of {}", what(id)))?;
                        set_once(&mut namespace, value, "logitem", &c)?;
                    }
                    Tag::Params => {
                        params_xml_space = c.attr("xml:space").map(str::to_owned);
                        let value = self.cur.text(&c)?;
                        set_once(&mut params, value, "logitem", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(id) = id else {
            return Err(missing("a log item has no <id>".to_owned(), o.at));
        };
        let lacks = |element: &str| missing(format!("log item {id} has no <{element}>"), o.at);
        let contributor = contributor.ok_or_else(|| lacks("contributor"))?;
        Ok(LogItem {
            id,
            timestamp: timestamp.ok_or_else(|| lacks("timestamp"))?,
            user_deleted: contributor.is_deleted(),
            contributor,
            comment,
            comment_deleted,
            action_deleted,
            log_type: log_type.ok_or_else(|| lacks("type"))?,
            action: action.ok_or_else(|| lacks("action"))?,
            logtitle,
            namespace,
            params,
            params_xml_space,
            text,
        })
    }
}

fn parse_number<T: FromStr>(text: &str, at: Position, what: impl FnOnce() -> String) -> Result<T, DumpError> {
    text.trim()
        .parse()
        .map_err(|_| DumpError::new(DumpErrorKind::BadNumber { element: what(), value: text.to_owned() }, at))
}

fn parse_timestamp(text: &str, at: Position, what: impl FnOnce() -> String) -> Result<MwTimestamp, DumpError> {
    MwTimestamp::parse(text.trim())
        .ok_or_else(|| DumpError::new(DumpErrorKind::BadTimestamp { element: what(), value: text.to_owned() }, at))
}

fn page_name(title: Option<&str>) -> String {
    title.map_or_else(|| "a page".to_owned(), |title| format!("page {title:?}"))
}

fn missing(message: String, at: Position) -> DumpError {
    DumpError::new(DumpErrorKind::Missing(message), at)
}

fn duplicate(parent: &str, c: &Opened) -> DumpError {
    structure(format!("<{parent}> has more than one <{}>", c.tag.name()), c.at)
}

/// Stores a child's value, refusing a second occurrence: two `<id>`s or `<text>`s in one
/// element would otherwise silently keep one of them.
fn set_once<T>(slot: &mut Option<T>, value: T, parent: &str, c: &Opened) -> Result<(), DumpError> {
    if slot.is_some() {
        return Err(duplicate(parent, c));
    }
    *slot = Some(value);
    Ok(())
}
