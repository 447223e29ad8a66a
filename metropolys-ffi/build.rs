//! Gives the shared library its SONAME, `libmetropolys.so.<MTP_ABI_VERSION>`,
//! in every build (a plain `cargo build` as well as cargo-c's `cargo
//! cinstall`, which names the same SONAME from `[package.metadata.capi]`),
//! so that a program linked against any `libmetropolys.so` records the ABI
//! it was built for. The number is read from `MTP_ABI_VERSION` in
//! `src/types.rs`, its one definition.

use std::env;
use std::fs;

fn main() {
    println!("cargo:rerun-if-changed=src/types.rs");
    let source = fs::read_to_string("src/types.rs").expect("read src/types.rs");
    let abi = source
        .lines()
        .find_map(|line| {
            line.strip_prefix("pub const MTP_ABI_VERSION: u32 = ")?
                .strip_suffix(';')?
                .parse::<u32>()
                .ok()
        })
        .expect("src/types.rs defines `pub const MTP_ABI_VERSION: u32 = N;`");
    // ELF targets take -soname (macOS and Windows name libraries otherwise).
    let elf = matches!(
        env::var("CARGO_CFG_TARGET_OS").as_deref(),
        Ok("linux"
            | "android"
            | "freebsd"
            | "netbsd"
            | "openbsd"
            | "dragonfly"
            | "illumos"
            | "solaris")
    );
    if elf {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libmetropolys.so.{abi}");
    }
}
