//! Who may share a cached answer: each module declares its cache mode (MediaWiki's
//! `getCacheMode`), a query merges the modes of the modules that gave it data, and the main
//! loop turns the result into `Cache-Control`, `Vary` and `Expires` as MediaWiki's
//! `ApiMain::sendCacheHeaders` does. An answer is public only when every part of it may be
//! shared, and never when the caller holds a session.

use wikiquery_domain::rights::Rights;
use wikiquery_domain::timestamp::Timestamp;

/// Who may share a cached answer of a module, from the most shareable to the most private.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum CacheMode {
    /// Any cache may keep the answer for anyone (the caller's identity plays no part).
    Public,
    /// Public for callers without a session; private for the others (the answer depends on
    /// who is logged in).
    AnonPublicUserPrivate,
    /// Only the caller's own cache may keep it. What a module that declares nothing gets.
    #[default]
    Private,
}

impl CacheMode {
    /// Public, unless the caller may see revision-deleted fields, when what it is shown
    /// depends on who it is (MediaWiki's revision, file and change modules).
    pub fn public_unless_revision_deletion(rights: &Rights) -> CacheMode {
        if rights.sees_revision_deletion() {
            CacheMode::Private
        } else {
            CacheMode::Public
        }
    }

    /// The mode of an answer made of parts of `self` and `other` (MediaWiki's
    /// `ApiQuery::mergeCacheMode`): the more private of the two.
    pub fn merge(self, other: CacheMode) -> CacheMode {
        self.max(other)
    }
}

/// What decides the caching headers of one answer.
#[derive(Debug, Clone, Copy)]
pub struct CachePolicy {
    /// The mode the action left (private for an error).
    pub mode: CacheMode,
    /// The answer is an error.
    pub error: bool,
    /// The caller holds a session (it sent a session cookie, or this answer starts one).
    pub has_session: bool,
    /// The answer sets a cookie: no cache may keep it (MediaWiki's header callback).
    pub sets_cookie: bool,
    /// The `smaxage` and `maxage` parameters (0 when absent or invalid; negative values pass
    /// through, as MediaWiki lets them).
    pub smaxage: i64,
    pub maxage: i64,
    /// The lifetime the action set for both (MediaWiki's `setCacheMaxAge`), which the
    /// parameters do not change.
    pub max_age: Option<i64>,
    /// A private answer may keep `maxage` ([`crate::param::RequestState::keeps_maxage`]).
    pub keeps_maxage: bool,
    /// Every caller may read the wiki (no private wiki).
    pub everyone_reads: bool,
    /// The answer is in the caller's own language (`uselang=user`, the default): public only
    /// to callers without a session.
    pub user_language: bool,
    /// The answer is a page for people (`jsonfm`), which may hold what only the caller may
    /// see: public only to callers without a session, and expired at once when private.
    pub html_page: bool,
    /// The request named an origin (`origin=` other than `*`): caches keep answers apart by
    /// the `Origin` header.
    pub varies_by_origin: bool,
    /// The answer is a syndication feed: written in MediaWiki's default format when it fails,
    /// so a page for people then, but not otherwise (its session does not make a public feed
    /// private); it names the cookie before `Treat-as-Untrusted` among what it varies by.
    pub feed: bool,
    /// The current instant, for `Expires`.
    pub now: Timestamp,
}

/// `Expires` of a public answer whose shorter lifetime is 0: the first second of 1970.
const NO_LIFETIME: i64 = 1;

/// `Expires` of an answer no cache may keep: a cookie's, a private page for people.
const NEVER_KEPT: i64 = 0;

impl CachePolicy {
    /// The mode the answer is sent with (MediaWiki's `ApiMain::setCacheMode`): an error is
    /// private, and so is every answer of a private wiki; an answer rendered for the caller is
    /// public only to callers without a session.
    pub fn effective_mode(&self) -> CacheMode {
        if self.error || !self.everyone_reads {
            return CacheMode::Private;
        }
        if self.mode == CacheMode::Public && (self.user_language || (self.html_page && !self.feed)) {
            return CacheMode::AnonPublicUserPrivate;
        }
        self.mode
    }

    /// The answer's caching headers, as MediaWiki's `ApiMain::sendCacheHeaders` sends them: a
    /// private answer says only `Cache-Control`; a shareable one says what it varies by, and
    /// is public when a lifetime was asked for.
    pub fn headers(&self) -> Vec<(&'static str, String)> {
        let mode = self.effective_mode();
        let maxage = match self.max_age {
            Some(set) => set,
            None if self.keeps_maxage || mode != CacheMode::Private => self.maxage,
            None => 0,
        };
        let private = ("Cache-Control", format!("private, must-revalidate, max-age={maxage}"));
        if mode == CacheMode::Private || (mode == CacheMode::AnonPublicUserPrivate && self.has_session) {
            let mut headers = Vec::with_capacity(3);
            if mode != CacheMode::Private {
                headers.push(("Vary", self.vary()));
            } else if self.html_page {
                headers.push(("Vary", "Accept-Encoding, Cookie".to_owned()));
            }
            if self.html_page {
                headers.push(("Expires", Timestamp::from_unix(NEVER_KEPT).to_http_date()));
            }
            headers.push(private);
            return headers;
        }
        let vary = ("Vary", self.vary());
        let (smaxage, maxage) = self.max_age.map_or((self.smaxage, self.maxage), |set| (set, set));
        if smaxage == 0 && maxage == 0 {
            let mut headers = vec![vary, private];
            if self.html_page {
                headers.insert(1, ("Expires", Timestamp::from_unix(NEVER_KEPT).to_http_date()));
            }
            return headers;
        }
        if self.sets_cookie {
            return vec![
                vary,
                ("Expires", Timestamp::from_unix(NEVER_KEPT).to_http_date()),
                ("Cache-Control", "private, max-age=0, s-maxage=0".to_owned()),
            ];
        }
        let lifetime = smaxage.min(maxage);
        let expires = if lifetime == 0 { NO_LIFETIME } else { self.now.unix() + lifetime };
        // In the order they were set: by the action, else from the parameters.
        let control = if self.max_age.is_some() {
            format!("max-age={maxage}, s-maxage={smaxage}, public")
        } else {
            format!("s-maxage={smaxage}, max-age={maxage}, public")
        };
        vec![vary, ("Expires", Timestamp::from_unix(expires).to_http_date()), ("Cache-Control", control)]
    }

    /// What a shareable answer varies by.
    fn vary(&self) -> String {
        let origin = if self.varies_by_origin { "Origin, " } else { "" };
        if self.feed {
            format!("Accept-Encoding, {origin}Cookie, Treat-as-Untrusted")
        } else {
            format!("Accept-Encoding, {origin}Treat-as-Untrusted, Cookie")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(mode: CacheMode) -> CachePolicy {
        CachePolicy {
            mode,
            error: false,
            has_session: false,
            sets_cookie: false,
            smaxage: 300,
            maxage: 60,
            max_age: None,
            keeps_maxage: true,
            everyone_reads: true,
            user_language: false,
            html_page: false,
            feed: false,
            varies_by_origin: false,
            now: Timestamp::from_unix(1_795_305_600),
        }
    }

    fn cache_control(p: &CachePolicy) -> String {
        p.headers().into_iter().find(|(k, _)| *k == "Cache-Control").map(|(_, v)| v).unwrap_or_default()
    }

    #[test]
    fn modes_merge_to_the_more_private() {
        use CacheMode::*;
        assert_eq!(Public.merge(Public), Public);
        assert_eq!(Public.merge(AnonPublicUserPrivate), AnonPublicUserPrivate);
        assert_eq!(AnonPublicUserPrivate.merge(Public), AnonPublicUserPrivate);
        assert_eq!(AnonPublicUserPrivate.merge(Private), Private);
        assert_eq!(Private.merge(Public), Private);
    }

    #[test]
    fn a_public_answer_says_how_long_and_until_when() {
        let p = policy(CacheMode::Public);
        let headers = p.headers();
        assert_eq!(cache_control(&p), "s-maxage=300, max-age=60, public");
        assert!(headers.contains(&("Expires", "Sun, 22 Nov 2026 00:01:00 GMT".to_owned())), "{headers:?}");
    }

    #[test]
    fn a_caller_with_a_session_never_gets_a_public_answer_of_its_own() {
        let mut p = policy(CacheMode::AnonPublicUserPrivate);
        assert_eq!(cache_control(&p), "s-maxage=300, max-age=60, public");
        p.has_session = true;
        assert_eq!(cache_control(&p), "private, must-revalidate, max-age=60");
        p.mode = CacheMode::Private;
        p.has_session = false;
        assert_eq!(cache_control(&p), "private, must-revalidate, max-age=60");
    }

    #[test]
    fn errors_private_wikis_and_the_callers_language_are_not_shared() {
        let mut p = policy(CacheMode::Public);
        p.error = true;
        assert_eq!(p.effective_mode(), CacheMode::Private);
        let mut p = policy(CacheMode::Public);
        p.everyone_reads = false;
        assert_eq!(p.effective_mode(), CacheMode::Private);
        let mut p = policy(CacheMode::Public);
        p.user_language = true;
        p.has_session = true;
        assert_eq!(cache_control(&p), "private, must-revalidate, max-age=60");
    }

    #[test]
    fn a_private_answer_says_nothing_of_what_it_varies_by() {
        let p = policy(CacheMode::Private);
        assert_eq!(p.headers(), vec![("Cache-Control", "private, must-revalidate, max-age=60".to_owned())]);
        let mut p = policy(CacheMode::AnonPublicUserPrivate);
        p.has_session = true;
        p.varies_by_origin = true;
        assert_eq!(p.headers()[0], ("Vary", "Accept-Encoding, Origin, Treat-as-Untrusted, Cookie".to_owned()));
    }

    #[test]
    fn an_answer_that_sets_a_cookie_is_never_public() {
        let mut p = policy(CacheMode::Public);
        p.sets_cookie = true;
        let headers = p.headers();
        assert_eq!(cache_control(&p), "private, max-age=0, s-maxage=0");
        assert!(headers.contains(&("Expires", "Thu, 01 Jan 1970 00:00:00 GMT".to_owned())));
        assert_eq!(headers.iter().filter(|(k, _)| *k == "Expires" || *k == "Cache-Control").count(), 2);
    }

    #[test]
    fn negative_lifetimes_pass_through() {
        let mut p = policy(CacheMode::Public);
        p.smaxage = -5;
        p.maxage = 30;
        assert_eq!(cache_control(&p), "s-maxage=-5, max-age=30, public");
        assert!(p.headers().contains(&("Expires", "Sat, 21 Nov 2026 23:59:55 GMT".to_owned())));
    }

    #[test]
    fn no_lifetime_asked_is_private_with_no_expiry() {
        let mut p = policy(CacheMode::Public);
        p.smaxage = 0;
        p.maxage = 0;
        assert_eq!(cache_control(&p), "private, must-revalidate, max-age=0");
        assert!(p.headers().iter().all(|(k, _)| *k != "Expires"));
    }
}
