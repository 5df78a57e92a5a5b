//! The checked model: a module and its parameters as codegen needs them, each part keeping the
//! span of the syntax it came from.

use proc_macro2::Span;

use crate::attrs::{doc_text, DefaultValue, ExampleArgs, FieldArgs, FieldList, InfoAttr, ModuleArgs};

/// The user subtypes a parameter can allow.
pub const USER_SUBTYPES: &[&str] = &["name", "ip", "temp", "cidr", "interwiki", "id"];

/// A module's group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupKind {
    List,
    Prop,
    Meta,
    Action,
    Main,
}

/// A checked module header.
pub struct Module {
    pub name: syn::LitStr,
    pub group: GroupKind,
    pub prefix: String,
    pub readrights: bool,
    pub cache: CacheKind,
    pub generator: bool,
    pub deprecated: bool,
    pub writerights: bool,
    pub mustbeposted: bool,
    pub dynamicparameters: bool,
    pub help: Vec<syn::LitStr>,
    /// The element name of the items of the module's list in XML.
    pub xml: Option<syn::LitStr>,
    /// The element names of the items of lists inside each item, by list name, sorted.
    pub xml_nested: Vec<(String, syn::LitStr)>,
    /// The element names of lists inside other elements: (holding element, list, item), sorted.
    pub xml_under: Vec<(String, String, syn::LitStr)>,
    /// Tables of lists inside other elements, by the element holding them, sorted.
    pub xml_lists: Vec<(String, syn::Path)>,
    /// Rules over several parameters, checked after every parameter is read.
    pub rules: Vec<Rule>,
    /// The struct's doc comment: the module's description.
    pub description: String,
    /// Example requests, in order.
    pub examples: Vec<ExampleArgs>,
}

/// Who may share a cached answer of a module (MediaWiki's cache modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheKind {
    Public,
    AnonPublicUserPrivate,
    Private,
}

impl CacheKind {
    /// The modes as the attribute spells them.
    pub const NAMES: &'static [(&'static str, CacheKind)] = &[
        ("public", CacheKind::Public),
        ("anon-public-user-private", CacheKind::AnonPublicUserPrivate),
        ("private", CacheKind::Private),
    ];
}

/// How many of some parameters a request may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // named as the attributes that declare them
pub enum RuleKind {
    ExactlyOne,
    AtMostOne,
    AtLeastOne,
}

/// A rule over several parameters, naming the struct's fields.
pub struct Rule {
    pub kind: RuleKind,
    pub fields: Vec<syn::Ident>,
    /// The fields' listed names, filled in when the fields are checked.
    pub names: Vec<String>,
}

impl Rule {
    /// The rules of a module or group, in the order of their kinds.
    pub fn all(exactly_one: Vec<FieldList>, at_most_one: Vec<FieldList>, at_least_one: Vec<FieldList>) -> Vec<Rule> {
        [(RuleKind::ExactlyOne, exactly_one), (RuleKind::AtMostOne, at_most_one), (RuleKind::AtLeastOne, at_least_one)]
            .into_iter()
            .flat_map(|(kind, lists)| {
                lists.into_iter().map(move |l| Rule { kind, fields: l.fields, names: Vec::new() })
            })
            .collect()
    }

    /// The call that checks the rule while a request's parameters are read.
    pub fn tokens(&self) -> proc_macro2::TokenStream {
        let p = crate::paths::private();
        let kind = self.kind_tokens();
        let names = &self.names;
        quote::quote!(#p::check_rule(__r, #kind, &[#(#names),*])?;)
    }

    /// The rule as a `(ParamRule, names)` entry of a group's `RULES`.
    pub fn entry(&self) -> proc_macro2::TokenStream {
        let kind = self.kind_tokens();
        let names = &self.names;
        quote::quote!((#kind, &[#(#names),*]))
    }

    fn kind_tokens(&self) -> proc_macro2::TokenStream {
        let p = crate::paths::private();
        match self.kind {
            RuleKind::ExactlyOne => quote::quote!(#p::ParamRule::ExactlyOne),
            RuleKind::AtMostOne => quote::quote!(#p::ParamRule::AtMostOne),
            RuleKind::AtLeastOne => quote::quote!(#p::ParamRule::AtLeastOne),
        }
    }
}

/// How a field takes part in the module.
pub enum Shape {
    /// One parameter.
    Plain,
    /// A `ParamGroup`'s parameters, with annotations to add by parameter name.
    Flatten { annotate: Vec<(String, syn::LitStr)> },
    /// A templated parameter whose placeholder `var` takes the values of field `source`
    /// (written at `source_span`).
    Template { var: String, source: String, source_span: Span, source_field: usize },
}

/// A checked parameter (or flattened group).
pub struct Param {
    pub ident: syn::Ident,
    /// The field's doc comment: the parameter's help.
    pub doc: String,
    pub ty: syn::Type,
    pub shape: Shape,
    /// The listed name (without prefix).
    pub name: String,
    pub name_span: Span,
    pub default: Option<DefaultValue>,
    /// The default as a generator (`generator_default = "…"`).
    pub generator_default: Option<syn::LitStr>,
    pub values: Option<syn::Path>,
    /// Values computed when the descriptor is built (`values_from = f`).
    pub values_from: Option<syn::Path>,
    pub deprecated_values: Vec<syn::LitStr>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub subtypes: Option<Vec<String>>,
    pub extra_namespaces: bool,
    pub all: bool,
    pub required: Option<Span>,
    pub deprecated: bool,
    pub sensitive: bool,
    pub password: bool,
    /// Typed `text` in paraminfo.
    pub text: bool,
    pub tokentype: Option<syn::LitStr>,
    pub allow_duplicates: bool,
    pub module_checks_values: bool,
    pub info: Vec<InfoAttr>,
}

impl Module {
    /// Checks the module header; `call_site` is where a missing key is reported.
    pub fn from_args(
        args: ModuleArgs,
        description: String,
        call_site: Span,
        errors: &mut darling::error::Accumulator,
    ) -> Option<Module> {
        let Some(group_lit) = &args.group else {
            errors.push(
                darling::Error::custom("missing `group`: one of `list`, `prop`, `meta`, `action`, `main`")
                    .with_span(&call_site),
            );
            return None;
        };
        let group = match group_lit.value().as_str() {
            "list" => Some(GroupKind::List),
            "prop" => Some(GroupKind::Prop),
            "meta" => Some(GroupKind::Meta),
            "action" => Some(GroupKind::Action),
            "main" => Some(GroupKind::Main),
            other => {
                errors.push(
                    darling::Error::custom(format!(
                        "unknown group `{other}`: expected one of `list`, `prop`, `meta`, `action`, `main`"
                    ))
                    .with_span(group_lit),
                );
                None
            }
        };
        let prefix = match &args.prefix {
            Some(p) => {
                let v = p.value();
                if !v.chars().all(|c| c.is_ascii_lowercase()) {
                    errors.push(darling::Error::custom("a prefix is lower-case ASCII letters").with_span(p));
                }
                Some(v)
            }
            None => {
                errors.push(
                    darling::Error::custom(
                        "missing `prefix`: write `prefix = \"\"` for a module whose parameters have none",
                    )
                    .with_span(&call_site),
                );
                None
            }
        };
        let Some(name_lit) = args.name else {
            errors.push(
                darling::Error::custom("missing `name`: the module's name, e.g. `name = \"logevents\"`")
                    .with_span(&call_site),
            );
            return None;
        };
        let name = name_lit.value();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()) {
            errors.push(
                darling::Error::custom("a module name is lower-case ASCII letters and digits").with_span(&name_lit),
            );
        }
        if args.generator.is_present() && !matches!(group, Some(GroupKind::List) | Some(GroupKind::Prop) | None) {
            errors.push(
                darling::Error::custom("`generator` is only for list and prop modules: a meta or action module cannot feed pages to others")
                    .with_span(&args.generator.span()),
            );
        }
        let cache = match &args.cache {
            None => CacheKind::Private,
            Some(lit) => match CacheKind::NAMES.iter().find(|(n, _)| *n == lit.value()) {
                Some((_, kind)) => *kind,
                None => {
                    errors.push(
                        darling::Error::custom(
                            "`cache` is `public`, `anon-public-user-private` or `private` (the default)",
                        )
                        .with_span(lit),
                    );
                    CacheKind::Private
                }
            },
        };
        let rules = Rule::all(args.exactly_one_of, args.at_most_one_of, args.at_least_one_of);
        Some(Module {
            cache,
            rules,
            description,
            examples: args.example,
            name: name_lit,
            group: group?,
            prefix: prefix?,
            readrights: args.readrights.is_present(),
            generator: args.generator.is_present(),
            deprecated: args.deprecated.is_present(),
            writerights: args.writerights.is_present(),
            mustbeposted: args.mustbeposted.is_present(),
            dynamicparameters: args.dynamicparameters.is_present(),
            help: args.help,
            xml: args.xml,
            xml_lists: {
                let mut lists: Vec<(String, syn::Path)> = args.xml_lists.into_iter().collect();
                lists.sort_by(|a, b| a.0.cmp(&b.0));
                lists
            },
            xml_under: {
                let mut under: Vec<(String, String, syn::LitStr)> = args
                    .xml_under
                    .into_iter()
                    // A list named by a keyword is written raw (`r#type`).
                    .flat_map(|(holder, lists)| {
                        lists.into_iter().map(move |(list, tag)| {
                            (holder.clone(), list.strip_prefix("r#").unwrap_or(&list).to_owned(), tag)
                        })
                    })
                    .collect();
                under.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
                under
            },
            xml_nested: {
                let mut nested: Vec<(String, syn::LitStr)> = args.xml_nested.into_iter().collect();
                nested.sort_by(|a, b| a.0.cmp(&b.0));
                nested
            },
        })
    }
}

impl Param {
    /// Checks one field's attribute on its own; cross-field rules are in `check`.
    pub fn from_field(args: FieldArgs, errors: &mut darling::error::Accumulator) -> Option<Param> {
        let ident = args.ident.clone()?;
        let raw = ident.to_string();
        let field_name = raw.strip_prefix("r#").unwrap_or(&raw).to_owned();
        let (name, name_span) = match (&args.rename, &args.template) {
            (Some(r), _) => (r.value(), r.span()),
            (None, Some(t)) => (t.value(), t.span()),
            (None, None) => (field_name, ident.span()),
        };
        let shape = if args.flatten.is_present() {
            let others = args.default.is_some()
                || args.values.is_some()
                || args.values_from.is_some()
                || args.rename.is_some()
                || args.template.is_some()
                || args.min.is_some()
                || args.max.is_some()
                || args.required.is_present()
                || args.deprecated.is_present();
            if others {
                errors.push(
                    darling::Error::custom("`flatten` takes no other keys but `annotate`")
                        .with_span(&args.flatten.span()),
                );
            }
            let mut annotate: Vec<(String, syn::LitStr)> = args.annotate.into_iter().collect();
            annotate.sort_by(|a, b| a.0.cmp(&b.0));
            Shape::Flatten { annotate }
        } else if let Some(template) = &args.template {
            let t = template.value();
            let vars: Vec<&str> = t.split('{').skip(1).filter_map(|s| s.split_once('}').map(|(v, _)| v)).collect();
            if vars.len() != 1 || vars[0].is_empty() {
                errors.push(
                    darling::Error::custom("a template has exactly one placeholder, e.g. `contentformat-{slot}`")
                        .with_span(template),
                );
            }
            match &args.source {
                Some(source) => Shape::Template {
                    var: vars.first().copied().unwrap_or_default().to_owned(),
                    source: source.value(),
                    source_span: source.span(),
                    source_field: usize::MAX,
                },
                None => {
                    errors.push(
                        darling::Error::custom("a templated parameter names its `source`: the multi-valued parameter whose values fill the placeholder")
                            .with_span(template),
                    );
                    Shape::Plain
                }
            }
        } else {
            if let Some(source) = &args.source {
                errors.push(darling::Error::custom("`source` goes with `template`").with_span(source));
            }
            // The keys of `annotate(...)` lose their spans in darling's map: point at a value
            // (the first by name, for a stable choice).
            if let Some((_, first)) = args.annotate.iter().min_by(|a, b| a.0.cmp(b.0)) {
                errors.push(darling::Error::custom("`annotate` goes with `flatten`").with_span(first));
            }
            Shape::Plain
        };
        if args.required.is_present() {
            if let Some(d) = &args.default {
                errors.push(
                    darling::Error::custom("a required parameter has no default: drop `required` or `default`")
                        .with_span(&d.span),
                );
            }
        }
        let min = args.min.as_ref().map(|m| m.value);
        let max = args.max.as_ref().map(|m| m.value);
        if let (Some(lo), Some(hi)) = (&args.min, &args.max) {
            if lo.value > hi.value {
                errors.push(
                    darling::Error::custom(format!("`min` ({}) is greater than `max` ({})", lo.value, hi.value))
                        .with_span(&lo.span),
                );
            }
        }
        let subtypes = args.subtypes.as_ref().map(|s| {
            let list: Vec<String> = s.value().split('|').map(str::to_owned).collect();
            for t in &list {
                if !USER_SUBTYPES.contains(&t.as_str()) {
                    errors.push(
                        darling::Error::custom(format!(
                            "unknown user subtype `{t}`: expected some of `name`, `ip`, `temp`, `cidr`, `interwiki`, `id`"
                        ))
                        .with_span(s),
                    );
                }
            }
            list
        });
        if let (Some(_), Some(from)) = (&args.values, &args.values_from) {
            errors.push(
                darling::Error::custom("`values` and `values_from` both name the values: keep one").with_span(from),
            );
        }
        let deprecated_values = args.deprecated_values.map(|d| d.items).unwrap_or_default();
        if !deprecated_values.is_empty() && args.values.is_none() {
            errors.push(
                darling::Error::custom("`deprecated_values` goes with `values = SET`; an enum marks its deprecated values with `#[value(deprecated)]`")
                    .with_span(&deprecated_values[0]),
            );
        }
        Some(Param {
            ident,
            doc: doc_text(&args.attrs),
            ty: args.ty,
            shape,
            name,
            name_span,
            default: args.default,
            generator_default: args.generator_default,
            values: args.values,
            values_from: args.values_from,
            deprecated_values,
            min,
            max,
            subtypes,
            extra_namespaces: args.extra_namespaces.is_present(),
            all: args.all.is_present(),
            required: args.required.is_present().then(|| args.required.span()),
            deprecated: args.deprecated.is_present(),
            sensitive: args.sensitive.is_present() || args.password.is_present(),
            password: args.password.is_present(),
            text: args.text.is_present(),
            tokentype: args.tokentype,
            allow_duplicates: args.allow_duplicates.is_present(),
            module_checks_values: args.module_checks_values.is_present(),
            info: args.info,
        })
    }
}
