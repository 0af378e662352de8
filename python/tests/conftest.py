"""Shared fixtures: the repository's puzzles and the `kaidoku` binary to compare with."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "testdata" / "sudoku-exchange-sample.tsv"

# A puzzle of the README (ER 2.0) and one that needs forcing chains (ER 9.0).
EASY = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def sample(n=None):
    """The sample's puzzles (Sudoku Exchange, SE 1.2 to 9.3), in file order."""
    rows = [line.split("\t") for line in SAMPLE.read_text().splitlines() if line.strip()]
    puzzles = [(puzzle, float(er)) for puzzle, er in rows]
    return puzzles[:n] if n else puzzles


def cli_binary():
    """The CLI to compare with: $KAIDOKU_BIN, else the workspace's build, else PATH's."""
    named = os.environ.get("KAIDOKU_BIN")
    if named:
        return named
    for profile in ("release", "debug"):
        built = ROOT / "target" / profile / "kaidoku"
        if built.exists():
            return str(built)
    return shutil.which("kaidoku")


@pytest.fixture(scope="session")
def cli():
    """Run `kaidoku ARGS…` and return its stdout (it must succeed unless told otherwise)."""
    binary = cli_binary()
    if binary is None:
        pytest.skip("SKIPPED: no kaidoku binary (cargo build -p kaidoku-cli, or set KAIDOKU_BIN)")

    def run(*args, stdin=None, ok=True):
        done = subprocess.run(
            [binary, *args], input=stdin, capture_output=True, text=True, timeout=600
        )
        if ok:
            assert done.returncode == 0, done.stderr
        return done

    return run


@pytest.fixture
def mixed_file(tmp_path):
    """A file of puzzles with the lines `kaidoku rate` reports rather than rates."""
    lines = [p for p, _ in sample(12)] + [
        "",
        "# a comment",
        "12345",
        "11" + "." * 79,
        "." * 81,
        HARD,
    ]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path
