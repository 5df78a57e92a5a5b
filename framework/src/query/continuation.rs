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
    data: Vec<(String, Vec<(String, String)>)>,
}

impl Continuation {
    /// Reads the client's `continue` value: `<generator part>||<finished modules>`; an empty
    /// value starts afresh.
    pub fn from_request(value: Option<&str>, modules: Vec<String>) -> Result<Self, ApiError> {
        let mut skip = Vec::new();
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            let parts: Vec<&str> = value.split("||").collect();
            if parts.len() != 2 {
                return Err(bad_continue());
            }
            skip = parts[1].split('|').filter(|s| !s.is_empty()).map(str::to_owned).collect();
        }
        Ok(Continuation { modules, skip, data: Vec::new() })
    }

    /// Whether the client already has everything of this module.
    pub fn is_done(&self, module: &str) -> bool {
        self.skip.iter().any(|s| s == module)
    }

    /// Records a continue parameter of a module.
    pub fn set(&mut self, module: &str, name: String, value: String) {
        match self.data.iter_mut().find(|(m, _)| m == module) {
            Some((_, kvs)) => {
                kvs.retain(|(k, _)| *k != name);
                kvs.push((name, value));
            }
            None => self.data.push((module.to_owned(), vec![(name, value)])),
        }
    }

    /// The `continue` object (absent when everything is done) and whether the batch is
    /// complete. Without a generator every batch is complete.
    pub fn result(&self) -> (Option<Map<String, Value>>, bool) {
        if self.data.is_empty() {
            return (None, true);
        }
        let mut out = Map::new();
        for (_, kvs) in &self.data {
            for (k, v) in kvs {
                out.entry(k.clone()).or_insert_with(|| Value::String(v.clone()));
            }
        }
        let finished: Vec<&str> = self
            .modules
            .iter()
            .map(String::as_str)
            .filter(|m| !self.data.iter().any(|(d, _)| d == m))
            .collect();
        out.insert("continue".into(), Value::String(format!("-||{}", finished.join("|"))));
        (Some(out), true)
    }

    /// The old `query-continue` form (`rawcontinue`): module → its continue parameters.
    pub fn raw_result(&self) -> Option<Map<String, Value>> {
        if self.data.is_empty() {
            return None;
        }
        let mut out = Map::new();
        for (module, kvs) in &self.data {
            let params: Map<String, Value> = kvs.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
            out.insert(module.clone(), Value::Object(params));
        }
        Some(out)
    }
}

/// `badcontinue`: a continue value the server did not hand out.
pub fn bad_continue() -> ApiError {
    ApiError::new(
        "badcontinue",
        "Invalid continue param. You should pass the original value returned by the previous query.",
    )
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
}
