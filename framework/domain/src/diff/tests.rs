//! The diff against MediaWiki's own answers (tests/fixtures/oracle/diff/cases.json, written
//! by tools/capture.py diffs), and against odd inputs.

use super::table_diff;

/// The English `lineno` message, with its number formatted.
fn english_label(line: usize) -> String {
    format!("Line {}:", crate::languages::format_number(line))
}

#[test]
fn diff_equals_mediawiki() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/oracle/diff/cases.json");
    let text = std::fs::read_to_string(path).expect("the captured cases");
    let cases: serde_json::Value = serde_json::from_str(&text).expect("JSON cases");
    let cases = cases.as_array().expect("a list of cases");
    let mut failures = Vec::new();
    for (n, case) in cases.iter().enumerate() {
        let from = case["from"].as_str().expect("from");
        let to = case["to"].as_str().expect("to");
        let expected = case["body"].as_str().expect("body");
        let got = table_diff(from, to, &english_label);
        if got != expected {
            let at = got
                .char_indices()
                .zip(expected.chars())
                .find(|((_, a), b)| a != b)
                .map_or(got.len().min(expected.len()), |((i, _), _)| i);
            let mut start = at.saturating_sub(200);
            while !got.is_char_boundary(start) || !expected.is_char_boundary(start) {
                start -= 1;
            }
            failures.push(format!(
                "case {n}: {:?} -> {:?}\n  differs at byte {at}\n  got:      {:?}\n  expected: {:?}",
                truncate(from),
                truncate(to),
                got.get(start..).map(truncate),
                expected.get(start..).map(truncate),
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
    assert!(cases.len() >= 150, "only {} cases", cases.len());
}

fn truncate(s: &str) -> String {
    s.chars().take(400).collect()
}

#[test]
fn odd_inputs_do_not_panic() {
    let pieces = [
        "",
        "\n",
        "\r\n",
        "\r",
        " ",
        "  ",
        "\t",
        "a",
        "b",
        "1",
        "01",
        "1.0",
        "1e1",
        "-0",
        "0",
        "99999999999999999999",
        "1e999",
        "\u{338}",
        "é",
        "😀",
        "<",
        "&",
        "'",
        "\"",
        "a b",
        "\x0b",
    ];
    let mut state = 12345u64;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    for _ in 0..2000 {
        let mut make = || {
            let len = next() % 12;
            (0..len)
                .map(|_| {
                    let p = pieces[next() % pieces.len()];
                    if next() % 3 == 0 {
                        format!("{p}\n")
                    } else {
                        p.to_owned()
                    }
                })
                .collect::<String>()
        };
        let (a, b) = (make(), make());
        let forward = table_diff(&a, &b, &english_label);
        let _ = table_diff(&b, &a, &english_label);
        if a == b {
            assert!(forward.is_empty());
        }
    }
}
