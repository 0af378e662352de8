//! `kaidoku`: solve Sudoku the way a strong human does, and show every step.

mod commands;
mod input;

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
    about = "Solve Sudoku step by step, the way a strong human does"
)]
struct Cli {
    /// Let configs load the plugin libraries they name: a plugin's code runs inside kaidoku
    /// with your rights, so load only plugins you trust. Also: KAIDOKU_ALLOW_PLUGINS=1.
    #[arg(long, global = true)]
    allow_plugins: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one puzzle or position and print the trace.
    Solve {
        /// A puzzle or position (81-char line, 9-line grid, pencil marks, 729 candidates,
        /// HoDoKu library state), a file holding one, or `-` for stdin.
        puzzle: String,
        /// Technique config (TOML); the built-in default config otherwise.
        #[arg(long)]
        config: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Check every step against the backtracking solution.
        #[arg(long)]
        verify: bool,
    },
    /// Solve one puzzle a line; write one JSON trace a line, in input order.
    Batch {
        /// File of puzzles, one a line, or `-` for stdin (the default).
        #[arg(default_value = "-")]
        file: String,
        #[arg(long)]
        config: Option<PathBuf>,
        /// Worker threads (1 = sequential; 0 = one per core).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Check every step against the backtracking solution.
        #[arg(long)]
        verify: bool,
    },
    /// List every step available now, without applying any.
    Steps {
        puzzle: String,
        /// Run only this technique (repeatable); its parameters come from the config when it
        /// lists it, else its defaults.
        #[arg(long = "technique", value_name = "ID")]
        techniques: Vec<String>,
        #[arg(long)]
        config: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Run a HoDoKu regression library file against the techniques that cover its codes.
    Reglib {
        file: PathBuf,
        /// Only the cases of this technique.
        #[arg(long = "technique", value_name = "ID")]
        technique: Option<String>,
        /// Plugins to load for the run come from this config.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Show the techniques of a config, in order, with their parameters.
    Techniques {
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Count solutions (0, 1 or 2+) with the backtracking solver; one line per puzzle.
    Count {
        /// A puzzle, a file of puzzles (one a line), or `-` for stdin.
        puzzle: String,
    },
}

fn main() -> ExitCode {
    kaidoku_techniques::link();
    let cli = Cli::parse();
    input::set_allow_plugins(cli.allow_plugins);
    let result = match cli.command {
        Command::Solve {
            puzzle,
            config,
            format,
            verify,
        } => commands::solve::run(&puzzle, config, format, verify),
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
        } => commands::steps::run(&puzzle, &techniques, config, format),
        Command::Reglib {
            file,
            technique,
            config,
        } => commands::reglib::run(&file, technique.as_deref(), config),
        Command::Techniques { config } => commands::techniques::run(config),
        Command::Count { puzzle } => commands::count::run(&puzzle),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(1)
        }
    }
}
