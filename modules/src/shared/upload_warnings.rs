//! `iiprop=uploadwarning`: the warning an upload under a file's name would get (MediaWiki's
//! `UploadBase::getExistsWarning`: the file exists, its description page does, a file differs
//! from it only by its extension, the name looks like a thumbnail's or begins as cameras name
//! files), written as HTML the way MediaWiki's parser writes the warning's message
//! (`SpecialUpload::getExistsWarning`). The prose of each warning is this server's own; the
//! markup around it is MediaWiki's: the paragraph, the links (a link to the file itself is a
//! self-link) and the file's thumbnail frame, sized as `[[File:…|thumb]]` sizes it.

use std::collections::HashMap;

use wikiquery_domain::html::{escape_text, escape_tidied_attribute};
use wikiquery_domain::title::{full_dbkey, full_text, SiteNamespaces, NS_FILE, NS_MEDIAWIKI, NS_SPECIAL};
use wikiquery_domain::url::wf_urlencode;
use wikiquery_runtime::{ApiError, QueryContext};
use wikiquery_store::queries::files::{AllFilesFilter, FileOrder, FileVersion};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::shared::files::{file_url, upload_path, BadFiles};
use crate::shared::thumbnails::{self, Thumb};
use crate::storage::site_paths;

/// Why an upload under a name would be warned about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// A file of this name exists.
    Exists,
    /// No file has this name, but its description page exists.
    PageExists,
    /// This file (current version) has the same name but for the extension, or the
    /// extension's normal form.
    ExistsNormalized(FileVersion),
    /// The name looks like a thumbnail's (`180px-Foo.png`) of this file, which exists.
    Thumb(FileVersion),
    /// The name looks like a thumbnail's, beginning so (`180px-`), of no existing file.
    ThumbName(String),
    /// The name begins with this prefix, one cameras give (the wiki's list).
    BadPrefix(String),
}

/// What choosing a warning asks of the wiki.
pub trait Wiki {
    /// The current version of file `name` (a database key), if it exists.
    fn file(&mut self, name: &str) -> Result<Option<FileVersion>, ApiError>;
    /// The first file by name whose name begins with `prefix`.
    fn first_with_prefix(&mut self, prefix: &str) -> Result<Option<FileVersion>, ApiError>;
    /// The name prefixes cameras give files, as the wiki lists them.
    fn camera_prefixes(&mut self) -> Result<Vec<String>, ApiError>;
    /// The file title `text` names (a database key), if it is a valid title of a file.
    fn file_title(&self, text: &str) -> Option<String>;
}

/// The warning for file `name` (a database key), whose file exists or not and whose
/// description page exists or not; `None` when there is nothing to warn about. The checks
/// run in MediaWiki's order, the first that holds wins.
pub fn choose(
    name: &str,
    file_exists: bool,
    page_exists: bool,
    wiki: &mut dyn Wiki,
) -> Result<Option<Warning>, ApiError> {
    if file_exists {
        return Ok(Some(Warning::Exists));
    }
    if page_exists {
        return Ok(Some(Warning::PageExists));
    }
    let (part, extension) = split_extension(name);
    let normal = normal_extension(extension);
    if normal != extension {
        if let Some(file) = wiki.file(&format!("{part}.{normal}"))? {
            return Ok(Some(Warning::ExistsNormalized(file)));
        }
    }
    if let Some(file) = wiki.first_with_prefix(&format!("{part}."))? {
        return Ok(Some(Warning::ExistsNormalized(file)));
    }
    if is_thumb_name(name) {
        let original = part.split_once('-').map_or(part, |(_, rest)| rest);
        let file = match wiki.file_title(&format!("{original}.{extension}")) {
            Some(title) => wiki.file(&title)?,
            None => None,
        };
        return Ok(Some(match file {
            Some(file) => Warning::Thumb(file),
            None => Warning::ThumbName(name.split_inclusive('-').next().unwrap_or(name).to_owned()),
        }));
    }
    Ok(wiki.camera_prefixes()?.into_iter().find(|prefix| part.starts_with(prefix.as_str())).map(Warning::BadPrefix))
}

/// A file name split at its last dot into name and extension, as MediaWiki splits it: a name
/// with no dot, or whose first dot begins it, is all name.
fn split_extension(name: &str) -> (&str, &str) {
    match name.find('.') {
        Some(first) if first > 0 => name.rsplit_once('.').unwrap_or((name, "")),
        _ => (name, ""),
    }
}

/// An extension's normal form (MediaWiki's `File::normalizeExtension`): lower case, the most
/// usual of alternative spellings; empty for one of other characters than letters and digits.
fn normal_extension(extension: &str) -> String {
    let lower = extension.to_ascii_lowercase();
    let alternative = match lower.as_str() {
        "htm" => Some("html"),
        "jpeg" => Some("jpg"),
        "mpeg" => Some("mpg"),
        "tiff" => Some("tif"),
        "ogv" => Some("ogg"),
        _ => None,
    };
    match alternative {
        Some(normal) => normal.to_owned(),
        None if !lower.is_empty() && lower.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) => lower,
        None => String::new(),
    }
}

/// Whether a file name looks like a thumbnail's (MediaWiki's `UploadBase::isThumbName`): two
/// digits, then `px-` after them or after one more character (`50px-`, `180px-`).
fn is_thumb_name(name: &str) -> bool {
    let part = match name.rfind('.') {
        Some(dot) if dot > 0 => &name[..dot],
        _ => name,
    };
    let bytes = part.as_bytes();
    let px_at = |at: usize| bytes.get(at..at + 3) == Some(b"px-".as_slice());
    (px_at(3) || px_at(2)) && bytes.len() >= 2 && bytes[..2].iter().all(u8::is_ascii_digit)
}

/// The prefixes a `MediaWiki:Filename-prefix-blacklist` page lists (MediaWiki's
/// `UploadBase::getFilenamePrefixBlacklist`): one a line; a line whose first character is
/// `#` is a comment, and elsewhere `#` ends the prefix, taking the character before it along
/// (the space that should separate them). A page of `-` lists none.
pub fn camera_prefixes(text: &str) -> Vec<String> {
    if text == "-" {
        return Vec::new();
    }
    text.split('\n')
        .filter(|line| !line.trim().is_empty() && !line.trim().starts_with('#'))
        .map(|line| match line.find('#') {
            Some(hash) if hash > 0 => line[..hash - 1].trim().to_owned(),
            _ => line.trim().to_owned(),
        })
        .collect()
}

/// The wiki as the store answers: files by name and by prefix, the camera prefixes of the
/// wiki's page (read once).
struct StoreWiki<'r> {
    reader: &'r mut Reader,
    site: &'r Site,
    prefixes: Option<Vec<String>>,
}

impl Wiki for StoreWiki<'_> {
    fn file(&mut self, name: &str) -> Result<Option<FileVersion>, ApiError> {
        Ok(self.reader.current_files(&[name.to_owned()])?.into_iter().next())
    }

    fn first_with_prefix(&mut self, prefix: &str) -> Result<Option<FileVersion>, ApiError> {
        let filter = AllFilesFilter {
            order: FileOrder::Name { from: None, to: None, prefix: Some(prefix.to_owned()), resume: None },
            descending: false,
            min_size: None,
            max_size: None,
            sha1: None,
            uploader: None,
            bots: None,
            mimes: Vec::new(),
            limit: 1,
        };
        Ok(self.reader.all_files(&filter)?.into_iter().next())
    }

    fn camera_prefixes(&mut self) -> Result<Vec<String>, ApiError> {
        if self.prefixes.is_none() {
            // Without the page, none: MediaWiki's own list for a wiki without it is one of its
            // message texts, which this project does not carry.
            let page = crate::storage::current_text_of(self.reader, NS_MEDIAWIKI, "Filename-prefix-blacklist")?;
            self.prefixes = Some(page.map(|text| camera_prefixes(&text)).unwrap_or_default());
        }
        Ok(self.prefixes.clone().unwrap_or_default())
    }

    fn file_title(&self, text: &str) -> Option<String> {
        self.site
            .parse_title(text, NS_FILE)
            .ok()
            .filter(|title| title.ns == NS_FILE && title.interwiki.is_empty() && !title.dbkey.is_empty())
            .map(|title| title.dbkey)
    }
}

/// The upload warnings of the files `titles` names (database keys, each with whether its
/// description page exists) as HTML by name, empty for a name without one; `current` holds
/// the current versions of the files that exist.
pub fn upload_warnings(
    ctx: &QueryContext<'_>,
    site: &Site,
    reader: &mut Reader,
    titles: &[(String, bool)],
    current: &[FileVersion],
    bad_files: &BadFiles,
) -> Result<HashMap<String, String>, ApiError> {
    let settings = ctx.settings();
    let paths = site_paths(site, settings);
    let writer = WarningWriter {
        namespaces: site.namespaces(),
        article_path: paths.article_path.clone(),
        script: paths.script.clone(),
        upload: upload_path(&paths, settings),
        uploads_enabled: settings.uploads_enabled,
        bad_files,
    };
    let mut wiki = StoreWiki { reader, site, prefixes: None };
    let mut out = HashMap::new();
    for (name, page_exists) in titles {
        let file = current.iter().find(|f| &f.name == name);
        if let Some(warning) = choose(name, file.is_some(), *page_exists, &mut wiki)? {
            out.insert(name.clone(), writer.html(name, file, &warning));
        }
    }
    Ok(out)
}

/// What writing a warning as HTML needs of the site.
pub struct WarningWriter<'a> {
    pub namespaces: &'a SiteNamespaces,
    /// The path of pages, with `$1` for the title (`$wgArticlePath`).
    pub article_path: String,
    /// The path of `index.php`.
    pub script: String,
    /// Where uploaded files are served (`$wgUploadPath`).
    pub upload: String,
    /// Whether files may be uploaded: a missing file's image links to the upload form.
    pub uploads_enabled: bool,
    pub bad_files: &'a BadFiles,
}

/// How the image a warning shows sits in its text: as a frame, a block of its own, or as a
/// link within the paragraph (a file no media handler reads).
enum Image {
    Block(String),
    Inline(String),
}

/// The word of the link that shows a framed image at full size (its tooltip).
const FULL_SIZE: &str = "Full size";

impl WarningWriter<'_> {
    /// The warning about file `name` (with its current version, if it exists) as HTML: its
    /// text, then the image of the file it concerns, laid out as MediaWiki's parser lays out a
    /// message of one line of text and an image on the next.
    pub fn html(&self, name: &str, file: Option<&FileVersion>, warning: &Warning) -> String {
        let (prose, image) = match warning {
            Warning::Exists => (
                format!(
                    "A file named {} is already there; uploading under this name would replace it.",
                    strong(&self.self_link(name))
                ),
                Some(self.image(name, name, file)),
            ),
            Warning::PageExists => (
                format!(
                    "The description page {} exists, though no file has been uploaded under its name.",
                    strong(&self.self_link(name))
                ),
                Some(self.image(name, name, None)),
            ),
            Warning::ExistsNormalized(other) => (
                format!(
                    "The name {} differs only in its extension from the existing file {}.",
                    strong(&self.self_link(name)),
                    strong(&self.file_link(&other.name))
                ),
                Some(self.image(name, &other.name, Some(other))),
            ),
            Warning::Thumb(original) => (
                format!(
                    "This name looks like that of a reduced copy of the existing file {}; the original is enough.",
                    strong(&self.file_link(&original.name))
                ),
                Some(self.image(name, &original.name, Some(original))),
            ),
            Warning::ThumbName(start) => (
                format!(
                    "Names beginning with {} look like those of reduced copies; give a full-size image a name of its own.",
                    strong(&escape_text(start))
                ),
                None,
            ),
            Warning::BadPrefix(prefix) => (
                format!(
                    "Names beginning with {} are those cameras give by themselves; a name that says what the file shows is better.",
                    strong(&escape_text(prefix))
                ),
                None,
            ),
        };
        lay_out(&prose, image)
    }

    /// A link to the page the warning is about, which MediaWiki writes without a target.
    fn self_link(&self, name: &str) -> String {
        format!("<a class=\"mw-selflink selflink\">{}</a>", escape_text(&full_text(NS_FILE, name, self.namespaces)))
    }

    /// A link to the page of file `name`, known to exist as the file does (MediaWiki counts a
    /// file's page as known whenever the file exists).
    fn file_link(&self, name: &str) -> String {
        let text = full_text(NS_FILE, name, self.namespaces);
        format!(
            "<a href=\"{}\" title=\"{}\">{}</a>",
            escape_tidied_attribute(&self.local_url(NS_FILE, name)),
            escape_tidied_attribute(&text),
            escape_text(&text)
        )
    }

    /// A page's URL on this server (MediaWiki's `Title::getLocalURL`).
    fn local_url(&self, ns: i32, dbkey: &str) -> String {
        self.article_path.replace("$1", &wf_urlencode(&full_dbkey(ns, dbkey, self.namespaces)))
    }

    /// The image of file `name` (its current version `file`, if it exists) as `thumb` shows it
    /// on the page of file `page`: a frame with its thumbnail, a link for a file no handler
    /// reads.
    fn image(&self, page: &str, name: &str, file: Option<&FileVersion>) -> Image {
        let Some(file) = file else { return Image::Block(self.missing_frame(name)) };
        let Some((width, _)) = thumbnails::frame_size(file) else {
            return Image::Inline(self.file_link(name));
        };
        let thumb = thumbnails::transform(file, &file_url(&self.upload, file), "");
        let shown = match &thumb {
            Thumb::Image { width, .. } => *width,
            Thumb::Error(_) => width,
        };
        // A bad file is only named, by a link, unless this page is where it may be shown.
        if self.bad_files.is_bad(name, Some(&(NS_FILE, page.to_owned()))) {
            return Image::Block(frame(shown, &self.file_link(name), ""));
        }
        let description = escape_tidied_attribute(&self.local_url(NS_FILE, name));
        let magnify = format!(
            "<div class=\"magnify\"><a href=\"{description}\" class=\"internal\" title=\"{FULL_SIZE}\"></a></div>"
        );
        Image::Block(frame(shown, &self.thumbnail(name, file, thumb), &magnify))
    }

    /// A file's thumbnail in a frame: the image, linked to the file's page, or the box that
    /// says why there is none, of the size the image would have had.
    fn thumbnail(&self, name: &str, file: &FileVersion, thumb: Thumb) -> String {
        match thumb {
            Thumb::Image { url, width, height, .. } => format!(
                "<a href=\"{}\" class=\"image\"><img alt=\"{}\" src=\"{}\" decoding=\"async\" \
                 width=\"{width}\" height=\"{height}\" class=\"thumbimage\" /></a>",
                escape_tidied_attribute(&self.local_url(NS_FILE, name)),
                escape_tidied_attribute(&name.replace('_', " ")),
                escape_tidied_attribute(&url)
            ),
            Thumb::Error(text) => {
                let (width, height) = thumbnails::frame_size(file).unwrap_or_default();
                format!(
                    "<div class=\"MediaTransformError\" style=\"width: {width}px; height: {height}px; \
                     display:inline-block;\">{}</div>",
                    escape_text(&text)
                )
            }
        }
    }

    /// The frame of a file that does not exist: a link to upload it (or to its page, when
    /// uploads are off) in a frame of MediaWiki's smallest default width.
    fn missing_frame(&self, name: &str) -> String {
        let link = if self.uploads_enabled {
            let text = full_text(NS_FILE, name, self.namespaces);
            let upload = format!(
                "{}?title={}&wpDestFile={}",
                self.script,
                wf_urlencode(&full_dbkey(NS_SPECIAL, "Upload", self.namespaces)),
                wf_urlencode(name)
            );
            format!(
                "<a href=\"{}\" class=\"new\" title=\"{}\">{}</a>",
                escape_tidied_attribute(&upload),
                escape_tidied_attribute(&text),
                escape_text(&text)
            )
        } else {
            self.file_link(name)
        };
        frame(MISSING_FRAME_WIDTH, &link, "")
    }
}

/// The width a frame gives a file that does not exist (MediaWiki's `makeThumbLink2`).
const MISSING_FRAME_WIDTH: i64 = 180;

/// A thumbnail frame (MediaWiki's legacy media markup, aligned right): `content`, then the
/// caption holding `caption`, in a frame 2 pixels wider than the content.
fn frame(width: i64, content: &str, caption: &str) -> String {
    format!(
        "<div class=\"thumb tright\"><div class=\"thumbinner\" style=\"width:{}px;\">{content}  \
         <div class=\"thumbcaption\">{caption}</div></div></div>",
        width + 2
    )
}

/// Text in bold, as a warning names the file or the part of a name it concerns.
fn strong(html: &str) -> String {
    format!("<strong>{html}</strong>")
}

/// A message's text and image as MediaWiki's parser lays them out: a text followed by a block
/// is a paragraph; a text alone, or with an inline link, loses its paragraph (a message
/// parsed as one paragraph is given without it).
fn lay_out(prose: &str, image: Option<Image>) -> String {
    match image {
        None => prose.to_owned(),
        Some(Image::Inline(link)) => format!("{prose}\n{link}"),
        Some(Image::Block(block)) => format!("<p>{prose}\n</p>\n{block}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::thumbnails::tests::file;

    /// A wiki of a few files and a list of camera prefixes.
    struct Files(Vec<FileVersion>, Vec<String>);

    impl Wiki for Files {
        fn file(&mut self, name: &str) -> Result<Option<FileVersion>, ApiError> {
            Ok(self.0.iter().find(|f| f.name == name).cloned())
        }
        fn first_with_prefix(&mut self, prefix: &str) -> Result<Option<FileVersion>, ApiError> {
            let mut found: Vec<&FileVersion> = self.0.iter().filter(|f| f.name.starts_with(prefix)).collect();
            found.sort_by(|a, b| a.name.cmp(&b.name));
            Ok(found.first().map(|f| (*f).clone()))
        }
        fn camera_prefixes(&mut self) -> Result<Vec<String>, ApiError> {
            Ok(self.1.clone())
        }
        fn file_title(&self, text: &str) -> Option<String> {
            let mut chars = text.chars();
            let first = chars.next()?;
            Some(first.to_uppercase().chain(chars).collect::<String>().replace(' ', "_"))
        }
    }

    fn wiki() -> Files {
        Files(
            vec![
                file("Example.png", ("image", "png"), 4, 4),
                file("Photo.jpg", ("image", "jpeg"), 10, 10),
                file("Notes.txt", ("text", "plain"), 0, 0),
            ],
            camera_prefixes("# cameras\nIMG # generic\nDSC_\n\n  # indented comment"),
        )
    }

    fn chosen(name: &str, exists: bool, page: bool) -> Option<Warning> {
        choose(name, exists, page, &mut wiki()).unwrap()
    }

    #[test]
    fn the_first_check_that_holds_gives_the_warning() {
        let w = wiki();
        assert_eq!(chosen("Example.png", true, true), Some(Warning::Exists));
        assert_eq!(chosen("Described.png", false, true), Some(Warning::PageExists));
        // Another spelling of an existing file's extension, then any other extension.
        assert_eq!(chosen("Photo.JPEG", false, false), Some(Warning::ExistsNormalized(w.0[1].clone())));
        assert_eq!(chosen("Example.gif", false, false), Some(Warning::ExistsNormalized(w.0[0].clone())));
        // A thumbnail's name: of an existing file (after normalising the title), or of none.
        assert_eq!(chosen("180px-example.png", false, false), Some(Warning::Thumb(w.0[0].clone())));
        assert_eq!(chosen("50px-Gone.png", false, false), Some(Warning::ThumbName("50px-".to_owned())));
        assert_eq!(chosen("5px-Gone.png", false, false), None);
        assert_eq!(chosen("IMG_0042.png", false, false), Some(Warning::BadPrefix("IMG".to_owned())));
        assert_eq!(chosen("DSC_1.png", false, false), Some(Warning::BadPrefix("DSC_".to_owned())));
        assert_eq!(chosen("Missing.png", false, false), None);
        // A name whose first dot begins it has no extension: no file shares its part.
        assert_eq!(chosen(".Example.png", false, false), None);
    }

    #[test]
    fn camera_prefixes_are_read_as_mediawiki_reads_its_page() {
        assert_eq!(camera_prefixes("A # one\n#B\n  # C\nD\n\nE#x"), ["A", "D", ""]);
        assert!(camera_prefixes("-").is_empty());
    }

    fn writer(bad: &BadFiles) -> WarningWriter<'_> {
        static NAMESPACES: std::sync::OnceLock<SiteNamespaces> = std::sync::OnceLock::new();
        WarningWriter {
            namespaces: NAMESPACES.get_or_init(|| SiteNamespaces::english("Wiki")),
            article_path: "/index.php/$1".to_owned(),
            script: "/index.php".to_owned(),
            upload: "/images".to_owned(),
            uploads_enabled: true,
            bad_files: bad,
        }
    }

    #[test]
    fn warnings_without_an_image_lose_their_paragraph_and_missing_files_link_to_the_upload_form() {
        let bad = BadFiles::default();
        let w = writer(&bad);
        let html = w.html("180px-Gone.png", None, &Warning::ThumbName("180px-".to_owned()));
        assert_eq!(
            html,
            "Names beginning with <strong>180px-</strong> look like those of reduced copies; give a full-size \
             image a name of its own."
        );
        let html = w.html("Described.png", None, &Warning::PageExists);
        assert!(html.starts_with("<p>"), "{html}");
        assert!(html.ends_with(
            "\n</p>\n<div class=\"thumb tright\"><div class=\"thumbinner\" style=\"width:182px;\">\
             <a href=\"/index.php?title=Special:Upload&amp;wpDestFile=Described.png\" class=\"new\" \
             title=\"File:Described.png\">File:Described.png</a>  <div class=\"thumbcaption\"></div></div></div>"
        ));
    }

    #[test]
    fn a_similar_file_is_linked_and_shown_and_a_bad_one_only_linked() {
        let bad = BadFiles::parse("* [[File:Photo.jpg]]", &SiteNamespaces::english("Wiki"), &|_| false);
        let w = writer(&bad);
        let photo = file("Photo.jpg", ("image", "jpeg"), 10, 8);
        let html = w.html("Photo.png", None, &Warning::ExistsNormalized(photo.clone()));
        assert!(html.contains("<strong><a class=\"mw-selflink selflink\">File:Photo.png</a></strong>"));
        assert!(html.contains(
            "<strong><a href=\"/index.php/File:Photo.jpg\" title=\"File:Photo.jpg\">File:Photo.jpg</a></strong>"
        ));
        assert!(
            html.ends_with(
                "<div class=\"thumb tright\"><div class=\"thumbinner\" style=\"width:12px;\">\
             <a href=\"/index.php/File:Photo.jpg\" title=\"File:Photo.jpg\">File:Photo.jpg</a>  \
             <div class=\"thumbcaption\"></div></div></div>"
            ),
            "{html}"
        );
        let none = BadFiles::default();
        let html = writer(&none).html("Photo.png", None, &Warning::ExistsNormalized(photo));
        assert!(html.contains(
            "<img alt=\"Photo.jpg\" src=\"/images/3/36/Photo.jpg\" decoding=\"async\" width=\"10\" height=\"8\" class=\"thumbimage\" />"
        ), "{html}");
    }
}
