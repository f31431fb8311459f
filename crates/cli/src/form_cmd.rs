//! `weburl form`: the application/x-www-form-urlencoded parser and serializer (URL Standard,
//! section 5).

use std::io::Read as _;

use crate::cli::{FormAction, FormArgs};
use crate::out::{Failure, Out, Status};

/// Runs `weburl form`.
pub fn run(args: &FormArgs, out: &mut Out) -> Status {
    match &args.action {
        FormAction::Parse { input } => {
            let bytes = match input {
                Some(input) => input.clone().into_bytes(),
                None => read_stdin()?,
            };
            // The parser works on bytes: invalid UTF-8 becomes U+FFFD after percent-decoding.
            // Each pair is written as it is parsed (borrowing from the input where it can), so
            // memory stays at the input's size.
            out.str("[")?;
            for (i, (name, value)) in weburl::form::parse_iter(&bytes).enumerate() {
                out.str(if i == 0 { "[" } else { ",[" })?;
                serde_json::to_writer(out.writer(), name.as_ref()).map_err(std::io::Error::from)?;
                out.str(",")?;
                serde_json::to_writer(out.writer(), value.as_ref())
                    .map_err(std::io::Error::from)?;
                out.str("]")?;
            }
            out.str("]\n")?;
            Ok(0)
        }
        FormAction::Serialize { json, pairs } => {
            if *json {
                let text = match pairs.as_slice() {
                    [] => String::from_utf8(read_stdin()?).map_err(|_| {
                        Failure::Usage("standard input is not valid UTF-8".to_owned())
                    })?,
                    [one] => one.clone(),
                    _ => {
                        return Err(Failure::Usage(
                            "--json takes one JSON text (an array of [name, value] pairs)"
                                .to_owned(),
                        ));
                    }
                };
                serialize_json(&text, out)?;
            } else {
                let split = pairs.iter().map(|pair| pair.split_once('=').unwrap_or((pair, "")));
                out.str(&weburl::form::serialize_utf8(split))?;
            }
            out.str("\n")?;
            Ok(0)
        }
    }
}

/// Serializes the JSON array of `[name, value]` pairs in `text`, writing each pair as it is
/// read: memory stays at the size of the input, however many pairs it holds. Nothing is
/// written unless the whole text is such an array.
fn serialize_json(text: &str, out: &mut Out) -> Result<(), Failure> {
    let usage = |err: serde_json::Error| {
        Failure::Usage(format!("expected a JSON array of [name, value] pairs: {err}"))
    };
    // A first pass checks the shape without keeping anything, so that bad input writes no
    // partial output.
    let mut check = serde_json::Deserializer::from_str(text);
    serde::de::Deserializer::deserialize_seq(&mut check, PairsVisitor { out: None })
        .map_err(usage)?;
    check.end().map_err(usage)?;
    let mut pass = serde_json::Deserializer::from_str(text);
    let mut visitor = PairsVisitor { out: Some((out, None, String::new())) };
    let result = serde::de::Deserializer::deserialize_seq(&mut pass, &mut visitor);
    if let Some((_, Some(failure), _)) = visitor.out {
        return Err(failure);
    }
    result.map_err(usage)
}

/// Reads a JSON array of `[name, value]` pairs one pair at a time; with `out`, writes each
/// pair's serialization there (with a buffer for one pair, and the first write failure).
struct PairsVisitor<'o> {
    out: Option<(&'o mut Out, Option<Failure>, String)>,
}

impl<'de> serde::de::Visitor<'de> for &mut PairsVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut first = true;
        while let Some((name, value)) =
            seq.next_element::<(std::borrow::Cow<'de, str>, std::borrow::Cow<'de, str>)>()?
        {
            if let Some((out, failure, buffer)) = &mut self.out {
                buffer.clear();
                if !first {
                    buffer.push('&');
                }
                weburl::form::serialize_utf8_into([(name, value)], buffer);
                if let Err(err) = out.str(buffer) {
                    *failure = Some(err);
                    return Err(serde::de::Error::custom("standard output failed"));
                }
            }
            first = false;
        }
        Ok(())
    }
}

impl<'de> serde::de::Visitor<'de> for PairsVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(mut self, seq: A) -> Result<(), A::Error> {
        (&mut self).visit_seq(seq)
    }
}

/// All of standard input.
fn read_stdin() -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|err| Failure::Usage(format!("cannot read standard input: {err}")))?;
    Ok(bytes)
}
