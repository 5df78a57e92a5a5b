//! `#[derive(ParamGroup)]`: a set of parameters that several modules include with
//! `#[param(flatten)]`.

use darling::FromField;
use proc_macro2::TokenStream;
use quote::quote;

use crate::attrs::FieldArgs;
use crate::check;
use crate::codegen::fields;
use crate::model::Param;
use crate::paths::private;

pub fn expand(input: TokenStream) -> TokenStream {
    match try_expand(input) {
        Ok(ts) => ts,
        Err(e) => e.write_errors(),
    }
}

fn try_expand(input: TokenStream) -> darling::Result<TokenStream> {
    let item: syn::DeriveInput = syn::parse2(input)?;
    let syn::Data::Struct(syn::DataStruct { fields: syn::Fields::Named(named), .. }) = &item.data else {
        return Err(darling::Error::custom("`ParamGroup` goes on a struct with named fields").with_span(&item.ident));
    };
    // Created after the early returns above: an accumulator must be finished before it drops.
    let mut errors = darling::Error::accumulator();
    let mut params = Vec::new();
    for field in &named.named {
        if let Some(args) = errors.handle(FieldArgs::from_field(field)) {
            if let Some(p) = Param::from_field(args, &mut errors) {
                params.push(p);
            }
        }
    }
    check::fields("", &mut params, &mut errors);
    errors.finish()?;

    let p = private();
    let ident = &item.ident;
    let descriptors = fields::descriptors(&params);
    let checks = fields::const_checks(&params);
    let (parse_stmts, inits) = fields::parse(&params);
    Ok(quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #checks

            #[automatically_derived]
            impl #p::ParamGroup for #ident {
                fn params() -> ::std::vec::Vec<#p::ParamDescriptor> {
                    let mut __params: ::std::vec::Vec<#p::ParamDescriptor> = ::std::vec::Vec::new();
                    #descriptors
                    __params
                }

                #[allow(unused_mut, unused_variables)]
                fn extract(
                    __all: &[#p::ParamDescriptor],
                    __r: &mut #p::ParamReader<'_>,
                ) -> ::core::result::Result<Self, #p::ApiError> {
                    let mut __next: usize = 0;
                    #parse_stmts
                    ::core::result::Result::Ok(#ident { #inits })
                }
            }
        };
    })
}
