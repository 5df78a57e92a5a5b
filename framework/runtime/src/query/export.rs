//! The XML export of a query's pages (`export`, `exportnowrap`, `exportschema`): what the
//! query asks of the server that knows the wiki's revisions.

use crate::error::ApiError;
use crate::scope::RequestScope;
use wikiquery_domain::settings::SiteSettings;

/// Writes pages in MediaWiki's XML export format.
pub trait PageExport: Send + Sync {
    /// The export of the pages `ids` (in this order): the site's information and each page
    /// with its current revision, as MediaWiki's `XmlDumpWriter` writes them in schema
    /// `schema` (`0.10` or `0.11`).
    fn export(
        &self,
        scope: &RequestScope,
        settings: &SiteSettings,
        ids: &[i64],
        schema: &str,
    ) -> Result<String, ApiError>;
}
