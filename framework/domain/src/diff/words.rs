//! The word-level diff inside a run of changed lines: the lines cut into words (a run of
//! white space, a run of letters and digits, or one other character, each with at most one
//! following space), compared without their following space, and written back as the lines
//! of each side with the words of that side only marked `<del>` or `<ins>`.

use super::engine::{self, Op};
use crate::html::escape;

/// The product of lengths above which the word diff is given up (about 6000 by 6000 words).
const BAILOUT: u64 = 40_000_000;

/// The class of the marks around changed words.
const CHANGE_CLASS: &str = "diffchange diffchange-inline";

/// Lines of each side of a changed run, as HTML with the changed words marked.
pub(crate) struct Marked {
    /// The old lines, words only there in `<del>`.
    pub(crate) old: Vec<String>,
    /// The new lines, words only there in `<ins>`.
    pub(crate) new: Vec<String>,
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\x0b' | '\x0c')
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || !c.is_ascii()
}

/// The words of the lines (a `"\n"` word between lines), each whole and without its following
/// space.
fn split<'a>(lines: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    let (mut words, mut stripped) = (Vec::new(), Vec::new());
    for (n, line) in lines.iter().enumerate() {
        if n > 0 {
            words.push("\n");
            stripped.push("\n");
        }
        let mut chars = line.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if is_space(c) {
                while chars.next_if(|&(_, c)| is_space(c)).is_some() {}
            } else if is_word(c) {
                while chars.next_if(|&(_, c)| is_word(c)).is_some() {}
            }
            let end = chars.peek().map_or(line.len(), |&(i, _)| i);
            let mut whole_end = end;
            if !is_space(c) {
                if let Some((i, s)) = chars.next_if(|&(_, s)| is_space(s)) {
                    whole_end = i + s.len_utf8();
                }
            }
            stripped.push(&line[start..end]);
            words.push(&line[start..whole_end]);
        }
    }
    (words, stripped)
}

/// Compares two runs of lines word by word.
pub(crate) fn diff(old: &[&str], new: &[&str]) -> Marked {
    let (old_words, old_stripped) = split(old);
    let (new_words, new_stripped) = split(new);
    let ops = engine::diff(&old_stripped, &new_stripped, Some(BAILOUT)).unwrap_or_else(|_| {
        // Given up: one change of as many words as there are lines (sic).
        vec![Op::Change(0..old.len(), 0..new.len())]
    });
    let mut old_acc = Accumulator::default();
    let mut new_acc = Accumulator::default();
    // Each step's words, taken in order by count from the whole words of each side.
    let (mut x, mut y) = (0usize, 0usize);
    let take = |words: &[&str], at: &mut usize, count: usize| -> Vec<String> {
        let from = (*at).min(words.len());
        let to = (from + count).min(words.len());
        *at = to;
        words[from..to].iter().map(|w| (*w).to_owned()).collect()
    };
    for op in &ops {
        match op {
            Op::Copy(a, b) => {
                let o = take(&old_words, &mut x, a.len());
                let n = take(&new_words, &mut y, b.len());
                old_acc.add(&o, Tag::None);
                new_acc.add(&n, Tag::None);
            }
            Op::Delete(a) => {
                let o = take(&old_words, &mut x, a.len());
                if !o.is_empty() {
                    old_acc.add(&o, Tag::Del);
                }
            }
            Op::Add(b) => {
                let n = take(&new_words, &mut y, b.len());
                if !n.is_empty() {
                    new_acc.add(&n, Tag::Ins);
                }
            }
            Op::Change(a, b) => {
                let o = take(&old_words, &mut x, a.len());
                let n = take(&new_words, &mut y, b.len());
                if !o.is_empty() {
                    old_acc.add(&o, Tag::Del);
                }
                if !n.is_empty() {
                    new_acc.add(&n, Tag::Ins);
                }
            }
        }
    }
    Marked { old: old_acc.lines(), new: new_acc.lines() }
}

/// How a group of words is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Tag {
    #[default]
    None,
    Del,
    Ins,
    /// The end of the lines (differs from every other tag).
    Done,
}

/// Gathers words into lines, each group of words of one tag escaped and marked.
#[derive(Default)]
struct Accumulator {
    lines: Vec<String>,
    line: String,
    group: String,
    tag: Tag,
}

impl Accumulator {
    fn flush_group(&mut self, new_tag: Tag) {
        if !self.group.is_empty() {
            let text = escape(&self.group);
            match self.tag {
                Tag::Ins => self.line.push_str(&format!("<ins class=\"{CHANGE_CLASS}\">{text}</ins>")),
                Tag::Del => self.line.push_str(&format!("<del class=\"{CHANGE_CLASS}\">{text}</del>")),
                Tag::None | Tag::Done => self.line.push_str(&text),
            }
        }
        self.group.clear();
        self.tag = new_tag;
    }

    fn flush_line(&mut self, new_tag: Tag) {
        self.flush_group(new_tag);
        if self.line.is_empty() {
            // An empty line is shown as a no-break space.
            self.lines.push("\u{a0}".to_owned());
        } else {
            self.lines.push(std::mem::take(&mut self.line));
        }
    }

    fn add(&mut self, words: &[String], tag: Tag) {
        if tag != self.tag {
            self.flush_group(tag);
        }
        for word in words {
            if word.is_empty() {
                continue;
            }
            let word = match word.strip_prefix('\n') {
                Some(rest) => {
                    self.flush_line(tag);
                    rest
                }
                None => word.as_str(),
            };
            self.group.push_str(word);
        }
    }

    fn lines(mut self) -> Vec<String> {
        self.flush_line(Tag::Done);
        self.lines
    }
}
