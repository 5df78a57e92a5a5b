//! `meta=authmanagerinfo`: the state of the authentication manager. A login asks for a
//! name and password (and whether to be remembered), as `action=clientlogin` takes them; no
//! other operation asks for anything, since this server neither creates nor links accounts.
//! An operation needing recent authentication asks the caller to log in (again) unless it
//! gave its password in the last five minutes.

use serde_json::{json, Map, Value};
use wikiquery_runtime::{query_module, ApiError, ParamValues, QueryContext, QueryModule};

/// The authentication operation to describe the requests of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RequestsFor {
    /// Changing an account's authentication data, such as its password.
    Change,
    /// Creating an account.
    Create,
    /// Going on with an account creation already under way.
    #[value(rename = "create-continue")]
    CreateContinue,
    /// Linking an account of a third-party provider to the user's own.
    Link,
    /// Going on with an account link already under way.
    #[value(rename = "link-continue")]
    LinkContinue,
    /// Logging in, as `action=clientlogin` does.
    Login,
    /// Going on with a login already under way.
    #[value(rename = "login-continue")]
    LoginContinue,
    /// Removing an account's authentication data.
    Remove,
    /// Unlinking an account of a third-party provider from the user's own.
    Unlink,
}

/// The format of messages in the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum MessageFormat {
    /// Rendered as HTML.
    Html,
    /// Left out.
    None,
    /// As the message's key and parameters, for the client to render.
    Raw,
    /// As wikitext, with the parameters filled in.
    Wikitext,
}

/// Tells what the wiki's login system allows now and what a login asks for.
///
/// The answer says whether the caller can log in, and whether it can create or link accounts
/// (never, on this server). With `amisecuritysensitiveoperation` it says whether the caller
/// logged in recently enough for a sensitive operation; with `amirequestsfor`, which requests an
/// operation needs and the fields of each: for a login, `username`, `password` and `rememberMe`,
/// as `action=clientlogin` takes them. No read right is needed.
#[query_module(
    name = "authmanagerinfo",
    group = "meta",
    prefix = "ami",
    xml_nested(requests = "_v"),
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo",
    example(
        query = "action=query&meta=authmanagerinfo&amirequestsfor=login",
        text = "List the requests a login needs, with the fields of each."
    ),
    example(
        query = "action=query&meta=authmanagerinfo&amirequestsfor=login&amimergerequestfields=1\
                 &amimessageformat=html",
        text = "List all the fields a login asks for in one list, with their labels in HTML."
    ),
    example(
        query = "action=query&meta=authmanagerinfo&amisecuritysensitiveoperation=ChangeEmail",
        text = "Check whether the caller logged in recently enough to change an email address."
    )
)]
pub struct AuthManagerInfo {
    /// The name of a security-sensitive operation. The answer's `securitysensitiveoperationstatus`
    /// then says whether the caller's login is recent enough for it (`ok`), must first be renewed
    /// by logging in again (`reauth`), or cannot be (`fail`).
    pub securitysensitiveoperation: Option<String>,
    /// An operation whose authentication requests to list, each with the fields it asks for. On
    /// this wiki only a login asks for anything.
    pub requestsfor: Option<RequestsFor>,
    /// Gives the fields of all the requests together in one `fields` list, rather than within each
    /// request.
    pub mergerequestfields: bool,
    /// The format of the messages in the answer, such as the fields' labels and help.
    #[param(default = "wikitext")]
    pub messageformat: MessageFormat,
}

impl QueryModule for AuthManagerInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        // A session made with a bot password cannot log in as anyone else.
        let bot_session = ctx.state.user.as_ref().is_some_and(|u| u.bot_password.is_some());
        let can_authenticate = !bot_session;
        let mut info = Map::new();
        info.insert("canauthenticatenow".into(), json!(can_authenticate));
        // No accounts are created through this server.
        info.insert("cancreateaccounts".into(), json!(false));
        info.insert("canlinkaccounts".into(), json!(false));
        if self.securitysensitiveoperation.is_some() {
            // A user who gave their password lately may go on; anyone else must log in (again)
            // first, when they can.
            let since = ctx.state.now().unix() - ctx.state.session.authenticated_at;
            let recent = ctx.state.user.is_some() && (0..=REAUTHENTICATE_AFTER).contains(&since);
            let status = if recent && can_authenticate {
                "ok"
            } else if can_authenticate {
                "reauth"
            } else {
                "fail"
            };
            info.insert("securitysensitiveoperationstatus".into(), json!(status));
        }
        if let Some(op) = self.requestsfor {
            info.insert("haspreservedstate".into(), json!(false));
            info.insert("hasprimarypreservedstate".into(), json!(false));
            info.insert("preservedusername".into(), json!(""));
            let requests = if op == RequestsFor::Login && can_authenticate { LOGIN_REQUESTS } else { &[] };
            let mut merged = Map::new();
            let list: Vec<Value> = requests
                .iter()
                .map(|r| {
                    let mut o = Map::new();
                    o.insert("id".into(), json!(r.id));
                    o.insert("metadata".into(), json!({}));
                    o.insert("required".into(), json!(r.required));
                    // The password request is for the caller's own account when logged in.
                    let (account, account_param) = match (r.account, &ctx.state.user) {
                        ("", Some(user)) => (user.name.as_str(), json!(user.name)),
                        ("", None) => ("", Value::Null),
                        (named, _) => (named, json!(named)),
                    };
                    let provider = match r.provider {
                        ("", text) => self.message("$1", vec![json!(text)], text),
                        (key, text) => self.message(key, Vec::new(), text),
                    };
                    if let Some(provider) = provider {
                        o.insert("provider".into(), provider);
                    }
                    if let Some(account) = self.message("$1", vec![account_param], account) {
                        o.insert("account".into(), account);
                    }
                    let fields: Map<String, Value> =
                        r.fields.iter().map(|f| (f.name.to_owned(), self.field(f))).collect();
                    if self.mergerequestfields {
                        merged.extend(fields);
                    } else {
                        o.insert("fields".into(), Value::Object(fields));
                    }
                    Value::Object(o)
                })
                .collect();
            info.insert("requests".into(), Value::Array(list));
            if self.mergerequestfields {
                info.insert("fields".into(), Value::Object(merged));
            }
        }
        ctx.set_answer(Value::Object(info));
        Ok(())
    }
}

/// How long after giving their password a user may do what needs recent authentication, in
/// seconds (MediaWiki's `$wgReauthenticateTime`).
const REAUTHENTICATE_AFTER: i64 = 300;

/// One request of a login, as MediaWiki's authentication manager names it.
struct Request {
    id: &'static str,
    required: &'static str,
    /// The provider's message key and text (no key: the text itself, as MediaWiki names a
    /// request without a provider of its own).
    provider: (&'static str, &'static str),
    /// The account the request is for; empty: the caller's, when logged in.
    account: &'static str,
    fields: &'static [Field],
}

/// One field of a request: its name, type, and label and help (message key and text; the
/// label's parameter, a number, when it has one).
struct Field {
    name: &'static str,
    kind: &'static str,
    label: (&'static str, &'static str),
    label_number: Option<i64>,
    help: (&'static str, &'static str),
    optional: bool,
    sensitive: bool,
}

/// What a login asks: a name and password (`action=clientlogin`'s `username` and
/// `password`), and whether to keep the session longer (`rememberMe`).
const LOGIN_REQUESTS: &[Request] = &[
    Request {
        id: "MediaWiki\\Auth\\PasswordAuthenticationRequest",
        required: "primary-required",
        provider: ("authmanager-provider-password", "Password-based authentication"),
        account: "",
        fields: &[
            Field {
                name: "username",
                kind: "string",
                label: ("userlogin-yourname", "Username"),
                label_number: None,
                help: ("authmanager-username-help", "Username for authentication."),
                optional: false,
                sensitive: false,
            },
            Field {
                name: "password",
                kind: "password",
                label: ("userlogin-yourpassword", "Password"),
                label_number: None,
                help: ("authmanager-password-help", "Password for authentication."),
                optional: false,
                sensitive: true,
            },
        ],
    },
    Request {
        id: "MediaWiki\\Auth\\RememberMeAuthenticationRequest",
        required: "optional",
        provider: ("", "MediaWiki\\Auth\\RememberMeAuthenticationRequest"),
        account: "MediaWiki\\Auth\\RememberMeAuthenticationRequest",
        fields: &[Field {
            name: "rememberMe",
            kind: "checkbox",
            label: ("userlogin-remembermypassword", "Keep me logged in"),
            // The days a remembered session lasts.
            label_number: Some(180),
            help: (
                "authmanager-userlogin-remembermypassword-help",
                "Whether the password should be remembered for longer than the length of the session.",
            ),
            optional: true,
            sensitive: false,
        }],
    },
];

impl AuthManagerInfo {
    /// A message in the requested format: its key and parameters (`raw`), nothing (`none`),
    /// or its text.
    fn message(&self, key: &str, params: Vec<Value>, text: &str) -> Option<Value> {
        match self.messageformat {
            MessageFormat::Raw => Some(json!({ "key": key, "params": params })),
            MessageFormat::None => None,
            MessageFormat::Html => Some(json!(wikiquery_domain::html::escape_text(text))),
            MessageFormat::Wikitext => Some(json!(text)),
        }
    }

    /// A field described in the requested message format.
    fn field(&self, f: &Field) -> Value {
        let mut o = Map::new();
        o.insert("type".into(), json!(f.kind));
        let label_params = f.label_number.map(|n| vec![json!({ "num": n })]).unwrap_or_default();
        if let Some(label) = self.message(f.label.0, label_params, f.label.1) {
            o.insert("label".into(), label);
        }
        if let Some(help) = self.message(f.help.0, Vec::new(), f.help.1) {
            o.insert("help".into(), help);
        }
        o.insert("optional".into(), json!(f.optional));
        o.insert("sensitive".into(), json!(f.sensitive));
        Value::Object(o)
    }
}
