//! A small progress bar on standard error: bytes read (and the total when standard input is a
//! file), lines, and throughput, redrawn at most ten times a second.

use std::io::Write as _;
use std::time::{Duration, Instant};

/// The width of the bar in cells.
const BAR_WIDTH: usize = 30;

/// Progress of a stream of lines.
pub struct Progress {
    total: Option<u64>,
    bytes: u64,
    lines: u64,
    failed: u64,
    start: Instant,
    last_draw: Instant,
    /// Redraw in place only on a terminal; otherwise print the final state once.
    live: bool,
}

impl Progress {
    /// Starts a progress bar for `total` bytes (unknown when `None`).
    pub fn new(total: Option<u64>) -> Progress {
        let now = Instant::now();
        let live = std::io::IsTerminal::is_terminal(&std::io::stderr());
        Progress { total, bytes: 0, lines: 0, failed: 0, start: now, last_draw: now, live }
    }

    /// Records `lines` lines of `bytes` bytes in all (with their line endings), `failed` of
    /// which failed, and redraws when due. Bulk mode calls it once per batch of lines, which
    /// keeps the clock out of the per-line loop.
    pub fn add(&mut self, bytes: usize, lines: u64, failed: u64) {
        self.bytes += bytes as u64;
        self.lines += lines;
        self.failed += failed;
        if self.live && self.last_draw.elapsed() >= Duration::from_millis(100) {
            self.draw(false);
        }
    }

    /// Draws the final state and ends the line.
    pub fn finish(&mut self) {
        self.draw(true);
    }

    fn draw(&mut self, last: bool) {
        self.last_draw = Instant::now();
        let text = render(self.total, self.bytes, self.lines, self.failed, self.start.elapsed());
        let mut err = std::io::stderr().lock();
        if self.live {
            // Back to the start of the line, and clear what is left of the previous state.
            let _ = write!(err, "\r{text}\x1b[K");
        } else {
            let _ = write!(err, "{text}");
        }
        if last {
            let _ = writeln!(err);
        }
        let _ = err.flush();
    }
}

/// The text of one progress line.
pub fn render(
    total: Option<u64>,
    bytes: u64,
    lines: u64,
    failed: u64,
    elapsed: Duration,
) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let rate_lines = lines as f64 / secs;
    let rate_bytes = bytes as f64 / secs;
    let counts = format!(
        "{lines} lines ({failed} failed), {} lines/s, {}/s",
        human_count(rate_lines),
        human_bytes(rate_bytes)
    );
    match total {
        Some(total) if total > 0 => {
            let fraction = (bytes as f64 / total as f64).clamp(0.0, 1.0);
            // Truncation is intended: a cell is filled once it is wholly reached.
            let filled = (fraction * BAR_WIDTH as f64) as usize;
            format!(
                "[{}{}] {:>3.0}% {}/{}, {counts}",
                "#".repeat(filled),
                "-".repeat(BAR_WIDTH - filled.min(BAR_WIDTH)),
                fraction * 100.0,
                human_bytes(bytes as f64),
                human_bytes(total as f64),
            )
        }
        _ => format!("{}, {counts}", human_bytes(bytes as f64)),
    }
}

/// `1234567.0` as `1.23M`.
fn human_count(n: f64) -> String {
    if n >= 1e6 {
        format!("{:.2}M", n / 1e6)
    } else if n >= 1e3 {
        format!("{:.1}k", n / 1e3)
    } else {
        format!("{n:.0}")
    }
}

/// A byte count in binary units.
fn human_bytes(n: f64) -> String {
    let mut value = n;
    let mut unit = "B";
    for next in ["KiB", "MiB", "GiB"] {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = next;
    }
    if unit == "B" { format!("{value:.0} B") } else { format!("{value:.1} {unit}") }
}

/// The total size of the files, when each has a known size.
pub fn files_size(paths: &[std::path::PathBuf]) -> Option<u64> {
    paths.iter().try_fold(0u64, |total, path| {
        let meta = std::fs::metadata(path).ok()?;
        meta.is_file().then(|| total.saturating_add(meta.len()))
    })
}

/// The size of standard input when it is a regular file.
#[cfg(unix)]
pub fn stdin_size() -> Option<u64> {
    use std::os::fd::AsFd as _;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = std::fs::File::from(fd).metadata().ok()?;
    meta.is_file().then_some(meta.len())
}

/// The size of standard input when it is a regular file (unknown on this platform).
#[cfg(not(unix))]
pub fn stdin_size() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_known_total() {
        let text = render(Some(2048), 1024, 10, 1, Duration::from_secs(2));
        assert_eq!(
            text,
            "[###############---------------]  50% 1.0 KiB/2.0 KiB, 10 lines (1 failed), 5 lines/s, 512 B/s"
        );
    }

    #[test]
    fn renders_unknown_total() {
        let text = render(None, 3 << 20, 2_500_000, 0, Duration::from_secs(1));
        assert_eq!(text, "3.0 MiB, 2500000 lines (0 failed), 2.50M lines/s, 3.0 MiB/s");
    }

    #[test]
    fn units() {
        assert_eq!(human_count(999.0), "999");
        assert_eq!(human_count(1500.0), "1.5k");
        assert_eq!(human_bytes(5.0 * 1024.0 * 1024.0 * 1024.0), "5.0 GiB");
    }
}
