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
        .or_else(|| query_seat(query));
    let seat = match said {
        Some(text) => percent_decoded(&text).parse::<Seat>()?,
        None => Seat::Table,
    };
    if seat.is_referee() && !from_host {
        return Err("the referee's seat is the host's: this device may sit as one side, or as the whole table".into());
    }
    Ok(Device { seat, may_referee: from_host })
}

fn query_seat(query: Option<&str>) -> Option<String> {
    query?.split('&').find_map(|pair| pair.strip_prefix("seat=")).map(str::to_string)
}

/// A side's id as a cookie or a link carries it: `side%3Amoros` is `side:moros`.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
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
