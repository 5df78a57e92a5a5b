//! The expansion's functions that count the wiki: `{{NUMBEROFPAGES}}` and the other site
//! statistics (from `site_stats` and the user groups), and `{{PAGESINCATEGORY:}}` (from the
//! category's counts), each formatted as `{{formatnum:}}` formats it unless asked raw (`R`).

use wikiquery_domain::php;
use wikiquery_domain::preprocessor::expand::Unsupported;

use crate::shared::expansion::{storage, PageWiki};

/// The statistics variables (and functions of the same names).
const STATISTICS: &[&str] = &[
    "numberofpages",
    "numberofarticles",
    "numberoffiles",
    "numberofusers",
    "numberofactiveusers",
    "numberofedits",
    "numberofadmins",
];

impl PageWiki<'_> {
    /// A statistic's value, formatted (or raw, with `R`); `None` for another id.
    pub(crate) fn statistic(&mut self, id: &'static str, raw: Option<&str>) -> Result<Option<String>, Unsupported> {
        if !STATISTICS.contains(&id) {
            return Ok(None);
        }
        let count = if id == "numberofadmins" {
            let now = self.now.to_mw();
            self.reader.group_size("sysop", &now).map_err(storage)?
        } else {
            let c = self.reader.site_counters().map_err(storage)?;
            match id {
                "numberofpages" => c.pages,
                "numberofarticles" => c.articles,
                "numberoffiles" => c.images,
                "numberofusers" => c.users,
                "numberofactiveusers" => c.active_users,
                _ => c.edits,
            }
        };
        self.functions.expire_for(id);
        Ok(Some(self.format_count(count, raw)?))
    }

    /// `{{NUMBERINGROUP:group}}`: the members of a group.
    pub(crate) fn number_in_group(&mut self, group: &str, raw: Option<&str>) -> Result<String, Unsupported> {
        let now = self.now.to_mw();
        let count = self.reader.group_size(&group.to_lowercase(), &now).map_err(storage)?;
        self.functions.expire_for("numberingroup");
        self.format_count(count, raw)
    }

    /// `{{PAGESINCATEGORY:name|type|R}}` (the type and `R` in either order): the category's
    /// members of that type (`all`, `pages`, `subcats`, `files`); 0 for a name that is no title.
    pub(crate) fn pages_in_category(&mut self, args: &[String]) -> Result<String, Unsupported> {
        let arg = |i: usize| args.get(i).map(|a| php::trim(a)).unwrap_or_default();
        let (name, first, second) = (arg(0), arg(1), arg(2));
        let (raw, kind) = if first == "R" { (first, second) } else { (second, first) };
        let kind = kind.to_lowercase();
        let Some(dbkey) = self.functions.category_key(name) else {
            return self.format_count(0, Some(raw));
        };
        let counts = self.reader.category_counts(&[dbkey], None).map_err(storage)?;
        let (all, subcats, files) = counts.first().map_or((0, 0, 0), |c| (c.members, c.subcats, c.files));
        let count = match kind.as_str() {
            "pages" => all - subcats - files,
            "subcats" => subcats,
            "files" => files,
            _ => all,
        };
        self.format_count(count, Some(raw))
    }

    /// A count as MediaWiki's `formatRaw` gives it.
    fn format_count(&self, count: i64, raw: Option<&str>) -> Result<String, Unsupported> {
        self.functions.formatted_count(count, raw)
    }
}
