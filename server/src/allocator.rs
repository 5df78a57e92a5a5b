//! The allocator: mimalloc for the server and for SQLite, committing memory as it is first
//! used.
//!
//! The bundled SQLite allocates through the C library's `malloc`. A statement with a list of
//! values (`IN (…)`) builds a temporary b-tree with a page cache of its own, tens of
//! kilobytes allocated when the statement runs and freed when it ends; the C library gives
//! that memory back to the system each time and takes it again on the next request (a third
//! of the time of a small `prop=redirects` request went to page faults and `madvise`).
//! mimalloc keeps freed memory for the thread's next allocation.

use std::ffi::{c_int, c_void};

use libmimalloc_sys as mi;
use libsqlite3_sys as ffi;

unsafe extern "C" fn x_malloc(size: c_int) -> *mut c_void {
    mi::mi_malloc(size.max(0) as usize)
}

unsafe extern "C" fn x_free(block: *mut c_void) {
    mi::mi_free(block)
}

unsafe extern "C" fn x_realloc(block: *mut c_void, size: c_int) -> *mut c_void {
    mi::mi_realloc(block, size.max(0) as usize)
}

unsafe extern "C" fn x_size(block: *mut c_void) -> c_int {
    c_int::try_from(mi::mi_usable_size(block)).unwrap_or(c_int::MAX)
}

unsafe extern "C" fn x_roundup(size: c_int) -> c_int {
    // SQLite asks for 8-byte multiples; mimalloc's size classes are finer than anything
    // SQLite would gain from knowing.
    size.saturating_add(7) & !7
}

unsafe extern "C" fn x_init(_: *mut c_void) -> c_int {
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_shutdown(_: *mut c_void) {}

/// Makes SQLite allocate through mimalloc. Call it before the first connection opens (SQLite
/// takes its allocator when it initialises); called later it changes nothing and says so.
pub fn use_mimalloc() {
    /// The methods, shareable: their one pointer is null.
    struct Methods(ffi::sqlite3_mem_methods);
    // SAFETY: nothing is reachable through the null `pAppData`; the rest are functions.
    unsafe impl Sync for Methods {}
    static METHODS: Methods = Methods(ffi::sqlite3_mem_methods {
        xMalloc: Some(x_malloc),
        xFree: Some(x_free),
        xRealloc: Some(x_realloc),
        xSize: Some(x_size),
        xRoundup: Some(x_roundup),
        xInit: Some(x_init),
        xShutdown: Some(x_shutdown),
        pAppData: std::ptr::null_mut(),
    });
    // SAFETY: SQLITE_CONFIG_MALLOC takes a pointer to methods that live as long as SQLite
    // (a static) and is refused (SQLITE_MISUSE), not unsafe, once SQLite is initialised.
    let status =
        unsafe { ffi::sqlite3_config(ffi::SQLITE_CONFIG_MALLOC, &METHODS.0 as *const ffi::sqlite3_mem_methods) };
    if status != ffi::SQLITE_OK {
        tracing::warn!(status, "SQLite keeps the C library's allocator (it was initialised already)");
    }
}

/// Makes mimalloc commit memory as it is first used rather than whole segments and arenas at
/// once: an idle server's resident memory halves (52 to 24 MB serving the fixture), and ten
/// thousand kept-alive connections hold a fifth less. It must run before the allocator first
/// reserves memory, so `main.rs` calls it from the program's initialisers, and it allocates
/// nothing itself; `MIMALLOC_EAGER_COMMIT` and `MIMALLOC_ARENA_EAGER_COMMIT`, when the
/// operator sets them, still decide.
pub extern "C" fn commit_memory_lazily() {
    /// mimalloc's option numbers (`mi_option_e` of its header).
    const EAGER_COMMIT: mi::mi_option_t = 3;
    const ARENA_EAGER_COMMIT: mi::mi_option_t = 4;
    for (option, variable) in
        [(EAGER_COMMIT, c"MIMALLOC_EAGER_COMMIT"), (ARENA_EAGER_COMMIT, c"MIMALLOC_ARENA_EAGER_COMMIT")]
    {
        // SAFETY: getenv reads the environment without allocating (nothing else runs yet);
        // setting an option is a plain store into mimalloc's option table.
        unsafe {
            if libc::getenv(variable.as_ptr()).is_null() {
                mi::mi_option_set(option, 0);
            }
        }
    }
}
