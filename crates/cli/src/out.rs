//! Buffered output that never panics and never loses output silently: every failure to write
//! standard output (closed, a broken pipe, a full disk, a descriptor opened read-only) becomes
//! [`Failure::Output`], which `main` reports as exit status 3.
//!
//! Two things hide such failures in `std` on Unix: the runtime reopens a standard descriptor
//! that is closed at startup on `/dev/null` (read-write), and `std::io::Stdout` treats EBADF as
//! success. So [`Out`] writes through its own duplicate of descriptor 1, which reports EBADF,
//! and on Linux [`stdout_was_closed`] recognizes the runtime's `/dev/null`.

use std::fmt;
use std::io::{self, Write};

/// Why a command stopped before finishing its work.
#[derive(Debug)]
pub enum Failure {
    /// A usage error (bad option value, unreadable input): printed as one line, exit status 2.
    Usage(String),
    /// Standard output could not be written: exit status 3.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Failure {
        Failure::Output(err)
    }
}

/// The result of a command: the exit status on success.
pub type Status = Result<u8, Failure>;

/// The writer behind [`Out`]: a duplicate of descriptor 1 on Unix (so that EBADF is an error),
/// the standard handle elsewhere.
#[cfg(unix)]
type Sink = std::fs::File;
#[cfg(not(unix))]
type Sink = io::Stdout;

/// Standard output behind a buffer.
pub struct Out {
    inner: io::BufWriter<Sink>,
}

impl Out {
    /// Buffered standard output (64 KiB buffer); an error when standard output is closed.
    pub fn stdout() -> Result<Out, Failure> {
        if stdout_was_closed() {
            return Err(Failure::Output(io::Error::from_raw_os_error(EBADF)));
        }
        Ok(Out { inner: io::BufWriter::with_capacity(1 << 16, sink()?) })
    }

    /// Writes formatted text.
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Failure> {
        Ok(self.inner.write_fmt(args)?)
    }

    /// Writes a string.
    pub fn str(&mut self, text: &str) -> Result<(), Failure> {
        Ok(self.inner.write_all(text.as_bytes())?)
    }

    /// Writes bytes (bulk mode's formatted batches).
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        Ok(self.inner.write_all(bytes)?)
    }

    /// Flushes the buffer.
    pub fn flush(&mut self) -> Result<(), Failure> {
        Ok(self.inner.flush()?)
    }

    /// The underlying writer, for serde_json.
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.inner
    }
}

/// EBADF, "bad file descriptor", on Linux and the BSDs.
const EBADF: i32 = 9;

#[cfg(unix)]
fn sink() -> io::Result<Sink> {
    use std::os::fd::AsFd as _;
    Ok(std::fs::File::from(io::stdout().as_fd().try_clone_to_owned()?))
}

#[cfg(not(unix))]
fn sink() -> io::Result<Sink> {
    Ok(io::stdout())
}

/// Whether descriptor 1 is the `/dev/null` that the Rust runtime opens (read-write) in place of
/// a descriptor closed at startup (`weburl parse URL >&-`). A shell's `>/dev/null` opens it
/// write-only and is not mistaken for it; a caller that passes `/dev/null` opened read-write
/// (Python's `subprocess.DEVNULL`) is, and gets exit status 3.
#[cfg(target_os = "linux")]
fn stdout_was_closed() -> bool {
    let is_null =
        std::fs::read_link("/proc/self/fd/1").is_ok_and(|target| target.as_os_str() == "/dev/null");
    is_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
            // The access mode is the low two bits: 2 is O_RDWR.
            flags.and_then(|f| u32::from_str_radix(f.trim(), 8).ok()).is_some_and(|f| f & 3 == 2)
        })
}

#[cfg(not(target_os = "linux"))]
fn stdout_was_closed() -> bool {
    false
}

/// Writes one line to standard error, ignoring failures (stderr is for diagnostics only).
pub fn note(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args);
    let _ = err.write_all(b"\n");
}
