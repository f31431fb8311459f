//! Bulk mode of `weburl parse`: one URL per line from standard input or files, one JSON line
//! out per input line, in input order, on every core.
//!
//! The pipeline: a reader thread cuts the input into batches of whole lines (about
//! [`BATCH_BYTES`] each), worker threads format each batch's output into the batch's own
//! buffer, and the calling thread writes the batches in sequence order. A fixed pool of batches
//! circulates reader → workers → writer → reader, so at most [`pool_size`] batches exist at any
//! time: memory stays bounded on endless input (the reader waits for the writer), and buffers
//! are reused instead of allocated per batch or per line. With one thread the same batches are
//! read, formatted and written in turn on the calling thread.
//!
//! Invariant: batch `seq` is written only after batches `0..seq`, and every input line is in
//! exactly one batch, so the output order is the input order whatever the thread count.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};

use crate::json;
use crate::out::{Failure, Out};
use crate::parse_cmd::Parser;
use crate::progress::Progress;

/// The input size of a batch: big enough that the cost of passing a batch between threads
/// vanishes beside parsing its lines, small enough to keep every core busy on short inputs.
pub const BATCH_BYTES: usize = 256 * 1024;

/// Batches in circulation for `threads` workers: one being read, one being written, and two
/// per worker (one formatting, one queued) so that no worker waits for the reader.
pub fn pool_size(threads: usize) -> usize {
    threads.saturating_mul(2).saturating_add(2)
}

/// One input: a name for messages and error objects, and its bytes.
pub struct Source {
    /// `None` for standard input (error objects then carry no `"file"`), the path otherwise.
    pub file: Option<Arc<str>>,
    /// The bytes.
    pub reader: Box<dyn Read + Send>,
}

impl Source {
    /// Standard input.
    pub fn stdin() -> Source {
        Source { file: None, reader: Box::new(io::stdin()) }
    }

    /// A file, opened now so that a missing file is a usage error before any output.
    pub fn open(path: &Path) -> Result<Source, Failure> {
        let shown = path.display().to_string();
        let file = std::fs::File::open(path)
            .map_err(|err| Failure::Usage(format!("cannot read {shown}: {err}")))?;
        Ok(Source { file: Some(shown.into()), reader: Box::new(file) })
    }

    /// How messages name it.
    fn name(&self) -> &str {
        self.file.as_deref().unwrap_or("standard input")
    }
}

/// What each line becomes.
#[derive(Clone)]
pub struct Options {
    /// The base URL and encoding.
    pub parser: Arc<Parser>,
    /// Lines are JSON strings (`--json-input`).
    pub json_input: bool,
}

/// A run of whole lines of one source and, once formatted, their output.
struct Batch {
    /// Position in the output order.
    seq: u64,
    /// The source's file name, for error objects.
    file: Option<Arc<str>>,
    /// The line number (from 1 in each source) of the first line.
    first_line: u64,
    /// Whole lines with their `\n`; only the last batch of a source may end without one.
    input: Vec<u8>,
    /// One JSON line per input line.
    output: Vec<u8>,
    /// Input lines that failed.
    failed: u64,
    /// Input lines.
    lines: u64,
}

impl Batch {
    fn new(batch_bytes: usize) -> Batch {
        Batch {
            seq: 0,
            file: None,
            first_line: 1,
            input: Vec::with_capacity(batch_bytes),
            output: Vec::new(),
            failed: 0,
            lines: 0,
        }
    }
}

/// Why reading stopped early.
enum ReadStop {
    /// The consumer is gone (standard output failed): nothing more to do.
    Closed,
    /// A source could not be read.
    Error(String),
}

/// Where the reader gets empty batches and sends full ones.
trait Pipe {
    /// An empty batch to fill; `None` when the consumer is gone.
    fn empty(&mut self) -> Option<Batch>;
    /// Hands on a full batch; `false` when the consumer is gone.
    fn full(&mut self, batch: Batch) -> bool;
}

/// Runs bulk mode over `sources` with `threads` worker threads (at least one) and batches of
/// about `batch_bytes` input bytes: the exit status (1 when any line failed).
pub fn run(
    options: &Options,
    sources: Vec<Source>,
    threads: usize,
    batch_bytes: usize,
    out: &mut Out,
    progress: Option<&mut Progress>,
) -> Result<u8, Failure> {
    let batch_bytes = batch_bytes.max(1);
    let mut writer = Writer { out, progress, status: 0, next: 0 };
    if threads <= 1 {
        let mut pipe =
            Inline { options, writer: &mut writer, spare: None, error: None, batch_bytes };
        let read = read_all(sources, batch_bytes, &mut pipe);
        if let Some(failure) = pipe.error {
            return Err(failure);
        }
        finish_read(read)?;
        return Ok(writer.status);
    }
    run_threads(options.clone(), sources, threads, batch_bytes, &mut writer)
}

/// The parallel pipeline.
fn run_threads(
    options: Options,
    sources: Vec<Source>,
    threads: usize,
    batch_bytes: usize,
    writer: &mut Writer<'_>,
) -> Result<u8, Failure> {
    let pool = pool_size(threads);
    let (pool_tx, pool_rx) = sync_channel::<Batch>(pool);
    let (work_tx, work_rx) = sync_channel::<Batch>(pool);
    let (done_tx, done_rx) = sync_channel::<Batch>(pool);
    for _ in 0..pool {
        // The channel holds `pool` batches: this never blocks, and cannot fail while
        // `pool_rx` is alive.
        let _ = pool_tx.send(Batch::new(batch_bytes));
    }
    let spawn_failed = |err: io::Error| Failure::Usage(format!("cannot start a thread: {err}"));
    // The threads own what they use and are joined only after a complete run: on a failure
    // to write, returning drops `done_rx` and `pool_tx`, so the workers' sends fail and the
    // reader stops at its next batch, but a reader blocked on a silent standard input is left
    // to the process exit instead of being waited for.
    let reader = std::thread::Builder::new()
        .name("weburl-read".to_owned())
        .spawn(move || {
            let mut pipe = Channels { pool: pool_rx, work: work_tx };
            read_all(sources, batch_bytes, &mut pipe)
        })
        .map_err(spawn_failed)?;
    let work_rx = Arc::new(Mutex::new(work_rx));
    let mut workers = Vec::with_capacity(threads);
    for i in 0..threads {
        let (work, done, options) = (Arc::clone(&work_rx), done_tx.clone(), options.clone());
        let worker = std::thread::Builder::new()
            .name(format!("weburl-parse-{i}"))
            .spawn(move || work_loop(&options, &work, &done))
            .map_err(spawn_failed)?;
        workers.push(worker);
    }
    drop(done_tx);
    write_in_order(&done_rx, &pool_tx, writer)?;
    let stopped = || Failure::Output(io::Error::other("a worker thread stopped"));
    for worker in workers {
        worker.join().map_err(|_| stopped())?;
    }
    finish_read(reader.join().map_err(|_| stopped())?)?;
    Ok(writer.status)
}

/// A worker: formats batches until the reader is done or the writer is gone.
fn work_loop(options: &Options, work: &Mutex<Receiver<Batch>>, done: &SyncSender<Batch>) {
    let mut origin = String::new();
    loop {
        let batch = work.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(mut batch) = batch else { return };
        format_batch(options, &mut batch, &mut origin);
        if done.send(batch).is_err() {
            return;
        }
    }
}

/// The writing end: output in sequence order, progress and the exit status.
struct Writer<'a> {
    out: &'a mut Out,
    progress: Option<&'a mut Progress>,
    status: u8,
    /// The sequence number of the next batch to write.
    next: u64,
}

impl Writer<'_> {
    /// Writes one formatted batch (the next in order).
    fn write(&mut self, batch: &Batch) -> Result<(), Failure> {
        debug_assert_eq!(batch.seq, self.next, "batches are written in order");
        self.next += 1;
        self.out.bytes(&batch.output)?;
        if batch.failed > 0 {
            self.status = 1;
        }
        if let Some(progress) = self.progress.as_deref_mut() {
            progress.add(batch.input.len(), batch.lines, batch.failed);
        }
        Ok(())
    }
}

/// Receives formatted batches in any order and writes them in sequence order, returning each
/// to the pool once written.
fn write_in_order(
    done: &Receiver<Batch>,
    pool: &SyncSender<Batch>,
    writer: &mut Writer<'_>,
) -> Result<(), Failure> {
    // At most `pool` batches exist, so this holds fewer than that.
    let mut waiting: BTreeMap<u64, Batch> = BTreeMap::new();
    loop {
        let batch = match done.try_recv() {
            Ok(batch) => batch,
            Err(TryRecvError::Empty) => {
                // Nothing ready: let what is written so far out before waiting (slow input is
                // answered promptly; fast input rarely gets here).
                writer.out.flush()?;
                match done.recv() {
                    Ok(batch) => batch,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        waiting.insert(batch.seq, batch);
        while let Some(batch) = waiting.remove(&writer.next) {
            writer.write(&batch)?;
            // The reader may be gone already (done, or stopped by a read error).
            let _ = pool.send(recycle(batch));
        }
    }
    debug_assert!(waiting.is_empty(), "every batch was written");
    Ok(())
}

/// Empties a written batch for reuse; a buffer grown by one very long line is given back.
fn recycle(mut batch: Batch) -> Batch {
    let keep = BATCH_BYTES.max(batch.input.len().min(1 << 20));
    batch.input.clear();
    batch.input.shrink_to(keep);
    batch.output.clear();
    batch.output.shrink_to(keep.saturating_mul(8));
    batch
}

/// The threaded pipe: empty batches from the pool, full ones to the workers.
struct Channels {
    pool: Receiver<Batch>,
    work: SyncSender<Batch>,
}

impl Pipe for Channels {
    fn empty(&mut self) -> Option<Batch> {
        self.pool.recv().ok()
    }

    fn full(&mut self, batch: Batch) -> bool {
        self.work.send(batch).is_ok()
    }
}

/// The one-thread pipe: each full batch is formatted and written at once.
struct Inline<'o, 'w, 'a> {
    options: &'o Options,
    writer: &'w mut Writer<'a>,
    spare: Option<Batch>,
    error: Option<Failure>,
    batch_bytes: usize,
}

impl Pipe for Inline<'_, '_, '_> {
    fn empty(&mut self) -> Option<Batch> {
        Some(self.spare.take().unwrap_or_else(|| Batch::new(self.batch_bytes)))
    }

    fn full(&mut self, mut batch: Batch) -> bool {
        let mut origin = String::new();
        format_batch(self.options, &mut batch, &mut origin);
        // One thread cannot tell whether more input is waiting: each batch goes out whole (a
        // full batch's output is bigger than the output buffer anyway).
        if let Err(failure) = self.writer.write(&batch).and_then(|()| self.writer.out.flush()) {
            self.error = Some(failure);
            return false;
        }
        self.spare = Some(recycle(batch));
        true
    }
}

/// A read error as the usage error it is (exit status 2); a closed consumer is no error here
/// (the writer reports its own failure).
fn finish_read(read: Result<(), ReadStop>) -> Result<(), Failure> {
    match read {
        Ok(()) | Err(ReadStop::Closed) => Ok(()),
        Err(ReadStop::Error(message)) => Err(Failure::Usage(message)),
    }
}

/// Cuts every source into batches of whole lines, in order, and hands them to `pipe`.
fn read_all(sources: Vec<Source>, batch_bytes: usize, pipe: &mut dyn Pipe) -> Result<(), ReadStop> {
    let mut seq = 0;
    let mut spare = None;
    for mut source in sources {
        let file = source.file.clone();
        let mut carry = Vec::new();
        let mut line = 1;
        loop {
            let mut batch = match spare.take() {
                Some(batch) => batch,
                None => pipe.empty().ok_or(ReadStop::Closed)?,
            };
            let filled = fill(&mut source.reader, &mut batch.input, &mut carry, batch_bytes);
            let eof = match filled {
                Ok(eof) => eof,
                Err(err) => {
                    // Lines read whole before the error still get their output.
                    if let Some(end) = batch.input.iter().rposition(|&b| b == b'\n') {
                        batch.input.truncate(end + 1);
                        batch.seq = seq;
                        batch.file = file;
                        batch.first_line = line;
                        pipe.full(batch);
                    }
                    return Err(ReadStop::Error(format!("cannot read {}: {err}", source.name())));
                }
            };
            if batch.input.is_empty() {
                spare = Some(batch);
                break;
            }
            let newlines = count_newlines(&batch.input);
            let unterminated = u64::from(!batch.input.ends_with(b"\n"));
            batch.seq = seq;
            batch.file = file.clone();
            batch.first_line = line;
            seq += 1;
            line += newlines + unterminated;
            if !pipe.full(batch) {
                return Err(ReadStop::Closed);
            }
            if eof {
                break;
            }
        }
    }
    Ok(())
}

/// The number of `\n` in `bytes`.
fn count_newlines(bytes: &[u8]) -> u64 {
    bytes.iter().map(|&b| u64::from(b == b'\n')).sum()
}

/// Fills `input` (empty) with `carry` (the unfinished line of the last batch) and more bytes,
/// up to a line end, leaving what follows that line end in `carry`. A batch ends once it holds
/// `batch_bytes`, or earlier when the source has nothing more to give at the moment (a read
/// came back short) and a line is complete, so that slow input (`tail -f log | weburl parse`)
/// is answered line by line instead of once a whole batch has gathered. Returns whether the source
/// is at its end (`input` then holds the rest, which may end without `\n`).
fn fill(
    reader: &mut dyn Read,
    input: &mut Vec<u8>,
    carry: &mut Vec<u8>,
    batch_bytes: usize,
) -> io::Result<bool> {
    input.clear();
    input.append(carry);
    // Bytes before this offset hold no `\n`.
    let mut scanned = 0;
    let mut target = batch_bytes;
    loop {
        if input.len() < target {
            let start = input.len();
            input.resize(target, 0);
            let got = read_some(reader, input.get_mut(start..).unwrap_or_default());
            input.truncate(start + *got.as_ref().unwrap_or(&0));
            if got? == 0 {
                return Ok(true);
            }
        }
        let fresh = input.get(scanned..).unwrap_or_default();
        if let Some(at) = fresh.iter().rposition(|&b| b == b'\n') {
            let end = scanned + at + 1;
            carry.extend_from_slice(input.get(end..).unwrap_or_default());
            input.truncate(end);
            return Ok(false);
        }
        scanned = input.len();
        if input.len() >= target {
            // One line longer than a batch: read on until its end.
            target = input.len().saturating_add(batch_bytes);
        }
    }
}

/// One `read`, retried when interrupted: the bytes read, 0 at the end of the source.
fn read_some(reader: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buf) {
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            result => return result,
        }
    }
}

/// Formats every line of `batch.input` into `batch.output`, counting lines and failures.
fn format_batch(options: &Options, batch: &mut Batch, origin: &mut String) {
    batch.output.clear();
    batch.lines = 0;
    batch.failed = 0;
    let mut rest = batch.input.as_slice();
    let mut number = batch.first_line;
    while !rest.is_empty() {
        let (line, next) = match rest.iter().position(|&b| b == b'\n') {
            Some(at) => {
                (rest.get(..at).unwrap_or_default(), rest.get(at + 1..).unwrap_or_default())
            }
            None => (rest, &[][..]),
        };
        rest = next;
        let failed =
            format_line(options, line, batch.file.as_deref(), number, &mut batch.output, origin);
        batch.lines += 1;
        batch.failed += u64::from(failed);
        number += 1;
    }
}

/// Writes the output line for one input line (without its line ending); whether it failed.
fn format_line(
    options: &Options,
    line: &[u8],
    file: Option<&str>,
    number: u64,
    out: &mut Vec<u8>,
    origin: &mut String,
) -> bool {
    let line = strip_line_ending(line);
    let decoded = if options.json_input {
        serde_json::from_slice::<String>(line)
            .map(std::borrow::Cow::Owned)
            .map_err(|err| format!("not a JSON string: {err}"))
    } else {
        std::str::from_utf8(line)
            .map(std::borrow::Cow::Borrowed)
            .map_err(|err| format!("invalid UTF-8 at byte {}", err.valid_up_to()))
    };
    // Writing to a `Vec` cannot fail.
    match decoded {
        Ok(text) => match options.parser.parse(&text) {
            Ok(url) => {
                let _ = json::write_url_with(out, &url, origin);
                false
            }
            Err(err) => {
                let _ = json::write_failure(out, file, Some(number), &text, &err.to_string());
                true
            }
        },
        Err(reason) => {
            let lossy = String::from_utf8_lossy(line);
            let _ = json::write_failure(out, file, Some(number), &lossy, &reason);
            true
        }
    }
}

/// The line without one `\r` at its end (its `\n` is already gone).
fn strip_line_ending(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cuts `input` with `fill` as the reader does: the batches.
    fn cut(input: &[u8], batch_bytes: usize) -> Vec<Vec<u8>> {
        let mut reader = input;
        let (mut carry, mut batches) = (Vec::new(), Vec::new());
        loop {
            let mut batch = Vec::new();
            let eof = fill(&mut reader, &mut batch, &mut carry, batch_bytes).unwrap();
            if !batch.is_empty() {
                batches.push(batch);
            }
            if eof {
                return batches;
            }
        }
    }

    #[test]
    fn batches_hold_whole_lines() {
        let input = b"aa\nbbbb\nc\n\nddddddddd\ne";
        for size in 1..30 {
            let batches = cut(input, size);
            assert_eq!(batches.concat(), input, "{size}");
            for batch in &batches[..batches.len() - 1] {
                assert!(batch.ends_with(b"\n"), "{size}: {batch:?}");
            }
        }
        assert_eq!(cut(input, 1).len(), 6);
        assert_eq!(cut(b"", 4), Vec::<Vec<u8>>::new());
        assert_eq!(cut(b"\n", 4), vec![b"\n".to_vec()]);
    }

    #[test]
    fn a_line_longer_than_a_batch_stays_whole() {
        let long = [b'x'; 1000];
        let input = [&long[..], b"\nshort\n", &[b'y'; 30], b"\nz"].concat();
        let batches = cut(&input, 10);
        assert_eq!(batches.concat(), input);
        // The long line and the whole lines its last read brought; then another line longer
        // than a batch (cut early: the read at the end of the input is short), then the
        // unterminated last line.
        assert_eq!(batches[0], [&long[..], b"\nshort\n"].concat());
        assert_eq!(batches[1], [&[b'y'; 30][..], b"\n"].concat());
        assert_eq!(batches[2], b"z");
        assert_eq!(batches.len(), 3);
    }

    /// A reader that gives at most `step` bytes per read, like a pipe fed slowly.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// Slow input is cut at the first complete line of each short read, not held back until
    /// a batch is full.
    #[test]
    fn slow_input_is_not_held_back() {
        let mut reader = Trickle { bytes: b"ab\ncd\nef", step: 4 };
        let (mut carry, mut batch) = (Vec::new(), Vec::new());
        assert!(!fill(&mut reader, &mut batch, &mut carry, 1 << 16).unwrap());
        assert_eq!((&batch[..], &carry[..]), (&b"ab\n"[..], &b"c"[..]));
        assert!(!fill(&mut reader, &mut batch, &mut carry, 1 << 16).unwrap());
        assert_eq!(batch, b"cd\n");
        assert!(fill(&mut reader, &mut batch, &mut carry, 1 << 16).unwrap());
        assert_eq!(batch, b"ef");
    }

    #[test]
    fn strips_one_carriage_return() {
        assert_eq!(strip_line_ending(b"a\r"), b"a");
        assert_eq!(strip_line_ending(b"a"), b"a");
        assert_eq!(strip_line_ending(b"\r\r"), b"\r");
    }

    #[test]
    fn counts_newlines() {
        assert_eq!(count_newlines(b"a\nb\n\n"), 3);
        assert_eq!(count_newlines(b""), 0);
    }

    #[test]
    fn pool_sizes() {
        assert_eq!(pool_size(1), 4);
        assert_eq!(pool_size(2), 6);
        assert_eq!(pool_size(usize::MAX), usize::MAX);
    }
}
