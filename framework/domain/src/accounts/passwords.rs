//! MediaWiki's stored password hashes, verified so that the users of an existing MediaWiki
//! database log in with their own passwords: `:pbkdf2:` (MediaWiki's default since 1.24),
//! the salted MD5 of `:B:` and the unsalted MD5 of `:A:` (its oldest forms). Any other form
//! (`*** INVALID ***`, an empty value, bcrypt or argon2, which 1.39 writes only when
//! configured to) matches no password.

use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine;
use md5::{Digest, Md5};
use pbkdf2::pbkdf2_hmac;

/// Whether `password` is the one `stored` (a `user_password` or `bp_password` value) hashes.
pub fn verify(stored: &str, password: &str) -> bool {
    let Some(rest) = stored.strip_prefix(':') else { return false };
    let mut parts = rest.split(':');
    match parts.next() {
        Some("pbkdf2") => {
            let fields: Vec<&str> = parts.collect();
            let [algo, rounds, length, salt, hash] = fields[..] else { return false };
            let (Ok(rounds), Ok(length)) = (rounds.parse::<u32>(), length.parse::<usize>()) else { return false };
            let (Some(salt), Some(expected)) = (decode(salt), decode(hash)) else { return false };
            if rounds == 0 || length == 0 || length > 1024 || expected.len() != length {
                return false;
            }
            let mut derived = vec![0u8; length];
            let p = password.as_bytes();
            match algo {
                "sha512" => pbkdf2_hmac::<sha2::Sha512>(p, &salt, rounds, &mut derived),
                "sha256" => pbkdf2_hmac::<sha2::Sha256>(p, &salt, rounds, &mut derived),
                "sha1" => pbkdf2_hmac::<sha1::Sha1>(p, &salt, rounds, &mut derived),
                _ => return false,
            }
            constant_time_eq(&derived, &expected)
        }
        Some("B") => {
            let fields: Vec<&str> = parts.collect();
            let [salt, hash] = fields[..] else { return false };
            constant_time_eq(salted_md5(salt, password).as_bytes(), hash.as_bytes())
        }
        Some("A") => {
            let fields: Vec<&str> = parts.collect();
            match fields[..] {
                // MediaWiki accepts (never writes) a salted hash under `:A:`.
                [salt, hash] => constant_time_eq(salted_md5(salt, password).as_bytes(), hash.as_bytes()),
                [hash] => constant_time_eq(md5_hex(password.as_bytes()).as_bytes(), hash.as_bytes()),
                _ => false,
            }
        }
        _ => false,
    }
}

/// `password` hashed as MediaWiki 1.39 writes it by default (`:pbkdf2:sha512:30000:64:`),
/// with `salt` (16 random bytes where MediaWiki hashes a new password).
pub fn pbkdf2_hash(password: &str, salt: &[u8]) -> String {
    let mut derived = [0u8; 64];
    pbkdf2_hmac::<sha2::Sha512>(password.as_bytes(), salt, 30000, &mut derived);
    let b64 = base64::engine::general_purpose::STANDARD;
    format!(":pbkdf2:sha512:30000:64:{}:{}", b64.encode(salt), b64.encode(derived))
}

/// Base64 as PHP's `base64_decode` reads it: padding optional.
fn decode(text: &str) -> Option<Vec<u8>> {
    STANDARD_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

fn md5_hex(bytes: &[u8]) -> String {
    let digest = Md5::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// MediaWiki's `:B:` hash: `md5(salt . '-' . md5(password))`.
fn salted_md5(salt: &str, password: &str) -> String {
    md5_hex(format!("{salt}-{}", md5_hex(password.as_bytes())).as_bytes())
}

/// Equality that takes as long whatever the first difference.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbkdf2_hashes_verify_and_others_do_not() {
        let stored = pbkdf2_hash("correct horse", b"0123456789abcdef");
        assert!(stored.starts_with(":pbkdf2:sha512:30000:64:MDEyMzQ1Njc4OWFiY2RlZg==:"));
        assert!(verify(&stored, "correct horse"));
        assert!(!verify(&stored, "correct horse "));
        assert!(!verify(&stored, ""));
        // A hash cut short or with another algorithm is no match.
        assert!(!verify(&stored[..stored.len() - 4], "correct horse"));
        assert!(!verify(&stored.replace("sha512", "md4"), "correct horse"));
    }

    #[test]
    fn legacy_md5_forms() {
        // md5("secret") and md5("1234-" . md5("secret")).
        assert!(verify(":A:5ebe2294ecd0e0f08eab7690d2a6ee69", "secret"));
        assert!(!verify(":A:5ebe2294ecd0e0f08eab7690d2a6ee69", "Secret"));
        let b = format!(":B:1234:{}", salted_md5("1234", "secret"));
        assert!(verify(&b, "secret"));
        assert!(verify(&b.replacen(":B:", ":A:", 1), "secret"));
        assert!(!verify(&b, "other"));
    }

    #[test]
    fn unusable_values_match_nothing() {
        for stored in ["", "*** INVALID ***", ":bcrypt:12:abc", ":pbkdf2:", "plain"] {
            assert!(!verify(stored, ""), "{stored}");
            assert!(!verify(stored, "plain"), "{stored}");
        }
    }
}
