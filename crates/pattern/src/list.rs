//! [`UrlPatternList`], beyond the standard: many patterns matched against one URL, parsing the
//! URL once per call and skipping patterns whose literal prefixes the URL lacks.
//!
//! Every match call parses the URL once and computes its eight component values once; each
//! pattern then first compares the literal prefixes of its pathname and hostname (the fixed
//! text every matching value starts with) and only runs its components when they agree.
//! Results are exactly those of calling [`UrlPattern::exec`] on each pattern in insertion
//! order.

use alloc::vec::Vec;

use weburl_parser::Url;

use crate::error::Component;
use crate::pattern::{
    ResultInput, UrlPattern, UrlPatternResult, Values, parse_with_base, url_values,
};

/// Many URL patterns, each with a value (a route handler, an index...), matched in insertion
/// order.
///
/// ```
/// use weburl_pattern::{UrlPattern, UrlPatternList};
///
/// let mut routes = UrlPatternList::new();
/// let base = Some("https://example.com");
/// routes.push(UrlPattern::parse("/books/:id", base, Default::default())?, "book");
/// routes.push(UrlPattern::parse("/books/*", base, Default::default())?, "books");
/// routes.push(UrlPattern::parse("/authors/:name", base, Default::default())?, "author");
///
/// let m = routes.first("https://example.com/books/7", None).unwrap();
/// assert_eq!(*m.value, "book");
/// assert_eq!(m.result.pathname.group("id"), Some("7"));
/// let all: Vec<_> = routes.all("https://example.com/books/7", None).map(|m| *m.value).collect();
/// assert_eq!(all, ["book", "books"]);
/// assert!(routes.first("https://example.com/nothing", None).is_none());
/// # Ok::<(), weburl_pattern::PatternError>(())
/// ```
#[derive(Debug)]
pub struct UrlPatternList<T = ()> {
    entries: Vec<(UrlPattern, T)>,
}

impl<T> Default for UrlPatternList<T> {
    fn default() -> Self {
        UrlPatternList { entries: Vec::new() }
    }
}

/// One match of a [`UrlPatternList`]: the pattern's position, its value and the result.
#[derive(Debug)]
pub struct ListMatch<'a, T> {
    /// The pattern's position in insertion order.
    pub index: usize,
    /// The value pushed with the pattern.
    pub value: &'a T,
    /// What [`UrlPattern::exec`] returns for the pattern.
    pub result: UrlPatternResult,
}

impl<T> UrlPatternList<T> {
    /// An empty list.
    ///
    /// ```
    /// let list: weburl_pattern::UrlPatternList = weburl_pattern::UrlPatternList::new();
    /// assert!(list.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        UrlPatternList::default()
    }

    /// Appends `pattern` with `value`; returns its index.
    ///
    /// ```
    /// let mut list = weburl_pattern::UrlPatternList::new();
    /// let p = weburl_pattern::UrlPattern::parse("https://h/*", None, Default::default())?;
    /// assert_eq!(list.push(p, ()), 0);
    /// assert_eq!(list.len(), 1);
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pub fn push(&mut self, pattern: UrlPattern, value: T) -> usize {
        self.entries.push((pattern, value));
        self.entries.len() - 1
    }

    /// The number of patterns.
    ///
    /// ```
    /// assert_eq!(weburl_pattern::UrlPatternList::<()>::new().len(), 0);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list has no pattern.
    ///
    /// ```
    /// assert!(weburl_pattern::UrlPatternList::<u8>::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The pattern and value at `index`.
    ///
    /// ```
    /// let mut list = weburl_pattern::UrlPatternList::new();
    /// list.push(weburl_pattern::UrlPattern::parse("https://h/*", None, Default::default())?, 'x');
    /// assert_eq!(list.get(0).map(|(p, v)| (p.hostname(), *v)), Some(("h", 'x')));
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn get(&self, index: usize) -> Option<(&UrlPattern, &T)> {
        self.entries.get(index).map(|(p, v)| (p, v))
    }

    /// The first pattern (in insertion order) that matches `input` (parsed against
    /// `base_url`), with its result; `None` when none does or the URL does not parse.
    ///
    /// ```
    /// let mut list = weburl_pattern::UrlPatternList::new();
    /// list.push(weburl_pattern::UrlPattern::parse("https://h/:x", None, Default::default())?, 1);
    /// assert_eq!(list.first("/a", Some("https://h/")).map(|m| m.index), Some(0));
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn first(&self, input: &str, base_url: Option<&str>) -> Option<ListMatch<'_, T>> {
        let url = parse_with_base(input, base_url)?;
        self.first_url_with(&url, &inputs(input, base_url))
    }

    /// Like [`first`](Self::first) with a parsed URL (the result's input is its href).
    ///
    /// ```
    /// let mut list = weburl_pattern::UrlPatternList::new();
    /// list.push(weburl_pattern::UrlPattern::parse("https://h/:x", None, Default::default())?, ());
    /// let url = weburl_parser::Url::parse("https://h/a")?;
    /// assert!(list.first_url(&url).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn first_url(&self, url: &Url) -> Option<ListMatch<'_, T>> {
        self.first_url_with(url, &[ResultInput::String(url.href().into())])
    }

    fn first_url_with(&self, url: &Url, inputs: &[ResultInput]) -> Option<ListMatch<'_, T>> {
        let values = url_values(url);
        self.candidates(&values).find_map(|(index, (pattern, value))| {
            let result = pattern.exec_values(&values, || inputs.to_vec())?;
            Some(ListMatch { index, value, result })
        })
    }

    /// Every pattern that matches `input` (parsed against `base_url`), in insertion order.
    ///
    /// ```
    /// let mut list = weburl_pattern::UrlPatternList::new();
    /// for p in ["https://h/a/*", "https://h/*", "https://x/*"] {
    ///     list.push(weburl_pattern::UrlPattern::parse(p, None, Default::default())?, p);
    /// }
    /// let hits: Vec<usize> = list.all("https://h/a/b", None).map(|m| m.index).collect();
    /// assert_eq!(hits, [0, 1]);
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pub fn all<'s>(
        &'s self,
        input: &str,
        base_url: Option<&str>,
    ) -> impl Iterator<Item = ListMatch<'s, T>> + 's {
        let matches = match parse_with_base(input, base_url) {
            Some(url) => self.all_url_with(&url, &inputs(input, base_url)),
            None => Vec::new(),
        };
        matches.into_iter()
    }

    fn all_url_with(&self, url: &Url, inputs: &[ResultInput]) -> Vec<ListMatch<'_, T>> {
        let values = url_values(url);
        self.candidates(&values)
            .filter_map(|(index, (pattern, value))| {
                let result = pattern.exec_values(&values, || inputs.to_vec())?;
                Some(ListMatch { index, value, result })
            })
            .collect()
    }

    /// The index of the first pattern that matches `input`, without building results.
    ///
    /// ```
    /// let mut list = weburl_pattern::UrlPatternList::new();
    /// list.push(weburl_pattern::UrlPattern::parse("https://h/a", None, Default::default())?, ());
    /// list.push(weburl_pattern::UrlPattern::parse("https://h/b", None, Default::default())?, ());
    /// assert_eq!(list.test_first("https://h/b", None), Some(1));
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn test_first(&self, input: &str, base_url: Option<&str>) -> Option<usize> {
        let url = parse_with_base(input, base_url)?;
        let values = url_values(&url);
        self.candidates(&values)
            .find(|(_, (pattern, _))| pattern.test_values(&values))
            .map(|(index, _)| index)
    }

    /// The patterns whose literal hostname and pathname prefixes `values` has.
    fn candidates<'s, 'v>(
        &'s self,
        values: &Values<'v>,
    ) -> impl Iterator<Item = (usize, &'s (UrlPattern, T))> + use<'s, 'v, T> {
        let path = values.get(Component::Pathname.index()).copied().unwrap_or("");
        let host = values.get(Component::Hostname.index()).copied().unwrap_or("");
        self.entries.iter().enumerate().filter(move |(_, (pattern, _))| {
            [(Component::Pathname, path), (Component::Hostname, host)]
                .into_iter()
                .all(|(c, v)| pattern.compiled(c).is_none_or(|cc| !cc.prefix_rejects(v)))
        })
    }
}

fn inputs(input: &str, base_url: Option<&str>) -> Vec<ResultInput> {
    let mut inputs = alloc::vec![ResultInput::String(input.into())];
    if let Some(base) = base_url {
        inputs.push(ResultInput::String(base.into()));
    }
    inputs
}
