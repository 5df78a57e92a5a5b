//! The one table of runtime paths that generated code uses.

use proc_macro2::TokenStream;
use quote::quote;

/// `::wikiquery_framework::__private`, the hidden module generated code reaches through.
pub fn private() -> TokenStream {
    quote!(::wikiquery_framework::__private)
}
