//! The UTS #46 failures a run of ToASCII or ToUnicode can record, named by the status codes of
//! the Unicode conformance file `IdnaTestV2.txt` (processing step, validity criterion, ToASCII
//! step, RFC 5893 Bidi rule or RFC 5892 ContextJ rule).

use core::fmt;

/// One UTS #46 failure, named by its `IdnaTestV2.txt` status code.
///
/// ```
/// use weburl_host::idna::{to_ascii, Config, ErrorCode};
///
/// let errors = to_ascii("-a.example", Config::new().check_hyphens(true)).unwrap_err();
/// assert_eq!(errors.iter().collect::<Vec<_>>(), [ErrorCode::V3]);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ErrorCode {
    /// Processing step 4.1: an `xn--` label holds a non-ASCII code point, is not valid
    /// Punycode, or decodes to nothing or to ASCII only.
    P4,
    /// Validity criterion 1: the label is not in Normalization Form C.
    V1,
    /// Validity criterion 2 (CheckHyphens): hyphen-minus in both the third and fourth positions.
    V2,
    /// Validity criterion 3 (CheckHyphens): the label begins or ends with a hyphen-minus.
    V3,
    /// Validity criterion 4: a label decoded from Punycode begins with `xn--`.
    V4,
    /// Validity criterion 5: the label contains U+002E FULL STOP.
    V5,
    /// Validity criterion 6: the label begins with a combining mark (General_Category=Mark).
    V6,
    /// Validity criterion 7: a code point whose IDNA mapping status is not valid (or deviation,
    /// for nontransitional processing).
    V7,
    /// UseSTD3ASCIIRules: an ASCII code point other than `a-z`, `0-9` and `-`.
    U1,
    /// ToASCII step 3: Punycode encoding failed.
    A3,
    /// ToASCII step 4.1 (VerifyDnsLength): the domain name, without the root label, is empty or
    /// longer than 253.
    A4_1,
    /// ToASCII step 4.2 (VerifyDnsLength): a label is empty or longer than 63.
    A4_2,
    /// RFC 5893 rule 1: the first character of a label of a Bidi domain name is not L, R or AL.
    B1,
    /// RFC 5893 rule 2: a right-to-left label holds a character outside R, AL, AN, EN, ES, CS,
    /// ET, ON, BN and NSM.
    B2,
    /// RFC 5893 rule 3: a right-to-left label does not end in R, AL, EN or AN (then NSMs).
    B3,
    /// RFC 5893 rule 4: a right-to-left label holds both EN and AN.
    B4,
    /// RFC 5893 rule 5: a left-to-right label holds a character outside L, EN, ES, CS, ET, ON,
    /// BN and NSM.
    B5,
    /// RFC 5893 rule 6: a left-to-right label does not end in L or EN (then NSMs).
    B6,
    /// RFC 5892 Appendix A.1: U+200C ZERO WIDTH NON-JOINER out of context.
    C1,
    /// RFC 5892 Appendix A.2: U+200D ZERO WIDTH JOINER out of context.
    C2,
    /// ToUnicode with VerifyDnsLength: an empty label other than the root label.
    X4_2,
}

/// Every code, in declaration order (the bit order of [`Errors`]).
const ALL: [ErrorCode; 21] = [
    ErrorCode::P4,
    ErrorCode::V1,
    ErrorCode::V2,
    ErrorCode::V3,
    ErrorCode::V4,
    ErrorCode::V5,
    ErrorCode::V6,
    ErrorCode::V7,
    ErrorCode::U1,
    ErrorCode::A3,
    ErrorCode::A4_1,
    ErrorCode::A4_2,
    ErrorCode::B1,
    ErrorCode::B2,
    ErrorCode::B3,
    ErrorCode::B4,
    ErrorCode::B5,
    ErrorCode::B6,
    ErrorCode::C1,
    ErrorCode::C2,
    ErrorCode::X4_2,
];

impl ErrorCode {
    /// The status code as `IdnaTestV2.txt` writes it, e.g. `"A4_2"`.
    ///
    /// ```
    /// use weburl_host::idna::ErrorCode;
    ///
    /// assert_eq!(ErrorCode::A4_2.code(), "A4_2");
    /// assert_eq!(ErrorCode::P4.to_string(), "P4");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ErrorCode::P4 => "P4",
            ErrorCode::V1 => "V1",
            ErrorCode::V2 => "V2",
            ErrorCode::V3 => "V3",
            ErrorCode::V4 => "V4",
            ErrorCode::V5 => "V5",
            ErrorCode::V6 => "V6",
            ErrorCode::V7 => "V7",
            ErrorCode::U1 => "U1",
            ErrorCode::A3 => "A3",
            ErrorCode::A4_1 => "A4_1",
            ErrorCode::A4_2 => "A4_2",
            ErrorCode::B1 => "B1",
            ErrorCode::B2 => "B2",
            ErrorCode::B3 => "B3",
            ErrorCode::B4 => "B4",
            ErrorCode::B5 => "B5",
            ErrorCode::B6 => "B6",
            ErrorCode::C1 => "C1",
            ErrorCode::C2 => "C2",
            ErrorCode::X4_2 => "X4_2",
        }
    }

    /// The code named by `code` (as [`ErrorCode::code`] writes it), if there is one.
    ///
    /// ```
    /// use weburl_host::idna::ErrorCode;
    ///
    /// assert_eq!(ErrorCode::from_code("C2"), Some(ErrorCode::C2));
    /// assert_eq!(ErrorCode::from_code("c2"), None);
    /// ```
    #[must_use]
    pub fn from_code(code: &str) -> Option<ErrorCode> {
        ALL.iter().copied().find(|c| c.code() == code)
    }

    /// A short lower-case description of the failure.
    ///
    /// ```
    /// use weburl_host::idna::ErrorCode;
    ///
    /// assert_eq!(ErrorCode::U1.description(), "ascii code point not allowed by std3 rules");
    /// ```
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            ErrorCode::P4 => "invalid punycode label",
            ErrorCode::V1 => "label not in normalization form c",
            ErrorCode::V2 => "hyphens in the third and fourth positions",
            ErrorCode::V3 => "label begins or ends with a hyphen",
            ErrorCode::V4 => "decoded label begins with xn--",
            ErrorCode::V5 => "label contains a full stop",
            ErrorCode::V6 => "label begins with a combining mark",
            ErrorCode::V7 => "code point not valid in a label",
            ErrorCode::U1 => "ascii code point not allowed by std3 rules",
            ErrorCode::A3 => "punycode encoding failed",
            ErrorCode::A4_1 => "domain name empty or longer than 253",
            ErrorCode::A4_2 => "label empty or longer than 63",
            ErrorCode::B1 => "bidi rule 1: label does not start with l, r or al",
            ErrorCode::B2 => "bidi rule 2: character not allowed in a right-to-left label",
            ErrorCode::B3 => "bidi rule 3: bad end of a right-to-left label",
            ErrorCode::B4 => "bidi rule 4: both en and an in a right-to-left label",
            ErrorCode::B5 => "bidi rule 5: character not allowed in a left-to-right label",
            ErrorCode::B6 => "bidi rule 6: bad end of a left-to-right label",
            ErrorCode::C1 => "zero width non-joiner out of context",
            ErrorCode::C2 => "zero width joiner out of context",
            ErrorCode::X4_2 => "empty label",
        }
    }

    const fn bit(self) -> u32 {
        1 << (self as u8)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The set of UTS #46 failures recorded by one run (a bitset of [`ErrorCode`]s).
///
/// ```
/// use weburl_host::idna::{to_ascii, Config, ErrorCode};
///
/// let errors = to_ascii("a-.xn--0", Config::new().check_hyphens(true)).unwrap_err();
/// assert!(errors.contains(ErrorCode::V3) && errors.contains(ErrorCode::P4));
/// assert_eq!(errors.to_string(), "P4, V3");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Errors(u32);

impl Errors {
    /// No failure.
    ///
    /// ```
    /// use weburl_host::idna::Errors;
    ///
    /// assert!(Errors::new().is_empty());
    /// assert_eq!(Errors::new(), Errors::default());
    /// ```
    #[must_use]
    pub const fn new() -> Errors {
        Errors(0)
    }

    /// Whether no failure was recorded.
    ///
    /// ```
    /// use weburl_host::idna::{to_unicode, Config};
    ///
    /// let (_, result) = to_unicode("xn--bcher-kva.example", Config::new());
    /// assert!(result.is_ok());
    /// let (_, result) = to_unicode("xn--zz.example", Config::new());
    /// assert!(!result.unwrap_err().is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of distinct failures recorded.
    ///
    /// ```
    /// use weburl_host::idna::{to_ascii, Config};
    ///
    /// // A right-to-left label with a left-to-right letter breaks two Bidi rules.
    /// assert_eq!(to_ascii("\u{5D0}a", Config::new()).unwrap_err().len(), 2);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `code` was recorded.
    ///
    /// ```
    /// use weburl_host::idna::{to_ascii, Config, ErrorCode};
    ///
    /// let errors = to_ascii("a\u{200D}b", Config::new()).unwrap_err();
    /// assert!(errors.contains(ErrorCode::C2) && !errors.contains(ErrorCode::C1));
    /// ```
    #[must_use]
    pub const fn contains(self, code: ErrorCode) -> bool {
        self.0 & code.bit() != 0
    }

    /// This set with `code` added.
    ///
    /// ```
    /// use weburl_host::idna::{ErrorCode, Errors};
    ///
    /// const HYPHENS: Errors = Errors::new().with(ErrorCode::V2).with(ErrorCode::V3);
    /// assert_eq!(HYPHENS.len(), 2);
    /// ```
    #[must_use]
    pub const fn with(self, code: ErrorCode) -> Errors {
        Errors(self.0 | code.bit())
    }

    /// This set without `code`.
    ///
    /// ```
    /// use weburl_host::idna::{ErrorCode, Errors};
    ///
    /// let errors = Errors::new().with(ErrorCode::V2).with(ErrorCode::A4_2);
    /// assert_eq!(errors.without(ErrorCode::A4_2), Errors::new().with(ErrorCode::V2));
    /// assert_eq!(errors.without(ErrorCode::B1), errors);
    /// ```
    #[must_use]
    pub const fn without(self, code: ErrorCode) -> Errors {
        Errors(self.0 & !code.bit())
    }

    /// The union of both sets.
    ///
    /// ```
    /// use weburl_host::idna::{ErrorCode, Errors};
    ///
    /// let a = Errors::from(ErrorCode::B1);
    /// let b = Errors::new().with(ErrorCode::C2).with(ErrorCode::B1);
    /// assert_eq!(a.union(b).len(), 2);
    /// ```
    #[must_use]
    pub const fn union(self, other: Errors) -> Errors {
        Errors(self.0 | other.0)
    }

    /// Records `code`.
    ///
    /// ```
    /// use weburl_host::idna::{ErrorCode, Errors};
    ///
    /// let mut errors = Errors::new();
    /// errors.insert(ErrorCode::P4);
    /// errors.insert(ErrorCode::P4);
    /// assert_eq!(errors.len(), 1);
    /// ```
    pub fn insert(&mut self, code: ErrorCode) {
        self.0 |= code.bit();
    }

    /// The recorded codes, in the order of [`ErrorCode`]'s declaration.
    ///
    /// ```
    /// use weburl_host::idna::{ErrorCode, Errors};
    ///
    /// let errors = Errors::new().with(ErrorCode::C2).with(ErrorCode::P4);
    /// assert_eq!(errors.iter().collect::<Vec<_>>(), [ErrorCode::P4, ErrorCode::C2]);
    /// ```
    #[must_use]
    pub const fn iter(self) -> ErrorCodes {
        ErrorCodes { set: self, next: 0 }
    }
}

impl IntoIterator for Errors {
    type Item = ErrorCode;
    type IntoIter = ErrorCodes;

    fn into_iter(self) -> ErrorCodes {
        self.iter()
    }
}

/// Iterator over the codes of an [`Errors`] set, in the order of [`ErrorCode`]'s declaration.
///
/// ```
/// use weburl_host::idna::{ErrorCode, Errors};
///
/// let errors = Errors::new().with(ErrorCode::V3);
/// let codes: Vec<&str> = errors.into_iter().map(ErrorCode::code).collect();
/// assert_eq!(codes, ["V3"]);
/// ```
#[derive(Clone, Debug)]
pub struct ErrorCodes {
    set: Errors,
    next: usize,
}

impl Iterator for ErrorCodes {
    type Item = ErrorCode;

    fn next(&mut self) -> Option<ErrorCode> {
        while let Some(&code) = ALL.get(self.next) {
            self.next += 1;
            if self.set.contains(code) {
                return Some(code);
            }
        }
        None
    }
}

impl fmt::Debug for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("no error");
        }
        for (i, code) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(code.code())?;
        }
        Ok(())
    }
}

impl core::error::Error for Errors {}

impl From<ErrorCode> for Errors {
    fn from(code: ErrorCode) -> Errors {
        Errors::new().with(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn set_operations() {
        let mut errors = Errors::new();
        assert!(errors.is_empty());
        errors.insert(ErrorCode::X4_2);
        errors.insert(ErrorCode::P4);
        errors.insert(ErrorCode::P4);
        assert_eq!(errors.len(), 2);
        assert!(errors.contains(ErrorCode::P4) && !errors.contains(ErrorCode::V1));
        assert_eq!(errors.iter().collect::<Vec<_>>(), [ErrorCode::P4, ErrorCode::X4_2]);
        assert_eq!(errors.without(ErrorCode::P4), Errors::from(ErrorCode::X4_2));
        assert_eq!(Errors::from(ErrorCode::B1).union(ErrorCode::C2.into()).len(), 2);
        assert_eq!(errors.to_string(), "P4, X4_2");
        assert_eq!(alloc::format!("{errors:?}"), "[P4, X4_2]");
        assert_eq!(Errors::new().to_string(), "no error");
    }

    #[test]
    fn every_code_has_its_own_bit_and_name() {
        let all = ALL.iter().fold(Errors::new(), |set, &code| set.with(code));
        assert_eq!(all.len(), ALL.len());
        assert_eq!(all.into_iter().collect::<Vec<_>>(), ALL);
        for code in ALL {
            assert_eq!(ErrorCode::from_code(code.code()), Some(code));
            assert_eq!(code.to_string(), code.code());
            assert!(!code.description().is_empty());
        }
    }
}
