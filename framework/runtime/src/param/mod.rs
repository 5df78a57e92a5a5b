//! Parameters: how a module's declared fields are read from a request and validated.
//!
//! Generated code calls [`ParamType::describe`] to build a field's descriptor and
//! [`ParamType::extract`] to read it. A field's Rust type decides its shape: `T` (required
//! unless it has a default), `Option<T>` (optional), `Vec<T>` (multi-valued), where `T` is a
//! [`ScalarParam`]: a string, an integer, a boolean, a [`Timestamp`], a [`Limit`], a
//! [`Namespace`], a [`UserRef`], a [`Title`], or an enum deriving `ParamValues`.

mod continuation;
mod reader;
pub(crate) mod rules;
mod scalar;
mod timestamp;
mod types;
pub mod user;

pub use crate::error::listed;
pub use continuation::{
    Continue, ContinueForm, ContinuePart, ContinueValue, ExactInt, LooseInt, Parts, ReadContinue, Truthy,
};
pub use reader::{ParamReader, RequestParams, RequestState, SiteTitles, DEFAULT_NAMESPACES};
pub use rules::{check_rule, ParamRule};
pub use scalar::{Limit, Namespace, Title};
pub use types::{
    describe_scalar, extract_scalar, split_multi, split_values, ComputedValues, ExampleParam, Hints, MultiValue,
    ParamGroup, ParamType, ScalarParam, Templated, ValueContext, ValueList, ValueSet,
};
pub use user::UserRef;
pub use wikiquery_domain::timestamp::Timestamp;
