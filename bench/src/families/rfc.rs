//! RFC 3986 families: validate, resolve and normalize, weburl-rfc3986 against fluent-uri,
//! iri-string, oxiri and uriparse. Each peer is first checked on the same inputs against
//! weburl's answers (which follow the RFC's grammar and section 5.2 and 6.2.2); a peer that
//! disagrees on any input is still timed but is not eligible as the best peer, and the note
//! names the disagreements with one example.

use iri_string::types::{UriAbsoluteStr, UriReferenceStr, UriStr};
use weburl::rfc3986::UriRef;

use super::inputs::{Inputs, RELATIVE_KINDS};
use super::{Entrant, Family, Role};
use crate::timing::Contestant;

/// One peer's function from an input to its answer (None: rejected).
type Answer<'x> = Box<dyn Fn(&str) -> Option<String> + 'x>;

/// Adds `name` as an eligible peer if `check` answers like weburl on every input, or as a
/// non-eligible contestant otherwise; the note counts disagreements.
fn checked<'a>(
    mut family: Family<'a>,
    name: &'static str,
    inputs: &[&str],
    ours: &dyn Fn(&str) -> Option<String>,
    check: Answer<'_>,
    pass: impl FnMut() -> usize + 'a,
) -> Family<'a> {
    let bad: Vec<&&str> = inputs.iter().filter(|i| ours(i) != check(i)).collect();
    let role = if bad.is_empty() { Role::Peer } else { Role::Other };
    if let Some(first) = bad.first() {
        let sep = if family.note.is_empty() { "" } else { "; " };
        family.note = format!(
            "{}{sep}{name} disagrees on {} of {} (e.g. {:?}: weburl {:?}, {name} {:?}), so it is not eligible",
            family.note,
            bad.len(),
            inputs.len(),
            first,
            ours(first),
            check(first)
        );
    }
    family.entrants.push(Entrant { role, c: Contestant { name, pass: Box::new(pass) } });
    family
}

/// Pushes the RFC 3986 families whose names `wanted` accepts.
pub fn families<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    if wanted("rfc3986/validate") {
        out.push(validate(inputs.all_lines().step_by(4).collect()));
    }
    if wanted("rfc3986/resolve") {
        let abs = inputs.absolute();
        // Section 5.1: a base URI is an absolute-URI, without fragment.
        let base = |b: usize| abs[b].split('#').next().unwrap_or_default();
        let pairs: Vec<(&'a str, &'a str)> = (0..RELATIVE_KINDS.len())
            .flat_map(|k| inputs.relative(k).iter().map(move |(b, r)| (base(*b), r.as_str())))
            .collect();
        out.push(resolve(pairs));
    }
    if wanted("rfc3986/normalize") {
        out.push(normalize(inputs.absolute()));
    }
}

fn validate(lines: Vec<&str>) -> Family<'_> {
    let ours = |s: &str| weburl::rfc3986::validate(s).ok().map(|()| String::new());
    let n = lines.len();
    let (l0, l1, l2, l3, l4) =
        (lines.clone(), lines.clone(), lines.clone(), lines.clone(), lines.clone());
    let f = Family::new("rfc3986/validate", n, move || {
        l0.iter().filter(|l| weburl::rfc3986::validate(l).is_ok()).count()
    });
    let f = checked(
        f,
        "fluent-uri",
        &lines,
        &ours,
        Box::new(|s| fluent_uri::UriRef::parse(s).ok().map(|_| String::new())),
        move || l1.iter().filter(|l| fluent_uri::UriRef::parse(**l).is_ok()).count(),
    );
    let f = checked(
        f,
        "iri-string",
        &lines,
        &ours,
        Box::new(|s| UriReferenceStr::new(s).ok().map(|_| String::new())),
        move || l2.iter().filter(|l| UriReferenceStr::new(l).is_ok()).count(),
    );
    let f = checked(
        f,
        "oxiri",
        &lines,
        &ours,
        Box::new(|s| (s.is_ascii() && oxiri::IriRef::parse(s).is_ok()).then(String::new)),
        move || l3.iter().filter(|l| l.is_ascii() && oxiri::IriRef::parse(**l).is_ok()).count(),
    );
    let valid = lines.iter().filter(|l| ours(l).is_some()).count();
    checked(
        f,
        "uriparse",
        &lines,
        &ours,
        Box::new(|s| uriparse::URIReference::try_from(s).ok().map(|_| String::new())),
        move || l4.iter().filter(|l| uriparse::URIReference::try_from(**l).is_ok()).count(),
    )
    .note_add(format!("{valid} of {n} lines are valid URI references"))
}

fn resolve<'a>(pairs: Vec<(&'a str, &'a str)>) -> Family<'a> {
    let n = pairs.len();
    let keys: Vec<String> = pairs.iter().map(|(b, r)| format!("{b}\n{r}")).collect();
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    fn split(k: &str) -> (&str, &str) {
        k.split_once('\n').unwrap_or((k, ""))
    }
    let ours = move |k: &str| {
        let (b, r) = split(k);
        Some(UriRef::parse(b).ok()?.resolve(&UriRef::parse(r).ok()?).ok()?.as_str().to_owned())
    };
    let wb: Vec<(UriRef<'_>, &str)> =
        pairs.iter().filter_map(|(b, r)| Some((UriRef::parse(b).ok()?, *r))).collect();
    let f = Family::new("rfc3986/resolve", n, move || {
        wb.iter()
            .filter_map(|(b, r)| b.resolve(&UriRef::parse(r).ok()?).ok())
            .map(|t| t.as_str().len())
            .sum()
    });
    let fb: Vec<(fluent_uri::Uri<&str>, &str)> =
        pairs.iter().filter_map(|(b, r)| Some((fluent_uri::Uri::parse(*b).ok()?, *r))).collect();
    let f = checked(
        f,
        "fluent-uri",
        &keys,
        &ours,
        Box::new(move |k| {
            let (b, r) = split(k);
            let t = fluent_uri::UriRef::parse(r)
                .ok()?
                .resolve_against(&fluent_uri::Uri::parse(b).ok()?)
                .ok()?;
            Some(t.as_str().to_owned())
        }),
        move || {
            fb.iter()
                .filter_map(|(b, r)| fluent_uri::UriRef::parse(*r).ok()?.resolve_against(b).ok())
                .map(|t| t.as_str().len())
                .sum()
        },
    );
    let ib: Vec<(&UriAbsoluteStr, &str)> =
        pairs.iter().filter_map(|(b, r)| Some((UriAbsoluteStr::new(b).ok()?, *r))).collect();
    let f = checked(
        f,
        "iri-string",
        &keys,
        &ours,
        Box::new(move |k| {
            let (b, r) = split(k);
            Some(
                UriReferenceStr::new(r)
                    .ok()?
                    .resolve_against(UriAbsoluteStr::new(b).ok()?)
                    .to_string(),
            )
        }),
        move || {
            ib.iter()
                .filter_map(|(b, r)| {
                    Some(UriReferenceStr::new(r).ok()?.resolve_against(b).to_string())
                })
                .map(|t| t.len())
                .sum()
        },
    );
    let ob: Vec<(oxiri::Iri<&str>, &str)> =
        pairs.iter().filter_map(|(b, r)| Some((oxiri::Iri::parse(*b).ok()?, *r))).collect();
    let f = checked(
        f,
        "oxiri",
        &keys,
        &ours,
        Box::new(move |k| {
            let (b, r) = split(k);
            Some(oxiri::Iri::parse(b).ok()?.resolve(r).ok()?.into_inner())
        }),
        move || ob.iter().filter_map(|(b, r)| b.resolve(r).ok()).map(|t| t.as_str().len()).sum(),
    );
    let ub: Vec<(uriparse::URI<'_>, &str)> =
        pairs.iter().filter_map(|(b, r)| Some((uriparse::URI::try_from(*b).ok()?, *r))).collect();
    checked(
        f,
        "uriparse",
        &keys,
        &ours,
        Box::new(move |k| {
            let (b, r) = split(k);
            let base = uriparse::URI::try_from(b).ok()?;
            let r = uriparse::URIReference::try_from(r).ok()?;
            Some(base.resolve(&r).to_string())
        }),
        move || {
            ub.iter()
                .filter_map(|(b, r)| {
                    let r = uriparse::URIReference::try_from(*r).ok()?;
                    Some(b.resolve(&r).to_string().len())
                })
                .sum()
        },
    )
}

/// Each URL made un-normal the ways real ones are: upper-case scheme and host, `.` and `..`
/// segments, lower-case and unneeded percent-escapes.
fn denormalize(href: &str) -> Option<String> {
    let u = weburl::Url::parse(href).ok()?;
    let path = u.pathname();
    let cut = path.rfind('/').unwrap_or(0);
    Some(format!(
        "{}://{}{}/./x/../{}%7e%2f%41{}{}",
        u.scheme().to_uppercase(),
        u.host().to_uppercase(),
        &path[..cut],
        &path[cut + 1..],
        u.search(),
        u.hash()
    ))
}

fn normalize(abs: &[String]) -> Family<'static> {
    let inputs: Vec<String> = abs.iter().filter_map(|h| denormalize(h)).collect();
    let keys: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let n = inputs.len();
    let ours = |s: &str| Some(UriRef::parse(s).ok()?.normalized().as_str().to_owned());
    let (i0, i1, i2, i3) = (inputs.clone(), inputs.clone(), inputs.clone(), inputs.clone());
    let f = Family::new("rfc3986/normalize", n, move || {
        i0.iter().filter_map(|s| UriRef::parse(s).ok()).map(|u| u.normalized().as_str().len()).sum()
    });
    let f = checked(
        f,
        "fluent-uri",
        &keys,
        &ours,
        Box::new(|s| Some(fluent_uri::UriRef::parse(s).ok()?.normalize().as_str().to_owned())),
        move || {
            i1.iter()
                .filter_map(|s| fluent_uri::UriRef::parse(s.as_str()).ok())
                .map(|u| u.normalize().as_str().len())
                .sum()
        },
    );
    let f = checked(
        f,
        "iri-string",
        &keys,
        &ours,
        Box::new(|s| Some(UriStr::new(s).ok()?.normalize().to_string())),
        move || {
            i2.iter()
                .filter_map(|s| UriStr::new(s).ok())
                .map(|u| u.normalize().to_string().len())
                .sum()
        },
    );
    checked(
        f,
        "uriparse",
        &keys,
        &ours,
        Box::new(|s| {
            let mut u = uriparse::URIReference::try_from(s).ok()?;
            u.normalize();
            Some(u.to_string())
        }),
        move || {
            i3.iter()
                .filter_map(|s| {
                    let mut u = uriparse::URIReference::try_from(s.as_str()).ok()?;
                    u.normalize();
                    Some(u.to_string().len())
                })
                .sum()
        },
    )
    .note_add("oxiri has no normalization")
}
