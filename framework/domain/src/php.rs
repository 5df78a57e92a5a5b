//! PHP's `serialize()` format, as MediaWiki stores structured values in text columns
//! (`log_params` above all): a reader that never panics, a writer whose output PHP reads back,
//! and the JSON shape MediaWiki's API gives such values.
//!
//! MediaWiki also keeps older log entries as plain text, one parameter a line; [`is_serialized`]
//! tells the two apart the way MediaWiki does (by trying to read the value).
//!
//! MediaWiki's code then works on such values with PHP's rules, which this module has too:
//! the conversions between scalars ([`numeric`], [`PhpValue::to_php_string`],
//! [`PhpValue::is_truthy`], [`leading_int`], [`leading_float`]), and in [`array`](mod@array) the
//! operations of an ordered PHP array (`isset`, `$a[$k] = $v`, `unset`, `ksort`'s order).

pub mod array;

use std::fmt::Write as _;

use serde_json::{Map, Number, Value as Json};

/// Deeper nesting than this is refused, so that hostile input cannot exhaust the stack.
const MAX_DEPTH: usize = 256;

/// A value of PHP's serialisation format.
#[derive(Debug, Clone, PartialEq)]
pub enum PhpValue {
    /// `N;`
    Null,
    /// `b:0;` or `b:1;`
    Bool(bool),
    /// `i:…;`
    Int(i64),
    /// `d:…;`, including `INF`, `-INF` and `NAN`.
    Float(f64),
    /// `s:LEN:"…";` where LEN counts bytes.
    String(String),
    /// `a:N:{…}`: an ordered map whose keys are integers or strings.
    Array(Vec<(PhpKey, PhpValue)>),
    /// `O:LEN:"Class":N:{…}`: an object, kept as its class name and its properties in order.
    Object {
        /// The class name as written.
        class: String,
        /// The properties in order; private and protected names keep PHP's NUL-byte prefixes.
        fields: Vec<(PhpKey, PhpValue)>,
    },
}

/// A key of a PHP array (or a property name of an object).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PhpKey {
    /// An integer key.
    Int(i64),
    /// A string key.
    Str(String),
}

/// Why a text could not be read as serialised PHP.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid PHP serialisation at byte {offset}: expected {expected}")]
pub struct PhpError {
    /// Byte offset in the input where reading stopped.
    pub offset: usize,
    /// What the reader expected to find there.
    pub expected: &'static str,
}

/// Reads a whole text written by PHP's `serialize()`; trailing bytes are an error.
pub fn unserialize(text: &str) -> Result<PhpValue, PhpError> {
    let mut reader = Reader { text, pos: 0 };
    let value = reader.value(0)?;
    if reader.pos != text.len() {
        return Err(reader.fail("end of input"));
    }
    Ok(value)
}

/// Whether a stored parameter blob is serialised PHP rather than MediaWiki's legacy
/// newline-separated form (MediaWiki decides by trying to read it, as this does).
pub fn is_serialized(text: &str) -> bool {
    unserialize(text).is_ok()
}

/// The parameters of a legacy (not serialised) log entry: one a line, none for an empty text.
pub fn legacy_params(text: &str) -> Vec<&str> {
    if text.is_empty() {
        Vec::new()
    } else {
        text.split('\n').collect()
    }
}

/// Writes a value as PHP's `serialize()` does, so that PHP (and [`unserialize`]) read it back.
pub fn serialize(value: &PhpValue) -> String {
    let mut out = String::new();
    write_value(&mut out, value);
    out
}

fn write_value(out: &mut String, value: &PhpValue) {
    match value {
        PhpValue::Null => out.push_str("N;"),
        PhpValue::Bool(b) => out.push_str(if *b { "b:1;" } else { "b:0;" }),
        PhpValue::Int(i) => {
            let _ = write!(out, "i:{i};");
        }
        PhpValue::Float(f) => {
            out.push_str("d:");
            out.push_str(&php_float(*f));
            out.push(';');
        }
        PhpValue::String(s) => write_string(out, s),
        PhpValue::Array(entries) => {
            let _ = write!(out, "a:{}:{{", entries.len());
            write_entries(out, entries);
            out.push('}');
        }
        PhpValue::Object { class, fields } => {
            let _ = write!(out, "O:{}:\"{class}\":{}:{{", class.len(), fields.len());
            write_entries(out, fields);
            out.push('}');
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    let _ = write!(out, "s:{}:\"{s}\";", s.len());
}

fn write_entries(out: &mut String, entries: &[(PhpKey, PhpValue)]) {
    for (key, value) in entries {
        match key {
            PhpKey::Int(i) => {
                let _ = write!(out, "i:{i};");
            }
            PhpKey::Str(s) => write_string(out, s),
        }
        write_value(out, value);
    }
}

/// A float as PHP writes it with `serialize_precision = -1`: the shortest text that reads back
/// to the same number, in exponent form (`1.0E+25`) outside the range PHP writes plainly.
fn php_float(f: f64) -> String {
    if f.is_nan() {
        return "NAN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "INF" } else { "-INF" }.to_owned();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` gives the shortest round-tripping digits: "d.ddde±x".
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if f < 0.0 { "-" } else { "" };
    // Position of the decimal point relative to the digits, as C's ecvt reports it.
    let decpt = exp + 1;
    if !(-3..=17).contains(&decpt) {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let exp_sign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}.{rest}E{exp_sign}{}", exp.abs());
    }
    let n = digits.len() as i32;
    if decpt <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize))
    } else if decpt >= n {
        format!("{sign}{digits}{}", "0".repeat((decpt - n) as usize))
    } else {
        let (int, frac) = digits.split_at(decpt as usize);
        format!("{sign}{int}.{frac}")
    }
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

/// The value of ASCII decimal digits, `None` past 64 bits (read in one pass: cheaper than
/// `str::parse` for the many short numbers of a serialised array).
fn decimal(digits: &str) -> Option<u64> {
    digits.bytes().try_fold(0u64, |v, b| v.checked_mul(10)?.checked_add(u64::from(b - b'0')))
}

impl<'a> Reader<'a> {
    fn fail(&self, expected: &'static str) -> PhpError {
        PhpError { offset: self.pos, expected }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn consume(&mut self, byte: u8, expected: &'static str) -> Result<(), PhpError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }

    /// The bytes up to (not including) `end`, which is consumed.
    fn until(&mut self, end: u8, expected: &'static str) -> Result<&'a str, PhpError> {
        let rest = &self.text.as_bytes()[self.pos..];
        let len = rest.iter().position(|&b| b == end).ok_or_else(|| self.fail(expected))?;
        let start = self.pos;
        // `end` is ASCII, so both ends of the slice are character boundaries.
        let piece = &self.text[start..start + len];
        self.pos = start + len + 1;
        Ok(piece)
    }

    fn integer(&mut self, end: u8) -> Result<i64, PhpError> {
        let start = self.pos;
        let digits = self.until(end, "an integer")?;
        let (negative, body) = match digits.as_bytes().first() {
            Some(b'-') => (true, &digits[1..]),
            Some(b'+') => (false, &digits[1..]),
            _ => (false, digits),
        };
        if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
            self.pos = start;
            return Err(self.fail("an integer"));
        }
        decimal(body)
            .map(|v| if negative { -i128::from(v) } else { i128::from(v) })
            .and_then(|v| i64::try_from(v).ok())
            .ok_or(PhpError { offset: start, expected: "an integer within 64 bits" })
    }

    fn length(&mut self) -> Result<usize, PhpError> {
        let start = self.pos;
        let digits = self.until(b':', "a length")?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            self.pos = start;
            return Err(self.fail("a length"));
        }
        decimal(digits)
            .and_then(|v| usize::try_from(v).ok())
            .ok_or(PhpError { offset: start, expected: "a length that fits in memory" })
    }

    /// `LEN:"…"` with LEN in bytes; the closing quote is consumed.
    fn quoted(&mut self) -> Result<&'a str, PhpError> {
        let len = self.length()?;
        self.consume(b'"', "an opening quote")?;
        let start = self.pos;
        let end = start
            .checked_add(len)
            .filter(|&e| e <= self.text.len())
            .ok_or(PhpError { offset: start, expected: "as many bytes as the length says" })?;
        let piece = self
            .text
            .get(start..end)
            .ok_or(PhpError { offset: start, expected: "a length that ends on a character boundary" })?;
        self.pos = end;
        self.consume(b'"', "a closing quote")?;
        Ok(piece)
    }

    fn value(&mut self, depth: usize) -> Result<PhpValue, PhpError> {
        if depth > MAX_DEPTH {
            return Err(self.fail("less deeply nested arrays"));
        }
        let tag = self.peek().ok_or_else(|| self.fail("a value"))?;
        if tag == b'N' {
            self.pos += 1;
            self.consume(b';', "`;` after N")?;
            return Ok(PhpValue::Null);
        }
        if !matches!(tag, b'b' | b'i' | b'd' | b's' | b'a' | b'O') {
            return Err(self.fail("a value type (N, b, i, d, s, a or O)"));
        }
        self.pos += 1;
        self.consume(b':', "`:` after the value type")?;
        match tag {
            b'b' => {
                let value = match self.peek() {
                    Some(b'0') => false,
                    Some(b'1') => true,
                    _ => return Err(self.fail("0 or 1")),
                };
                self.pos += 1;
                self.consume(b';', "`;` after a boolean")?;
                Ok(PhpValue::Bool(value))
            }
            b'i' => Ok(PhpValue::Int(self.integer(b';')?)),
            b'd' => {
                let start = self.pos;
                let text = self.until(b';', "a float")?;
                parse_float(text).map(PhpValue::Float).ok_or(PhpError { offset: start, expected: "a float" })
            }
            b's' => {
                let s = self.quoted()?;
                self.consume(b';', "`;` after a string")?;
                Ok(PhpValue::String(s.to_owned()))
            }
            b'a' => {
                let count = self.length()?;
                self.consume(b'{', "`{` opening an array")?;
                let entries = self.entries(count, depth, true)?;
                Ok(PhpValue::Array(entries))
            }
            _ => {
                let class = self.quoted()?.to_owned();
                self.consume(b':', "`:` after the class name")?;
                let count = self.length()?;
                self.consume(b'{', "`{` opening an object")?;
                let fields = self.entries(count, depth, false)?;
                Ok(PhpValue::Object { class, fields })
            }
        }
    }

    /// `count` key/value pairs and the closing brace. Array keys that are canonical decimal
    /// strings become integers, as PHP's arrays make them.
    fn entries(&mut self, count: usize, depth: usize, array: bool) -> Result<Vec<(PhpKey, PhpValue)>, PhpError> {
        // A pair takes at least 8 bytes (`i:0;N;` is 6, plus the rest), so the remaining input
        // bounds what is worth reserving whatever the count claims.
        let mut entries = Vec::with_capacity(count.min((self.text.len() - self.pos) / 6));
        for _ in 0..count {
            let key = match self.peek() {
                Some(b'i') => {
                    self.pos += 1;
                    self.consume(b':', "`:` after the key type")?;
                    PhpKey::Int(self.integer(b';')?)
                }
                Some(b's') => {
                    self.pos += 1;
                    self.consume(b':', "`:` after the key type")?;
                    let s = self.quoted()?;
                    self.consume(b';', "`;` after a key")?;
                    match canonical_int(s) {
                        Some(i) if array => PhpKey::Int(i),
                        _ => PhpKey::Str(s.to_owned()),
                    }
                }
                _ => return Err(self.fail("an integer or string key")),
            };
            let value = self.value(depth + 1)?;
            entries.push((key, value));
        }
        self.consume(b'}', "`}` closing the array")?;
        Ok(entries)
    }
}

/// The integer a string key stands for in a PHP array ("12", "-3"; not "012", "+1" or "-0").
fn canonical_int(s: &str) -> Option<i64> {
    let body = s.strip_prefix('-').unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if body.len() > 1 && body.starts_with('0') {
        return None;
    }
    if s == "-0" {
        return None;
    }
    s.parse().ok()
}

fn parse_float(text: &str) -> Option<f64> {
    match text {
        "INF" => return Some(f64::INFINITY),
        "-INF" => return Some(f64::NEG_INFINITY),
        "NAN" => return Some(f64::NAN),
        _ => {}
    }
    // Only the characters of a decimal number: Rust would also accept "inf" and "nan".
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-')) {
        return None;
    }
    text.parse().ok()
}

impl PhpKey {
    /// The key as text, as it reads in JSON and in MediaWiki's API output.
    pub fn as_text(&self) -> String {
        match self {
            PhpKey::Int(i) => i.to_string(),
            PhpKey::Str(s) => s.clone(),
        }
    }
}

impl PhpValue {
    /// The JSON MediaWiki's API shows for this value: an array whose keys are 0..n-1 in order
    /// is a list, any other array an object; non-finite floats (which JSON lacks) are null.
    pub fn to_json(&self) -> Json {
        match self {
            PhpValue::Null => Json::Null,
            PhpValue::Bool(b) => Json::Bool(*b),
            PhpValue::Int(i) => Json::Number((*i).into()),
            PhpValue::Float(f) => Number::from_f64(*f).map(Json::Number).unwrap_or(Json::Null),
            PhpValue::String(s) => Json::String(s.clone()),
            PhpValue::Array(entries) => {
                let is_list = entries.iter().enumerate().all(|(i, (k, _))| *k == PhpKey::Int(i as i64));
                if is_list {
                    Json::Array(entries.iter().map(|(_, v)| v.to_json()).collect())
                } else {
                    entries_to_object(entries)
                }
            }
            PhpValue::Object { fields, .. } => entries_to_object(fields),
        }
    }

    /// The value under a string key, when this is an array or object that has it.
    pub fn get(&self, key: &str) -> Option<&PhpValue> {
        let entries = match self {
            PhpValue::Array(e) | PhpValue::Object { fields: e, .. } => e,
            _ => return None,
        };
        entries.iter().find(|(k, _)| matches!(k, PhpKey::Str(s) if s == key)).map(|(_, v)| v)
    }
}

fn entries_to_object(entries: &[(PhpKey, PhpValue)]) -> Json {
    let mut map = Map::new();
    for (key, value) in entries {
        map.insert(key.as_text(), value.to_json());
    }
    Json::Object(map)
}

/// The characters PHP's `trim` and `rtrim` remove by default.
const TRIMMED: [char; 6] = [' ', '\t', '\n', '\r', '\0', '\x0b'];

/// PHP's `trim`: its default characters from both ends.
pub fn trim(s: &str) -> &str {
    s.trim_matches(TRIMMED)
}

/// PHP's `rtrim`: its default characters from the end.
pub fn rtrim(s: &str) -> &str {
    s.trim_end_matches(TRIMMED)
}

/// The value of a PHP numeric string (leading and trailing whitespace allowed).
pub fn numeric(s: &str) -> Option<f64> {
    let t = s
        .trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c'])
        .trim_end_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let bytes = t.as_bytes();
    let mut i = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let int_start = i;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return None;
    }
    if i < bytes.len() && matches!(bytes[i], b'e' | b'E') {
        let mut j = i + 1;
        if matches!(bytes.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exp_start = j;
        while j < bytes.len() && bytes[j].is_ascii_digit() {
            j += 1;
        }
        if j > exp_start {
            i = j;
        }
    }
    if i != bytes.len() {
        return None;
    }
    t.parse().ok()
}

// ---------------------------------------------------------------------------------------
// PHP's conversions between scalar types, as MediaWiki's code relies on them
// ---------------------------------------------------------------------------------------

impl PhpValue {
    /// PHP's `(string)` of the value: `"1"` or `""` for a boolean, `"Array"` for an array,
    /// nothing for null (and for an object, which PHP could not restore).
    pub fn to_php_string(&self) -> String {
        match self {
            PhpValue::Null => String::new(),
            PhpValue::Bool(b) => if *b { "1" } else { "" }.to_owned(),
            PhpValue::Int(i) => i.to_string(),
            PhpValue::Float(f) => float_to_string(*f),
            PhpValue::String(s) => s.clone(),
            PhpValue::Array(_) => "Array".to_owned(),
            PhpValue::Object { .. } => String::new(),
        }
    }

    /// PHP's `(bool)` of the value: false for null, `false`, `0`, `0.0`, `""`, `"0"` and the
    /// empty array; true for anything else.
    pub fn is_truthy(&self) -> bool {
        match self {
            PhpValue::Null => false,
            PhpValue::Bool(b) => *b,
            PhpValue::Int(i) => *i != 0,
            PhpValue::Float(f) => *f != 0.0,
            PhpValue::String(s) => !(s.is_empty() || s == "0"),
            PhpValue::Array(a) => !a.is_empty(),
            PhpValue::Object { .. } => true,
        }
    }
}

/// A float as PHP turns it into a string (`"$f"`: 14 significant digits, `%.14G`): fixed
/// notation from 1.0E-4 up to below 1.0E+14, else a mantissa with at least one decimal and an
/// exponent (`4.889194E-6`, `1.0E-5`).
pub fn float_text(f: f64) -> String {
    if !f.is_finite() {
        return if f.is_nan() {
            "NAN".to_owned()
        } else if f > 0.0 {
            "INF".to_owned()
        } else {
            "-INF".to_owned()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0".to_owned() } else { "0".to_owned() };
    }
    // The digits, rounded to 14 significant ones, and the decimal exponent.
    let sci = format!("{:.13e}", f);
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let trim = |text: String| {
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            text
        }
    };
    if !(-4..14).contains(&exponent) {
        let sign = if exponent < 0 { "-" } else { "+" };
        let mut mantissa = trim(mantissa.to_owned());
        if !mantissa.contains('.') {
            mantissa.push_str(".0");
        }
        format!("{mantissa}E{sign}{}", exponent.abs())
    } else {
        let decimals = (13 - exponent).max(0) as usize;
        trim(format!("{:.*}", decimals, f))
    }
}

/// A float as text: a whole number below 10^15 without a fraction (`3`, as PHP writes it),
/// any other value in Rust's shortest form.
pub fn float_to_string(f: f64) -> String {
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        format!("{f}")
    }
}

/// PHP's `(int)` of a string: its leading integer (after whitespace, with a sign), else 0.
pub fn leading_int(s: &str) -> i64 {
    let t = s.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let bytes = t.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    let digits = &t[..end];
    match digits.parse() {
        Ok(n) => n,
        // Past the integer range PHP saturates.
        Err(_) if digits.bytes().any(|b| b.is_ascii_digit()) => {
            if digits.starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            }
        }
        Err(_) => 0,
    }
}

/// PHP's `bin2hex`: each byte as two lower-case hexadecimal digits.
pub fn bin2hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// PHP's `(float)` of a string: its longest leading [`numeric`] text (after whitespace),
/// else 0.
pub fn leading_float(s: &str) -> f64 {
    let t = s.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let mut end = 0;
    for i in (0..=t.len()).rev() {
        if t.is_char_boundary(i) && numeric(&t[..i]).is_some() {
            end = i;
            break;
        }
    }
    numeric(&t[..end]).unwrap_or(0.0)
}

#[cfg(test)]
mod float_text_tests {
    use super::float_text;

    #[test]
    fn floats_read_as_php_writes_them() {
        assert_eq!(float_text(0.293075345294), "0.293075345294");
        assert_eq!(float_text(4.889194e-6), "4.889194E-6");
        assert_eq!(float_text(0.00001), "1.0E-5");
        assert_eq!(float_text(0.0001234), "0.0001234");
        assert_eq!(float_text(1.5), "1.5");
        assert_eq!(float_text(3.0), "3");
        assert_eq!(float_text(1e15), "1.0E+15");
        assert_eq!(float_text(12345678901234.0), "12345678901234");
        assert_eq!(float_text(0.1 + 0.2), "0.3");
        assert_eq!(float_text(-2.5e-7), "-2.5E-7");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every distinct shape of `log_params` in the MediaWiki 1.39 fixture wiki.
    const FIXTURE_PARAMS: &[&str] = &[
        r#"a:3:{s:11:"5::duration";s:8:"infinity";s:8:"6::flags";s:31:"nocreate,noautoblock,nousertalk";s:8:"sitewide";b:1;}"#,
        r#"a:4:{s:11:"5::duration";s:6:"2 days";s:8:"6::flags";s:11:"noautoblock";s:8:"sitewide";b:0;s:15:"7::restrictions";a:2:{s:5:"pages";a:2:{i:0;s:3:"Cat";i:1;s:3:"Dog";}s:10:"namespaces";a:1:{i:0;i:4;}}}"#,
        r#"a:0:{}"#,
        r#"a:2:{s:11:"4::oldmodel";s:8:"wikitext";s:11:"5::newmodel";s:4:"text";}"#,
        r#"a:2:{s:11:"4::oldmodel";b:0;s:11:"5::newmodel";s:4:"json";}"#,
        r#"a:1:{s:17:"associated_rev_id";i:1;}"#,
        r#"a:3:{s:6:"4::ids";a:1:{i:0;i:51;}s:9:"5::ofield";i:0;s:9:"6::nfield";i:2;}"#,
        r#"a:1:{s:12:":assoc:count";a:2:{s:9:"revisions";i:2;s:5:"files";i:0;}}"#,
        r#"a:4:{s:7:"4::type";s:8:"revision";s:6:"5::ids";a:1:{i:0;i:264;}s:9:"6::ofield";i:0;s:9:"7::nfield";i:2;}"#,
        r#"a:2:{s:14:"4:number:count";i:2;s:17:"associated_rev_id";i:307;}"#,
        r#"a:1:{s:6:"4::tag";s:8:"temp-tag";}"#,
        r#"a:2:{s:6:"4::tag";s:10:"doomed-tag";s:14:"5:number:count";s:1:"0";}"#,
        r#"a:2:{s:7:"4::dest";s:12:"Merge target";s:13:"5::mergepoint";s:14:"20261121233228";}"#,
        r#"a:3:{s:9:"4::target";s:15:"Talk:New name A";s:10:"5::noredir";s:1:"0";s:17:"associated_rev_id";i:276;}"#,
        r#"a:1:{s:9:"4::userid";i:3;}"#,
        r#"a:3:{s:8:"4::curid";s:3:"302";s:9:"5::previd";s:3:"301";s:7:"6::auto";i:0;}"#,
        "a:4:{s:14:\"4::description\";s:83:\"\u{200e}[edit=sysop] (expires 23:32, 21 December 2026 (UTC))\u{200e}[move=sysop] (indefinite)\";s:14:\"5:bool:cascade\";b:0;s:7:\"details\";a:2:{i:0;a:4:{s:4:\"type\";s:4:\"edit\";s:5:\"level\";s:5:\"sysop\";s:6:\"expiry\";s:14:\"20261221233227\";s:7:\"cascade\";b:0;}i:1;a:4:{s:4:\"type\";s:4:\"move\";s:5:\"level\";s:5:\"sysop\";s:6:\"expiry\";s:8:\"infinity\";s:7:\"cascade\";b:0;}}s:17:\"associated_rev_id\";i:291;}",
        "a:3:{s:14:\"4::description\";s:30:\"\u{200e}[create=sysop] (indefinite)\";s:14:\"5:bool:cascade\";b:0;s:7:\"details\";a:1:{i:0;a:3:{s:4:\"type\";s:6:\"create\";s:5:\"level\";s:5:\"sysop\";s:6:\"expiry\";s:8:\"infinity\";}}}",
        r#"a:1:{s:11:"4::oldtitle";s:20:"Protected then moved";}"#,
        r#"a:3:{s:10:"4::olduser";s:4:"Dave";s:10:"5::newuser";s:5:"David";s:8:"6::edits";i:1;}"#,
        r#"a:4:{s:12:"4::oldgroups";a:0:{}s:12:"5::newgroups";a:1:{i:0;s:3:"bot";}s:11:"oldmetadata";a:0:{}s:11:"newmetadata";a:1:{i:0;a:1:{s:6:"expiry";N;}}}"#,
        r#"a:4:{s:12:"4::oldgroups";a:2:{i:0;s:15:"interface-admin";i:1;s:5:"sysop";}s:12:"5::newgroups";a:1:{i:1;s:5:"sysop";}s:11:"oldmetadata";a:2:{i:0;a:1:{s:6:"expiry";s:14:"20261205233155";}i:1;a:1:{s:6:"expiry";N;}}s:11:"newmetadata";a:1:{i:1;a:1:{s:6:"expiry";N;}}}"#,
        r#"a:3:{s:11:"5::duration";s:8:"infinity";s:8:"6::flags";s:42:"nocreate,noautoblock,nousertalk,hiddenname";s:8:"sitewide";b:1;}"#,
        r#"a:4:{s:7:"4::type";s:8:"revision";s:6:"5::ids";a:2:{i:0;i:261;i:1;i:260;}s:9:"6::ofield";i:0;s:9:"7::nfield";i:15;}"#,
        r#"a:7:{s:8:"4::revid";i:42;s:8:"5::logid";b:0;s:16:"6:list:tagsAdded";a:1:{i:0;s:8:"temp-tag";}s:23:"7:number:tagsAddedCount";i:1;s:18:"8:list:tagsRemoved";a:1:{i:0;s:11:"fixture-tag";}s:25:"9:number:tagsRemovedCount";i:1;s:11:"initialTags";a:1:{i:0;s:11:"fixture-tag";}}"#,
        r#"a:3:{s:8:"img_sha1";s:31:"39rqel772g9b63w2bmy3i8998r1tvs2";s:13:"img_timestamp";s:14:"20261121233204";s:17:"associated_rev_id";i:35;}"#,
    ];

    /// Legacy log parameters as older MediaWiki wrote them: plain lines, not `serialize()`.
    const LEGACY_PARAMS: &[&str] = &["Target page\n1", "sysop\nbot", "", "Main Page", "[edit=sysop] (indefinite)"];

    #[test]
    fn every_fixture_params_value_reads_and_round_trips() {
        for text in FIXTURE_PARAMS {
            let value = unserialize(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(serialize(&value), *text);
            assert!(is_serialized(text));
        }
    }

    #[test]
    fn legacy_params_are_not_serialized_and_split_into_lines() {
        for text in LEGACY_PARAMS {
            assert!(!is_serialized(text), "{text:?}");
        }
        assert_eq!(legacy_params("Target page\n1"), vec!["Target page", "1"]);
        assert_eq!(legacy_params(""), Vec::<&str>::new());
    }

    #[test]
    fn block_params_read_into_nested_values() {
        let value = unserialize(FIXTURE_PARAMS[1]).unwrap();
        assert_eq!(value.get("5::duration"), Some(&PhpValue::String("2 days".into())));
        assert_eq!(value.get("sitewide"), Some(&PhpValue::Bool(false)));
        assert_eq!(
            value.to_json(),
            json!({
                "5::duration": "2 days",
                "6::flags": "noautoblock",
                "sitewide": false,
                "7::restrictions": {"pages": ["Cat", "Dog"], "namespaces": [4]}
            })
        );
    }

    #[test]
    fn multibyte_strings_count_bytes() {
        let value = unserialize(FIXTURE_PARAMS[17]).unwrap();
        assert_eq!(value.get("4::description"), Some(&PhpValue::String("\u{200e}[create=sysop] (indefinite)".into())));
        let text = "s:10:\"a\"b;c\nd€\";";
        assert_eq!(unserialize(text), Ok(PhpValue::String("a\"b;c\nd€".into())));
        assert_eq!(serialize(&PhpValue::String("a\"b;c\nd€".into())), text);
    }

    #[test]
    fn a_length_inside_a_character_is_an_error() {
        let err = unserialize("s:1:\"€\";").unwrap_err();
        assert_eq!(err.offset, 5);
        assert_eq!(err.expected, "a length that ends on a character boundary");
    }

    #[test]
    fn arrays_with_gaps_or_string_keys_become_objects() {
        let gap = unserialize(r#"a:1:{i:1;s:5:"sysop";}"#).unwrap();
        assert_eq!(gap.to_json(), json!({"1": "sysop"}));
        let list = unserialize(r#"a:2:{i:0;s:1:"a";i:1;s:1:"b";}"#).unwrap();
        assert_eq!(list.to_json(), json!(["a", "b"]));
        let reordered = unserialize(r#"a:2:{i:1;s:1:"b";i:0;s:1:"a";}"#).unwrap();
        assert_eq!(reordered.to_json(), json!({"1": "b", "0": "a"}));
        assert_eq!(unserialize("a:0:{}").unwrap().to_json(), json!([]));
    }

    #[test]
    fn numeric_string_keys_become_integers_as_in_php() {
        let value = unserialize(r#"a:3:{s:1:"0";i:1;s:2:"01";i:2;s:2:"-5";i:3;}"#).unwrap();
        assert_eq!(
            value,
            PhpValue::Array(vec![
                (PhpKey::Int(0), PhpValue::Int(1)),
                (PhpKey::Str("01".into()), PhpValue::Int(2)),
                (PhpKey::Int(-5), PhpValue::Int(3)),
            ])
        );
    }

    #[test]
    fn scalars_read_as_php_writes_them() {
        assert_eq!(unserialize("N;"), Ok(PhpValue::Null));
        assert_eq!(unserialize("b:1;"), Ok(PhpValue::Bool(true)));
        assert_eq!(unserialize("i:-42;"), Ok(PhpValue::Int(-42)));
        assert_eq!(unserialize("i:+7;"), Ok(PhpValue::Int(7)));
        assert_eq!(unserialize("d:0.5;"), Ok(PhpValue::Float(0.5)));
        assert_eq!(unserialize("d:1.0E+25;"), Ok(PhpValue::Float(1e25)));
        assert_eq!(unserialize("d:INF;"), Ok(PhpValue::Float(f64::INFINITY)));
        assert_eq!(unserialize("d:-INF;"), Ok(PhpValue::Float(f64::NEG_INFINITY)));
        assert!(matches!(unserialize("d:NAN;"), Ok(PhpValue::Float(f)) if f.is_nan()));
        assert!(unserialize("d:inf;").is_err());
        assert!(unserialize("b:2;").is_err());
    }

    #[test]
    fn floats_are_written_as_php_writes_them() {
        // Each pair checked against PHP 8.2's serialize().
        let cases: &[(f64, &str)] = &[
            (0.1, "d:0.1;"),
            (1.0, "d:1;"),
            (1e15, "d:1000000000000000;"),
            (1e17, "d:1.0E+17;"),
            (1e14, "d:100000000000000;"),
            (1e16, "d:10000000000000000;"),
            (-0.0, "d:-0;"),
            (1e-5, "d:1.0E-5;"),
            (0.0001, "d:0.0001;"),
            (123456789012345678.0, "d:1.2345678901234568E+17;"),
            (1.5e300, "d:1.5E+300;"),
            (0.30000000000000004, "d:0.30000000000000004;"),
            (-2.5, "d:-2.5;"),
            (f64::INFINITY, "d:INF;"),
            (f64::NEG_INFINITY, "d:-INF;"),
        ];
        for (f, text) in cases {
            assert_eq!(serialize(&PhpValue::Float(*f)), *text, "{f}");
            assert_eq!(unserialize(text), Ok(PhpValue::Float(*f)));
        }
        assert_eq!(serialize(&PhpValue::Float(f64::NAN)), "d:NAN;");
        assert_eq!(PhpValue::Float(f64::NAN).to_json(), Json::Null);
    }

    #[test]
    fn objects_keep_their_class_and_properties() {
        let text = "O:8:\"stdClass\":2:{s:1:\"a\";i:1;s:4:\"\0*\0b\";N;}";
        let value = unserialize(text).unwrap();
        let PhpValue::Object { class, fields } = &value else { panic!("not an object: {value:?}") };
        assert_eq!(class, "stdClass");
        assert_eq!(fields.len(), 2);
        assert_eq!(serialize(&value), text);
        assert_eq!(value.to_json(), json!({"a": 1, "\u{0}*\u{0}b": null}));
    }

    #[test]
    fn errors_name_the_offset_and_what_was_expected() {
        assert_eq!(unserialize(""), Err(PhpError { offset: 0, expected: "a value" }));
        assert_eq!(
            unserialize("a:1:{i:0;}"),
            Err(PhpError { offset: 9, expected: "a value type (N, b, i, d, s, a or O)" })
        );
        assert_eq!(
            unserialize("s:50:\"abc\";"),
            Err(PhpError { offset: 6, expected: "as many bytes as the length says" })
        );
        assert_eq!(unserialize("s:5:\"abc\";"), Err(PhpError { offset: 10, expected: "a closing quote" }));
        assert_eq!(unserialize("i:5;x"), Err(PhpError { offset: 4, expected: "end of input" }));
        assert_eq!(
            unserialize("i:99999999999999999999;"),
            Err(PhpError { offset: 2, expected: "an integer within 64 bits" })
        );
        assert_eq!(unserialize("a:1:{x}"), Err(PhpError { offset: 5, expected: "an integer or string key" }));
        assert_eq!(unserialize("i:9x;"), Err(PhpError { offset: 2, expected: "an integer" }));
        assert_eq!(unserialize("i:-;"), Err(PhpError { offset: 2, expected: "an integer" }));
        assert_eq!(unserialize("s:1x:\"a\";"), Err(PhpError { offset: 2, expected: "a length" }));
    }

    #[test]
    fn integers_read_to_the_ends_of_64_bits() {
        assert_eq!(unserialize("i:9223372036854775807;"), Ok(PhpValue::Int(i64::MAX)));
        assert_eq!(unserialize("i:-9223372036854775808;"), Ok(PhpValue::Int(i64::MIN)));
        assert_eq!(unserialize("i:+42;"), Ok(PhpValue::Int(42)));
        assert_eq!(unserialize("i:-0;"), Ok(PhpValue::Int(0)));
        assert_eq!(unserialize("i:007;"), Ok(PhpValue::Int(7)));
        assert_eq!(
            unserialize("i:9223372036854775808;"),
            Err(PhpError { offset: 2, expected: "an integer within 64 bits" })
        );
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let depth = 100_000;
        let text = format!("{}N;{}", "a:1:{i:0;".repeat(depth), "}".repeat(depth));
        assert_eq!(unserialize(&text).unwrap_err().expected, "less deeply nested arrays");
    }

    #[test]
    fn huge_counts_do_not_allocate() {
        assert!(unserialize("a:18446744073709551615:{}").is_err());
        assert!(unserialize("a:999999999999:{i:0;N;}").is_err());
    }

    /// A small deterministic generator, so the fuzz test needs no extra crate.
    struct XorShift(u64);
    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    #[test]
    fn scalars_convert_as_in_php() {
        let s = |v: PhpValue| v.to_php_string();
        assert_eq!(s(PhpValue::Null), "");
        assert_eq!(s(PhpValue::Bool(true)), "1");
        assert_eq!(s(PhpValue::Bool(false)), "");
        assert_eq!(s(PhpValue::Int(-7)), "-7");
        assert_eq!(s(PhpValue::Float(3.0)), "3");
        assert_eq!(s(PhpValue::Float(2.5)), "2.5");
        assert_eq!(s(PhpValue::String("x".to_owned())), "x");
        assert_eq!(s(PhpValue::Array(Vec::new())), "Array");
        for falsy in [
            PhpValue::Null,
            PhpValue::Bool(false),
            PhpValue::Int(0),
            PhpValue::Float(0.0),
            PhpValue::String(String::new()),
            PhpValue::String("0".to_owned()),
            PhpValue::Array(Vec::new()),
        ] {
            assert!(!falsy.is_truthy(), "{falsy:?}");
        }
        for truthy in [PhpValue::Int(2), PhpValue::String("0.0".to_owned()), PhpValue::String(" ".to_owned())] {
            assert!(truthy.is_truthy(), "{truthy:?}");
        }
        assert_eq!(leading_int(" 12abc"), 12);
        assert_eq!(leading_int("-3"), -3);
        assert_eq!(leading_int("x1"), 0);
        assert_eq!(leading_float("1.5e3 seconds"), 1500.0);
        assert_eq!(leading_float("\t-2.5x"), -2.5);
        assert_eq!(leading_float("abc"), 0.0);
        assert_eq!(float_to_string(1e15), "1000000000000000");
    }

    #[test]
    fn random_and_damaged_inputs_never_panic() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let alphabet: Vec<char> = "aOsidbN:;{}\"0123456789-+.EINFé€\n".chars().collect();
        for _ in 0..20_000 {
            let len = rng.below(40);
            let text: String = (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect();
            let _ = unserialize(&text);
        }
        for text in FIXTURE_PARAMS {
            // Every truncation, and every single-byte change that keeps the text UTF-8.
            for cut in 0..text.len() {
                if let Some(prefix) = text.get(..cut) {
                    assert!(unserialize(prefix).is_err(), "truncated at {cut}: {prefix}");
                }
            }
            let bytes = text.as_bytes();
            for i in 0..bytes.len() {
                let mut changed = bytes.to_vec();
                changed[i] = alphabet[rng.below(alphabet.len())].to_string().as_bytes()[0];
                if let Ok(s) = std::str::from_utf8(&changed) {
                    if let Ok(v) = unserialize(s) {
                        // Whatever still reads must write back to something that reads the same.
                        assert_eq!(unserialize(&serialize(&v)).ok().map(|w| serialize(&w)), Some(serialize(&v)));
                    }
                }
            }
        }
    }
}
