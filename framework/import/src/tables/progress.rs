//! The progress bar shown on a terminal.

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
}

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
        Progress { bar, counter, last: Instant::now() }
    }

    /// No bar at all.
    pub(super) fn hidden() -> Progress {
        Progress { bar: ProgressBar::hidden(), counter: Arc::default(), last: Instant::now() }
    }

    pub(super) fn update(&mut self, report: &ImportReport, force: bool) {
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
        self.bar.set_message(text.to_owned());
    }

    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
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
