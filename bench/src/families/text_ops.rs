//! Families of the text algorithms: domain to ASCII and to Unicode, Punycode, percent-encode
//! and decode, application/x-www-form-urlencoded parse and serialize.

use std::borrow::Cow;

use super::Family;
use super::inputs::Inputs;

/// rust-url's `percent-encoding` sets equal to weburl's path and component sets.
const PE_PATH: percent_encoding::AsciiSet = percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'}');
const PE_COMPONENT: percent_encoding::AsciiSet = PE_PATH
    .add(b'/')
    .add(b':')
    .add(b';')
    .add(b'=')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'|')
    .add(b'$')
    .add(b'%')
    .add(b'&')
    .add(b'+')
    .add(b',');

/// A named host set and the input getter that builds it.
type HostSet<'a> = (&'static str, fn(&'a Inputs) -> &'a [String]);

/// Pushes the text families whose names `wanted` accepts.
pub fn families<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    let sets: [HostSet<'a>; 5] = [
        ("ASCII hosts of the lists", Inputs::ascii_hosts),
        ("non-ASCII mixed case", Inputs::mixed_hosts),
        ("xn-- input", Inputs::xn_hosts),
        ("generated script mix", Inputs::mix_hosts),
        ("decomposed (NFD) input", Inputs::decomposed_hosts),
    ];
    for (label, get) in sets {
        let name = format!("domain_to_ascii/{label}");
        if wanted(&name) {
            out.push(to_ascii(name, get(inputs)));
        }
    }
    for (label, get) in [sets[2], sets[0]] {
        let name = format!("domain_to_unicode/{label}");
        if wanted(&name) {
            out.push(to_unicode(name, get(inputs)));
        }
    }
    punycode(inputs, wanted, out);
    percent(inputs, wanted, out);
    form(inputs, wanted, out);
}

fn to_ascii<'a>(name: String, hosts: &'a [String]) -> Family<'a> {
    let ours = |h: &str| weburl::host::domain_to_ascii(h, false).ok().map(Cow::into_owned);
    let theirs = |h: &str| {
        idna::domain_to_ascii_cow(h.as_bytes(), idna::AsciiDenyList::URL).ok().map(Cow::into_owned)
    };
    let differ = hosts.iter().filter(|h| ours(h) != theirs(h)).count();
    let first_difference = hosts.iter().find(|h| ours(h) != theirs(h)).map_or(String::new(), |h| {
        format!(" (first: {h:?}, weburl {:?}, idna {:?})", ours(h), theirs(h))
    });
    let failed = hosts.iter().filter(|h| ours(h).is_none()).count();
    Family::new(name, hosts.len(), move || {
        hosts
            .iter()
            .filter_map(|h| weburl::host::domain_to_ascii(h, false).ok())
            .map(|s| s.len())
            .sum()
    })
    .peer("idna", move || {
        hosts
            .iter()
            .filter_map(|h| idna::domain_to_ascii_cow(h.as_bytes(), idna::AsciiDenyList::URL).ok())
            .map(|s| s.len())
            .sum()
    })
    .peer("ada", move || hosts.iter().map(|h| ada_url::Idna::ascii(h).len()).sum())
    .note(format!(
        "{} hosts, {failed} fail in weburl; weburl and idna (AsciiDenyList::URL) differ on \
         {differ}{first_difference}",
        hosts.len()
    ))
}

fn to_unicode<'a>(name: String, hosts: &'a [String]) -> Family<'a> {
    let differ = hosts
        .iter()
        .filter(|h| weburl::host::domain_to_unicode(h) != idna::domain_to_unicode(h).0)
        .count();
    Family::new(name, hosts.len(), move || {
        hosts.iter().map(|h| weburl::host::domain_to_unicode(h).len()).sum()
    })
    .peer("idna", move || hosts.iter().map(|h| idna::domain_to_unicode(h).0.len()).sum())
    .peer("ada", move || hosts.iter().map(|h| ada_url::Idna::unicode(h).len()).sum())
    .note(format!("weburl and idna differ on {differ} of {}", hosts.len()))
}

fn punycode<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    if !wanted("punycode/encode") && !wanted("punycode/decode") {
        return;
    }
    // The non-ASCII labels of the generated hosts, lower-cased, and their encodings.
    let labels: Vec<String> = inputs
        .mixed_hosts()
        .iter()
        .chain(inputs.mix_hosts())
        .flat_map(|h| h.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']))
        .filter(|l| !l.is_ascii())
        .map(str::to_lowercase)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let encoded: Vec<String> =
        labels.iter().filter_map(|l| idna::punycode::encode_str(l)).collect();
    if wanted("punycode/encode") {
        let differ = labels
            .iter()
            .filter(|l| weburl::idna::punycode::encode(l).ok() != idna::punycode::encode_str(l))
            .count();
        let l2 = labels.clone();
        out.push(
            Family::new("punycode/encode", labels.len(), move || {
                labels
                    .iter()
                    .filter_map(|l| weburl::idna::punycode::encode(l).ok())
                    .map(|s| s.len())
                    .sum()
            })
            .peer("idna", move || {
                l2.iter().filter_map(|l| idna::punycode::encode_str(l)).map(|s| s.len()).sum()
            })
            .note(format!("encodings differ from idna's on {differ}")),
        );
    }
    if wanted("punycode/decode") {
        let differ = encoded
            .iter()
            .filter(|l| {
                weburl::idna::punycode::decode(l).ok() != idna::punycode::decode_to_string(l)
            })
            .count();
        let e2 = encoded.clone();
        out.push(
            Family::new("punycode/decode", encoded.len(), move || {
                encoded
                    .iter()
                    .filter_map(|l| weburl::idna::punycode::decode(l).ok())
                    .map(|s| s.len())
                    .sum()
            })
            .peer("idna", move || {
                e2.iter().filter_map(|l| idna::punycode::decode_to_string(l)).map(|s| s.len()).sum()
            })
            .note(format!("decodings differ from idna's on {differ}")),
        );
    }
}

fn percent<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    // Raw path-and-query of every list line (to decode), and their decoded text (to encode).
    let raw: Vec<&'a str> = inputs
        .all_lines()
        .step_by(8)
        .filter_map(|l| l.find("://").map(|i| &l[i + 3..]))
        .filter_map(|rest| rest.find('/').map(|i| &rest[i..]))
        .collect();
    let decoded: Vec<String> = raw
        .iter()
        .map(|r| percent_encoding::percent_decode_str(r).decode_utf8_lossy().into_owned())
        .collect();
    // Search terms and names in several scripts, short and long, as a query component or a
    // form value carries them (every non-ASCII byte encoded).
    let texts = [
        "東京都渋谷区 ラーメン 営業時間",
        "Москва новости сегодня",
        "crème brûlée recette",
        "مرحبا بالعالم",
        "서울 맛집 추천",
        "Zürich",
        "naïve café",
        "पुस्तकालय खोज",
        "ελληνικά κείμενα για αρχάριους",
        "😀 party 🎉",
        "q",
        "how to parse a url",
    ];
    let international: Vec<String> = (0..1000)
        .map(|i| {
            let text = texts[i % texts.len()];
            if i % 3 == 0 { format!("{text} {i}") } else { text.to_owned() }
        })
        .collect();
    for (label, inputs, ours, theirs) in [
        ("path set", &decoded, &weburl::percent::PATH, &PE_PATH),
        ("component set", &decoded, &weburl::percent::COMPONENT, &PE_COMPONENT),
        (
            "international text, component set",
            &international,
            &weburl::percent::COMPONENT,
            &PE_COMPONENT,
        ),
    ] {
        let decoded = inputs;
        let name = format!("percent/encode ({label})");
        if !wanted(&name) {
            continue;
        }
        let differ = decoded
            .iter()
            .filter(|s| {
                Cow::from(weburl::percent::utf8_percent_encode(s, ours))
                    != Cow::from(percent_encoding::utf8_percent_encode(s, theirs))
            })
            .count();
        let (d1, d2) = (decoded.clone(), decoded.clone());
        out.push(
            Family::new(name, d1.len(), move || {
                d1.iter()
                    .map(|s| Cow::from(weburl::percent::utf8_percent_encode(s, ours)).len())
                    .sum()
            })
            .peer("percent-encoding", move || {
                d2.iter()
                    .map(|s| Cow::from(percent_encoding::utf8_percent_encode(s, theirs)).len())
                    .sum()
            })
            .note(format!("results differ on {differ} of {} (Cow results)", decoded.len())),
        );
    }
    if wanted("percent/decode") {
        let differ = raw
            .iter()
            .filter(|r| {
                weburl::percent::percent_decode_str(r).decode_utf8_lossy()
                    != percent_encoding::percent_decode_str(r).decode_utf8_lossy()
            })
            .count();
        let (r1, r2) = (raw.clone(), raw.clone());
        out.push(
            Family::new("percent/decode (utf8 lossy)", r1.len(), move || {
                r1.iter()
                    .map(|r| weburl::percent::percent_decode_str(r).decode_utf8_lossy().len())
                    .sum()
            })
            .peer("percent-encoding", move || {
                r2.iter()
                    .map(|r| percent_encoding::percent_decode_str(r).decode_utf8_lossy().len())
                    .sum()
            })
            .note(format!("results differ on {differ} of {}", raw.len())),
        );
    }
    if wanted("percent/decode (encoded international text)") {
        // The international texts above as a query component carries them.
        let encoded: Vec<String> = international
            .iter()
            .map(|t| {
                weburl::percent::utf8_percent_encode(t, &weburl::percent::COMPONENT).to_string()
            })
            .collect();
        let differ = encoded
            .iter()
            .filter(|r| {
                weburl::percent::percent_decode_str(r).decode_utf8_lossy()
                    != percent_encoding::percent_decode_str(r).decode_utf8_lossy()
            })
            .count();
        let e2 = encoded.clone();
        out.push(
            Family::new("percent/decode (encoded international text)", encoded.len(), move || {
                encoded
                    .iter()
                    .map(|r| weburl::percent::percent_decode_str(r).decode_utf8_lossy().len())
                    .sum()
            })
            .peer("percent-encoding", move || {
                e2.iter()
                    .map(|r| percent_encoding::percent_decode_str(r).decode_utf8_lossy().len())
                    .sum()
            })
            .note(format!("results differ on {differ} of 1000")),
        );
    }
}

fn form<'a>(inputs: &'a Inputs, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Family<'a>>) {
    let qs = inputs.queries();
    if wanted("form/parse") {
        out.push(
            Family::new("form/parse (owned pairs)", qs.len(), move || {
                qs.iter().map(|q| weburl::form::parse(q.as_bytes()).len()).sum()
            })
            .peer("form_urlencoded", move || {
                qs.iter().map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().count()).sum()
            }),
        );
    }
    if wanted("form/parse+serialize") {
        let differ = qs
            .iter()
            .filter(|q| {
                weburl::form::serialize_utf8(weburl::form::parse_iter(q.as_bytes()))
                    != form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(form_urlencoded::parse(q.as_bytes()))
                        .finish()
            })
            .count();
        out.push(
            Family::new("form/parse+serialize (borrowing)", qs.len(), move || {
                qs.iter()
                    .map(|q| {
                        weburl::form::serialize_utf8(weburl::form::parse_iter(q.as_bytes())).len()
                    })
                    .sum()
            })
            .peer("form_urlencoded", move || {
                qs.iter()
                    .map(|q| {
                        form_urlencoded::Serializer::new(String::new())
                            .extend_pairs(form_urlencoded::parse(q.as_bytes()))
                            .finish()
                            .len()
                    })
                    .sum()
            })
            .peer("ada", move || {
                qs.iter()
                    .filter_map(|q| ada_url::UrlSearchParams::parse(q.as_str()).ok())
                    .map(|p| p.to_string().len())
                    .sum()
            })
            .note(format!(
                "serializations differ from form_urlencoded's on {differ} of {}",
                qs.len()
            )),
        );
    }
}
