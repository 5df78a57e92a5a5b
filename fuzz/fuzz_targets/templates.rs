//! What the fuzz targets that expand give as a wiki: templates from the input (`T0`, `T1`… the
//! parts after each U+0001), no variables, functions that give their arguments joined.

use wikiquery_domain::preprocessor::expand::{TemplateLookup, Unsupported, Wiki};

/// Templates from the input; no variables; functions that give their arguments joined.
pub struct Templates(pub Vec<String>);

impl Wiki for Templates {
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        let found = name.strip_prefix('T').and_then(|n| n.parse::<usize>().ok()).and_then(|n| self.0.get(n));
        Ok(match found {
            Some(text) => TemplateLookup::Found { title: format!("Template:{name}"), text: text.clone() },
            None => TemplateLookup::Missing { title: format!("Template:{name}") },
        })
    }
    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        Err(Unsupported(id.into()))
    }
    fn function(&mut self, _: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        Ok(Some(args.join("|")))
    }
}

