//! `brique server --lobby --load N`: placeholder, written next.
pub fn run(_players: usize, _exe: &std::path::Path) -> std::io::Result<String> {
    Ok(String::new())
}
