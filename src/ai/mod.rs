//! The computer opponent: a pure, seeded search engine over the core rules.
