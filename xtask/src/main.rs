//! `cargo xtask gen [--check]`: regenerates weburl's generated tables from the pinned inputs in
//! `../shared` (being built).

fn main() {
    eprintln!("usage: cargo xtask gen [--check]");
}
