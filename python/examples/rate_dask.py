"""Rate a file of puzzles with Dask, the lines equal to `kaidoku rate FILE`'s.

The file is read as a `dask.bag` of lines (one partition per block); each partition is rated by
`kaidoku.rate_many`, which releases the GIL and runs on the engine's threads, and numbered from
its first line's number so that `skipped line N` and `invalid line N` say the file's N: each
partition's lines are counted (cheap: no puzzle is read) and each first number is the sum of
the counts before it, all in the same graph, so one `compute` reads each block once.

    python rate_dask.py puzzles.txt --workers 2 > ratings.txt

Runs on any Dask scheduler: threads (the default here: no pickling, the GIL is released),
processes, or a `dask.distributed` cluster (`--scheduler tcp://host:8786`, every worker with
the kaidoku wheel installed). See docs/python.md.
"""

import argparse
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
    args = parser.parse_args(argv)
    bag = rate_file(args.file, args.blocksize, args.threads, args.config)
    if "://" in args.scheduler:
        from dask.distributed import Client

        with Client(args.scheduler):
            lines = bag.compute()
    else:
        with dask.config.set(scheduler=args.scheduler, num_workers=args.workers):
            lines = bag.compute()
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")


if __name__ == "__main__":
    main()
