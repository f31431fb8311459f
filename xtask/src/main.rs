//! `cargo xtask gen [--check]`: regenerates weburl's generated tables from the pinned inputs
//! vendored in `testdata/` (`unicode/17.0.0` and `psl`), or with `--check` proves the committed
//! files are current.
//!
//! `cargo xtask fuzz [TARGET] [--seconds N]`: seeds, builds and runs the fuzz targets of
//! `fuzz/` (see `fuzz.rs`).
//!
//! Each generator returns whole files (path relative to the workspace root, contents); this
//! driver writes them, or compares them with what is committed.

mod fuzz;
mod idna;
mod psl;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One generated file: its path relative to the workspace root and its full contents.
pub struct Generated {
    /// Path relative to the workspace root.
    pub path: PathBuf,
    /// The whole file.
    pub contents: String,
}

/// Where the pinned inputs live: `$WEBURL_TESTDATA_DIR`, or `testdata/` at the workspace root.
fn testdata_dir(root: &Path) -> PathBuf {
    match std::env::var_os("WEBURL_TESTDATA_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => root.join("testdata"),
    }
}

/// The SHA-256 of `bytes` in lowercase hex, for generated-file headers.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn run(check: bool) -> Result<bool, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let data = testdata_dir(&root);
    let mut files = idna::generate(&data)?;
    files.extend(psl::generate(&data)?);
    let mut clean = true;
    for file in files {
        let target = root.join(&file.path);
        if check {
            let current = std::fs::read_to_string(&target).unwrap_or_default();
            if current != file.contents {
                eprintln!("{} is out of date", file.path.display());
                clean = false;
            }
        } else {
            if let Some(dir) = target.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&target, &file.contents)
                .map_err(|e| format!("{}: {e}", target.display()))?;
            println!("wrote {} ({} bytes)", file.path.display(), file.contents.len());
        }
    }
    Ok(clean)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "fuzz") {
        return match fuzz::parse_args(&args[1..]) {
            Ok((target, seconds)) => match fuzz::run(&fuzz::root(), target.as_deref(), seconds) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => {
                    eprintln!("a fuzz target failed: see the table above");
                    ExitCode::FAILURE
                }
                Err(err) => {
                    eprintln!("xtask fuzz failed: {err}");
                    ExitCode::FAILURE
                }
            },
            Err(err) => {
                eprintln!("{err}\nusage: cargo xtask fuzz [TARGET] [--seconds N]");
                ExitCode::from(2)
            }
        };
    }
    let check = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["gen"] => false,
        ["gen", "--check"] => true,
        _ => {
            eprintln!("usage: cargo xtask gen [--check] | cargo xtask fuzz [TARGET] [--seconds N]");
            return ExitCode::from(2);
        }
    };
    match run(check) {
        Ok(true) if check => {
            println!("generated tables are current");
            ExitCode::SUCCESS
        }
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("generated tables are out of date: run `cargo xtask gen` and commit");
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("xtask gen failed: {err}");
            ExitCode::FAILURE
        }
    }
}
