//! What a struct's fields generate: descriptor entries, compile-time checks, and the parser.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::model::{Param, Shape};
use crate::paths::private;

/// Statements that push each field's descriptor(s) onto a `Vec` named `__params`.
pub fn descriptors(params: &[Param]) -> TokenStream {
    let p = private();
    let pushes = params.iter().map(|f| {
        let ty = &f.ty;
        match &f.shape {
            Shape::Flatten { annotate } => {
                let notes = annotate.iter().map(|(name, info)| {
                    quote! {
                        for __d in __group.iter_mut() {
                            if __d.name == #name {
                                __d.info.push(#p::Info { name: #info, values: ::std::vec::Vec::new() });
                            }
                        }
                    }
                });
                quote! {
                    {
                        let mut __group = <#ty as #p::ParamGroup>::params();
                        #(#notes)*
                        // Fully qualified: `Extend` is not in scope under `#![no_implicit_prelude]`.
                        ::core::iter::Extend::extend(&mut __params, __group);
                    }
                }
            }
            shape => {
                let name = &f.name;
                let dep_values = &f.deprecated_values;
                // Values computed when the descriptor is built, lent to the hints for as long
                // as the descriptor is being built (the descriptor keeps its own copy).
                let (computed, values, deprecated_values, submodules) = match (&f.values, &f.values_from) {
                    (None, Some(from)) => (
                        quote!(let __computed: #p::ComputedValues = ::core::convert::Into::into(#from());),
                        quote!(::core::option::Option::Some(::std::vec::Vec::as_slice(&__computed.values))),
                        quote!(::std::vec::Vec::as_slice(&__computed.deprecated)),
                        quote! {
                            __d.submodules = __computed.submodules;
                            __d.submodule_param_prefix = __computed.submodule_param_prefix;
                        },
                    ),
                    (Some(path), _) => {
                        (quote!(), quote!(::core::option::Option::Some(#path)), quote!(&[#(#dep_values),*]), quote!())
                    }
                    (None, None) => {
                        (quote!(), quote!(::core::option::Option::None), quote!(&[#(#dep_values),*]), quote!())
                    }
                };
                let opt_i64 = |v: Option<i64>| match v {
                    Some(v) => quote!(::core::option::Option::Some(#v)),
                    None => quote!(::core::option::Option::None),
                };
                let (min, max) = (opt_i64(f.min), opt_i64(f.max));
                let subtypes = match &f.subtypes {
                    Some(list) => quote!(::core::option::Option::Some(&[#(#list),*])),
                    None => quote!(::core::option::Option::None),
                };
                let extra = f.extra_namespaces;
                let doc = &f.doc;
                let describe = match shape {
                    Shape::Template { .. } => quote!(<#ty>::describe(&__hints, &mut __d);),
                    _ => quote!(<#ty as #p::ParamType>::describe(&__hints, &mut __d);),
                };
                let template_vars = match shape {
                    Shape::Template { var, source, .. } => quote!(__d.template_vars = ::std::vec![(#var, #source)];),
                    _ => quote!(),
                };
                let default = match &f.default {
                    Some(d) => {
                        let text = &d.text;
                        quote!(::core::option::Option::Some(#text))
                    }
                    None => quote!(::core::option::Option::None),
                };
                let generator_default = match &f.generator_default {
                    Some(text) => quote!(::core::option::Option::Some(#text)),
                    None => quote!(::core::option::Option::None),
                };
                let required = match shape {
                    Shape::Plain if f.default.is_none() => quote!(!<#ty as #p::ParamType>::OPTIONAL),
                    _ => quote!(false),
                };
                let (deprecated, sensitive, all, dups) = (f.deprecated, f.sensitive, f.all, f.allow_duplicates);
                let module_checks = f.module_checks_values;
                let password = f.password;
                let text = f.text;
                let tokentype = match &f.tokentype {
                    Some(t) => quote!(::core::option::Option::Some(#t)),
                    None => quote!(::core::option::Option::None),
                };
                let infos = f.info.iter().map(|i| {
                    let n = &i.name;
                    let v = &i.values;
                    quote!(#p::Info { name: #n, values: ::std::vec![#(#v),*] })
                });
                quote! {
                    {
                        #computed
                        let __hints = #p::Hints {
                            values: #values,
                            deprecated_values: #deprecated_values,
                            min: #min,
                            max: #max,
                            subtypes: #subtypes,
                            extra_namespaces: #extra,
                        };
                        let mut __d = #p::ParamDescriptor::new(#name);
                        #describe
                        #template_vars
                        #submodules
                        __d.default = #default;
                        __d.generator_default = #generator_default;
                        __d.module_checks_values = #module_checks;
                        __d.required = #required;
                        __d.deprecated = #deprecated;
                        __d.sensitive = #sensitive;
                        __d.password = #password;
                        __d.text = #text;
                        __d.token_type = #tokentype;
                        __d.all = #all;
                        __d.allows_duplicates = #dups;
                        __d.info = ::std::vec![#(#infos),*];
                        __d.description = #doc;
                        __params.push(__d);
                    }
                }
            }
        }
    });
    quote!(#(#pushes)*)
}

/// Constant assertions for what only the types know: a default among the allowed values,
/// deprecated values among them, `required` on a type that can be absent, a template source
/// that is multi-valued. Each panics at compile time, pointing at the culprit.
pub fn const_checks(params: &[Param]) -> TokenStream {
    // Messages become `panic!` format strings: braces of names like `contentformat-{slot}`
    // must be escaped.
    let esc = |s: String| s.replace('{', "{{").replace('}', "}}");
    let p = private();
    let mut out = TokenStream::new();
    for f in params {
        let ty = &f.ty;
        if matches!(f.shape, Shape::Flatten { .. }) {
            continue;
        }
        let hint = match &f.values {
            Some(path) => quote!(::core::option::Option::Some(#path)),
            None => quote!(::core::option::Option::None),
        };
        let type_values = match f.shape {
            Shape::Template { .. } => quote!(<#ty>::VALUES),
            _ => quote!(<#ty as #p::ParamType>::VALUES),
        };
        let multi = match f.shape {
            Shape::Template { .. } => quote!(false),
            _ => quote!(<#ty as #p::ParamType>::MULTI),
        };
        if let Some(d) = &f.default {
            let text = &d.text;
            let msg = if text.contains('|') {
                format!(
                    "default `{}` of parameter `{}` has a value that is not one of its allowed values",
                    text, f.name
                )
            } else {
                format!("default `{}` of parameter `{}` is not one of its allowed values", text, f.name)
            };
            let msg = esc(msg);
            out.extend(quote_spanned! {d.span=>
                const _: () = {
                    if let ::core::option::Option::Some(__v) = #p::pick_values(#hint, #type_values) {
                        if !#p::all_in(#text, __v, #multi) {
                            ::core::panic!(#msg);
                        }
                    }
                };
            });
        }
        for dv in &f.deprecated_values {
            let msg = esc(format!(
                "deprecated value `{}` of parameter `{}` is not one of its allowed values",
                dv.value(),
                f.name
            ));
            out.extend(quote_spanned! {dv.span()=>
                const _: () = {
                    if let ::core::option::Option::Some(__v) = #p::pick_values(#hint, #type_values) {
                        if !#p::contains(__v, #dv) {
                            ::core::panic!(#msg);
                        }
                    }
                };
            });
        }
        if let Some(span) = f.required {
            let msg = esc(format!(
                "parameter `{}` is marked `required` but its type can be absent (Option, Vec or bool)",
                f.name
            ));
            out.extend(quote_spanned! {span=>
                const _: () = {
                    if <#ty as #p::ParamType>::OPTIONAL {
                        ::core::panic!(#msg);
                    }
                };
            });
        }
        if let Shape::Template { source_field, source, source_span, .. } = &f.shape {
            if let Some(src) = params.get(*source_field) {
                let src_ty = &src.ty;
                let msg = esc(format!(
                    "template source `{}` of `{}` is not multi-valued: give it a `Vec` type",
                    source, f.name
                ));
                out.extend(quote_spanned! {*source_span=>
                    const _: () = {
                        if !<#src_ty as #p::ParamType>::MULTI {
                            ::core::panic!(#msg);
                        }
                    };
                });
            }
        }
    }
    out
}

/// Statements reading each field from `__r` using the descriptors in `__all[..]`, ending in
/// the struct's field initialisers. Every field is read even after one fails (so each gives
/// its warnings, as MediaWiki's `extractRequestParams` does); then the first error is returned.
pub fn parse(params: &[Param]) -> (TokenStream, TokenStream) {
    let p = private();
    let mut stmts = TokenStream::new();
    let mut inits = Vec::new();
    for (i, f) in params.iter().enumerate() {
        let ident = &f.ident;
        let ty = &f.ty;
        let at = quote::format_ident!("__at_{}", i);
        match &f.shape {
            Shape::Flatten { .. } => stmts.extend(quote! {
                let #at = __next;
                let __group_len = <#ty as #p::ParamGroup>::count();
                let #ident = #p::keep_first(
                    <#ty as #p::ParamGroup>::extract(&__all[#at..#at + __group_len], __r),
                    &mut __first,
                );
                __next += __group_len;
            }),
            Shape::Template { source_field, .. } => {
                let src_at = quote::format_ident!("__at_{}", source_field);
                stmts.extend(quote! {
                    let #at = __next;
                    let #ident = #p::keep_first(<#ty>::extract(&__all[#at], &__all[#src_at], __r), &mut __first);
                    __next += 1;
                });
            }
            Shape::Plain => stmts.extend(quote! {
                let #at = __next;
                let #ident = #p::keep_first(<#ty as #p::ParamType>::extract(&__all[#at], __r), &mut __first);
                __next += 1;
            }),
        }
        inits.push(quote!(#ident));
    }
    let mut out = quote!(let mut __first: ::core::option::Option<#p::ApiError> = ::core::option::Option::None;);
    out.extend(stmts);
    out.extend(quote!(let _ = (__next, &mut __first);));
    if !inits.is_empty() {
        out.extend(quote! {
            let (#(#inits,)*) = match (#(#inits,)*) {
                (#(::core::option::Option::Some(#inits),)*) => (#(#inits,)*),
                _ => {
                    return ::core::result::Result::Err(__first.unwrap_or_else(|| {
                        #p::ApiError::internal("parameters", "a parameter was not read")
                    }))
                }
            };
        });
    }
    (out, quote!(#(#inits),*))
}

/// The struct's plain and templated parameters as `ExampleParam`s, for checking the examples of
/// the modules that include it.
pub fn example_params(params: &[Param]) -> TokenStream {
    let p = private();
    let items = params.iter().filter(|f| !matches!(f.shape, Shape::Flatten { .. })).map(|f| {
        let ty = &f.ty;
        let name = &f.name;
        let hint = match &f.values {
            Some(path) => quote!(::core::option::Option::Some(#path)),
            None => quote!(::core::option::Option::None),
        };
        match f.shape {
            Shape::Template { .. } => quote! {
                #p::ExampleParam { name: #name, values: #p::pick_values(#hint, <#ty>::VALUES), multi: false }
            },
            _ => quote! {
                #p::ExampleParam {
                    name: #name,
                    values: #p::pick_values(#hint, <#ty as #p::ParamType>::VALUES),
                    multi: <#ty as #p::ParamType>::MULTI,
                }
            },
        }
    });
    quote!(&[#(#items),*])
}
