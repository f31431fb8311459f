//! Unit tests of the pair list: frames, filters, lookups and edits against plain models.

use super::*;
use alloc::format;

fn list(pairs: &[(&str, &str)]) -> Pairs {
    let mut out = Pairs::new();
    for (n, v) in pairs {
        out.push(n, v);
    }
    out
}

#[test]
fn lengths_round_trip_from_both_ends() {
    let values = [0usize, 1, 0x3F, 0x40, 0xFFF, 0x1000, 1 << 40, usize::MAX];
    for &v in &values {
        let (mut front, mut back) = (String::new(), String::new());
        push_len(&mut front, v);
        push_len_reversed(&mut back, v);
        assert!(front.is_ascii() && back.is_ascii());
        assert_eq!(front.len(), digits(v), "{v}");
        assert_eq!(read_len(front.as_bytes().iter()), Some((v, digits(v))), "{v}");
        assert_eq!(read_len(back.as_bytes().iter().rev()), Some((v, digits(v))), "{v}");
        let mut out = [0u8; MAX_DIGITS];
        assert_eq!(len_text(v, false, &mut out), front);
        assert_eq!(len_text(v, true, &mut out), back);
    }
    assert_eq!(ONE_DIGIT.len(), 64);
    for v in 0..64 {
        let mut front = String::new();
        push_len(&mut front, v);
        assert_eq!(len_text(v, false, &mut [0; MAX_DIGITS]), front);
    }
    assert_eq!(digits(0), 1);
    assert_eq!(digits(63), 1);
    assert_eq!(digits(64), 2);
    assert_eq!(digits(usize::MAX), MAX_DIGITS);
    // A cut length decodes to nothing, not to a wrong value.
    assert_eq!(read_len([0x41u8].iter()), None);
    assert_eq!(split_front("\u{1}"), None);
}

#[test]
fn layout() {
    let mut pairs = list(&[("a", "1"), ("", "xyz"), ("\u{E9}", "")]);
    assert_eq!(pairs.buf, "\u{1}a\u{1}\u{1}1\u{1}\0\0\u{3}xyz\u{3}\u{2}\u{E9}\u{2}\0\0");
    assert_eq!((pairs.len(), pairs.text_len()), (3, 7));
    let long = "x".repeat(200);
    pairs.push(&long, "");
    // 200 = 8 + 3 * 64: digits 0x48 (8 and the flag), then 3; reversed after the text.
    assert!(pairs.buf.ends_with("\u{3}\u{48}\0\0"));
    assert!(pairs.buf.contains(&format!("\u{48}\u{3}{long}\u{3}\u{48}")));
    let all: Vec<_> = pairs.iter().collect();
    assert_eq!(all, [("a", "1"), ("", "xyz"), ("\u{E9}", ""), (long.as_str(), "")]);
    let back: Vec<_> = pairs.iter().rev().collect();
    assert_eq!(back, [(long.as_str(), ""), ("\u{E9}", ""), ("", "xyz"), ("a", "1")]);
}

#[test]
fn frames_written_by_a_callback() {
    let mut pairs = Pairs::new();
    assert!(pairs.push_frame_with(2, |buf| {
        buf.push_str("ab");
        true
    }));
    assert_eq!(pairs.last_frame_bit(), name_bit(b"ab"));
    // A wrong length or a refusal leaves the buffer as it was.
    assert!(!pairs.push_frame_with(3, |buf| {
        buf.push_str("ab");
        true
    }));
    assert!(!pairs.push_frame_with(0, |_| false));
    pairs.push_frame("");
    pairs.end_pair(name_bit(b"ab"));
    assert_eq!(pairs, list(&[("ab", "")]));
    assert_eq!(Pairs::new().last_frame_bit(), name_bit(b""));
}

#[test]
fn retain_and_set_keep_the_invariant() {
    let mut pairs = list(&[("a", "1"), ("b", "22"), ("a", "333"), ("c", "")]);
    let mut seen = false;
    pairs.retain(|n, _| {
        let keep = n != b"a" || !seen;
        seen |= n == b"a";
        keep
    });
    assert_eq!(pairs, list(&[("a", "1"), ("b", "22"), ("c", "")]));
    let long = "y".repeat(300);
    pairs.set("b", &long);
    assert_eq!(pairs, list(&[("a", "1"), ("b", &long), ("c", "")]));
    pairs.set("a", "");
    pairs.set("b", "z");
    pairs.set("d", "4");
    assert_eq!(pairs, list(&[("a", ""), ("b", "z"), ("c", ""), ("d", "4")]));
    pairs.push("b", "again");
    pairs.push("b", &long);
    pairs.set("b", "last");
    assert_eq!(pairs, list(&[("a", ""), ("b", "last"), ("c", ""), ("d", "4")]));
    assert_eq!(pairs.text_len(), 1 + 1 + 4 + 1 + 1 + 1);
    pairs.retain(|_, _| false);
    assert_eq!(pairs, Pairs::new());
    assert_eq!(pairs.iter().next(), None);
}

#[test]
fn byte_pairs_are_the_pairs() {
    let long = "y".repeat(300);
    let pairs = list(&[("a", "1"), ("", ""), (&long, "\u{E9}"), ("b", &long), ("c", "")]);
    let bytes: Vec<_> = pairs.byte_pairs().collect();
    let text: Vec<_> = pairs.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())).collect();
    assert_eq!(bytes, text);
    assert_eq!(Pairs::new().byte_pairs().next(), None);
}

#[test]
fn small_and_general_get_agree() {
    // Texts of 63 bytes in all take the small-list walk, 64 and more the general one.
    for extra in [58, 59, 60, 61, 200] {
        let long = "v".repeat(extra);
        let pairs = list(&[("a", ""), ("b", &long), ("a", "2")]);
        assert_eq!(pairs.text_len() <= DIGIT, extra <= 59);
        assert_eq!(pairs.get("a"), Some(""));
        assert_eq!(pairs.get("b"), Some(long.as_str()));
        assert_eq!(pairs.get("c"), None);
        assert_eq!(pairs.get(""), None);
    }
}

#[test]
fn same_bytes_is_slice_equality() {
    // Every length up to 20 (each load width and the memcmp beyond), equal and with one
    // byte changed at every position, and every other length.
    let base: Vec<u8> = (0u8..20).map(|i| b'a' + i).collect();
    for n in 0..=base.len() {
        let a = base.get(..n).unwrap_or_default();
        assert!(same_bytes(a, a), "{n}");
        for i in 0..n {
            let mut b = a.to_vec();
            if let Some(byte) = b.get_mut(i) {
                *byte ^= 0x20;
            }
            assert!(!same_bytes(a, &b), "{n} {i}");
        }
        for m in 0..=base.len() {
            let b = base.get(..m).unwrap_or_default();
            assert_eq!(same_bytes(a, b), n == m, "{n} {m}");
        }
    }
}

#[test]
fn first_and_last_pairs_agree_with_the_walk() {
    // A last value of 64 bytes ends in the digits 0x01 0x40: read as a one-digit length,
    // 0x40 would point into the text, where `\u{1}@` looks like the frame of a name "@".
    let long = "z".repeat(64);
    let pairs = list(&[("x", "1"), ("@", "2"), ("y", &long)]);
    assert_eq!(pairs.get("@"), Some("2"));
    assert_eq!(pairs.get("y"), Some(long.as_str()));
    // Long names first and last, and a one-pair list of a long name.
    let name = "n".repeat(70);
    let pairs = list(&[(&name, "1"), ("a", "2"), (&name, "3")]);
    assert_eq!((pairs.get(&name), pairs.get("a")), (Some("1"), Some("2")));
    assert_eq!(list(&[(&name, "")]).get(&name), Some(""));
    // A name twice: the first pair's value, never the last's.
    let pairs = list(&[("a", "1"), ("b", "2"), ("a", "3")]);
    assert_eq!(pairs.get("a"), Some("1"));
    let mut pairs = list(&[("b", "1"), ("a", "2"), ("a", "3")]);
    assert_eq!(pairs.get("a"), Some("2"));
    pairs.set("a", "4");
    assert_eq!(pairs, list(&[("b", "1"), ("a", "4")]));
}

/// Checks the two filters of `pairs` against the ones counted from its names.
fn assert_filters(pairs: &Pairs) {
    let (mut names, mut repeated) = (0u64, 0u64);
    let all: Vec<&str> = pairs.iter().map(|(n, _)| n).collect();
    for (i, name) in all.iter().enumerate() {
        let bit = name_bit(name.as_bytes());
        names |= bit;
        if all.iter().enumerate().any(|(j, other)| j != i && name_bit(other.as_bytes()) == bit) {
            repeated |= bit;
        }
    }
    assert_eq!((pairs.names, pairs.repeated), (names, repeated), "{all:?}");
}

#[test]
fn repeated_bits_follow_every_change() {
    // "a" twice, and "ab" and "b" whose bits may or may not meet: counted, not assumed.
    let mut pairs = list(&[("a", "1"), ("ab", "2"), ("b", "3"), ("a", "4"), ("c", "5")]);
    assert_ne!(pairs.repeated & name_bit(b"a"), 0);
    assert_filters(&pairs);
    assert_filters(&pairs.sorted_by_name(|a, b| b.cmp(a)));
    pairs.set("a", "x");
    assert_eq!(pairs, list(&[("a", "x"), ("ab", "2"), ("b", "3"), ("c", "5")]));
    assert_filters(&pairs);
    pairs.retain(|n, _| n != b"b");
    assert_filters(&pairs);
    // A name of its own bit is set without a walk past it, and is in the list once.
    pairs.set("ab", "y");
    pairs.set("c", "z");
    assert_eq!(pairs, list(&[("a", "x"), ("ab", "y"), ("c", "z")]));
    assert_filters(&pairs);
    // Names that collide in the filter but differ: both stay.
    let colliding = (0u8..=127)
        .map(|b| String::from(char::from(b)))
        .find(|n| n != "a" && name_bit(n.as_bytes()) == name_bit(b"a"))
        .expect("64 bits for 128 one-byte names");
    let mut pairs = list(&[("a", "1"), (&colliding, "2")]);
    assert_ne!(pairs.repeated, 0);
    pairs.set(&colliding, "3");
    pairs.set("a", "4");
    assert_eq!(pairs, list(&[("a", "4"), (&colliding, "3")]));
    assert_filters(&pairs);
    pairs.clear();
    assert_filters(&pairs);
}

#[test]
fn sorting_is_stable() {
    let pairs = list(&[("b", "1"), ("a", "2"), ("b", "3"), ("", "4"), ("a", "")]);
    let sorted = pairs.sorted_by_name(|a, b| a.cmp(b));
    assert_eq!(sorted, list(&[("", "4"), ("a", "2"), ("a", ""), ("b", "1"), ("b", "3")]));
    assert_eq!(Pairs::new().sorted_by_name(|a, b| a.cmp(b)), Pairs::new());
}

#[test]
fn owning_iterator_from_both_ends() {
    let mut it = IntoIter::new(list(&[("a", "1"), ("b", "2"), ("c", "3")]));
    assert_eq!(it.next_back_pair(), Some(("c".into(), "3".into())));
    assert_eq!(it.next_pair(), Some(("a".into(), "1".into())));
    assert_eq!(it.remaining(), 1);
    assert_eq!(it.next_back_pair(), Some(("b".into(), "2".into())));
    assert_eq!(it.next_pair(), None);
    assert_eq!(it.next_back_pair(), None);
}
