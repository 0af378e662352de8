//! `kaidoku`: solve Sudoku the way a strong human does, and show every step.

mod commands;
mod help;
mod input;
mod output;
mod position;

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

// Solving allocates many small step texts and vectors; mimalloc is markedly faster at that than
// the system allocator (measured on `kaidoku batch`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "kaidoku",
    version,
    about = "Solve Sudoku step by step, the way a strong human does",
    after_help = help::TOP
)]
struct Cli {
    /// Let configs load the plugin libraries they name: a plugin's code runs inside kaidoku
    /// with your rights, so load only plugins you trust. Also: KAIDOKU_ALLOW_PLUGINS=1. For
    /// the commands that read a config (not `count` nor `canon`).
    #[arg(long, global = true)]
    allow_plugins: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text.
    Text,
    /// One JSON document (the trace format of the README).
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one puzzle or position and print the trace (for hints without solving, see
    /// `kaidoku steps`).
    #[command(after_help = help::SOLVE)]
    Solve {
        /// A puzzle or position (81-char line, 9-line grid, pencil marks, 729 candidates,
        /// HoDoKu library state), a file holding one, or `-` for stdin.
        puzzle: String,
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in default config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Check every step against the backtracking solution.
        #[arg(long)]
        verify: bool,
        /// Stop after step N and print the position there (for a player to go on from).
        #[arg(long, value_name = "N")]
        until: Option<usize>,
        /// How to write the position of `--until`: the input's format by default.
        #[arg(long, value_enum, default_value = "input", value_name = "FORMAT")]
        position: position::PositionFormat,
    },
    /// Solve one puzzle a line; write one JSON trace a line, line N for input line N.
    #[command(after_help = help::BATCH)]
    Batch {
        /// File of puzzles, one a line, or `-` for stdin (the default).
        #[arg(default_value = "-")]
        file: String,
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in default config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
        /// Worker threads: 1 by default, 0 = one per core, at most 256.
        #[arg(long, default_value_t = 1, value_name = "N",
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
                  .range(0..=commands::batch::MAX_THREADS as u64))]
        threads: usize,
        /// Check every step against the backtracking solution.
        #[arg(long)]
        verify: bool,
    },
    /// List the steps available now (hints), without applying any.
    #[command(after_help = help::STEPS)]
    Steps {
        /// A puzzle or position in any format `solve` reads, a file holding one, or `-`.
        puzzle: String,
        /// Run only this technique (repeatable), or list only the steps of this kind (`x-wing`,
        /// `skyscraper`, `naked-pair`) from the technique that finds it; parameters come from the
        /// config when it lists the technique, else its defaults.
        #[arg(long = "technique", value_name = "ID")]
        techniques: Vec<String>,
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in default config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Show at most N steps (0 = all); the output says how many were left out.
        #[arg(long, value_name = "N", default_value_t = commands::steps::DEFAULT_LIMIT)]
        limit: usize,
        /// Apply step N of the list and print the position after it (the step on stderr).
        #[arg(long, value_name = "N")]
        apply: Option<usize>,
        /// How to write the position of `--apply`: the input's format by default.
        #[arg(long, value_enum, default_value = "input", value_name = "FORMAT")]
        position: position::PositionFormat,
    },
    /// Rate puzzles as Sudoku Explainer does (easiest step first): ER, HoDoKu level and score,
    /// hardest step; one line per input line.
    #[command(after_help = help::RATE)]
    Rate {
        /// File of puzzles, one a line, or `-` for stdin (the default).
        #[arg(default_value = "-")]
        file: String,
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in rating config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
        /// Worker threads: 1 by default, 0 = one per core, at most 256.
        #[arg(long, default_value_t = 1, value_name = "N",
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
                  .range(0..=commands::batch::MAX_THREADS as u64))]
        threads: usize,
        /// Output: text (a line each, columns as below), csv or tsv (with a header line), or
        /// json (one object a line).
        #[arg(long, value_enum, default_value_t = commands::rate::RateFormat::Text)]
        format: commands::rate::RateFormat,
        /// Rate each puzzle the way round it is given, as Sudoku Explainer does, not in its
        /// canonical form: SE's own number for this text, which for some chain-rated puzzles
        /// differs between isomorphs (see `[solver] orientation`).
        #[arg(long)]
        as_given: bool,
    },
    /// The next step for a player, after checking the position: 1 the technique, 2 where, 3
    /// the whole step.
    #[command(after_help = help::HINT)]
    Hint {
        /// A puzzle or position in any format `solve` reads (pencil marks copied from HoDoKu
        /// or Sudoku Explainer included), a file holding one, or `-`.
        puzzle: String,
        /// How much to tell: 1 the technique, 2 where to look (a single's house, a pattern's
        /// cells), 3 the whole step.
        #[arg(long, default_value_t = 1, value_name = "1|2|3",
              value_parser = clap::value_parser!(u8).range(1..=3))]
        level: u8,
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in rating config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
        /// Output format: text for a player, or one JSON object with the whole step.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Apply the step and print the position after it (the step itself on stderr), to go
        /// on from: `kaidoku hint P --apply | kaidoku hint -`.
        #[arg(long)]
        apply: bool,
        /// How to write the position of `--apply`: the input's format by default.
        #[arg(long, value_enum, default_value = "input", value_name = "FORMAT")]
        position: position::PositionFormat,
        /// At level 3, print the step's whole text (a long chain or net is otherwise folded
        /// to its key links).
        #[arg(long)]
        full: bool,
        /// Write the step's picture (SVG: its pattern, links and eliminations on the
        /// position) to FILE.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Run a HoDoKu regression library file against the techniques that cover its codes.
    #[command(after_help = help::REGLIB)]
    Reglib {
        /// The library file (HoDoKu's `reglib-1.3.txt` format, one case a line).
        file: PathBuf,
        /// Only the cases of this technique.
        #[arg(long = "technique", value_name = "ID")]
        technique: Option<String>,
        /// Plugins to load for the run come from this config.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Also run every case moved by seven of Sudoku's symmetries (transposed, rotated,
        /// mirrored, bands, stacks and rows swapped, digits relabelled): a case passes only if
        /// it passes in all eight positions.
        #[arg(long)]
        symmetries: bool,
    },
    /// Show the techniques of a config, in order, with their parameters.
    #[command(after_help = help::TECHNIQUES)]
    Techniques {
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in default config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
    },
    /// Solve one puzzle and draw every step: one HTML page (`--html`) and/or one SVG file per
    /// step (`--svg`).
    #[command(after_help = help::EXPLAIN)]
    #[command(group(clap::ArgGroup::new("output").required(true).multiple(true).args(["html", "svg"])))]
    Explain {
        /// A puzzle or position in any format `solve` reads, a file holding one, or `-`.
        puzzle: String,
        /// Technique config: a TOML file, or the name of a shipped config such as `fast` or
        /// `all` (an unknown name lists them); the built-in default config otherwise.
        #[arg(long, value_name = "FILE|NAME")]
        config: Option<PathBuf>,
        /// Write one self-contained HTML page: the start, every step with its text, the end.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Write start.svg, step-001.svg … and final.svg into this new or empty directory.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
        /// Replace an existing --html file, and write into a non-empty --svg directory (the
        /// picture files of an earlier run are replaced, other files are left alone).
        #[arg(long)]
        force: bool,
    },
    /// Serve the play page on this machine: solve, pencil-mark, hint, rate and generate in a
    /// browser (http://127.0.0.1:PORT/), with its JSON API.
    #[command(after_help = help::SERVE)]
    Serve {
        /// The port on 127.0.0.1 (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080, value_name = "N")]
        port: u16,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Requests worked on at once (0 = one per core); others wait their turn.
        #[arg(long, default_value_t = 0, value_name = "N",
              value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=64))]
        workers: usize,
        /// The longest one request may work, in seconds (a `generate` has its own limit).
        #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
        request_seconds: f64,
    },
    /// Make new puzzles: by symmetry, clue pattern and count, rating (ER, level) and
    /// technique; one a line with its rating columns, as `kaidoku rate` prints them.
    #[command(after_help = help::GENERATE)]
    Generate(Box<commands::generate::GenerateArgs>),
    /// Print each puzzle's canonical form (the forum's minlex): isomorphic puzzles get the
    /// same line.
    #[command(after_help = help::CANON)]
    Canon {
        /// File of puzzles, one a line, or `-` for stdin (the default).
        #[arg(default_value = "-")]
        file: String,
    },
    /// The shipped configs: list them, or print one's TOML (to start a config of your own).
    #[command(after_help = help::CONFIG)]
    Config {
        #[command(subcommand)]
        action: ConfigAction,
    },
    /// Count solutions (0, 1 or 2+) with the backtracking solver; one line per puzzle.
    #[command(after_help = help::COUNT)]
    Count {
        /// A puzzle in any format `solve` reads, a file of puzzles (one a line, or one
        /// multi-line grid), or `-` for stdin (the default).
        #[arg(default_value = "-")]
        puzzle: String,
    },
}

#[derive(Subcommand)]
enum ConfigAction {
    /// Print a shipped config's TOML.
    #[command(after_help = help::CONFIG)]
    Show {
        /// The shipped config's name (`kaidoku config list` names them).
        name: String,
    },
    /// List the shipped configs, one a line with its first comment.
    #[command(after_help = help::CONFIG)]
    List,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.allow_plugins {
        // The flag is global (it may come before the command), but these read no config.
        let name = match cli.command {
            Command::Count { .. } => Some("count"),
            Command::Canon { .. } => Some("canon"),
            _ => None,
        };
        if let Some(name) = name {
            output::note(format_args!(
                "error: `kaidoku {name}` loads no config, so --allow-plugins does nothing there"
            ));
            return ExitCode::from(2);
        }
    }
    input::set_allow_plugins(cli.allow_plugins);
    let result = match cli.command {
        Command::Solve {
            puzzle,
            config,
            format,
            verify,
            until,
            position,
        } => commands::solve::run(
            &puzzle,
            config,
            format,
            verify,
            until.map(|n| (n, position)),
        ),
        Command::Batch {
            file,
            config,
            threads,
            verify,
        } => commands::batch::run(&file, config, threads, verify),
        Command::Steps {
            puzzle,
            techniques,
            config,
            format,
            limit,
            apply,
            position,
        } => commands::steps::run(
            &puzzle,
            &techniques,
            config,
            format,
            limit,
            apply.map(|n| (n, position)),
        ),
        Command::Rate {
            file,
            config,
            threads,
            format,
            as_given,
        } => commands::rate::run(&file, config, threads, format, as_given),
        Command::Hint {
            puzzle,
            level,
            config,
            format,
            apply,
            position,
            full,
            svg,
        } => commands::hint::run(
            &puzzle,
            config,
            commands::hint::Options {
                level,
                format,
                apply: apply.then_some(position),
                full,
                svg,
            },
        ),
        Command::Reglib {
            file,
            technique,
            config,
            symmetries,
        } => commands::reglib::run(&file, technique.as_deref(), config, symmetries),
        Command::Techniques { config } => commands::techniques::run(config),
        Command::Count { puzzle } => commands::count::run(&puzzle),
        Command::Config { action } => match action {
            ConfigAction::Show { name } => commands::config::show(&name),
            ConfigAction::List => commands::config::list(),
        },
        Command::Generate(args) => commands::generate::run_command(*args),
        Command::Canon { file } => commands::canon::run(&file),
        Command::Serve {
            port,
            open,
            workers,
            request_seconds,
        } => commands::serve::run(port, open, workers, request_seconds),
        Command::Explain {
            puzzle,
            config,
            html,
            svg,
            force,
        } => commands::explain::run(
            &puzzle,
            config,
            commands::explain::Destinations {
                html,
                svg_dir: svg,
                force,
            },
        ),
    };
    match result {
        Ok(code) => code,
        // The reader of our output has gone (`| head`): nothing is wrong, and nobody to tell.
        Err(error) if output::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            output::note(format_args!("error: {error:#}"));
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_option_has_help_and_every_command_examples_and_exit_codes() {
        let cli = Cli::command();
        cli.clone().debug_assert();
        for sub in cli.get_subcommands() {
            let name = sub.get_name();
            for arg in sub.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" {
                    continue;
                }
                assert!(
                    arg.get_help().is_some(),
                    "`{name}` option `{id}` has no help"
                );
            }
            let after = sub
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            assert!(after.contains("Examples:"), "`{name}` shows no examples");
            assert!(
                after.contains("Exit codes:"),
                "`{name}` shows no exit codes"
            );
        }
        let top = cli
            .get_after_help()
            .map(|h| h.to_string())
            .unwrap_or_default();
        assert!(top.contains("kaidoku steps"), "{top}");
    }
}
