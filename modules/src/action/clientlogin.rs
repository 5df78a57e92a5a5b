//! `action=clientlogin`: MediaWiki's login for interactive clients, given a login token and
//! the fields of the `login` request `meta=authmanagerinfo` describes (`username`,
//! `password`, `rememberMe`): `PASS` with the user's name, or `FAIL` with a message in
//! `loginmessageformat`. A password is the only step, so nothing is ever left to continue.

use serde_json::{json, Map, Value};
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError};

use crate::shared::accounts::LoginOutcome;
use crate::shared::logins::{client_message, Reason};
use crate::wiki::Wiki;

/// The formats of `loginmessageformat`.
pub const MESSAGE_FORMATS: &[&str] = &["html", "none", "raw", "wikitext"];

/// Logs in to the wiki through the interactive login flow, as an application acting for a person.
///
/// Send the login token from `action=query&meta=tokens&type=login` with the fields that
/// `action=query&meta=authmanagerinfo&amirequestsfor=login` lists: `username`, `password` and,
/// optionally, `rememberMe` for a longer-lasting session. The answer's `status` is `PASS` with
/// the user's name, or `FAIL` with a message saying why. A password is the only step of a login
/// on this wiki, so no answer ever asks to continue. The request must be sent by POST.
#[query_module(
    name = "clientlogin",
    group = "action",
    prefix = "login",
    writerights,
    mustbeposted,
    dynamicparameters,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Login",
    at_least_one_of(continue_, returnurl),
    example(
        query = "action=clientlogin&username=Alice&password=correct-horse-battery\
                 &loginreturnurl=https://example.org/&logintoken=c81e728d9d4c2f636f067f89cc14862c",
        text = "Log in as Alice with her password."
    ),
    example(
        query = "action=clientlogin&username=Alice&password=correct-horse-battery&rememberMe=1\
                 &loginreturnurl=https://example.org/&loginmessageformat=html\
                 &logintoken=c81e728d9d4c2f636f067f89cc14862c",
        text = "Log in as Alice for a long-lasting session, with any failure message given in HTML."
    )
)]
pub struct ClientLogin {
    /// Limits the login to these authentication requests, by the `id` that
    /// `action=query&meta=authmanagerinfo` gives them, separated by `|`. When left out, all are
    /// used.
    pub requests: Vec<String>,
    /// The format of the message in a `FAIL` answer: `wikitext` (the default), `html`, `raw` for
    /// its key and parameters, or `none` to leave it out.
    #[param(values = MESSAGE_FORMATS, default = "wikitext")]
    pub messageformat: String,
    /// Gives the fields of all authentication requests together in one list, rather than
    /// request by request.
    pub mergerequestfields: bool,
    /// Carries over what an earlier failed login attempt left, where possible. This wiki keeps
    /// nothing from failed attempts, so it changes nothing.
    pub preservestate: bool,
    /// The absolute URL a third-party login provider would send the browser back to when done.
    /// Either this or `logincontinue` is required; as this wiki has no third-party providers,
    /// any absolute URL will do.
    pub returnurl: Option<String>,
    /// Marks the request as the next step of a login already under way. Either this or
    /// `loginreturnurl` is required; since a login here takes a single step, there is never one
    /// to continue.
    #[param(rename = "continue")]
    pub continue_: bool,
    /// A login token from `action=query&meta=tokens&type=login`.
    #[param(sensitive, tokentype = "login")]
    pub token: String,
}

impl ActionModule for ClientLogin {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        if let Some(url) = &self.returnurl {
            if !has_scheme(url) {
                return Err(ApiError::new(
                    "badurl_loginreturnurl",
                    format!("Invalid value \"{url}\" for URL parameter \"loginreturnurl\"."),
                ));
            }
        }
        let v2 = ctx.result.style().v2;
        let outcome = if ctx.state.user.as_ref().is_some_and(|u| u.bot_password.is_some()) {
            // A session made with a bot password cannot become another.
            Err(("userlogin-cannot-login", "\u{29fc}userlogin-cannot-login\u{29fd}".to_owned()))
        } else if self.continue_ {
            Err((
                "authmanager-authn-not-in-progress",
                "Authentication is not in progress or session data has been lost. Please start again from the \
                 beginning."
                    .to_owned(),
            ))
        } else {
            let name = ctx.state.params.get("username").map(str::to_owned);
            let password = ctx.state.params.get("password").map(str::to_owned);
            for field in ["username", "password", "rememberMe"] {
                ctx.state.mark_used(field);
            }
            let remember = ctx.state.params.get("rememberMe").is_some();
            match (name, password) {
                (Some(name), Some(password)) if !name.is_empty() => {
                    let directory = Wiki::of(ctx.services)?.accounts();
                    match directory.check_password(ctx.state, ctx.settings(), &name, &password)? {
                        LoginOutcome::Pass(user) => {
                            let name = user.name.clone();
                            let now = ctx.state.now().unix();
                            ctx.state.session.log_in(user, remember, now);
                            Ok(name)
                        }
                        LoginOutcome::BadName => Err(reason(Reason::NoProvider)),
                        LoginOutcome::WrongPassword => Err(reason(Reason::WrongPassword)),
                        LoginOutcome::Throttled(wait) => Err(reason(Reason::Throttled(wait))),
                    }
                }
                _ => Err(reason(Reason::NoProvider)),
            }
        };
        let mut out = Map::new();
        match outcome {
            Ok(name) => {
                out.insert("status".into(), json!("PASS"));
                out.insert("username".into(), json!(name));
            }
            Err((code, text)) => {
                out.insert("status".into(), json!("FAIL"));
                let (message, messagecode) = client_message(&self.messageformat, code, &text);
                if let Some(message) = message {
                    out.insert("message".into(), message);
                }
                out.insert("messagecode".into(), messagecode);
                if v2 {
                    out.insert("canpreservestate".into(), json!(false));
                }
            }
        }
        ctx.result.add("clientlogin", Value::Object(out));
        Ok(())
    }
}

fn reason(r: Reason) -> (&'static str, String) {
    (r.code(), r.text())
}

/// Whether a URL names its scheme (`http:`, `https:`, `//host` relative to the protocol).
fn has_scheme(url: &str) -> bool {
    if url.starts_with("//") {
        return true;
    }
    match url.split_once(':') {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}
