//! Which of this machine's addresses the tablets at the table can reach, and the join link as a QR code.

use std::net::{IpAddr, Ipv4Addr};

/// Interfaces that are this machine's own plumbing rather than the room's network: containers, virtual
/// machines and VPN tunnels. A tablet on the Wi-Fi cannot reach their addresses.
const NOT_THE_ROOM: &[&str] = &[
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "lxc",
    "lxd",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "utun",
    "zt",
    "cni",
    "flannel",
];

/// The addresses of the room's network, the likeliest first: private IPv4 ones (home and club Wi-Fi)
/// before any other.
pub fn room_addresses() -> Vec<IpAddr> {
    let Ok(interfaces) = if_addrs::get_if_addrs() else { return Vec::new() };
    let mut found: Vec<(bool, Ipv4Addr)> = interfaces
        .iter()
        .filter(|i| !i.is_loopback() && !NOT_THE_ROOM.iter().any(|p| i.name.starts_with(p)))
        .filter_map(|i| match i.ip() {
            IpAddr::V4(v4) if !v4.is_link_local() && !v4.is_unspecified() => Some((!v4.is_private(), v4)),
            _ => None,
        })
        .collect();
    found.sort();
    found.dedup();
    found.into_iter().map(|(_, ip)| IpAddr::V4(ip)).collect()
}

/// The join link as a QR code in text, two rows of modules to a line, for a terminal.
pub fn qr_text(link: &str) -> Option<String> {
    let code = qrcode::QrCode::new(link.as_bytes()).ok()?;
    // Light modules drawn dark and dark drawn light read on a dark terminal; phones read either.
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

/// The join link as a QR code drawn in SVG for a screen, at least `side` pixels square: dark on light, as
/// every phone's camera reads it, whatever the page's colours.
pub fn qr_svg(link: &str, side: u32) -> Option<String> {
    let code = qrcode::QrCode::new(link.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color>()
            .dark_color(qrcode::render::svg::Color("#000000"))
            .light_color(qrcode::render::svg::Color("#ffffff"))
            .quiet_zone(true)
            .min_dimensions(side, side)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_becomes_a_qr_code() {
        let text = qr_text("http://192.168.1.20:8787/?join=K7QX2M").unwrap();
        assert!(text.lines().count() > 10, "{text}");
        assert!(text.contains('█') || text.contains('▀') || text.contains('▄'));
    }

    #[test]
    fn the_link_becomes_an_svg_big_enough_to_scan() {
        let svg = qr_svg("http://192.168.1.20:8787/?join=K7QX2M", 240).unwrap();
        assert!(svg.contains("<svg"), "{svg}");
        let width: u32 = svg.split("width=\"").nth(1).and_then(|w| w.split('"').next()).unwrap().parse().unwrap();
        assert!(width >= 240, "{width}");
    }

    #[test]
    fn no_loopback_or_container_address_is_offered() {
        for ip in room_addresses() {
            assert!(!ip.is_loopback(), "{ip}");
        }
    }
}
