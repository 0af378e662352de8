"""Rate a file of puzzles with PySpark, the lines equal to `kaidoku rate FILE`'s.

`textFile` reads the file as an RDD of lines; `zipWithIndex` numbers them (Spark counts each
partition's lines first); each partition is rated by `kaidoku.rate_many` inside
`mapPartitions`, numbered from its first line, so `skipped line N` and `invalid line N` say the
file's N. The RDD keeps file order, so `collect()` or `saveAsTextFile` give the lines in order.

    python rate_spark.py puzzles.txt --partitions 2 > ratings.txt

Runs in local mode as written (`local[N]`); on a cluster, `--master` names it and every
executor needs the kaidoku wheel installed. See docs/python.md.
"""

import argparse
import itertools
import os
import sys

from pyspark.sql import SparkSession

import kaidoku


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
    parser.add_argument("--partitions", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1, help="engine threads per partition")
    parser.add_argument("--config", help="a shipped config's name (default: se)")
    args = parser.parse_args(argv)
    spark = session(args.master)
    try:
        for line in rate_file(spark, args.file, args.partitions, args.threads, args.config).collect():
            sys.stdout.write(line + "\n")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
