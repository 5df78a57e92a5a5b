//! Thumbnails of file versions as `prop=imageinfo` gives them (`iiurlwidth`, `iiurlheight`,
//! `iiurlparam`; MediaWiki's `getScale`, `mergeThumbParams` and `File::transform`), on a server
//! that scales no image itself — as MediaWiki 1.39 answers without an image scaler: a bitmap is
//! scaled by the client (its thumbnail is the file itself, at its own size), a drawing (SVG)
//! cannot be rasterised (`thumberror`), and a file no media handler reads gets its type's icon.
//! The parameters are checked as MediaWiki checks them, with its warnings and errors.

use wikiquery_domain::files::{media_handler, scale_height, MediaHandler as Handler};
use wikiquery_runtime::ApiError;
use wikiquery_store::queries::files::FileVersion;

fn handler_of(version: &FileVersion) -> Option<Handler> {
    media_handler(&version.major_mime, &version.minor_mime)
}

/// The size asked for (`getScale`): a width, a height, or neither (a parameter string alone).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scale {
    width: Option<i64>,
    height: Option<i64>,
}

/// The size a request asks thumbnails at; `None` when it asks for none.
pub fn scale(urlwidth: i64, urlheight: i64, urlparam: &str) -> Option<Scale> {
    if urlwidth != -1 {
        Some(Scale { width: Some(urlwidth), height: Some(urlheight) })
    } else if urlheight != -1 {
        // The width is the file's own (set per file).
        Some(Scale { width: None, height: Some(urlheight) })
    } else if !urlparam.is_empty() {
        Some(Scale::default())
    } else {
        None
    }
}

/// A file's thumbnail parameters once merged with `iiurlparam`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThumbParams {
    width: Option<i64>,
    height: Option<i64>,
}

/// The widest of MediaWiki's default thumbnail sizes (`$wgThumbLimits`): the width a height
/// alone is fitted in for a file that has no width.
const WIDEST_THUMB_LIMIT: i64 = 300;

/// The width a handler reads in a parameter string (`parseParamString`), if it reads it.
fn parse_param_string(handler: Handler, text: &str) -> Option<i64> {
    let width = |s: &str| -> Option<i64> {
        let digits = s.strip_suffix("px")?;
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().unwrap_or(i64::MAX))
    };
    match handler {
        Handler::Bitmap => width(text),
        // `q<quality>-<width>px` (the `q` anywhere, as MediaWiki's pattern is not anchored);
        // only `low` is a quality.
        Handler::Jpeg => {
            let quality = text.find('q').and_then(|q| {
                let rest = &text[q + 1..];
                rest.find('-').filter(|&dash| dash > 0).map(|dash| (&rest[..dash], &rest[dash + 1..]))
            });
            match quality {
                Some(("low", size)) => width(size),
                Some(_) => None,
                None => width(text),
            }
        }
        // `lang<code>-<width>px` (lower-case codes) or `<width>px`.
        Handler::Svg => {
            if let Some(rest) = text.strip_prefix("lang") {
                let dash = rest.rfind('-')?;
                let (code, size) = (&rest[..dash], &rest[dash + 1..]);
                let well_formed = !code.is_empty()
                    && code.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase()));
                if !well_formed {
                    return None;
                }
                return width(size);
            }
            width(text)
        }
    }
}

/// Merges the size asked for with `iiurlparam` for one file (its current version), with
/// MediaWiki's warnings (`warn(code, text)`) and errors: `None` when no thumbnail is asked for.
pub fn merge(
    file: &FileVersion,
    scale: Option<&Scale>,
    urlparam: &str,
    prefix: &str,
    warn: &mut dyn FnMut(&'static str, String),
) -> Result<Option<ThumbParams>, ApiError> {
    let Some(scale) = scale else { return Ok(None) };
    let mut params = ThumbParams { width: scale.width, height: scale.height };
    if params.width.is_none() && params.height.is_some() {
        params.width = Some(if file.width <= 0 { WIDEST_THUMB_LIMIT } else { i64::from(file.width) });
    }
    let name = file.name.replace('_', " ");
    if urlparam.is_empty() {
        check_normalise(file, &params)?;
        return Ok(Some(params));
    }
    let Some(handler) = handler_of(file) else {
        warn(
            "nothumb-noimagehandler",
            format!("Could not create thumbnail because {name} does not have an associated image handler."),
        );
        return Ok(Some(params));
    };
    let Some(width) = parse_param_string(handler, urlparam) else {
        warn("badurlparam", format!("Could not parse \"{prefix}urlparam\" for {name}. Using only width and height."));
        check_normalise(file, &params)?;
        return Ok(Some(params));
    };
    if let Some(asked) = params.width {
        if width != asked {
            warn(
                "urlparamwidth",
                format!(
                    "Ignoring width value set in \"{prefix}urlparam\" ({width}) in favor of width value derived \
                     from \"{prefix}urlwidth\"/\"{prefix}urlheight\" ({asked})."
                ),
            );
        }
    }
    if width <= 0 {
        return Err(ApiError::new(
            "invalidurlparam",
            format!("Invalid value for \"{prefix}urlparam\" (width={width})."),
        ));
    }
    // The size asked for wins over the parameter string's.
    params.width = params.width.or(Some(width));
    check_normalise(file, &params)?;
    Ok(Some(params))
}

/// Whether a handler can make a thumbnail of these parameters at all (`normaliseParams`): a
/// width, positive once a height has fitted it, of a file that has a width.
fn check_normalise(file: &FileVersion, params: &ThumbParams) -> Result<(), ApiError> {
    if handler_of(file).is_none() {
        return Ok(());
    }
    let (src_width, src_height) = (i64::from(file.width), i64::from(file.height));
    let valid = match params.width {
        None => false,
        Some(width) => {
            // A height that binds fits the width to it, at least 1 pixel wide.
            let fitted = matches!(params.height, Some(h) if h != -1 && width.saturating_mul(src_height) > h.saturating_mul(src_width));
            (fitted || width > 0) && src_width > 0
        }
    };
    if valid {
        Ok(())
    } else {
        Err(ApiError::new(
            "urlparamnormal",
            format!("Could not normalize image parameters for {}.", file.name.replace('_', " ")),
        ))
    }
}

/// The width of a framed thumbnail given no size (`[[File:…|thumb]]`): MediaWiki's default
/// `thumbsize` user option picks it among `$wgThumbLimits`.
const DEFAULT_FRAME_WIDTH: i64 = 300;

/// The size a framed thumbnail of `version` is asked for when no size is given (MediaWiki's
/// `Linker::makeImageLink` and `makeThumbLink2`): the file's own width up to the default
/// frame width, that width for a drawing (which scales to any size) or a file of no width;
/// the height follows the width. `None` for a file no media handler reads: MediaWiki shows a
/// link to it instead of an image.
pub fn frame_size(version: &FileVersion) -> Option<(i64, i64)> {
    let handler = handler_of(version)?;
    let own = i64::from(version.width);
    let width =
        if own <= 0 || own > DEFAULT_FRAME_WIDTH || handler == Handler::Svg { DEFAULT_FRAME_WIDTH } else { own };
    Some((width, scale_height(own, i64::from(version.height), width)))
}

/// The icons MediaWiki has for file types without a media handler (`fileicon-<ext>.png`); other
/// types get `fileicon.png`.
const TYPE_ICONS: &[&str] = &[
    "c", "cpp", "deb", "djvu", "dvi", "exe", "h", "html", "iso", "java", "mid", "mov", "mpga", "o", "ogg", "pdf", "ps",
    "psd", "rm", "rpm", "svg", "tar", "tex", "ttf", "txt", "xcf",
];

/// The size of those icons.
const ICON_SIZE: i64 = 120;

/// A version's thumbnail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Thumb {
    /// Where it is and its size, and the MIME type of a thumbnail a handler makes.
    Image { url: String, width: i64, height: i64, mime: Option<String> },
    /// Why none could be made.
    Error(String),
}

/// The thumbnail of `version` (served at `file_url`), whatever size was asked for: no size is
/// scaled here. `icons` is the URL of the file-type icons' folder, ending in `/`.
pub fn transform(version: &FileVersion, file_url: &str, icons: &str) -> Thumb {
    match handler_of(version) {
        None => {
            let ext = version.name.rsplit_once('.').map(|(_, e)| e.to_lowercase()).unwrap_or_default();
            let icon = if TYPE_ICONS.contains(&ext.as_str()) {
                format!("fileicon-{ext}.png")
            } else {
                "fileicon.png".to_owned()
            };
            Thumb::Image { url: format!("{icons}{icon}"), width: ICON_SIZE, height: ICON_SIZE, mime: None }
        }
        // Scaled by the client: the file itself, which MediaWiki then gives at its own size.
        Some(Handler::Bitmap | Handler::Jpeg) => Thumb::Image {
            url: file_url.to_owned(),
            width: i64::from(version.width),
            height: i64::from(version.height),
            mime: Some(format!("{}/{}", version.major_mime, version.minor_mime)),
        },
        Some(Handler::Svg) => Thumb::Error(wikiquery_domain::files::NO_RASTERISER.to_owned()),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A current file version of this name, type and size, for tests.
    pub(crate) fn file(name: &str, mime: (&str, &str), width: i32, height: i32) -> FileVersion {
        FileVersion {
            name: name.to_owned(),
            archive_name: None,
            size: 1,
            width,
            height,
            bits: 8,
            metadata: Vec::new(),
            media_type: None,
            major_mime: mime.0.to_owned(),
            minor_mime: mime.1.to_owned(),
            comment_id: 0,
            actor_name: String::new(),
            actor_user: None,
            timestamp: "20260101000000".to_owned(),
            sha1: String::new(),
            deleted: 0,
        }
    }

    fn merged(
        f: &FileVersion,
        w: i64,
        h: i64,
        param: &str,
    ) -> (Result<Option<ThumbParams>, String>, Vec<&'static str>) {
        let mut warnings = Vec::new();
        let got = merge(f, scale(w, h, param).as_ref(), param, "ii", &mut |code, _| warnings.push(code))
            .map_err(|e| e.code.to_string());
        (got, warnings)
    }

    #[test]
    fn sizes_and_parameter_strings_merge_as_mediawiki_merges_them() {
        let png = file("A.png", ("image", "png"), 4, 4);
        assert_eq!(merged(&png, -1, -1, ""), (Ok(None), vec![]));
        assert_eq!(merged(&png, 120, -1, "").0, Ok(Some(ThumbParams { width: Some(120), height: Some(-1) })));
        assert_eq!(merged(&png, -1, 80, "").0, Ok(Some(ThumbParams { width: Some(4), height: Some(80) })));
        assert_eq!(merged(&png, 0, -1, "").0, Err("urlparamnormal".to_owned()));
        assert_eq!(merged(&png, 120, -1, "50px").1, vec!["urlparamwidth"]);
        assert_eq!(merged(&png, 120, -1, "120px").1, Vec::<&str>::new());
        assert_eq!(merged(&png, -1, -1, "50px").0, Ok(Some(ThumbParams { width: Some(50), height: None })));
        assert_eq!(merged(&png, -1, -1, "foo"), (Err("urlparamnormal".to_owned()), vec!["badurlparam"]));
        assert_eq!(merged(&png, -1, -1, "0px").0, Err("invalidurlparam".to_owned()));
        let txt = file("Notes.txt", ("text", "plain"), 0, 0);
        assert_eq!(merged(&txt, -1, -1, "50px").1, vec!["nothumb-noimagehandler"]);
        assert!(merged(&txt, 0, -1, "").0.is_ok(), "no handler, nothing to normalise");
        let svg = file("D.svg", ("image", "svg+xml"), 40, 20);
        assert!(merged(&svg, -1, -1, "langde-50px").1.is_empty());
        assert_eq!(merged(&svg, -1, -1, "langDE-50px").1, vec!["badurlparam"]);
        let jpg = file("P.jpg", ("image", "jpeg"), 10, 10);
        assert!(merged(&jpg, -1, -1, "qlow-5px").1.is_empty());
        assert_eq!(merged(&jpg, -1, -1, "qhigh-5px").1, vec!["badurlparam"]);
    }

    #[test]
    fn framed_thumbnails_are_their_own_width_up_to_the_default_and_drawings_the_default() {
        assert_eq!(frame_size(&file("A.png", ("image", "png"), 4, 4)), Some((4, 4)));
        assert_eq!(frame_size(&file("Wide.png", ("image", "png"), 1000, 500)), Some((300, 150)));
        assert_eq!(frame_size(&file("D.svg", ("image", "svg+xml"), 40, 20)), Some((300, 150)));
        assert_eq!(frame_size(&file("P.jpg", ("image", "jpeg"), 0, 0)), Some((300, 0)));
        assert_eq!(frame_size(&file("Notes.txt", ("text", "plain"), 0, 0)), None);
    }

    #[test]
    fn thumbnails_are_the_file_itself_an_icon_or_an_error() {
        let png = file("A.png", ("image", "png"), 4, 4);
        assert_eq!(
            transform(&png, "u/A.png", "i/"),
            Thumb::Image { url: "u/A.png".into(), width: 4, height: 4, mime: Some("image/png".into()) }
        );
        let txt = file("Notes.txt", ("text", "plain"), 0, 0);
        assert_eq!(
            transform(&txt, "u", "i/"),
            Thumb::Image { url: "i/fileicon-txt.png".into(), width: 120, height: 120, mime: None }
        );
        let odd = file("Data.xyz", ("application", "octet-stream"), 0, 0);
        assert!(matches!(transform(&odd, "u", "i/"), Thumb::Image { url, .. } if url == "i/fileicon.png"));
        let svg = file("D.svg", ("image", "svg+xml"), 40, 20);
        assert!(matches!(transform(&svg, "u", "i/"), Thumb::Error(_)));
    }
}
