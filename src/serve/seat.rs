//! Where a device sits. The host's own machine sits where its request says: the `x-sandtable-seat`
//! header, else the `sandtable_seat` cookie its page keeps (an event stream cannot send headers), else
//! `?seat=` on a link, else the whole table. Any other device sits where the code it joined with puts it.

use axum::http::HeaderMap;

use crate::api::{Device, elsewhere};
use crate::rules::Seat;

/// The cookie a page keeps its seat in.
pub const SEAT_COOKIE: &str = "sandtable_seat";

/// The host's own machine: it sits wherever it says, the referee's seat included.
pub fn host_device(headers: &HeaderMap, query: Option<&str>) -> Result<Device, String> {
    let seat = match said_seat(headers, query) {
        Some(text) => decoded(&text).parse::<Seat>()?,
        None => Seat::Table,
    };
    Ok(Device { seat, may_referee: true, club: None })
}

/// Another device sits where the code it joined with puts it, whatever its page remembers. A request
/// that asks outright (the header) for another seat is refused, saying how to sit there.
pub fn joined_device(headers: &HeaderMap, joined_as: Seat) -> Result<Device, String> {
    let asked = headers.get("x-sandtable-seat").and_then(|v| v.to_str().ok()).map(|text| decoded(text).parse::<Seat>());
    match asked {
        Some(Err(why)) => return Err(why),
        Some(Ok(seat)) if seat.is_referee() => {
            return Err("the referee's seat is the host's: a device sits where the code it joined with puts it".into());
        }
        Some(Ok(seat)) if seat != joined_as => return Err(elsewhere(&joined_as, &seat)),
        _ => {}
    }
    Ok(Device { seat: joined_as, may_referee: false, club: None })
}

fn said_seat(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    headers
        .get("x-sandtable-seat")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or_else(|| super::guard::cookie(headers, SEAT_COOKIE))
        .or_else(|| super::guard::query_param(query, "seat"))
}

/// A cookie's value as the page wrote it, `encodeURIComponent`'s escapes undone.
fn decoded(text: &str) -> String {
    form_urlencoded::parse(format!("v={text}").as_bytes()).next().map_or_else(String::new, |(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_sits_where_its_header_cookie_or_link_says() {
        let mut headers = HeaderMap::new();
        assert_eq!(host_device(&headers, Some("seat=side%3Amoros")).unwrap().seat, Seat::Side("moros".into()));
        headers.insert("cookie", "a=b; sandtable_seat=side:us".parse().unwrap());
        assert_eq!(host_device(&headers, None).unwrap().seat, Seat::Side("us".into()));
        headers.insert("x-sandtable-seat", "referee".parse().unwrap());
        assert!(host_device(&headers, None).unwrap().may_referee);
    }

    #[test]
    fn a_joined_device_sits_where_its_code_puts_it() {
        let us = Seat::Side("us".into());
        let mut headers = HeaderMap::new();
        headers.insert("cookie", "sandtable_seat=side:moros".parse().unwrap());
        assert_eq!(joined_device(&headers, us.clone()).unwrap().seat, us, "the page's memory is not a claim");
        headers.insert("x-sandtable-seat", "side:moros".parse().unwrap());
        assert!(joined_device(&headers, us.clone()).unwrap_err().contains("join with that seat's own code"));
        headers.insert("x-sandtable-seat", "referee".parse().unwrap());
        assert!(joined_device(&headers, us.clone()).unwrap_err().contains("host's"));
        headers.insert("x-sandtable-seat", "side:us".parse().unwrap());
        assert!(!joined_device(&headers, us).unwrap().may_referee);
    }
}
