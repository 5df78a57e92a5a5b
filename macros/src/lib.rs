//! Procedural macros of wikiquery: `#[query_module]` for a module struct, `ParamGroup` for a
//! set of parameters shared by several modules, and `ParamValues` for an enum standing for a
//! closed set of values.
//!
//! The way through: `attrs` reads attributes (darling), `model` builds the checked model and
//! `check` applies the rules that span several fields, collecting every error with the span of
//! its culprit; only then does `codegen` emit code, naming everything through `paths`.

mod attrs;
mod check;
mod codegen;
mod model;
mod paths;

use proc_macro::TokenStream;

/// Declares a query (or action) module: generates its descriptor, its parameter parser with
/// validation, and its registration.
///
/// ```ignore
/// #[query_module(name = "logevents", group = "list", prefix = "le", readrights)]
/// pub struct LogEvents {
///     #[param(default = "older")]
///     dir: Direction,
///     #[param(default = 10)]
///     limit: Limit,
/// }
/// ```
#[proc_macro_attribute]
pub fn query_module(args: TokenStream, input: TokenStream) -> TokenStream {
    codegen::module::expand(args.into(), input.into()).into()
}

/// Declares a set of parameters that modules include with `#[param(flatten)]`.
#[proc_macro_derive(ParamGroup, attributes(param, param_group))]
pub fn derive_param_group(input: TokenStream) -> TokenStream {
    codegen::group::expand(input.into()).into()
}

/// Declares an enum whose variants are the allowed values of a parameter.
#[proc_macro_derive(ParamValues, attributes(value))]
pub fn derive_param_values(input: TokenStream) -> TokenStream {
    codegen::values::expand(input.into()).into()
}
