//! `#[query_module]`: the struct as written (without its `#[param]` attributes), its
//! `ModuleSpec` implementation and its registration.

use darling::ast::NestedMeta;
use darling::FromField;
use darling::FromMeta;
use proc_macro2::{Span, TokenStream};
use quote::quote;

use crate::attrs::{doc_text, FieldArgs, ModuleArgs};
use crate::check;
use crate::codegen::{examples, fields};
use crate::model::{CacheKind, GroupKind, Module, Param, Shape};
use crate::paths::private;

pub fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    match try_expand(args, input) {
        Ok(ts) => ts,
        Err(e) => e.write_errors(),
    }
}

fn try_expand(args: TokenStream, input: TokenStream) -> darling::Result<TokenStream> {
    let mut item: syn::ItemStruct = syn::parse2(input).map_err(|e| {
        darling::Error::custom("`#[query_module]` goes on a struct with named fields").with_span(&e.span())
    })?;
    let metas = NestedMeta::parse_meta_list(args)?;
    // Created after the early returns above: an accumulator must be finished before it drops.
    let mut errors = darling::Error::accumulator();
    let call_site = Span::call_site();
    let description = doc_text(&item.attrs);
    let mut module = errors
        .handle(ModuleArgs::from_list(&metas))
        .and_then(|a| Module::from_args(a, description, call_site, &mut errors));

    let mut params = Vec::new();
    match &mut item.fields {
        syn::Fields::Named(named) => {
            for field in named.named.iter_mut() {
                if let Some(args) = errors.handle(FieldArgs::from_field(field)) {
                    if let Some(p) = Param::from_field(args, &mut errors) {
                        params.push(p);
                    }
                }
                field.attrs.retain(|a| !a.path().is_ident("param"));
            }
        }
        syn::Fields::Unit => {}
        syn::Fields::Unnamed(f) => {
            errors.push(darling::Error::custom("a module's parameters are named fields").with_span(f));
        }
    }
    if let Some(m) = &mut module {
        check::fields(&m.prefix, &mut params, &mut errors);
        check::rules(&mut m.rules, &params, &mut errors);
    }
    let given = match &module {
        Some(m) => {
            let given = examples::read(m, &mut errors);
            examples::check_names(m, &params, &given, &mut errors);
            given
        }
        None => Vec::new(),
    };
    errors.finish()?;
    let Some(module) = module else {
        return Err(darling::Error::custom("invalid module"));
    };
    Ok(generate(&item, &module, &params, &given))
}

fn generate(item: &syn::ItemStruct, m: &Module, params: &[Param], given: &[examples::Given]) -> TokenStream {
    let p = private();
    let ident = &item.ident;
    let name = &m.name;
    let prefix = &m.prefix;
    let group = match m.group {
        GroupKind::List => quote!(::core::option::Option::Some(#p::Group::List)),
        GroupKind::Prop => quote!(::core::option::Option::Some(#p::Group::Prop)),
        GroupKind::Meta => quote!(::core::option::Option::Some(#p::Group::Meta)),
        GroupKind::Action => quote!(::core::option::Option::Some(#p::Group::Action)),
        GroupKind::Main => quote!(::core::option::Option::None),
    };
    let (readrights, generator, deprecated) = (m.readrights, m.generator, m.deprecated);
    let (writerights, mustbeposted, dynamic) = (m.writerights, m.mustbeposted, m.dynamicparameters);
    let cache = match m.cache {
        CacheKind::Public => quote!(#p::CacheMode::Public),
        CacheKind::AnonPublicUserPrivate => quote!(#p::CacheMode::AnonPublicUserPrivate),
        CacheKind::Private => quote!(#p::CacheMode::Private),
    };
    let help = &m.help;
    let nested = m.xml_nested.iter().map(|(list, tag)| quote!((#list, #tag)));
    let under = m.xml_under.iter().map(|(holder, list, tag)| quote!((#holder, #list, #tag)));
    let lists = m.xml_lists.iter().map(|(holder, table)| quote!((#holder, #table)));
    let xml = match &m.xml {
        Some(tag) => quote!(::core::option::Option::Some(#tag)),
        None => quote!(::core::option::Option::None),
    };
    let descriptors = fields::descriptors(params);
    let mut checks = fields::const_checks(params);
    checks.extend(examples::const_checks(m, params, given));
    let description = &m.description;
    let examples = m.examples.iter().map(|e| {
        let (query, text) = (&e.query, &e.text);
        quote!(#p::Example { query: #query, text: #text })
    });
    let (parse_stmts, inits) = fields::parse(params);
    // The rules of included groups, then the module's own, once every parameter is read (as
    // MediaWiki checks them in `execute`, after `extractRequestParams`).
    let group_rules = params.iter().filter(|f| matches!(f.shape, Shape::Flatten { .. })).map(|f| {
        let ty = &f.ty;
        quote! {
            for (__rule, __names) in <#ty as #p::ParamGroup>::RULES {
                #p::check_rule(__r, *__rule, __names)?;
            }
        }
    });
    let rules = m.rules.iter().map(|rule| rule.tokens());
    let register = match m.group {
        GroupKind::List | GroupKind::Prop | GroupKind::Meta => {
            quote!(#p::inventory::submit! { #p::ModuleEntry::query::<#ident>() })
        }
        GroupKind::Action => quote!(#p::inventory::submit! { #p::ModuleEntry::action::<#ident>() }),
        GroupKind::Main => quote!(),
    };
    let body = if matches!(item.fields, syn::Fields::Unit) { quote!(#ident) } else { quote!(#ident { #inits }) };
    quote! {
        #item

        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #checks

            #[automatically_derived]
            impl #p::ModuleSpec for #ident {
                const NAME: &'static str = #name;
                const GROUP: ::core::option::Option<#p::Group> = #group;
                const PREFIX: &'static str = #prefix;

                fn descriptor() -> &'static #p::ModuleDescriptor {
                    static __DESCRIPTOR: #p::OnceLock<#p::ModuleDescriptor> = #p::OnceLock::new();
                    __DESCRIPTOR.get_or_init(|| {
                        let mut __params: ::std::vec::Vec<#p::ParamDescriptor> = ::std::vec::Vec::new();
                        #descriptors
                        #p::ModuleDescriptor {
                            name: #name,
                            group: #group,
                            prefix: #prefix,
                            classname: ::core::concat!(::core::module_path!(), "::", ::core::stringify!(#ident)),
                            readrights: #readrights,
                            cache_mode: #cache,
                            generator: #generator,
                            deprecated: #deprecated,
                            writerights: #writerights,
                            mustbeposted: #mustbeposted,
                            dynamic_parameters: #dynamic,
                            helpurls: ::std::vec![#(#help),*],
                            description: #description,
                            examples: ::std::vec![#(#examples),*],
                            xml_tag: #xml,
                            xml_nested: &[#(#nested),*],
                            xml_under: &[#(#under),*],
                            xml_lists: &[#(#lists),*],
                            params: __params,
                        }
                    })
                }

                #[allow(unused_mut, unused_variables)]
                fn parse_values(__r: &mut #p::ParamReader<'_>) -> ::core::result::Result<Self, #p::ApiError> {
                    let __all: &[#p::ParamDescriptor] = &<Self as #p::ModuleSpec>::descriptor().params;
                    let mut __next: usize = 0;
                    #parse_stmts
                    ::core::result::Result::Ok(#body)
                }

                #[allow(unused_variables)]
                fn check_rules(__r: &mut #p::ParamReader<'_>) -> ::core::result::Result<(), #p::ApiError> {
                    #(#group_rules)*
                    #(#rules)*
                    ::core::result::Result::Ok(())
                }
            }

            #register
        };
    }
}
