//! Where the program keeps its files, and how it writes them safely.

mod atomic;
mod paths;

pub use atomic::atomic_write;
pub use paths::Paths;
