//! weburl-bench: side-by-side comparison of weburl, ada and rust-url (being built).

fn main() {
    eprintln!("usage: weburl-bench compare [--rounds N] [--data DIR]");
}
