//! A small SVG writer: elements with attributes, text content escaped. Enough for the pictures,
//! without pulling an XML crate into the engine.

use std::fmt::{self, Write};

/// Text and attribute values made safe for XML: `& < > " '` escaped, and characters XML 1.0
/// forbids (control characters other than tab and newlines) dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// An SVG document under construction. Elements are written as they come; `open` and
/// `close` must pair (checked in debug builds).
pub struct Svg {
    out: String,
    open: Vec<&'static str>,
}

/// One attribute: its name and its value, written escaped.
pub type Attr<'a> = (&'a str, &'a dyn fmt::Display);

impl Svg {
    /// A document of `width` × `height` user units, with a title for readers and tools.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut svg = Svg {
            out: String::new(),
            open: Vec::new(),
        };
        let view_box = format!("0 0 {} {}", num(width), num(height));
        svg.open(
            "svg",
            &[
                ("xmlns", &"http://www.w3.org/2000/svg"),
                ("width", &num(width)),
                ("height", &num(height)),
                ("viewBox", &view_box),
                ("font-family", &"DejaVu Sans, Arial, Helvetica, sans-serif"),
            ],
        );
        svg.text_element("title", &[], title);
        svg
    }

    fn start_tag(&mut self, name: &str, attrs: &[Attr]) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attrs {
            let _ = write!(self.out, " {key}=\"{}\"", escape(&value.to_string()));
        }
    }

    /// `<name attrs>`, to be closed by [`Svg::close`].
    pub fn open(&mut self, name: &'static str, attrs: &[Attr]) {
        self.start_tag(name, attrs);
        self.out.push_str(">\n");
        self.open.push(name);
    }

    /// Close the element opened last.
    pub fn close(&mut self) {
        if let Some(name) = self.open.pop() {
            let _ = writeln!(self.out, "</{name}>");
        }
    }

    /// `<name attrs/>`.
    pub fn empty(&mut self, name: &str, attrs: &[Attr]) {
        self.start_tag(name, attrs);
        self.out.push_str("/>\n");
    }

    /// `<name attrs>text</name>`, the text escaped.
    pub fn text_element(&mut self, name: &str, attrs: &[Attr], text: &str) {
        self.start_tag(name, attrs);
        let _ = writeln!(self.out, ">{}</{name}>", escape(text));
    }

    /// The finished document: every open element closed.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out
    }
}

/// A coordinate written short: at most two decimals, no trailing zeros.
pub fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let text = format!("{rounded:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_forbidden_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>\u{1}"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn elements_nest_and_close() {
        let mut svg = Svg::new(10.0, 20.0, "a <title>");
        svg.open("g", &[("class", &"x")]);
        svg.empty("rect", &[("width", &5)]);
        let doc = svg.finish();
        assert!(doc.contains("<title>a &lt;title&gt;</title>"), "{doc}");
        assert!(doc.ends_with("</g>\n</svg>\n"), "{doc}");
        assert!(doc.contains("viewBox=\"0 0 10 20\""), "{doc}");
    }
}
