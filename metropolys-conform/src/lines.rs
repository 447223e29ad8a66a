//! Lines read with a bound: the one reader of text lines from another
//! program or a person (the engine's answers here, the command line's
//! prompt), so that a line without end costs at most the bound in memory.

use std::io::{self, BufRead, Read as _};

/// The longest line read, in bytes (1 MiB, the line ending not counted): a
/// longer one is refused, so that input without a newline cannot exhaust
/// memory. Far above any protocol answer or typed command.
pub const MAX_LINE: usize = 1 << 20;

/// What [`read_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// A line, now in the buffer without its ending (`\n` or `\r\n`); a
    /// last line without a newline counts.
    Read,
    /// The end of the input.
    End,
    /// A line longer than the bound: more than `max` bytes were read
    /// (the buffer holds at most `max + 1` of them) and the rest is left
    /// unread.
    TooLong,
}

/// Reads one line of at most `max` bytes into `buf` (cleared first).
///
/// ```
/// use metropolys_conform::lines::{read_line, Line};
/// let mut input: &[u8] = b"12 7\r\nxxxxxxxx\n";
/// let mut buf = Vec::new();
/// assert_eq!(read_line(&mut input, &mut buf, 5).unwrap(), Line::Read);
/// assert_eq!(buf, b"12 7");
/// assert_eq!(read_line(&mut input, &mut buf, 5).unwrap(), Line::TooLong);
/// ```
pub fn read_line<R: BufRead + ?Sized>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<Line> {
    buf.clear();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    let n = (&mut *reader).take(limit).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        Ok(Line::Read)
    } else if buf.len() > max {
        Ok(Line::TooLong)
    } else {
        Ok(Line::Read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_the_longest_length_is_read_one_byte_more_is_refused() {
        let mut bytes = vec![b'x'; 10];
        bytes.push(b'\n');
        bytes.extend_from_slice(&[b'y'; 11]);
        bytes.push(b'\n');
        let mut r = &bytes[..];
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut r, &mut buf, 10).unwrap(), Line::Read);
        assert_eq!(buf.len(), 10);
        assert_eq!(read_line(&mut r, &mut buf, 10).unwrap(), Line::TooLong);
        assert_eq!(buf.len(), 11);
    }

    #[test]
    fn the_end_and_a_last_line_without_newline() {
        let mut r: &[u8] = b"a\n\nb";
        let mut buf = Vec::new();
        let mut got = Vec::new();
        loop {
            match read_line(&mut r, &mut buf, 4).unwrap() {
                Line::Read => got.push(String::from_utf8(buf.clone()).unwrap()),
                Line::End => break,
                Line::TooLong => panic!("too long"),
            }
        }
        assert_eq!(got, ["a", "", "b"]);
    }
}
