//! The username and password setters' writes (section 6.1, "set the username" and "set the
//! password", section 4.4): the new value, UTF-8 percent-encoded with the userinfo set, is
//! spliced straight into the serialization with only the `:` and `@` that the URL serializer
//! (section 4.5, step 2.2) adds or drops around it, in one tail move ([`gap`]); `tests`
//! compares every case with rebuilding the whole userinfo.

use weburl_percent::AsciiSet;

use crate::Url;
use crate::url::to_u32;

use super::compose::{Encoder, USERINFO_ENCODER};
use super::{Shift, fits_u32, gap};

/// The length of `value` UTF-8 percent-encoded with `set` (every non-ASCII byte is in every
/// set, so each byte becomes 1 or 3 bytes).
pub(super) fn encoded_len(value: &str, set: &AsciiSet) -> usize {
    value.bytes().map(|b| if set.contains(b) { 3 } else { 1 }).sum()
}

impl Url {
    /// Replaces `start..end` with `prefix`, `value` UTF-8 percent-encoded with `encoder`'s
    /// set, and `suffix` (both ASCII) in one tail move ([`gap::splice_encoded`]), moving the
    /// offsets from `first` on. Returns the encoded length of `value`, or `None` (nothing
    /// changed) when the URL would outgrow `u32` offsets.
    pub(super) fn splice_encoded(
        &mut self,
        (start, end): (u32, u32),
        prefix: &str,
        value: &str,
        encoder: &Encoder,
        suffix: &str,
        first: Shift,
    ) -> Option<u32> {
        let encoded = encoded_len(value, encoder.set);
        let added = prefix.len().saturating_add(encoded).saturating_add(suffix.len());
        let range = (start as usize, end as usize);
        // The splice checks that the range is one of the serialization.
        if !fits_u32(self.serialization.len(), range.1.saturating_sub(range.0), added) {
            return None;
        }
        let pieces = (prefix, value, suffix);
        if !gap::splice_encoded(&mut self.serialization, range, pieces, encoder, encoded) {
            return None;
        }
        self.shift_offsets(first, to_u32(added).wrapping_sub(end - start));
        Some(to_u32(encoded))
    }

    /// Sets the username to `value` percent-encoded with the userinfo set (the URL can have
    /// one). `false`: the URL would outgrow `u32` offsets and nothing changed.
    pub(super) fn write_username(&mut self, value: &str) -> bool {
        let start = self.scheme_end + 3;
        let has_at = self.host_start > start;
        // From the offsets, not the bytes (see `check_invariants`): a password sits between
        // the `:` at `username_end` and the `@` before `host_start`.
        let has_password = self.host_start > self.username_end + 1;
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
        let Some(len) = self.splice_encoded(
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
        // From the offsets, not the bytes (see `check_invariants`): a password sits between
        // the `:` at `username_end` and the `@` before `host_start`.
        let has_password = self.host_start > self.username_end + 1;
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
        self.splice_encoded(range, prefix, value, &USERINFO_ENCODER, suffix, Shift::HostStart)
            .is_some()
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::string::String;
    use alloc::vec::Vec;
    use proptest::prelude::*;
    use weburl_percent::{USERINFO, encode_into};

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

    /// Values of every encoded length up to past the URL's spare room (so that the splice
    /// grows the buffer or not), and every length of an unencoded value up to 40 (the
    /// word copies of 4 to 16 bytes and the byte copies around them), agree.
    #[test]
    fn userinfo_agrees_at_every_length() {
        for filler in ["a", " ", "é", "~"] {
            let mut value = String::new();
            while encoded(&value).len() <= 80 {
                for href in HREFS {
                    check(href, &value);
                }
                value.push_str(filler);
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
