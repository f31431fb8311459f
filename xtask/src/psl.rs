//! Generator for the public suffix table, `crates/host/src/psl/table.rs`, from
//! `psl/public_suffix_list.dat`.
//!
//! The table is a trie over reversed labels (TLD first), laid out breadth first so that the
//! children of every node are contiguous and sorted (binary search, no hashing). Each node is
//! one `u64` (the layout is documented in `crates/host/src/psl/mod.rs`); labels live in one
//! string pool, each distinct label once.
//!
//! Rules are stored as A-labels, because the host parser hands the lookup ASCII domains. The
//! list writes internationalized rules as U-labels (already lowercase and NFC, as the list's
//! format requires), so each non-ASCII label is turned into `xn--` + its RFC 3492 Punycode
//! here, with a small encoder of our own: the xtask must not depend on weburl-host, whose
//! build needs the very files this generates. A test in weburl-host checks every rule
//! against the crate's own IDNA.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::Generated;

/// Where the generated file goes, relative to the workspace root.
const OUTPUT: &str = "crates/host/src/psl/table.rs";

/// Rule section: 1 = ICANN, 2 = private (the two-bit type codes of the node layout).
const ICANN: u64 = 1;
const PRIVATE: u64 = 2;

/// One trie node while building.
#[derive(Default)]
struct TrieNode {
    /// Section of a normal rule ending here.
    rule: u64,
    /// Section of a wildcard rule `*.` + this node.
    wildcard: u64,
    /// Section of an exception rule `!` + this node.
    exception: u64,
    children: BTreeMap<Vec<u8>, TrieNode>,
}

/// Counts for the header.
#[derive(Default)]
struct Counts {
    icann: usize,
    private: usize,
    wildcards: usize,
    exceptions: usize,
}

// --- RFC 3492 Punycode encoding (section 6.3), for U-label rules ---

const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// RFC 3492 section 6.1: bias adaptation.
fn adapt(mut delta: u32, num_points: u32, first_time: bool) -> u32 {
    delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (((BASE - TMIN + 1) * delta) / (delta + SKEW))
}

/// The basic code point for digit `d` (0-35): `a`-`z`, `0`-`9`.
fn digit_char(d: u32) -> Result<char, String> {
    let byte = match d {
        0..=25 => b'a' + d as u8,
        26..=35 => b'0' + (d - 26) as u8,
        _ => return Err(format!("punycode digit {d} out of range")),
    };
    Ok(char::from(byte))
}

/// RFC 3492 section 6.3: the Punycode encoding of `input`.
fn punycode_encode(input: &str) -> Result<String, String> {
    let code_points: Vec<u32> = input.chars().map(u32::from).collect();
    let mut output: String = input.chars().filter(char::is_ascii).collect();
    let basic = output.len() as u32;
    let mut handled = basic;
    if basic > 0 {
        output.push('-');
    }
    let overflow = || "punycode overflow".to_string();
    let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    while (handled as usize) < code_points.len() {
        let m = code_points.iter().copied().filter(|&c| c >= n).min().ok_or_else(overflow)?;
        delta = delta
            .checked_add((m - n).checked_mul(handled + 1).ok_or_else(overflow)?)
            .ok_or_else(overflow)?;
        n = m;
        for &c in &code_points {
            if c < n {
                delta = delta.checked_add(1).ok_or_else(overflow)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        TMIN
                    } else if k >= bias + TMAX {
                        TMAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    output.push(digit_char(t + (q - t) % (BASE - t))?);
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                output.push(digit_char(q)?);
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Ok(output)
}

/// A label in the form the table stores: ASCII as it is, otherwise `xn--` + Punycode.
fn a_label(label: &str) -> Result<String, String> {
    if label.is_ascii() {
        Ok(label.to_string())
    } else {
        Ok(format!("xn--{}", punycode_encode(label)?))
    }
}

/// Reads the list into a trie.
fn parse_list(text: &str) -> Result<(TrieNode, Counts), String> {
    let mut root = TrieNode::default();
    let mut counts = Counts::default();
    let mut section = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("// ===BEGIN ICANN DOMAINS===") {
            section = ICANN;
        } else if line.starts_with("// ===BEGIN PRIVATE DOMAINS===") {
            section = PRIVATE;
        } else if line.starts_with("// ===END") {
            section = 0;
        }
        // A rule runs to the first whitespace; comments and blank lines are skipped.
        let rule = line.split_whitespace().next().unwrap_or("");
        if rule.is_empty() || rule.starts_with("//") {
            continue;
        }
        if section == 0 {
            return Err(format!("line {}: rule {rule:?} outside both sections", number + 1));
        }
        let (rule, exception) = match rule.strip_prefix('!') {
            Some(rest) => (rest, true),
            None => (rule, false),
        };
        let (rule, wildcard) = match rule.strip_prefix("*.") {
            Some(rest) => (rest, true),
            None => (rule, false),
        };
        if rule.contains('*') || rule.contains('!') || (exception && wildcard) {
            return Err(format!("line {}: unsupported rule form {line:?}", number + 1));
        }
        let mut node = &mut root;
        for label in rule.rsplit('.') {
            if label.is_empty() || label.chars().any(|c| c.is_uppercase()) {
                return Err(format!("line {}: bad label in {line:?}", number + 1));
            }
            let label = a_label(label)?;
            if label.len() > 63 {
                return Err(format!("line {}: label longer than 63 bytes", number + 1));
            }
            node = node.children.entry(label.into_bytes()).or_default();
        }
        let slot = if exception {
            counts.exceptions += 1;
            &mut node.exception
        } else if wildcard {
            counts.wildcards += 1;
            &mut node.wildcard
        } else {
            &mut node.rule
        };
        // The first occurrence of a duplicated rule wins (the ICANN one comes first).
        if *slot == 0 {
            *slot = section;
        }
        if section == ICANN {
            counts.icann += 1;
        } else {
            counts.private += 1;
        }
    }
    Ok((root, counts))
}

/// The nodes in breadth-first order (children contiguous, sorted) and the label pool.
fn layout(root: &TrieNode) -> Result<(Vec<u64>, String), String> {
    let mut nodes: Vec<u64> = Vec::new();
    let mut pool = String::new();
    let mut offsets: HashMap<&[u8], usize> = HashMap::new();
    // Each queue entry: (node, its index in `nodes`, or none for the root).
    let mut queue: std::collections::VecDeque<(&TrieNode, Option<usize>)> =
        std::collections::VecDeque::from([(root, None)]);
    // Reserve the root's children first.
    let mut next_free = 0usize;
    while let Some((node, index)) = queue.pop_front() {
        let first_child = next_free;
        let child_count = node.children.len();
        next_free += child_count;
        if let Some(index) = index {
            let packed = nodes.get_mut(index).ok_or("layout index")?;
            if first_child >= 1 << 16 || child_count >= 1 << 16 {
                return Err("too many psl nodes for 16-bit child links".into());
            }
            *packed |= (child_count as u64) << 6 | (first_child as u64) << 22;
        }
        for (label, child) in &node.children {
            let offset = match offsets.get(label.as_slice()) {
                Some(&offset) => offset,
                None => {
                    let offset = pool.len();
                    pool.push_str(std::str::from_utf8(label).map_err(|e| e.to_string())?);
                    offsets.insert(label, offset);
                    offset
                }
            };
            if offset >= 1 << 20 {
                return Err("psl label pool larger than 1 MiB".into());
            }
            let flags = child.rule | child.wildcard << 2 | child.exception << 4;
            nodes.push(flags | (label.len() as u64) << 38 | (offset as u64) << 44);
            queue.push_back((child, Some(nodes.len() - 1)));
        }
    }
    Ok((nodes, pool))
}

/// Generates the psl table file from the pinned inputs under `testdata` (the vendored data folder).
pub fn generate(testdata: &Path) -> Result<Vec<Generated>, String> {
    let input = testdata.join("psl/public_suffix_list.dat");
    let bytes = std::fs::read(&input).map_err(|e| format!("{}: {e}", input.display()))?;
    let text = std::str::from_utf8(&bytes).map_err(|e| format!("{}: {e}", input.display()))?;
    let (root, counts) = parse_list(text)?;
    let (nodes, pool) = layout(&root)?;

    let mut out = String::new();
    let node_bytes = nodes.len() * 8;
    writeln!(out, "// @generated by cargo xtask gen — do not edit").ok();
    writeln!(out, "// Generator: xtask/src/psl.rs. Input: psl/public_suffix_list.dat").ok();
    writeln!(out, "// (SHA-256 {}).", crate::sha256_hex(&bytes)).ok();
    writeln!(
        out,
        "// Rules: {} ICANN, {} private ({} wildcard, {} exception).",
        counts.icann, counts.private, counts.wildcards, counts.exceptions
    )
    .ok();
    writeln!(
        out,
        "// Static data: NODES {} x 8 = {node_bytes} bytes, LABELS {} bytes; {} bytes in all.",
        nodes.len(),
        pool.len(),
        node_bytes + pool.len()
    )
    .ok();
    out.push_str("//! The Public Suffix List as a trie over reversed labels (see `mod.rs` for the layout).\n\n");
    writeln!(out, "/// How many nodes are top-level labels: `NODES[..ROOT_LEN]`.").ok();
    writeln!(out, "pub(super) const ROOT_LEN: usize = {};\n", root.children.len()).ok();
    out.push_str("/// Every distinct label once; nodes point into it.\n");
    out.push_str("pub(super) static LABELS: &str = \"\\\n");
    let mut line_len = 0;
    for c in pool.chars() {
        out.push(c);
        line_len += 1;
        if line_len == 99 {
            out.push_str("\\\n");
            line_len = 0;
        }
    }
    out.push_str("\";\n\n");
    out.push_str("/// The trie nodes, breadth first.\n");
    writeln!(out, "#[rustfmt::skip]\npub(super) static NODES: [u64; {}] = [", nodes.len()).ok();
    for chunk in nodes.chunks(5) {
        out.push_str("   ");
        for node in chunk {
            write!(out, " 0x{node:016x},").ok();
        }
        out.push('\n');
    }
    out.push_str("];\n");
    Ok(vec![Generated { path: PathBuf::from(OUTPUT), contents: out }])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punycode_samples() {
        // RFC 3492 section 7.1 (A) Arabic (Egyptian) and (L) Japanese, plus PSL labels.
        assert_eq!(
            punycode_encode("\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}").unwrap(),
            "egbpdaj6bu4bxfgehfvwxn"
        );
        assert_eq!(punycode_encode("3年B組金八先生").unwrap(), "3B-ww4c5e180e575a65lsy2b");
        assert_eq!(a_label("公司").unwrap(), "xn--55qx5d");
        assert_eq!(a_label("إختبار").unwrap(), "xn--kgbechtv");
        assert_eq!(a_label("com").unwrap(), "com");
    }

    #[test]
    fn parses_sections_wildcards_and_exceptions() {
        let text = "// ===BEGIN ICANN DOMAINS===\ncom\n*.ck\n!www.ck\n// ===END ICANN DOMAINS===\n\
                    // ===BEGIN PRIVATE DOMAINS===\ngithub.io\n// ===END PRIVATE DOMAINS===\n";
        let (root, counts) = parse_list(text).unwrap();
        assert_eq!(
            (counts.icann, counts.private, counts.wildcards, counts.exceptions),
            (3, 1, 1, 1)
        );
        let ck = &root.children[b"ck".as_slice()];
        assert_eq!((ck.rule, ck.wildcard), (0, ICANN));
        assert_eq!(ck.children[b"www".as_slice()].exception, ICANN);
        assert_eq!(root.children[b"io".as_slice()].children[b"github".as_slice()].rule, PRIVATE);
        let (nodes, pool) = layout(&root).unwrap();
        assert_eq!(nodes.len(), 5);
        assert_eq!(pool, "ckcomiowwwgithub");
        assert!(parse_list("com\n").is_err());
    }
}
