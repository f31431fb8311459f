//! Writing results: string builders of either offset width that check for offset overflow
//! instead of panicking, and the shared row loops.

use core::fmt::Write as _;
use std::sync::Arc;

use arrow_array::ArrayRef;
use arrow_array::builder::{LargeStringBuilder, StringBuilder};

use crate::error::Error;

/// A string column being built, `Utf8` or `LargeUtf8`.
pub(crate) enum StrBuilder {
    Utf8(StringBuilder),
    Large(LargeStringBuilder),
}

impl StrBuilder {
    /// A builder for `rows` rows of about `bytes` bytes in all.
    pub(crate) fn new(large: bool, rows: usize, bytes: usize) -> StrBuilder {
        if large {
            StrBuilder::Large(LargeStringBuilder::with_capacity(rows, bytes))
        } else {
            StrBuilder::Utf8(StringBuilder::with_capacity(rows, bytes))
        }
    }

    fn used(&self) -> usize {
        match self {
            StrBuilder::Utf8(b) => b.values_slice().len(),
            StrBuilder::Large(b) => b.values_slice().len(),
        }
    }

    fn limit(&self) -> usize {
        match self {
            // Offsets are i32 / i64; both maxima fit a usize on 64-bit targets and the
            // fallback caps 32-bit ones.
            StrBuilder::Utf8(_) => usize::try_from(i32::MAX).unwrap_or(usize::MAX),
            StrBuilder::Large(_) => usize::try_from(i64::MAX).unwrap_or(usize::MAX),
        }
    }

    /// Appends `value` as the next row.
    #[inline]
    pub(crate) fn push(&mut self, value: &str, row: usize) -> Result<(), Error> {
        if self.used().saturating_add(value.len()) > self.limit() {
            return Err(Error::OutputTooLarge { row });
        }
        match self {
            StrBuilder::Utf8(b) => b.append_value(value),
            StrBuilder::Large(b) => b.append_value(value),
        }
        Ok(())
    }

    /// Appends the `Display` of `value` as the next row, formatting straight into the
    /// builder's buffer.
    #[inline]
    pub(crate) fn push_display(
        &mut self,
        value: &dyn core::fmt::Display,
        row: usize,
    ) -> Result<(), Error> {
        // Writing into the value buffer cannot fail; the row is closed by an empty append.
        let _ = match self {
            StrBuilder::Utf8(b) => write!(b, "{value}"),
            StrBuilder::Large(b) => write!(b, "{value}"),
        };
        self.push("", row)
    }

    /// Appends `value` or a null.
    #[inline]
    pub(crate) fn push_opt(&mut self, value: Option<&str>, row: usize) -> Result<(), Error> {
        match value {
            Some(value) => self.push(value, row),
            None => {
                self.push_null();
                Ok(())
            }
        }
    }

    /// Appends a null row.
    #[inline]
    pub(crate) fn push_null(&mut self) {
        match self {
            StrBuilder::Utf8(b) => b.append_null(),
            StrBuilder::Large(b) => b.append_null(),
        }
    }

    /// The finished array.
    pub(crate) fn finish(mut self) -> ArrayRef {
        match &mut self {
            StrBuilder::Utf8(b) => Arc::new(b.finish()),
            StrBuilder::Large(b) => Arc::new(b.finish()),
        }
    }
}
