//! Keeps the engine's layering true (see the module docs of `lib.rs`): reads the `crate::` and
//! `super::` paths of every source file under `engine/src` and checks that
//! - a file uses only its own layer and the layers below it, and
//! - files do not use each other in loops, except inside the units listed in [`LOOP_UNITS`].
//!
//! Unit tests (`#[cfg(test)]` modules and the files they include) may use any layer, as
//! dev-dependencies may, and are left out. A module's own children are part of it: a parent
//! naming its child (`mod x; use x::Y`) is not an edge, a child naming its parent through
//! `super::` is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom up: a file in one may use files in the same or an earlier one.
const LAYERS: &[&str] = &[
    "backtrack",
    "board",
    "text",
    "step",
    "patterns",
    "technique",
    "plugin",
    "solve",
    "generate",
    "io",
];

/// Groups of files that may use each other in a loop, each with the reason. Keep it short.
const LOOP_UNITS: &[(&str, &[&str])] = &[];

struct Source {
    /// Module path, e.g. `["patterns", "chains", "graph"]`.
    module: Vec<String>,
    /// The library code: comments and unit tests removed.
    code: String,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// Removes `//` comments (doc links are not imports).
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Files included only by `#[cfg(test)]` module declarations, and each file's code before its
/// unit tests (which come last in a file, by this crate's convention).
fn library_sources() -> BTreeMap<PathBuf, Source> {
    let root = src_dir();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut test_files = BTreeSet::new();
    let mut code = BTreeMap::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut library = String::new();
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            if line.trim() == "#[cfg(test)]" {
                // Skip further attributes, then see what the test-only item is.
                let mut path_attr = None;
                while let Some(next) = lines.peek() {
                    let next = next.trim();
                    if let Some(rest) = next.strip_prefix("#[path = \"") {
                        path_attr = Some(rest.trim_end_matches("\"]").to_string());
                        lines.next();
                    } else if next.starts_with("#[") {
                        lines.next();
                    } else {
                        break;
                    }
                }
                let item = lines.next().unwrap_or_default().trim();
                let name = item
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub ")
                    .strip_prefix("mod ");
                match name {
                    Some(name) if name.ends_with(';') => {
                        let name = name.trim_end_matches(';');
                        let dir = path.parent().unwrap();
                        let stem = path.file_stem().unwrap().to_string_lossy();
                        let own_dir = if matches!(&*stem, "mod" | "lib") {
                            dir.to_path_buf()
                        } else {
                            dir.join(&*stem)
                        };
                        let included = match &path_attr {
                            Some(p) => dir.join(p),
                            None if own_dir.join(format!("{name}.rs")).exists() => {
                                own_dir.join(format!("{name}.rs"))
                            }
                            None => own_dir.join(name).join("mod.rs"),
                        };
                        test_files.insert(included);
                    }
                    // An inline test module (or a test-only item): the rest of the file.
                    _ => break,
                }
                continue;
            }
            library.push_str(line);
            library.push('\n');
        }
        code.insert(path.clone(), strip_comments(&library));
    }
    // Files under a test-only file are test-only too.
    code.into_iter()
        .filter(|(path, _)| {
            !test_files.iter().any(|t| {
                path == t || (t.ends_with("mod.rs") && path.starts_with(t.parent().unwrap()))
            })
        })
        .map(|(path, code)| {
            let module = module_of(path.strip_prefix(&root).unwrap());
            (path, Source { module, code })
        })
        .collect()
}

/// The paths after `crate::` and `super::` in `code`, as segments; `use crate::{a::b, c}`
/// gives `a::b` and `c`.
fn paths(code: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            let before = at.checked_sub(1).map(|i| bytes[i]);
            if before
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b':')
            {
                continue;
            }
            let is_crate = start == "crate::";
            let rest = &code[from..];
            if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let segs = segments(item.trim());
                    if !segs.is_empty() {
                        out.push((is_crate, segs));
                    }
                }
            } else {
                // `super::super::x`: keep every `super` as a segment.
                let segs = segments(rest);
                out.push((is_crate, segs));
            }
        }
    }
    out
}

fn segments(text: &str) -> Vec<String> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(text.len());
    text[..end]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The file a path names: the longest prefix that is a module of a file.
fn resolve(modules: &BTreeMap<Vec<String>, PathBuf>, segs: &[String]) -> Option<PathBuf> {
    (1..=segs.len())
        .rev()
        .find_map(|k| modules.get(&segs[..k]).cloned())
}

fn layer_of(module: &[String]) -> Option<usize> {
    let first = module.first()?;
    LAYERS.iter().position(|l| l == first)
}

struct Graph {
    edges: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    /// Imports that go up: (from, to, the path written).
    upward: Vec<String>,
    /// Paths that name no layer (`crate::Grid`): library code names the layer.
    unlayered: Vec<String>,
}

fn graph() -> Graph {
    let sources = library_sources();
    let mut modules: BTreeMap<Vec<String>, PathBuf> = BTreeMap::new();
    let root = src_dir();
    let mut all = Vec::new();
    rust_files(&root, &mut all);
    for path in &all {
        modules.insert(module_of(path.strip_prefix(&root).unwrap()), path.clone());
    }
    let short = |p: &Path| p.strip_prefix(&root).unwrap().display().to_string();
    let mut graph = Graph {
        edges: BTreeMap::new(),
        upward: Vec::new(),
        unlayered: Vec::new(),
    };
    for (path, source) in &sources {
        if source.module.is_empty() {
            continue; // lib.rs: the public API, re-exported from every layer.
        }
        for (is_crate, segs) in paths(&source.code) {
            let full: Vec<String> = if is_crate {
                segs.clone()
            } else {
                let mut base = source.module.clone();
                let mut rest = segs.as_slice();
                base.pop();
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                base.extend(rest.iter().cloned());
                base
            };
            if is_crate && layer_of(&full).is_none() {
                // Macros re-exported at the root (`crate::register_technique!`) and
                // `$crate::inventory` are not modules.
                let name = full.first().map(String::as_str).unwrap_or("");
                if !matches!(name, "inventory") && !name.starts_with("register_") {
                    graph
                        .unlayered
                        .push(format!("{}: crate::{}", short(path), full.join("::")));
                }
                continue;
            }
            let Some(target) = resolve(&modules, &full) else {
                continue;
            };
            if &target == path {
                continue;
            }
            let (from, to) = (layer_of(&source.module), layer_of(&full));
            if let (Some(from), Some(to)) = (from, to)
                && to > from
            {
                graph.upward.push(format!(
                    "{} ({}) uses {} ({})",
                    short(path),
                    LAYERS[from],
                    full.join("::"),
                    LAYERS[to]
                ));
            }
            graph.edges.entry(path.clone()).or_default().insert(target);
        }
    }
    graph
}

/// Strongly connected components with more than one file (Tarjan).
fn loops(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<BTreeSet<PathBuf>> {
    struct State<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        out: Vec<BTreeSet<PathBuf>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a PathBuf) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.edges.get(v) {
            for w in targets {
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut unit = BTreeSet::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                unit.insert(w.clone());
                if w == v {
                    break;
                }
            }
            if unit.len() > 1 {
                s.out.push(unit);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.out
}

#[test]
fn every_file_lives_in_a_layer() {
    let root = src_dir();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let stray: Vec<String> = files
        .iter()
        .map(|p| p.strip_prefix(&root).unwrap())
        .filter(|p| *p != Path::new("lib.rs"))
        .filter(|p| layer_of(&module_of(p)).is_none())
        .map(|p| p.display().to_string())
        .collect();
    assert!(stray.is_empty(), "files outside every layer: {stray:?}");
    for layer in LAYERS {
        assert!(root.join(layer).is_dir(), "no folder for layer {layer}");
    }
}

#[test]
fn no_import_goes_up_a_layer() {
    let graph = graph();
    assert!(
        graph.upward.is_empty(),
        "imports that go up a layer:\n{}",
        graph.upward.join("\n")
    );
}

#[test]
fn library_code_names_the_layer_it_imports_from() {
    let graph = graph();
    assert!(
        graph.unlayered.is_empty(),
        "paths through the root re-exports (write crate::<layer>::…):\n{}",
        graph.unlayered.join("\n")
    );
}

#[test]
fn files_do_not_import_each_other_in_loops() {
    let graph = graph();
    assert!(
        graph.edges.len() > 50,
        "the import graph looks empty: the reader is broken"
    );
    let root = src_dir();
    let allowed: Vec<BTreeSet<PathBuf>> = LOOP_UNITS
        .iter()
        .map(|(_, files)| files.iter().map(|f| root.join(f)).collect())
        .collect();
    let bad: Vec<String> = loops(&graph.edges)
        .into_iter()
        .filter(|unit| !allowed.iter().any(|a| unit.is_subset(a)))
        .map(|unit| {
            unit.iter()
                .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
                .collect::<Vec<_>>()
                .join(" <-> ")
        })
        .collect();
    assert!(
        bad.is_empty(),
        "files that import each other in a loop:\n{}",
        bad.join("\n")
    );
}

/// The reader itself: a made-up upward import and loop are caught.
#[test]
fn the_reader_sees_upward_imports_and_loops() {
    let found = paths("use crate::{board::grid::Grid, step::Step};\nuse super::super::x::Y;");
    let names: Vec<String> = found.iter().map(|(_, s)| s.join("::")).collect();
    assert_eq!(
        names,
        ["board::grid::Grid", "step::Step", "super::x::Y"].map(String::from)
    );
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b.rs");
    let mut edges = BTreeMap::new();
    edges.insert(a.clone(), BTreeSet::from([b.clone()]));
    edges.insert(b.clone(), BTreeSet::from([a.clone()]));
    assert_eq!(loops(&edges), vec![BTreeSet::from([a, b])]);
}
