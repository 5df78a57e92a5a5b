//! `list=random`: pages in random order.

use serde_json::{json, Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, Namespace, Parts, QueryContext, QueryModule,
};
use wikiquery_store::queries::pages::random::{RandomFilter, RandomPage};
use wikiquery_store::reader::Reader;

use crate::values::FilterRedir;
use crate::wiki::WikiContext;

/// Gets a set of random pages, one by default.
///
/// Pages are listed in a fixed random order from a random starting point, so the pages of one
/// answer are not independently drawn. Redirects are left out unless `rnfilterredir` asks
/// for them.
#[query_module(
    name = "random",
    group = "list",
    cache = "public",
    prefix = "rn",
    xml = "page",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Random",
    example(
        query = "action=query&list=random&rnnamespace=0&rnlimit=2",
        text = "Get two random pages of the main namespace."
    ),
    example(query = "action=query&list=random&rnfilterredir=redirects&rnlimit=5", text = "Get five random redirects."),
    example(
        query = "action=query&generator=random&grnnamespace=0&grnlimit=2&prop=info",
        text = "Get page information about two random pages of the main namespace."
    )
)]
pub struct Random {
    /// Only return pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// Which pages to return by whether they are redirects.
    #[param(default = "nonredirects")]
    pub filterredir: FilterRedir,
    /// Return redirects instead of other pages. Deprecated: use `rnfilterredir=redirects`
    /// instead; the two cannot be given together.
    #[param(deprecated)]
    pub redirect: bool,
    /// How many random pages to return.
    #[param(default = 1)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

impl QueryModule for Random {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let p = ctx.module.prefix;
        if self.redirect && ctx.given("filterredir").is_some() {
            return Err(ApiError::invalid_param_mix(&[&format!("{p}filterredir"), &format!("{p}redirect")]));
        }
        // The point the listing starts from, where it started (the random key), and whether it
        // has wrapped round to the start of the range, which it then reads up to that key.
        let (rand, start_text, start, start_id, mut wrapped) = match &self.continue_ {
            Some(cont) => {
                let parts = cont.parts(4)?;
                let key = |text: &str| {
                    let digits =
                        text.strip_prefix("0.").filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
                    digits.and_then(|_| text.parse::<f64>().ok()).ok_or_else(ApiError::bad_continue)
                };
                let (_, start) = (key(parts[0])?, key(parts[1])?);
                let id = wikiquery_domain::php::leading_int(parts[2]);
                if parts[2] != id.to_string() || !matches!(parts[3], "0" | "1") {
                    return Err(ApiError::bad_continue());
                }
                (parts[0].to_owned(), parts[1].to_owned(), start, id, parts[3] == "1")
            }
            None => {
                let rand = format!("{:.12}", rand::random::<f64>());
                let start = rand.parse().unwrap_or(0.0);
                (rand.clone(), rand, start, 0, false)
            }
        };
        let rand_key: f64 = rand.parse().unwrap_or(0.0);
        ctx.set_generator_restart("continue", (&rand, &start_text, start_id, u8::from(wrapped)));
        let redirect = if self.redirect {
            Some(true)
        } else {
            match self.filterredir {
                FilterRedir::All => None,
                FilterRedir::Redirects => Some(true),
                FilterRedir::Nonredirects => Some(false),
            }
        };
        let namespaces = (!self.namespace.is_empty()).then(|| self.namespace.iter().map(|n| n.0).collect::<Vec<_>>());
        // Listed, each page says whether it is a redirect unless only one kind is asked for.
        let show_redirect = redirect.is_none();
        let site = ctx.site()?;
        let mut reader = ctx.reader()?;
        let mut want = self.limit.get() as i64;
        let base = RandomFilter { namespaces, redirect, ..Default::default() };
        let read = |reader: &mut Reader, start: Option<(f64, i64)>, end: Option<f64>, want: i64| {
            reader.random_pages(&RandomFilter { start, end, limit: want + 1, ..base.clone() })
        };
        let mut pages: Vec<RandomPage> = Vec::new();
        let mut next: Option<RandomPage> = None;
        let mut first = read(&mut reader, Some((start, start_id)), wrapped.then_some(rand_key), want)?;
        if first.len() as i64 > want {
            next = first.drain(want as usize..).next();
        }
        want -= first.len() as i64;
        pages.extend(first);
        if !wrapped && next.is_none() {
            // The end of the range: on from its start, up to where the listing began.
            wrapped = true;
            let mut second = read(&mut reader, None, Some(rand_key), want)?;
            if second.len() as i64 > want {
                next = second.drain(want as usize..).next();
            }
            pages.extend(second);
        }
        drop(reader);
        ctx.emit(
            pages,
            |page| Generated::Row(page.namespace, page.title.clone()),
            |ctx, pages| {
                ctx.ensure_list();
                for page in &pages {
                    let mut item = Map::new();
                    item.insert("id".into(), json!(page.id));
                    item.insert("ns".into(), json!(page.namespace));
                    item.insert("title".into(), json!(full_text(page.namespace, &page.title, site.namespaces())));
                    if show_redirect {
                        item.insert("redirect".into(), json!(page.is_redirect));
                    }
                    ctx.push_item(Value::Object(item));
                }
                Ok(())
            },
        )?;
        if let Some(next) = next {
            ctx.set_continue((&rand, wikiquery_domain::php::float_text(next.random), next.id, u8::from(wrapped)));
        }
        Ok(())
    }
}
