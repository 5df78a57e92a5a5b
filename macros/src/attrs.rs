//! The raw attribute model, read with darling: what the user wrote, before any checking.

use std::collections::HashMap;

use darling::ast::NestedMeta;
use darling::{FromField, FromMeta, FromVariant};
use syn::spanned::Spanned;

/// `#[query_module(...)]`.
#[derive(Debug, FromMeta)]
pub struct ModuleArgs {
    /// The module's name; required (checked in `model`, for a message of our own).
    pub name: Option<syn::LitStr>,
    /// `list`, `prop`, `meta`, `action` or `main`; required likewise.
    pub group: Option<syn::LitStr>,
    /// The parameter prefix; required, even when empty.
    pub prefix: Option<syn::LitStr>,
    #[darling(default)]
    pub readrights: darling::util::Flag,
    /// Who may share a cached answer (MediaWiki's `getCacheMode`): `public`,
    /// `anon-public-user-private` or `private` (the default).
    pub cache: Option<syn::LitStr>,
    #[darling(default)]
    pub generator: darling::util::Flag,
    #[darling(default)]
    pub deprecated: darling::util::Flag,
    /// An action that changes something (MediaWiki's `isWriteMode`): needs `writeapi`.
    #[darling(default)]
    pub writerights: darling::util::Flag,
    /// An action that answers only a POST request.
    #[darling(default)]
    pub mustbeposted: darling::util::Flag,
    /// Takes parameters beyond those it lists (named by the requests it describes).
    #[darling(default)]
    pub dynamicparameters: darling::util::Flag,
    /// Help URLs, in order.
    #[darling(multiple)]
    pub help: Vec<syn::LitStr>,
    /// The element name of each item of the module's list in an XML answer (MediaWiki's
    /// `setIndexedTagName`); a module without one answers XML with `notimplemented`.
    pub xml: Option<syn::LitStr>,
    /// The element names of the items of lists inside each item, by the list's name:
    /// `xml_nested(tags = "tag", groups = "g")`.
    #[darling(default)]
    pub xml_nested: HashMap<String, syn::LitStr>,
    /// The element names of the items of lists met inside other elements of the answer, by the
    /// element holding them: `xml_under(params(flags = "f"))`; `_any` for lists in elements of
    /// any name (those named by the keys of a map: `languageinfo`'s languages).
    #[darling(default)]
    pub xml_under: HashMap<String, HashMap<String, syn::LitStr>>,
    /// Tables of such lists several modules write alike, by the element holding them:
    /// `xml_lists(params = log_params::XML_LISTS)`, each a `&[(holder, list, item)]` whose empty
    /// holder stands for the element named here.
    #[darling(default)]
    pub xml_lists: HashMap<String, syn::Path>,
    /// Parameters of which exactly one must be given (MediaWiki's `requireOnlyOneParameter`).
    #[darling(multiple)]
    pub exactly_one_of: Vec<FieldList>,
    /// Parameters of which at most one may be given (`requireMaxOneParameter`).
    #[darling(multiple)]
    pub at_most_one_of: Vec<FieldList>,
    /// Parameters of which at least one must be given (`requireAtLeastOneParameter`).
    #[darling(multiple)]
    pub at_least_one_of: Vec<FieldList>,
    /// Example requests shown in the help, in order:
    /// `example(query = "action=query&list=allpages", text = "...")`.
    #[darling(multiple)]
    pub example: Vec<ExampleArgs>,
}

/// `example(query = "...", text = "...")`: a request and what it does.
#[derive(Debug, Clone, FromMeta)]
pub struct ExampleArgs {
    /// The query string after `api.php?`.
    pub query: syn::LitStr,
    /// One sentence saying what the request does.
    pub text: syn::LitStr,
}

/// `#[param_group(...)]` on a `ParamGroup`: its rules over several parameters.
#[derive(Debug, Default, FromMeta)]
pub struct GroupArgs {
    #[darling(multiple)]
    pub exactly_one_of: Vec<FieldList>,
    #[darling(multiple)]
    pub at_most_one_of: Vec<FieldList>,
    #[darling(multiple)]
    pub at_least_one_of: Vec<FieldList>,
}

/// A rule's fields: `exactly_one_of(title, pageid)`.
#[derive(Debug, Clone)]
pub struct FieldList {
    pub fields: Vec<syn::Ident>,
}

impl FromMeta for FieldList {
    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        let mut fields = Vec::new();
        for item in items {
            match item {
                NestedMeta::Meta(syn::Meta::Path(path)) if path.get_ident().is_some() => {
                    fields.extend(path.get_ident().cloned());
                }
                other => {
                    return Err(darling::Error::custom("a rule names fields of the struct: `exactly_one_of(a, b)`")
                        .with_span(other))
                }
            }
        }
        if fields.len() < 2 {
            let span = items.first().map_or_else(proc_macro2::Span::call_site, |i| i.span());
            return Err(darling::Error::custom("a rule names at least two fields").with_span(&span));
        }
        Ok(FieldList { fields })
    }
}

/// A default value as written: a string or an integer literal (possibly negative).
#[derive(Debug, Clone)]
pub struct DefaultValue {
    pub text: String,
    pub span: proc_macro2::Span,
}

impl FromMeta for DefaultValue {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let span = expr.span();
        let text = match expr {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => s.value(),
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_digits().to_owned(),
            syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => match &**expr {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => format!("-{}", i.base10_digits()),
                _ => return Err(darling::Error::custom("a default is a string or an integer literal").with_span(expr)),
            },
            syn::Expr::Group(g) => return Self::from_expr(&g.expr),
            _ => return Err(darling::Error::custom("a default is a string or an integer literal").with_span(expr)),
        };
        Ok(DefaultValue { text, span })
    }
}

/// An integer bound as written: an integer literal, possibly negative (`min = -5`).
#[derive(Debug, Clone)]
pub struct IntValue {
    pub value: i64,
    pub span: proc_macro2::Span,
}

impl FromMeta for IntValue {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let span = expr.span();
        let (lit, negative) = match expr {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => (i, false),
            syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr: inner, .. }) => match &**inner {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => (i, true),
                _ => return Err(darling::Error::custom("expected an integer literal").with_span(expr)),
            },
            syn::Expr::Group(g) => return Self::from_expr(&g.expr),
            _ => return Err(darling::Error::custom("expected an integer literal").with_span(expr)),
        };
        let digits = if negative { format!("-{}", lit.base10_digits()) } else { lit.base10_digits().to_owned() };
        let value = digits
            .parse::<i64>()
            .map_err(|_| darling::Error::custom("this bound does not fit in an `i64`").with_span(expr))?;
        Ok(IntValue { value, span })
    }
}

/// A list of string literals: `["a", "b"]`.
#[derive(Debug, Clone, Default)]
pub struct StrList {
    pub items: Vec<syn::LitStr>,
}

impl FromMeta for StrList {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        match expr {
            syn::Expr::Array(a) => {
                let mut items = Vec::new();
                for e in &a.elems {
                    match e {
                        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => items.push(s.clone()),
                        other => return Err(darling::Error::custom("expected a string literal").with_span(other)),
                    }
                }
                Ok(StrList { items })
            }
            _ => Err(darling::Error::custom("expected a list of strings: `[\"a\", \"b\"]`").with_span(expr)),
        }
    }
}

/// An annotation: `info = "useronly"` or `info(modes(1, 2))`.
#[derive(Debug, Clone)]
pub struct InfoAttr {
    pub name: String,
    pub values: Vec<i64>,
}

impl FromMeta for InfoAttr {
    fn from_string(value: &str) -> darling::Result<Self> {
        if value.is_empty() || !value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(darling::Error::custom("an annotation is a single word, e.g. `info = \"useronly\"`"));
        }
        Ok(InfoAttr { name: value.to_owned(), values: Vec::new() })
    }

    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        match items {
            [NestedMeta::Meta(syn::Meta::List(list))] => {
                let name =
                    list.path.get_ident().map(|i| i.to_string()).ok_or_else(|| {
                        darling::Error::custom("expected `info(name(values...))`").with_span(&list.path)
                    })?;
                let ints = list
                    .parse_args_with(syn::punctuated::Punctuated::<syn::LitInt, syn::Token![,]>::parse_terminated)
                    .map_err(|e| {
                        darling::Error::custom(format!("annotation values are integers: {e}")).with_span(list)
                    })?;
                let values = ints.iter().map(|i| i.base10_parse::<i64>()).collect::<syn::Result<Vec<_>>>()?;
                Ok(InfoAttr { name, values })
            }
            _ => Err(darling::Error::custom("expected `info = \"name\"` or `info(name(1, 2))`")),
        }
    }
}

/// `#[param(...)]` on a field.
#[derive(Debug, FromField)]
#[darling(attributes(param), forward_attrs(doc))]
pub struct FieldArgs {
    pub ident: Option<syn::Ident>,
    pub ty: syn::Type,
    /// The field's doc comment: the parameter's help.
    pub attrs: Vec<syn::Attribute>,
    /// The listed name, where it differs from the field's.
    pub rename: Option<syn::LitStr>,
    pub default: Option<DefaultValue>,
    /// The default when the module runs as a generator, where it differs.
    pub generator_default: Option<syn::LitStr>,
    /// A closed set of values for a string parameter: a path to a `&[&str]` constant.
    pub values: Option<syn::Path>,
    /// A closed set of values known only when the program runs (the registered modules'
    /// names): a path to a function returning a `ComputedValues` (or a `Vec<&'static str>`),
    /// called once, when the descriptor is built.
    pub values_from: Option<syn::Path>,
    pub deprecated_values: Option<StrList>,
    pub min: Option<IntValue>,
    pub max: Option<IntValue>,
    /// Allowed user subtypes, `|`-separated.
    pub subtypes: Option<syn::LitStr>,
    #[darling(default)]
    pub extra_namespaces: darling::util::Flag,
    /// `*` selects every value.
    #[darling(default)]
    pub all: darling::util::Flag,
    #[darling(default)]
    pub required: darling::util::Flag,
    #[darling(default)]
    pub deprecated: darling::util::Flag,
    #[darling(default)]
    pub sensitive: darling::util::Flag,
    /// A password: typed `password` in paraminfo, and sensitive.
    #[darling(default)]
    pub password: darling::util::Flag,
    /// Text of several lines (wikitext): typed `text` in paraminfo.
    #[darling(default)]
    pub text: darling::util::Flag,
    /// The action's token, of this type (`csrf`, `login`, ...): checked before the action
    /// runs, and only from a POST body.
    pub tokentype: Option<syn::LitStr>,
    #[darling(default)]
    pub allow_duplicates: darling::util::Flag,
    /// The values are listed in paraminfo but the module checks a request's value itself
    /// (MediaWiki answers some such parameters with a module-specific code, not `badvalue`).
    #[darling(default)]
    pub module_checks_values: darling::util::Flag,
    #[darling(multiple)]
    pub info: Vec<InfoAttr>,
    /// A templated parameter's name, with one `{placeholder}`.
    pub template: Option<syn::LitStr>,
    /// The multi-valued parameter that supplies the placeholder's values.
    pub source: Option<syn::LitStr>,
    /// Includes a `ParamGroup`'s parameters here.
    #[darling(default)]
    pub flatten: darling::util::Flag,
    /// With `flatten`: annotations added to the group's parameters, `annotate(limit = "x")`.
    #[darling(default)]
    pub annotate: HashMap<String, syn::LitStr>,
}

/// `#[value(...)]` on an enum variant.
#[derive(Debug, FromVariant)]
#[darling(attributes(value), forward_attrs(doc))]
pub struct VariantArgs {
    pub ident: syn::Ident,
    /// The variant's doc comment: the value's help.
    pub attrs: Vec<syn::Attribute>,
    pub fields: darling::ast::Fields<darling::util::Ignored>,
    pub rename: Option<syn::LitStr>,
    #[darling(default)]
    pub deprecated: darling::util::Flag,
}

/// The text of doc comments (`///` lines become `#[doc = "..."]`): lines without the one space
/// after `///`, joined by newlines, trimmed. A blank line separates paragraphs.
pub fn doc_text(attrs: &[syn::Attribute]) -> String {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if let syn::Meta::NameValue(syn::MetaNameValue {
            value: syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }),
            ..
        }) = &attr.meta
        {
            let text = s.value();
            // `split`, not `lines`: a `///` line of its own is an empty value, a paragraph break.
            for line in text.split('\n') {
                lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
            }
        }
    }
    lines.join("\n").trim().to_owned()
}
