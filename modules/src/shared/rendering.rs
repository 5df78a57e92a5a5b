//! Rendering a page's wikitext on this wiki (`action=parse`, `rvparse`): the renderer given the
//! site's namespaces, interwikis and paths, the pages templates name, and which pages and
//! files exist.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use lru::LruCache;

use wikiquery_domain::preprocessor::expand::Unsupported;
use wikiquery_domain::preprocessor::expand::Wiki;
use wikiquery_domain::title::full_dbkey;
use wikiquery_render::{
    render, strip_outer_paragraph, FileInfo, Lookup, PageInfo, PageRef, RenderOptions, RenderSite, Rendered, Sources,
};

use crate::shared::expansion::{storage, tracked_categories, PageWiki, TemplateCache, WikiAt};
use crate::shared::files::upload_path;
use crate::storage::site_paths;

/// A rendered page with what its expansion set.
#[derive(Clone)]
pub struct RenderedPage {
    pub rendered: Rendered,
    /// The templates the page calls (namespace, database key, whether it exists), in order.
    pub templates: Vec<(i32, String, bool)>,
    /// The page properties the expansion and the behaviour switches set, in order.
    pub properties: Vec<(String, String)>,
    /// The templates expanded (full titles) and how many times each was called.
    pub template_calls: Vec<(String, usize)>,
    /// How long the rendering may be kept, in seconds, when a variable it used limits that.
    pub cache_expiry: Option<i64>,
    /// What the parse warns about, each as wikitext (`parsewarnings`) and as HTML
    /// (`parsewarningshtml`), in order.
    pub warnings: Vec<(String, String)>,
}

impl RenderedPage {
    /// About how many bytes the rendering holds, as the cache counts it.
    fn size(&self) -> usize {
        let pairs = |v: &[(String, String)]| v.iter().map(|(a, b)| a.len() + b.len() + 48).sum::<usize>();
        self.rendered.html.len()
            + self.rendered.output.size()
            + self.templates.iter().map(|t| t.1.len() + 40).sum::<usize>()
            + pairs(&self.properties)
            + self.template_calls.iter().map(|t| t.0.len() + 32).sum::<usize>()
            + pairs(&self.warnings)
            + 256
    }
}

/// Which pages and files exist, read from the store the expansion reads.
impl Lookup for PageWiki<'_> {
    fn pages(&mut self, titles: &[(i32, String)]) -> Result<HashMap<(i32, String), PageInfo>, Unsupported> {
        let found = self.reader.pages_by_titles(titles).map_err(storage)?;
        Ok(found.into_iter().map(|p| ((p.ns, p.dbkey), PageInfo { id: p.id, redirect: p.is_redirect })).collect())
    }

    fn files(&mut self, names: &[String]) -> Result<HashMap<String, FileInfo>, Unsupported> {
        let found = self.reader.current_files(names).map_err(storage)?;
        Ok(found
            .into_iter()
            .map(|f| {
                let info = FileInfo {
                    width: i64::from(f.width),
                    height: i64::from(f.height),
                    mime: format!("{}/{}", f.major_mime, f.minor_mime),
                };
                (f.name, info)
            })
            .collect())
    }
}

impl Sources for PageWiki<'_> {
    fn wiki(&mut self) -> &mut dyn Wiki {
        self
    }
    fn lookup(&mut self) -> &mut dyn Lookup {
        self
    }
}

/// `text` rendered as page `(namespace, dbkey)` of this wiki; `templates` keeps the templates
/// read for the next page of the request.
pub fn render_page(
    at: &mut WikiAt<'_>,
    page: (i32, &str),
    text: &str,
    options: &RenderOptions,
    templates: &mut TemplateCache,
) -> Result<RenderedPage, Unsupported> {
    let (site, settings) = (at.site, at.settings);
    let paths = site_paths(site, settings);
    let upload = upload_path(&paths, settings);
    let render_site = RenderSite {
        namespaces: site.namespaces(),
        interwikis: site.interwikis(),
        article_path: &paths.article_path,
        script: &paths.script,
        upload_path: &upload,
        extension_tags: &[],
        server: &paths.server,
    };
    let prefixed = full_dbkey(page.0, page.1, site.namespaces());
    let page_ref =
        PageRef { ns: page.0, dbkey: page.1.to_owned(), text: prefixed.replace('_', " "), dbkey_prefixed: prefixed };
    let (rendered, used, calls, mut properties, tracked, cache_expiry, warned) = {
        let clock = (at.now, settings.time_offset);
        let mut wiki = PageWiki::new(&mut *at.reader, site, paths.clone(), clock, page, templates);
        let rendered = render(text, &page_ref, &render_site, &mut wiki, options);
        let properties: Vec<(String, String)> = wiki
            .functions
            .properties()
            .map(|p| p.iter().map(|(n, v)| ((*n).to_owned(), v.clone())).collect())
            .unwrap_or_default();
        let tracked = wiki.functions.tracking_categories().map(<[_]>::to_vec);
        let expiry = wiki.functions.cache_expiry();
        let warned = wiki.functions.warnings().to_vec();
        (rendered, std::mem::take(&mut wiki.used), std::mem::take(&mut wiki.calls), properties, tracked, expiry, warned)
    };
    let mut rendered = rendered?;
    for switch in &rendered.output.switches {
        if !properties.iter().any(|(n, _)| n == switch) {
            properties.push(((*switch).to_owned(), String::new()));
        }
    }
    // The tracking categories among the others, where the parse put the page in them.
    let mut tracked: Vec<(usize, &'static str, String)> = tracked?.into_iter().map(|(m, k)| (0, m, k)).collect();
    tracked.extend(rendered.output.tracking.iter().cloned());
    let mut categories: Vec<(String, String)> = Vec::new();
    let add = |name: String, sort_key: String, categories: &mut Vec<(String, String)>| match categories
        .iter_mut()
        .find(|(n, _)| *n == name)
    {
        Some(entry) => entry.1 = sort_key,
        None => categories.push((name, sort_key)),
    };
    let own = std::mem::take(&mut rendered.output.categories);
    for position in 0..=own.len() {
        for (_, message, sort_key) in tracked.iter().filter(|(at, _, _)| *at == position) {
            for (name, key) in tracked_categories(at.reader, site, page.0, &[(*message, sort_key.clone())])? {
                add(name, key, &mut categories);
            }
        }
        if let Some((name, sort_key)) = own.get(position) {
            add(name.clone(), sort_key.clone(), &mut categories);
        }
    }
    rendered.output.categories = categories;
    let templates = used
        .into_iter()
        .filter_map(|(title, exists)| site.parse_title(&title, 0).ok().map(|t| (t.ns, t.dbkey, exists)))
        .collect();
    // Each warning in the site's language, then rendered on its own as an interface message is
    // (for the page, without a paragraph around it).
    let mut warnings = Vec::with_capacity(warned.len());
    for (key, params) in warned {
        let text = wikiquery_domain::messages::format(site.language_code(), key, &params);
        let html = {
            let clock = (at.now, settings.time_offset);
            let mut cache = TemplateCache::new();
            let mut wiki = PageWiki::new(&mut *at.reader, site, paths.clone(), clock, page, &mut cache);
            let message_options = RenderOptions { edit_sections: false, toc: false };
            let shown = render(&text, &page_ref, &render_site, &mut wiki, &message_options)?;
            strip_outer_paragraph(shown.html.trim_end_matches('\n')).to_owned()
        };
        warnings.push((text, html));
    }
    Ok(RenderedPage { rendered, templates, properties, template_calls: calls, cache_expiry, warnings })
}

/// A stored revision's rendering, by what it depends on: the revision, when its page was last
/// touched (MediaWiki moves `page_touched` when a template or a linked page changes) and the
/// options.
#[derive(Clone, PartialEq, Eq, Hash)]
struct RenderKey {
    revision: i64,
    touched: String,
    options: RenderOptions,
}

/// A rendering kept: the page, how long it took, and when it was made.
#[derive(Clone)]
pub struct KeptRender {
    pub page: RenderedPage,
    pub seconds: f64,
    pub made: String,
}

/// What a stored revision's rendering depends on besides the options: the revision and when
/// its page was last touched. A text sent in a request has none, and is rendered every time.
pub type Stored = Option<(i64, String)>;

impl RenderCache {
    /// `text`, page `page`'s, rendered, through the kept renderings when it is a stored
    /// revision's: a page asked for again with the same options is not rendered again. The
    /// time is when a new rendering is made (MediaWiki's limit report says it).
    pub fn render(
        &self,
        at: &mut WikiAt<'_>,
        (page, text): ((i32, &str), &str),
        stored: &Stored,
        options: &RenderOptions,
    ) -> Result<Arc<KeptRender>, Unsupported> {
        let key = stored.as_ref().map(|(revision, touched)| RenderKey {
            revision: *revision,
            touched: touched.clone(),
            options: options.clone(),
        });
        if let Some(kept) = key.as_ref().and_then(|k| self.get(k)) {
            return Ok(kept);
        }
        let started = std::time::Instant::now();
        let page = render_page(at, page, text, options, &mut TemplateCache::new())?;
        // A page that reads the clock (or the site's counts) is not kept: it would go on
        // showing what they said when it was made.
        let keep = page.cache_expiry.is_none();
        let made = KeptRender { page, seconds: started.elapsed().as_secs_f64(), made: at.now.to_mw() };
        Ok(match key {
            Some(key) if keep => self.put(key, made),
            _ => Arc::new(made),
        })
    }
}

/// The renderings of stored revisions kept in memory, so that a page asked for again is not
/// rendered again (MediaWiki's parser cache), within a budget of bytes; the least recently
/// used go first.
pub struct RenderCache {
    kept: Mutex<(LruCache<RenderKey, Arc<KeptRender>>, usize)>,
    budget: usize,
}

impl RenderCache {
    /// A cache of at most `budget` bytes of renderings (their HTML and what they list).
    pub fn new(budget: usize) -> RenderCache {
        RenderCache { kept: Mutex::new((LruCache::unbounded(), 0)), budget }
    }

    /// The rendering kept under `key`, if any.
    fn get(&self, key: &RenderKey) -> Option<Arc<KeptRender>> {
        let mut kept = self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.0.get(key).cloned()
    }

    /// Keeps a rendering, letting the least recently used go past the budget.
    fn put(&self, key: RenderKey, mut render: KeptRender) -> Arc<KeptRender> {
        render.page.rendered.html.shrink_to_fit();
        let size = render.page.size();
        let render = Arc::new(render);
        if size > self.budget {
            return render;
        }
        let mut kept = self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (cache, used) = &mut *kept;
        if let Some(old) = cache.put(key, render.clone()) {
            *used -= old.page.size();
        }
        *used += size;
        while *used > self.budget {
            match cache.pop_lru() {
                Some((_, gone)) => *used -= gone.page.size(),
                None => break,
            }
        }
        render
    }
}
