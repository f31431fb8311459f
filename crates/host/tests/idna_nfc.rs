//! UTS #46 processing step 2 normalizes to NFC through `unicode-normalization`; this checks that
//! crate against the NFC columns of the Unicode 17.0.0 `NormalizationTest.txt`:
//! c2 == toNFC(c1) == toNFC(c2) == toNFC(c3) and c4 == toNFC(c4) == toNFC(c5), and that the NFC
//! forms pass `is_nfc` (used for validity criterion 1).

use unicode_normalization::{UnicodeNormalization, is_nfc};
use weburl_test_support::{Tally, load_text};

fn column(field: &str) -> String {
    field
        .split_whitespace()
        .map(|hex| char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn normalization_test_nfc() {
    let text = load_text("unicode/17.0.0/NormalizationTest.txt");
    let mut tally = Tally::new("NormalizationTest.txt (NFC)");
    for (number, line) in text.lines().enumerate() {
        let data = line.split('#').next().unwrap_or("");
        if data.trim().is_empty() || data.starts_with('@') {
            continue;
        }
        let c: Vec<String> = data.split(';').take(5).map(column).collect();
        let nfc = |i: usize| c[i].nfc().collect::<String>();
        let ok = nfc(0) == c[1]
            && nfc(1) == c[1]
            && nfc(2) == c[1]
            && nfc(3) == c[3]
            && nfc(4) == c[3]
            && is_nfc(&c[1])
            && is_nfc(&c[3]);
        tally.check(ok, || format!("line {}: {}", number + 1, data.trim()));
    }
    tally.finish();
}
