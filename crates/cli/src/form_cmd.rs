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
            let pairs = weburl::form::parse(&bytes);
            let json: Vec<[&str; 2]> =
                pairs.iter().map(|(n, v)| [n.as_ref(), v.as_ref()]).collect();
            serde_json::to_writer(out.writer(), &json).map_err(std::io::Error::from)?;
            out.str("\n")?;
            Ok(0)
        }
        FormAction::Serialize { json, pairs } => {
            let owned: Vec<(String, String)> = if *json {
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
                serde_json::from_str::<Vec<(String, String)>>(&text).map_err(|err| {
                    Failure::Usage(format!("expected a JSON array of [name, value] pairs: {err}"))
                })?
            } else {
                pairs
                    .iter()
                    .map(|pair| match pair.split_once('=') {
                        Some((name, value)) => (name.to_owned(), value.to_owned()),
                        None => (pair.clone(), String::new()),
                    })
                    .collect()
            };
            let serialized =
                weburl::form::serialize_utf8(owned.iter().map(|(n, v)| (n.as_str(), v.as_str())));
            out.write_fmt(format_args!("{serialized}\n"))?;
            Ok(0)
        }
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
