//! Module and parameter descriptors: what `action=paraminfo` serves, and what the parameter
//! parser validates against. Generated code builds them; this file renders them.

use serde_json::{json, Map, Value};

/// A module's name from its path (`query+allpages` → `allpages`).
pub fn module_name(path: &str) -> &str {
    path.rsplit('+').next().unwrap_or(path)
}

/// How many values a multi-valued parameter takes.
pub const MULTI_LIMIT_LOW: usize = 50;

/// How many values a multi-valued parameter takes for callers with `apihighlimits`.
pub const MULTI_LIMIT_HIGH: usize = 500;

/// The group a module belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// `list=` modules: return a list of records.
    List,
    /// `prop=` modules: return properties of given pages.
    Prop,
    /// `meta=` modules: site or caller information.
    Meta,
    /// Action modules (`action=`), children of the main module.
    Action,
    /// Output formats (`format=`), children of the main module too.
    Format,
}

impl Group {
    /// The group's name as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::List => "list",
            Group::Prop => "prop",
            Group::Meta => "meta",
            Group::Action => "action",
            Group::Format => "format",
        }
    }

    /// Whether this is a query submodule group (list, prop or meta).
    pub fn is_query(self) -> bool {
        !matches!(self, Group::Action | Group::Format)
    }
}

/// An annotation on a parameter (`info` in paraminfo), e.g. `singlepageonly` or `modes 1, 2`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The annotation's tag.
    pub name: &'static str,
    /// Its values, if any.
    pub values: Vec<i64>,
}

/// What a parameter's type is, as far as validation and paraminfo care.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamKind {
    /// Free text.
    String,
    /// An integer, optionally bounded.
    Integer { min: Option<i64>, max: Option<i64> },
    /// Present means true.
    Boolean,
    /// A point in time in any form MediaWiki accepts.
    Timestamp,
    /// A page size: `max` or an integer between `min` and `max` (`highmax` with apihighlimits).
    Limit { min: i64, max: i64, highmax: i64 },
    /// A namespace number; `extra` admits -2 (Media) and -1 (Special).
    Namespace { extra: bool },
    /// A user reference of the given subtypes (`name`, `ip`, `temp`, `cidr`, `interwiki`, `id`).
    User { subtypes: Vec<&'static str> },
    /// A page title.
    Title,
    /// One of a closed set of values.
    Values(Vec<&'static str>),
}

/// Everything paraminfo says about one parameter, and what the parser checks.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamDescriptor {
    /// The listed name without prefix; a templated one has placeholders, `contentformat-{slot}`.
    pub name: &'static str,
    /// The type.
    pub kind: ParamKind,
    /// The default as written in the module (multi-valued: values joined by `|`).
    pub default: Option<&'static str>,
    /// The default when the module runs as a generator, where it differs (MediaWiki's search
    /// gives its information and properties only when a generator is asked for them).
    pub generator_default: Option<&'static str>,
    /// Takes several values.
    pub multi: bool,
    /// `*` selects every value.
    pub all: bool,
    /// Must be given.
    pub required: bool,
    /// Marked deprecated.
    pub deprecated: bool,
    /// The value is a secret (never logged).
    pub sensitive: bool,
    /// A password (a string, typed `password` in paraminfo).
    pub password: bool,
    /// Text of several lines (a string, typed `text` in paraminfo).
    pub text: bool,
    /// The action's token parameter, of this token type.
    pub token_type: Option<&'static str>,
    /// Duplicate values are kept.
    pub allows_duplicates: bool,
    /// The listed values are for paraminfo; the module checks a request's value itself.
    pub module_checks_values: bool,
    /// Allowed values that are deprecated.
    pub deprecated_values: Vec<&'static str>,
    /// Annotations.
    pub info: Vec<Info>,
    /// For a templated parameter: placeholder → the multi-valued parameter supplying its values.
    pub template_vars: Vec<(&'static str, &'static str)>,
    /// For a parameter whose values name modules (`action`, `format`, `list`, `prop`, `meta`,
    /// `generator`): each value and the path of the module it selects, in value order.
    pub submodules: Option<Vec<(String, String)>>,
    /// Allowed values that are internal (listed, but not for general use).
    pub internal_values: Vec<&'static str>,
    /// The prefix the selected submodules' parameters take (`g` for `generator`).
    pub submodule_param_prefix: Option<&'static str>,
    /// The parameter's help: the field's doc comment.
    pub description: &'static str,
    /// The help of each allowed value that has one, in value order.
    pub value_docs: Vec<(&'static str, &'static str)>,
}

impl ParamDescriptor {
    /// A plain optional string parameter named `name`; generated code adjusts the rest.
    pub fn new(name: &'static str) -> Self {
        ParamDescriptor {
            name,
            kind: ParamKind::String,
            default: None,
            generator_default: None,
            multi: false,
            all: false,
            required: false,
            deprecated: false,
            sensitive: false,
            password: false,
            text: false,
            token_type: None,
            allows_duplicates: false,
            module_checks_values: false,
            deprecated_values: Vec::new(),
            info: Vec::new(),
            template_vars: Vec::new(),
            submodules: None,
            internal_values: Vec::new(),
            submodule_param_prefix: None,
            description: "",
            value_docs: Vec::new(),
        }
    }

    /// Whether this parameter stands for a family of wire names (`contentformat-{slot}`).
    pub fn is_templated(&self) -> bool {
        !self.template_vars.is_empty()
    }

    /// The allowed values, for a parameter with a closed set.
    pub fn values(&self) -> Option<&[&'static str]> {
        match &self.kind {
            ParamKind::Values(v) => Some(v),
            _ => None,
        }
    }

    /// The parameter in paraminfo's formatversion=2 form, MediaWiki's member order.
    /// `high_limits` decides the `limit` member of a multi-valued parameter.
    /// With `help` (its module and the format), the parameter's help in that format.
    pub fn to_json(&self, index: usize, high_limits: bool, help: Option<(&ModuleDescriptor, &dyn HelpText)>) -> Value {
        let description = help.and_then(|(d, h)| h.param(d, self));
        let mut o = Map::new();
        o.insert("index".into(), json!(index));
        o.insert("name".into(), json!(self.name));
        if self.is_templated() {
            let vars: Map<String, Value> =
                self.template_vars.iter().map(|(k, v)| ((*k).to_owned(), json!(v))).collect();
            o.insert("templatevars".into(), Value::Object(vars));
        }
        if let Some(description) = description {
            o.insert("description".into(), description);
        }
        let type_value = match &self.kind {
            ParamKind::String if self.password => json!("password"),
            ParamKind::String if self.text => json!("text"),
            ParamKind::String => json!("string"),
            ParamKind::Integer { .. } => json!("integer"),
            ParamKind::Boolean => json!("boolean"),
            ParamKind::Timestamp => json!("timestamp"),
            ParamKind::Limit { .. } => json!("limit"),
            ParamKind::Namespace { .. } => json!("namespace"),
            ParamKind::User { .. } => json!("user"),
            ParamKind::Title => json!("title"),
            ParamKind::Values(v) => json!(v),
        };
        o.insert("type".into(), type_value);
        o.insert("required".into(), json!(self.required));
        if self.deprecated {
            o.insert("deprecated".into(), json!(true));
        }
        if self.sensitive {
            o.insert("sensitive".into(), json!(true));
        }
        if let Some(default) = self.default {
            o.insert("default".into(), self.render_default(default));
        }
        o.insert("multi".into(), json!(self.multi));
        if let Some(submodules) = &self.submodules {
            let map: Map<String, Value> = submodules.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
            o.insert("submodules".into(), Value::Object(map));
        }
        if let Some(prefix) = self.submodule_param_prefix {
            o.insert("submoduleparamprefix".into(), json!(prefix));
        }
        if self.multi {
            o.insert("lowlimit".into(), json!(MULTI_LIMIT_LOW));
            o.insert("highlimit".into(), json!(MULTI_LIMIT_HIGH));
            let limit = if high_limits { MULTI_LIMIT_HIGH } else { MULTI_LIMIT_LOW };
            o.insert("limit".into(), json!(limit));
            if self.allows_duplicates {
                o.insert("allowsduplicates".into(), json!(true));
            }
            if self.all {
                o.insert("allspecifier".into(), json!("*"));
            }
        }
        match &self.kind {
            ParamKind::Integer { min, max } => {
                if let Some(min) = min {
                    o.insert("min".into(), json!(min));
                }
                if let Some(max) = max {
                    o.insert("max".into(), json!(max));
                }
            }
            ParamKind::Limit { min, max, highmax } => {
                o.insert("min".into(), json!(min));
                o.insert("max".into(), json!(max));
                o.insert("highmax".into(), json!(highmax));
            }
            ParamKind::Namespace { extra: true } => {
                o.insert("extranamespaces".into(), json!([-2, -1]));
            }
            ParamKind::User { subtypes } => {
                o.insert("subtypes".into(), json!(subtypes));
            }
            _ => {}
        }
        if !self.internal_values.is_empty() {
            o.insert("internalvalues".into(), json!(self.internal_values));
        }
        if !self.deprecated_values.is_empty() {
            o.insert("deprecatedvalues".into(), json!(self.deprecated_values));
        }
        if !self.info.is_empty() {
            let info: Vec<Value> = self
                .info
                .iter()
                .map(|i| {
                    let mut item = Map::new();
                    item.insert("name".into(), json!(i.name));
                    if !i.values.is_empty() {
                        item.insert("values".into(), json!(i.values));
                    }
                    if let Some(text) = help.and_then(|(d, h)| h.info(d, i)) {
                        item.insert("text".into(), text);
                    }
                    Value::Object(item)
                })
                .collect();
            o.insert("info".into(), Value::Array(info));
        }
        if let Some(token_type) = self.token_type {
            o.insert("tokentype".into(), json!(token_type));
        }
        Value::Object(o)
    }

    fn render_default(&self, default: &str) -> Value {
        let numeric =
            matches!(self.kind, ParamKind::Integer { .. } | ParamKind::Limit { .. } | ParamKind::Namespace { .. });
        if numeric {
            if let Ok(n) = default.parse::<i64>() {
                return json!(n);
            }
        }
        json!(default)
    }
}

/// Help texts in the form paraminfo gives them (its `helpformat`): each `None` where the form
/// gives none. Implemented by [`crate::help::Help`]; descriptors only place what it renders.
pub trait HelpText {
    /// A module's description.
    fn module(&self, d: &ModuleDescriptor) -> Option<Value>;
    /// A module's examples.
    fn examples(&self, d: &ModuleDescriptor) -> Option<Value>;
    /// A parameter's description.
    fn param(&self, d: &ModuleDescriptor, p: &ParamDescriptor) -> Option<Value>;
    /// What an annotation on a parameter says.
    fn info(&self, d: &ModuleDescriptor, info: &Info) -> Option<Value>;
    /// What a module says of parameters beyond those it lists.
    fn dynamic_parameters(&self, d: &ModuleDescriptor) -> Option<Value>;
}

/// An example request of a module's help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The query string after `api.php?`.
    pub query: &'static str,
    /// What the request does.
    pub text: &'static str,
}

/// Everything paraminfo says about one module.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleDescriptor {
    /// The module's name, e.g. `logevents`.
    pub name: &'static str,
    /// The group; `None` only for the main module.
    pub group: Option<Group>,
    /// The prefix joined to every parameter's name on the wire.
    pub prefix: &'static str,
    /// The implementing Rust type.
    pub classname: &'static str,
    /// Needs read access.
    pub readrights: bool,
    /// Who may share a cached answer, unless the module says otherwise for its parameters
    /// ([`crate::QueryModule::cache_mode`]).
    pub cache_mode: crate::cache::CacheMode,
    /// Can act as a generator.
    pub generator: bool,
    /// The element name of the items of its list in an XML answer.
    pub xml_tag: Option<&'static str>,
    /// The element names of the items of lists inside each item, by list name.
    pub xml_nested: &'static [(&'static str, &'static str)],
    /// The element names of the items of lists inside other elements: (the holding element, the
    /// list, the items).
    pub xml_under: &'static [(&'static str, &'static str, &'static str)],
    /// Tables of such lists, each by the element holding them: (that element, a table of
    /// (holder, list, items) whose empty holder is that element).
    pub xml_lists: &'static [(&'static str, &'static [(&'static str, &'static str, &'static str)])],
    /// Marked deprecated as a whole.
    pub deprecated: bool,
    /// Changes something: needs `writeapi`.
    pub writerights: bool,
    /// Answers only a POST request.
    pub mustbeposted: bool,
    /// Takes parameters beyond those it lists.
    pub dynamic_parameters: bool,
    /// Help pages.
    pub helpurls: Vec<&'static str>,
    /// What the module does: the struct's doc comment (its first paragraph a summary).
    pub description: &'static str,
    /// Example requests.
    pub examples: Vec<Example>,
    /// The parameters in index order, templated ones included at their position.
    pub params: Vec<ParamDescriptor>,
}

/// The software named as every module's source.
pub const SOURCE_NAME: &str = "wikiquery";
/// The licence of every module.
pub const LICENSE_TAG: &str = "GPL-2.0-or-later";
/// Where the licence text is.
pub const LICENSE_LINK: &str = "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html";

impl ModuleDescriptor {
    /// The descriptor of a part of the API described by hand rather than by `#[query_module]`
    /// (the page set, the output formats): read-only, public, no prefix, no examples, no lists
    /// of its own for XML.
    pub fn described(
        name: &'static str,
        group: Group,
        classname: &'static str,
        description: &'static str,
        params: Vec<ParamDescriptor>,
    ) -> ModuleDescriptor {
        ModuleDescriptor {
            name,
            group: Some(group),
            prefix: "",
            classname,
            readrights: true,
            cache_mode: crate::cache::CacheMode::Public,
            generator: false,
            deprecated: false,
            writerights: false,
            mustbeposted: false,
            dynamic_parameters: false,
            helpurls: Vec::new(),
            description,
            examples: Vec::new(),
            xml_tag: None,
            xml_nested: &[],
            xml_under: &[],
            xml_lists: &[],
            params,
        }
    }

    /// The module's path: `main`, an action's name, or `query+<name>` for query submodules.
    pub fn path(&self) -> String {
        match self.group {
            Some(g) if g.is_query() => format!("query+{}", self.name),
            _ => self.name.to_owned(),
        }
    }

    /// A parameter by its listed name.
    pub fn param(&self, name: &str) -> Option<&ParamDescriptor> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The module in paraminfo's formatversion=2 form (booleans); the formatter turns it into
    /// formatversion=1's `""`-flags.
    /// With `help`, the module's, its examples' and its parameters' help in its format.
    pub fn to_json(&self, high_limits: bool, help: Option<&dyn HelpText>) -> Value {
        let mut o = Map::new();
        o.insert("name".into(), json!(self.name));
        o.insert("classname".into(), json!(self.classname));
        o.insert("path".into(), json!(self.path()));
        if let Some(group) = self.group {
            o.insert("group".into(), json!(group.as_str()));
        }
        o.insert("prefix".into(), json!(self.prefix));
        o.insert("source".into(), json!(SOURCE_NAME));
        o.insert("sourcename".into(), json!(SOURCE_NAME));
        o.insert("licensetag".into(), json!(LICENSE_TAG));
        o.insert("licenselink".into(), json!(LICENSE_LINK));
        if let Some(description) = help.and_then(|h| h.module(self)) {
            o.insert("description".into(), description);
        }
        if self.deprecated {
            o.insert("deprecated".into(), json!(true));
        }
        if self.readrights {
            o.insert("readrights".into(), json!(true));
        }
        if self.writerights {
            o.insert("writerights".into(), json!(true));
        }
        if self.mustbeposted {
            o.insert("mustbeposted".into(), json!(true));
        }
        if self.generator {
            o.insert("generator".into(), json!(true));
        }
        o.insert("helpurls".into(), json!(self.helpurls));
        if let Some(examples) = help.and_then(|h| h.examples(self)) {
            o.insert("examples".into(), examples);
        }
        let mut params = Vec::new();
        let mut templated = Vec::new();
        for (i, p) in self.params.iter().enumerate() {
            let item = p.to_json(i + 1, high_limits, help.map(|h| (self, h)));
            if p.is_templated() {
                templated.push(item);
            } else {
                params.push(item);
            }
        }
        o.insert("parameters".into(), Value::Array(params));
        o.insert("templatedparameters".into(), Value::Array(templated));
        if self.dynamic_parameters {
            let text = help.and_then(|h| h.dynamic_parameters(self));
            o.insert("dynamicparameters".into(), text.unwrap_or(json!(true)));
        }
        Value::Object(o)
    }
}
