//! `weburl set`: applies one URL API setter (URL Standard, section 6.1) and prints the href.

use weburl::Url;

use crate::cli::{Property, SetArgs};
use crate::out::{Out, Status, note};

/// Runs `weburl set`.
pub fn run(args: &SetArgs, out: &mut Out) -> Status {
    let mut url = match Url::parse(&args.url) {
        Ok(url) => url,
        Err(err) => {
            note(format_args!("weburl: {:?} does not parse: {err}", args.url));
            return Ok(1);
        }
    };
    let value = args.value.as_str();
    // The other setters ignore values they cannot use, as in JavaScript.
    let _ = match args.property {
        Property::Href => {
            // The href setter is the only one that can fail (it throws a TypeError in
            // JavaScript); the URL is then unchanged.
            if let Err(err) = url.set_href(value) {
                note(format_args!("weburl: the new href {value:?} does not parse: {err}"));
                return Ok(1);
            }
            weburl::SetOutcome::from(Ok(()))
        }
        Property::Protocol => url.set_protocol(value),
        Property::Username => url.set_username(value),
        Property::Password => url.set_password(value),
        Property::Host => url.set_host(value),
        Property::Hostname => url.set_hostname(value),
        Property::Port => url.set_port(value),
        Property::Pathname => url.set_pathname(value),
        Property::Search => url.set_search(value),
        Property::Hash => url.set_hash(value),
    };
    out.write_fmt(format_args!("{}\n", url.href()))?;
    Ok(0)
}
