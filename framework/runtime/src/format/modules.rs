//! The output formats as modules (MediaWiki's `ApiFormat*`): what `action=paraminfo` and
//! `action=help` describe for `json`, `xml`, `php`, `none` and their pages for people. Each
//! format's parameters are declared once, as groups the descriptors are built from; the
//! request's printer reads them ([`super::Format::params`] names them).

use std::sync::OnceLock;

use crate::descriptor::{Group, ModuleDescriptor, ParamDescriptor};
use crate::param::ParamGroup;

use super::Format;

/// JSON's own parameters.
#[derive(Debug, Clone, wikiquery_macros::ParamGroup)]
pub struct JsonParams {
    /// Wraps the answer in a call to this JavaScript function (JSONP); the request is then
    /// answered as if no one were logged in.
    pub callback: Option<String>,
    /// With formatversion 1: writes most non-ASCII characters as they are, not as `\uXXXX`
    /// escapes.
    pub utf8: bool,
    /// With formatversion 2: writes every non-ASCII character as a `\uXXXX` escape.
    pub ascii: bool,
    /// The shape of the answer: `1` (the older one, the default), `2` (booleans as booleans,
    /// lists as lists, texts as members of their own) or `latest`.
    #[param(values = VERSIONS, default = "1")]
    pub formatversion: String,
}

/// XML's own parameters.
#[derive(Debug, Clone, wikiquery_macros::ParamGroup)]
pub struct XmlParams {
    /// A stylesheet to name in the answer: the title of a page in the MediaWiki namespace
    /// ending in `.xsl`.
    pub xslt: Option<String>,
    /// Gives the answer's root element the API's XML namespace.
    pub includexmlnamespace: bool,
}

/// PHP's own parameters.
#[derive(Debug, Clone, wikiquery_macros::ParamGroup)]
pub struct PhpParams {
    /// The shape of the answer: `1` (the default), `2` or `latest`, as for JSON.
    #[param(values = VERSIONS, default = "1")]
    pub formatversion: String,
}

/// The parameter of a page for people.
#[derive(Debug, Clone, wikiquery_macros::ParamGroup)]
pub struct PageParams {
    /// Gives the page's HTML, its modules and its variables in a JSON object instead of the page.
    pub wrappedhtml: bool,
}

/// The values of `formatversion`.
const VERSIONS: &[&str] = &["1", "2", "latest"];

/// Every format, in MediaWiki's order of their names.
const FORMATS: [Format; 8] =
    [Format::Json, Format::JsonFm, Format::None, Format::Php, Format::PhpFm, Format::RawFm, Format::Xml, Format::XmlFm];

/// The descriptors of the output formats, sorted by name.
pub fn format_descriptors() -> &'static [ModuleDescriptor] {
    static DESCRIPTORS: OnceLock<Vec<ModuleDescriptor>> = OnceLock::new();
    DESCRIPTORS.get_or_init(|| FORMATS.iter().map(|f| descriptor(*f)).collect())
}

/// The descriptor of the format named `name`, if there is one.
pub fn format_descriptor(name: &str) -> Option<&'static ModuleDescriptor> {
    format_descriptors().iter().find(|d| d.name == name)
}

fn descriptor(format: Format) -> ModuleDescriptor {
    let page = matches!(format, Format::JsonFm | Format::PhpFm | Format::XmlFm | Format::RawFm);
    let mut params: Vec<ParamDescriptor> = if page { PageParams::params() } else { Vec::new() };
    params.extend(match format {
        Format::Json | Format::JsonFm => JsonParams::params(),
        Format::Php | Format::PhpFm => PhpParams::params(),
        Format::Xml | Format::XmlFm => XmlParams::params(),
        Format::RawFm | Format::None => Vec::new(),
    });
    let (classname, description) = match format {
        Format::Json | Format::JsonFm | Format::RawFm => ("wikiquery_runtime::format::Json", "The answer as JSON."),
        Format::Php | Format::PhpFm => {
            ("wikiquery_runtime::format::Php", "The answer serialized as PHP serializes it.")
        }
        Format::Xml | Format::XmlFm => ("wikiquery_runtime::format::Xml", "The answer as XML."),
        Format::None => ("wikiquery_runtime::format::None", "No answer at all."),
    };
    let description =
        if page { "The answer in an HTML page for people, as the format without `fm` writes it." } else { description };
    ModuleDescriptor {
        helpurls: vec!["https://www.mediawiki.org/wiki/Special:MyLanguage/API:Data_formats"],
        ..ModuleDescriptor::described(format.name(), Group::Format, classname, description, params)
    }
}
