//! Public suffixes and registrable domains (URL Standard, section 3.2) over the Public Suffix
//! List, compiled by `cargo xtask gen` into `table.rs`.
//!
//! [`List`] implements [`psl_types::List`] over the whole list (ICANN and private sections,
//! wildcard and exception rules). The table is a trie over reversed labels, laid out breadth
//! first: `NODES[..ROOT_LEN]` are the top-level labels, and the children of every node are a
//! contiguous run of `NODES`, sorted by label bytes, found by binary search. Each node is one
//! `u64`:
//!
//! ```text
//! bits 44..64  label offset in LABELS     bits 38..44  label length
//! bits 22..38  index of the first child   bits  6..22  number of children
//! bits  4..6   exception rule section     bits  2..4   wildcard rule (`*.` + node) section
//! bits  0..2   rule section               (section: 0 none, 1 ICANN, 2 private)
//! ```
//!
//! Labels are stored as A-labels (the list's U-labels go through Punycode when generating),
//! since hosts reach the lookup in their ASCII form.

mod table;

use core::cmp::Ordering;

pub use psl_types::{self, Info, Type};

use crate::host::Host;

/// The Public Suffix List compiled into this crate, both sections.
///
/// ```
/// use weburl_host::psl::{List, Type};
/// use psl_types::List as _;
///
/// let suffix = List.suffix(b"whatwg.github.io").unwrap();
/// assert_eq!(suffix.as_bytes(), b"github.io");
/// assert_eq!(suffix.typ(), Some(Type::Private));
/// assert_eq!(List.domain(b"www.example.co.uk").unwrap().as_bytes(), b"example.co.uk");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct List;

/// One trie node (see the module docs for the layout).
#[derive(Clone, Copy)]
struct Node(u64);

impl Node {
    fn label(self) -> &'static [u8] {
        let offset = (self.0 >> 44) as usize;
        let len = ((self.0 >> 38) & 0x3F) as usize;
        table::LABELS.as_bytes().get(offset..offset + len).unwrap_or_default()
    }

    fn children(self) -> &'static [u64] {
        let first = ((self.0 >> 22) & 0xFFFF) as usize;
        let count = ((self.0 >> 6) & 0xFFFF) as usize;
        table::NODES.get(first..first + count).unwrap_or_default()
    }

    fn rule(self) -> Option<Type> {
        section(self.0)
    }

    fn wildcard(self) -> Option<Type> {
        section(self.0 >> 2)
    }

    fn exception(self) -> Option<Type> {
        section(self.0 >> 4)
    }
}

/// The section coded in the two low bits of `bits`.
fn section(bits: u64) -> Option<Type> {
    match bits & 3 {
        1 => Some(Type::Icann),
        2 => Some(Type::Private),
        _ => None,
    }
}

/// Compares a stored (lowercase) label with an input label, ASCII case-insensitively.
fn compare(stored: &[u8], input: &[u8]) -> Ordering {
    for (a, b) in stored.iter().zip(input) {
        match a.cmp(&b.to_ascii_lowercase()) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    stored.len().cmp(&input.len())
}

/// The child of `children` labelled `label`.
fn child(children: &'static [u64], label: &[u8]) -> Option<Node> {
    let index = children.binary_search_by(|&node| compare(Node(node).label(), label)).ok()?;
    children.get(index).copied().map(Node)
}

impl psl_types::List for List {
    /// The prevailing rule for the labels (reversed, TLD first): the length in bytes of the
    /// public suffix they end in, and the section of the rule (`None` for the implicit `*`).
    fn find<'a, T>(&self, mut labels: T) -> Info
    where
        T: Iterator<Item = &'a [u8]>,
    {
        let Some(mut label) = labels.next() else {
            return Info { len: 0, typ: None };
        };
        // The implicit rule `*`: the last label alone.
        let mut best = Info { len: label.len(), typ: None };
        let mut children = table::NODES.get(..table::ROOT_LEN).unwrap_or_default();
        // Length of the labels matched so far, `label` included.
        let mut len = label.len();
        // The section of a `*.` rule on the parent of `label`.
        let mut wildcard: Option<Type> = None;
        loop {
            let node = child(children, label);
            // An exception rule prevails: the suffix is the rule without its first label.
            if let Some(typ) = node.and_then(Node::exception) {
                let len = len.saturating_sub(label.len() + 1);
                return Info { len, typ: Some(typ) };
            }
            if let Some(typ) = wildcard {
                best = Info { len, typ: Some(typ) };
            }
            let Some(node) = node else { break };
            if let Some(typ) = node.rule() {
                best = Info { len, typ: Some(typ) };
            }
            wildcard = node.wildcard();
            children = node.children();
            let Some(next) = labels.next() else { break };
            len += 1 + next.len();
            label = next;
        }
        best
    }
}

/// The public suffix of `host` (section 3.2): `None` unless `host` is a domain; otherwise the
/// part of the domain the Public Suffix List (both sections) names as a public suffix, keeping
/// a trailing `.`.
///
/// ```
/// use weburl_host::{Host, public_suffix};
/// assert_eq!(public_suffix(&Host::parse("www.example.com", false)?), Some("com"));
/// assert_eq!(public_suffix(&Host::parse("example.com.", false)?), Some("com."));
/// assert_eq!(public_suffix(&Host::parse("whatwg.github.io", false)?), Some("github.io"));
/// assert_eq!(public_suffix(&Host::parse("[::1]", false)?), None);
/// # Ok::<(), weburl_host::HostError>(())
/// ```
#[must_use]
pub fn public_suffix(host: &Host) -> Option<&str> {
    // Step 1.
    let domain = host.as_domain()?;
    // Step 2: a trailing dot stays outside the lookup and is added back.
    let (body, trailing_dot) = match domain.strip_suffix('.') {
        Some(body) => (body, 1),
        None => (domain, 0),
    };
    // Step 3.
    let info = psl_types::List::find(&List, body.as_bytes().rsplit(|&b| b == b'.'));
    let len = info.len + trailing_dot;
    if len == 0 {
        return None;
    }
    // Steps 4-5.
    domain.get(domain.len().checked_sub(len)?..)
}

/// The registrable domain of `host` (section 3.2): its public suffix with the label before
/// it, or `None` when `host` is not a domain or is a public suffix itself.
///
/// ```
/// use weburl_host::{Host, registrable_domain};
/// assert_eq!(registrable_domain(&Host::parse("sub.www.example.com", false)?), Some("example.com"));
/// assert_eq!(registrable_domain(&Host::parse("example.com.", false)?), Some("example.com."));
/// assert_eq!(registrable_domain(&Host::parse("github.io", false)?), None);
/// # Ok::<(), weburl_host::HostError>(())
/// ```
#[must_use]
pub fn registrable_domain(host: &Host) -> Option<&str> {
    let domain = host.as_domain()?;
    // Step 1.
    let suffix = public_suffix(host)?;
    if suffix == domain {
        return None;
    }
    // Steps 2-5: the suffix and the label before it.
    let before = domain.get(..domain.len().checked_sub(suffix.len())?)?.strip_suffix('.')?;
    let start = before.rfind('.').map_or(0, |dot| dot + 1);
    domain.get(start..)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use psl_types::List as _;

    fn suffix(domain: &str) -> Option<&str> {
        let info = List.find(domain.as_bytes().rsplit(|&b| b == b'.'));
        domain.get(domain.len() - info.len..)
    }

    #[test]
    fn nodes_are_sorted_and_in_range() {
        let mut stack = alloc::vec![table::NODES.get(..table::ROOT_LEN).unwrap()];
        let mut seen = 0;
        while let Some(children) = stack.pop() {
            for pair in children.windows(2) {
                assert!(Node(pair[0]).label() < Node(pair[1]).label());
            }
            for &node in children {
                seen += 1;
                assert!(!Node(node).label().is_empty());
                stack.push(Node(node).children());
            }
        }
        assert_eq!(seen, table::NODES.len());
    }

    #[test]
    fn find_rules() {
        assert_eq!(suffix("example.com"), Some("com"));
        assert_eq!(suffix("example.unknowntld"), Some("unknowntld"));
        assert_eq!(suffix("a.b.example.co.uk"), Some("co.uk"));
        assert_eq!(suffix("EXAMPLE.CO.UK"), Some("CO.UK"));
        // Wildcard `*.ck` and exception `!www.ck`.
        assert_eq!(suffix("a.b.ck"), Some("b.ck"));
        assert_eq!(suffix("ck"), Some("ck"));
        assert_eq!(suffix("www.ck"), Some("ck"));
        assert_eq!(suffix("a.www.ck"), Some("ck"));
        assert_eq!(List.find([b"ck".as_slice(), b"b"].into_iter()).typ, Some(Type::Icann));
        assert_eq!(List.find([b"ck".as_slice()].into_iter()).typ, None);
        assert_eq!(List.find(core::iter::empty()), Info { len: 0, typ: None });
    }

    #[test]
    fn registrable_domain_edges() {
        let host = |s: &str| Host::Domain(String::from(s));
        assert_eq!(public_suffix(&host(".")), Some("."));
        assert_eq!(registrable_domain(&host(".")), None);
        assert_eq!(public_suffix(&host(".com")), Some("com"));
        assert_eq!(registrable_domain(&host(".com")), Some(".com"));
        assert_eq!(public_suffix(&host("a..")), Some("."));
        assert_eq!(registrable_domain(&host("a..")), Some("a.."));
        assert_eq!(public_suffix(&host("")), None);
        assert_eq!(public_suffix(&Host::Opaque(String::from("example.com"))), None);
        assert_eq!(registrable_domain(&Host::Empty), None);
    }
}
