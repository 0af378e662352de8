//! One self-contained HTML page of a solve: the start, every step's picture with its text,
//! the final position, a table of contents and previous/next links (arrow keys too).

use super::svg::escape;
use super::{Picture, pictures};
use crate::board::grid::Grid;
use crate::solve::trace::Trace;
use std::fmt::Write;

const STYLE: &str = "\
body { font-family: DejaVu Sans, Arial, Helvetica, sans-serif; margin: 1.5em; color: #111; background: #fff; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
h2 { font-size: 1.1em; margin: 0 0 .3em; }
section { margin: 0 0 2.5em; }
p.text { font-family: DejaVu Sans Mono, Consolas, monospace; font-size: .95em; max-width: 44em; overflow-wrap: anywhere; }
nav a { margin-right: 1em; }
ol.contents { columns: 3; font-size: .9em; }
svg { display: block; }
";

/// Arrow keys go to the previous or next picture (the links work without it).
const SCRIPT: &str = "\
document.addEventListener('keydown', function (event) {
  var sections = Array.prototype.slice.call(document.querySelectorAll('section'));
  var current = sections.findIndex(function (s) { return '#' + s.id === location.hash; });
  var next = event.key === 'ArrowRight' ? current + 1 : event.key === 'ArrowLeft' ? current - 1 : -2;
  if (next >= 0 && next < sections.length) { location.hash = sections[next].id; }
});
";

/// The page of a trace that started from `start`.
pub fn trace_html(start: &Grid, trace: &Trace) -> String {
    let pictures = pictures(start, trace, false);
    let mut page = String::new();
    let title = format!("Kaidoku: {}", start.to_line());
    let puzzle = start.to_line();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(&title)
    );
    let _ = writeln!(
        page,
        "<h1>Kaidoku: the solve, step by step</h1>\n<p>Puzzle <code>{}</code></p>\n<p>Config {} ({}); {} step{}, {}.</p>",
        escape(&puzzle),
        escape(&trace.config.name),
        escape(&trace.config.hash),
        trace.steps.len(),
        if trace.steps.len() == 1 { "" } else { "s" },
        trace.status.as_str()
    );
    contents(&mut page, &pictures);
    for (i, picture) in pictures.iter().enumerate() {
        let _ = writeln!(page, "<section id=\"{}\">", picture.name);
        let _ = writeln!(page, "<h2>{}</h2>", escape(&picture.heading));
        navigation(&mut page, &pictures, i);
        page.push_str(&picture.svg);
        let _ = writeln!(page, "<p class=\"text\">{}</p>", escape(&picture.text));
        page.push_str("</section>\n");
    }
    let _ = write!(page, "<script>\n{SCRIPT}</script>\n</body>\n</html>\n");
    page
}

fn contents(page: &mut String, pictures: &[Picture]) {
    page.push_str("<ol class=\"contents\">\n");
    for picture in pictures {
        let _ = writeln!(
            page,
            "<li><a href=\"#{}\">{}</a></li>",
            picture.name,
            escape(&picture.heading)
        );
    }
    page.push_str("</ol>\n");
}

fn navigation(page: &mut String, pictures: &[Picture], i: usize) {
    page.push_str("<nav>");
    if i > 0 {
        let _ = write!(
            page,
            "<a href=\"#{}\" rel=\"prev\">&larr; previous</a>",
            pictures[i - 1].name
        );
    }
    if let Some(next) = pictures.get(i + 1) {
        let _ = write!(
            page,
            "<a href=\"#{}\" rel=\"next\">next &rarr;</a>",
            next.name
        );
    }
    page.push_str("</nav>\n");
}
