//! A hint to the processor to bring a line of memory into the cache before
//! it is read: the solvers' tables are far larger than the cache, and
//! fetching the next position's entry while the current one is worked on
//! hides most of the wait.

/// Starts loading the cache line holding `at`; no effect on what any read
/// returns. Nothing on targets without the instruction.
#[inline]
pub(crate) fn prefetch(at: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch reads nothing and cannot fault, whatever the
        // address; `at` points into a live table besides.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
