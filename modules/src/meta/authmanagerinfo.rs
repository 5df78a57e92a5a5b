//! `meta=authmanagerinfo`: the state of the authentication manager. This server takes no
//! logins and creates no accounts, so nothing can be authenticated now, no operation needing
//! recent authentication can proceed, and no operation asks for any request (MediaWiki's
//! answer for a site without authentication providers), so no field is described in any
//! message format.

use serde_json::{json, Map, Value};
use wikiquery_framework::{query_module, ApiError, ParamValues, QueryContext, QueryModule};

/// The authentication operation to describe the requests of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RequestsFor {
    Change,
    Create,
    #[value(rename = "create-continue")]
    CreateContinue,
    Link,
    #[value(rename = "link-continue")]
    LinkContinue,
    Login,
    #[value(rename = "login-continue")]
    LoginContinue,
    Remove,
    Unlink,
}

/// The format of messages in the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum MessageFormat {
    Html,
    None,
    Raw,
    Wikitext,
}

/// Information about the authentication manager; needs no read right.
#[query_module(
    name = "authmanagerinfo",
    group = "meta",
    prefix = "ami",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo"
)]
pub struct AuthManagerInfo {
    /// Whether the caller is authenticated recently enough for this operation.
    pub securitysensitiveoperation: Option<String>,
    pub requestsfor: Option<RequestsFor>,
    pub mergerequestfields: bool,
    #[param(default = "wikitext")]
    pub messageformat: MessageFormat,
}

impl QueryModule for AuthManagerInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let can_authenticate = false;
        let mut info = Map::new();
        info.insert("canauthenticatenow".into(), json!(can_authenticate));
        info.insert("cancreateaccounts".into(), json!(false));
        info.insert("canlinkaccounts".into(), json!(false));
        if self.securitysensitiveoperation.is_some() {
            // The caller is anonymous: asked to authenticate again when it could, refused
            // otherwise.
            info.insert(
                "securitysensitiveoperationstatus".into(),
                json!(if can_authenticate { "reauth" } else { "fail" }),
            );
        }
        if self.requestsfor.is_some() {
            info.insert("haspreservedstate".into(), json!(false));
            info.insert("hasprimarypreservedstate".into(), json!(false));
            info.insert("preservedusername".into(), json!(""));
            info.insert("requests".into(), json!([]));
            if self.mergerequestfields {
                info.insert("fields".into(), Value::Object(Map::new()));
            }
        }
        ctx.set_answer(Value::Object(info));
        Ok(())
    }
}
