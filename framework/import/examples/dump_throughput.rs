//! Measures the dump reader's parse-only throughput.
//!
//! `cargo run --release -p wikiquery-store --example dump_throughput -- [MEGABYTES]` builds a
//! synthetic dump of that size in memory (default 200) in the layout `dumpBackup.php` writes, then
//! times reading every item from it. `… -- --file PATH` instead times a real dump file (plain,
//! gzip or bzip2), decompression included; `… -- MEGABYTES --save PATH` writes the synthetic dump
//! out (to compress it and time that).

use std::fmt::Write as _;
use std::time::Instant;

use wikiquery_import::dump::{DumpItem, DumpReader, DumpSource};

/// Counts of what a run produced, to show that the items were really built.
#[derive(Default, Debug)]
struct Tally {
    pages: u64,
    revisions: u64,
    uploads: u64,
    logs: u64,
    text_bytes: u64,
}

fn tally<I: Iterator<Item = Result<DumpItem, wikiquery_import::dump::DumpError>>>(items: I) -> Result<Tally, String> {
    let mut t = Tally::default();
    for item in items {
        match item.map_err(|e| e.to_string())? {
            DumpItem::PageStart(_) => t.pages += 1,
            DumpItem::Revision(r) => {
                t.revisions += 1;
                t.text_bytes += r.text.map_or(0, |s| s.len() as u64);
            }
            DumpItem::Upload(_) => t.uploads += 1,
            DumpItem::LogItem(_) => t.logs += 1,
            DumpItem::SiteInfo(_) | DumpItem::PageEnd => {}
        }
    }
    Ok(t)
}

/// A wikitext-like paragraph with the markup that needs escaping in XML (`<ref>`, `&`, quotes).
fn paragraph(seed: u64) -> String {
    format!(
        "'''Topic {seed}''' is a [[subject]] of the wiki.<ref name=\"src{seed}\">Source & notes, p. {seed}</ref> \
         It links to [[Article {}|another article]] and uses {{{{Template|param=\"{seed}\"}}}}.\n\
         * A list item with ''emphasis'' and an [https://example.org/{seed} external link]\n\
         * Another item: 3 < 4 && 5 > 2\n\n",
        seed * 7 % 1000
    )
}

/// Builds a synthetic dump of about `target` bytes.
fn synthetic(target: usize) -> String {
    let mut out = String::with_capacity(target + 64 * 1024);
    out.push_str(
        "<mediawiki xmlns=\"http://www.mediawiki.org/xml/export-0.11/\" version=\"0.11\" xml:lang=\"en\">\n  \
         <siteinfo>\n    <sitename>Synthetic</sitename>\n    <namespaces>\n      \
         <namespace key=\"0\" case=\"first-letter\" />\n    </namespaces>\n  </siteinfo>\n",
    );
    let mut rev_id = 0u64;
    let mut page = 0u64;
    while out.len() < target {
        page += 1;
        let _ = write!(out, "  <page>\n    <title>Article {page}</title>\n    <ns>0</ns>\n    <id>{page}</id>\n");
        let mut text = String::new();
        for r in 0..(page % 12 + 1) {
            rev_id += 1;
            text.push_str(&paragraph(rev_id));
            let escaped = text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
            let _ = write!(out, "    <revision>\n      <id>{rev_id}</id>\n");
            if r > 0 {
                let _ = writeln!(out, "      <parentid>{}</parentid>", rev_id - 1);
            }
            let _ = write!(
                out,
                "      <timestamp>2020-01-{:02}T12:{:02}:{:02}Z</timestamp>\n      <contributor>\n        \
                 <username>User {}</username>\n        <id>{}</id>\n      </contributor>\n",
                r % 28 + 1,
                rev_id % 60,
                page % 60,
                rev_id % 97,
                rev_id % 97 + 1
            );
            if r % 3 == 1 {
                out.push_str("      <minor/>\n");
            }
            let _ = write!(
                out,
                "      <comment>Edit {r} of &quot;Article {page}&quot;</comment>\n      <origin>{rev_id}</origin>\n      \
                 <model>wikitext</model>\n      <format>text/x-wiki</format>\n      \
                 <text bytes=\"{}\" sha1=\"0123456789abcdefghijklmnopqrstu\" xml:space=\"preserve\">{escaped}</text>\n      \
                 <sha1>0123456789abcdefghijklmnopqrstu</sha1>\n    </revision>\n",
                text.len()
            );
        }
        out.push_str("  </page>\n");
    }
    out.push_str("</mediawiki>\n");
    out
}

/// CPU time of this thread in seconds, where Linux exposes it: on a busy machine wall time
/// mostly measures the other processes.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

fn report(label: &str, bytes: u64, seconds: f64, cpu: Option<f64>, t: &Tally) {
    let mb = bytes as f64 / 1e6;
    print!("{label}: {mb:.1} MB in {seconds:.3} s wall = {:.1} MB/s", mb / seconds);
    match cpu {
        Some(cpu) => println!("; {cpu:.3} s CPU = {:.1} MB/s", mb / cpu),
        None => println!(),
    }
    println!(
        "  {} pages, {} revisions ({:.0} revisions/s), {} uploads, {} log items, {:.1} MB of decoded text",
        t.pages,
        t.revisions,
        t.revisions as f64 / seconds,
        t.uploads,
        t.logs,
        t.text_bytes as f64 / 1e6
    );
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path] = args.as_slice() {
        if flag == "--file" {
            let source = DumpSource::open(path).map_err(|e| e.to_string())?;
            let counter = source.bytes_read();
            println!("{path}: {}", source.compression());
            let reader = source.into_dump_reader();
            let (start, cpu) = (Instant::now(), thread_cpu_seconds());
            let t = tally(reader)?;
            let seconds = start.elapsed().as_secs_f64();
            let cpu = cpu.zip(thread_cpu_seconds()).map(|(a, b)| b - a);
            report("raw input", counter.load(std::sync::atomic::Ordering::Relaxed), seconds, cpu, &t);
            return Ok(());
        }
    }
    let megabytes: usize = match args.first() {
        Some(n) => n.parse().map_err(|_| format!("not a number of megabytes: {n}"))?,
        None => 200,
    };
    let build = Instant::now();
    let dump = synthetic(megabytes * 1_000_000);
    println!("built {:.1} MB synthetic dump in {:.2} s", dump.len() as f64 / 1e6, build.elapsed().as_secs_f64());
    if let [_, flag, path] = args.as_slice() {
        if flag == "--save" {
            std::fs::write(path, &dump).map_err(|e| format!("{path}: {e}"))?;
            println!("wrote {path}");
            return Ok(());
        }
    }
    for run in 1..=3 {
        let (start, cpu) = (Instant::now(), thread_cpu_seconds());
        let t = tally(DumpReader::new(dump.as_bytes()))?;
        let cpu = cpu.zip(thread_cpu_seconds()).map(|(a, b)| b - a);
        report(&format!("run {run}"), dump.len() as u64, start.elapsed().as_secs_f64(), cpu, &t);
    }
    Ok(())
}
