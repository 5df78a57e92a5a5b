//! Continuation as MediaWiki does it: each module that has more to give sets its continue
//! parameters; the `continue` member tells the client which modules are finished (so the next
//! request skips them) and whether the generator must advance.

use serde_json::{Map, Value};

use crate::error::ApiError;

/// The state of continuation for one query request.
#[derive(Debug, Default)]
pub struct Continuation {
    /// Every module of the request, in the order they run.
    modules: Vec<String>,
    /// Modules the client said are finished (from `continue`).
    skip: Vec<String>,
    /// Continue parameters set by modules that have more results: (module, (name, value)).
    data: Vec<(String, Vec<(String, Value)>)>,
    /// The modules that work on the generator's pages (the prop modules).
    generated_modules: Vec<String>,
    /// The client said the generator is finished (`-` before the bars).
    generator_done: bool,
    /// The generator's parameters named before the bars, with the request's values.
    generator_params: Vec<(String, String)>,
    /// Continue parameters the generator set.
    generator_data: Vec<(String, Value)>,
    /// Parameters the generator set for restarting where it started, when the modules on its
    /// pages continue (MediaWiki's generator non-continuation parameters).
    generator_restart: Vec<(String, String)>,
}

impl Continuation {
    /// Reads the client's `continue` value: `<generator part>||<finished modules>`; an empty
    /// value starts afresh.
    pub fn from_request(value: Option<&str>, modules: Vec<String>) -> Result<Self, ApiError> {
        let mut skip = Vec::new();
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            let parts: Vec<&str> = value.split("||").collect();
            if parts.len() != 2 {
                return Err(ApiError::bad_continue());
            }
            skip = parts[1].split('|').filter(|s| !s.is_empty()).map(str::to_owned).collect();
        }
        Ok(Continuation { modules, skip, ..Continuation::default() })
    }

    /// Reads the client's `continue` value for a query with a generator: the part before the
    /// bars names the generator's parameters (`-`: the generator is finished, and so are the
    /// modules working on its pages); `lookup` gives a parameter's value in the request.
    pub fn with_generator(
        value: Option<&str>,
        modules: Vec<String>,
        generated_modules: Vec<String>,
        lookup: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Self, ApiError> {
        let mut c = Continuation::from_request(value, modules)?;
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            let head = value.split("||").next().unwrap_or("");
            if head == "-" {
                c.generator_done = true;
                c.skip.extend(generated_modules.iter().cloned());
            } else {
                for name in head.split('|') {
                    if let Some(v) = lookup(name) {
                        c.generator_params.push((name.to_owned(), v));
                    }
                }
            }
        }
        c.generated_modules = generated_modules;
        Ok(c)
    }

    /// Whether the client said the generator (and the modules on its pages) are finished.
    pub fn is_generator_done(&self) -> bool {
        self.generator_done
    }

    /// Records a continue parameter of the generator.
    pub fn set_generator(&mut self, name: String, value: Value) {
        self.generator_data.retain(|(k, _)| *k != name);
        self.generator_data.push((name, value));
    }

    /// Records a parameter that restarts the generator where it started this batch.
    pub fn set_generator_restart(&mut self, name: String, value: String) {
        self.generator_restart.retain(|(k, _)| *k != name);
        self.generator_restart.push((name, value));
    }

    /// Whether the client already has everything of this module.
    pub fn is_done(&self, module: &str) -> bool {
        self.skip.iter().any(|s| s == module)
    }

    /// Records a continue parameter of a module: text, or a number (MediaWiki answers some
    /// offsets as numbers).
    pub fn set(&mut self, module: &str, name: String, value: Value) {
        match self.data.iter_mut().find(|(m, _)| m == module) {
            Some((_, kvs)) => {
                kvs.retain(|(k, _)| *k != name);
                kvs.push((name, value));
            }
            None => self.data.push((module.to_owned(), vec![(name, value)])),
        }
    }

    /// The `continue` object (absent when everything is done) and whether the batch is
    /// complete, as MediaWiki's continuation manager decides them.
    pub fn result(&self) -> (Option<Map<String, Value>>, bool) {
        let generated = |m: &str| self.generated_modules.iter().any(|g| g == m);
        let mut out = Map::new();
        let mut finished: Vec<&str> =
            self.modules.iter().map(String::as_str).filter(|m| !self.data.iter().any(|(d, _)| d == m)).collect();
        for (_, kvs) in self.data.iter().filter(|(m, _)| !generated(m)) {
            for (k, v) in kvs {
                out.entry(k.clone()).or_insert_with(|| v.clone());
            }
        }
        let unfinished_generated: Vec<&(String, Vec<(String, Value)>)> =
            self.data.iter().filter(|(m, _)| generated(m)).collect();
        let (keys, complete) = if !unfinished_generated.is_empty() {
            for (_, kvs) in &unfinished_generated {
                for (k, v) in kvs {
                    out.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
            // The restart parameters come first and win over the request's own values.
            let mut names: Vec<&str> = Vec::new();
            for (k, v) in self.generator_restart.iter().chain(&self.generator_params) {
                if names.contains(&k.as_str()) {
                    continue;
                }
                if !out.contains_key(k) {
                    out.insert(k.clone(), Value::String(v.clone()));
                }
                names.push(k.as_str());
            }
            (names.join("|"), false)
        } else if !self.generator_data.is_empty() {
            let mut names = Vec::new();
            for (k, v) in &self.generator_data {
                out.entry(k.clone()).or_insert_with(|| v.clone());
                names.push(k.as_str());
            }
            finished.retain(|m| !generated(m));
            (names.join("|"), true)
        } else {
            ("-".to_owned(), true)
        };
        if out.is_empty() && keys == "-" {
            return (None, complete);
        }
        out.insert("continue".into(), Value::String(format!("{keys}||{}", finished.join("|"))));
        (Some(out), complete)
    }

    /// The old `query-continue` form (`rawcontinue`): module → its continue parameters; the
    /// generator's under the generator's name.
    pub fn raw_result(&self, generator: Option<&str>) -> Option<Map<String, Value>> {
        let mut out = Map::new();
        for (module, kvs) in &self.data {
            let params: Map<String, Value> = kvs.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            out.insert(module.clone(), Value::Object(params));
        }
        if let Some(generator) = generator.filter(|_| !self.generator_data.is_empty()) {
            let entry = out.entry(generator.to_owned()).or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(params) = entry {
                for (k, v) in &self.generator_data {
                    params.insert(k.clone(), v.clone());
                }
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_modules_are_listed_after_the_bars() {
        let mut c = Continuation::from_request(None, vec!["allpages".into(), "logevents".into()]).unwrap();
        c.set("logevents", "lecontinue".into(), "20240101000000|5".into());
        let (data, complete) = c.result();
        let data = data.unwrap();
        assert_eq!(data["lecontinue"], "20240101000000|5");
        assert_eq!(data["continue"], "-||allpages");
        assert!(complete);
    }

    #[test]
    fn a_malformed_continue_is_badcontinue() {
        assert_eq!(Continuation::from_request(Some("garbage"), vec![]).unwrap_err().code, "badcontinue");
    }

    #[test]
    fn modules_named_as_finished_are_skipped() {
        let c = Continuation::from_request(Some("-||allpages|tokens"), vec![]).unwrap();
        assert!(c.is_done("allpages") && c.is_done("tokens") && !c.is_done("logevents"));
    }

    #[test]
    fn an_unfinished_generator_continues_and_restarts_the_modules_on_its_pages() {
        let mut c = Continuation::with_generator(None, vec!["info".into()], vec!["info".into()], &|_| None).unwrap();
        c.set_generator("gapcontinue".into(), "Dog".into());
        let (data, complete) = c.result();
        let data = data.unwrap();
        assert_eq!(data["gapcontinue"], "Dog");
        assert_eq!(data["continue"], "gapcontinue||");
        assert!(complete);
    }

    #[test]
    fn a_finished_generator_skips_the_modules_on_its_pages() {
        let c = Continuation::with_generator(Some("-||"), vec!["info".into()], vec!["info".into()], &|_| None).unwrap();
        assert!(c.is_generator_done() && c.is_done("info"));
        assert_eq!(c.result(), (None, true));
    }
}
