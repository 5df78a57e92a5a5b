//! URL encoding as PHP and MediaWiki write it.

/// MediaWiki's default URL protocols (`$wgUrlProtocols`); the last, `//`, only counts in
/// brackets. The scheme's delimiter (`://` or `:`) is part of each entry.
pub const URL_PROTOCOLS: &[&str] = &[
    "bitcoin:",
    "ftp://",
    "ftps://",
    "geo:",
    "git://",
    "gopher://",
    "http://",
    "https://",
    "irc://",
    "ircs://",
    "magnet:",
    "mailto:",
    "matrix:",
    "mms://",
    "news:",
    "nntp://",
    "redis://",
    "sftp://",
    "sip:",
    "sips:",
    "sms:",
    "ssh://",
    "svn://",
    "tel:",
    "telnet://",
    "urn:",
    "worldwind://",
    "xmpp:",
    "//",
];

/// PHP's `urlencode`: percent-encoded but for ASCII letters, digits and `-_.`; a space
/// becomes `+`.
pub fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(char::from(b)),
            b' ' => out.push('+'),
            _ => push_escape(&mut out, b),
        }
    }
    out
}

/// PHP's `rawurlencode`: percent-encoded but for ASCII letters, digits and `-_.~`.
pub fn rawurlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(b)),
            _ => push_escape(&mut out, b),
        }
    }
    out
}

/// MediaWiki's `wfUrlencode`, how titles go into URLs: [`urlencode`], then
/// `;@$!*(),/~:` written as themselves.
pub fn wf_urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(char::from(b)),
            b';' | b'@' | b'$' | b'!' | b'*' | b'(' | b')' | b',' | b'/' | b'~' | b':' => out.push(char::from(b)),
            b' ' => out.push('+'),
            _ => push_escape(&mut out, b),
        }
    }
    out
}

fn push_escape(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

/// PHP's `rawurldecode`: every `%XX` pair becomes its byte; the bytes need not be UTF-8.
pub fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| char::from(b).to_digit(16));
        if bytes[i] == b'%' {
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{percent_decode, rawurlencode, urlencode, wf_urlencode};

    #[test]
    fn the_three_encodings_differ_where_php_differs() {
        let text = "A b~c:d/é";
        assert_eq!(urlencode(text), "A+b%7Ec%3Ad%2F%C3%A9");
        assert_eq!(rawurlencode(text), "A%20b~c%3Ad%2F%C3%A9");
        assert_eq!(wf_urlencode(text), "A+b~c:d/%C3%A9");
        assert_eq!(wf_urlencode("Talk:A_(b),c;d@e$f!g*"), "Talk:A_(b),c;d@e$f!g*");
    }

    #[test]
    fn decoding_reverses_any_pair() {
        assert_eq!(percent_decode("a%20b%zz%C3%A9"), b"a b%zz\xC3\xA9".to_vec());
    }

    #[test]
    fn percent_pairs_decode_to_bytes() {
        assert_eq!(percent_decode("S%C3%A3o%20Paulo"), "São Paulo".as_bytes());
        assert_eq!(percent_decode("100%_%4"), b"100%_%4");
        assert_eq!(percent_decode("%ff%41"), [0xff, b'A']);
    }

    #[test]
    fn titles_are_url_encoded_as_mediawiki_and_php_encode_them() {
        assert_eq!(wf_urlencode("São_Paulo/a:b?c&d"), "S%C3%A3o_Paulo/a:b%3Fc%26d");
        assert_eq!(rawurlencode("Cafe\u{301} culture/x:y"), "Cafe%CC%81%20culture%2Fx%3Ay");
    }
}
