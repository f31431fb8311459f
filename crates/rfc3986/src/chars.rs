//! Byte classes of RFC 3986 sections 2.1 to 2.3 and Appendix A, as one 256-entry table.
//!
//! Each entry holds bit flags; a character class used by a rule is a mask of flags, so that
//! classifying a byte while scanning is one load and one `and`. `%` is in no class: every
//! scanner handles `pct-encoded` (section 2.1) itself through [`pct_encoded_at`].

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (section 2.3).
pub(crate) const UNRESERVED: u8 = 1 << 0;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (section 2.2).
pub(crate) const SUB_DELIMS: u8 = 1 << 1;
/// `":"`.
pub(crate) const COLON: u8 = 1 << 2;
/// `"@"`.
pub(crate) const AT: u8 = 1 << 3;
/// `"/"`.
pub(crate) const SLASH: u8 = 1 << 4;
/// `"?"`.
pub(crate) const QUESTION: u8 = 1 << 5;
/// The characters after the first one of `scheme`: `ALPHA / DIGIT / "+" / "-" / "."`.
pub(crate) const SCHEME: u8 = 1 << 6;
/// `HEXDIG`.
pub(crate) const HEXDIG: u8 = 1 << 7;

/// The `gen-delims` (section 2.2) that have a flag: `":" / "/" / "?" / "@"`.
pub(crate) const GEN_DELIMS_ONLY: u8 = COLON | AT | SLASH | QUESTION;
/// `reg-name` characters besides `pct-encoded`: `unreserved / sub-delims`.
pub(crate) const REG_NAME: u8 = UNRESERVED | SUB_DELIMS;
/// `userinfo` characters besides `pct-encoded`, and the tail of `IPvFuture`:
/// `unreserved / sub-delims / ":"`.
pub(crate) const USERINFO: u8 = UNRESERVED | SUB_DELIMS | COLON;
/// `segment-nz-nc` characters besides `pct-encoded`: `unreserved / sub-delims / "@"`.
pub(crate) const SEGMENT_NC: u8 = UNRESERVED | SUB_DELIMS | AT;
/// `pchar` besides `pct-encoded`: `unreserved / sub-delims / ":" / "@"`.
pub(crate) const PCHAR: u8 = UNRESERVED | SUB_DELIMS | COLON | AT;
/// The characters of a path (`pchar` and `"/"`) besides `pct-encoded`.
pub(crate) const PATH: u8 = PCHAR | SLASH;
/// `query` and `fragment` characters besides `pct-encoded`: `pchar / "/" / "?"`.
pub(crate) const QUERY: u8 = PCHAR | SLASH | QUESTION;

/// The class table: entry `b` holds the flags of byte `b`.
#[allow(clippy::indexing_slicing, reason = "const-evaluated; indices run from 0 to 127")]
static TABLE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0usize;
    while b < 128 {
        let c = b as u8;
        let mut flags = 0;
        if c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~') {
            flags |= UNRESERVED;
        }
        if matches!(c, b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=')
        {
            flags |= SUB_DELIMS;
        }
        if c == b':' {
            flags |= COLON;
        }
        if c == b'@' {
            flags |= AT;
        }
        if c == b'/' {
            flags |= SLASH;
        }
        if c == b'?' {
            flags |= QUESTION;
        }
        if c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.') {
            flags |= SCHEME;
        }
        if c.is_ascii_hexdigit() {
            flags |= HEXDIG;
        }
        table[b] = flags;
        b += 1;
    }
    table
};

/// For each position `k` of an eight-byte group and each byte, `1 << k` when the byte has a
/// flag of `mask`, else 0: the bits of a group's members are then one load and one `or` a
/// byte, with no shift.
const fn member_tables(mask: u8) -> [[u8; 256]; 8] {
    let mut tables = [[0u8; 256]; 8];
    let mut k = 0usize;
    while k < 8 {
        let mut b = 0usize;
        while b < 256 {
            #[allow(clippy::indexing_slicing, reason = "const-evaluated; indices below 8 and 256")]
            if TABLE[b] & mask != 0 {
                tables[k][b] = 1 << k;
            }
            b += 1;
        }
        k += 1;
    }
    tables
}

/// [`member_tables`] of the classes [`scan`] runs over.
static PATH_MEMBERS: [[u8; 256]; 8] = member_tables(PATH);
/// [`member_tables`] of [`QUERY`].
static QUERY_MEMBERS: [[u8; 256]; 8] = member_tables(QUERY);
/// [`member_tables`] of [`SEGMENT_NC`].
static SEGMENT_NC_MEMBERS: [[u8; 256]; 8] = member_tables(SEGMENT_NC);
/// [`member_tables`] of [`REG_NAME`].
static REG_NAME_MEMBERS: [[u8; 256]; 8] = member_tables(REG_NAME);

/// The member tables of `mask`, when it has them (folded away when `mask` is a constant).
#[inline(always)]
fn members_of(mask: u8) -> Option<&'static [[u8; 256]; 8]> {
    match mask {
        PATH => Some(&PATH_MEMBERS),
        QUERY => Some(&QUERY_MEMBERS),
        SEGMENT_NC => Some(&SEGMENT_NC_MEMBERS),
        REG_NAME => Some(&REG_NAME_MEMBERS),
        _ => None,
    }
}

/// The index of the first byte at or after `i` that is not in the class `mask` (or
/// `bytes.len()`). Eight bytes a step: the step's member bits say at once where in the
/// group the run stops, so no loop over single bytes ends a run (except in inputs shorter
/// than eight bytes).
#[inline(always)]
pub(crate) fn next_outsider(bytes: &[u8], mut i: usize, mask: u8) -> usize {
    // In a path, query or fragment (the long runs), whole blocks of the bytes most of their
    // text is made of: one vector test a block, no table look-up.
    if mask & (UNRESERVED | SLASH) == UNRESERVED | SLASH {
        while let Some(block) = bytes.get(i..).and_then(<[u8]>::first_chunk::<16>) {
            if !common_block(block) {
                break;
            }
            i += 16;
        }
    }
    if let Some(members) = members_of(mask) {
        let present = |chunk: &[u8; 8]| {
            chunk
                .iter()
                .zip(members)
                .fold(0u8, |acc, (&b, table)| acc | table.get(usize::from(b)).copied().unwrap_or(0))
        };
        while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
            let present = present(chunk);
            if present != u8::MAX {
                return i + (!present).trailing_zeros() as usize;
            }
            i += 8;
        }
        // Fewer than eight bytes are left: the last eight of the input, with those before
        // `i` (already read) counted as members. (A byte loop over the last few would cost
        // fewer instructions but mispredict its exit.)
        let last = bytes.len().wrapping_sub(8);
        if i < bytes.len()
            && let Some(chunk) = bytes.last_chunk::<8>()
        {
            let present = present(chunk) | ((1u8 << (i - last)) - 1);
            return last + (!present).trailing_zeros() as usize;
        }
    }
    while bytes.get(i).is_some_and(|&b| is(b, mask)) {
        i += 1;
    }
    i
}

/// Whether each of the 16 bytes of `block` is an ASCII letter or digit, `-`, `.`, `/` or `_`
/// (unreserved characters, and `/`). Every byte is tested with no exit per byte, so that the
/// compiler tests the 16 at once.
#[inline(always)]
fn common_block(block: &[u8; 16]) -> bool {
    let mut all = true;
    for &b in block {
        // Each range moved to the bottom of the signed bytes: one signed compare (SSE2
        // compares signed bytes, not unsigned ones). `| 0x20` lowercases an upper letter and
        // makes no other byte a lower one.
        let letter = ((b | 0x20).wrapping_add(0x80 - b'a') as i8) < i8::MIN + 26;
        // `-`, `.`, `/` and the digits are 0x2D to 0x39.
        let mark_or_digit = (b.wrapping_add(0x80 - b'-') as i8) < i8::MIN + 13;
        all &= letter | mark_or_digit | (b == b'_');
    }
    all
}

/// Eight copies of `byte`, one in each byte of a word.
#[inline(always)]
pub(crate) const fn splat(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

/// The high bit of each zero byte of `word`, and no other bit (exact: a zero byte does not
/// mark the bytes above it, as the shorter borrow-based test would).
#[inline(always)]
pub(crate) const fn zero_bytes(word: u64) -> u64 {
    const LOWS: u64 = splat(0x7F);
    const HIGHS: u64 = splat(0x80);
    !(((word & LOWS) + LOWS) | word) & HIGHS
}

/// The bytes of `bytes`, which has at most eight, as a little-endian word with zero bytes
/// above them: two overlapping loads (four bytes, or one byte) and no loop. (Longer slices
/// give some mix of their bytes, never a panic.)
#[inline(always)]
pub(crate) fn load_short(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    if let (Some(lo), Some(hi)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        // The two halves overlap when n < 8; an overlapping byte is or-ed with itself.
        let (lo, hi) = (u32::from_le_bytes(*lo), u32::from_le_bytes(*hi));
        u64::from(lo) | u64::from(hi).wrapping_shl(8 * (n as u32).wrapping_sub(4))
    } else if let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) {
        // One to three bytes: the first, the middle and the last cover them.
        let mid = bytes.get(n / 2).copied().unwrap_or(0);
        u64::from(first) | u64::from(mid) << (8 * (n / 2)) | u64::from(last) << (8 * (n - 1))
    } else {
        0
    }
}

/// The index of the first `needle` in `bytes` from `i`, or `bytes.len()`: eight bytes a step,
/// as [`find_either`].
#[inline]
pub(crate) fn find_byte(bytes: &[u8], i: usize, needle: u8) -> usize {
    // The two tests of `find_either` are one test here (the compiler folds them).
    find_in::<true>(bytes, i, needle, needle)
}

/// [`find_byte`] for a needle that is mostly a few bytes away (the `"/"` after a short
/// segment): the last bytes (fewer than eight) are read one by one, which stops early there.
#[inline]
pub(crate) fn find_byte_near(bytes: &[u8], i: usize, needle: u8) -> usize {
    find_in::<false>(bytes, i, needle, needle)
}

/// The index of the first `a` or `b` in `bytes` from `i`, or `bytes.len()`: eight bytes a step,
/// and the last bytes (fewer than eight) in one more word, so that no loop over single bytes
/// ends a search.
#[inline(always)]
pub(crate) fn find_either(bytes: &[u8], i: usize, a: u8, b: u8) -> usize {
    find_in::<true>(bytes, i, a, b)
}

/// The search of [`find_either`]; without `WORD_TAIL`, the last bytes one by one.
#[inline(always)]
fn find_in<const WORD_TAIL: bool>(bytes: &[u8], mut i: usize, a: u8, b: u8) -> usize {
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*chunk);
        let found = zero_bytes(word ^ splat(a)) | zero_bytes(word ^ splat(b));
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    let hits = |word: u64| zero_bytes(word ^ splat(a)) | zero_bytes(word ^ splat(b));
    let len = bytes.len();
    if !WORD_TAIL {
        let tail = bytes.get(i..).unwrap_or_default();
        return tail.iter().position(|&c| c == a || c == b).map_or(len, |p| i + p);
    }
    if i >= len {
        return len;
    }
    if let Some(chunk) = bytes.last_chunk::<8>() {
        // The input's last eight bytes, those before `i` (already passed) masked off.
        let last = len - 8;
        let found = hits(u64::from_le_bytes(*chunk)) & (u64::MAX << (8 * (i - last)));
        return if found == 0 { len } else { last + (found.trailing_zeros() / 8) as usize };
    }
    // An input shorter than eight bytes: its tail as a short word. (The zero bytes above it
    // start at `len`: a zero needle found there is not found.)
    let found = hits(load_short(bytes.get(i..).unwrap_or_default()));
    if found == 0 { len } else { len.min(i + (found.trailing_zeros() / 8) as usize) }
}

/// True when `byte` has any flag of `mask`.
#[inline(always)]
pub(crate) fn is(byte: u8, mask: u8) -> bool {
    // A `u8` index is always in the 256-entry table; `get` lets the compiler see that.
    TABLE.get(usize::from(byte)).is_some_and(|flags| flags & mask != 0)
}

/// True when `byte` is `unreserved` (section 2.3).
#[inline]
pub(crate) fn is_unreserved(byte: u8) -> bool {
    is(byte, UNRESERVED)
}

/// The value of a `HEXDIG`, or `None`.
#[inline]
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// The decoded byte of a `pct-encoded` triplet starting at `bytes[i]` (which must be `%`),
/// or `None` when `bytes[i..]` does not start with `"%" HEXDIG HEXDIG`.
#[inline]
pub(crate) fn pct_encoded_at(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i.checked_add(3)?)? {
        [b'%', hi, lo] => Some(hex_value(*hi)? << 4 | hex_value(*lo)?),
        _ => None,
    }
}

/// Scans `bytes` from `i` over bytes of the class `mask` and `pct-encoded` triplets.
///
/// Returns the index of the first byte that is neither (or `bytes.len()`), or `Err` with the
/// index of a `%` that does not start a valid triplet.
#[inline(always)]
pub(crate) fn scan(bytes: &[u8], mut i: usize, mask: u8) -> Result<usize, usize> {
    loop {
        i = next_outsider(bytes, i, mask);
        if bytes.get(i) != Some(&b'%') {
            return Ok(i);
        }
        // Triplets, often several in a row (encoded UTF-8): passed without a run search
        // between them.
        while bytes.get(i) == Some(&b'%') {
            if pct_encoded_at(bytes, i).is_none() {
                return Err(i);
            }
            i += 3;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_the_abnf() {
        let unreserved: &[u8] =
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
        let sub_delims: &[u8] = b"!$&'()*+,;=";
        for b in 0..=255u8 {
            assert_eq!(is(b, UNRESERVED), unreserved.contains(&b), "{b:#x}");
            assert_eq!(is(b, SUB_DELIMS), sub_delims.contains(&b), "{b:#x}");
            assert_eq!(is(b, HEXDIG), b.is_ascii_hexdigit(), "{b:#x}");
            let pchar =
                unreserved.contains(&b) || sub_delims.contains(&b) || b == b':' || b == b'@';
            assert_eq!(is(b, PCHAR), pchar, "{b:#x}");
            assert_eq!(is(b, QUERY), pchar || b == b'/' || b == b'?', "{b:#x}");
            assert_eq!(is(b, SEGMENT_NC), pchar && b != b':', "{b:#x}");
            let scheme = b.is_ascii_alphanumeric() || b"+-.".contains(&b);
            assert_eq!(is(b, SCHEME), scheme, "{b:#x}");
            // gen-delims (section 2.2) other than ":", "@", "/", "?" are in no class.
            if b"#[]%".contains(&b) || b >= 0x80 {
                assert!(!is(b, 0xFF), "{b:#x}");
            }
        }
    }

    /// The block test passes exactly the blocks of ASCII letters, digits, `-`, `.`, `/` and
    /// `_`: each byte at each of the 16 places of a block of such bytes.
    #[test]
    fn common_blocks_are_the_named_bytes() {
        for b in 0..=255u8 {
            let named = b.is_ascii_alphanumeric() || b"-./_".contains(&b);
            for at in 0..16 {
                let mut block = *b"a-Z.0/_9zA-b.c/d";
                block[at] = b;
                assert_eq!(common_block(&block), named, "{b:#x} at {at}");
            }
        }
    }

    #[test]
    fn short_loads_hold_the_bytes_in_order() {
        let text: std::vec::Vec<u8> = (1..=40u8).map(|b| b.wrapping_mul(37)).collect();
        for start in 0..text.len() {
            for n in 0..=8.min(text.len() - start) {
                let bytes = &text[start..start + n];
                let want = bytes.iter().rev().fold(0u64, |acc, &b| acc << 8 | u64::from(b));
                assert_eq!(load_short(bytes), want, "{bytes:?}");
            }
        }
        let _ = load_short(&text); // longer: no panic
    }

    #[test]
    fn word_finds_match_position() {
        let text = b"ab/cd%efghijklmn/opq%rs/%%t";
        for from in 0..=text.len() {
            let want = |pred: &dyn Fn(u8) -> bool| {
                (from..text.len()).find(|&j| pred(text[j])).unwrap_or(text.len())
            };
            assert_eq!(find_byte(text, from, b'%'), want(&|c| c == b'%'), "{from}");
            assert_eq!(find_byte(text, from, b'z'), text.len());
            assert_eq!(find_either(text, from, b'/', b'%'), want(&|c| c == b'/' || c == b'%'));
        }
        // Bytes with the high bit set are not taken for a match.
        assert_eq!(find_byte(&[0xAF, 0x80, 0x25, 0, 0, 0, 0, 0, 0], 0, b'%'), 2);
        assert_eq!(find_either(&[0xAF; 9], 0, b'/', b'%'), 9);
    }

    #[test]
    fn word_finds_match_the_byte_loop_at_every_length() {
        // Every length up to 24 (inputs shorter than a word, and tails of every size after
        // whole words), a needle or two at every place, from every start; zero bytes too.
        for len in 0..=24usize {
            for (at, other) in (0..=len).flat_map(|at| (0..=len).map(move |other| (at, other))) {
                let mut bytes = alloc::vec![b'a'; len];
                if let Some(b) = bytes.get_mut(at) {
                    *b = b'%';
                }
                if let Some(b) = bytes.get_mut(other) {
                    *b = b'/';
                }
                for from in 0..=len + 1 {
                    let want = |pred: &dyn Fn(u8) -> bool| {
                        (from..len).find(|&j| pred(bytes[j])).unwrap_or(len)
                    };
                    assert_eq!(find_byte(&bytes, from, b'%'), want(&|c| c == b'%'), "{bytes:?}");
                    assert_eq!(find_byte_near(&bytes, from, b'%'), want(&|c| c == b'%'));
                    assert_eq!(
                        find_either(&bytes, from, b'/', b'%'),
                        want(&|c| c == b'/' || c == b'%'),
                        "{bytes:?} {from}"
                    );
                    // A zero needle: the short word's filling is not taken for it.
                    assert_eq!(find_byte(&bytes, from, 0), len, "{bytes:?} {from}");
                }
            }
        }
    }

    #[test]
    fn pct_encoded_triplets() {
        assert_eq!(pct_encoded_at(b"%41", 0), Some(b'A'));
        assert_eq!(pct_encoded_at(b"x%7e", 1), Some(b'~'));
        assert_eq!(pct_encoded_at(b"%fF", 0), Some(0xFF));
        assert_eq!(pct_encoded_at(b"%4", 0), None);
        assert_eq!(pct_encoded_at(b"%G1", 0), None);
        assert_eq!(pct_encoded_at(b"%1G", 0), None);
        assert_eq!(pct_encoded_at(b"A41", 0), None);
        assert_eq!(pct_encoded_at(b"%41", usize::MAX), None);
        assert_eq!(scan(b"ab%20c/d", 0, PCHAR), Ok(6));
        assert_eq!(scan(b"ab%2", 0, PCHAR), Err(2));
        assert_eq!(scan(b"", 0, PCHAR), Ok(0));
    }

    /// The plain byte-at-a-time scan, as an oracle for [`scan`].
    fn naive_scan(bytes: &[u8], mut i: usize, mask: u8) -> Result<usize, usize> {
        while i < bytes.len() {
            if is(bytes[i], mask) {
                i += 1;
            } else if bytes[i] == b'%' {
                pct_encoded_at(bytes, i).ok_or(i)?;
                i += 3;
            } else {
                break;
            }
        }
        Ok(i)
    }

    /// Long runs of the bytes the blocks pass, with one other byte (or a `%XX`) at every
    /// place, from every start: the block test stops exactly where the byte loop does.
    #[test]
    fn blocks_stop_where_the_byte_loop_stops() {
        let mut checked = 0;
        for (len, letters) in [15, 16, 17, 31, 32, 33, 47, 70]
            .into_iter()
            .flat_map(|len| [(len, &b"aZ9-._/q"[..]), (len, &b"path/to-0.Z9"[..])])
        {
            // Bases with and without `_`, so that each passed byte can decide a block alone.
            let base: alloc::vec::Vec<u8> = (0..len).map(|k| letters[k % letters.len()]).collect();
            for at in 0..len {
                for odd in [b'~', b'!', b':', b'@', b'?', b'#', b'%', b' ', 0x80, b'[', b'`'] {
                    let mut bytes = base.clone();
                    bytes[at] = odd;
                    for mask in [PATH, QUERY, SEGMENT_NC, REG_NAME, PCHAR] {
                        for start in [0, 1, at.saturating_sub(1), at] {
                            let got = scan(&bytes, start, mask);
                            assert_eq!(got, naive_scan(&bytes, start, mask), "{bytes:?} {start}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 30_000, "{checked}");
    }

    #[test]
    fn scan_matches_the_plain_byte_loop() {
        let alphabet = b"ab/:@?#%2F[]- \x80+.\0";
        // Every string of up to 20 bytes drawn from a seeded walk over `alphabet`, from every
        // start and with every mask the parser uses.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 21) as usize;
            let bytes: alloc::vec::Vec<u8> = (0..len)
                .map(|k| alphabet[((seed >> (k % 8 * 8)) as usize + k * 7) % alphabet.len()])
                .collect();
            for mask in [PATH, QUERY, SEGMENT_NC, REG_NAME, PCHAR] {
                for start in 0..=len {
                    assert_eq!(
                        scan(&bytes, start, mask),
                        naive_scan(&bytes, start, mask),
                        "{bytes:?} {start} {mask}"
                    );
                }
            }
        }
        // Long runs take the eight-byte steps; every stop inside and after them is found.
        for mask in [PATH, QUERY, SEGMENT_NC, REG_NAME, PCHAR] {
            for len in 0..40 {
                for stop in [b' ', b'%', b'#', b'[', b'\x80', b'?', b'/', b':', b'@', b'\0'] {
                    for at in 0..len {
                        let mut bytes = alloc::vec![b'a'; len];
                        bytes[at] = stop;
                        assert_eq!(scan(&bytes, 0, mask), naive_scan(&bytes, 0, mask));
                    }
                }
            }
        }
        let long = b"/a/very/long/path/with/segments/and%20escapes/index.html?q=1";
        assert_eq!(scan(long, 0, PATH), Ok(long.len() - 4));
    }
}
