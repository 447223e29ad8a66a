//! Compresses each of the client's files that is not a page (the modules,
//! the style sheet, the engine's WebAssembly) with Brotli at its highest
//! quality, once per build rather than at a server's first request (it
//! takes seconds: the engine's module is a megabyte), and writes
//! `brotli.rs`, which `src/lib.rs` includes: `brotli_of(path)`, the
//! compressed bytes of the file at `path` (`/ui/board.js`), where they are
//! smaller by more than a response's headers. The pages are rewritten
//! when served (their import map) and compressed then, with gzip.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Files of the client's folder that no page loads: the npm package's
/// `metropolys/engine` entry (the rules alone) and `metropolys/bots` entry
/// (the rules and the bots), committed beside the engine's browser build
/// that `scripts/pack-npm` packs from, and not served.
const NOT_SERVED: &[&str] = &[
    "engine.js",
    "metropolys_engine.js",
    "metropolys_engine_bg.wasm",
    "bots.js",
    "bots-worker.js",
    "metropolys_bots.js",
    "metropolys_bots_bg.wasm",
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the client's folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            // The TypeScript sources and the Node tests are not served.
            if !matches!(
                p.file_name().and_then(|n| n.to_str()),
                Some("src" | "tests")
            ) {
                files(&p, out);
            }
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("js" | "wasm" | "css")
        ) && !(p
            .parent()
            .and_then(|d| d.file_name())
            .is_some_and(|d| d == "engine")
            && p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| NOT_SERVED.contains(&n)))
        {
            out.push(p);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("client");
    println!("cargo:rerun-if-changed=client");
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let mut list = Vec::new();
    files(&root, &mut list);
    let mut code = String::from(
        "/// The Brotli form of the client's file at `path`, where it pays.\n\
         fn brotli_of(path: &str) -> Option<&'static [u8]> {\n    match path {\n",
    );
    for (n, p) in list.iter().enumerate() {
        let bytes = std::fs::read(p).expect("a client file");
        let mut z = Vec::new();
        {
            let params = brotli::enc::BrotliEncoderParams {
                quality: 11,
                lgwin: 24,
                ..Default::default()
            };
            let mut w = brotli::CompressorWriter::with_params(&mut z, 1 << 16, &params);
            w.write_all(&bytes).expect("compressed");
        }
        if z.len() + 64 >= bytes.len() {
            continue;
        }
        let name = format!("brotli-{n}.br");
        std::fs::write(out_dir.join(&name), &z).expect("written");
        let rel = p.strip_prefix(&root).expect("under client/");
        let path = rel
            .components()
            .map(|c| c.as_os_str().to_str().expect("a UTF-8 name"))
            .collect::<Vec<_>>()
            .join("/");
        code.push_str(&format!(
            "        \"/{path}\" => Some(include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n"
        ));
    }
    code.push_str("        _ => None,\n    }\n}\n");
    std::fs::write(out_dir.join("brotli.rs"), code).expect("written");
}
