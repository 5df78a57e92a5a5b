//! The one table of runtime paths that generated code uses.

use proc_macro2::TokenStream;
use quote::quote;

/// `::wikiquery_runtime::__private`, the hidden module generated code reaches through.
pub fn private() -> TokenStream {
    quote!(::wikiquery_runtime::__private)
}
