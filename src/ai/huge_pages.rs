//! A hint to the kernel to back the solvers' large tables with 2 MB pages:
//! their reads land anywhere in gigabytes, and with 4 KB pages nearly every
//! one also misses the processor's address cache (TLB).

/// Asks for huge pages under the spare capacity of `table`, before it is
/// first written; no effect on what any read returns. Nothing where the
/// kernel has no such hint, or refuses it.
pub(crate) fn advise<T>(table: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = table.as_mut_ptr() as usize;
        let end = start + table.capacity() * std::mem::size_of::<T>();
        // madvise takes whole pages: the ones inside the allocation.
        let first = start.next_multiple_of(PAGE);
        if end > first + PAGE {
            let length = (end - first) / PAGE * PAGE;
            // Refused (no transparent huge pages): nothing to do.
            // SAFETY: the range lies inside `table`'s allocation, which
            // lives on; the hint changes how it is backed, not its contents.
            let _ = unsafe {
                rustix::mm::madvise(
                    first as *mut std::ffi::c_void,
                    length,
                    rustix::mm::Advice::LinuxHugepage,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = table;
}

#[cfg(test)]
mod tests {
    #[test]
    fn advised_tables_keep_what_is_written_in_them() {
        for length in [0, 1, 1000, 3 << 20] {
            let mut table: Vec<u64> = Vec::new();
            table.try_reserve_exact(length).expect("memory");
            super::advise(&mut table);
            table.extend((0..length as u64).map(|i| i.wrapping_mul(0x9e37_79b9)));
            assert_eq!(table.len(), length);
            assert!(
                table
                    .iter()
                    .enumerate()
                    .all(|(i, &v)| v == (i as u64).wrapping_mul(0x9e37_79b9))
            );
        }
    }
}
