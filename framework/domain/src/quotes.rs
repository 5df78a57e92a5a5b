//! Bold and italic apostrophes (`''`, `'''`, `'''''`) as MediaWiki's parser turns one line of
//! wikitext into `<i>` and `<b>`, its guesses included: four apostrophes are one apostrophe
//! and bold, more than five are apostrophes and bold italics, and when bold and italics are
//! both left open an odd number of times, one bold run is taken for an apostrophe and italics
//! (after a one-letter word if there is one, else after a longer word, else after a space).

/// `line` with its apostrophe runs turned into `<i>`/`<b>` tags, every tag closed.
pub fn do_quotes(line: &str) -> String {
    // Texts and the apostrophe runs between them: text, run, text, run, …, text.
    let mut texts: Vec<String> = Vec::new();
    let mut runs: Vec<usize> = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find("''") {
        let len = rest[start..].bytes().take_while(|&b| b == b'\'').count();
        texts.push(rest[..start].to_owned());
        runs.push(len);
        rest = &rest[start + len..];
    }
    texts.push(rest.to_owned());
    if runs.is_empty() {
        return line.to_owned();
    }

    let (mut bold, mut italics) = (0, 0);
    for (i, run) in runs.iter_mut().enumerate() {
        if *run == 4 {
            texts[i].push('\'');
            *run = 3;
        } else if *run > 5 {
            texts[i].push_str(&"'".repeat(*run - 5));
            *run = 5;
        }
        match *run {
            2 => italics += 1,
            3 => bold += 1,
            5 => {
                italics += 1;
                bold += 1;
            }
            _ => {}
        }
    }
    if bold % 2 == 1 && italics % 2 == 1 {
        let (mut single_letter, mut multi_letter, mut space) = (None, None, None);
        for (i, run) in runs.iter().enumerate() {
            if *run != 3 {
                continue;
            }
            let before = texts[i].as_bytes();
            let last = before.last().copied();
            let second_last = before.len().checked_sub(2).map(|at| before[at]);
            if last == Some(b' ') {
                space = space.or(Some(i));
            } else if second_last == Some(b' ') {
                single_letter = Some(i);
                break;
            } else {
                multi_letter = multi_letter.or(Some(i));
            }
        }
        if let Some(i) = single_letter.or(multi_letter).or(space) {
            runs[i] = 2;
            texts[i].push('\'');
        }
    }

    let mut out = String::with_capacity(line.len() + 16);
    let mut buffer = String::new();
    let mut state = State::None;
    for (i, text) in texts.iter().enumerate() {
        if state == State::Both {
            buffer.push_str(text);
        } else {
            out.push_str(text);
        }
        let Some(run) = runs.get(i) else { break };
        let (written, next): (String, State) = match (*run, state) {
            (2, State::I) => ("</i>".into(), State::None),
            (2, State::BI) => ("</i>".into(), State::B),
            (2, State::IB) => ("</b></i><b>".into(), State::B),
            (2, State::Both) => (format!("<b><i>{buffer}</i>"), State::B),
            (2, State::B) => ("<i>".into(), State::BI),
            (2, State::None) => ("<i>".into(), State::I),
            (3, State::B) => ("</b>".into(), State::None),
            (3, State::BI) => ("</i></b><i>".into(), State::I),
            (3, State::IB) => ("</b>".into(), State::I),
            (3, State::Both) => (format!("<i><b>{buffer}</b>"), State::I),
            (3, State::I) => ("<b>".into(), State::IB),
            (3, State::None) => ("<b>".into(), State::B),
            (_, State::B) => ("</b><i>".into(), State::I),
            (_, State::I) => ("</i><b>".into(), State::B),
            (_, State::BI) => ("</i></b>".into(), State::None),
            (_, State::IB) => ("</b></i>".into(), State::None),
            (_, State::Both) => (format!("<i><b>{buffer}</b></i>"), State::None),
            (_, State::None) => {
                buffer.clear();
                (String::new(), State::Both)
            }
        };
        out.push_str(&written);
        state = next;
    }
    match state {
        State::B => out.push_str("</b>"),
        State::IB => out.push_str("</b></i>"),
        State::I => out.push_str("</i>"),
        State::BI => out.push_str("</i></b>"),
        // PHP's truthiness: a buffer of "0" counts as empty.
        State::Both if !buffer.is_empty() && buffer != "0" => {
            out.push_str("<b><i>");
            out.push_str(&buffer);
            out.push_str("</i></b>");
        }
        State::Both | State::None => {}
    }
    out
}

/// What is open: nothing, italics, bold, bold then italics, italics then bold, or both at
/// once (`'''''`, the order decided by what closes first).
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    None,
    I,
    B,
    BI,
    IB,
    Both,
}

#[cfg(test)]
mod tests {
    use super::do_quotes;

    /// Each line and the HTML MediaWiki 1.39 made of it (`action=parse`, paragraph removed).
    #[test]
    fn apostrophes_become_tags_as_mediawiki_reads_them() {
        let cases = [
            ("plain", "plain"),
            ("''Cat''", "<i>Cat</i>"),
            ("'''bold''' and ''it''", "<b>bold</b> and <i>it</i>"),
            ("'''''both'''''", "<i><b>both</b></i>"),
            ("'''''both''' italic''", "<i><b>both</b> italic</i>"),
            ("'''''both'' bold'''", "<b><i>both</i> bold</b>"),
            ("''''four''''", "'<b>four'</b>"),
            ("''''''six''''''", "'<i><b>six'</b></i>"),
            ("open ''italic", "open <i>italic</i>"),
            ("l'''amour'' x", "l'<i>amour</i> x"),
            ("a '''b'' c", "a '<i>b</i> c"),
            ("'''''", ""),
            ("'''''0", ""),
            ("x'''", "x<b></b>"),
            ("'''a'' b'' c'''", "<b>a<i> b</i> c</b>"),
            ("''a'''b'''''c", "<i>a<b>b</b></i>c"),
            ("'''''x'' y'''''", "<b><i>x</i> y</b><i></i>"),
        ];
        for (text, html) in cases {
            assert_eq!(do_quotes(text), html, "{text}");
        }
    }
}
