//! The username and password setters' writes (section 6.1, "set the username" and "set the
//! password", section 4.4): the new value, UTF-8 percent-encoded with the userinfo set, is
//! spliced straight into the serialization with only the `:` and `@` that the URL serializer
//! (section 4.5, step 2.2) adds or drops around it. No temporary `String` for a value that fits
//! the [`STACK`] block; `tests` compares every case with rebuilding the whole userinfo.

use alloc::string::String;

use weburl_percent::{AsciiSet, encode_into};

use crate::Url;
use crate::url::to_u32;

use super::compose::{Block, Encoder, SLACK, USERINFO_ENCODER, compose};
use super::{Shift, fits_u32, has_member};

/// The stack block for longer values: it holds up to `STACK - SLACK` encoded bytes (with
/// their `:`/`@`); longer values use a heap buffer.
const STACK: usize = 192;

/// The stack block for short values (most of them).
const SMALL: usize = 48;

/// The length of `value` UTF-8 percent-encoded with `set` (every non-ASCII byte is in every
/// set, so each byte becomes 1 or 3 bytes).
pub(super) fn encoded_len(value: &str, set: &AsciiSet) -> usize {
    value.bytes().map(|b| if set.contains(b) { 3 } else { 1 }).sum()
}

/// Whether a splice writes `prefix`, `value` and `suffix` as they are (`splice_between`)
/// rather than composing them first: `value` has nothing to encode (the usual value) and at
/// most one delimiter goes with it. A value between two delimiters is composed too: one tail
/// move, not three moves of the same bytes by a few places each (more instructions, less
/// time). The delimiters are tested first, which spares that value the scan.
#[inline(always)]
fn written_as_is(prefix: &str, value: &str, encoder: &Encoder, suffix: &str) -> bool {
    (prefix.is_empty() || suffix.is_empty()) && !has_member(value, encoder.set)
}

impl Url {
    /// Replaces `start..end` with `prefix`, `value` UTF-8 percent-encoded with `encoder`'s set, and
    /// `suffix` (both ASCII), moving the offsets from `first` on. Returns the encoded length
    /// of `value`, or `None` (nothing changed) when the URL would outgrow `u32` offsets.
    pub(super) fn splice_encoded(
        &mut self,
        (start, end): (u32, u32),
        prefix: &str,
        value: &str,
        encoder: &Encoder,
        suffix: &str,
        first: Shift,
    ) -> Option<u32> {
        if written_as_is(prefix, value, encoder, suffix) {
            return self
                .splice_between((start, end), prefix, value, suffix, first)
                .then(|| to_u32(value.len()));
        }
        self.compose_and_splice((start, end), prefix, value, encoder, suffix, first)
    }

    /// [`compose_and_splice`](Self::compose_and_splice) as a function of its own, for the
    /// userinfo setters, which test the value themselves (so that the usual value's path sets
    /// up no stack block).
    #[inline(never)]
    fn splice_composing(
        &mut self,
        range: (u32, u32),
        prefix: &str,
        value: &str,
        encoder: &Encoder,
        suffix: &str,
        first: Shift,
    ) -> Option<u32> {
        self.compose_and_splice(range, prefix, value, encoder, suffix, first)
    }

    /// [`splice_encoded`](Self::splice_encoded) with the text composed first, for a value
    /// that has bytes to encode or goes between two delimiters.
    #[inline(always)]
    fn compose_and_splice(
        &mut self,
        (start, end): (u32, u32),
        prefix: &str,
        value: &str,
        encoder: &Encoder,
        suffix: &str,
        first: Shift,
    ) -> Option<u32> {
        let set = encoder.set;
        let delimiters = prefix.len() + suffix.len();
        // Most values fit a small block (cheaper to zero); the rest a larger one.
        let composed = if delimiters + 3 * value.len() + SLACK <= SMALL {
            self.splice_composed::<SMALL>((start, end), prefix, value, encoder, suffix, first)
        } else {
            self.splice_composed::<STACK>((start, end), prefix, value, encoder, suffix, first)
        };
        if let Some(written) = composed {
            return written;
        }
        let encoded = encoded_len(value, set);
        let total = delimiters.checked_add(encoded)?;
        if !fits_u32(self.serialization.len(), (end as usize).saturating_sub(start as usize), total)
        {
            return None;
        }
        let mut text = String::with_capacity(total);
        text.push_str(prefix);
        encode_into(value, set, &mut text);
        text.push_str(suffix);
        self.splice(start, end, &text, first).then(|| to_u32(encoded))
    }

    /// [`splice_encoded`](Self::splice_encoded) through a stack block of `N` bytes: `None`
    /// when the encoded text does not fit it, else what `splice_encoded` returns.
    #[inline(always)]
    fn splice_composed<const N: usize>(
        &mut self,
        (start, end): (u32, u32),
        prefix: &str,
        value: &str,
        encoder: &Encoder,
        suffix: &str,
        first: Shift,
    ) -> Option<Option<u32>> {
        let mut block = Block::<N>::new();
        let n = compose(&mut block.0, prefix, value, encoder, suffix)?;
        let Some(text) = block.text(n) else {
            return Some(None);
        };
        // Before the last component, without `splice`'s test for the same text (an encoded
        // value rarely is; when it is, the write is only redundant).
        let written = if end < self.len_u32() {
            self.replace_inner(start, end, text, first)
        } else {
            self.splice(start, end, text, first)
        };
        Some(written.then(|| to_u32(n - prefix.len() - suffix.len())))
    }

    /// Sets the username to `value` percent-encoded with the userinfo set (the URL can have
    /// one). `false`: the URL would outgrow `u32` offsets and nothing changed.
    pub(super) fn write_username(&mut self, value: &str) -> bool {
        let start = self.scheme_end + 3;
        let has_at = self.host_start > start;
        let has_password = self.byte_at_u32(self.username_end) == Some(b':');
        if value.is_empty() {
            if !has_at {
                return true;
            }
            // The username goes; so does the `@` when no password follows.
            let end = if has_password { self.username_end } else { self.host_start };
            if !self.cut(start, end, Shift::UsernameEnd) {
                return false;
            }
            self.username_end = start;
            return true;
        }
        let (end, suffix) = if has_at { (self.username_end, "") } else { (start, "@") };
        if written_as_is("", value, &USERINFO_ENCODER, suffix) {
            // With no stack block set up (see `splice_composing`).
            if !self.splice_between((start, end), "", value, suffix, Shift::UsernameEnd) {
                return false;
            }
            self.username_end = start + to_u32(value.len());
            return true;
        }
        let Some(len) = self.splice_composing(
            (start, end),
            "",
            value,
            &USERINFO_ENCODER,
            suffix,
            Shift::UsernameEnd,
        ) else {
            return false;
        };
        self.username_end = start + len;
        true
    }

    /// Sets the password to `value` percent-encoded with the userinfo set (the URL can have
    /// one); the empty string removes it. `false`: the URL would outgrow `u32` offsets and
    /// nothing changed.
    pub(super) fn write_password(&mut self, value: &str) -> bool {
        let start = self.scheme_end + 3;
        let has_at = self.host_start > start;
        let has_password = self.byte_at_u32(self.username_end) == Some(b':');
        if value.is_empty() {
            if !has_password {
                return true;
            }
            // The `:` and password go; so does the `@` when the username is empty.
            let end = if self.username_end > start { self.host_start - 1 } else { self.host_start };
            return self.cut(self.username_end, end, Shift::HostStart);
        }
        let (range, prefix, suffix) = if has_password {
            ((self.username_end + 1, self.host_start - 1), "", "")
        } else if has_at {
            ((self.username_end, self.username_end), ":", "")
        } else {
            ((start, start), ":", "@")
        };
        if written_as_is(prefix, value, &USERINFO_ENCODER, suffix) {
            return self.splice_between(range, prefix, value, suffix, Shift::HostStart);
        }
        self.splice_composing(range, prefix, value, &USERINFO_ENCODER, suffix, Shift::HostStart)
            .is_some()
    }

    #[inline]
    fn byte_at_u32(&self, i: u32) -> Option<u8> {
        self.serialization.as_bytes().get(i as usize).copied()
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;
    use weburl_percent::{USERINFO, encode_into};

    use super::super::compose::{SLACK, USERINFO_ENCODER, compose};

    /// The old way: encode both parts into new strings and rebuild the whole userinfo.
    fn rebuild(url: &mut Url, username: &str, password: &str) {
        let start = url.scheme_end + 3;
        let mut text = String::new();
        text.push_str(username);
        if !password.is_empty() {
            text.push(':');
            text.push_str(password);
        }
        if !text.is_empty() {
            text.push('@');
        }
        assert!(url.splice(start, url.host_start, &text, super::Shift::HostEnd));
        url.username_end = start + super::to_u32(username.len());
        url.host_start = start + super::to_u32(text.len());
    }

    fn encoded(value: &str) -> String {
        let mut out = String::new();
        encode_into(value, &USERINFO, &mut out);
        out
    }

    fn check(href: &str, value: &str) {
        let Ok(base) = Url::parse(href) else { return };
        if base.cannot_have_username_password_port() {
            return;
        }
        let mut fast = base.clone();
        assert!(fast.write_username(value));
        let mut slow = base.clone();
        let password = String::from(slow.password());
        rebuild(&mut slow, &encoded(value), &password);
        assert_eq!(fast.href(), slow.href(), "username {href} {value:?}");
        assert_eq!(alloc::format!("{fast:?}"), alloc::format!("{slow:?}"));
        assert_eq!(fast.check_invariants(), Ok(()), "username {href} {value:?}");

        let mut fast = base.clone();
        assert!(fast.write_password(value));
        let mut slow = base;
        let username = String::from(slow.username());
        rebuild(&mut slow, &username, &encoded(value));
        assert_eq!(fast.href(), slow.href(), "password {href} {value:?}");
        assert_eq!(alloc::format!("{fast:?}"), alloc::format!("{slow:?}"));
        assert_eq!(fast.check_invariants(), Ok(()), "password {href} {value:?}");
    }

    const HREFS: &[&str] = &[
        "https://example.org/",
        "https://u@example.org/",
        "https://u:p@example.org:8080/a?q#f",
        "https://:p@example.org/",
        "sc://h/",
        "sc://user:pw@h:9/x",
        "ws://[::1]:1/",
    ];

    #[test]
    fn in_place_userinfo_agrees_with_rebuilding_it() {
        let long = "ab@ é".repeat(60);
        let values: Vec<&str> =
            ["", "user", "a b", "a@b:c", "%41", "é", "\u{0}\t", "💩", long.as_str()].into();
        for href in HREFS {
            for value in &values {
                check(href, value);
            }
        }
    }

    /// Values whose encoded form (with the `:` and `@`) ends just before, at and just past
    /// the end of either stack buffer take a stack or the heap path and agree either way.
    #[test]
    fn userinfo_agrees_around_the_stack_buffer_end() {
        let around = |end: usize| end - 8..end + 8;
        for len in around(super::SMALL).chain(around(super::STACK)) {
            for filler in ["a", " ", "é"] {
                // `filler` encodes to 1, 3 or 6 bytes; one `@` (3 bytes) comes first.
                let mut value = String::from("@");
                while encoded(&value).len() + encoded(filler).len() <= len {
                    value.push_str(filler);
                }
                for href in HREFS {
                    check(href, &value);
                }
            }
        }
    }

    /// The stack composition writes what `encode_into` writes, and gives up (for the heap
    /// path) exactly when that does not fit the buffer.
    #[test]
    fn compose_agrees_with_encode_into() {
        let pieces = ["a", "@", " ", "é", "💩", "%", ":", "\u{0}", "~", "Z"];
        for n in 0..super::STACK {
            let value: String = (0..n).map(|i| pieces[(i * 7 + n) % pieces.len()]).collect();
            for (prefix, suffix) in [("", ""), (":", ""), (":", "@"), ("//", "")] {
                let mut want = String::from(prefix);
                encode_into(&value, &USERINFO, &mut want);
                want.push_str(suffix);
                let mut buffer = [0u8; super::STACK];
                let got = compose(&mut buffer, prefix, &value, &USERINFO_ENCODER, suffix);
                match got {
                    Some(len) => assert_eq!(buffer.get(..len), Some(want.as_bytes()), "{value:?}"),
                    None => assert!(want.len() + SLACK > super::STACK, "{value:?}"),
                }
            }
        }
    }

    proptest! {
        #[test]
        fn in_place_userinfo_agrees_on_random_values(
            href in prop::sample::select(HREFS),
            value in "[\\x00-\\x7fé💩]{0,16}|.{0,300}",
        ) {
            check(href, &value);
        }
    }
}
