//! Basic URL parser (section 4.4): the authority state, the host and hostname states, and the
//! port state.

use alloc::string::String;
use alloc::vec::Vec;

use super::{Parser, State, Step};
use crate::error::{ParseError, ValidationErrorKind};
use crate::host::{HostKind, parse_host_into};

/// Whether `b` ends the authority, host or port (authority state step 2, host state step 3):
/// `/`, `?`, `#`, or `\` in a special URL.
#[inline]
pub(crate) fn ends_authority(b: u8, special: bool) -> bool {
    matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\')
}

/// Port state, step 2.1: the value of a run of ASCII digits, `None` when above 65535.
pub(crate) fn parse_port(digits: &[u8]) -> Option<u16> {
    let mut value: u32 = 0;
    for &d in digits {
        value = value * 10 + u32::from(d - b'0');
        if value > 0xFFFF {
            return None;
        }
    }
    u16::try_from(value).ok()
}

/// Port state steps 2.1 and 3 (without state override) over `rest`, the input after the `:`:
/// the port (`None` when there are no digits) and the length of its digits, or the failure and
/// its offset in `rest`.
pub(crate) fn scan_port(
    rest: &[u8],
    special: bool,
) -> Result<(Option<u16>, usize), (ValidationErrorKind, usize)> {
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    // Step 3: anything but digits before the end of the authority.
    if rest.get(digits).is_some_and(|&b| !ends_authority(b, special)) {
        return Err((ValidationErrorKind::PortInvalid, digits));
    }
    if digits == 0 {
        return Ok((None, 0));
    }
    // Step 2.1: a number above 65535.
    let port = rest.get(..digits).and_then(parse_port);
    port.map(|port| (Some(port), digits)).ok_or((ValidationErrorKind::PortOutOfRange, 0))
}

/// Appends the decimal digits of `port` to `out`.
pub(crate) fn push_port(out: &mut String, port: u16) {
    push_decimal(out, u32::from(port));
}

/// Appends the shortest decimal digits of `n` to `out`.
pub(crate) fn push_decimal(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut n = n;
    let mut i = digits.len();
    loop {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    for &d in digits.get(i..).unwrap_or(&[]) {
        out.push(char::from(d));
    }
}

impl Parser<'_, '_, '_> {
    /// The end of the authority starting at `from`.
    fn authority_end(&self, from: usize) -> usize {
        let special = self.is_special();
        self.rest_from(from)
            .iter()
            .position(|&b| ends_authority(b, special))
            .map_or(self.input.len(), |i| from + i)
    }

    fn rest_from(&self, from: usize) -> &[u8] {
        self.input.as_bytes().get(from..).unwrap_or(&[])
    }

    /// authority state. The spec buffers code points until `@` or the end of the authority;
    /// this finds the end first, then the last `@` before it, and writes the credentials
    /// (everything before that `@`, split at its first `:`) percent-encoded in one go.
    pub(super) fn authority_state(&mut self) -> Step {
        self.out.push_str("//");
        let start = self.pos;
        let end = self.authority_end(start);
        let userinfo_end = self
            .rest_from(start)
            .get(..end - start)
            .and_then(|a| a.iter().rposition(|&b| b == b'@'));
        if let Some(at) = userinfo_end.map(|i| start + i) {
            // Step 1.1: one invalid-credentials error per `@`.
            if self.sink.is_some() {
                for i in start..=at {
                    if self.byte(i) == Some(b'@') {
                        self.report(ValidationErrorKind::InvalidCredentials, i);
                    }
                }
            }
            // Step 1.4: the first `:` separates username from password; every other code
            // point (including each earlier `@`, as "%40") is userinfo-percent-encoded.
            let userinfo = self.slice(start, at);
            let (username, password) = match userinfo.find(':') {
                Some(colon) => (userinfo.get(..colon).unwrap_or(""), userinfo.get(colon + 1..)),
                None => (userinfo, None),
            };
            self.encode(username, &weburl_percent::USERINFO)?;
            self.username_end = self.out.len();
            if let Some(password) = password.filter(|p| !p.is_empty()) {
                self.out.push(':');
                self.encode(password, &weburl_percent::USERINFO)?;
            }
            if self.out.len() > self.scheme_end + 3 {
                self.out.push('@');
            }
            self.pos = at + 1;
            // Step 2.1: credentials but no host.
            if self.pos == end {
                return Err(self.fail(ValidationErrorKind::HostMissing, end));
            }
        } else {
            self.username_end = self.out.len();
        }
        self.host_start = self.out.len();
        // Step 2.2.
        Ok(Some(State::Host))
    }

    /// Runs the host parser on `start..end` of the input and appends the result to the
    /// output (host state steps 2.3 to 2.5 and 3.3 to 3.5, file host state step 1.3).
    pub(super) fn parse_host(
        &mut self,
        start: usize,
        end: usize,
        opaque: bool,
    ) -> Result<HostKind, ParseError> {
        let input = self.slice(start, end);
        if opaque && input.is_empty() {
            return Ok(HostKind::Empty);
        }
        let result = if self.sink.is_some() {
            // Collected first, then reported: the host parser writes to `self.out` meanwhile.
            let mut collected = Vec::new();
            let mut push =
                |kind: ValidationErrorKind, offset: usize| collected.push((kind, offset));
            let result = parse_host_into(input, opaque, &mut self.out, Some(&mut push));
            for (kind, offset) in collected {
                self.report(kind, start + offset);
            }
            result
        } else {
            parse_host_into(input, opaque, &mut self.out, None)
        };
        let kind = result.map_err(|failure| {
            ParseError::InvalidHost(failure.at(self.original_offset(start + failure.offset())))
        })?;
        // A domain's ASCII form can be longer than its input (Punycode).
        self.check_len()?;
        Ok(kind)
    }

    /// host state and hostname state (without state override; the host and hostname
    /// setters have their own steps).
    pub(super) fn host_state(&mut self) -> Step {
        let special = self.is_special();
        let start = self.pos;
        let mut inside_brackets = false;
        let mut i = start;
        let colon = loop {
            match self.byte(i) {
                // Step 2: a `:` outside brackets ends the host.
                Some(b':') if !inside_brackets => break Some(i),
                // Step 3: the end of the authority.
                None => break None,
                Some(b) if ends_authority(b, special) => break None,
                // Step 4.
                Some(b'[') => inside_brackets = true,
                Some(b']') => inside_brackets = false,
                Some(_) => {}
            }
            i += 1;
        };
        if colon.is_some() {
            // Step 2.1.
            if i == start {
                return Err(self.fail(ValidationErrorKind::HostMissing, i));
            }
        } else if special && i == start {
            // Step 3.1.
            return Err(self.fail(ValidationErrorKind::HostMissing, i));
        }
        // Steps 2.3 to 2.5, 3.3 to 3.5.
        self.host_kind = Some(self.parse_host(start, i, !special)?);
        self.host_end = self.out.len();
        if colon.is_some() {
            self.pos = i + 1;
            Ok(Some(State::Port))
        } else {
            self.pos = i;
            Ok(Some(State::PathStart))
        }
    }

    /// port state (without state override; the port setter has its own steps).
    pub(super) fn port_state(&mut self) -> Step {
        let start = self.pos;
        let (port, digits) = scan_port(self.rest_from(start), self.is_special())
            .map_err(|(kind, at)| self.fail(kind, start + at))?;
        let end = start + digits;
        // Step 2.1: a port other than the scheme's default is kept.
        if let Some(port) = port.filter(|&port| Some(port) != self.scheme_type.default_port()) {
            self.port = Some(port);
            self.out.push(':');
            push_port(&mut self.out, port);
        }
        // Step 2.3.
        self.pos = end;
        Ok(Some(State::PathStart))
    }
}
