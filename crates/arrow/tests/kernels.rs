//! Every kernel against the per-URL `weburl` API, row by row, over the WPT inputs
//! (`urltestdata.json`) and the four benchmark lists, in every string type.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{
    Array, ArrayRef, BinaryArray, LargeStringArray, StringArray, StringViewArray, StructArray,
};
use arrow_schema::DataType;
use weburl::Url;
use weburl::host::Host;
use weburl_arrow::{Arg, Component, OnInvalid, Options};
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// The WPT `(input, base)` pairs of urltestdata.json.
fn wpt_cases() -> Vec<(String, Option<String>)> {
    let data = load_wpt_json("urltestdata.json");
    let cases: Vec<_> = data
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|case| {
            let input = case.get("input")?.as_str()?.to_owned();
            let base = case.get("base").and_then(|b| b.as_str()).map(str::to_owned);
            Some((input, base))
        })
        .collect();
    assert!(cases.len() > 800, "urltestdata.json has {} cases", cases.len());
    cases
}

/// A sample of the four benchmark lists: every 8th line of each (about 13,600 URLs), so
/// that the debug build tests stay fast on two cores.
fn bench_urls() -> Vec<String> {
    let urls: Vec<String> = BENCH_LISTS
        .iter()
        .flat_map(|name| {
            load_bench_list(name).lines().step_by(8).map(str::to_owned).collect::<Vec<_>>()
        })
        .filter(|line| !line.is_empty())
        .collect();
    assert!(urls.len() > 13_000, "{} sampled URLs", urls.len());
    urls
}

/// The inputs of both sources, with a null row and a non-URL mixed in.
fn all_inputs() -> Vec<Option<String>> {
    let mut inputs: Vec<Option<String>> = vec![None, Some("not a url".into())];
    inputs.extend(wpt_cases().into_iter().map(|(input, _)| Some(input)));
    inputs.extend(bench_urls().into_iter().map(Some));
    inputs
}

/// The same values as each string type the kernels read.
fn as_every_type(values: &[Option<String>]) -> Vec<ArrayRef> {
    let refs: Vec<Option<&str>> = values.iter().map(Option::as_deref).collect();
    vec![
        Arc::new(StringArray::from(refs.clone())),
        Arc::new(LargeStringArray::from(refs.clone())),
        Arc::new(StringViewArray::from(refs.clone())),
        Arc::new(BinaryArray::from(refs.iter().map(|v| v.map(str::as_bytes)).collect::<Vec<_>>())),
    ]
}

/// The strings of a `Utf8` or `LargeUtf8` result.
fn strings(array: &dyn Array) -> Vec<Option<String>> {
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().map(|v| v.map(str::to_owned)).collect(),
        DataType::LargeUtf8 => {
            array.as_string::<i64>().iter().map(|v| v.map(str::to_owned)).collect()
        }
        other => panic!("not a string result: {other}"),
    }
}

fn expected_component(url: &Url, component: Component) -> String {
    match component {
        Component::Href => url.href().to_owned(),
        Component::Origin => url.origin().to_string(),
        Component::Protocol => url.protocol().to_owned(),
        Component::Username => url.username().to_owned(),
        Component::Password => url.password().to_owned(),
        Component::Host => url.host().to_owned(),
        Component::Hostname => url.hostname().to_owned(),
        Component::Port => url.port().to_owned(),
        Component::Pathname => url.pathname().to_owned(),
        Component::Search => url.search().to_owned(),
        Component::Hash => url.hash().to_owned(),
        Component::Scheme => url.scheme().to_owned(),
        other => panic!("component {other:?} has no oracle"),
    }
}

fn parsed(input: &Option<String>) -> Option<Url> {
    input.as_deref().and_then(|text| Url::parse(text).ok())
}

#[test]
fn components_match_the_per_url_api_in_every_type() {
    let inputs = all_inputs();
    let urls: Vec<Option<Url>> = inputs.iter().map(parsed).collect();
    for array in as_every_type(&inputs) {
        for component in Component::ALL {
            let got =
                strings(&weburl_arrow::component(&array, component, &Options::new()).unwrap());
            assert_eq!(got.len(), inputs.len());
            for (row, (url, got)) in urls.iter().zip(&got).enumerate() {
                let want = url.as_ref().map(|url| expected_component(url, component));
                assert_eq!(
                    got,
                    &want,
                    "{component:?} of {:?} ({})",
                    inputs[row],
                    array.data_type()
                );
            }
        }
    }
}

#[test]
fn large_input_gives_large_output() {
    let array = LargeStringArray::from(vec!["https://a.example/"]);
    let out = weburl_arrow::component(&array, Component::Host, &Options::new()).unwrap();
    assert_eq!(out.data_type(), &DataType::LargeUtf8);
    let parsed = weburl_arrow::parse(&array, &Options::new()).unwrap();
    assert_eq!(parsed.column_by_name("href").unwrap().data_type(), &DataType::LargeUtf8);
}

fn struct_strings(parsed: &StructArray, name: &str) -> Vec<Option<String>> {
    strings(parsed.column_by_name(name).unwrap().as_ref())
}

#[test]
fn parse_struct_matches_the_per_url_api() {
    let inputs = all_inputs();
    let array = StringArray::from(inputs.iter().map(Option::as_deref).collect::<Vec<_>>());
    let parsed = weburl_arrow::parse(&array, &Options::new()).unwrap();
    assert_eq!(parsed.len(), inputs.len());
    let valid = parsed.column_by_name("valid").unwrap().as_boolean().clone();
    let ports = parsed
        .column_by_name("port_number")
        .unwrap()
        .as_primitive::<arrow_array::types::UInt16Type>()
        .clone();
    let columns: Vec<_> =
        Component::ALL.iter().map(|c| (c, struct_strings(&parsed, c.name()))).collect();
    let mut invalid = 0;
    for (row, input) in inputs.iter().enumerate() {
        let url = parsed_opt(input);
        assert_eq!(parsed.is_null(row), input.is_none(), "struct null for {input:?}");
        if input.is_none() {
            continue;
        }
        assert_eq!(valid.value(row), url.is_some(), "valid for {input:?}");
        invalid += usize::from(url.is_none());
        assert_eq!(ports.is_null(row), url.as_ref().and_then(Url::port_u16).is_none());
        if let Some(port) = url.as_ref().and_then(Url::port_u16) {
            assert_eq!(ports.value(row), port);
        }
        for (component, values) in &columns {
            let want = url.as_ref().map(|url| expected_component(url, **component));
            assert_eq!(values[row], want, "{component:?} of {input:?}");
        }
    }
    // The WPT inputs include failures: the test sees both outcomes.
    assert!(invalid > 100, "{invalid} invalid rows");
}

fn parsed_opt(input: &Option<String>) -> Option<Url> {
    parsed(input)
}

#[test]
fn join_matches_the_per_url_api_with_columns_and_scalars() {
    let cases = wpt_cases();
    let inputs: Vec<&str> = cases.iter().map(|(input, _)| input.as_str()).collect();
    let bases: Vec<Option<&str>> = cases.iter().map(|(_, base)| base.as_deref()).collect();
    let input_array = StringArray::from(inputs.clone());
    let base_array = StringViewArray::from(bases.clone());
    let got = strings(
        &weburl_arrow::join(Arg::Array(&base_array), Arg::Array(&input_array), &Options::new())
            .unwrap(),
    );
    let mut joined = 0;
    for (row, (input, base)) in inputs.iter().zip(&bases).enumerate() {
        let want = base
            .and_then(|base| Url::parse(base).ok())
            .and_then(|base| base.join(input).ok())
            .map(|url| url.href().to_owned());
        joined += usize::from(want.is_some());
        assert_eq!(got[row], want, "join({base:?}, {input:?})");
    }
    assert!(joined > 250, "{joined} joined");

    // A scalar base, parsed once.
    let base = "https://user@example.org/dir/page?q#f";
    let got = strings(
        &weburl_arrow::join(Arg::Scalar(Some(base)), Arg::Array(&input_array), &Options::new())
            .unwrap(),
    );
    let base_url = Url::parse(base).unwrap();
    for (row, input) in inputs.iter().enumerate() {
        assert_eq!(got[row], base_url.join(input).ok().map(|u| u.href().to_owned()), "{input:?}");
    }
    // A scalar input against a column of bases.
    let got = strings(
        &weburl_arrow::join(Arg::Array(&base_array), Arg::Scalar(Some("../x?y")), &Options::new())
            .unwrap(),
    );
    for (row, base) in bases.iter().enumerate() {
        let want = base
            .and_then(|b| Url::parse(b).ok())
            .and_then(|b| b.join("../x?y").ok())
            .map(|u| u.href().to_owned());
        assert_eq!(got[row], want);
    }
    // Two scalars give one row; a null scalar gives null rows.
    let one = weburl_arrow::join(Arg::Scalar(Some(base)), Arg::Scalar(Some("/z")), &Options::new())
        .unwrap();
    assert_eq!(strings(&one), [Some("https://user@example.org/z".to_owned())]);
    let none =
        weburl_arrow::join(Arg::Scalar(None), Arg::Array(&input_array), &Options::new()).unwrap();
    assert_eq!(none.null_count(), inputs.len());
}

#[test]
fn can_parse_matches_the_per_url_api() {
    let cases = wpt_cases();
    let inputs: Vec<&str> = cases.iter().map(|(input, _)| input.as_str()).collect();
    let bases: Vec<Option<&str>> = cases.iter().map(|(_, base)| base.as_deref()).collect();
    let input_array = LargeStringArray::from(inputs.clone());
    let base_array = StringArray::from(bases.clone());
    let alone = weburl_arrow::can_parse(Arg::Array(&input_array), None, &Options::new()).unwrap();
    let with = weburl_arrow::can_parse(
        Arg::Array(&input_array),
        Some(Arg::Array(&base_array)),
        &Options::new(),
    )
    .unwrap();
    let (mut yes, mut no) = (0, 0);
    for (row, (input, base)) in inputs.iter().zip(&bases).enumerate() {
        let want = Url::can_parse(input, None);
        assert_eq!(alone.value(row), want, "{input:?}");
        assert_eq!(want, Url::parse(input).is_ok());
        match base {
            None => assert!(with.is_null(row)),
            Some(base) => {
                let want = Url::can_parse(input, Some(base));
                assert_eq!(with.value(row), want, "{input:?} against {base:?}");
                if want { yes += 1 } else { no += 1 }
            }
        }
    }
    assert!(yes > 100 && no > 50);
}

#[test]
fn search_params_match_the_per_url_api() {
    let mut inputs = all_inputs();
    inputs.push(Some("https://h/?a=1&a=2&b=%20x+y&a".into()));
    let array = StringArray::from(inputs.iter().map(Option::as_deref).collect::<Vec<_>>());
    // The name of each URL's first pair, so that the kernels see hits and misses.
    let names: Vec<Option<String>> = inputs
        .iter()
        .map(|input| {
            let url = parsed(input)?;
            Some(url.search_params().iter().next().map_or("q".to_owned(), |(n, _)| n.to_owned()))
        })
        .collect();
    let name_array = StringArray::from(names.iter().map(Option::as_deref).collect::<Vec<_>>());
    let first = strings(
        &weburl_arrow::search_param(Arg::Array(&array), Arg::Array(&name_array), &Options::new())
            .unwrap(),
    );
    let all = weburl_arrow::search_param_all(
        Arg::Array(&array),
        Arg::Array(&name_array),
        &Options::new(),
    )
    .unwrap();
    let mut hits = 0;
    for (row, input) in inputs.iter().enumerate() {
        let url = parsed(input);
        let name = names[row].as_deref();
        let want =
            url.as_ref().zip(name).and_then(|(u, n)| u.search_params().get(n).map(str::to_owned));
        hits += usize::from(want.is_some());
        assert_eq!(first[row], want, "search_param({input:?}, {name:?})");
        match url.as_ref().zip(name) {
            None => assert!(all.is_null(row)),
            Some((url, name)) => {
                let want: Vec<Option<String>> =
                    url.search_params().get_all(name).map(|v| Some(v.to_owned())).collect();
                assert_eq!(strings(&all.value(row)), want, "search_param_all({input:?}, {name:?})");
            }
        }
    }
    assert!(hits > 100, "{hits} hits");
    let last = strings(&all.value(inputs.len() - 1));
    assert_eq!(last, [Some("1".to_owned()), Some("2".to_owned()), Some(String::new())]);
}

#[test]
fn host_kernels_match_the_per_url_api() {
    let inputs = all_inputs();
    let array = StringViewArray::from(inputs.iter().map(Option::as_deref).collect::<Vec<_>>());
    let options = Options::new();
    let kinds = strings(&weburl_arrow::host_kind(&array, &options).unwrap());
    let registrable = strings(&weburl_arrow::registrable_domain(&array, &options).unwrap());
    let suffixes = strings(&weburl_arrow::public_suffix(&array, &options).unwrap());
    let rendered = strings(&weburl_arrow::render(&array, &options).unwrap());
    let mut domains = 0;
    for (row, input) in inputs.iter().enumerate() {
        let url = parsed(input);
        let want_kind = url
            .as_ref()
            .and_then(Url::host_kind)
            .map(|k| weburl_arrow::host_kind_name(k).to_owned());
        assert_eq!(kinds[row], want_kind, "host kind of {input:?}");
        let host = url.as_ref().and_then(|u| {
            (u.host_kind() == Some(weburl::HostKind::Domain))
                .then(|| Host::parse(u.hostname(), false).unwrap())
        });
        let want =
            host.as_ref().and_then(|h| weburl::host::registrable_domain(h).map(str::to_owned));
        domains += usize::from(want.is_some());
        assert_eq!(registrable[row], want, "registrable domain of {input:?}");
        let want = host.as_ref().and_then(|h| weburl::host::public_suffix(h).map(str::to_owned));
        assert_eq!(suffixes[row], want, "public suffix of {input:?}");
        assert_eq!(rendered[row], url.as_ref().map(weburl::render), "render of {input:?}");
    }
    assert!(domains > 6_000, "{domains} registrable domains");
}

#[test]
fn domain_kernels_match_the_per_domain_api() {
    // Hostnames of the inputs, their Unicode forms, and raw inputs that are not domains.
    let inputs = all_inputs();
    let mut domains: Vec<Option<String>> = vec![None, Some("exa mple".into()), Some(String::new())];
    for url in inputs.iter().filter_map(parsed) {
        domains.push(Some(url.hostname().to_owned()));
        domains.push(Some(weburl::host::domain_to_unicode(url.hostname())));
    }
    let array = StringArray::from(domains.iter().map(Option::as_deref).collect::<Vec<_>>());
    for strict in [false, true] {
        let ascii =
            strings(&weburl_arrow::domain_to_ascii(&array, strict, &Options::new()).unwrap());
        for (row, domain) in domains.iter().enumerate() {
            let want = domain
                .as_deref()
                .and_then(|d| weburl::host::domain_to_ascii(d, strict).ok())
                .map(|c| c.into_owned());
            assert_eq!(ascii[row], want, "domain to ASCII ({strict}) of {domain:?}");
        }
    }
    let unicode = strings(&weburl_arrow::domain_to_unicode(&array, &Options::new()).unwrap());
    for (row, domain) in domains.iter().enumerate() {
        assert_eq!(unicode[row], domain.as_deref().map(weburl::host::domain_to_unicode));
    }
    let strict = Options::new().invalid(OnInvalid::Error);
    let error = weburl_arrow::domain_to_ascii(&array, false, &strict).unwrap_err();
    assert!(error.to_string().starts_with("row 1: invalid domain"), "{error}");
}

#[test]
fn rfc3986_kernels_match_the_per_reference_api() {
    let inputs = all_inputs();
    let array = StringArray::from(inputs.iter().map(Option::as_deref).collect::<Vec<_>>());
    let valid = weburl_arrow::rfc3986_is_valid(&array, &Options::new()).unwrap();
    let normalized = strings(&weburl_arrow::rfc3986_normalize(&array, &Options::new()).unwrap());
    let (mut yes, mut no) = (0, 0);
    for (row, input) in inputs.iter().enumerate() {
        let Some(input) = input else {
            assert!(valid.is_null(row) && normalized[row].is_none());
            continue;
        };
        let uri = weburl::rfc3986::UriRef::parse(input).ok();
        assert_eq!(valid.value(row), uri.is_some(), "{input:?}");
        if uri.is_some() {
            yes += 1
        } else {
            no += 1
        }
        assert_eq!(normalized[row], uri.map(|u| u.normalized().as_str().to_owned()), "{input:?}");
    }
    assert!(yes > 6_000 && no > 100, "{yes} valid, {no} invalid");
}

#[test]
fn strict_options_name_the_first_bad_row() {
    let array = StringArray::from(vec![
        Some("https://a/"),
        None,
        Some("https://b/"),
        Some("http://[::"),
        Some("::"),
    ]);
    let strict = Options::new().invalid(OnInvalid::Error);
    for result in [
        weburl_arrow::component(&array, Component::Hostname, &strict).map(|_| ()),
        weburl_arrow::parse(&array, &strict).map(|_| ()),
        weburl_arrow::registrable_domain(&array, &strict).map(|_| ()),
        weburl_arrow::search_param(Arg::Array(&array), Arg::Scalar(Some("q")), &strict).map(|_| ()),
        weburl_arrow::join(Arg::Scalar(Some("https://base/")), Arg::Array(&array), &strict)
            .map(|_| ()),
    ] {
        let error = result.unwrap_err();
        assert!(matches!(error, weburl_arrow::Error::InvalidUrl { row: 3, .. }), "{error:?}");
        assert!(error.to_string().starts_with("row 3: invalid"), "{error}");
    }
    // can_parse answers false, never an error.
    let answers = weburl_arrow::can_parse(Arg::Array(&array), None, &strict).unwrap();
    assert_eq!(
        answers.iter().collect::<Vec<_>>(),
        [Some(true), None, Some(true), Some(false), Some(false)]
    );
}

#[test]
fn invalid_utf8_is_an_error_or_null_by_option() {
    let array = BinaryArray::from(vec![
        Some(&b"https://a.example/"[..]),
        Some(&b"https://\xff/"[..]),
        None,
    ]);
    let error = weburl_arrow::component(&array, Component::Host, &Options::new()).unwrap_err();
    assert_eq!(error, weburl_arrow::Error::InvalidUtf8 { row: 1 });
    assert_eq!(error.to_string(), "row 1: binary value is not UTF-8");
    let lenient = Options::new().invalid_utf8(OnInvalid::Null);
    let hosts = strings(&weburl_arrow::component(&array, Component::Host, &lenient).unwrap());
    assert_eq!(hosts, [Some("a.example".to_owned()), None, None]);
}

#[test]
fn other_types_and_lengths_are_errors() {
    let numbers = arrow_array::Int64Array::from(vec![1, 2]);
    let error = weburl_arrow::parse(&numbers, &Options::new()).unwrap_err();
    assert!(matches!(error, weburl_arrow::Error::UnsupportedType { argument: 0, .. }));
    assert!(error.to_string().contains("type Int64"), "{error}");
    let one = StringArray::from(vec!["https://a/"]);
    let two = StringArray::from(vec!["q", "r"]);
    let error = weburl_arrow::search_param(Arg::Array(&one), Arg::Array(&two), &Options::new())
        .unwrap_err();
    assert_eq!(error, weburl_arrow::Error::LengthMismatch { expected: 1, found: 2 });
    let error =
        weburl_arrow::join(Arg::Array(&one), Arg::Array(&numbers), &Options::new()).unwrap_err();
    assert!(matches!(error, weburl_arrow::Error::UnsupportedType { argument: 1, .. }));
}

#[test]
fn sliced_arrays_are_read_from_their_offset() {
    let array =
        StringArray::from(vec![Some("https://a/"), Some("https://b/"), None, Some("https://c/")]);
    let sliced = array.slice(1, 3);
    let hosts =
        strings(&weburl_arrow::component(&sliced, Component::Host, &Options::new()).unwrap());
    assert_eq!(hosts, [Some("b".to_owned()), None, Some("c".to_owned())]);
    let parsed = weburl_arrow::parse(&sliced, &Options::new()).unwrap();
    assert!(parsed.is_null(1) && !parsed.is_null(0));
}
