//! The `weburl` command line tool (being built).

fn main() {
    println!("weburl {}", env!("CARGO_PKG_VERSION"));
}
