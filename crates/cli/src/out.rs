//! Buffered output that never panics: write errors become [`Failure`] values, and a closed pipe
//! ([`Failure::BrokenPipe`]) ends the command quietly.

use std::fmt;
use std::io::{self, Write};

/// Why a command stopped before finishing its work.
#[derive(Debug)]
pub enum Failure {
    /// The reader of standard output closed the pipe.
    BrokenPipe,
    /// A usage error (bad option value, unreadable input): printed as one line, exit status 2.
    Usage(String),
    /// Any other I/O error.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Failure {
        if err.kind() == io::ErrorKind::BrokenPipe { Failure::BrokenPipe } else { Failure::Io(err) }
    }
}

/// The result of a command: the exit status on success.
pub type Status = Result<u8, Failure>;

/// Standard output behind a buffer.
pub struct Out {
    inner: io::BufWriter<io::StdoutLock<'static>>,
}

impl Out {
    /// Buffered standard output (64 KiB buffer).
    pub fn stdout() -> Out {
        Out { inner: io::BufWriter::with_capacity(1 << 16, io::stdout().lock()) }
    }

    /// Writes formatted text.
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Failure> {
        Ok(self.inner.write_fmt(args)?)
    }

    /// Writes a string.
    pub fn str(&mut self, text: &str) -> Result<(), Failure> {
        Ok(self.inner.write_all(text.as_bytes())?)
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

/// Writes one line to standard error, ignoring failures (stderr is for diagnostics only).
pub fn note(args: fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args);
    let _ = err.write_all(b"\n");
}
