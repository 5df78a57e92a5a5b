//! A module's example requests, checked when the module compiles: each names the module as
//! the request would reach it, every parameter of the module it gives exists, and every value
//! of a parameter with a closed set is one of its values. Names are checked here, against the
//! struct's own fields; what only the types know (the values, and the parameters of included
//! groups) is checked by constant assertions, which point at the example.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::model::{GroupKind, Module, Param, Shape};
use crate::paths::private;

/// Parameters of the main module and of the output formats: any example may give them.
#[rustfmt::skip]
const MAIN: &[&str] = &[
    "action", "format", "formatversion", "maxlag", "smaxage", "maxage", "assert", "assertuser", "requestid",
    "servedby", "curtimestamp", "responselanginfo", "origin", "uselang", "variant", "errorformat", "errorlang",
    "errorsuselocal", "utf8", "ascii", "callback",
];

/// Parameters of `action=query` and its page set: a query module's example gives them freely.
#[rustfmt::skip]
const QUERY: &[&str] = &[
    "prop", "list", "meta", "indexpageids", "export", "exportnowrap", "exportschema", "iwurl", "continue",
    "rawcontinue", "titles", "pageids", "revids", "generator", "redirects", "converttitles",
];

/// One of the module's parameters as an example gives it.
pub struct Given {
    /// The example it is in.
    pub example: usize,
    /// The name on the wire.
    pub wire: String,
    /// The listed name (without the prefix).
    pub name: String,
    /// The value, decoded.
    pub value: String,
    /// The name is also the main module's: without a field of that name, the main module's.
    pub main: bool,
}

/// Reads every example: errors for what the names alone show, and the module's parameters each
/// gives, for the constant checks.
pub fn read(m: &Module, errors: &mut darling::error::Accumulator) -> Vec<Given> {
    let mut given = Vec::new();
    if m.group == GroupKind::Main {
        return given;
    }
    let name = m.name.value();
    for (n, example) in m.examples.iter().enumerate() {
        let query = example.query.value();
        let err = |msg: String| darling::Error::custom(msg).with_span(&example.query);
        if example.text.value().trim().is_empty() {
            errors
                .push(darling::Error::custom("an example says what it does: `text` is empty").with_span(&example.text));
        }
        // Decoded as the server decodes a query string.
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
        let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        let Some(action) = get("action") else {
            errors.push(err("an example request starts with `action=`".into()));
            continue;
        };
        let has = |key: &str| get(key).is_some_and(|v| v.split('|').any(|x| x == name));
        let mut as_generator = false;
        match m.group {
            GroupKind::Action if action != name => {
                errors.push(err(format!("this example asks for `action={action}`, not this module's `action={name}`")));
                continue;
            }
            GroupKind::List | GroupKind::Prop | GroupKind::Meta => {
                let key = match m.group {
                    GroupKind::List => "list",
                    GroupKind::Prop => "prop",
                    _ => "meta",
                };
                as_generator = has("generator");
                if action != "query" || !(has(key) || as_generator) {
                    errors.push(err(format!(
                        "this example does not reach the module: a {key} module's example asks for \
                         `action=query&{key}={name}` (or `generator={name}`)"
                    )));
                    continue;
                }
            }
            _ => {}
        }
        for (key, value) in &pairs {
            let main = MAIN.contains(&key.as_str());
            if key == "action" || (m.group != GroupKind::Action && (main || QUERY.contains(&key.as_str()))) {
                continue;
            }
            let own = |prefix: &str| key.strip_prefix(prefix).map(str::to_owned);
            // An action's parameters are all its own or the main module's; a query module's
            // are those with its prefix (with a `g` before it as a generator), or, without a
            // prefix, all that are not the query's.
            let listed = if as_generator && !m.prefix.is_empty() {
                own(&format!("g{}", m.prefix)).or_else(|| own(&m.prefix))
            } else {
                own(&m.prefix)
            };
            if let Some(listed) = listed.filter(|l| !l.is_empty()) {
                given.push(Given { example: n, wire: key.clone(), name: listed, value: value.clone(), main });
            }
        }
    }
    given
}

/// Whether the module takes parameters beyond its own: dynamic ones, or an action's that selects
/// submodules (`action=query`'s `prop`, `list`, `meta`, `generator`) those of the submodules.
fn open(m: &Module, params: &[Param]) -> bool {
    m.dynamicparameters || (m.group == GroupKind::Action && params.iter().any(|f| f.values_from.is_some()))
}

/// Whether a field stands for a listed name: a plain parameter by its name, a templated one by
/// its text before the placeholder.
fn field_for<'a>(params: &'a [Param], name: &str) -> Option<&'a Param> {
    params.iter().find(|f| match &f.shape {
        Shape::Plain => f.name == name,
        Shape::Template { .. } => {
            let before = f.name.split('{').next().unwrap_or_default();
            name.len() > before.len() && name.starts_with(before)
        }
        Shape::Flatten { .. } => false,
    })
}

/// Checks the names the examples give against the struct's fields (a module without included
/// groups knows all its parameters here).
pub fn check_names(m: &Module, params: &[Param], given: &[Given], errors: &mut darling::error::Accumulator) {
    let has_groups = params.iter().any(|f| matches!(f.shape, Shape::Flatten { .. }));
    for g in given {
        if field_for(params, &g.name).is_none() && !has_groups && !open(m, params) && !g.main {
            errors.push(
                darling::Error::custom(format!(
                    "this example gives `{}`, which is not a parameter of `{}`",
                    g.wire,
                    m.name.value()
                ))
                .with_span(&m.examples[g.example].query),
            );
        }
    }
}

/// The constant assertions: each name an example gives is a parameter of the struct or of an
/// included group, and each value of a parameter with a closed set is one of its values — one
/// check over the struct's own parameters and its groups', as [`crate::codegen::fields::example_params`]
/// lists them.
pub fn const_checks(m: &Module, params: &[Param], given: &[Given]) -> TokenStream {
    let p = private();
    if given.is_empty() {
        return TokenStream::new();
    }
    let esc = |s: String| s.replace('{', "{{").replace('}', "}}");
    let own = crate::codegen::fields::example_params(params);
    let groups = params.iter().filter(|f| matches!(f.shape, Shape::Flatten { .. })).map(|f| &f.ty);
    let mut out = quote! {
        const __EXAMPLE_PARAMS: &[&[#p::ExampleParam]] =
            &[#own, #(<#groups as #p::ParamGroup>::EXAMPLE_PARAMS),*];
    };
    for g in given.iter().filter(|g| g.value != "*") {
        let span = m.examples[g.example].query.span();
        let bad_value =
            esc(format!("this example gives `{}={}`, which is not among the parameter's values", g.wire, g.value));
        let unknown = esc(format!("this example gives `{}`, which is not a parameter of `{}`", g.wire, m.name.value()));
        // Names the macro has already checked, or that may be another module's, pass.
        let unknown =
            if open(m, params) || g.main { quote!({}) } else { quote_spanned!(span=> ::core::panic!(#unknown)) };
        let (name, value) = (&g.name, &g.value);
        out.extend(quote_spanned! {span=>
            const _: () = {
                match #p::example_check(__EXAMPLE_PARAMS, #name, #value) {
                    1 => #unknown,
                    2 => ::core::panic!(#bad_value),
                    _ => {}
                }
            };
        });
    }
    out
}
