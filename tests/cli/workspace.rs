//! The workspace's shape: the rules are the member `brique-core`, with no
//! dependency at all, and `cargo test` at the root covers it.

use std::path::Path;

fn manifest(relative: &str) -> toml::Table {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let text = std::fs::read_to_string(&path).expect("read the manifest");
    text.parse().expect("a manifest in TOML")
}

#[test]
fn the_rules_crate_has_no_dependencies() {
    let core = manifest("crates/brique-core/Cargo.toml");
    assert_eq!(core["package"]["name"].as_str(), Some("brique-core"));
    for table in ["dependencies", "build-dependencies"] {
        let listed = core.get(table).and_then(toml::Value::as_table);
        assert!(
            listed.is_none_or(toml::Table::is_empty),
            "brique-core must stay pure, yet its [{table}] lists {listed:?}"
        );
    }
    assert!(
        core.get("target").is_none(),
        "no per-target dependencies either"
    );
}

#[test]
fn cargo_test_at_the_root_covers_the_rules_crate() {
    let root = manifest("Cargo.toml");
    let workspace = &root["workspace"];
    for key in ["members", "default-members"] {
        let listed = workspace[key].as_array().expect("a list of paths");
        assert!(
            listed
                .iter()
                .any(|m| m.as_str() == Some("crates/brique-core")),
            "workspace.{key} must name crates/brique-core: {listed:?}"
        );
    }
    let uses = &root["dependencies"]["brique-core"]["path"];
    assert_eq!(uses.as_str(), Some("crates/brique-core"));
}
