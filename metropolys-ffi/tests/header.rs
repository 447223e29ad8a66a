//! The committed C header must be exactly what cbindgen generates from this
//! crate, and every function in it must carry a doc comment.
//!
//! Regenerate it with `MTP_UPDATE_HEADER=1 cargo test -p metropolys-ffi --test header`.

use std::path::{Path, PathBuf};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn header_path() -> PathBuf {
    crate_dir().join("../include/metropolys.h")
}

fn generate() -> String {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_crate(&dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

fn committed(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn committed_header_is_fresh() {
    let fresh = generate();
    let path = header_path();
    if std::env::var_os("MTP_UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write include/metropolys.h");
        return;
    }
    let old = committed(&path);
    if old != fresh {
        let first = old
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| old.lines().count().min(fresh.lines().count()));
        panic!(
            "include/metropolys.h is stale (first difference at line {}). Regenerate it with:\n  \
             MTP_UPDATE_HEADER=1 cargo test -p metropolys-ffi --test header",
            first + 1
        );
    }
}

/// The names of the functions declared in a header, each with whether the
/// lines just above its declaration end a comment.
fn declarations(header: &str) -> Vec<(String, bool)> {
    let lines: Vec<&str> = header.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(pos) = line.find("mtp_") {
            let starts_decl = !line.starts_with(' ')
                && !line.starts_with('*')
                && !line.starts_with("/*")
                && !line.starts_with("#")
                && line[pos..].contains('(');
            if starts_decl {
                let name: String = line[pos..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let documented = i > 0 && lines[i - 1].trim_end().ends_with("*/");
                out.push((name, documented));
            }
        }
        i += 1;
    }
    out
}

#[test]
fn every_function_in_the_header_is_documented() {
    let header = generate();
    let decls = declarations(&header);
    assert!(
        decls.len() >= 40,
        "expected the whole API in the header, found {} functions",
        decls.len()
    );
    let missing: Vec<_> = decls
        .iter()
        .filter(|(_, documented)| !documented)
        .map(|(n, _)| n.as_str())
        .collect();
    assert!(missing.is_empty(), "undocumented: {missing:?}");
}

#[test]
fn the_declaration_scanner_sees_undocumented_functions() {
    let sample = "/**\n * Doc.\n */\nint mtp_a(void);\n\nint mtp_b(void);\n";
    assert_eq!(
        declarations(sample),
        vec![("mtp_a".to_string(), true), ("mtp_b".to_string(), false)]
    );
}

/// The fields of a `typedef struct NAME { ... } NAME;` of the header, in
/// order (comments left out).
fn struct_fields(header: &str, name: &str) -> Vec<String> {
    let start = header
        .find(&format!("typedef struct {name} {{"))
        .unwrap_or_else(|| panic!("struct {name} in the header"));
    let body = &header[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find(&format!("}} {name};")).unwrap()];
    let mut code = String::new();
    let mut rest = body;
    while let Some(open) = rest.find("/*") {
        code.push_str(&rest[..open]);
        rest = &rest[open + rest[open..].find("*/").unwrap() + 2..];
    }
    code.push_str(rest);
    code.split(';')
        .filter_map(|decl| decl.split_whitespace().last())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_c_score_sheet_has_every_core_category() {
    // Core defines the categories once (`ScoreSheet::CATEGORIES`); the C
    // struct has the seat and each of them, nothing else.
    let fields = struct_fields(&committed(&header_path()), "MtpScoreSheet");
    let mut want: Vec<String> = std::iter::once("player")
        .chain(metropolys_core::ScoreSheet::CATEGORIES)
        .map(str::to_string)
        .collect();
    let mut got = fields.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want, "MtpScoreSheet fields: {fields:?}");
}
