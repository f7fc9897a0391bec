use std::collections::{BTreeMap, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::RngExt;

use crate::rules::Seat;

/// Letters a player reads off a screen and types on a tablet without mixing them up: no I, L, O, 0 or 1.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH: usize = 6;
/// Wrong codes one device may send in a minute before it must wait: a slip of the thumb is forgiven, a
/// guesser is slowed to a few tries a minute.
const WRONG_CODES_PER_DEVICE: u32 = 20;
/// Wrong codes from every device together in a minute before any more wrong ones are turned away
/// unread: many guessers at once still try no faster than this. A right code is never turned away for
/// what others sent, so the table is never shut by a guesser.
const WRONG_CODES_IN_ALL: u32 = 200;
/// Devices whose wrong codes are remembered at once; past it the oldest minute's are forgotten.
const GUESSERS_KEPT: usize = 4096;
const MINUTE: Duration = Duration::from_secs(60);

/// Who this server answers: requests addressed to one of its own names (the Host header), and, from any
/// device but this one, those carrying one of the table's join codes. The shared screen's code sits a
/// device at the whole table; each side's own code (the host hands it to that side) sits it at that
/// side and nowhere else.
pub struct TableAccess {
    hosts: Vec<String>,
    port: u16,
    /// Names given to reach this server besides its own addresses (`--public-name`), as given.
    public_names: Vec<String>,
    /// Served over HTTPS: the cookies it sets are sent back over HTTPS alone.
    tls: bool,
    code: Mutex<String>,
    /// Each side's code, by the seat it gives (`side:<id>`).
    seat_codes: Mutex<BTreeMap<String, String>>,
    /// Codes replaced since the server started: a device still holding one (its page retrying its live
    /// stream every second) is turned away without counting as a guess, so it cannot lock itself out.
    retired: Mutex<Vec<String>>,
    wrong: Mutex<WrongCodes>,
}

#[derive(Default)]
struct WrongCodes {
    by_device: HashMap<IpAddr, (Instant, u32)>,
    in_all: Option<(Instant, u32)>,
}

/// What a request from another device presented.
#[derive(Debug, PartialEq, Eq)]
pub enum Admission {
    /// A code of this table: the seat it gives.
    Admitted(Seat),
    NoCode,
    WrongCode,
    /// Too many wrong codes lately from this device (or from everyone): it waits out the minute.
    Cooling,
}

impl TableAccess {
    /// `local` is where the server listens; `lan` the addresses other devices reach it by.
    pub fn new(local: SocketAddr, lan: &[IpAddr], code: String) -> TableAccess {
        let port = local.port();
        let mut hosts = vec![format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")];
        if !local.ip().is_unspecified() && !local.ip().is_loopback() {
            hosts.push(host_of(local.ip(), port));
        }
        hosts.extend(lan.iter().map(|ip| host_of(*ip, port)));
        if let Some(name) = machine_name() {
            hosts.push(format!("{name}:{port}"));
            hosts.push(format!("{name}.local:{port}"));
        }
        // Browsers leave the default port out of the Host header: HTTP's, or HTTPS's.
        if port == 80 || port == 443 {
            let bare: Vec<String> =
                hosts.iter().filter_map(|h| h.strip_suffix(&format!(":{port}")).map(str::to_string)).collect();
            hosts.extend(bare);
        }
        TableAccess {
            hosts,
            port,
            public_names: Vec::new(),
            tls: false,
            code: Mutex::new(code),
            seat_codes: Mutex::new(BTreeMap::new()),
            retired: Mutex::new(Vec::new()),
            wrong: Mutex::new(WrongCodes::default()),
        }
    }

    /// Also answers to `names` (checked by `public_name::parse`): a reverse proxy's public name, or a DNS
    /// name pointed at this machine.
    pub fn with_public_names(mut self, names: &[String]) -> TableAccess {
        for name in names {
            self.hosts.extend(super::public_name::hosts(name, self.port));
            self.public_names.push(name.clone());
        }
        self
    }

    /// Served over HTTPS (`serve --tls-cert`).
    pub fn with_tls(mut self, tls: bool) -> TableAccess {
        self.tls = tls;
        self
    }

    /// Whether this table is served over HTTPS: its cookies are then marked `Secure`.
    pub fn tls(&self) -> bool {
        self.tls
    }

    pub fn public_names(&self) -> &[String] {
        &self.public_names
    }

    /// A request addressed by any other name may come from a web page that pointed its own name at this
    /// machine (DNS rebinding), so only the server's own names are answered.
    pub fn is_own_host(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        self.hosts.contains(&host)
    }

    /// The shared screen's code: it sits a device at the whole table.
    pub fn code(&self) -> String {
        self.code.lock().expect("the code lock is never poisoned").clone()
    }

    /// Every side's code, by its seat's text.
    pub fn seat_codes(&self) -> BTreeMap<String, String> {
        self.seat_codes.lock().expect("the seat codes' lock is never poisoned").clone()
    }

    /// The code `seat` is given, if the host has handed one out.
    pub fn seat_code(&self, seat: &Seat) -> Option<String> {
        match seat {
            Seat::Table => Some(self.code()),
            Seat::Referee => None,
            Seat::Side(_) => self.seat_codes().get(&seat.to_string()).cloned(),
        }
    }

    /// Takes up side codes kept from before (a restarted server keeps its devices in their seats).
    pub fn keep_seat_codes(&self, codes: BTreeMap<String, String>) {
        *self.seat_codes.lock().expect("the seat codes' lock is never poisoned") = codes;
    }

    /// A fresh code for `seat`, unlike any other of this table's, remembered; the caller stores it.
    pub fn issue_seat_code(&self, seat: &Seat) -> String {
        let mut codes = self.seat_codes.lock().expect("the seat codes' lock is never poisoned");
        if let Some(code) = codes.get(&seat.to_string()) {
            return code.clone();
        }
        let table = self.code();
        let code = loop {
            let code = new_code();
            if code != table && !codes.values().any(|c| *c == code) {
                break code;
            }
        };
        codes.insert(seat.to_string(), code.clone());
        code
    }

    /// Replaces the shared screen's code and forgets every side's: every device must join again.
    pub fn replace_code(&self, code: String) {
        let old = std::mem::replace(&mut *self.code.lock().expect("the code lock is never poisoned"), code);
        let sides = std::mem::take(&mut *self.seat_codes.lock().expect("the seat codes' lock is never poisoned"));
        let mut retired = self.retired.lock().expect("the retired codes' lock is never poisoned");
        retired.push(old);
        retired.extend(sides.into_values());
    }

    /// Whether `presented`, from the device at `peer`, is a code of this table, and the seat it gives.
    pub fn admit(&self, peer: IpAddr, presented: Option<&str>) -> Admission {
        let mut wrong = self.wrong.lock().expect("the wrong-code lock is never poisoned");
        let now = Instant::now();
        let device = wrong.by_device.get(&peer).filter(|(since, _)| now.duration_since(*since) < MINUTE);
        if device.is_some_and(|(_, n)| *n >= WRONG_CODES_PER_DEVICE) {
            return Admission::Cooling;
        }
        let Some(presented) = presented else { return Admission::NoCode };
        if same_code(presented, &self.code()) {
            return Admission::Admitted(Seat::Table);
        }
        let sides = self.seat_codes();
        // Every side's code is compared, so the time taken tells nothing of which came close.
        let side = sides.iter().fold(None, |found, (seat, code)| match same_code(presented, code) {
            true => Some(seat.clone()),
            false => found,
        });
        if let Some(seat) = side.and_then(|s| s.parse::<Seat>().ok()) {
            return Admission::Admitted(seat);
        }
        let retired = self.retired.lock().expect("the retired codes' lock is never poisoned");
        if retired.iter().any(|old| same_code(presented, old)) {
            return Admission::WrongCode;
        }
        let in_all = wrong.in_all.filter(|(since, _)| now.duration_since(*since) < MINUTE).unwrap_or((now, 0));
        if in_all.1 >= WRONG_CODES_IN_ALL {
            return Admission::Cooling;
        }
        wrong.in_all = Some((in_all.0, in_all.1 + 1));
        if wrong.by_device.len() >= GUESSERS_KEPT {
            wrong.by_device.retain(|_, (since, _)| now.duration_since(*since) < MINUTE);
        }
        let entry = wrong.by_device.entry(peer).or_insert((now, 0));
        if now.duration_since(entry.0) >= MINUTE {
            *entry = (now, 0);
        }
        entry.1 += 1;
        Admission::WrongCode
    }
}

/// A fresh join code.
pub fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LENGTH).map(|_| CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())] as char).collect()
}

/// Typed codes forgive case and spaces; compared without an early exit, so timing tells nothing.
fn same_code(presented: &str, code: &str) -> bool {
    let presented: Vec<u8> =
        presented.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'-').map(|b| b.to_ascii_uppercase()).collect();
    presented.len() == code.len() && presented.iter().zip(code.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

fn host_of(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("{v4}:{port}"),
        IpAddr::V6(v6) => format!("[{v6}]:{port}"),
    }
}

fn machine_name() -> Option<String> {
    let name = std::fs::read_to_string("/etc/hostname").ok().or_else(|| std::env::var("HOSTNAME").ok())?;
    let name = name.trim().to_ascii_lowercase();
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLET: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 168, 1, 31));
    const GUESSER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 168, 1, 66));

    fn access() -> TableAccess {
        TableAccess::new("0.0.0.0:8787".parse().unwrap(), &["192.168.1.20".parse().unwrap()], "K7QX2M".into())
    }

    #[test]
    fn answers_only_its_own_names() {
        let a = access();
        assert!(a.is_own_host("127.0.0.1:8787"));
        assert!(a.is_own_host("LOCALHOST:8787"));
        assert!(a.is_own_host("192.168.1.20:8787"));
        assert!(!a.is_own_host("evil.example"));
        assert!(!a.is_own_host("evil.example:8787"));
        assert!(!a.is_own_host("192.168.1.20:9999"));
    }

    #[test]
    fn a_public_name_is_answered_with_and_without_the_port() {
        let a = access().with_public_names(&["club.example.org".into(), "table.example.net:8443".into()]);
        assert!(a.is_own_host("club.example.org"));
        assert!(a.is_own_host("Club.Example.org:8787"));
        assert!(a.is_own_host("table.example.net:8443"));
        assert!(!a.is_own_host("table.example.net"), "given with a port, only with it");
        assert!(!a.is_own_host("example.org"));
    }

    #[test]
    fn https_on_its_default_port_is_answered_without_it() {
        let a = TableAccess::new("0.0.0.0:443".parse().unwrap(), &["192.168.1.20".parse().unwrap()], "K7QX2M".into());
        assert!(a.is_own_host("192.168.1.20"));
        assert!(a.is_own_host("localhost"));
        assert!(a.is_own_host("192.168.1.20:443"));
    }

    #[test]
    fn a_code_is_six_readable_letters() {
        let code = new_code();
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)), "{code}");
    }

    #[test]
    fn the_code_forgives_case_and_spaces_but_not_a_wrong_letter() {
        let a = access();
        assert_eq!(a.admit(TABLET, Some("k7q x2m")), Admission::Admitted(Seat::Table));
        assert_eq!(a.admit(TABLET, Some("K7QX2N")), Admission::WrongCode);
        assert_eq!(a.admit(TABLET, None), Admission::NoCode);
    }

    #[test]
    fn a_new_code_drops_the_old_one() {
        let a = access();
        let us = a.issue_seat_code(&Seat::Side("us".into()));
        a.replace_code("ABCDEF".into());
        assert_eq!(a.admit(TABLET, Some("K7QX2M")), Admission::WrongCode);
        assert_eq!(a.admit(TABLET, Some(&us)), Admission::WrongCode, "the sides' codes go with it");
        assert_eq!(a.admit(TABLET, Some("ABCDEF")), Admission::Admitted(Seat::Table));
    }

    #[test]
    fn a_sides_code_sits_a_device_at_that_side_alone() {
        let a = access();
        let us = a.issue_seat_code(&Seat::Side("us".into()));
        let moros = a.issue_seat_code(&Seat::Side("moros".into()));
        assert_ne!(us, moros);
        assert_eq!(a.issue_seat_code(&Seat::Side("us".into())), us, "asked again, the same code");
        assert_eq!(a.admit(TABLET, Some(&us)), Admission::Admitted(Seat::Side("us".into())));
        assert_eq!(a.admit(TABLET, Some(&moros.to_lowercase())), Admission::Admitted(Seat::Side("moros".into())));
        assert_eq!(a.seat_code(&Seat::Referee), None, "no code sits a device as the referee");
    }

    #[test]
    fn a_guesser_is_slowed_to_a_few_tries_a_minute() {
        let a = access();
        for _ in 0..WRONG_CODES_PER_DEVICE {
            assert_eq!(a.admit(GUESSER, Some("AAAAAA")), Admission::WrongCode);
        }
        assert_eq!(a.admit(GUESSER, Some("K7QX2M")), Admission::Cooling, "the guesser waits out the minute");
        assert_eq!(a.admit(TABLET, Some("K7QX2M")), Admission::Admitted(Seat::Table), "the table stays open");
    }

    #[test]
    fn many_guessers_together_are_slowed_but_a_right_code_is_always_let_in() {
        let a = access();
        for n in 0..WRONG_CODES_IN_ALL {
            let guesser = IpAddr::from([10, 0, (n / 200) as u8, (n % 200) as u8 + 1]);
            assert_eq!(a.admit(guesser, Some("AAAAAA")), Admission::WrongCode);
        }
        assert_eq!(a.admit(TABLET, Some("AAAAAA")), Admission::Cooling);
        assert_eq!(a.admit(TABLET, Some("K7QX2M")), Admission::Admitted(Seat::Table));
    }
}
