"""Rate a file of puzzles with Dask, the lines equal to `kaidoku rate FILE`'s.

The file is read as a `dask.bag` of lines (one partition per block); each partition is rated by
`kaidoku.rate_many`, which releases the GIL and runs on the engine's threads, and numbered from
its first line's number so that `skipped line N` and `invalid line N` say the file's N: each
partition's lines are counted (cheap: no puzzle is read) and each first number is the sum of
the counts before it, all in the same graph, so one `compute` reads each block once.

    python rate_dask.py puzzles.txt --workers 2 > ratings.txt

`rate_column(ddf, "puzzle")` does the same for a Dask DataFrame's column of puzzles (with
`dask[dataframe]`): the frame comes back with the rating's fields (status, er, ep, ed, level,
score, hardest, error) as columns after its own; `--column NAME` rates a CSV file's column and
prints CSV.

Runs on any Dask scheduler: threads (the default here: no pickling, the GIL is released),
processes, or a `dask.distributed` cluster (`--scheduler tcp://host:8786`, every worker with
the kaidoku wheel installed). See docs/python.md.
"""

import argparse
import re
import sys

import dask
import dask.bag as db

import kaidoku


def count_lines(lines):
    """A partition's line count, as a one-item partition."""
    return [sum(1 for _ in lines)]


def next_start(start, count):
    """The first number of the partition after one that starts at `start` with `count` lines."""
    return [start[0] + count[0]]


def rate_partition(lines, start, threads=1, config=None):
    """A partition's rating lines; `start` is the one-item partition of its first number."""
    (first,) = start
    return [r.line for r in kaidoku.rate_many(lines, threads, config, start=first)]


def rate_file(path, blocksize="1MiB", threads=1, config=None):
    """A bag of the rating lines of `path`, in file order (`kaidoku rate PATH`'s lines)."""
    lines = db.read_text(path, blocksize=blocksize)
    counts = lines.map_partitions(count_lines).to_delayed()
    # One start per partition, partitioned as the lines are.
    starts = [dask.delayed([1])]
    for count in counts[:-1]:
        starts.append(dask.delayed(next_start)(starts[-1], count))
    starts = db.from_delayed(starts)
    return lines.map_partitions(rate_partition, starts, threads=threads, config=config)


# The columns `rate_column` adds, as `kaidoku rate --format csv` names them, and their dtypes.
RATING_DTYPES = {
    "status": "string",
    "er": "float64",
    "ep": "float64",
    "ed": "float64",
    "level": "string",
    "score": "Int64",
    "hardest": "string",
    "error": "string",
}


def rate_frame(frame, column, threads=1, config=None):
    """A pandas frame with its `column`'s ratings in columns after its own (NaN / <NA> where a
    line has no rating)."""
    import pandas as pd

    puzzles = ("" if pd.isna(p) else str(p) for p in frame[column])
    ratings = list(kaidoku.rate_many(puzzles, threads, config))
    # A row has no line number: the message without `rate_many`'s "line N: ".
    errors = [r.error and re.sub(r"^line \d+: ", "", r.error) for r in ratings]
    fields = {
        "status": [r.status for r in ratings],
        "er": [r.er for r in ratings],
        "ep": [r.ep for r in ratings],
        "ed": [r.ed for r in ratings],
        "level": [r.level for r in ratings],
        "score": [r.score for r in ratings],
        "hardest": [r.hardest for r in ratings],
        "error": errors,
    }
    out = frame.copy()
    for name, values in fields.items():
        out[name] = pd.Series(values, index=frame.index, dtype=RATING_DTYPES[name])
    return out


def rate_column(ddf, column="puzzle", threads=1, config=None):
    """A Dask DataFrame's rows with the rating of its `column` of puzzles in columns after its
    own (status, er, ep, ed, level, score, hardest, error), row for row; each partition is
    rated by one `rate_many` call, and a null puzzle is `skipped`."""
    if column not in ddf.columns:
        raise ValueError(f"no column {column!r} (the columns: {', '.join(ddf.columns)})")
    taken = sorted(set(ddf.columns) & set(RATING_DTYPES))
    if taken:
        raise ValueError(f"the DataFrame already has column(s) {', '.join(taken)}")
    kind = ddf.dtypes[column]
    if kind.kind in "biuf":
        raise ValueError(
            f"column {column!r} holds {kind}, not text: read it as strings (dtype=str), or a "
            "puzzle written in digits loses its leading zeros"
        )
    meta = {**ddf.dtypes.to_dict(), **RATING_DTYPES}
    return ddf.map_partitions(rate_frame, column, threads, config, meta=meta)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--workers", type=int, default=1, help="Dask workers (default 1)")
    parser.add_argument(
        "--scheduler",
        default="threads",
        help="threads, processes, synchronous, or a dask.distributed address",
    )
    parser.add_argument("--blocksize", default="1MiB", help="bytes of the file per partition")
    parser.add_argument("--threads", type=int, default=1, help="engine threads per partition")
    parser.add_argument("--config", help="a shipped config's name (default: se)")
    parser.add_argument(
        "--column",
        help="read FILE as CSV with a header line and rate this column; print CSV, the file's "
        "columns then the rating's (needs dask[dataframe])",
    )
    args = parser.parse_args(argv)
    if args.column:
        import dask.dataframe as dd

        # Every field as text, as written: a puzzle of digits stays a string, an empty field "".
        frame = dd.read_csv(args.file, blocksize=args.blocksize, dtype=str, keep_default_na=False)
        work = rate_column(frame, args.column, args.threads, args.config)
    else:
        work = rate_file(args.file, args.blocksize, args.threads, args.config)
    if "://" in args.scheduler:
        from dask.distributed import Client

        with Client(args.scheduler):
            done = work.compute()
    else:
        with dask.config.set(scheduler=args.scheduler, num_workers=args.workers):
            done = work.compute()
    out = sys.stdout
    if args.column:
        done.to_csv(out, index=False, lineterminator="\n")
    else:
        for line in done:
            out.write(line + "\n")


if __name__ == "__main__":
    main()
