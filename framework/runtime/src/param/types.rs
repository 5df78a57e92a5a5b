//! The parameter types: how a field's Rust type is described and read ([`ParamType`] over
//! [`ScalarParam`]), multi-valued parameters, templated parameters, parameter groups and
//! value lists.

use super::reader::{ParamReader, RequestState};
use super::rules::ParamRule;
use crate::descriptor::{ParamDescriptor, ParamKind, MULTI_LIMIT_HIGH, MULTI_LIMIT_LOW};
use crate::error::ApiError;

/// The values of a multi-valued parameter's text: separated by `|`, or by U+001F when the
/// text starts with one (so that values may contain `|`).
pub fn split_values(raw: &str) -> Vec<&str> {
    match raw.strip_prefix('\u{1f}') {
        Some(rest) => rest.split('\u{1f}').collect(),
        None => raw.split('|').collect(),
    }
}

/// A closed set of values computed when a descriptor is built (`#[param(values_from = f)]`):
/// the values in the order paraminfo lists them, those of them that are deprecated, and the
/// module each value selects, for parameters whose values are module names.
#[derive(Debug, Clone, Default)]
pub struct ComputedValues {
    /// The allowed values.
    pub values: Vec<&'static str>,
    /// Those of them that are deprecated.
    pub deprecated: Vec<&'static str>,
    /// Value → path of the module it selects (`allpages` → `query+allpages`).
    pub submodules: Option<Vec<(String, String)>>,
    /// The prefix the selected modules' parameters take (`g` for `generator`).
    pub submodule_param_prefix: Option<&'static str>,
}

impl From<Vec<&'static str>> for ComputedValues {
    fn from(values: Vec<&'static str>) -> Self {
        ComputedValues { values, ..ComputedValues::default() }
    }
}

/// What an attribute says about a parameter's type beyond the Rust type itself, while its
/// descriptor is built (values computed for it are lent, not kept).
#[derive(Debug, Clone, Copy, Default)]
pub struct Hints<'a> {
    /// A closed set of values for a string parameter (`values = SET`).
    pub values: Option<&'a [&'static str]>,
    /// Values of that set marked deprecated.
    pub deprecated_values: &'a [&'static str],
    /// Lower bound of an integer.
    pub min: Option<i64>,
    /// Upper bound of an integer.
    pub max: Option<i64>,
    /// Allowed subtypes of a user parameter.
    pub subtypes: Option<&'static [&'static str]>,
    /// Whether a namespace parameter admits -2 and -1.
    pub extra_namespaces: bool,
}

/// A type that one parameter value converts into. A scalar type also implements [`ParamType`]
/// (this module does it for its own types, `#[derive(ParamValues)]` for each enum).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a parameter type",
    label = "not a parameter type",
    note = "use a scalar parameter type (String, i64, bool, Timestamp, Limit, Namespace, UserRef, Title, or an enum deriving `ParamValues`), an `Option` of one, or a `Vec` of one"
)]
pub trait ScalarParam: Sized {
    /// Whether a field of exactly this type may be absent (booleans: absent means false).
    const ABSENT_OK: bool = false;
    /// The closed value set of the type itself, for value-list enums.
    const VALUES: Option<&'static [&'static str]> = None;
    /// Which of those are deprecated.
    const DEPRECATED_VALUES: &'static [&'static str] = &[];
    /// The help of each of those values, in their order (`""` where a value has none).
    const VALUE_DOCS: &'static [&'static str] = &[];

    /// The descriptor's type for this Rust type and the attribute's hints.
    fn kind(hints: &Hints) -> ParamKind;

    /// Converts one raw value (already checked against a closed value set, if any).
    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError>;

    /// The value of an absent parameter that has no default, where the type has one.
    fn absent() -> Option<Self> {
        None
    }
}

/// A scalar type that may be multi-valued.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be multi-valued",
    label = "a `Vec` of `{Self}` is not a parameter type",
    note = "a `Vec` holds String, i64, Timestamp, Namespace, UserRef, Title or an enum deriving `ParamValues`; booleans and limits take a single value"
)]
pub trait MultiValue: ScalarParam {}

/// What [`ScalarParam::parse`] sees of the request: the descriptor, the wire name, the reader.
pub struct ValueContext<'r, 'a> {
    /// The parameter being read.
    pub descriptor: &'r ParamDescriptor,
    /// Its name on the wire (prefix included).
    pub wire: &'r str,
    /// The reader, for warnings and the caller's limits.
    pub reader: &'r mut ParamReader<'a>,
}

/// A Rust type that a module field can have.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a parameter type",
    label = "not a parameter type",
    note = "use a scalar parameter type (String, i64, bool, Timestamp, Limit, Namespace, UserRef, Title, or an enum deriving `ParamValues`), an `Option` of one, or a `Vec` of one"
)]
pub trait ParamType: Sized {
    /// Whether absence is allowed without a default.
    const OPTIONAL: bool;
    /// Whether the parameter takes several values.
    const MULTI: bool;
    /// The closed value set coming from the type, if any.
    const VALUES: Option<&'static [&'static str]>;

    /// Fills in the type-derived parts of a descriptor.
    fn describe(hints: &Hints, d: &mut ParamDescriptor);

    /// Reads the parameter from the request.
    fn extract(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Self, ApiError>;
}

/// Fills in a scalar parameter's descriptor from its type and the attribute's hints.
#[doc(hidden)]
pub fn describe_scalar<T: ScalarParam>(hints: &Hints, d: &mut ParamDescriptor) {
    d.kind = T::kind(hints);
    d.deprecated_values =
        if T::VALUES.is_some() { T::DEPRECATED_VALUES.to_vec() } else { hints.deprecated_values.to_vec() };
    if let Some(values) = T::VALUES {
        d.value_docs = values.iter().copied().zip(T::VALUE_DOCS.iter().copied()).collect();
    }
}

fn parse_single<T: ScalarParam>(
    d: &ParamDescriptor,
    wire: &str,
    raw: &str,
    from_request: bool,
    r: &mut ParamReader<'_>,
) -> Result<T, ApiError> {
    if let Some(values) = d.values().filter(|_| !d.module_checks_values) {
        if !values.contains(&raw) {
            return Err(ApiError::bad_value(wire, raw));
        }
        // A deprecated module named by a module parameter warns when it runs, not here.
        if from_request && d.submodules.is_none() && d.deprecated_values.contains(&raw) {
            r.warn("deprecation", format!("The value \"{raw}\" for parameter \"{wire}\" is deprecated."));
        }
    }
    T::parse(raw, &mut ValueContext { descriptor: d, wire, reader: r })
}

/// Reads a single-valued parameter: the request's value, else the default.
fn read_single<T: ScalarParam>(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Option<T>, ApiError> {
    let wire = r.wire_name(d.name);
    match r.take(&wire) {
        // A required text given empty is missing, as MediaWiki's string type says.
        Some(raw) if raw.is_empty() && d.required && matches!(d.kind, ParamKind::String) => {
            Err(ApiError::missing_param(&wire))
        }
        Some(raw) => {
            if d.deprecated {
                r.warn("deprecation", format!("The parameter \"{wire}\" has been deprecated."));
            }
            if raw.starts_with('\u{1f}') && !matches!(d.kind, ParamKind::Boolean) {
                // The U+001F form is for multi-valued parameters only.
                return Err(ApiError::new(
                    "badvalue",
                    format!(
                        "Parameter \"{wire}\" accepts only a single value. U+001F multi-value separation \
                         may only be used for multi-valued parameters."
                    ),
                ));
            }
            parse_single(d, &wire, &raw, true, r).map(Some)
        }
        None => match r.default_of(d) {
            Some(default) => parse_single(d, &wire, default, false, r).map(Some),
            None if d.required => Err(ApiError::missing_param(&wire)),
            None => Ok(T::absent()),
        },
    }
}

/// Reads a field of exactly a scalar type: the request's value, the default, or the type's
/// value for absence; else the parameter is missing. What [`ParamType::extract`] is for each
/// scalar type.
#[doc(hidden)]
pub fn extract_scalar<T: ScalarParam>(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<T, ApiError> {
    match read_single::<T>(d, r)? {
        Some(v) => Ok(v),
        None => Err(ApiError::missing_param(&r.wire_name(d.name))),
    }
}

/// Implements [`ParamType`] for scalar types, one impl each. Not a blanket impl over
/// `T: ScalarParam` on purpose: that impl would also match every `Vec<X>`, and with two
/// candidate impls rustc reports a `Vec<bool>` field only as "`Vec<bool>` is not a parameter
/// type"; with one it reaches the unmet bound and says "`bool` cannot be multi-valued".
/// `#[derive(ParamValues)]` writes the same impl for each enum.
macro_rules! scalar_param_type {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::param::types::ParamType for $t {
            const OPTIONAL: bool = <$t as $crate::param::types::ScalarParam>::ABSENT_OK;
            const MULTI: bool = false;
            const VALUES: Option<&'static [&'static str]> = <$t as $crate::param::types::ScalarParam>::VALUES;

            fn describe(hints: &$crate::param::types::Hints, d: &mut $crate::descriptor::ParamDescriptor) {
                $crate::param::types::describe_scalar::<$t>(hints, d);
            }

            fn extract(
                d: &$crate::descriptor::ParamDescriptor,
                r: &mut $crate::param::reader::ParamReader<'_>,
            ) -> Result<Self, $crate::error::ApiError> {
                $crate::param::types::extract_scalar::<$t>(d, r)
            }
        }
    )*};
}
pub(super) use scalar_param_type;

scalar_param_type!(String, i64, bool, wikiquery_domain::timestamp::Timestamp);

impl<T: ScalarParam> ParamType for Option<T> {
    const OPTIONAL: bool = true;
    const MULTI: bool = false;
    const VALUES: Option<&'static [&'static str]> = T::VALUES;

    fn describe(hints: &Hints, d: &mut ParamDescriptor) {
        describe_scalar::<T>(hints, d);
    }

    fn extract(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Self, ApiError> {
        read_single::<T>(d, r)
    }
}

/// A multi-valued parameter whose absence differs from an empty value: `None` when the request
/// does not give it (and it has no default), `Some` of the values — perhaps none — when it does.
impl<T: MultiValue> ParamType for Option<Vec<T>> {
    const OPTIONAL: bool = true;
    const MULTI: bool = true;
    const VALUES: Option<&'static [&'static str]> = T::VALUES;

    fn describe(hints: &Hints, d: &mut ParamDescriptor) {
        <Vec<T> as ParamType>::describe(hints, d);
    }

    fn extract(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Self, ApiError> {
        if r.peek(&r.wire_name(d.name)).is_none() && r.default_of(d).is_none() && !d.required {
            return Ok(None);
        }
        <Vec<T> as ParamType>::extract(d, r).map(Some)
    }
}

impl<T: MultiValue> ParamType for Vec<T> {
    const OPTIONAL: bool = true;
    const MULTI: bool = true;
    const VALUES: Option<&'static [&'static str]> = T::VALUES;

    fn describe(hints: &Hints, d: &mut ParamDescriptor) {
        describe_scalar::<T>(hints, d);
        d.multi = true;
    }

    fn extract(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Self, ApiError> {
        let wire = r.wire_name(d.name);
        let (raw, from_request) = match r.take(&wire) {
            Some(raw) => {
                if d.deprecated {
                    r.warn("deprecation", format!("The parameter \"{wire}\" has been deprecated."));
                }
                (raw, true)
            }
            None => match r.default_of(d) {
                Some(default) => (default.to_owned(), false),
                None if d.required => return Err(ApiError::missing_param(&wire)),
                None => return Ok(Vec::new()),
            },
        };
        let values = split_multi(d, &wire, &raw, from_request, r)?;
        let mut out = Vec::with_capacity(values.len());
        for v in &values {
            out.push(T::parse(v, &mut ValueContext { descriptor: d, wire: &wire, reader: r })?);
        }
        Ok(out)
    }
}

/// Splits a multi-valued parameter as MediaWiki does: `|`, or U+001F when the value starts
/// with it; at most 50 values (500 with apihighlimits); `*` for all values where allowed;
/// duplicates dropped unless allowed; values outside a closed set dropped with a warning.
pub fn split_multi(
    d: &ParamDescriptor,
    wire: &str,
    raw: &str,
    from_request: bool,
    r: &mut ParamReader<'_>,
) -> Result<Vec<String>, ApiError> {
    if raw.is_empty() || raw == "\u{1f}" {
        return Ok(Vec::new());
    }
    let pieces = split_values(raw);
    let limit = if r.high_limits() { MULTI_LIMIT_HIGH } else { MULTI_LIMIT_LOW };
    if pieces.len() > limit {
        return Err(ApiError::too_many_values(wire, limit));
    }
    if d.all && pieces.len() == 1 && pieces[0] == "*" {
        if let Some(values) = d.values() {
            return Ok(values.iter().map(|v| (*v).to_owned()).collect());
        }
        if let ParamKind::Namespace { extra } = d.kind {
            let mut all: Vec<String> = r.namespaces().iter().map(|n| n.to_string()).collect();
            if extra {
                all.splice(0..0, ["-2".to_owned(), "-1".to_owned()]);
            }
            return Ok(all);
        }
    }
    let mut out: Vec<String> = Vec::with_capacity(pieces.len());
    let mut unknown: Vec<&str> = Vec::new();
    for p in pieces {
        if let Some(values) = d.values() {
            if !values.contains(&p) {
                unknown.push(p);
                continue;
            }
        }
        // Namespaces are a closed set too: the site's, written as MediaWiki writes them.
        if let ParamKind::Namespace { extra } = d.kind {
            let known = p
                .parse::<i32>()
                .ok()
                .filter(|n| n.to_string() == p)
                .is_some_and(|n| r.namespaces().contains(&n) || (extra && (n == -1 || n == -2)));
            if !known {
                unknown.push(p);
                continue;
            }
        }
        if !d.allows_duplicates && out.iter().any(|o| o == p) {
            continue;
        }
        out.push(p.to_owned());
    }
    if !unknown.is_empty() {
        let noun = if unknown.len() == 1 { "value" } else { "values" };
        let mut data = serde_json::Map::new();
        data.insert("values".into(), serde_json::json!(unknown));
        r.warn_with_data(
            "unrecognizedvalues",
            format!("Unrecognized {noun} for parameter \"{wire}\": {}", unknown.join(", ")),
            data,
        );
    }
    // A deprecated module named by a module parameter warns when it runs, not here.
    if from_request && d.submodules.is_none() {
        for v in &out {
            if d.deprecated_values.iter().any(|dv| dv == v) {
                r.warn("deprecation", format!("The value \"{v}\" for parameter \"{wire}\" is deprecated."));
            }
        }
    }
    Ok(out)
}

/// A templated parameter such as `contentformat-{slot}`: one value per value of its source
/// parameter, keyed by that value.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Templated<T> {
    /// (source value, parsed value) for each wire name that the request gave.
    pub values: Vec<(String, T)>,
}

impl<T> Templated<T> {
    /// The value given for one value of the source parameter.
    pub fn get(&self, key: &str) -> Option<&T> {
        self.values.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl<T: ScalarParam> Templated<T> {
    /// The closed value set of each instance, from its type.
    pub const VALUES: Option<&'static [&'static str]> = T::VALUES;

    /// Fills in a templated descriptor's type.
    pub fn describe(hints: &Hints, d: &mut ParamDescriptor) {
        describe_scalar::<T>(hints, d);
    }

    /// Reads every instance of the template for the values the request gave its source.
    pub fn extract(d: &ParamDescriptor, source: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Self, ApiError> {
        let source_wire = r.wire_name(source.name);
        let raw = match r.peek(&source_wire) {
            Some(raw) => raw,
            None => match r.default_of(source) {
                Some(default) => default.to_owned(),
                None => return Ok(Templated { values: Vec::new() }),
            },
        };
        let mut scratch = RequestState::detached(r.rights().clone());
        let keys = {
            let mut quiet = ParamReader::new(&mut scratch, r.prefix(), r.module());
            split_multi(source, &source_wire, &raw, false, &mut quiet)?
        };
        let Some((var, _)) = d.template_vars.first() else {
            return Ok(Templated { values: Vec::new() });
        };
        let mut values = Vec::new();
        for key in keys {
            let name = d.name.replace(&format!("{{{var}}}"), &key);
            let wire = r.wire_name(&name);
            if let Some(raw) = r.take(&wire) {
                let v = parse_single::<T>(d, &wire, &raw, true, r)?;
                values.push((key, v));
            }
        }
        Ok(Templated { values })
    }
}

/// A parameter as an example request is checked against at compile time: its listed name (a
/// templated one with its placeholder), its closed value set if any, and whether it takes
/// several values.
#[derive(Debug)]
pub struct ExampleParam {
    /// The listed name, without prefix.
    pub name: &'static str,
    /// The closed value set, if the type or attribute names one.
    pub values: Option<&'static [&'static str]>,
    /// Takes several values.
    pub multi: bool,
}

/// A set of parameters shared by several modules, included with `#[param(flatten)]`.
pub trait ParamGroup: Sized {
    /// The group's parameters as the including modules' examples are checked against.
    const EXAMPLE_PARAMS: &'static [ExampleParam] = &[];
    /// Rules over several of the group's parameters (`#[param_group(exactly_one_of(a, b))]`),
    /// checked after the including module has read all its parameters.
    const RULES: &'static [(ParamRule, &'static [&'static str])] = &[];
    /// The group's parameters in order.
    fn params() -> Vec<ParamDescriptor>;
    /// How many parameters the group has (read for every request that reads the group, so
    /// derived groups answer it without building their descriptors again).
    fn count() -> usize {
        Self::params().len()
    }
    /// Reads the group from the request, given its slice of the module's descriptors.
    fn extract(params: &[ParamDescriptor], r: &mut ParamReader<'_>) -> Result<Self, ApiError>;
}

/// A closed set of values that an enum stands for (derived with `ParamValues`).
pub trait ValueList: Sized + Copy + 'static {
    /// The wire values, in the order paraminfo lists them.
    const VALUES: &'static [&'static str];
    /// Those that are deprecated.
    const DEPRECATED: &'static [&'static str];
    /// The help of each value, in the order of `VALUES` (`""` where a variant has none).
    const DOCS: &'static [&'static str];
    /// The variant for a wire value.
    fn from_value(value: &str) -> Option<Self>;
    /// The wire value of a variant.
    fn as_str(self) -> &'static str;
    /// The variant's place in [`ValueList::VALUES`].
    fn index(self) -> usize;
}

/// A set of a parameter's values (`prop=title|ids|user`), asked about once per row of a
/// listing at the cost of a bit test: what a module writes for each item, decided once. For
/// value lists of up to 128 values (the longest of the catalogue has a few dozen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueSet<T> {
    bits: u128,
    values: std::marker::PhantomData<T>,
}

impl<T: ValueList> ValueSet<T> {
    /// The set of these values.
    pub fn of(values: &[T]) -> Self {
        let bits = values.iter().fold(0u128, |bits, v| bits | 1u128 << (v.index() % 128));
        ValueSet { bits, values: std::marker::PhantomData }
    }

    /// Whether the set holds a value.
    pub fn has(&self, value: T) -> bool {
        self.bits & (1u128 << (value.index() % 128)) != 0
    }

    /// Whether the set holds any of these values.
    pub fn any(&self, values: &[T]) -> bool {
        values.iter().any(|v| self.has(*v))
    }
}
