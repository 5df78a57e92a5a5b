//! `#[derive(ParamGroup)]`: a set of parameters that several modules include with
//! `#[param(flatten)]`.

use darling::FromField;
use proc_macro2::TokenStream;
use quote::quote;

use darling::ast::NestedMeta;
use darling::FromMeta;

use crate::attrs::{FieldArgs, GroupArgs};
use crate::check;
use crate::codegen::fields;
use crate::model::{Param, Rule};
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
    let mut rules = Vec::new();
    for attr in item.attrs.iter().filter(|a| a.path().is_ident("param_group")) {
        let args = match &attr.meta {
            syn::Meta::List(list) => errors
                .handle(NestedMeta::parse_meta_list(list.tokens.clone()).map_err(darling::Error::from))
                .and_then(|metas| errors.handle(GroupArgs::from_list(&metas))),
            other => {
                errors.push(darling::Error::custom("expected `#[param_group(...)]`").with_span(other));
                None
            }
        };
        if let Some(args) = args {
            rules.extend(Rule::all(args.exactly_one_of, args.at_most_one_of, args.at_least_one_of));
        }
    }
    check::rules(&mut rules, &params, &mut errors);
    errors.finish()?;
    let rule_entries = rules.iter().map(Rule::entry);

    let p = private();
    let ident = &item.ident;
    let descriptors = fields::descriptors(&params);
    let checks = fields::const_checks(&params);
    let example_params = fields::example_params(&params);
    let (parse_stmts, inits) = fields::parse(&params);
    Ok(quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #checks

            impl #ident {
                /// The group's descriptors, built once: values computed for them
                /// (`values_from`) are kept for the program's life, so they must not be
                /// computed again for each request that reads the group.
                fn __param_group_built() -> &'static ::std::vec::Vec<#p::ParamDescriptor> {
                    static __PARAMS: #p::OnceLock<::std::vec::Vec<#p::ParamDescriptor>> = #p::OnceLock::new();
                    __PARAMS.get_or_init(|| {
                        let mut __params: ::std::vec::Vec<#p::ParamDescriptor> = ::std::vec::Vec::new();
                        #descriptors
                        __params
                    })
                }
            }

            #[automatically_derived]
            impl #p::ParamGroup for #ident {
                const RULES: &'static [(#p::ParamRule, &'static [&'static str])] = &[#(#rule_entries),*];
                const EXAMPLE_PARAMS: &'static [#p::ExampleParam] = #example_params;

                fn params() -> ::std::vec::Vec<#p::ParamDescriptor> {
                    ::core::clone::Clone::clone(Self::__param_group_built())
                }

                fn count() -> usize {
                    Self::__param_group_built().len()
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
