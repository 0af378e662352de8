//! Reading puzzle files line by line, whatever they hold: a line that is not UTF-8 or is too
//! long becomes one bad line (reported, numbered) instead of stopping the run, and a long line
//! is skipped over without being held in memory (`batch /dev/zero` must not grow). Lines that
//! come as text (a binding's strings) are told apart the same way ([`Line::of_text`]).

use std::io::{self, BufRead};

/// Lines longer than this are not puzzles (the longest format, a library line, is a few
/// hundred bytes); they are reported as invalid and never buffered whole.
pub const MAX_LINE: usize = 4096;

/// One input line, numbered from 1.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    /// Its number in the input, from 1.
    pub number: usize,
    /// What it holds.
    pub content: Content,
}

impl Line {
    /// Line `number` given as text, with or without its line ending, told apart as a file's
    /// line is: the ending and (on line 1) a byte order mark dropped, blank, comment and
    /// too-long lines known.
    pub fn of_text(number: usize, text: &str) -> Line {
        let text = text.strip_suffix('\n').unwrap_or(text);
        // Measured as a read line is: with its `\r` and byte order mark.
        if text.len() > MAX_LINE {
            return Line {
                number,
                content: Content::TooLong,
            };
        }
        let text = text.strip_suffix('\r').unwrap_or(text);
        let text = match number {
            1 => text.strip_prefix('\u{feff}').unwrap_or(text),
            _ => text,
        };
        let content = Content::of(text);
        Line { number, content }
    }
}

/// What a line holds.
#[derive(Debug, PartialEq, Eq)]
pub enum Content {
    /// The text, without its line ending (and without a UTF-8 byte order mark on line 1).
    Text(String),
    /// Blank, or only whitespace.
    Blank,
    /// A `#` comment.
    Comment,
    /// Bytes that are not UTF-8 text.
    NotUtf8 {
        /// The length of the valid text before the first bad byte.
        valid_up_to: usize,
    },
    /// Longer than [`MAX_LINE`] bytes.
    TooLong,
}

impl Content {
    /// What a line's text (without its ending) holds: blank, a comment, or text.
    pub fn of(text: &str) -> Content {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            Content::Blank
        } else if trimmed.starts_with('#') {
            Content::Comment
        } else {
            Content::Text(text.to_string())
        }
    }

    /// Why the line is not a puzzle, when it is not.
    pub fn problem(&self) -> Option<String> {
        match self {
            Content::Text(_) => None,
            Content::Blank => Some("blank line".into()),
            Content::Comment => Some("comment line".into()),
            Content::NotUtf8 { valid_up_to } => Some(format!(
                "not UTF-8 text (bad byte at column {})",
                valid_up_to + 1
            )),
            Content::TooLong => Some(format!("line longer than {MAX_LINE} bytes")),
        }
    }

    /// Blank and comment lines are skipped, not errors.
    pub fn is_skipped(&self) -> bool {
        matches!(self, Content::Blank | Content::Comment)
    }

    /// The raw text for a trace's `puzzle` field (empty when there is none to show).
    pub fn text(&self) -> &str {
        match self {
            Content::Text(text) => text,
            _ => "",
        }
    }
}

/// Lines of a reader, each at most [`MAX_LINE`] bytes kept.
pub struct Lines<R> {
    reader: R,
    number: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// The lines of `reader`, numbered from 1.
    pub fn new(reader: R) -> Self {
        Lines {
            reader,
            number: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    /// The next line and the bytes it took, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(Line, usize)>> {
        if self.done {
            return Ok(None);
        }
        self.buf.clear();
        let mut consumed = 0usize;
        let mut too_long = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                self.done = true;
                if consumed == 0 {
                    return Ok(None);
                }
                break;
            }
            let (take, ends) = match newline(available) {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            let keep = if ends { take - 1 } else { take };
            if !too_long {
                if self.buf.len() + keep > MAX_LINE {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(&available[..keep]);
                }
            }
            self.reader.consume(take);
            consumed += take;
            if ends {
                break;
            }
        }
        self.number += 1;
        let content = if too_long {
            Content::TooLong
        } else {
            self.content()
        };
        Ok(Some((
            Line {
                number: self.number,
                content,
            },
            consumed,
        )))
    }

    fn content(&mut self) -> Content {
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let mut bytes: &[u8] = &self.buf;
        if self.number == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        match std::str::from_utf8(bytes) {
            Err(e) => Content::NotUtf8 {
                valid_up_to: e.valid_up_to(),
            },
            Ok(text) => Content::of(text),
        }
    }
}

impl<R> Lines<std::io::BufReader<R>> {
    /// True when the buffer is empty, so the next line needs a read from the OS that may
    /// block (a pipe, a terminal): callers hand on what they have before waiting.
    pub fn buffer_empty(&self) -> bool {
        self.reader.buffer().is_empty()
    }
}

fn newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<(usize, Content, usize)> {
        let mut lines = Lines::new(std::io::BufReader::with_capacity(16, input));
        let mut out = Vec::new();
        while let Some((line, bytes)) = lines.next_line().unwrap() {
            out.push((line.number, line.content, bytes));
        }
        out
    }

    #[test]
    fn numbers_every_line_and_classifies_it() {
        let input = b"\xEF\xBB\xBFabc\r\n\n  \n# note\n\xFFx\nlast";
        let lines = all(input);
        assert_eq!(
            lines,
            vec![
                (1, Content::Text("abc".into()), 8),
                (2, Content::Blank, 1),
                (3, Content::Blank, 3),
                (4, Content::Comment, 7),
                (5, Content::NotUtf8 { valid_up_to: 0 }, 3),
                (6, Content::Text("last".into()), 4),
            ]
        );
    }

    #[test]
    fn a_long_line_is_one_bad_line_and_not_kept() {
        let mut input = vec![b'1'; MAX_LINE * 3];
        input.extend_from_slice(b"\nok\n");
        let lines = all(&input);
        assert_eq!(lines[0].0, 1);
        assert_eq!(lines[0].1, Content::TooLong);
        assert_eq!(lines[0].2, MAX_LINE * 3 + 1);
        assert_eq!(lines[1].1, Content::Text("ok".into()));
        let exactly = vec![b'2'; MAX_LINE];
        assert!(matches!(all(&exactly)[0].1, Content::Text(_)));
    }

    #[test]
    fn text_lines_are_told_apart_as_read_lines_are() {
        let input = b"\xEF\xBB\xBFabc\r\n\n  \n# note\nlast";
        let texts = ["\u{feff}abc\r\n", "\n", "  ", "# note\n", "last"];
        for ((number, content, _), text) in all(input).into_iter().zip(texts) {
            assert_eq!(Line::of_text(number, text).content, content, "{text:?}");
        }
        let long = "1".repeat(MAX_LINE + 1);
        assert_eq!(Line::of_text(3, &long).content, Content::TooLong);
        assert_eq!(
            Line::of_text(2, "\u{feff}y").content,
            Content::Text("\u{feff}y".into())
        );
    }

    #[test]
    fn a_bom_only_counts_on_the_first_line() {
        let lines = all(b"x\n\xEF\xBB\xBFy\n");
        assert_eq!(lines[1].1, Content::Text("\u{feff}y".into()));
    }
}
