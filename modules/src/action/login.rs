//! `action=login`: logs in with a name and password given a login token — a bot password
//! (`User@app` and its generated password) or, deprecated, a main account's password — as
//! MediaWiki 1.39 answers: `Success`, `NeedToken` (the old flow that fetched its token here),
//! `WrongToken`, `Failed` with a reason, or `Aborted`.

use serde_json::{json, Map, Value};
use wikiquery_runtime::action::require_posted;
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError};

use crate::shared::accounts::LoginOutcome;
use crate::shared::logins::{self, Reason};
use crate::wiki::Wiki;

/// Logs in with a user name and password, starting a session kept in cookies.
///
/// Meant for bot passwords: the account's name with `@` and the bot's name, and the password
/// generated for it. Logging in with an account's own password this way still works but is
/// deprecated; `action=clientlogin` is the way for that. A login token from
/// `action=query&meta=tokens&type=login` is required, and the request must be sent by POST. The
/// answer's `result` is `Success`, `Failed` with a `reason`, `WrongToken` for a bad token,
/// `NeedToken` when no token was sent, or `Aborted` for a request any web page could have sent
/// (`origin=*` or a JSONP `callback`).
#[query_module(
    name = "login",
    group = "action",
    prefix = "lg",
    writerights,
    mustbeposted,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Login",
    example(
        query = "action=login&lgname=FixtureBot@nightly&lgpassword=q8l3v6f0k2n9s4d7h1m5t8r2c6b0j3p9\
                 &lgtoken=e4da3b7fbbce2345d7772b0674a318d5",
        text = "Log in as FixtureBot with the bot password named nightly."
    )
)]
pub struct Login {
    /// The user name to log in as; for a bot password, the account's name, `@` and the bot's name,
    /// such as `Alice@mybot`.
    pub name: Option<String>,
    /// The password: the one generated for a bot password, or the account's own.
    #[param(password)]
    pub password: Option<String>,
    /// An authentication domain; unused, as this wiki has none.
    pub domain: Option<String>,
    /// A login token from `action=query&meta=tokens&type=login`. Without one, the answer is
    /// `NeedToken` with a token to use, an older way of getting one that is deprecated.
    #[param(sensitive)]
    pub token: Option<String>,
}

impl ActionModule for Login {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        if ctx.state.lacks_same_origin_security() {
            let reason = logins::reason(ctx.result, Reason::SameOrigin);
            ctx.result.add("login", json!({ "result": "Aborted", "reason": reason }));
            return Ok(());
        }
        require_posted(ctx.state, &["lgpassword", "lgtoken"])?;
        ctx.state.session.persist();
        let now = ctx.state.now().unix();
        let (secret, new) = ctx.state.session.secret("login");
        let mut answer = Map::new();
        let outcome = match self.token.as_deref().filter(|t| !t.is_empty()) {
            None => Err("NeedToken"),
            Some(_) if new => Err("sessionlost"),
            Some(token) => {
                let check = wikiquery_domain::accounts::tokens::check(Some(&secret), "", token, None, now);
                if check == wikiquery_domain::accounts::tokens::TokenCheck::Valid {
                    Ok(())
                } else {
                    Err("WrongToken")
                }
            }
        };
        let result = match outcome {
            Err("NeedToken") => {
                let token = ctx.state.session.token("login", now).unwrap_or_default();
                ctx.state.warnings.add(
                    "login",
                    "deprecation",
                    "Fetching a token via \"action=login\" is deprecated. Use \"action=query&meta=tokens&type=login\" instead.",
                );
                answer.insert("token".into(), json!(token));
                "NeedToken"
            }
            Err("WrongToken") => "WrongToken",
            Err(_) => {
                answer.insert("reason".into(), logins::reason(ctx.result, Reason::SessionLost));
                "Failed"
            }
            Ok(()) => self.authenticate(ctx, &mut answer)?,
        };
        let mut out = Map::new();
        out.insert("result".into(), json!(result));
        out.extend(answer);
        ctx.result.add("login", Value::Object(out));
        Ok(())
    }
}

impl Login {
    /// Checks the credentials once the token holds; logs the session in on success.
    fn authenticate(
        &self,
        ctx: &mut ActionContext<'_>,
        answer: &mut Map<String, Value>,
    ) -> Result<&'static str, ApiError> {
        let services = ctx.services;
        let directory = Wiki::of(services)?.accounts();
        let settings = services.settings();
        let name = self.name.clone().unwrap_or_default();
        let password = self.password.clone().unwrap_or_default();
        let mut main_account = true;
        let mut outcome = None;
        if settings.bot_passwords {
            if let Some((login_name, bot_password)) = logins::bot_login_data(&name, &password) {
                match directory.check_bot_password(ctx.state, services.settings(), &login_name, &bot_password)? {
                    Some(found @ (LoginOutcome::Pass(_) | LoginOutcome::Throttled(_))) => {
                        main_account = false;
                        outcome = Some(found);
                    }
                    _ => {}
                }
            }
        }
        let outcome = match outcome {
            Some(o) => o,
            None => directory.check_password(ctx.state, services.settings(), &name, &password)?,
        };
        let reason = match outcome {
            LoginOutcome::Pass(user) => {
                if main_account {
                    ctx.state.warnings.add(
                        "login",
                        "deprecation",
                        "Main-account login via \"action=login\" is deprecated and may stop working without warning. \
                         To continue login with \"action=login\", see [[Special:BotPasswords]]. To safely continue \
                         using main-account login, see \"action=clientlogin\".",
                    );
                }
                answer.insert("lguserid".into(), json!(user.id));
                answer.insert("lgusername".into(), json!(user.name));
                let now = ctx.state.now().unix();
                ctx.state.session.log_in(user, true, now);
                return Ok("Success");
            }
            LoginOutcome::BadName => Reason::NoProvider,
            LoginOutcome::WrongPassword => Reason::WrongPassword,
            LoginOutcome::Throttled(wait) => Reason::Throttled(wait),
        };
        answer.insert("reason".into(), logins::reason(ctx.result, reason));
        Ok("Failed")
    }
}
