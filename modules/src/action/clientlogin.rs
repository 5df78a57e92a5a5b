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

/// Logs in through the authentication manager's flow.
#[query_module(
    name = "clientlogin",
    group = "action",
    prefix = "login",
    writerights,
    mustbeposted,
    dynamicparameters,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Login",
    at_least_one_of(continue_, returnurl)
)]
pub struct ClientLogin {
    /// Which of the requests authmanagerinfo describes are answered (all, when not given).
    pub requests: Vec<String>,
    #[param(values = MESSAGE_FORMATS, default = "wikitext")]
    pub messageformat: String,
    pub mergerequestfields: bool,
    pub preservestate: bool,
    /// Where a redirecting provider would return to; a URL.
    pub returnurl: Option<String>,
    /// Continues a login in progress.
    #[param(rename = "continue")]
    pub continue_: bool,
    /// A login token.
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
        let v2 = ctx.result.content_key("text") == "text";
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
