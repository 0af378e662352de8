"""Every answer is the CLI's, word for word and line for line."""

import json

import kaidoku
import pytest

from conftest import EASY, HARD, sample


def test_solve_gives_the_trace_kaidoku_solve_prints(cli):
    for puzzle in (EASY, HARD):
        trace = kaidoku.solve(puzzle)
        assert trace.to_json() + "\n" == cli("solve", puzzle, "--format", "json").stdout
        assert trace.to_text() == cli("solve", puzzle).stdout
        steps = json.loads(trace.to_json())["steps"]
        assert len(trace) == len(steps) > 0
        for step, expected in zip(trace.steps, steps):
            assert step.kind == expected["kind"]["id"]
            assert step.text == expected["text"] == str(step)
            assert [list(p) for p in step.placements] == expected["placements"]
            assert [list(e) for e in step.eliminations] == expected["eliminations"]
            assert json.loads(step.to_json()) == expected


def test_solve_with_a_named_config_and_toml_text(cli):
    fast = kaidoku.solve(HARD, "fast")
    assert fast.config == "fast"
    assert fast.to_json() + "\n" == cli("solve", HARD, "--config", "fast", "--format", "json").stdout
    toml = '[[technique]]\nid = "naked-single"\n[[technique]]\nid = "hidden-single"\n'
    singles = kaidoku.solve(EASY, toml)
    assert {s.kind for s in singles.steps} <= {"naked-single", "hidden-single"}


def test_rate_many_prints_the_lines_of_kaidoku_rate(cli, mixed_file):
    expected = cli("rate", str(mixed_file)).stdout.splitlines()
    with open(mixed_file) as lines:
        got = [r.line for r in kaidoku.rate_many(lines, threads=2)]
    assert got == expected
    # Each rating alone says the same as its line.
    for rating, line in zip(kaidoku.rate_many(mixed_file.read_text().splitlines()), expected):
        assert str(rating) == line
        if rating.status in ("solved", "stuck"):
            assert kaidoku.rate(rating.puzzle).line == line


def test_rate_in_every_format(cli, mixed_file):
    ratings = list(kaidoku.rate_many(mixed_file.read_text().splitlines()))
    for format in ("csv", "tsv", "json"):
        out = cli("rate", str(mixed_file), "--format", format).stdout.splitlines()
        if format != "json":
            out = out[1:]  # the header line
        assert [r.to_line(format) for r in ratings] == out


def test_rate_as_given_and_with_a_config(cli, tmp_path):
    puzzles = [p for p, er in sample() if er >= 7.0][:3]
    path = tmp_path / "hard.txt"
    path.write_text("\n".join(puzzles) + "\n")
    as_given = cli("rate", str(path), "--as-given").stdout.splitlines()
    assert [kaidoku.rate(p, as_given=True).line for p in puzzles] == as_given
    rating = cli("rate", str(path), "--config", "rating").stdout.splitlines()
    assert [r.line for r in kaidoku.rate_many(puzzles, config="rating")] == rating


def test_hint_count_and_canon(cli, tmp_path):
    for level in (1, 2, 3):
        out = cli("hint", EASY, "--level", str(level)).stdout.splitlines()
        assert str(kaidoku.hint(EASY, level)) == out[0]
    puzzles = [p for p, _ in sample(5)] + ["." * 81]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(puzzles) + "\n")
    counts = cli("count", str(path)).stdout.splitlines()
    assert [kaidoku.count(p) for p in puzzles] == [
        int(line.split()[0].rstrip("+")) for line in counts
    ]
    canons = cli("canon", str(path)).stdout.splitlines()
    assert [kaidoku.canon(p) for p in puzzles] == canons


def test_generate_makes_the_puzzles_of_kaidoku_generate(cli):
    args = dict(symmetry="rotational", er=(1.5, 4.0))
    made = list(kaidoku.generate(3, 11, **args))
    out = cli(
        "generate", "--count", "3", "--seed", "11", "--symmetry", "rotational", "--er", "1.5..4"
    ).stdout.splitlines()
    assert [g.puzzle for g in made] == [line.split()[-1] for line in out]
    assert [g.line for g in made] == out
    for g in made:
        assert 1.5 <= g.er <= 4.0
        assert g.symmetry == "rotational"
        assert kaidoku.rate(g.puzzle).er == g.er


def cli_path_fields(line):
    """The path fields of a `kaidoku generate` line with technique filters: the kinds that
    met them and the path's hardest step (the two columns before the puzzle)."""
    fields = line.split()
    return fields[-3].split(","), fields[-2]


@pytest.mark.parametrize(
    "args, flags",
    [
        (dict(practice="x-wing"), ["--practice", "x-wing"]),
        (dict(needs=["xy-wing"], first="xy-wing"), ["--needs", "xy-wing", "--first", "xy-wing"]),
        (dict(hardest="skyscraper"), ["--hardest", "skyscraper"]),
    ],
)
def test_generate_with_technique_filters_makes_the_puzzles_of_kaidoku_generate(cli, args, flags):
    made = list(kaidoku.generate(3, 5, threads=2, **args))
    out = cli("generate", "--count", "3", "--seed", "5", *flags).stdout.splitlines()
    assert [g.puzzle for g in made] == [line.split()[-1] for line in out]
    names = [name for name in ("needs", "hardest", "practice", "first") if name in args]
    for g, line in zip(made, out):
        met, hardest = cli_path_fields(line)
        assert [kind for _, kind in g.met] == met
        assert [f for f, _ in g.met] == [n for n in names for _ in (args[n] if n == "needs" else [1])]
        assert g.path_hardest == hardest
        # The line is `kaidoku rate`'s: the CLI's without the path fields.
        assert g.line == kaidoku.rate(g.puzzle).line
    # Without technique filters there are no path fields.
    plain = next(iter(kaidoku.generate(1, 5)))
    assert plain.met == [] and plain.path_hardest is None


def test_generate_on_a_pattern_makes_the_puzzles_of_kaidoku_generate(cli):
    mask = "x...x.......x..x..........x....x..x..x....x...x.x........x.xx..x.x....x.x........"
    made = list(kaidoku.generate(2, 1, pattern=mask))
    out = cli("generate", "--count", "2", "--seed", "1", "--pattern", mask).stdout.splitlines()
    assert [g.puzzle for g in made] == [line.split()[-1] for line in out]
    for g in made:
        assert [c != "." for c in g.puzzle] == [c == "x" for c in mask]
        assert kaidoku.count(g.puzzle) == 1
    # `minimal` asks it, as `--minimal` does.
    minimal = list(kaidoku.generate(1, 1, pattern=mask, minimal=True))
    out = cli("generate", "--seed", "1", "--pattern", mask, "--minimal").stdout.splitlines()
    assert [g.puzzle for g in minimal] == [line.split()[-1] for line in out]
