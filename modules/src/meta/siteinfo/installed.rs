//! The parts of `meta=siteinfo` that describe the server rather than the wiki's data: its
//! skins, extensions, libraries and hooks, the upload dialog's settings and replication lag.

use serde_json::{json, Map, Value};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{ApiError, Services};

/// The installed skins, the default one marked, those readers may not choose marked
/// `unusable`.
pub fn skins(settings: &SiteSettings) -> Value {
    let list = settings
        .skins
        .iter()
        .map(|skin| {
            let mut o = Map::new();
            o.insert("code".into(), json!(skin.code));
            set_content(&mut o, "name", skin.name.clone());
            if skin.code == settings.default_skin {
                o.insert("default".into(), json!(true));
            }
            if !skin.usable {
                o.insert("unusable".into(), json!(true));
            }
            Value::Object(o)
        })
        .collect();
    Value::Array(list)
}

/// Extensions, libraries and hook subscribers: this server runs no MediaWiki extensions and no
/// PHP libraries, so each list is empty.
pub fn nothing_installed() -> Value {
    json!([])
}

/// The upload dialog's settings (`$wgUploadDialog`), MediaWiki's defaults.
pub fn upload_dialog() -> Value {
    json!({
        "fields": { "description": true, "date": false, "categories": false },
        "licensemessages": { "local": "generic-local", "foreign": "generic-foreign" },
        "comment": { "local": "", "foreign": "" },
        "format": {
            "filepage": "$DESCRIPTION",
            "description": "$TEXT",
            "ownwork": "",
            "license": "",
            "uncategorized": "",
        },
    })
}

/// The replication lag (MediaWiki's `appendDbReplLagInfo`): the most lagged replica's, named
/// only where host names may be shown, -1 without replicas; every server's (`sishowalldb`: the
/// primary first, `false` for a replica that does not replicate) only where host names may be
/// shown, else `includeAllDenied`.
pub fn replication_lag(services: &Services, show_all: bool) -> Result<Value, ApiError> {
    use wikiquery_domain::replication::lag_value;
    if !show_all {
        let (host, lag) = services.max_lag();
        return Ok(json!([{ "host": host, "lag": lag_value(lag) }]));
    }
    if !services.settings().show_hostnames {
        return Err(ApiError::new("includeAllDenied", "Cannot view all servers' info unless host names are shown."));
    }
    let all = services
        .lag_times()
        .into_iter()
        .map(|s| json!({ "host": s.server, "lag": s.lag.map_or(Value::Bool(false), lag_value) }))
        .collect();
    Ok(Value::Array(all))
}
