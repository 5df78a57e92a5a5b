//! The sequence diff under both the line and the word diff: a common prefix and suffix set
//! aside, the elements found on one side only marked as changed, Myers' middle snake on what
//! remains (with a cut-off that settles for the furthest point reached when the texts are
//! large and very different), then the changed runs slid along repeated elements so that
//! they line up with the other side's changes, as MediaWiki's `DiffEngine` does it.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// Above this product of the compared lengths the search for differences is cut short.
const TOO_LONG: i64 = 2_000_000;
/// The exponent (plus one) that cuts the number of differences searched for above [`TOO_LONG`].
const POW_LIMIT: f64 = 1.45;

/// One step from the old sequence to the new one, as ranges of element indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Op {
    /// Elements kept; both ranges have the same length.
    Copy(Range<usize>, Range<usize>),
    /// Elements of the old side only.
    Delete(Range<usize>),
    /// Elements of the new side only.
    Add(Range<usize>),
    /// Old elements replaced by new ones.
    Change(Range<usize>, Range<usize>),
}

/// The comparison was given up: more than the allowed product of lengths remained to compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooComplex;

/// A PHP string seen as a number by `==`: an integer, or a float (with the direction an
/// integer string overflowed in, if it did).
#[derive(Debug, Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64, i8),
}

fn number(s: &str) -> Option<Number> {
    let value = crate::php::numeric(s)?;
    let t = s.trim_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some(match t.parse::<i64>() {
            Ok(i) => Number::Int(i),
            Err(_) => Number::Float(value, if t.starts_with('-') { -1 } else { 1 }),
        });
    }
    Some(Number::Float(value, 0))
}

/// PHP 8's `==` of two numeric strings that differ as strings.
fn numbers_equal(a: Number, b: Number) -> bool {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x == y,
        (Number::Float(x, ox), Number::Float(y, oy)) => {
            if ox != 0 && ox == oy && x - y == 0.0 {
                return false;
            }
            if x == y && !x.is_finite() {
                return false;
            }
            x == y
        }
        (Number::Int(i), Number::Float(f, o)) | (Number::Float(f, o), Number::Int(i)) => o == 0 && i as f64 == f,
    }
}

/// Strings as small integers (equal strings, equal ids), with what PHP's loose `==` needs.
struct Interned {
    old: Vec<u32>,
    new: Vec<u32>,
    numbers: Vec<Option<Number>>,
}

impl Interned {
    fn new<S: AsRef<str>>(old: &[S], new: &[S]) -> Interned {
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let mut numbers = Vec::new();
        let mut sides = [Vec::with_capacity(old.len()), Vec::with_capacity(new.len())];
        for (side, strings) in sides.iter_mut().zip([old, new]) {
            for s in strings {
                let s = s.as_ref();
                let id = match ids.get(s) {
                    Some(&id) => id,
                    None => {
                        let id = numbers.len() as u32;
                        numbers.push(number(s));
                        ids.insert(s, id);
                        id
                    }
                };
                side.push(id);
            }
        }
        let [old, new] = sides;
        Interned { old, new, numbers }
    }

    /// PHP's `==` of two strings.
    fn loose_eq(&self, a: u32, b: u32) -> bool {
        if a == b {
            return true;
        }
        match (self.numbers.get(a as usize), self.numbers.get(b as usize)) {
            (Some(Some(x)), Some(Some(y))) => numbers_equal(*x, *y),
            _ => false,
        }
    }
}

/// The steps from `old` to `new`. With `bailout`, gives up when the product of the lengths
/// left to compare (once the common ends and the one-sided elements are set aside) exceeds it.
pub(crate) fn diff<S: AsRef<str>>(old: &[S], new: &[S], bailout: Option<u64>) -> Result<Vec<Op>, TooComplex> {
    let interned = Interned::new(old, new);
    let (mut removed, mut added) = mark_changes(&interned.old, &interned.new, bailout)?;
    shift_boundaries(&interned, &interned.old, &mut removed, &added);
    shift_boundaries(&interned, &interned.new, &mut added, &removed);
    Ok(ops(&removed, &added))
}

/// The changes as runs of copies, deletions, additions and changes.
fn ops(removed: &[bool], added: &[bool]) -> Vec<Op> {
    let (n_old, n_new) = (removed.len(), added.len());
    let mut out = Vec::new();
    let (mut x, mut y) = (0, 0);
    while x < n_old || y < n_new {
        let (x0, y0) = (x, y);
        while x < n_old && y < n_new && !removed[x] && !added[y] {
            x += 1;
            y += 1;
        }
        if x > x0 {
            out.push(Op::Copy(x0..x, y0..y));
        }
        let x1 = x;
        while x < n_old && removed[x] {
            x += 1;
        }
        let y1 = y;
        while y < n_new && added[y] {
            y += 1;
        }
        match (x > x1, y > y1) {
            (true, true) => out.push(Op::Change(x1..x, y1..y)),
            (true, false) => out.push(Op::Delete(x1..x)),
            (false, true) => out.push(Op::Add(y1..y)),
            (false, false) => {
                if x == x0 && y == y0 {
                    // Cannot happen with consistent marks; stop rather than loop.
                    break;
                }
            }
        }
    }
    out
}

/// Which elements of each side are not part of the common subsequence found.
fn mark_changes(old: &[u32], new: &[u32], bailout: Option<u64>) -> Result<(Vec<bool>, Vec<bool>), TooComplex> {
    let (m, n) = (old.len(), new.len());
    let mut removed = vec![true; m];
    let mut added = vec![true; n];

    let mut prefix = 0;
    while prefix < m && prefix < n && old[prefix] == new[prefix] {
        removed[prefix] = false;
        added[prefix] = false;
        prefix += 1;
    }
    let mut suffix = 0;
    while prefix + suffix < m && prefix + suffix < n && old[m - 1 - suffix] == new[n - 1 - suffix] {
        removed[m - 1 - suffix] = false;
        added[n - 1 - suffix] = false;
        suffix += 1;
    }

    let old_mid = prefix..m - suffix;
    let new_mid = prefix..n - suffix;
    let in_old: HashSet<u32> = old[old_mid.clone()].iter().copied().collect();
    let in_new: HashSet<u32> = new[new_mid.clone()].iter().copied().collect();
    let (mut from, mut from_index) = (Vec::new(), Vec::new());
    for i in old_mid {
        if in_new.contains(&old[i]) {
            from.push(old[i]);
            from_index.push(i);
        }
    }
    let (mut to, mut to_index) = (Vec::new(), Vec::new());
    for i in new_mid {
        if in_old.contains(&new[i]) {
            to.push(new[i]);
            to_index.push(i);
        }
    }

    if let Some(limit) = bailout {
        if limit > 0 && (from.len() as u64).saturating_mul(to.len() as u64) > limit {
            return Err(TooComplex);
        }
    }

    let mut lcs = Lcs::new(&from, &to);
    lcs.run();
    for (k, &r) in lcs.removed.iter().enumerate() {
        if !r {
            if let Some(&i) = from_index.get(k) {
                removed[i] = false;
            }
        }
    }
    for (k, &a) in lcs.added.iter().enumerate() {
        if !a {
            if let Some(&i) = to_index.get(k) {
                added[i] = false;
            }
        }
    }
    Ok((removed, added))
}

/// A growable array of integers read as zero where never written, as the PHP arrays of the
/// search behave.
struct Row(Vec<i64>);

impl Row {
    fn get(&self, i: i64) -> i64 {
        usize::try_from(i).ok().and_then(|i| self.0.get(i)).copied().unwrap_or(0)
    }

    fn set(&mut self, i: i64, value: i64) {
        if let Ok(i) = usize::try_from(i) {
            if i >= self.0.len() {
                self.0.resize(i + 1, 0);
            }
            self.0[i] = value;
        }
    }
}

/// The search for a longest common subsequence of the elements both sides share.
struct Lcs<'a> {
    from: &'a [u32],
    to: &'a [u32],
    removed: Vec<bool>,
    added: Vec<bool>,
    max_differences: i64,
    /// The furthest points reached forwards (`v[0]`) and backwards (`v[1]`) on each diagonal;
    /// shared by every sub-search, as in the original.
    v: [Row; 2],
    /// Start on each side and length of the last snake found.
    snake: [i64; 3],
}

impl<'a> Lcs<'a> {
    fn new(from: &'a [u32], to: &'a [u32]) -> Lcs<'a> {
        let (m, n) = (from.len(), to.len());
        let mut max_differences = ((m + n) as i64 + 1) / 2;
        if (m as i64).saturating_mul(n as i64) > TOO_LONG {
            max_differences = (max_differences as f64).powf(POW_LIMIT - 1.0).floor() as i64;
        }
        Lcs {
            from,
            to,
            removed: vec![true; m],
            added: vec![true; n],
            max_differences,
            v: [Row(vec![0; m + n + 3]), Row(vec![0; m + n + 3])],
            snake: [0; 3],
        }
    }

    fn same(&self, x: i64, y: i64) -> bool {
        let a = usize::try_from(x).ok().and_then(|x| self.from.get(x));
        let b = usize::try_from(y).ok().and_then(|y| self.to.get(y));
        matches!((a, b), (Some(a), Some(b)) if a == b)
    }

    fn keep(&mut self, x: i64, y: i64) {
        if let Some(r) = usize::try_from(x).ok().and_then(|x| self.removed.get_mut(x)) {
            *r = false;
        }
        if let Some(a) = usize::try_from(y).ok().and_then(|y| self.added.get_mut(y)) {
            *a = false;
        }
    }

    fn run(&mut self) {
        let (m, n) = (self.from.len() as i64, self.to.len() as i64);
        if m == 0 || n == 0 {
            return;
        }
        let mut forward = 0;
        while forward < m.min(n) && self.same(forward, forward) {
            self.keep(forward, forward);
            forward += 1;
        }
        let (mut back1, mut back2) = (m - 1, n - 1);
        while back1 >= forward && back2 >= forward && self.same(back1, back2) {
            self.keep(back1, back2);
            back1 -= 1;
            back2 -= 1;
        }
        self.search(forward, back1, forward, back2);
    }

    /// The recursive search over `from[bottom1..=top1]` and `to[bottom2..=top2]`, as a loop
    /// over a stack (in the same order: the part before a snake, then the part after it).
    fn search(&mut self, bottom1: i64, top1: i64, bottom2: i64, top2: i64) {
        let mut stack = vec![(bottom1, top1, bottom2, top2)];
        while let Some((b1, t1, b2, t2)) = stack.pop() {
            if b1 > t1 || b2 > t2 {
                continue;
            }
            let d = self.middle_snake(b1, t1, b2, t2);
            let [sx, sy, len] = self.snake;
            for i in 0..len {
                self.keep(sx + i, sy + i);
            }
            if d > 1 {
                let after = (sx + len, t1, sy + len, t2);
                let before = (b1, sx - 1, b2, sy - 1);
                // A sub-search as large as its parent would never end.
                if after != (b1, t1, b2, t2) {
                    stack.push(after);
                }
                if before != (b1, t1, b2, t2) {
                    stack.push(before);
                }
            } else if d == 1 {
                let max = (sx - b1).min(sy - b2);
                for i in 0..max {
                    self.keep(b1 + i, b2 + i);
                }
            }
        }
    }

    /// Finds the middle snake of the part, leaving it in `self.snake`; gives the number of
    /// differences (5 when the search was cut short).
    fn middle_snake(&mut self, bottom1: i64, top1: i64, bottom2: i64, top2: i64) -> i64 {
        let (b1m1, b2m1) = (bottom1 - 1, bottom2 - 1);
        let n = top1 - b1m1;
        let m = top2 - b2m1;
        let delta = n - m;
        let max_abs_x = n + bottom1;
        let max_abs_y = m + bottom2;
        let limit = self.max_differences.min((n + m + 1) / 2);
        let mut add_forward = m & 1;
        let mut add_backward = n & 1;
        let (mut start_forward, mut end_forward) = (-m, n);
        let (mut start_backward, mut end_backward) = (-n, m);
        let (lm1, lp1) = (limit - 1, limit + 1);
        self.v[0].set(lp1, 0);
        self.v[1].set(lm1, n);
        let odd = delta & 1 == 1;

        let mut d = 0;
        while d <= limit {
            // Forwards.
            let start = (add_forward + start_forward).max(-d);
            let end = end_forward.min(d);
            add_forward = 1 - add_forward;
            let mut k = start;
            while k <= end {
                let v0 = &self.v[0];
                let mut x = if k == -d || (k < d && v0.get(lm1 + k) < v0.get(lp1 + k)) {
                    v0.get(lp1 + k)
                } else {
                    v0.get(lm1 + k) + 1
                };
                let mut abs_x = x + bottom1;
                let mut abs_y = x - k + bottom2;
                self.snake[0] = abs_x;
                self.snake[1] = abs_y;
                while abs_x < max_abs_x && abs_y < max_abs_y && self.same(abs_x, abs_y) {
                    abs_x += 1;
                    abs_y += 1;
                }
                x = abs_x - bottom1;
                self.snake[2] = abs_x - self.snake[0];
                self.v[0].set(limit + k, x);
                if odd && k >= delta - d + 1 && k <= delta + d - 1 && x >= self.v[1].get(limit + k - delta) {
                    return 2 * d - 1;
                }
                if x >= n && end_forward > k - 1 {
                    end_forward = k - 1;
                } else if abs_y - bottom2 >= m {
                    start_forward = k + 1;
                    add_forward = 0;
                }
                k += 2;
            }

            // Backwards.
            let start = (add_backward + start_backward).max(-d);
            let end = end_backward.min(d);
            add_backward = 1 - add_backward;
            let mut k = start;
            while k <= end {
                let v1 = &self.v[1];
                let mut x = if k == d || (k != -d && v1.get(lm1 + k) < v1.get(lp1 + k)) {
                    v1.get(lm1 + k)
                } else {
                    v1.get(lp1 + k) - 1
                };
                let mut y = x - k - delta;
                self.snake[2] = 0;
                while x > 0 && y > 0 && self.same(x + b1m1, y + b2m1) {
                    x -= 1;
                    y -= 1;
                    self.snake[2] += 1;
                }
                self.v[1].set(limit + k, x);
                if !odd && k >= -delta - d && k <= d - delta && x <= self.v[0].get(limit + k + delta) {
                    self.snake[0] = bottom1 + x;
                    self.snake[1] = bottom2 + y;
                    return 2 * d;
                }
                if x <= 0 {
                    start_backward = k + 1;
                    add_backward = 0;
                } else if y <= 0 && end_backward > k - 1 {
                    end_backward = k - 1;
                }
                k += 2;
            }
            d += 1;
        }

        // Too expensive: settle for the point that got furthest.
        let (x, y) = self.most_progress(m, n, limit);
        self.snake = [bottom1 + x, bottom2 + y, 0];
        5
    }

    /// The point furthest from both ends reached by the cut-short search (the middle one of
    /// those equally far).
    fn most_progress(&self, m: i64, n: i64, limit: i64) -> (i64, i64) {
        let delta = n - m;
        let forward_start = if (m & 1) == (limit & 1) { (-m).max(-limit) } else { (1 - m).max(-limit) };
        let forward_end = n.min(limit);
        let backward_start = if (n & 1) == (limit & 1) { (-n).max(-limit) } else { (1 - n).max(-limit) };
        let backward_end = -m.min(limit);

        let mut best: Vec<[i64; 3]> = vec![[0; 3]];
        let mut count = 0usize;
        let put = |best: &mut Vec<[i64; 3]>, i: usize, entry: [i64; 3]| {
            if i >= best.len() {
                best.resize(i + 1, [0; 3]);
            }
            best[i] = entry;
        };

        let mut k = forward_start;
        while k <= forward_end {
            let x = self.v[0].get(limit + k);
            let y = x - k;
            if x <= n && y <= m {
                let progress = x + y;
                if progress > best[0][2] {
                    count = 0;
                    put(&mut best, 0, [x, y, progress]);
                } else if progress == best[0][2] {
                    count += 1;
                    put(&mut best, count, [x, y, progress]);
                }
            }
            k += 2;
        }

        let mut forward_best = true;
        let mut k = backward_start;
        while k <= backward_end {
            let x = self.v[1].get(limit + k);
            let y = x - k - delta;
            if x >= 0 && y >= 0 {
                let progress = n - x + m - y;
                if progress > best[0][2] {
                    count = 0;
                    forward_best = false;
                    put(&mut best, 0, [x, y, progress]);
                } else if progress == best[0][2] && !forward_best {
                    count += 1;
                    put(&mut best, count, [x, y, progress]);
                }
            }
            k += 2;
        }

        let [x, y, _] = best.get(count / 2).copied().unwrap_or([0; 3]);
        (x, y)
    }
}

/// Slides each run of changes along equal neighbouring elements: as far back as it goes, then
/// forward, then back again to line up with a change on the other side where there is one.
fn shift_boundaries(interned: &Interned, lines: &[u32], changed: &mut [bool], other: &[bool]) {
    let len = lines.len() as i64;
    let other_len = other.len() as i64;
    let is = |v: &[bool], i: i64| usize::try_from(i).ok().and_then(|i| v.get(i)).copied().unwrap_or(false);
    let eq = |a: i64, b: i64| {
        let a = usize::try_from(a).ok().and_then(|a| lines.get(a));
        let b = usize::try_from(b).ok().and_then(|b| lines.get(b));
        matches!((a, b), (Some(&a), Some(&b)) if interned.loose_eq(a, b))
    };
    let set = |v: &mut [bool], i: i64, value: bool| {
        if let Some(c) = usize::try_from(i).ok().and_then(|i| v.get_mut(i)) {
            *c = value;
        }
    };
    let (mut i, mut j) = (0i64, 0i64);
    loop {
        while j < other_len && is(other, j) {
            j += 1;
        }
        while i < len && !is(changed, i) {
            i += 1;
            j += 1;
            while j < other_len && is(other, j) {
                j += 1;
            }
        }
        if i >= len {
            break;
        }
        let mut start = i;
        i += 1;
        while i < len && is(changed, i) {
            i += 1;
        }
        let mut corresponding;
        loop {
            let run = i - start;
            // Back as far as the element before the run equals its last one.
            while start > 0 && eq(start - 1, i - 1) {
                start -= 1;
                set(changed, start, true);
                i -= 1;
                set(changed, i, false);
                while start > 0 && is(changed, start - 1) {
                    start -= 1;
                }
                loop {
                    j -= 1;
                    if !is(other, j) {
                        break;
                    }
                }
            }
            corresponding = if j < other_len { i } else { len };
            // Then forward as far as the element after it equals its first one.
            while i < len && eq(start, i) {
                set(changed, start, false);
                start += 1;
                set(changed, i, true);
                i += 1;
                while i < len && is(changed, i) {
                    i += 1;
                }
                j += 1;
                if j < other_len && is(other, j) {
                    corresponding = i;
                    while j < other_len && is(other, j) {
                        j += 1;
                    }
                }
            }
            if run == i - start {
                break;
            }
        }
        // Back to the last point lined up with a change on the other side.
        while corresponding < i {
            start -= 1;
            set(changed, start, true);
            i -= 1;
            set(changed, i, false);
            loop {
                j -= 1;
                if !is(other, j) {
                    break;
                }
            }
        }
    }
}
