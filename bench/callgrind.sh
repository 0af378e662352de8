#!/bin/sh
# Instructions per puzzle of each backtracking solver under callgrind (deterministic, so
# usable on a shared machine): each solver alone on a set, less a run that only loads and
# parses it. Usage: bench/callgrind.sh SET [LIMIT] [MODE]   (MODE: count or unique; default count)
# Build first: cargo build --release -p kaidoku-bench
set -eu
set_name=$1
limit=${2:-1000000}
mode=${3:-count}
bench=$(dirname "$0")/../target/release/kaidoku-bench
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" backtrack --rounds 1 \
        --set "$set_name" --limit-per-set "$limit" --mode "$mode" --only "$1" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
puzzles=$("$bench" backtrack --rounds 1 --set "$set_name" --limit-per-set "$limit" --mode "$mode" \
    --only kaidoku | awk -v set="$set_name" '$1 == set {print $2}')
base=$(instructions none)
kaidoku=$(instructions kaidoku)
sudoku=$(instructions sudoku)
echo "$set_name ($puzzles puzzles, $mode): Kaidoku $(( (kaidoku - base) / puzzles )), sudoku $(( (sudoku - base) / puzzles )) instructions per puzzle"
