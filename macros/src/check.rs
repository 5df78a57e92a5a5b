//! Rules that span several fields: unique wire names, template sources.

use crate::model::{Param, Rule, Shape};

/// Checks the parameters of one struct together.
pub fn fields(prefix: &str, params: &mut [Param], errors: &mut darling::error::Accumulator) {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for (i, p) in params.iter().enumerate() {
        if let Shape::Flatten { .. } = p.shape {
            continue;
        }
        let wire = format!("{prefix}{}", p.name);
        if seen.iter().any(|(w, _)| *w == wire) {
            errors.push(
                darling::Error::custom(format!("two parameters have the wire name `{wire}`")).with_span(&p.name_span),
            );
        }
        seen.push((wire, i));
    }
    let names: Vec<(String, bool)> = params.iter().map(|p| (p.name.clone(), matches!(p.shape, Shape::Plain))).collect();
    for (i, p) in params.iter_mut().enumerate() {
        if let Shape::Template { source, source_span, source_field, .. } = &mut p.shape {
            match names.iter().position(|(n, plain)| n == source && *plain) {
                Some(j) if j < i => *source_field = j,
                Some(_) => errors.push(
                    darling::Error::custom(format!(
                        "template source `{source}` must be declared before the templated parameter"
                    ))
                    .with_span(&*source_span),
                ),
                None => errors.push(
                    darling::Error::custom(format!("template source `{source}` is not a parameter of this struct"))
                        .with_span(&*source_span),
                ),
            }
        }
    }
}

/// Checks the module's rules over several parameters: each names plain parameters of the
/// struct that have no default and are not required (MediaWiki counts a parameter with a
/// default as always given, so a rule over one could never hold or never fail), each once.
pub fn rules(rules: &mut [Rule], params: &[Param], errors: &mut darling::error::Accumulator) {
    for rule in rules.iter_mut() {
        let mut names = Vec::new();
        for field in &rule.fields {
            let found = params.iter().find(|p| p.ident == *field || p.ident == format!("r#{field}"));
            match found {
                None => errors.push(
                    darling::Error::custom(format!("`{field}` is not a parameter of this struct")).with_span(field),
                ),
                Some(p) if !matches!(p.shape, Shape::Plain) => errors.push(
                    darling::Error::custom(format!("`{field}` is not a single parameter: a rule names plain fields"))
                        .with_span(field),
                ),
                Some(p) if p.default.is_some() || p.required.is_some() => errors.push(
                    darling::Error::custom(format!(
                        "`{field}` has a default or is required, so it always counts as given: a rule names \
                         optional parameters"
                    ))
                    .with_span(field),
                ),
                Some(p) if names.contains(&p.name) => errors
                    .push(darling::Error::custom(format!("`{field}` is named twice in this rule")).with_span(field)),
                Some(p) => names.push(p.name.clone()),
            }
        }
        rule.names = names;
    }
}
