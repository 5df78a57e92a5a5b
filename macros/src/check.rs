//! Rules that span several fields: unique wire names, template sources.

use crate::model::{Param, Shape};

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
