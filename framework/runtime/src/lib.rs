//! The runtime of wikiquery: parameter types and validation, module descriptors, the module
//! registry, errors and warnings, output formats, and the API main loop.
//!
//! Module authors write a struct annotated with [`query_module`] and implement
//! [`QueryModule`] (or [`ActionModule`]) for it; everything else is here.

// Lets the paths that generated code uses (`::wikiquery_runtime::...`) resolve in this crate too.
extern crate self as wikiquery_runtime;

pub mod accounts;
pub mod action;
pub mod api;
pub mod cache;
pub mod clock;
pub mod cors;
pub mod descriptor;
pub mod error;
pub mod format;
pub mod help;
pub mod main_module;
pub mod module;
pub mod observe;
pub mod param;
pub mod query;
pub mod registry;
pub mod result;
pub mod scope;
pub mod services;
pub mod session;

pub use accounts::Accounts;
pub use action::ActionContext;
pub use cache::CacheMode;
pub use clock::Clock;
pub use descriptor::{Example, Group, HelpText, Info, ModuleDescriptor, ParamDescriptor, ParamKind};
pub use error::{ApiError, Warning, Warnings};
pub use format::{Format, Printer, Shape};
pub use help::{Help, HelpFormat};
pub use module::{ActionModule, ModuleSpec, QueryModule};
pub use param::{
    ComputedValues, Continue, ContinueForm, ContinuePart, ContinueValue, ExactInt, Limit, LooseInt, Namespace,
    ParamGroup, ParamReader, Parts, ReadContinue, RequestState, Templated, Timestamp, Title, Truthy, UserRef,
    ValueList, ValueSet,
};
pub use query::{query_module_names, Generated, QueryContext};
pub use registry::{ModuleEntry, Registry};
pub use result::ApiResult;
pub use scope::RequestScope;
pub use services::Services;
pub use session::{Account, Session, SessionKeys, SessionUser};
pub use wikiquery_domain::rights::Rights;
pub use wikiquery_macros::{query_module, ParamGroup, ParamValues};

/// What generated code uses. Not part of the public interface: names here change freely.
#[doc(hidden)]
pub mod __private {
    pub use crate::cache::CacheMode;
    pub use crate::descriptor::{Example, Group, Info, ModuleDescriptor, ParamDescriptor, ParamKind};
    pub use crate::error::ApiError;
    pub use crate::module::ModuleSpec;
    pub use crate::param::{
        check_rule, describe_scalar, extract_scalar, ComputedValues, ExampleParam, Hints, MultiValue, ParamGroup,
        ParamReader, ParamRule, ParamType, ScalarParam, Templated, ValueContext, ValueList,
    };
    pub use crate::registry::ModuleEntry;
    pub use inventory;
    pub use std::sync::OnceLock;

    /// A parameter's value, or `None` with its error kept when it is the first: MediaWiki reads
    /// every parameter of a module (so each gives its warnings) and then fails with the first
    /// error, in the order the parameters are declared.
    pub fn keep_first<T>(read: Result<T, ApiError>, first: &mut Option<ApiError>) -> Option<T> {
        match read {
            Ok(value) => Some(value),
            Err(e) => {
                first.get_or_insert(e);
                None
            }
        }
    }

    /// Whether two strings are equal, in a constant context.
    pub const fn str_eq(a: &str, b: &str) -> bool {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        let mut i = 0;
        while i < a.len() {
            if a[i] != b[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether `value` is one of `values`, in a constant context.
    pub const fn contains(values: &[&str], value: &str) -> bool {
        let mut i = 0;
        while i < values.len() {
            if str_eq(values[i], value) {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Whether every `|`-separated piece of `joined` is one of `values` (an empty `joined` has
    /// no pieces), in a constant context.
    pub const fn all_in(joined: &str, values: &[&str], multi: bool) -> bool {
        if !multi {
            return contains(values, joined);
        }
        let bytes = joined.as_bytes();
        if bytes.is_empty() {
            return true;
        }
        let mut start = 0;
        let mut end = 0;
        while end <= bytes.len() {
            if end == bytes.len() || bytes[end] == b'|' {
                let (_, rest) = bytes.split_at(start);
                let (piece, _) = rest.split_at(end - start);
                let mut found = false;
                let mut i = 0;
                while i < values.len() {
                    let v = values[i].as_bytes();
                    if v.len() == piece.len() {
                        let mut j = 0;
                        let mut same = true;
                        while j < v.len() {
                            if v[j] != piece[j] {
                                same = false;
                            }
                            j += 1;
                        }
                        if same {
                            found = true;
                        }
                    }
                    i += 1;
                }
                if !found {
                    return false;
                }
                start = end + 1;
            }
            end += 1;
        }
        true
    }

    /// What an example's `name=value` is to some tables of parameters (a module's own and its
    /// groups'): 0 a valid value,
    /// 1 no such parameter, 2 a value outside the parameter's set. A templated parameter
    /// (`contentformat-{slot}`) answers for every name with its text before the placeholder.
    pub const fn example_check(groups: &[&[ExampleParam]], name: &str, value: &str) -> u8 {
        let mut g = 0;
        while g < groups.len() {
            let mut i = 0;
            while i < groups[g].len() {
                let p = &groups[g][i];
                if str_eq(p.name, name) {
                    return match p.values {
                        Some(values) if !all_in(value, values, p.multi) => 2,
                        _ => 0,
                    };
                }
                if template_matches(p.name, name) {
                    return 0;
                }
                i += 1;
            }
            g += 1;
        }
        1
    }

    /// Whether `name` is an instance of the templated name `template` (`contentformat-{slot}`
    /// and `contentformat-main`): the text before the placeholder is a proper prefix of it.
    const fn template_matches(template: &str, name: &str) -> bool {
        let (t, n) = (template.as_bytes(), name.as_bytes());
        let mut i = 0;
        while i < t.len() {
            if t[i] == b'{' {
                return n.len() > i;
            }
            if i >= n.len() || t[i] != n[i] {
                return false;
            }
            i += 1;
        }
        false
    }

    /// The values of a parameter: those the attribute names, else the type's own.
    pub const fn pick_values(
        hint: ::core::option::Option<&'static [&'static str]>,
        from_type: ::core::option::Option<&'static [&'static str]>,
    ) -> ::core::option::Option<&'static [&'static str]> {
        match hint {
            Some(v) => Some(v),
            None => from_type,
        }
    }
}
