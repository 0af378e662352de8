"""The Dask and PySpark recipes (python/examples) print `kaidoku rate`'s lines, in local mode."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HARD, sample

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def puzzle_file(tmp_path):
    """Sixty puzzles across the ratings, with lines that are reported rather than rated."""
    puzzles = [p for p, _ in sample()][::5]
    lines = puzzles[:25] + ["", "# a comment", "12345"] + puzzles[25:] + ["." * 81, HARD]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def run_recipe(name, *args):
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


@pytest.mark.parametrize("scheduler", ["threads", "processes"])
def test_the_dask_recipe_prints_the_lines_of_kaidoku_rate(cli, puzzle_file, scheduler):
    pytest.importorskip("dask.bag", reason="SKIPPED: dask is not installed")
    expected = cli("rate", str(puzzle_file)).stdout.splitlines()
    # Small blocks: several partitions, each numbered from its own first line.
    got = run_recipe(
        "rate_dask.py", str(puzzle_file), "--workers", "2", "--blocksize", "1KiB",
        "--scheduler", scheduler,
    )
    assert got == expected


def test_the_dask_partitions_are_numbered_from_their_first_line(puzzle_file):
    pytest.importorskip("dask.bag", reason="SKIPPED: dask is not installed")
    sys.path.insert(0, str(EXAMPLES))
    try:
        import rate_dask
    finally:
        sys.path.pop(0)
    bag = rate_dask.rate_file(str(puzzle_file), blocksize="1KiB")
    assert bag.npartitions > 2
    lines = bag.compute(scheduler="synchronous")
    assert any(line.startswith("skipped line 27: ") for line in lines), lines


def test_the_spark_recipe_prints_the_lines_of_kaidoku_rate(cli, puzzle_file):
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("SKIPPED: no JDK (java) for Spark")
    pytest.importorskip("pyspark", reason="SKIPPED: pyspark is not installed")
    expected = cli("rate", str(puzzle_file)).stdout.splitlines()
    got = run_recipe("rate_spark.py", str(puzzle_file), "--partitions", "3")
    assert got == expected
