//! The SQL functions: their names, arities, argument roles and result types.

use std::sync::Arc;

use datafusion::arrow::datatypes::{DataType, Field};
use weburl_arrow::Component;

/// One SQL function of this crate.
///
/// ```
/// use weburl_datafusion::Function;
/// assert_eq!(Function::RegistrableDomain.name(), "url_registrable_domain");
/// assert!(Function::ALL.iter().any(|f| f.name() == "url_hostname"));
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Function {
    /// `url_parse(url)`: a struct of every component (see [`weburl_arrow::parse_fields`]).
    Parse,
    /// `url_href(url)`, `url_origin(url)`, ..., `url_hash(url)` and `url_scheme(url)`: one
    /// component, as the JavaScript getter of that name gives it.
    Component(Component),
    /// `url_port_number(url)`: the explicit port as `UInt16`.
    PortNumber,
    /// `url_host_kind(url)`: `domain`, `ipv4`, `ipv6`, `opaque` or `empty`.
    HostKind,
    /// `url_can_parse(input)` or `url_can_parse(input, base)`: `URL.canParse`.
    CanParse,
    /// `url_join(base, input)`: the href of `input` parsed against `base`.
    Join,
    /// `url_search_param(url, name)`: the first value named `name`.
    SearchParam,
    /// `url_search_param_all(url, name)`: every value named `name`, as a list.
    SearchParamAll,
    /// `url_registrable_domain(url)`: the registrable domain of the host.
    RegistrableDomain,
    /// `url_public_suffix(url)`: the public suffix of the host.
    PublicSuffix,
    /// `url_domain_to_ascii(domain)`: domain to ASCII (not strict).
    DomainToAscii,
    /// `url_domain_to_unicode(domain)`: domain to Unicode.
    DomainToUnicode,
    /// `url_render(url)`: the URL as shown to a person.
    Render,
    /// `url_rfc3986_is_valid(text)`: whether `text` is an RFC 3986 URI reference.
    Rfc3986IsValid,
    /// `url_rfc3986_normalize(text)`: RFC 3986 syntax-based normalization.
    Rfc3986Normalize,
}

impl Function {
    /// Every function, in the order [`crate::functions`] returns them.
    pub const ALL: [Function; 26] = [
        Function::Parse,
        Function::Component(Component::Href),
        Function::Component(Component::Origin),
        Function::Component(Component::Protocol),
        Function::Component(Component::Username),
        Function::Component(Component::Password),
        Function::Component(Component::Host),
        Function::Component(Component::Hostname),
        Function::Component(Component::Port),
        Function::Component(Component::Pathname),
        Function::Component(Component::Search),
        Function::Component(Component::Hash),
        Function::Component(Component::Scheme),
        Function::PortNumber,
        Function::HostKind,
        Function::CanParse,
        Function::Join,
        Function::SearchParam,
        Function::SearchParamAll,
        Function::RegistrableDomain,
        Function::PublicSuffix,
        Function::DomainToAscii,
        Function::DomainToUnicode,
        Function::Render,
        Function::Rfc3986IsValid,
        Function::Rfc3986Normalize,
    ];

    /// The SQL name: `url_` and the JavaScript getter or `weburl` function name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Function::Parse => "url_parse",
            Function::Component(component) => match component {
                Component::Href => "url_href",
                Component::Origin => "url_origin",
                Component::Protocol => "url_protocol",
                Component::Username => "url_username",
                Component::Password => "url_password",
                Component::Host => "url_host",
                Component::Hostname => "url_hostname",
                Component::Port => "url_port",
                Component::Pathname => "url_pathname",
                Component::Search => "url_search",
                Component::Hash => "url_hash",
                _ => "url_scheme",
            },
            Function::PortNumber => "url_port_number",
            Function::HostKind => "url_host_kind",
            Function::CanParse => "url_can_parse",
            Function::Join => "url_join",
            Function::SearchParam => "url_search_param",
            Function::SearchParamAll => "url_search_param_all",
            Function::RegistrableDomain => "url_registrable_domain",
            Function::PublicSuffix => "url_public_suffix",
            Function::DomainToAscii => "url_domain_to_ascii",
            Function::DomainToUnicode => "url_domain_to_unicode",
            Function::Render => "url_render",
            Function::Rfc3986IsValid => "url_rfc3986_is_valid",
            Function::Rfc3986Normalize => "url_rfc3986_normalize",
        }
    }

    /// The names of the parameters, for messages; optional ones last.
    pub(crate) fn parameters(self) -> &'static [&'static str] {
        match self {
            Function::CanParse => &["input", "base"],
            Function::Join => &["base", "input"],
            Function::SearchParam | Function::SearchParamAll => &["url", "name"],
            Function::DomainToAscii | Function::DomainToUnicode => &["domain"],
            Function::Rfc3986IsValid | Function::Rfc3986Normalize => &["text"],
            _ => &["url"],
        }
    }

    /// The fewest arguments.
    pub(crate) fn min_arguments(self) -> usize {
        match self {
            Function::CanParse => 1,
            other => other.parameters().len(),
        }
    }

    /// Which argument decides the width of string results (the URL; the input of a join).
    pub(crate) fn primary(self) -> usize {
        match self {
            Function::Join => 1,
            _ => 0,
        }
    }

    /// The result type when the primary argument has type `primary`.
    pub(crate) fn return_type(self, primary: &DataType) -> DataType {
        let text = weburl_arrow::string_output_type(primary);
        let large = text == DataType::LargeUtf8;
        match self {
            Function::Parse => DataType::Struct(weburl_arrow::parse_fields(large)),
            Function::PortNumber => DataType::UInt16,
            Function::CanParse | Function::Rfc3986IsValid => DataType::Boolean,
            Function::SearchParamAll => {
                DataType::List(Arc::<Field>::clone(&weburl_arrow::search_param_all_item(large)))
            }
            _ => text,
        }
    }
}
