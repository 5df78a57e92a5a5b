//! SQLite's memory from mimalloc, the allocator the rest of the server uses.
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
