//! `#[derive(ParamValues)]`: an enum whose variants are a parameter's allowed values.

use darling::FromVariant;
use proc_macro2::TokenStream;
use quote::quote;

use crate::attrs::{doc_text, VariantArgs};
use crate::paths::private;

pub fn expand(input: TokenStream) -> TokenStream {
    match try_expand(input) {
        Ok(ts) => ts,
        Err(e) => e.write_errors(),
    }
}

fn try_expand(input: TokenStream) -> darling::Result<TokenStream> {
    let item: syn::DeriveInput = syn::parse2(input)?;
    let syn::Data::Enum(data) = &item.data else {
        return Err(darling::Error::custom("`ParamValues` goes on an enum").with_span(&item.ident));
    };
    // Created after the early returns above: an accumulator must be finished before it drops.
    let mut errors = darling::Error::accumulator();
    let mut variants = Vec::new();
    let mut docs = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for v in &data.variants {
        let Some(args) = errors.handle(VariantArgs::from_variant(v)) else { continue };
        if !args.fields.is_empty() {
            errors.push(darling::Error::custom("a value variant has no fields").with_span(&v.ident));
            continue;
        }
        let value = args.rename.as_ref().map(|r| r.value()).unwrap_or_else(|| args.ident.to_string().to_lowercase());
        if seen.contains(&value) {
            errors.push(
                darling::Error::custom(format!("two variants stand for the value `{value}`")).with_span(&v.ident),
            );
        }
        seen.push(value.clone());
        docs.push(doc_text(&args.attrs));
        variants.push((args.ident, value, args.deprecated.is_present()));
    }
    errors.finish()?;

    let p = private();
    let ident = &item.ident;
    let values = variants.iter().map(|(_, v, _)| v);
    let deprecated = variants.iter().filter(|(_, _, d)| *d).map(|(_, v, _)| v);
    let from_arms = variants.iter().map(|(i, v, _)| quote!(#v => ::core::option::Option::Some(#ident::#i)));
    let as_arms = variants.iter().map(|(i, v, _)| quote!(#ident::#i => #v));
    let index_arms = variants.iter().enumerate().map(|(n, (i, _, _))| quote!(#ident::#i => #n));
    Ok(quote! {
        #[doc(hidden)]
        const _: () = {
            #[automatically_derived]
            impl #p::ValueList for #ident {
                const VALUES: &'static [&'static str] = &[#(#values),*];
                const DEPRECATED: &'static [&'static str] = &[#(#deprecated),*];
                const DOCS: &'static [&'static str] = &[#(#docs),*];
                fn from_value(__value: &str) -> ::core::option::Option<Self> {
                    match __value {
                        #(#from_arms,)*
                        _ => ::core::option::Option::None,
                    }
                }
                fn as_str(self) -> &'static str {
                    match self {
                        #(#as_arms,)*
                    }
                }
                fn index(self) -> usize {
                    match self {
                        #(#index_arms,)*
                    }
                }
            }

            #[automatically_derived]
            impl #p::ScalarParam for #ident {
                const VALUES: ::core::option::Option<&'static [&'static str]> =
                    ::core::option::Option::Some(<#ident as #p::ValueList>::VALUES);
                const DEPRECATED_VALUES: &'static [&'static str] = <#ident as #p::ValueList>::DEPRECATED;
                const VALUE_DOCS: &'static [&'static str] = <#ident as #p::ValueList>::DOCS;

                fn kind(_: &#p::Hints) -> #p::ParamKind {
                    #p::ParamKind::Values(<#ident as #p::ValueList>::VALUES.to_vec())
                }

                fn parse(__raw: &str, __ctx: &mut #p::ValueContext<'_, '_>) -> ::core::result::Result<Self, #p::ApiError> {
                    <#ident as #p::ValueList>::from_value(__raw)
                        .ok_or_else(|| #p::ApiError::bad_value(__ctx.wire, __raw))
                }
            }

            #[automatically_derived]
            impl #p::MultiValue for #ident {}

            // One impl per type rather than a blanket one: see `scalar_param_type!` in the
            // framework.
            #[automatically_derived]
            impl #p::ParamType for #ident {
                const OPTIONAL: bool = <#ident as #p::ScalarParam>::ABSENT_OK;
                const MULTI: bool = false;
                const VALUES: ::core::option::Option<&'static [&'static str]> =
                    <#ident as #p::ScalarParam>::VALUES;

                fn describe(__hints: &#p::Hints, __d: &mut #p::ParamDescriptor) {
                    #p::describe_scalar::<#ident>(__hints, __d);
                }

                fn extract(
                    __d: &#p::ParamDescriptor,
                    __r: &mut #p::ParamReader<'_>,
                ) -> ::core::result::Result<Self, #p::ApiError> {
                    #p::extract_scalar::<#ident>(__d, __r)
                }
            }
        };
    })
}
