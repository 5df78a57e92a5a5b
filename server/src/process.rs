//! What the operating system says of a process: its resident memory and its open files, read
//! from `/proc` (Linux). Elsewhere there is nothing to read, and each answers `None`.

/// The resident memory of process `pid`, in KiB (`VmRSS`).
pub fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok())
}

/// How many files this process holds open: its listening sockets, connections, database files.
pub fn open_files() -> Option<u64> {
    Some(std::fs::read_dir("/proc/self/fd").ok()?.count() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_read() {
        if cfg!(target_os = "linux") {
            assert!(resident_kib(std::process::id()).is_some_and(|kib| kib > 0));
            assert!(open_files().is_some_and(|n| n >= 3), "at least the standard streams");
        }
        assert_eq!(resident_kib(u32::MAX), None, "no such process");
    }
}
