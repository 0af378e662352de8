//! `kaidoku explain`: the solve drawn, as one HTML page and/or one SVG file per step.

use crate::commands::solve::unsolvable;
use crate::{input, output};
use anyhow::{Context, Result, bail};
use kaidoku_engine::Status;
use kaidoku_engine::picture::{self, Picture};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where the pictures go.
pub struct Destinations {
    pub html: Option<PathBuf>,
    pub svg_dir: Option<PathBuf>,
    /// Replace an existing HTML file, and write into a non-empty SVG directory (replacing the
    /// picture files of an earlier run).
    pub force: bool,
}

pub fn run(puzzle: &str, config: Option<PathBuf>, to: Destinations) -> Result<ExitCode> {
    let solver = input::solver(config, false)?;
    let (_, start) = input::one_puzzle(puzzle)?;
    // Refuse a bad destination before spending time on the solve.
    if let Some(html) = &to.html {
        check_html_path(html, to.force)?;
    }
    if let Some(dir) = &to.svg_dir {
        check_svg_dir(dir, to.force)?;
    }
    let trace = solver.solve(&start);
    if !matches!(trace.status, Status::Solved | Status::Stuck) {
        return Err(unsolvable(&trace, &start));
    }
    let mut out = output::stdout();
    let steps = trace.steps.len();
    let ending = format!(
        "{steps} step{}, {}",
        if steps == 1 { "" } else { "s" },
        trace.status.as_str()
    );
    if let Some(html) = &to.html {
        let page = picture::trace_html(&start, &trace);
        std::fs::write(html, page).with_context(|| format!("cannot write {}", html.display()))?;
        writeln!(out, "wrote {} ({ending})", html.display())?;
    }
    if let Some(dir) = &to.svg_dir {
        let pictures = picture::trace_pictures(&start, &trace);
        write_svgs(dir, &pictures)?;
        let first_step = pictures.get(1).filter(|_| steps > 0).map(file_name);
        let last_step = pictures
            .iter()
            .rev()
            .nth(1)
            .filter(|_| steps > 0)
            .map(file_name);
        let list = match (first_step, last_step) {
            (Some(first), Some(last)) if steps > 1 => {
                format!("start.svg, {first} … {last}, final.svg")
            }
            (Some(only), _) => format!("start.svg, {only}, final.svg"),
            _ => "start.svg, final.svg".to_string(),
        };
        writeln!(
            out,
            "wrote {} pictures to {} ({list}; {ending})",
            pictures.len(),
            dir.display()
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn file_name(picture: &Picture) -> String {
    format!("{}.svg", picture.name)
}

/// The page goes to a new file in a directory that exists; with `--force`, an existing file
/// is replaced (as `--svg` refuses a non-empty directory without it).
fn check_html_path(path: &Path, force: bool) -> Result<()> {
    if path.is_dir() {
        bail!(
            "--html {}: is a directory; give the page's file name",
            path.display()
        );
    }
    if path.exists() && !force {
        bail!(
            "--html {}: the file exists; pass --force to replace it",
            path.display()
        );
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if parent.exists() && !parent.is_dir() {
        bail!(
            "--html {}: {} is not a directory",
            path.display(),
            parent.display()
        );
    }
    if !parent.is_dir() {
        bail!(
            "--html {}: the directory {} does not exist",
            path.display(),
            parent.display()
        );
    }
    Ok(())
}

/// The pictures go to a new or empty directory; with `--force`, also to one holding other
/// files (the picture files of an earlier run are replaced, nothing else is touched).
fn check_svg_dir(dir: &Path, force: bool) -> Result<()> {
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => bail!("--svg {}: {e}", dir.display()),
        Ok(meta) if !meta.is_dir() => bail!("--svg {}: is a file, not a directory", dir.display()),
        Ok(_) => {
            let mut entries = std::fs::read_dir(dir)
                .with_context(|| format!("--svg {}: cannot read the directory", dir.display()))?;
            if entries.next().is_some() && !force {
                bail!(
                    "--svg {}: the directory is not empty; give a new or empty one, or pass --force to write into it (the picture files of an earlier run are replaced, other files left alone)",
                    dir.display()
                );
            }
            Ok(())
        }
    }
}

/// Whether a file name is one that `explain` writes, so a rerun may remove it.
fn is_picture_file(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".svg") else {
        return false;
    };
    stem == "start"
        || stem == "final"
        || stem
            .strip_prefix("step-")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn write_svgs(dir: &Path, pictures: &[Picture]) -> Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--svg {}: cannot create the directory", dir.display()))?;
    // An earlier, longer run's step files would otherwise read as part of this one.
    for entry in std::fs::read_dir(dir)
        .with_context(|| format!("--svg {}: cannot read the directory", dir.display()))?
    {
        let entry = entry?;
        if entry.file_type()?.is_file() && entry.file_name().to_str().is_some_and(is_picture_file) {
            std::fs::remove_file(entry.path())
                .with_context(|| format!("cannot remove {}", entry.path().display()))?;
        }
    }
    for picture in pictures {
        let path = dir.join(file_name(picture));
        std::fs::write(&path, &picture.svg)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::is_picture_file;

    #[test]
    fn only_the_files_explain_writes_are_pictures() {
        for name in ["start.svg", "final.svg", "step-001.svg", "step-1234.svg"] {
            assert!(is_picture_file(name), "{name}");
        }
        for name in [
            "notes.svg",
            "step-.svg",
            "step-01a.svg",
            "start.png",
            "step-001.svg.bak",
        ] {
            assert!(!is_picture_file(name), "{name}");
        }
    }
}
