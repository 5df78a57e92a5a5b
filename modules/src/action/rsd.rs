//! `action=rsd`: the Really Simple Discovery document, which tells tools that find a wiki's
//! pages (they follow the `EditURI` link of its pages) where its API is.

use wikiquery_domain::html::{escape_attribute, escape_element_text};
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError, Format, Printer, RequestState};

use crate::storage::{absolute, api_path, main_page_url, site_paths};
use crate::wiki::WikiContext;

/// The RSD document's namespace.
const RSD_NAMESPACE: &str = "http://archipelago.phrasewise.com/rsd";
/// Where the API is documented.
const API_DOCS: &str = "https://www.mediawiki.org/wiki/Special:MyLanguage/API";

/// Describes the API in the Really Simple Discovery format, for tools that discover it.
///
/// The answer is always the XML document, whatever `format` says.
#[query_module(
    name = "rsd",
    group = "action",
    prefix = "",
    example(query = "action=rsd", text = "Get the discovery document.")
)]
pub struct Rsd {}

impl ActionModule for Rsd {
    fn printer(&self, _state: &RequestState) -> Option<Printer> {
        Some(Printer::raw(Format::Xml, "rsd", "application/rsd+xml; charset=utf-8", "api-result.xml"))
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let site = ctx.site()?;
        let settings = ctx.services.settings();
        let paths = site_paths(site, settings);
        let api = absolute(&paths.server, &api_path(Some(site), settings));
        let home = main_page_url(site, settings);
        let text = format!(
            "<?xml version=\"1.0\"?><rsd version=\"1.0\" xmlns=\"{RSD_NAMESPACE}\"><service><apis>\
             <api name=\"MediaWiki\" preferred=\"true\" apiLink=\"{api}\" blogID=\"\"><settings>\
             <docs xml:space=\"preserve\">{API_DOCS}</docs>\
             <setting name=\"OAuth\" xml:space=\"preserve\">false</setting></settings></api></apis>\
             <engineName xml:space=\"preserve\">MediaWiki</engineName>\
             <engineLink xml:space=\"preserve\">https://www.mediawiki.org/</engineLink>\
             <homePageLink xml:space=\"preserve\">{home}</homePageLink></service></rsd>",
            api = escape_attribute(&api),
            home = escape_element_text(&home),
        );
        ctx.result.add("text", text.into());
        Ok(())
    }
}
