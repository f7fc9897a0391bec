//! Names a club's server is reached by besides its own addresses (`serve --public-name`): a reverse proxy's
//! public name, or a DNS name pointed at this machine. The door answers to them as to its own, and the
//! join links lead with them, since a certificate names them and not the machine's LAN address.

use std::net::Ipv6Addr;

/// A name as the browser's address bar shows it: `club.example.org`, or `club.example.org:8443` when the
/// port is not the default. Lower-cased; a URL, a path or an IPv6 address outside brackets is refused.
pub fn parse(text: &str) -> Result<String, String> {
    let name = text.trim().to_ascii_lowercase();
    if name.contains("://") || name.contains('/') {
        return Err(format!("{text:?}: give the name alone, as club.example.org, not a URL"));
    }
    let (host, _) = split(&name).ok_or_else(|| {
        format!("{text:?} is not a host name (club.example.org, club.example.org:8443, or an address)")
    })?;
    let fine = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
        None => {
            !host.is_empty()
                && host.split('.').all(|label| {
                    !label.is_empty() && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                })
        }
    };
    match fine {
        true => Ok(name),
        false => Err(format!("{text:?} is not a host name (club.example.org, club.example.org:8443, or an address)")),
    }
}

/// The Host headers that reach this server by `name`. Without a port, the name is reached both through a
/// proxy on the default port (browsers leave it out) and directly on this server's own `port`.
pub(super) fn hosts(name: &str, port: u16) -> Vec<String> {
    match split(name) {
        Some((host, None)) => vec![host.to_string(), format!("{host}:{port}")],
        Some((host, Some(given))) if given == 80 || given == 443 => vec![name.to_string(), host.to_string()],
        _ => vec![name.to_string()],
    }
}

/// Where a device opens `name`: at the port given with it, else at this server's own, written out unless
/// it is the scheme's default.
pub(super) fn base(name: &str, port: u16, tls: bool) -> String {
    let (scheme, default) = if tls { ("https", 443) } else { ("http", 80) };
    let (host, given) = split(name).unwrap_or((name, None));
    match given.unwrap_or(port) {
        p if p == default => format!("{scheme}://{host}"),
        p => format!("{scheme}://{host}:{p}"),
    }
}

/// The host and the port written after it, if any; None when the port is not a port.
fn split(name: &str) -> Option<(&str, Option<u16>)> {
    let after_host = match name.starts_with('[') {
        true => name.find(']')? + 1,
        false => name.rfind(':').unwrap_or(name.len()),
    };
    let (host, port) = name.split_at(after_host);
    match port.strip_prefix(':') {
        None if port.is_empty() => Some((host, None)),
        Some(p) => Some((host, Some(p.parse::<u16>().ok().filter(|p| *p != 0)?))),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_taken_with_or_without_its_port_and_lower_cased() {
        assert_eq!(parse("Club.Example.org").unwrap(), "club.example.org");
        assert_eq!(parse("club.example.org:8443").unwrap(), "club.example.org:8443");
        assert_eq!(parse("[2001:db8::1]:8443").unwrap(), "[2001:db8::1]:8443");
        assert_eq!(parse("192.0.2.7").unwrap(), "192.0.2.7");
    }

    #[test]
    fn a_url_a_path_or_a_bad_port_is_refused_with_the_reason() {
        assert!(parse("https://club.example.org/").unwrap_err().contains("not a URL"));
        assert!(parse("club.example.org/play").unwrap_err().contains("not a URL"));
        for bad in ["", "club.example.org:0", "club.example.org:http", "2001:db8::1", "club example", "a..b"] {
            assert!(parse(bad).unwrap_err().contains("not a host name"), "{bad:?}");
        }
    }

    #[test]
    fn a_bare_name_is_answered_on_the_default_port_and_this_servers() {
        assert_eq!(hosts("club.example.org", 8787), ["club.example.org", "club.example.org:8787"]);
        assert_eq!(hosts("club.example.org:8443", 8787), ["club.example.org:8443"]);
        assert_eq!(hosts("club.example.org:443", 8787), ["club.example.org:443", "club.example.org"]);
    }

    #[test]
    fn a_link_leaves_out_only_the_schemes_default_port() {
        assert_eq!(base("club.example.org", 8787, true), "https://club.example.org:8787");
        assert_eq!(base("club.example.org", 443, true), "https://club.example.org");
        assert_eq!(base("club.example.org:443", 8787, true), "https://club.example.org");
        assert_eq!(base("club.example.org:8443", 8787, false), "http://club.example.org:8443");
        assert_eq!(base("[2001:db8::1]", 8787, true), "https://[2001:db8::1]:8787");
    }
}
