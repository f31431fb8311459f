//! Differential tests against rust-url's `percent-encoding` 2.3: the same names give the same
//! results, over random bytes, random strings and random sets built the same way on both sides.
//!
//! Both crates percent-encode every non-ASCII byte whatever the set, and both keep a `%` that
//! does not start a percent-encoded byte when decoding, so every output must match exactly.

use std::borrow::Cow;

use percent_encoding as pe;
use proptest::prelude::*;
use weburl_percent as wp;

/// percent-encoding's sets equal to weburl's path and component sets.
const PE_PATH: pe::AsciiSet = pe::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'}');
const PE_COMPONENT: pe::AsciiSet = PE_PATH
    .add(b'/')
    .add(b':')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'|')
    .add(b'$')
    .add(b'%')
    .add(b'&')
    .add(b'+')
    .add(b',');

/// A set built from `ops` on both sides: `(true, b)` adds `b`, `(false, b)` removes it; then the
/// complement is taken when `negate`.
fn build(ops: &[(bool, u8)], negate: bool) -> (wp::AsciiSet, &'static pe::AsciiSet) {
    let mut ours = wp::AsciiSet::EMPTY;
    let mut theirs = pe::AsciiSet::EMPTY;
    for &(add, b) in ops {
        if add {
            ours = ours.add(b);
            theirs = theirs.add(b);
        } else {
            ours = ours.remove(b);
            theirs = theirs.remove(b);
        }
    }
    if negate {
        ours = ours.complement();
        theirs = theirs.complement();
    }
    // `percent_encode` there takes a `&'static AsciiSet`; the few leaked sets are tiny.
    (ours, Box::leak(Box::new(theirs)))
}

/// Set operations over ASCII bytes (percent-encoding's `add` takes only ASCII bytes).
fn set_ops() -> impl Strategy<Value = (Vec<(bool, u8)>, bool)> {
    (prop::collection::vec((any::<bool>(), 0u8..0x80), 0..48), any::<bool>())
}

/// Bytes weighted towards `%`, hex digits and ASCII.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let b = prop_oneof![
        3 => 0u8..0x80,
        3 => prop::sample::select(b"%%0aAfFgG9 +".to_vec()),
        2 => any::<u8>(),
    ];
    prop::collection::vec(b, 0..64)
}

fn text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => (0u8..0x80).prop_map(char::from),
        2 => prop::sample::select(vec!['%', 'a', 'F', '0', 'g', ' ']),
        2 => any::<char>(),
    ];
    prop::collection::vec(c, 0..40).prop_map(|v| v.into_iter().collect())
}

/// Both sides' results of percent-decoding `input`, compared through every conversion.
fn assert_same_decode(input: &[u8]) -> Result<(), TestCaseError> {
    let ours = wp::percent_decode(input);
    let theirs = pe::percent_decode(input);
    prop_assert_eq!(ours.clone().collect::<Vec<u8>>(), theirs.clone().collect::<Vec<u8>>());
    let ours_cow: Cow<'_, [u8]> = ours.clone().into();
    let theirs_cow: Cow<'_, [u8]> = theirs.clone().into();
    prop_assert_eq!(&ours_cow, &theirs_cow);
    prop_assert_eq!(
        matches!(ours_cow, Cow::Borrowed(_)),
        matches!(theirs_cow, Cow::Borrowed(_)),
        "both borrow exactly when nothing is decoded"
    );
    prop_assert_eq!(ours.clone().decode_utf8().ok(), theirs.clone().decode_utf8().ok());
    prop_assert_eq!(ours.decode_utf8_lossy(), theirs.decode_utf8_lossy());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// `percent_encode` over bytes, with a random set: same output, chunk for chunk.
    #[test]
    fn percent_encode_bytes(input in bytes(), (ops, negate) in set_ops()) {
        let (ours, theirs) = build(&ops, negate);
        for b in 0u8..=0xFF {
            let encoded = wp::percent_encode(&[b], &ours).to_string();
            prop_assert_eq!(&encoded, &pe::percent_encode(&[b], theirs).to_string(), "byte {:#04X}", b);
            prop_assert_eq!(ours.contains(b), encoded.len() == 3, "byte {:#04X}", b);
        }
        let ours_out = wp::percent_encode(&input, &ours);
        let theirs_out = pe::percent_encode(&input, theirs);
        prop_assert_eq!(ours_out.to_string(), theirs_out.to_string());
        prop_assert_eq!(ours_out.clone().collect::<String>(), ours_out.to_string());
        prop_assert_eq!(Cow::from(ours_out), Cow::from(theirs_out));
    }

    /// `utf8_percent_encode` over strings, with a random set.
    #[test]
    fn utf8_percent_encode_text(input in text(), (ops, negate) in set_ops()) {
        let (ours, theirs) = build(&ops, negate);
        let ours_out = wp::utf8_percent_encode(&input, &ours);
        let theirs_out = pe::utf8_percent_encode(&input, theirs);
        prop_assert_eq!(ours_out.to_string(), theirs_out.to_string());
        // Both borrow the input when nothing is encoded (percent-encoding also borrows its
        // static `%XX` when the output is a single triple, so only that case is compared).
        let ours_cow = Cow::from(ours_out);
        let theirs_cow = Cow::from(theirs_out);
        if ours_cow == input {
            prop_assert!(matches!(ours_cow, Cow::Borrowed(_)));
            prop_assert!(matches!(theirs_cow, Cow::Borrowed(_)));
        }
        prop_assert_eq!(ours_cow, theirs_cow);
    }

    /// Long runs without members and a few members anywhere (the eight-byte scan for the
    /// first member, its overlapping last group and short inputs), converted to `Cow` after
    /// `skip` chunks: the same as percent-encoding's, borrowed when nothing is encoded.
    #[test]
    fn cow_after_long_runs(
        run in "[a-z0-9/._-]{0,90}",
        members in prop::collection::vec((0usize..100, prop::sample::select(vec![' ', '#', '\u{e9}', '?', '\u{7f}'])), 0..3),
        skip in 0usize..3,
    ) {
        let mut input = run;
        for (at, c) in members {
            // At a character boundary (an earlier `é` is two bytes).
            let at = (0..=at.min(input.len())).rev().find(|&i| input.is_char_boundary(i)).unwrap_or(0);
            input.insert(at, c);
        }
        for set in [&wp::PATH, &wp::COMPONENT] {
            let theirs_set = if set == &wp::PATH { &PE_PATH } else { &PE_COMPONENT };
            let mut ours = wp::utf8_percent_encode(&input, set);
            let mut theirs = pe::utf8_percent_encode(&input, theirs_set);
            for _ in 0..skip {
                prop_assert_eq!(ours.next(), theirs.next());
            }
            let rest: String = theirs.clone().collect();
            let ours_cow = Cow::from(ours);
            prop_assert_eq!(&*ours_cow, rest.as_str());
            // Every member becomes a triple (the input has no `%`): borrowed when there is none.
            prop_assert_eq!(matches!(ours_cow, Cow::Borrowed(_)), !rest.contains('%'));
        }
    }

    /// The two named sets and the operators agree with percent-encoding's.
    #[test]
    fn named_sets_and_operators(input in bytes(), (ops, _) in set_ops(), (ops2, _) in set_ops()) {
        let pairs: [(&wp::AsciiSet, &'static pe::AsciiSet); 2] =
            [(wp::CONTROLS, pe::CONTROLS), (wp::NON_ALPHANUMERIC, pe::NON_ALPHANUMERIC)];
        for (ours, theirs) in pairs {
            prop_assert_eq!(wp::percent_encode(&input, ours).to_string(), pe::percent_encode(&input, theirs).to_string());
        }
        let (a, a_theirs) = build(&ops, false);
        let (b, b_theirs) = build(&ops2, false);
        let union_theirs: &'static pe::AsciiSet = Box::leak(Box::new(a_theirs.union(b_theirs.union(pe::AsciiSet::EMPTY))));
        let not_theirs: &'static pe::AsciiSet = Box::leak(Box::new(!a_theirs.union(pe::AsciiSet::EMPTY)));
        prop_assert_eq!(wp::percent_encode(&input, &(a + b)).to_string(), pe::percent_encode(&input, union_theirs).to_string());
        prop_assert_eq!(wp::percent_encode(&input, &!a).to_string(), pe::percent_encode(&input, not_theirs).to_string());
    }

    /// `percent_decode` over random bytes and `percent_decode_str` over random strings.
    #[test]
    fn percent_decode_any(input in bytes(), s in text()) {
        assert_same_decode(&input)?;
        assert_same_decode(s.as_bytes())?;
        prop_assert_eq!(
            wp::percent_decode_str(&s).decode_utf8_lossy(),
            pe::percent_decode_str(&s).decode_utf8_lossy()
        );
    }

    /// Encoding then decoding through the two crates in either order gives the input back,
    /// for a set that holds `%`.
    #[test]
    fn cross_round_trip(input in bytes(), (ops, negate) in set_ops()) {
        let (ours, theirs) = build(&[ops, vec![(true, b'%')]].concat(), negate);
        if ours.contains(b'%') {
            let encoded = wp::percent_encode(&input, &ours).to_string();
            prop_assert_eq!(&*pe::percent_decode_str(&encoded).collect::<Vec<u8>>(), &input[..]);
            let encoded = pe::percent_encode(&input, theirs).to_string();
            prop_assert_eq!(&*wp::percent_decode_str(&encoded).into_bytes(), &input[..]);
        }
    }
}

/// Every byte, with each of the two named sets: a fixed, exhaustive check beside the random one.
#[test]
fn every_byte_with_named_sets() {
    for b in 0u8..=0xFF {
        assert_eq!(
            wp::percent_encode(&[b], wp::NON_ALPHANUMERIC).to_string(),
            pe::percent_encode(&[b], pe::NON_ALPHANUMERIC).to_string()
        );
        assert_eq!(
            wp::percent_encode(&[b], wp::CONTROLS).to_string(),
            pe::percent_encode(&[b], pe::CONTROLS).to_string()
        );
        assert_eq!(wp::percent_encode_byte(b), pe::percent_encode_byte(b));
    }
}
