//! Expressions the query builder lacks, written so that every statement using them keeps its
//! place in the connection's prepared-statement cache.
//!
//! diesel caches a prepared statement by its SQL text unless some part of the query says it
//! may not be cached. Two of its parts say so: `eq_any` with a list of values on SQLite and
//! MariaDB (one bound value per list item, so the text changes with the list's length) and
//! `dsl::sql` literals (whose text diesel cannot vouch for). SQLite then prepares the
//! statement anew on every request, which costs more than reading a few rows. The two
//! expressions here give the same SQL without that cost:
//!
//! - [`InListExt::in_list`] and [`InListExt::not_in_list`]: "column is (not) one of these
//!   values", bound as one value on SQLite (a JSON array read by `json_each`) and on
//!   PostgreSQL (an array, `= ANY(…)`, as diesel already does there); MariaDB keeps diesel's
//!   `IN (?, …)`.
//! - [`fixed_sql`]: a literal piece of SQL known when the program is built (`'static`).

use std::marker::PhantomData;

use diesel::backend::Backend;
use diesel::expression::{is_aggregate, AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Bool, SqlType, Text};
use diesel::sqlite::Sqlite;
use diesel::{ExpressionMethods, QueryResult};

/// A value an [`InList`] can hold: an integer or a text, as JSON writes it.
pub trait ListValue: Clone {
    fn write_json(&self, out: &mut String);
}

impl ListValue for i64 {
    fn write_json(&self, out: &mut String) {
        out.push_str(&self.to_string());
    }
}

impl ListValue for i32 {
    fn write_json(&self, out: &mut String) {
        out.push_str(&self.to_string());
    }
}

impl ListValue for String {
    fn write_json(&self, out: &mut String) {
        // serde_json's string escaping is JSON's; a String always serialises.
        out.push_str(&serde_json::to_string(self).expect("a string serialises as JSON"));
    }
}

/// An item of the list given to [`InListExt::in_list`]: a value or a reference to one.
pub trait ListItem {
    type Value: ListValue;
    fn into_value(self) -> Self::Value;
}

macro_rules! list_items {
    ($($value:ty),*) => {$(
        impl ListItem for $value {
            type Value = $value;
            fn into_value(self) -> $value {
                self
            }
        }

        impl ListItem for &$value {
            type Value = $value;
            fn into_value(self) -> $value {
                self.clone()
            }
        }
    )*};
}

list_items!(i64, i32, String);

impl ListItem for &str {
    type Value = String;
    fn into_value(self) -> String {
        self.to_owned()
    }
}

/// "`column` is one of `values`" (see the module's text); built by [`InListExt::in_list`],
/// with `A` diesel's own form of the condition (`eq_any`), which PostgreSQL and MariaDB write.
/// An empty list matches nothing ("none of" an empty list, everything).
pub struct InList<C, A> {
    column: C,
    #[cfg_attr(not(any(feature = "postgres", feature = "mysql")), allow(dead_code))]
    any: A,
    /// The values as one JSON array, SQLite's single bound value.
    json: String,
    empty: bool,
    /// "is none of" instead.
    negated: bool,
}

/// The condition [`InListExt::in_list`] gives.
pub type InListOf<C, V> = InList<C, diesel::dsl::EqAny<C, Vec<V>>>;

/// The condition [`InListExt::not_in_list`] gives.
pub type NotInListOf<C, V> = InList<C, diesel::dsl::NeAll<C, Vec<V>>>;

/// A list's values as one JSON array, and whether it is empty.
fn json_array<V: ListValue>(values: &[V]) -> (String, bool) {
    let mut json = String::with_capacity(2 + values.len() * 8);
    json.push('[');
    for (at, value) in values.iter().enumerate() {
        if at > 0 {
            json.push(',');
        }
        value.write_json(&mut json);
    }
    json.push(']');
    (json, values.is_empty())
}

/// [`InList`] for any column or expression.
pub trait InListExt: ExpressionMethods + Clone + Sized
where
    Self::SqlType: SqlType,
{
    /// "`self` is one of `values`", as `eq_any` but cacheable (see the module's text).
    fn in_list<I>(self, values: I) -> InListOf<Self, <I::Item as ListItem>::Value>
    where
        I: IntoIterator,
        I::Item: ListItem,
        <I::Item as ListItem>::Value: diesel::expression::AsExpression<Self::SqlType>,
        Self::SqlType: diesel::expression::TypedExpressionType,
    {
        let values: Vec<_> = values.into_iter().map(ListItem::into_value).collect();
        let (json, empty) = json_array(&values);
        InList { any: self.clone().eq_any(values), column: self, json, empty, negated: false }
    }

    /// "`self` is none of `values`", as `ne_all` but cacheable (see the module's text).
    fn not_in_list<I>(self, values: I) -> NotInListOf<Self, <I::Item as ListItem>::Value>
    where
        I: IntoIterator,
        I::Item: ListItem,
        <I::Item as ListItem>::Value: diesel::expression::AsExpression<Self::SqlType>,
        Self::SqlType: diesel::expression::TypedExpressionType,
    {
        let values: Vec<_> = values.into_iter().map(ListItem::into_value).collect();
        let (json, empty) = json_array(&values);
        InList { any: self.clone().ne_all(values), column: self, json, empty, negated: true }
    }
}

impl<C: ExpressionMethods + Clone> InListExt for C where C::SqlType: SqlType {}

impl<C, A> Expression for InList<C, A> {
    type SqlType = Bool;
}

impl<C, A: AppearsOnTable<QS>, QS> AppearsOnTable<QS> for InList<C, A> {}

impl<C, A: SelectableExpression<QS>, QS> SelectableExpression<QS> for InList<C, A> {}

impl<C, A: ValidGrouping<GB>, GB> ValidGrouping<GB> for InList<C, A> {
    type IsAggregate = A::IsAggregate;
}

impl<C, A> QueryId for InList<C, A> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<C: QueryFragment<Sqlite>, A> QueryFragment<Sqlite> for InList<C, A> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        if self.empty {
            out.push_sql(if self.negated { "1=1" } else { "1=0" });
            return Ok(());
        }
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(if self.negated { " NOT IN" } else { " IN" });
        out.push_sql(" (SELECT value FROM json_each(");
        out.push_bind_param::<Text, String>(&self.json)?;
        out.push_sql("))");
        Ok(())
    }
}

#[cfg(feature = "postgres")]
impl<C, A: QueryFragment<diesel::pg::Pg>> QueryFragment<diesel::pg::Pg> for InList<C, A> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, diesel::pg::Pg>) -> QueryResult<()> {
        self.any.walk_ast(out)
    }
}

#[cfg(feature = "mysql")]
impl<C, A: QueryFragment<diesel::mysql::Mysql>> QueryFragment<diesel::mysql::Mysql> for InList<C, A> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, diesel::mysql::Mysql>) -> QueryResult<()> {
        self.any.walk_ast(out)
    }
}

/// A literal piece of SQL of type `ST`, fixed when the program is built: unlike `dsl::sql`, a
/// statement holding it stays cacheable. Its text must suit every backend.
pub fn fixed_sql<ST: SqlType>(sql: &'static str) -> FixedSql<ST> {
    FixedSql { sql, st: PhantomData }
}

/// See [`fixed_sql`].
#[derive(Debug, Clone, Copy)]
pub struct FixedSql<ST> {
    sql: &'static str,
    st: PhantomData<ST>,
}

impl<ST: SqlType + diesel::expression::TypedExpressionType> Expression for FixedSql<ST> {
    type SqlType = ST;
}

impl<ST, QS> AppearsOnTable<QS> for FixedSql<ST> where Self: Expression {}

impl<ST, QS> SelectableExpression<QS> for FixedSql<ST> where Self: Expression {}

impl<ST, GB> ValidGrouping<GB> for FixedSql<ST> {
    type IsAggregate = is_aggregate::Never;
}

impl<ST> QueryId for FixedSql<ST> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<ST, DB: Backend> QueryFragment<DB> for FixedSql<ST> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql(self.sql);
        Ok(())
    }
}

/// An expression that SQLite is not to read through an index: written `+expr` there (SQLite's
/// unary plus changes no value and keeps the term from choosing an index), as it is on
/// PostgreSQL and MariaDB, whose planners go by the statistics the import gathers. For a
/// filter that holds for most of a table (every IP block, every non-redirect page): without
/// statistics SQLite would read those rows through the filter's index and sort them all,
/// where walking the listing's own index and filtering stops at the limit.
#[derive(Debug, Clone, Copy)]
pub struct Unindexed<E>(E);

/// [`Unindexed`] for any expression.
pub trait UnindexedExt: Expression + Sized {
    /// This expression, kept from choosing an index on SQLite.
    fn unindexed(self) -> Unindexed<Self> {
        Unindexed(self)
    }
}

impl<E: Expression> UnindexedExt for E {}

impl<E: Expression> Expression for Unindexed<E> {
    type SqlType = E::SqlType;
}

impl<E: AppearsOnTable<QS>, QS> AppearsOnTable<QS> for Unindexed<E> {}

impl<E: SelectableExpression<QS>, QS> SelectableExpression<QS> for Unindexed<E> {}

impl<E: ValidGrouping<GB>, GB> ValidGrouping<GB> for Unindexed<E> {
    type IsAggregate = E::IsAggregate;
}

impl<E> QueryId for Unindexed<E> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<E: QueryFragment<Sqlite>> QueryFragment<Sqlite> for Unindexed<E> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        out.push_sql("+");
        self.0.walk_ast(out.reborrow())
    }
}

#[cfg(feature = "postgres")]
impl<E: QueryFragment<diesel::pg::Pg>> QueryFragment<diesel::pg::Pg> for Unindexed<E> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, diesel::pg::Pg>) -> QueryResult<()> {
        self.0.walk_ast(out)
    }
}

#[cfg(feature = "mysql")]
impl<E: QueryFragment<diesel::mysql::Mysql>> QueryFragment<diesel::mysql::Mysql> for Unindexed<E> {
    fn walk_ast<'b>(&'b self, out: AstPass<'_, 'b, diesel::mysql::Mysql>) -> QueryResult<()> {
        self.0.walk_ast(out)
    }
}
