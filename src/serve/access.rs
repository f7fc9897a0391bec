use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::RngExt;

/// Letters a player reads off a screen and types on a tablet without mixing them up: no I, L, O, 0 or 1.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH: usize = 6;
/// Wrong codes tolerated in a minute before every device must wait: 31^6 codes take a guesser that many
/// minutes' worth of tries in the hundreds of millions.
const WRONG_CODES_PER_MINUTE: u32 = 20;

/// Who this server answers: requests addressed to one of its own names (the Host header), and, from any
/// device but this one, those carrying the table's join code.
pub struct TableAccess {
    hosts: Vec<String>,
    code: Mutex<String>,
    /// Codes replaced since the server started: a device still holding one (its page retrying its live
    /// stream every second) is turned away without counting as a guess, so it cannot lock the table.
    retired: Mutex<Vec<String>>,
    wrong: Mutex<(Instant, u32)>,
}

/// What a request from another device presented.
#[derive(Debug, PartialEq, Eq)]
pub enum Admission {
    Admitted,
    NoCode,
    WrongCode,
    /// Too many wrong codes lately: every device waits out the minute.
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
        // Browsers leave the default port out of the Host header.
        if port == 80 {
            let bare: Vec<String> = hosts.iter().filter_map(|h| h.strip_suffix(":80").map(str::to_string)).collect();
            hosts.extend(bare);
        }
        TableAccess {
            hosts,
            code: Mutex::new(code),
            retired: Mutex::new(Vec::new()),
            wrong: Mutex::new((Instant::now(), 0)),
        }
    }

    /// A request addressed by any other name may come from a web page that pointed its own name at this
    /// machine (DNS rebinding), so only the server's own names are answered.
    pub fn is_own_host(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        self.hosts.contains(&host)
    }

    pub fn code(&self) -> String {
        self.code.lock().expect("the code lock is never poisoned").clone()
    }

    pub fn replace_code(&self, code: String) {
        let old = std::mem::replace(&mut *self.code.lock().expect("the code lock is never poisoned"), code);
        self.retired.lock().expect("the retired codes' lock is never poisoned").push(old);
    }

    pub fn admit(&self, presented: Option<&str>) -> Admission {
        let mut wrong = self.wrong.lock().expect("the wrong-code lock is never poisoned");
        if wrong.0.elapsed() > Duration::from_secs(60) {
            *wrong = (Instant::now(), 0);
        }
        if wrong.1 >= WRONG_CODES_PER_MINUTE {
            return Admission::Cooling;
        }
        let Some(presented) = presented else { return Admission::NoCode };
        if same_code(presented, &self.code()) {
            return Admission::Admitted;
        }
        let retired = self.retired.lock().expect("the retired codes' lock is never poisoned");
        if !retired.iter().any(|old| same_code(presented, old)) {
            wrong.1 += 1;
        }
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
    fn a_code_is_six_readable_letters() {
        let code = new_code();
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)), "{code}");
    }

    #[test]
    fn the_code_forgives_case_and_spaces_but_not_a_wrong_letter() {
        let a = access();
        assert_eq!(a.admit(Some("k7q x2m")), Admission::Admitted);
        assert_eq!(a.admit(Some("K7QX2N")), Admission::WrongCode);
        assert_eq!(a.admit(None), Admission::NoCode);
    }

    #[test]
    fn a_new_code_drops_the_old_one() {
        let a = access();
        a.replace_code("ABCDEF".into());
        assert_eq!(a.admit(Some("K7QX2M")), Admission::WrongCode);
        assert_eq!(a.admit(Some("ABCDEF")), Admission::Admitted);
    }

    #[test]
    fn a_guesser_is_slowed_to_a_few_tries_a_minute() {
        let a = access();
        for _ in 0..WRONG_CODES_PER_MINUTE {
            assert_eq!(a.admit(Some("AAAAAA")), Admission::WrongCode);
        }
        assert_eq!(a.admit(Some("K7QX2M")), Admission::Cooling, "even the right code waits out the minute");
    }
}
