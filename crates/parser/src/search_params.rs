//! The URL class's `searchParams` (section 6.1 and 6.2): a parsed copy of the query, and a
//! mutable view that runs the URLSearchParams update steps on the URL when dropped.

use alloc::string::String;
use core::num::NonZeroU32;
use core::ops::{Deref, DerefMut};

use weburl_form::SearchParams;

use crate::Url;

impl Url {
    /// The query parsed as application/x-www-form-urlencoded (a copy: changing it does not
    /// change the URL). Empty when the query is null.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://example.org/?a=1&b=x%20y")?;
    /// assert_eq!(url.search_params().get("b"), Some("x y"));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn search_params(&self) -> SearchParams {
        SearchParams::parse_bytes(self.query().unwrap_or("").as_bytes())
    }

    /// The query as a mutable [`SearchParams`], with URLSearchParams semantics: **any change
    /// rewrites the whole query**, re-serializing every pair (`a,b` becomes `a%2Cb`, `%20`
    /// becomes `+`). To append pairs and keep the query's existing bytes as they are (as OAuth
    /// and HTTP clients need), use [`query_pairs_mut`](Url::query_pairs_mut) instead.
    ///
    /// When the returned guard is dropped after a
    /// mutable use, the URLSearchParams update steps run (section 6.2): the list is serialized
    /// and becomes the URL's query, or the query becomes null when the serialization is empty.
    /// Only reading through the guard (as `get` does) leaves the URL as it was, as in the spec,
    /// where only the mutating methods run the update steps.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/?scope=a,b")?;
    /// url.search_params_mut().append("c", "d");
    /// assert_eq!(url.href(), "https://example.org/?scope=a%2Cb&c=d");
    ///
    /// let mut url = weburl_parser::Url::parse("https://example.org/?a=1")?;
    /// url.search_params_mut().append("b", "x y");
    /// assert_eq!(url.href(), "https://example.org/?a=1&b=x+y");
    /// url.search_params_mut().clear();
    /// assert_eq!(url.href(), "https://example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        let params = self.search_params();
        SearchParamsMut { url: self, params, mutated: false }
    }

    /// URLSearchParams update, steps 2-4: `query` is `?` followed by the serialization of the
    /// list (which needs no further encoding); a bare `?` (empty serialization) makes the query
    /// null.
    fn set_query_serialized(&mut self, query: &str) {
        let start = self.path_end();
        let end = self.query_end();
        // A query too long for the `u32` offsets leaves the URL unchanged.
        if query.len() <= 1 {
            if self.splice(start, end, "", crate::setters::Shift::Fragment) {
                self.query_start = None;
            }
        } else if self.splice(start, end, query, crate::setters::Shift::Fragment) {
            self.query_start = NonZeroU32::new(start);
        }
        self.debug_check();
    }
}

/// A mutable view of a URL's query as [`SearchParams`], returned by
/// [`Url::search_params_mut`]. Dereferences to `SearchParams`; when dropped after a mutable
/// use, writes the list back to the URL's query.
#[derive(Debug)]
pub struct SearchParamsMut<'a> {
    url: &'a mut Url,
    params: SearchParams,
    /// Whether the list was borrowed mutably (the update steps then run on drop).
    mutated: bool,
}

impl Deref for SearchParamsMut<'_> {
    type Target = SearchParams;

    fn deref(&self) -> &SearchParams {
        &self.params
    }
}

impl DerefMut for SearchParamsMut<'_> {
    fn deref_mut(&mut self) -> &mut SearchParams {
        self.mutated = true;
        &mut self.params
    }
}

impl Drop for SearchParamsMut<'_> {
    fn drop(&mut self) {
        if !self.mutated {
            return;
        }
        let mut query = String::from("?");
        self.params.serialize_into(&mut query);
        self.url.set_query_serialized(&query);
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::borrow::ToOwned;
    use alloc::string::String;

    fn edit(href: &str, f: impl FnOnce(&mut weburl_form::SearchParams)) -> String {
        let mut url = Url::parse(href).unwrap();
        f(&mut url.search_params_mut());
        let reparsed = Url::parse(url.href()).unwrap();
        assert_eq!(reparsed.href(), url.href(), "update must leave a parse-stable href");
        url.href().to_owned()
    }

    #[test]
    fn update_steps() {
        assert_eq!(edit("https://h/p?a=b#f", |p| p.append("c", "d e")), "https://h/p?a=b&c=d+e#f");
        assert_eq!(edit("https://h/p?a=b#f", |p| p.delete("a", None)), "https://h/p#f");
        assert_eq!(edit("https://h/p#f", |p| p.set("é", "&")), "https://h/p?%C3%A9=%26#f");
        assert_eq!(edit("https://h/p?b=2&a=1", |p| p.sort()), "https://h/p?a=1&b=2");
        // A query that only re-serializes still changes form (space as +, % escapes).
        assert_eq!(edit("https://h/?a%20b=c d", |_| {}), "https://h/?a+b=c+d");
    }

    /// Reading through the guard runs no update steps: the query keeps its form.
    #[test]
    fn reading_changes_nothing() {
        let mut url = Url::parse("https://h/?a%20b=c d").unwrap();
        assert_eq!(url.search_params_mut().get("a b"), Some("c d"));
        assert_eq!(url.search_params_mut().len(), 1);
        assert_eq!(url.href(), "https://h/?a%20b=c%20d");
    }

    #[test]
    fn opaque_paths() {
        assert_eq!(edit("data:text ?x=1#f", |p| p.delete("x", None)), "data:text%20#f");
        assert_eq!(
            edit("mailto:a@b", |p| p.append("subject", "hi there")),
            "mailto:a@b?subject=hi+there"
        );
    }
}
