//! serde support (feature `serde`): a [`Url`] is its href string. Deserializing parses the
//! string, so an invalid URL is a deserialization error, never an unchecked record.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::Url;

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.href())
    }
}

struct UrlVisitor;

impl Visitor<'_> for UrlVisitor {
    type Value = Url;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an absolute URL string")
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Url, E> {
        // The parse error names the failure ("invalid URL: ...", "invalid host: ..."); the
        // message adds only the input, so nothing is said twice.
        Url::parse(value).map_err(|err| E::custom(format_args!("{value:?}: {err}")))
    }
}

impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserializer.deserialize_str(UrlVisitor)
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::string::ToString;

    #[test]
    fn href_round_trip() {
        let url = Url::parse("https://EXAMPLE.com/a b").unwrap();
        let json = serde_json::to_string(&url).unwrap();
        assert_eq!(json, r#""https://example.com/a%20b""#);
        let back: Url = serde_json::from_str(&json).unwrap();
        assert_eq!(back, url);
        let err = serde_json::from_str::<Url>(r#""not a url""#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"not a url\": relative URL without a base (missing-scheme-non-relative-URL) at line 1 column 11"
        );
        let err = serde_json::from_str::<Url>(r#""https://h:x/""#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"https://h:x/\": invalid URL: port-invalid at byte 10 at line 1 column 14"
        );
        // A host failure: the cause is said once, after the kind and offset.
        let err = serde_json::from_str::<Url>(r#""http://a b/""#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"http://a b/\": invalid host: domain-to-ASCII at byte 7 (forbidden domain code point) at line 1 column 13"
        );
        assert!(serde_json::from_str::<Url>("42").is_err());
    }
}
