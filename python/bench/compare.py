"""Puzzles a second: `kaidoku rate FILE` against `kaidoku.rate_many` on the same file, and the
Dask recipe with 1 and 2 workers. Runs are interleaved (CLI, Python, Dask 1, Dask 2, again) so
that a busy machine slows all alike; the best and the median of each are printed, and every
run's lines are checked equal to the CLI's.

    python python/bench/compare.py FILE --cli target/release/kaidoku --runs 3

Measure a release wheel (`maturin develop --release`) against a release CLI.
"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import kaidoku

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))


def cli_run(cli, path, threads):
    started = time.perf_counter()
    out = subprocess.run(
        [cli, "rate", str(path), "--threads", str(threads)],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    return time.perf_counter() - started, out


def python_run(path, threads):
    started = time.perf_counter()
    with open(path) as lines:
        out = [r.line for r in kaidoku.rate_many(lines, threads)]
    return time.perf_counter() - started, out


def dask_run(path, workers, scheduler, blocksize):
    import dask
    import rate_dask

    started = time.perf_counter()
    bag = rate_dask.rate_file(str(path), blocksize=blocksize)
    with dask.config.set(scheduler=scheduler, num_workers=workers):
        out = bag.compute()
    return time.perf_counter() - started, out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--cli", default="target/release/kaidoku")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1, help="CLI and rate_many threads")
    parser.add_argument("--scheduler", default="threads", help="Dask's: threads or processes")
    parser.add_argument("--blocksize", default="16KiB", help="Dask's partition size")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    path = Path(args.file)
    puzzles = sum(1 for line in path.open() if line.strip())
    runs = {
        f"cli --threads {args.threads}": lambda: cli_run(args.cli, path, args.threads),
        f"rate_many threads={args.threads}": lambda: python_run(path, args.threads),
    }
    if not args.no_dask:
        for workers in (1, 2):
            runs[f"dask {args.scheduler} {workers} worker(s)"] = (
                lambda w=workers: dask_run(path, w, args.scheduler, args.blocksize)
            )
    seconds = {name: [] for name in runs}
    expected = None
    for _ in range(args.runs):
        for name, run in runs.items():
            took, out = run()
            expected = expected or out
            assert out == expected, f"{name}: lines differ from the CLI's"
            seconds[name].append(took)
    print(f"{path.name}: {puzzles} puzzles, {args.runs} runs each, puzzles/s best (median)")
    for name, times in seconds.items():
        best, median = min(times), statistics.median(times)
        print(f"  {name:32} {puzzles / best:8.1f} ({puzzles / median:.1f})")


if __name__ == "__main__":
    main()
