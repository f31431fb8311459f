//! The storage of [`SearchParams`](super::SearchParams): every name and value back to back in
//! one `String`, and their byte lengths as LEB128 varints in one `Vec<u8>`, so that a list of
//! tiny pairs costs about its text plus two bytes a pair instead of two heap strings and 48
//! bytes of `(String, String)` each (issue 11: `"a=b&" * N` took 28 times its input).
//!
//! ```text
//! pairs  ("a", "1") ("", "xyz") ("é", "")
//! text   a 1 x y z é(2 bytes)
//! lens   01 01 00 03 02 00          one varint per name and value, in list order
//! ```
//!
//! Invariant: the varints of `lens` decode to `2 * count` lengths, each written in its shortest
//! form, that cut `text` into its names and values at character boundaries and sum to
//! `text.len()`. So two lists hold equal bytes exactly when they hold equal pairs, and the
//! derived `PartialEq`, `Eq` and `Hash` compare pairs.
//!
//! A varint ends at its first byte below 0x80, so the lengths decode from either end: [`Iter`]
//! is double-ended without an index.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// The list: text, lengths and the number of pairs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Pairs {
    /// Every name and value, back to back, in list order.
    text: String,
    /// The byte length of each name and value, in the same order, as LEB128 varints.
    lens: Vec<u8>,
    /// The number of pairs.
    count: usize,
}

/// Appends `len` to `lens` as a LEB128 varint (seven bits a byte, low bits first, the high bit
/// set on every byte but the last).
fn push_len(lens: &mut Vec<u8>, mut len: usize) {
    while len >= 0x80 {
        // Truncation intended: the low seven bits, with the continuation bit.
        lens.push((len & 0x7F) as u8 | 0x80);
        len >>= 7;
    }
    // Below 0x80: fits.
    lens.push(len as u8);
}

/// Decodes the varint at the start of `lens` and removes it.
#[inline(always)]
fn take_front(lens: &mut &[u8]) -> Option<usize> {
    // Names and values shorter than 128 bytes (almost all) take one byte.
    match lens.split_first() {
        Some((&byte, rest)) if byte < 0x80 => {
            *lens = rest;
            Some(usize::from(byte))
        }
        _ => take_front_long(lens),
    }
}

/// [`take_front`] for a varint of more than one byte (or none).
#[cold]
#[inline(never)]
fn take_front_long(lens: &mut &[u8]) -> Option<usize> {
    let mut value = 0usize;
    let mut shift = 0u32;
    loop {
        let (&byte, rest) = lens.split_first()?;
        *lens = rest;
        value |= usize::from(byte & 0x7F).checked_shl(shift)?;
        if byte < 0x80 {
            return Some(value);
        }
        shift += 7;
    }
}

/// Decodes the varint at the end of `lens` and removes it.
#[inline]
fn take_back(lens: &mut &[u8]) -> Option<usize> {
    let (_, before) = lens.split_last()?;
    // The varint starts after the last byte before it that ends another one (below 0x80).
    let start = before.iter().rposition(|&b| b < 0x80).map_or(0, |i| i + 1);
    let (head, mut tail) = lens.split_at_checked(start)?;
    *lens = head;
    take_front(&mut tail)
}

impl Pairs {
    /// An empty list.
    pub(crate) const fn new() -> Pairs {
        Pairs { text: String::new(), lens: Vec::new(), count: 0 }
    }

    /// An empty list with room for `text` bytes of names and values and `pairs` pairs of short
    /// ones.
    pub(crate) fn with_capacity(text: usize, pairs: usize) -> Pairs {
        Pairs {
            text: String::with_capacity(text),
            lens: Vec::with_capacity(pairs.saturating_mul(2)),
            count: 0,
        }
    }

    /// Gives back spare capacity (after a parse that reserved for the worst case).
    pub(crate) fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.lens.shrink_to_fit();
    }

    /// The number of pairs.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// Whether the list has no pairs.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The total length of the names and values.
    #[inline]
    pub(crate) fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Appends a pair.
    #[inline]
    pub(crate) fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        self.text.push_str(value);
        push_len(&mut self.lens, name.len());
        push_len(&mut self.lens, value.len());
        self.count += 1;
    }

    /// Removes every pair.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.lens.clear();
        self.count = 0;
    }

    /// The pairs in order.
    #[inline]
    pub(crate) fn iter(&self) -> Iter<'_> {
        Iter { text: &self.text, lens: &self.lens, remaining: self.count }
    }

    /// Keeps the pairs for which `keep(index, name, value)` holds, in order, compacting text and
    /// lengths in place (linear time, no second copy of the text).
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(usize, &str, &str) -> bool) {
        // Pass 1 reads through `&str`; pass 2 moves bytes, which `String` cannot do in place
        // without `unsafe`, so it works on the bytes and checks them once at the end.
        let mut kept = Vec::with_capacity(self.count.div_ceil(64));
        let mut dropped = 0usize;
        for (i, (name, value)) in self.iter().enumerate() {
            if i % 64 == 0 {
                kept.push(0u64);
            }
            if keep(i, name, value) {
                if let Some(word) = kept.last_mut() {
                    *word |= 1 << (i % 64);
                }
            } else {
                dropped += 1;
            }
        }
        if dropped == 0 {
            return;
        }
        let mut text = core::mem::take(&mut self.text).into_bytes();
        let mut lens = core::mem::take(&mut self.lens);
        let (mut read_text, mut write_text) = (0usize, 0usize);
        let (mut read_lens, mut write_lens) = (0usize, 0usize);
        for i in 0..self.count {
            let mut rest = lens.get(read_lens..).unwrap_or_default();
            let before = rest.len();
            let (Some(name_len), Some(value_len)) = (take_front(&mut rest), take_front(&mut rest))
            else {
                debug_assert!(false, "the lengths cover every pair");
                break;
            };
            let lens_len = before - rest.len();
            let text_len = name_len + value_len;
            if read_text + text_len > text.len() {
                debug_assert!(false, "the lengths fit the text");
                break;
            }
            let is_kept = kept.get(i / 64).is_some_and(|word| word & (1 << (i % 64)) != 0);
            if is_kept {
                text.copy_within(read_text..read_text + text_len, write_text);
                lens.copy_within(read_lens..read_lens + lens_len, write_lens);
                write_text += text_len;
                write_lens += lens_len;
            }
            read_text += text_len;
            read_lens += lens_len;
        }
        text.truncate(write_text);
        lens.truncate(write_lens);
        // Whole names and values were moved, so the bytes are still UTF-8.
        self.text = String::from_utf8(text).unwrap_or_else(|err| {
            debug_assert!(false, "compaction keeps UTF-8");
            String::from_utf8_lossy(err.as_bytes()).into_owned()
        });
        self.lens = lens;
        self.count -= dropped;
    }

    /// Replaces the value of the pair at `index` (nothing happens past the end).
    pub(crate) fn set_value(&mut self, index: usize, value: &str) {
        let mut rest: &[u8] = &self.lens;
        let mut text_start = 0;
        for _ in 0..index {
            let (Some(n), Some(v)) = (take_front(&mut rest), take_front(&mut rest)) else {
                return;
            };
            text_start += n + v;
        }
        let Some(name_len) = take_front(&mut rest) else {
            return;
        };
        let value_lens_start = self.lens.len() - rest.len();
        let Some(old_len) = take_front(&mut rest) else {
            return;
        };
        let value_lens_end = self.lens.len() - rest.len();
        let value_start = text_start + name_len;
        let range = value_start..value_start + old_len;
        // Inside the text and at character boundaries, by the invariant.
        if self.text.get(range.clone()).is_none_or(|old| old == value) {
            return;
        }
        self.text.replace_range(range, value);
        let mut encoded = Vec::new();
        push_len(&mut encoded, value.len());
        self.lens.splice(value_lens_start..value_lens_end, encoded).for_each(drop);
    }
}

impl Pairs {
    /// The list reordered by a stable sort on the names with `cmp`. Working memory beside the
    /// new list: 14 bytes a pair (`u32` offsets and indices, and the sort's scratch) while the
    /// text fits in 32 bits, 48 otherwise.
    pub(crate) fn sorted_by_name(&self, cmp: impl Fn(&str, &str) -> Ordering) -> Pairs {
        let fits = u32::try_from(self.text.len()).is_ok() && u32::try_from(self.count).is_ok();
        if !fits {
            return self.sorted_by_name_wide(cmp);
        }
        let mut sorted = Pairs::with_capacity(self.text.len(), self.count);
        // Pair `i` is `text[starts[i]..starts[i + 1]]`, its name ending at `name_ends[i]`.
        // Every offset is at most `text.len()`, which fits in a `u32`.
        let mut starts: Vec<u32> = Vec::with_capacity(self.count + 1);
        let mut name_ends: Vec<u32> = Vec::with_capacity(self.count);
        let mut at = 0usize;
        let mut rest: &[u8] = &self.lens;
        while let (Some(name_len), Some(value_len)) = (take_front(&mut rest), take_front(&mut rest))
        {
            starts.push(at as u32);
            name_ends.push((at + name_len) as u32);
            at += name_len + value_len;
        }
        starts.push(at as u32);
        let text = |from: Option<&u32>, to: Option<&u32>| match (from, to) {
            (Some(&from), Some(&to)) => self.text.get(from as usize..to as usize),
            _ => None,
        };
        let name = |i: u32| text(starts.get(i as usize), name_ends.get(i as usize));
        let mut order: Vec<u32> = (0..self.count as u32).collect();
        // `sort_by` is stable.
        order.sort_by(|&a, &b| cmp(name(a).unwrap_or_default(), name(b).unwrap_or_default()));
        for i in order {
            let i = i as usize;
            let value = text(name_ends.get(i), starts.get(i + 1));
            if let (Some(name), Some(value)) = (name(i as u32), value) {
                sorted.push(name, value);
            } else {
                debug_assert!(false, "the offsets cut the text");
            }
        }
        sorted
    }

    /// [`Pairs::sorted_by_name`] for a text longer than `u32` offsets reach: the pairs as
    /// `(&str, &str)`, 32 bytes each, and the sort's scratch.
    fn sorted_by_name_wide(&self, cmp: impl Fn(&str, &str) -> Ordering) -> Pairs {
        let mut order: Vec<(&str, &str)> = self.iter().collect();
        // `sort_by` is stable.
        order.sort_by(|(a, _), (b, _)| cmp(a, b));
        let mut sorted = Pairs::with_capacity(self.text.len(), self.count);
        for (name, value) in order {
            sorted.push(name, value);
        }
        sorted
    }
}

/// The pairs of a [`Pairs`] list, from either end.
#[derive(Clone, Debug)]
pub(crate) struct Iter<'a> {
    /// The names and values not yet yielded.
    text: &'a str,
    /// Their lengths.
    lens: &'a [u8],
    /// The number of pairs not yet yielded.
    remaining: usize,
}

impl<'a> Iter<'a> {
    /// The number of pairs not yet yielded.
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.remaining
    }

    /// The bytes of text and lengths not yet yielded.
    #[inline]
    fn sizes(&self) -> (usize, usize) {
        (self.text.len(), self.lens.len())
    }
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        if self.remaining == 0 {
            return None;
        }
        let name_len = take_front(&mut self.lens)?;
        let value_len = take_front(&mut self.lens)?;
        let (name, rest) = self.text.split_at_checked(name_len)?;
        let (value, rest) = rest.split_at_checked(value_len)?;
        self.text = rest;
        self.remaining -= 1;
        Some((name, value))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<'a> DoubleEndedIterator for Iter<'a> {
    #[inline]
    fn next_back(&mut self) -> Option<(&'a str, &'a str)> {
        if self.remaining == 0 {
            return None;
        }
        let value_len = take_back(&mut self.lens)?;
        let name_len = take_back(&mut self.lens)?;
        let (rest, value) = self.text.split_at_checked(self.text.len().checked_sub(value_len)?)?;
        let (rest, name) = rest.split_at_checked(rest.len().checked_sub(name_len)?)?;
        self.text = rest;
        self.remaining -= 1;
        Some((name, value))
    }
}

/// An owning iterator: the list and how much of it (from each end) is already yielded.
#[derive(Clone, Debug)]
pub(crate) struct IntoIter {
    pairs: Pairs,
    /// Bytes of text and lengths yielded from the front.
    front: (usize, usize),
    /// Bytes of text and lengths not yet yielded, counted from the front.
    end: (usize, usize),
    remaining: usize,
}

impl IntoIter {
    pub(crate) fn new(pairs: Pairs) -> IntoIter {
        let end = (pairs.text.len(), pairs.lens.len());
        let remaining = pairs.count;
        IntoIter { pairs, front: (0, 0), end, remaining }
    }

    /// The part not yet yielded, as a borrowing iterator.
    fn view(&self) -> Iter<'_> {
        Iter {
            text: self.pairs.text.get(self.front.0..self.end.0).unwrap_or_default(),
            lens: self.pairs.lens.get(self.front.1..self.end.1).unwrap_or_default(),
            remaining: self.remaining,
        }
    }

    pub(crate) fn remaining(&self) -> usize {
        self.remaining
    }

    pub(crate) fn next_pair(&mut self) -> Option<(String, String)> {
        let mut view = self.view();
        let (before_text, before_lens) = view.sizes();
        let (name, value) = view.next()?;
        let pair = (String::from(name), String::from(value));
        let (after_text, after_lens) = view.sizes();
        self.front.0 += before_text - after_text;
        self.front.1 += before_lens - after_lens;
        self.remaining -= 1;
        Some(pair)
    }

    pub(crate) fn next_back_pair(&mut self) -> Option<(String, String)> {
        let mut view = self.view();
        let (before_text, before_lens) = view.sizes();
        let (name, value) = view.next_back()?;
        let pair = (String::from(name), String::from(value));
        let (after_text, after_lens) = view.sizes();
        self.end.0 -= before_text - after_text;
        self.end.1 -= before_lens - after_lens;
        self.remaining -= 1;
        Some(pair)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_from_both_ends() {
        let values = [0usize, 1, 0x7F, 0x80, 0x3FFF, 0x4000, 1 << 40, usize::MAX];
        let mut lens = Vec::new();
        for &v in &values {
            push_len(&mut lens, v);
        }
        let mut front: &[u8] = &lens;
        let mut back: &[u8] = &lens;
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(take_front(&mut front), Some(v));
            assert_eq!(take_back(&mut back), Some(values[values.len() - 1 - i]));
        }
        assert!(front.is_empty() && back.is_empty());
        assert_eq!(take_front(&mut front), None);
        assert_eq!(take_back(&mut back), None);
        // A truncated varint decodes to nothing, not to a wrong value.
        assert_eq!(take_front(&mut &[0x80u8][..]), None);
    }

    #[test]
    fn layout() {
        let mut pairs = Pairs::new();
        pairs.push("a", "1");
        pairs.push("", "xyz");
        pairs.push("\u{E9}", "");
        assert_eq!(pairs.text, "a1xyz\u{E9}");
        assert_eq!(pairs.lens, [1, 1, 0, 3, 2, 0]);
        let long = "x".repeat(200);
        pairs.push(&long, "");
        assert_eq!(pairs.lens[6..], [0xC8, 0x01, 0]);
        let all: Vec<_> = pairs.iter().collect();
        assert_eq!(all, [("a", "1"), ("", "xyz"), ("\u{E9}", ""), (long.as_str(), "")]);
        let back: Vec<_> = pairs.iter().rev().collect();
        assert_eq!(back, [(long.as_str(), ""), ("\u{E9}", ""), ("", "xyz"), ("a", "1")]);
    }

    #[test]
    fn retain_and_set_value_keep_the_invariant() {
        let mut pairs = Pairs::new();
        for (n, v) in [("a", "1"), ("b", "22"), ("a", "333"), ("c", "")] {
            pairs.push(n, v);
        }
        pairs.retain(|i, n, _| i == 0 || n != "a");
        assert_eq!(pairs.iter().collect::<Vec<_>>(), [("a", "1"), ("b", "22"), ("c", "")]);
        pairs.set_value(1, &"y".repeat(300));
        pairs.set_value(0, "");
        pairs.set_value(9, "ignored");
        let mut expected = Pairs::new();
        expected.push("a", "");
        expected.push("b", &"y".repeat(300));
        expected.push("c", "");
        assert_eq!(pairs, expected);
        pairs.retain(|_, _, _| false);
        assert_eq!(pairs, Pairs::new());
        assert_eq!(pairs.iter().next(), None);
    }

    #[test]
    fn sorting_is_stable_with_either_working_memory() {
        let mut pairs = Pairs::new();
        for (n, v) in [("b", "1"), ("a", "2"), ("b", "3"), ("", "4"), ("a", "")] {
            pairs.push(n, v);
        }
        let sorted = pairs.sorted_by_name(|a, b| a.cmp(b));
        let all: Vec<_> = sorted.iter().collect();
        assert_eq!(all, [("", "4"), ("a", "2"), ("a", ""), ("b", "1"), ("b", "3")]);
        assert_eq!(pairs.sorted_by_name_wide(|a, b| a.cmp(b)), sorted);
        assert_eq!(Pairs::new().sorted_by_name(|a, b| a.cmp(b)), Pairs::new());
    }

    #[test]
    fn owning_iterator_from_both_ends() {
        let mut pairs = Pairs::new();
        for (n, v) in [("a", "1"), ("b", "2"), ("c", "3")] {
            pairs.push(n, v);
        }
        let mut it = IntoIter::new(pairs);
        assert_eq!(it.next_back_pair(), Some(("c".into(), "3".into())));
        assert_eq!(it.next_pair(), Some(("a".into(), "1".into())));
        assert_eq!(it.remaining(), 1);
        assert_eq!(it.next_back_pair(), Some(("b".into(), "2".into())));
        assert_eq!(it.next_pair(), None);
        assert_eq!(it.next_back_pair(), None);
    }
}
