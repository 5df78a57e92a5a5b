//! Rules over several parameters, as MediaWiki's `ApiBase` states them
//! (`requireOnlyOneParameter`, `requireMaxOneParameter`, `requireAtLeastOneParameter`).
//! `#[query_module(exactly_one_of(a, b))]` and its siblings generate the call; a module never
//! writes these checks by hand.

use super::reader::ParamReader;
use crate::error::{listed, ApiError};

/// How many of some parameters a request may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamRule {
    /// Exactly one (`missingparam` for none, `invalidparammix` for several).
    ExactlyOne,
    /// None or one (`invalidparammix` for several).
    AtMostOne,
    /// One or more (`missingparam` for none).
    AtLeastOne,
}

/// Checks a rule over the parameters `names` (listed names, without the module's prefix).
/// A parameter counts as given when the request has it at all, whatever its value, as
/// MediaWiki counts any value but an absent one (booleans are true when present).
pub fn check_rule(r: &ParamReader<'_>, rule: ParamRule, names: &[&str]) -> Result<(), ApiError> {
    let wires: Vec<String> = names.iter().map(|n| r.wire_name(n)).collect();
    let given: Vec<&str> = wires.iter().filter(|w| r.peek(w).is_some()).map(String::as_str).collect();
    let all: Vec<&str> = wires.iter().map(String::as_str).collect();
    match rule {
        ParamRule::ExactlyOne | ParamRule::AtMostOne if given.len() > 1 => Err(ApiError::invalid_param_mix(&given)),
        ParamRule::ExactlyOne if given.is_empty() => {
            Err(ApiError::new("missingparam", format!("One of the parameters {} is required.", listed(&all))))
        }
        ParamRule::AtLeastOne if given.is_empty() => Err(ApiError::missing_one_of(&all)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::{check_rule, ParamRule};
    use crate::error::listed;
    use crate::param::{ParamReader, RequestParams, RequestState};

    fn check(query: &[(&str, &str)], rule: ParamRule) -> Result<(), String> {
        let pairs = query.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        let mut state = RequestState::new(RequestParams::from_pairs(pairs));
        let r = ParamReader::new(&mut state, "bl", "backlinks");
        check_rule(&r, rule, &["title", "pageid"]).map_err(|e| e.code.into_owned())
    }

    #[test]
    fn exactly_one_refuses_none_and_both() {
        assert_eq!(check(&[], ParamRule::ExactlyOne), Err("missingparam".to_owned()));
        assert_eq!(
            check(&[("bltitle", "A"), ("blpageid", "1")], ParamRule::ExactlyOne),
            Err("invalidparammix".to_owned())
        );
        assert_eq!(check(&[("bltitle", "")], ParamRule::ExactlyOne), Ok(()));
        // The prefix is part of the name: an unprefixed `title` is another parameter.
        assert_eq!(check(&[("title", "A")], ParamRule::ExactlyOne), Err("missingparam".to_owned()));
    }

    #[test]
    fn at_most_one_allows_none() {
        assert_eq!(check(&[], ParamRule::AtMostOne), Ok(()));
        assert_eq!(check(&[("blpageid", "3")], ParamRule::AtMostOne), Ok(()));
        assert_eq!(
            check(&[("bltitle", "A"), ("blpageid", "1")], ParamRule::AtMostOne),
            Err("invalidparammix".to_owned())
        );
    }

    #[test]
    fn at_least_one_allows_both() {
        assert_eq!(check(&[], ParamRule::AtLeastOne), Err("missingparam".to_owned()));
        assert_eq!(check(&[("bltitle", "A"), ("blpageid", "1")], ParamRule::AtLeastOne), Ok(()));
    }

    #[test]
    fn names_are_listed_as_mediawiki_lists_them() {
        assert_eq!(listed(&["a"]), "\"a\"");
        assert_eq!(listed(&["a", "b", "c"]), "\"a\", \"b\" and \"c\"");
    }
}
