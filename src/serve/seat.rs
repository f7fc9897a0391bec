//! Where a device sits, read from its request: the `x-sandtable-seat` header, else the `sandtable_seat`
//! cookie its page keeps (an event stream cannot send headers), else `?seat=` on a link. A device that
//! says nothing sits as the whole table, which is shown no side's secrets.

use axum::http::HeaderMap;

use crate::api::Device;
use crate::rules::Seat;

/// The cookie a page keeps its seat in.
pub const SEAT_COOKIE: &str = "sandtable_seat";

/// The device's seat, or why it cannot sit there.
pub fn device(headers: &HeaderMap, query: Option<&str>, from_host: bool) -> Result<Device, String> {
    let said = headers
        .get("x-sandtable-seat")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or_else(|| super::guard::cookie(headers, SEAT_COOKIE))
        .or_else(|| super::guard::query_param(query, "seat"));
    let seat = match said {
        Some(text) => decoded(&text).parse::<Seat>()?,
        None => Seat::Table,
    };
    if seat.is_referee() && !from_host {
        return Err("the referee's seat is the host's: this device may sit as one side, or as the whole table".into());
    }
    Ok(Device { seat, may_referee: from_host })
}

/// A cookie's value as the page wrote it, `encodeURIComponent`'s escapes undone.
fn decoded(text: &str) -> String {
    form_urlencoded::parse(format!("v={text}").as_bytes()).next().map_or_else(String::new, |(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_read_from_a_header_a_cookie_or_a_link() {
        let mut headers = HeaderMap::new();
        assert_eq!(device(&headers, Some("seat=side%3Amoros"), false).unwrap().seat, Seat::Side("moros".into()));
        headers.insert("cookie", "a=b; sandtable_seat=side:us".parse().unwrap());
        assert_eq!(device(&headers, None, false).unwrap().seat, Seat::Side("us".into()));
        headers.insert("x-sandtable-seat", "table".parse().unwrap());
        assert_eq!(device(&headers, None, false).unwrap().seat, Seat::Table);
    }

    #[test]
    fn only_the_host_sits_as_referee() {
        let mut headers = HeaderMap::new();
        headers.insert("x-sandtable-seat", "referee".parse().unwrap());
        assert!(device(&headers, None, false).unwrap_err().contains("host's"));
        assert!(device(&headers, None, true).unwrap().may_referee);
    }
}
