"""The Dask and PySpark recipes (python/examples) print `kaidoku rate`'s lines, in local mode."""

import csv
import json
import os
import re
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


def import_recipe(name):
    sys.path.insert(0, str(EXAMPLES))
    try:
        return __import__(name)
    finally:
        sys.path.pop(0)


# In this process only: the processes scheduler's workers could not import the recipe (the
# script's test runs it there).
@pytest.mark.parametrize("scheduler", ["threads", "synchronous"])
def test_the_dask_recipe_rates_a_dataframe_column(cli, puzzle_file, tmp_path, scheduler):
    pytest.importorskip("dask.dataframe", reason="SKIPPED: dask[dataframe] is not installed")
    import dask.dataframe as dd
    import pandas as pd

    rate_dask = import_recipe("rate_dask")
    lines = puzzle_file.read_text().splitlines()
    frame = pd.DataFrame({"id": range(len(lines) + 1), "puzzle": lines + [None]})
    ddf = dd.from_pandas(frame, npartitions=3)
    rated = rate_dask.rate_column(ddf, "puzzle")
    assert list(rated.columns) == ["id", "puzzle"] + FIELDS
    got = rated.compute(scheduler=scheduler).sort_values("id")
    expected = cli_fields(cli, lines + [""], tmp_path)
    assert len(got) == len(expected) == len(lines) + 1
    for row, want in zip(got.to_dict("records"), expected):
        have = [None if pd.isna(row[f]) else row[f] for f in FIELDS]
        assert have == [want[f] for f in FIELDS], (row, want)
    assert {"solved", "skipped", "invalid", "multiple-solutions"} <= set(got["status"])
    assert str(got["score"].dtype) == "Int64" and got["er"].dtype == "float64"
    with pytest.raises(ValueError, match="no column 'quizzes'"):
        rate_dask.rate_column(ddf, "quizzes")
    with pytest.raises(ValueError, match="already has column\\(s\\) er, level"):
        rate_dask.rate_column(rated[["puzzle", "er", "level"]], "puzzle")
    numbers = dd.from_pandas(pd.DataFrame({"quizzes": [4300209]}), npartitions=1)
    with pytest.raises(ValueError, match="column 'quizzes' holds int64, not text"):
        rate_dask.rate_column(numbers, "quizzes")


def test_the_dask_recipe_rates_a_csv_column(cli, tmp_path):
    pytest.importorskip("dask.dataframe", reason="SKIPPED: dask[dataframe] is not installed")
    # Digits-only puzzles (0 for an empty cell) must stay text, not become numbers.
    puzzles = [p.replace(".", "0") for p, _ in sample()][::10][:20]
    path = tmp_path / "sudoku.csv"
    path.write_text("quizzes,note\n" + "".join(f"{p},n{i}\n" for i, p in enumerate(puzzles)))
    got = list(
        csv.DictReader(
            run_recipe(
                "rate_dask.py", str(path), "--column", "quizzes", "--blocksize", "1KiB",
                "--scheduler", "processes", "--workers", "2",
            )
        )
    )
    expected = cli_fields(cli, puzzles, tmp_path)
    assert [row["quizzes"] for row in got] == puzzles
    assert [row["note"] for row in got] == [f"n{i}" for i in range(len(puzzles))]
    for row, want in zip(got, expected):
        assert float(row["er"]) == want["er"] and row["score"] == str(want["score"]), row
        assert (row["status"], row["level"], row["hardest"]) == (
            want["status"], want["level"], want["hardest"],
        )


def needs_spark():
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("SKIPPED: no JDK (java) for Spark")
    pytest.importorskip("pyspark", reason="SKIPPED: pyspark is not installed")


def test_the_spark_recipe_prints_the_lines_of_kaidoku_rate(cli, puzzle_file):
    needs_spark()
    expected = cli("rate", str(puzzle_file)).stdout.splitlines()
    got = run_recipe("rate_spark.py", str(puzzle_file), "--partitions", "3")
    assert got == expected


@pytest.fixture(scope="module")
def rate_spark():
    """The Spark recipe as a module, with one local session for the module's tests."""
    needs_spark()
    sys.path.insert(0, str(EXAMPLES))
    try:
        import rate_spark
    finally:
        sys.path.pop(0)
    spark = rate_spark.session("local[2]")
    # The workers unpickle the recipe's functions by module name: ship the module to them.
    spark.sparkContext.addPyFile(str(EXAMPLES / "rate_spark.py"))
    yield rate_spark, spark
    spark.stop()


def cli_fields(cli, lines, tmp_path):
    """`kaidoku rate --format json`'s fields for each line, its error without "line N: "."""
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(lines) + "\n")
    rows = [json.loads(l) for l in cli("rate", str(path), "--format", "json").stdout.splitlines()]
    for row in rows:
        if row["error"]:
            row["error"] = re.sub(r"^line \d+: ", "", row["error"])
    return rows


FIELDS = ["status", "er", "ep", "ed", "level", "score", "hardest", "error"]


def test_the_spark_recipe_rates_a_dataframe_column(cli, puzzle_file, rate_spark, tmp_path):
    module, spark = rate_spark
    lines = puzzle_file.read_text().splitlines()
    df = spark.createDataFrame(
        [(i, p) for i, p in enumerate(lines)] + [(len(lines), None)], "id long, puzzle string"
    ).repartition(3)
    assert df.rdd.getNumPartitions() == 3
    rated = module.rate_column(df, "puzzle")
    assert rated.columns == ["id", "puzzle"] + FIELDS
    got = sorted(rated.collect(), key=lambda row: row["id"])
    expected = cli_fields(cli, lines + [""], tmp_path)
    assert len(got) == len(expected) == len(lines) + 1
    for row, want in zip(got, expected):
        assert [row[f] for f in FIELDS] == [want[f] for f in FIELDS], (row, want)
    statuses = {row["status"] for row in got}
    assert {"solved", "skipped", "invalid", "multiple-solutions"} <= statuses, statuses
    assert got[-1]["status"] == "skipped"


def test_the_spark_recipe_refuses_a_missing_or_taken_column(rate_spark):
    module, spark = rate_spark
    df = spark.createDataFrame([("1", "x")], "er string, quizzes string")
    with pytest.raises(ValueError, match="no column 'puzzle' \\(the columns: er, quizzes\\)"):
        module.rate_column(df)
    with pytest.raises(ValueError, match="already has column\\(s\\) er"):
        module.rate_column(df, "quizzes")
    numbers = spark.createDataFrame([(1,)], "quizzes bigint")
    with pytest.raises(ValueError, match="column 'quizzes' holds bigint, not text"):
        module.rate_column(numbers, "quizzes")


def test_the_spark_recipe_rates_a_csv_column(cli, tmp_path):
    needs_spark()
    puzzles = [p for p, _ in sample()][::10][:20]
    path = tmp_path / "sudoku.csv"
    path.write_text("quizzes,note\n" + "".join(f"{p},n{i}\n" for i, p in enumerate(puzzles)))
    got = list(csv.DictReader(run_recipe("rate_spark.py", str(path), "--column", "quizzes")))
    expected = cli_fields(cli, puzzles, tmp_path)
    assert [row["quizzes"] for row in got] == puzzles
    assert [row["note"] for row in got] == [f"n{i}" for i in range(len(puzzles))]
    for row, want in zip(got, expected):
        assert row["er"] == f"{want['er']:.1f}" and row["score"] == str(want["score"]), row
        assert (row["status"], row["level"], row["hardest"]) == (
            want["status"], want["level"], want["hardest"],
        )
