//! The two UTS #46 calls the host algorithms make, with the URL Standard's settings
//! (section 3.3, "domain parser ToASCII" and "domain to Unicode").

use alloc::borrow::Cow;
use alloc::string::String;

use crate::idna::{self, Config, Errors};

/// The relaxed settings (beStrict false), also those of domain to Unicode.
const RELAXED: Config = Config::new();

/// The strict settings: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on.
const STRICT: Config =
    Config::new().check_hyphens(true).use_std3_ascii_rules(true).verify_dns_length(true);

/// The domain parser ToASCII: Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength set to `be_strict`, CheckBidi and CheckJoiners on, nontransitional, and
/// IgnoreInvalidPunycode off. `Err` holds the UTS #46 failures.
pub(crate) fn to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, Errors> {
    idna::to_ascii(domain, if be_strict { STRICT } else { RELAXED })
}

/// [`to_ascii`], also telling whether the result is known to hold only `a-z`, `0-9`, `-` and
/// `.` (`false` when unknown).
pub(crate) fn to_ascii_ldh(domain: &str, be_strict: bool) -> (Result<Cow<'_, str>, Errors>, bool) {
    idna::to_ascii_ldh(domain, if be_strict { STRICT } else { RELAXED })
}

/// Domain to Unicode's ToUnicode call; `None` when ToUnicode records an error.
#[cfg(test)]
pub(crate) fn to_unicode(domain: &str) -> Option<String> {
    let (result, errors) = idna::to_unicode(domain, RELAXED);
    errors.ok().map(|()| result)
}

/// ToUnicode (as `to_unicode` in the tests) for a domain known not to be all ASCII without
/// `xn--` labels (the case domain to Unicode answers itself), skipping ToUnicode's pass
/// looking for it.
pub(crate) fn to_unicode_not_plain(domain: &str) -> Option<String> {
    let (result, errors) = idna::to_unicode_not_plain(domain, RELAXED);
    errors.ok().map(|()| result)
}
