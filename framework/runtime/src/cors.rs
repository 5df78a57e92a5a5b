//! Cross-origin requests as MediaWiki's `ApiMain::handleCORS` answers them: `origin=*` for
//! anonymous use from any page; a named origin, which must be the one the browser sent, with
//! credentials only for the origins the operator trusts (`$wgCrossSiteAJAXdomains`, less
//! `$wgCrossSiteAJAXdomainExceptions`); preflights (`OPTIONS`) told what they may send.

/// The trusted origins and what their pages may send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorsConfig {
    /// Host patterns of the origins whose pages may call the API with the caller's cookies
    /// (`*` any run of characters, `?` one): `*.example.org`, `tools.example.net:8080`.
    pub domains: Vec<String>,
    /// Host patterns taken out of those.
    pub exceptions: Vec<String>,
    /// The request headers a preflight may ask to send (`$wgAllowedCorsHeaders`).
    pub allowed_headers: Vec<String>,
}

impl Default for CorsConfig {
    fn default() -> Self {
        CorsConfig {
            domains: Vec::new(),
            exceptions: Vec::new(),
            allowed_headers: [
                "Accept",
                "Accept-Language",
                "Content-Language",
                "Content-Type",
                "Accept-Encoding",
                "DNT",
                "Origin",
                "User-Agent",
                "Api-User-Agent",
                "Access-Control-Max-Age",
                "Authorization",
            ]
            .map(str::to_owned)
            .to_vec(),
        }
    }
}

/// The headers an answer to a browser of another origin shows its page.
const EXPOSED: &str = "MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed";

/// What a request's `origin` parameter decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cors {
    /// No `origin`: not a cross-origin request the API knows of.
    NotAsked,
    /// `origin` names an origin the browser did not send: refused with 403.
    Mismatch,
    /// Answered, with these headers.
    Answered {
        /// The CORS headers.
        headers: Vec<(String, String)>,
        /// `origin=*`: answered as if no one were logged in.
        anonymous: bool,
        /// The answer depends on the `Origin` header (a named origin).
        varies_by_origin: bool,
    },
}

/// A preflight: an `OPTIONS` request that names the method the page wants to use
/// (`Access-Control-Request-Method`), with the headers it wants to send.
#[derive(Debug, Clone, Copy)]
pub struct Preflight<'a> {
    /// `Access-Control-Request-Headers`.
    pub headers: Option<&'a str>,
}

impl CorsConfig {
    /// The answer to a request with `origin` (the parameter), the browser's `Origin` header,
    /// and, for an `OPTIONS` request that asks, its preflight.
    pub fn check(&self, origin: Option<&str>, origin_header: Option<&str>, preflight: Option<Preflight<'_>>) -> Cors {
        let Some(origin) = origin else { return Cors::NotAsked };
        let (allow_origin, credentials, matched, anonymous) = if origin == "*" {
            ("*".to_owned(), "false", true, true)
        } else {
            let sent = origin_header.map(str::trim).unwrap_or("");
            let origins: Vec<&str> = sent.split_whitespace().collect();
            if !origins.contains(&origin) {
                return Cors::Mismatch;
            }
            let matched = origins.len() == 1 && self.trusts(origin);
            (sent.to_owned(), "true", matched, false)
        };
        let mut headers = Vec::new();
        if !matched {
            headers.push(("MediaWiki-CORS-Rejection".to_owned(), "Origin mismatch".to_owned()));
            return Cors::Answered { headers, anonymous, varies_by_origin: !anonymous };
        }
        if let Some(preflight) = preflight {
            if let Some(asked) = preflight.headers {
                if !self.allows_headers(asked) {
                    headers.push((
                        "MediaWiki-CORS-Rejection".to_owned(),
                        "Unsupported header requested in preflight".to_owned(),
                    ));
                    return Cors::Answered { headers, anonymous, varies_by_origin: false };
                }
                headers.push(("Access-Control-Allow-Headers".to_owned(), asked.to_owned()));
            }
            headers.push(("Access-Control-Allow-Methods".to_owned(), "POST, GET, HEAD".to_owned()));
        }
        headers.push(("Access-Control-Allow-Origin".to_owned(), allow_origin.clone()));
        headers.push(("Access-Control-Allow-Credentials".to_owned(), credentials.to_owned()));
        if !anonymous {
            headers.push(("Timing-Allow-Origin".to_owned(), allow_origin));
        }
        if preflight.is_none() {
            headers.push(("Access-Control-Expose-Headers".to_owned(), EXPOSED.to_owned()));
        }
        Cors::Answered { headers, anonymous, varies_by_origin: !anonymous }
    }

    /// Whether an origin (`https://host[:port]`) is trusted: a pattern matches its host and no
    /// exception does (MediaWiki's `matchOrigin`).
    pub fn trusts(&self, origin: &str) -> bool {
        let matches = |pattern: &String| wildcard_matches(pattern, origin);
        self.domains.iter().any(matches) && !self.exceptions.iter().any(matches)
    }

    /// Whether every header a preflight asks for is allowed (case-insensitively).
    fn allows_headers(&self, asked: &str) -> bool {
        asked.trim().is_empty()
            || asked.split(',').all(|h| self.allowed_headers.iter().any(|a| a.eq_ignore_ascii_case(h.trim())))
    }
}

/// Whether `origin` is `http://` or `https://` followed by what `pattern` matches whole, `*`
/// standing for any run of characters and `?` for one.
fn wildcard_matches(pattern: &str, origin: &str) -> bool {
    let Some(host) = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) else {
        return false;
    };
    let (p, h): (Vec<char>, Vec<char>) = (pattern.chars().collect(), host.chars().collect());
    // Classic glob matching with one backtracking point for the last `*`.
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < h.len() {
        if i < p.len() && (p[i] == '?' || p[i] == h[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(s) = star {
            i = s + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|c| *c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> CorsConfig {
        CorsConfig {
            domains: vec!["*.example.org".into(), "tools.example.net".into()],
            exceptions: vec!["evil.example.org".into()],
            ..CorsConfig::default()
        }
    }

    fn header<'a>(cors: &'a Cors, name: &str) -> Option<&'a str> {
        match cors {
            Cors::Answered { headers, .. } => headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()),
            _ => None,
        }
    }

    #[test]
    fn origins_are_matched_by_host_patterns_less_exceptions() {
        let c = config();
        assert!(c.trusts("https://www.example.org"));
        assert!(c.trusts("http://a.b.example.org"));
        assert!(!c.trusts("https://example.org"), "the pattern asks for a subdomain");
        assert!(!c.trusts("https://evil.example.org"));
        assert!(c.trusts("https://tools.example.net"));
        assert!(!c.trusts("https://tools.example.net.attacker.com"));
        assert!(!c.trusts("ftp://tools.example.net"));
        assert!(wildcard_matches("host?:80*", "http://hostA:8080"));
    }

    #[test]
    fn anonymous_use_from_any_page() {
        let cors = config().check(Some("*"), None, None);
        assert_eq!(header(&cors, "Access-Control-Allow-Origin"), Some("*"));
        assert_eq!(header(&cors, "Access-Control-Allow-Credentials"), Some("false"));
        assert!(header(&cors, "Access-Control-Expose-Headers").is_some());
        assert!(matches!(cors, Cors::Answered { anonymous: true, varies_by_origin: false, .. }));
    }

    #[test]
    fn a_named_origin_must_be_the_browsers_and_trusted() {
        let c = config();
        assert_eq!(c.check(Some("https://www.example.org"), None, None), Cors::Mismatch);
        assert_eq!(c.check(Some("https://www.example.org"), Some("https://other.org"), None), Cors::Mismatch);
        let cors = c.check(Some("https://www.example.org"), Some("https://www.example.org"), None);
        assert_eq!(header(&cors, "Access-Control-Allow-Origin"), Some("https://www.example.org"));
        assert_eq!(header(&cors, "Access-Control-Allow-Credentials"), Some("true"));
        let cors = c.check(Some("https://evil.example.org"), Some("https://evil.example.org"), None);
        assert_eq!(header(&cors, "MediaWiki-CORS-Rejection"), Some("Origin mismatch"));
        assert_eq!(header(&cors, "Access-Control-Allow-Origin"), None);
    }

    #[test]
    fn a_preflight_is_told_what_it_may_send() {
        let c = config();
        let ask = |headers| Some(Preflight { headers });
        let cors = c.check(Some("*"), None, ask(Some("api-user-agent, Content-Type")));
        assert_eq!(header(&cors, "Access-Control-Allow-Methods"), Some("POST, GET, HEAD"));
        assert_eq!(header(&cors, "Access-Control-Allow-Headers"), Some("api-user-agent, Content-Type"));
        assert_eq!(header(&cors, "Access-Control-Expose-Headers"), None);
        let cors = c.check(Some("*"), None, ask(Some("X-Secret")));
        assert_eq!(header(&cors, "MediaWiki-CORS-Rejection"), Some("Unsupported header requested in preflight"));
        assert_eq!(header(&cors, "Access-Control-Allow-Origin"), None);
    }
}
