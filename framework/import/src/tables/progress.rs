//! The progress shown while importing: a bar on a terminal; elsewhere (a log, a container's
//! output) a line every ten seconds with the bytes read, the rate and the time left.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use super::ImportReport;

pub(super) struct Progress {
    bar: ProgressBar,
    counter: Arc<AtomicU64>,
    last: Instant,
    /// Lines instead of a bar: the dump's size (when known) and when the import began.
    lines: Option<Lines>,
}

/// Progress written as lines, for output that is not a terminal.
struct Lines {
    total: Option<u64>,
    started: Instant,
}

/// How often a progress line is written.
const LINE_EVERY: Duration = Duration::from_secs(10);

impl Progress {
    pub(super) fn new(enabled: bool, total: Option<u64>, counter: Arc<AtomicU64>) -> Progress {
        let bar = if enabled && std::io::stderr().is_terminal() {
            match total {
                Some(total) => {
                    let bar = ProgressBar::new(total);
                    if let Ok(style) = ProgressStyle::with_template(
                        "{elapsed_precise} [{bar:25}] {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta} {wide_msg}",
                    ) {
                        bar.set_style(style.progress_chars("=> "));
                    }
                    bar
                }
                None => {
                    let bar = ProgressBar::new_spinner();
                    if let Ok(style) = ProgressStyle::with_template(
                        "{elapsed_precise} {spinner} {bytes} {binary_bytes_per_sec} {wide_msg}",
                    ) {
                        bar.set_style(style);
                    }
                    bar
                }
            }
        } else {
            ProgressBar::hidden()
        };
        let lines = (enabled && !std::io::stderr().is_terminal()).then(|| Lines { total, started: Instant::now() });
        Progress { bar, counter, last: Instant::now(), lines }
    }

    /// No bar at all.
    pub(super) fn hidden() -> Progress {
        Progress { bar: ProgressBar::hidden(), counter: Arc::default(), last: Instant::now(), lines: None }
    }

    pub(super) fn update(&mut self, report: &ImportReport, force: bool) {
        if let Some(lines) = &self.lines {
            if self.last.elapsed() >= LINE_EVERY {
                self.last = Instant::now();
                eprintln!("{}", lines.line(self.counter.load(Ordering::Relaxed), report));
            }
            return;
        }
        if self.bar.is_hidden() || (!force && self.last.elapsed() < Duration::from_millis(150)) {
            return;
        }
        self.last = Instant::now();
        self.bar.set_position(self.counter.load(Ordering::Relaxed));
        self.bar.set_message(format!(
            "{} pages, {} revisions, {} log items",
            report.pages, report.revisions, report.log_items
        ));
    }

    pub(super) fn message(&self, text: &str) {
        if let Some(lines) = &self.lines {
            eprintln!("{} import: {text}", clock(lines.started.elapsed().as_secs_f64()));
        }
        self.bar.set_message(text.to_owned());
    }

    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Lines {
    /// `12:30 import: 1204.3 of 2829.5 MB (42%), 8.1 MB/s, 3:20 left; 36000 pages, 392000
    /// revisions, 0 log items`.
    fn line(&self, read: u64, report: &ImportReport) -> String {
        let elapsed = self.started.elapsed().as_secs_f64();
        let mb = |bytes: u64| bytes as f64 / 1e6;
        let rate = if elapsed > 0.0 { mb(read) / elapsed } else { 0.0 };
        let of = match self.total {
            Some(total) if total > 0 => {
                let left = if rate > 0.0 { (mb(total) - mb(read)).max(0.0) / rate } else { 0.0 };
                format!(
                    " of {:.1} MB ({:.0}%), {rate:.1} MB/s, {} left",
                    mb(total),
                    100.0 * read as f64 / total as f64,
                    clock(left)
                )
            }
            _ => format!(" MB, {rate:.1} MB/s"),
        };
        format!(
            "{} import: {:.1}{of}; {} pages, {} revisions, {} log items",
            clock(elapsed),
            mb(read),
            report.pages,
            report.revisions,
            report.log_items
        )
    }
}

/// Seconds as `h:mm:ss` or `m:ss`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A bar over a wiki's pages, `what` said of those done (hidden when not asked for or not on
/// a terminal).
pub(super) fn pages_progress(enabled: bool, what: &str) -> PagesProgress {
    let bar = if enabled && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        if let Ok(style) =
            ProgressStyle::with_template(&format!("{{elapsed_precise}} [{{bar:25}}] {{pos}}/{{len}} {what}"))
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    PagesProgress { bar }
}

/// Progress through a wiki's pages.
pub(super) struct PagesProgress {
    bar: ProgressBar,
}

impl PagesProgress {
    /// `done` of `total` pages.
    pub(super) fn show(&self, done: u64, total: u64) {
        self.bar.set_length(total);
        self.bar.set_position(done);
    }

    /// Takes the bar away.
    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
