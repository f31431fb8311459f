//! `weburl idna`: the URL Standard's domain to ASCII (section 3.3, with beStrict) and domain to
//! Unicode.

use weburl::host::{domain_to_ascii, domain_to_unicode};

use crate::cli::{Direction, IdnaArgs};
use crate::out::{Out, Status, note};

/// Runs `weburl idna`.
///
/// `to-unicode` first runs domain to ASCII (with `--strict` as beStrict), as the host parser
/// would before storing the domain, then domain to Unicode on the result: so the output is the
/// Unicode form of the domain a URL would hold, and an input the host parser rejects is an
/// error in both directions.
pub fn run(args: &IdnaArgs, out: &mut Out) -> Status {
    let mut status = 0;
    for domain in &args.domains {
        match domain_to_ascii(domain, args.strict) {
            Ok(ascii) => {
                let line = match args.direction {
                    Direction::ToAscii => ascii.into_owned(),
                    Direction::ToUnicode => domain_to_unicode(&ascii),
                };
                out.write_fmt(format_args!("{line}\n"))?;
            }
            Err(err) => {
                status = 1;
                out.flush()?;
                note(format_args!("weburl: {domain:?}: {err}"));
            }
        }
    }
    Ok(status)
}
