//! Whether a JPEG's data runs to its end marker. The JPEG decoder fills a file cut short with grey and
//! says nothing, and a photo half grey would be measured as if it were whole: a transfer cut off is
//! refused instead.

const END_OF_IMAGE: u8 = 0xD9;
const START_OF_SCAN: u8 = 0xDA;

/// Walks the file's segments from after its start marker, stepping over each by its length and over
/// each scan's coded data to the marker after it, until the end marker (true) or the end of the bytes
/// (false). Segments are stepped over rather than searched, so the end marker of a thumbnail inside the
/// EXIF block is not taken for the photo's.
pub fn runs_to_its_end(bytes: &[u8]) -> bool {
    let mut at = 2;
    loop {
        // Stray bytes between segments are skipped, as decoders do; fill bytes (0xFF) may pad a marker.
        let Some(start) = find_ff(bytes, at) else { return false };
        at = start;
        while bytes.get(at) == Some(&0xFF) {
            at += 1;
        }
        let Some(&marker) = bytes.get(at) else { return false };
        at += 1;
        match marker {
            END_OF_IMAGE => return true,
            // Markers that stand alone, with no length: restarts and TEM.
            0xD0..=0xD7 | 0x01 => continue,
            _ => {}
        }
        let Some(length) = bytes.get(at..at + 2).map(|b| usize::from(u16::from_be_bytes([b[0], b[1]]))) else {
            return false;
        };
        at += length;
        if marker == START_OF_SCAN {
            match end_of_coded_data(bytes, at) {
                Some(next_marker) => at = next_marker,
                None => return false,
            }
        }
    }
}

/// Where the coded data from `at` ends: at the first 0xFF that is neither a stuffed zero (FF 00) nor a
/// restart marker (FF D0 to FF D7), which stay inside the data.
fn end_of_coded_data(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        at = find_ff(bytes, at)?;
        match bytes.get(at + 1)? {
            0x00 | 0xD0..=0xD7 => at += 2,
            _ => return Some(at),
        }
    }
}

fn find_ff(bytes: &[u8], from: usize) -> Option<usize> {
    bytes.get(from..)?.iter().position(|&b| b == 0xFF).map(|i| from + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SOI, an APP1 holding a thumbnail's own end marker, a scan whose data has a stuffed zero and a
    /// restart, then EOI.
    fn whole() -> Vec<u8> {
        let mut file = vec![0xFF, 0xD8];
        file.extend([0xFF, 0xE1, 0x00, 0x06, 0xFF, 0xD9, 0x12, 0x34]);
        file.extend([0xFF, 0xDA, 0x00, 0x04, 0x01, 0x02]);
        file.extend([0x11, 0xFF, 0x00, 0x22, 0xFF, 0xD0, 0x33]);
        file.extend([0xFF, 0xD9]);
        file
    }

    #[test]
    fn a_whole_file_runs_to_its_end_and_keeps_doing_so_with_bytes_after_it() {
        assert!(runs_to_its_end(&whole()));
        assert!(runs_to_its_end(&[whole(), vec![0, 0, 0]].concat()));
    }

    #[test]
    fn a_file_cut_anywhere_before_its_end_marker_does_not() {
        let file = whole();
        for cut in 0..file.len() {
            assert!(!runs_to_its_end(&file[..cut]), "cut at {cut}");
        }
    }
}
