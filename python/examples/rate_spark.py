"""Rate a file of puzzles with PySpark, the lines equal to `kaidoku rate FILE`'s.

`textFile` reads the file as an RDD of lines; `zipWithIndex` numbers them (Spark counts each
partition's lines first); each partition is rated by `kaidoku.rate_many` inside
`mapPartitions`, numbered from its first line, so `skipped line N` and `invalid line N` say the
file's N. The RDD keeps file order, so `collect()` or `saveAsTextFile` give the lines in order.

    python rate_spark.py puzzles.txt --partitions 2 > ratings.txt

`rate_column(df, "puzzle")` does the same for a DataFrame's column of puzzles: the DataFrame
comes back with the rating's fields (status, er, ep, ed, level, score, hardest, error) as
columns after its own, e.g. `rate_column(spark.read.csv("sudoku.csv", header=True),
"quizzes")` for a CSV file with a header line.

Runs in local mode as written (`local[N]`); on a cluster, `--master` names it and every
executor needs the kaidoku wheel installed. See docs/python.md.
"""

import argparse
import csv
import itertools
import os
import re
import sys

from pyspark.sql import Row, SparkSession
from pyspark.sql.types import DoubleType, LongType, StringType, StructField, StructType

import kaidoku

# The columns `rate_column` adds, as `kaidoku rate --format csv` names them.
RATING_FIELDS = [
    StructField("status", StringType(), False),
    StructField("er", DoubleType(), True),
    StructField("ep", DoubleType(), True),
    StructField("ed", DoubleType(), True),
    StructField("level", StringType(), True),
    StructField("score", LongType(), True),
    StructField("hardest", StringType(), True),
    StructField("error", StringType(), True),
]


def rate_partition(rows, threads=1, config=None):
    """The rating lines of a partition of `(line, index)` rows."""
    rows = iter(rows)
    first = next(rows, None)
    if first is None:
        return
    line, index = first
    lines = itertools.chain([line], (line for line, _ in rows))
    for rating in kaidoku.rate_many(lines, threads, config, start=index + 1):
        yield rating.line


def rate_file(spark, path, partitions=2, threads=1, config=None):
    """An RDD of the rating lines of `path`, in file order."""
    lines = spark.sparkContext.textFile(path, minPartitions=partitions)
    return lines.zipWithIndex().mapPartitions(lambda rows: rate_partition(rows, threads, config))


def rate_rows(rows, column, threads=1, config=None):
    """The rows of a partition, each with its puzzle's rating fields after its own."""
    rows = list(rows)
    puzzles = (row[column] or "" for row in rows)
    for row, rating in zip(rows, kaidoku.rate_many(puzzles, threads, config)):
        # A row has no line number: the message without `rate_many`'s "line N: ".
        error = rating.error and re.sub(r"^line \d+: ", "", rating.error)
        yield Row(
            *row,
            rating.status,
            rating.er,
            rating.ep,
            rating.ed,
            rating.level,
            rating.score,
            rating.hardest,
            error,
        )


def rate_column(df, column="puzzle", threads=1, config=None):
    """`df` with the rating of its `column` of puzzles in columns after its own (status, er,
    ep, ed, level, score, hardest, error), row for row; a null puzzle is `skipped`."""
    taken = set(df.columns) & {field.name for field in RATING_FIELDS}
    if column not in df.columns:
        raise ValueError(f"no column {column!r} (the columns: {', '.join(df.columns)})")
    if taken:
        raise ValueError(f"the DataFrame already has column(s) {', '.join(sorted(taken))}")
    kind = df.schema[column].dataType
    if not isinstance(kind, StringType):
        raise ValueError(
            f"column {column!r} holds {kind.simpleString()}, not text: read it as strings (no "
            "inferSchema), or a puzzle written in digits loses its leading zeros"
        )
    schema = StructType(df.schema.fields + RATING_FIELDS)
    rows = df.rdd.mapPartitions(lambda part: rate_rows(part, column, threads, config))
    return df.sparkSession.createDataFrame(rows, schema)


def session(master="local[2]"):
    """A Spark session whose Python workers run this interpreter (which has kaidoku)."""
    # A session started from Python takes its workers' interpreter from PYSPARK_PYTHON, not
    # from `spark.pyspark.python` (without it they run the first python3 on PATH, which may
    # be one without kaidoku, as outside a virtualenv); one set already is kept.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    return (
        SparkSession.builder.master(master)
        .appName("kaidoku-rate")
        .config("spark.pyspark.python", sys.executable)
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument(
        "--partitions", type=int, default=2, help="partitions of a file of lines (not of --column)"
    )
    parser.add_argument("--threads", type=int, default=1, help="engine threads per partition")
    parser.add_argument("--config", help="a shipped config's name (default: se)")
    parser.add_argument(
        "--column",
        help="read FILE as CSV with a header line and rate this column; print CSV, the file's "
        "columns then the rating's",
    )
    args = parser.parse_args(argv)
    spark = session(args.master)
    try:
        if args.column:
            # Spark splits a large file itself, in file order (a repartition would shuffle
            # the rows).
            df = spark.read.csv(args.file, header=True)
            rated = rate_column(df, args.column, args.threads, args.config)
            out = csv.writer(sys.stdout, lineterminator="\n")
            out.writerow(rated.columns)
            # `toLocalIterator` keeps one partition at a time on the driver.
            for row in rated.toLocalIterator():
                out.writerow(["" if v is None else v for v in row])
        else:
            lines = rate_file(spark, args.file, args.partitions, args.threads, args.config)
            for line in lines.collect():
                sys.stdout.write(line + "\n")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
