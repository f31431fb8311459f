//! UTS #46 IDNA processing: mapping, normalization, punycode, validity, bidi and joiner rules
//! (being built).
