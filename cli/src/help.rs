//! The examples and exit codes shown under each command's `--help`.

pub const TOP: &str = "\
For hints on a position (the steps available now, none applied), use `kaidoku steps`; for
the next step for a player, `kaidoku hint`; for difficulty ratings, `kaidoku rate`; for new
puzzles, `kaidoku generate`.

Examples:
  kaidoku solve 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3
  kaidoku steps puzzle.txt --limit 10
  kaidoku explain puzzle.txt --html solve.html
  kaidoku batch puzzles.txt --threads 0 > traces.jsonl
  kaidoku generate --count 10 --er 4.5..6.1 --symmetry rotational

Exit codes: 0 success, 1 an error in the input, the config or a plugin, 2 a usage error.
`kaidoku COMMAND --help` shows each command's details.";

pub const SOLVE: &str = "\
Examples:
  kaidoku solve 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3
  kaidoku solve grid.txt --format json --verify
  kaidoku solve - --config configs/gnpx.toml < grid.txt
  kaidoku solve puzzle.txt --until 10 --position pencil-marks
Hints without solving: `kaidoku steps PUZZLE`.

Exit codes:
  0  solved, or stuck (no configured technique applies; the trace shows how far it got)
  1  unreadable input, conflicting givens, no solution, several solutions, a bad config,
     a failing technique or plugin
  2  usage error";

pub const BATCH: &str = "\
Output line N is the trace of input line N: blank and `#` comment lines give a trace with
status `skipped`; unreadable lines (not a puzzle, not UTF-8, longer than 4 KiB) give status
`invalid`, with the line number in `error`. Traces are written and flushed chunk by chunk, in
input order, whatever the thread count. On a terminal, stderr shows the puzzles done (of how
many, for a file), the average puzzles/s and the time elapsed.

Each trace's `rating` rates the path this config took (`path_er`, `path_ep`, `path_ed`,
`score`, `level`), and the summary counts its levels as `path level`: with a config other than
`se` that is not the puzzle's rating. `kaidoku rate` gives that, as Sudoku Explainer does.

Examples:
  kaidoku batch puzzles.txt > traces.jsonl
  kaidoku batch puzzles.txt --threads 0 --config configs/gnpx.toml > traces.jsonl
  cat puzzles.txt | kaidoku batch --verify | jq -r .status

Exit codes:
  0  every line was read (bad lines are reported in their traces)
  1  the file or the config cannot be read
  2  usage error (e.g. --threads above 256)";

pub const STEPS: &str = "\
Examples:
  kaidoku steps 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3
  kaidoku steps position.txt --technique locked-set --technique fish
  kaidoku steps position.txt --limit 0 --format json
  kaidoku steps position.txt --technique fish --apply 1 > next.txt

Exit codes:
  0  the steps were listed
  1  unreadable input, conflicting givens, no solution, several solutions, a bad config or
     technique id
  2  usage error";

pub const RATE: &str = "\
Each line: `ER EP ED LEVEL SCORE HARDEST PUZZLE`, e.g. `4.2 1.2 1.2 hard 742 xy-wing 2.891..54…`:
the Sudoku Explainer rating (the hardest step of the rating solve: the easiest step first, or
the config's order with `[solver] rate = \"in-order\"`), SE's pearl (EP: the hardest step up to
the first placement; `-` if none) and diamond (ED: the first step), HoDoKu's level and score,
the kind of the hardest step. When the techniques stop short, the ER is `>X` (harder than the
hardest step taken), the level `extreme` and the line ends with `unsolved`. Blank, comment and
unreadable lines give `skipped line N: …` / `invalid line N: …`; puzzles without a unique
solution `no-solution line N: …` / `multiple-solutions line N: …`. A summary (levels) goes to
stderr.

`--format csv|tsv` prints a header line and then 11 columns a puzzle, always the same: line,
status, er, ep, ed, level, score, hardest, solved, puzzle, error (empty where a status has no
value; er is the number, and `solved` false says the puzzle is harder than it). `--format json`
prints one object a line with the same keys in that order (null where empty).

With the default config (`se`) each puzzle is rated in its canonical form, so a puzzle turned,
mirrored or relabelled gets the same line; `--as-given` rates the text as given, as Sudoku
Explainer does (SE's own number for that text: SE's chains depend on how the grid is turned).

Examples:
  kaidoku rate puzzles.txt > ratings.txt
  kaidoku rate puzzles.txt --threads 0 | sort -n
  kaidoku rate puzzles.txt --format csv > ratings.csv
  echo 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3 | kaidoku rate

Exit codes:
  0  every line was read (bad lines are reported on their output line)
  1  the file or the config cannot be read
  2  usage error";

pub const HINT: &str = "\
The position is checked first against the solution of its givens: no solution, several
solutions, a placed digit that is wrong, a removed candidate that is the solution digit are
reported with the cell (exit code 1). Then the easiest step (lowest ER, with `configs/rating.toml`) is
told at the level asked for. When the config finds no step, the shipped configs `default` and
then `all` are tried, and the hint says which one it comes from.

Examples:
  kaidoku hint 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3
  kaidoku hint position.txt --level 2
  kaidoku hint - --level 3 < pencil-marks-from-hodoku.txt
  kaidoku hint position.txt --apply | kaidoku hint - --apply | kaidoku hint -
  kaidoku hint position.txt --format json

Exit codes:
  0  a hint was given (or the puzzle is solved)
  1  unreadable input, a position with mistakes, no solution, several solutions, a bad config
  2  usage error (e.g. --level 4)";

pub const REGLIB: &str = "\
Examples:
  kaidoku reglib ../shared/puzzles/hodoku-reglib-1.3.txt
  kaidoku reglib reglib.txt --technique fish

Exit codes:
  0  every case passed
  1  a case failed, a line is unreadable, or the file or the config cannot be read
  2  usage error";

pub const TECHNIQUES: &str = "\
Examples:
  kaidoku techniques
  kaidoku techniques --config configs/gnpx.toml

Exit codes:
  0  the config is valid (a config that runs no technique gets a warning on stderr)
  1  the config is rejected, exactly as `solve` would reject it
  2  usage error";

pub const COUNT: &str = "\
Output: `0 -`, `1 <solution>` or `2+ -` per puzzle; `invalid line N: ...` for a line that is
no puzzle (conflicting givens included), `skipped line N: ...` for blank and comment lines.

Examples:
  kaidoku count 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3
  kaidoku count puzzles.txt
  kaidoku count grid.txt
  kaidoku generate --count 10 | kaidoku count

Exit codes:
  0  every puzzle was read
  1  some line or input is not a valid puzzle, or the file cannot be read
  2  usage error";

pub const EXPLAIN: &str = "\
Each step is drawn on the position before it: givens black, placed digits blue, the
pattern's candidates coloured by role (the legend under each picture names them), placements
green, eliminations red and struck through, base/cover sets and houses tinted, chain links
solid (strong) or dashed (weak). The page has previous/next links (and arrow keys).

Examples:
  kaidoku explain 2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3 --html solve.html
  kaidoku explain grid.txt --config configs/extended.toml --svg pictures/
  kaidoku explain grid.txt --svg pictures/ --force

Exit codes:
  0  the pictures were written (also for a solve that got stuck)
  1  unreadable input, conflicting givens, no solution, several solutions, a bad config,
     a failing technique, or a destination that cannot be written (a missing directory, a
     non-empty --svg directory without --force)
  2  usage error (e.g. neither --html nor --svg)";

pub const SERVE: &str = "\
The page plays a puzzle from its address (http://127.0.0.1:PORT/#<81 characters>), or one
pasted in any format `solve` reads; it keeps the game in the browser. Hints come in three
levels (the technique, where to look, the step drawn), `Step` and `Solve to the end` list the
steps, `Rate` gives the ER, `New puzzle` generates one, and `Techniques` chooses the config
hints use. The same requests are a JSON API (`POST /api/NAME`; docs/api.md). The server
listens on 127.0.0.1 only; configs sent to it never load plugins nor read files. Ctrl-C stops
it.

Examples:
  kaidoku serve --open
  kaidoku serve --port 0
  curl -s localhost:8080/api/hint -H 'Content-Type: application/json' \\
    -d '{\"puzzle\": \"2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3\", \"level\": 2}'

Exit codes:
  0  stopped by Ctrl-C (or SIGTERM)
  1  the port is in use or cannot be listened on
  2  usage error";

pub const GENERATE: &str = "\
Each puzzle is minimal (no clue, or no orbit of clues under --symmetry, can go without a second
solution) unless --not-minimal, has exactly one solution, and passes every filter. The rating
columns are those of `kaidoku rate`: `ER EP ED LEVEL SCORE HARDEST PUZZLE`; before the puzzle,
the symmetry drawn (--symmetry random) and, with technique filters, the kind of the step that
met each (--needs..., --hardest, --practice, --first, comma-separated) and the path's hardest
step. Puzzle i of a run depends only on --seed and i, so a seed repeats a run whatever
--threads is. Filters are checked with the engine: --er and --level on the rating (Sudoku
Explainer's producers, as `kaidoku rate`); --needs, --hardest, --practice, --first and the
logic check on the path `kaidoku rate --config rating` takes (easiest step first, HoDoKu's
technique names), or on the path `kaidoku solve --config X` takes with --config X (config
order; HoDoKu's with `--config default`). Technique ids are those of `kaidoku techniques
--config all`, or step kinds such as `finned-x-wing`, or a family such as `unique-rectangle`.
What costs time: the SE rating (--er, --level, and the columns unless --no-rating or --format
puzzle) and the solve path (technique filters and the logic check); `--format puzzle
--no-logic` prints plain puzzles at the generator's own speed.

Examples:
  kaidoku generate --count 10 --seed 1 --symmetry rotational
  kaidoku generate --count 100000 --symmetry rotational --format puzzle --no-logic
  kaidoku generate --count 5 --er 6.2..7.4 --threads 0 --time-limit 60
  kaidoku generate --practice x-wing --count 3 --seed 7
  kaidoku generate --pattern x.x.x.x.x... (81 cells) --time-limit 30
  kaidoku generate --needs xy-wing --config default --format json
  kaidoku generate --from hard.txt --vicinity -1+1 --time-limit 600 --threads 0

Exit codes:
  0  every puzzle asked for was found (with --vicinity: the search ran to its time limit)
  1  bad options (reported before any work), an unreadable --from file or pattern, a bad
     config, a write error
  2  usage error
  3  --time-limit or --max-tries ended the run first; stderr says how many puzzles were
     found, how many solution grids were tried and why they were turned down";

pub const CANON: &str = "\
The canonical form is the smallest 81-character string (empty cells counting below every digit,
printed as `.`) among all 3,359,232 symmetries of the grid (transposition, band, row, stack and
column permutations) combined with every relabelling of the digits: two puzzles are isomorphic
exactly when their forms are equal. Text after the first field of a line is ignored.

Examples:
  kaidoku canon puzzles.txt | sort -u > distinct.txt
  echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | kaidoku canon

Exit codes:
  0  every line read (blank and comment lines are skipped)
  1  a line that is not a puzzle (reported in its place), or an unreadable file
  2  usage error";

pub const CONFIG: &str = "\
A config of your own can start from a shipped one and change it, without copying it:
  extends = \"default\"
  disable = [\"simple-colors\"]
  [[technique]]
  id = \"dual-two-string-kite\"
  after = \"x-chain\"

Examples:
  kaidoku config list
  kaidoku config show default > my.toml

Exit codes:
  0  printed
  1  no shipped config of that name
  2  usage error";
