"""Bad input raises, with the CLI's message; rate_many reports bad lines as the CLI does."""

import pytest

import kaidoku
from conftest import EASY


def test_an_unreadable_puzzle_is_a_bad_input_error_with_the_cli_message(cli):
    message = cli("solve", "12345", ok=False).stderr
    with pytest.raises(kaidoku.BadInputError) as raised:
        kaidoku.solve("12345")
    assert raised.value.kind == "bad-input"
    assert str(raised.value) in message
    assert "found 5 characters" in str(raised.value)
    for call in (kaidoku.rate, kaidoku.count, kaidoku.canon, kaidoku.hint):
        with pytest.raises(ValueError, match="cannot read the puzzle"):
            call("12345")


def test_conflicts_no_solution_and_several_solutions():
    conflict = "11" + "." * 79
    with pytest.raises(kaidoku.BadInputError, match="conflicting values: r1c1 and r1c2"):
        kaidoku.rate(conflict)
    with pytest.raises(kaidoku.UnsolvableError, match="more than one solution"):
        kaidoku.solve("." * 81)
    with pytest.raises(kaidoku.UnsolvableError, match="several solutions"):
        kaidoku.hint("." * 81)


def test_a_wrong_digit_is_named_with_its_cell(cli):
    # HoDoKu's library state, `+` before a placed digit: a 3 placed in r1c2, whose solution
    # is 7.
    placed = "2+3" + EASY[2:] + ":"
    assert kaidoku.solve(EASY).grid[1] == "7"
    for call in (kaidoku.hint, kaidoku.solve):
        with pytest.raises(kaidoku.UnsolvableError) as raised:
            call(placed)
        assert raised.value.kind == "unsolvable"
        assert [m["cell"] for m in raised.value.mistakes] == ["r1c2"]
        mistake = raised.value.mistakes[0]
        assert (mistake["digit"], mistake["solution"], mistake["kind"]) == (3, 7, "value")
        assert "r1c2 holds 3, but the solution has 7 there" in str(raised.value)
    assert str(raised.value) in cli("hint", placed, ok=False).stderr


def test_unknown_config_and_technique_name_the_nearest(cli):
    with pytest.raises(kaidoku.BadInputError, match="did you mean `default`"):
        kaidoku.solve(EASY, "defualt")
    toml = '[[technique]]\nid = "hiden-single"\n'
    with pytest.raises(kaidoku.BadInputError) as raised:
        kaidoku.rate(EASY, toml)
    assert "unknown technique `hiden-single`" in str(raised.value)
    assert "did you mean `hidden-single`" in str(raised.value)
    with pytest.raises(kaidoku.BadInputError, match="did you mean"):
        kaidoku.rate_many([EASY], config="sse")
    with pytest.raises(kaidoku.BadInputError):
        kaidoku.solve(EASY, "[[technique]\nid = 1")


def test_bad_options():
    with pytest.raises(kaidoku.BadInputError, match="level 4"):
        kaidoku.hint(EASY, 4)
    with pytest.raises(kaidoku.BadInputError, match="format `xml`"):
        kaidoku.rate(EASY).to_line("xml")
    with pytest.raises(kaidoku.BadInputError, match="empty"):
        kaidoku.generate(1, 1, er=(5, 2))
    with pytest.raises(kaidoku.BadInputError, match="unknown level `hardest`"):
        kaidoku.generate(1, 1, level="hardest")
    with pytest.raises(kaidoku.BadInputError, match="symmetry"):
        kaidoku.generate(1, 1, symmetry="spiral")
    with pytest.raises(kaidoku.BadInputError, match="threads 1000"):
        kaidoku.rate_many([EASY], threads=1000)
    with pytest.raises(OverflowError):
        kaidoku.generate(-1)
    with pytest.raises(kaidoku.BadInputError, match="count 0"):
        kaidoku.generate(0)
    with pytest.raises(kaidoku.BadInputError, match="clues 16.5"):
        kaidoku.generate(1, clues=(16.5, 30))
    with pytest.raises(
        kaidoku.BadInputError,
        match="practice: unknown technique or step kind `x-wnig` \\(did you mean `x-wing`\\?\\)",
    ):
        kaidoku.generate(1, practice="x-wnig")
    with pytest.raises(kaidoku.BadInputError, match="needs: unknown technique"):
        kaidoku.generate(1, needs=["xy-wing", "nope"])
    with pytest.raises(TypeError, match="needs: a technique id or step kind"):
        kaidoku.generate(1, needs=[1])
    with pytest.raises(kaidoku.BadInputError, match="the pattern has 2 cells; it needs 81"):
        kaidoku.generate(1, pattern="xx")
    with pytest.raises(kaidoku.BadInputError, match="a pattern fixes the clues"):
        kaidoku.generate(1, pattern="x" * 81, clues=(20, 30))
    with pytest.raises(kaidoku.BadInputError, match="fewer than 17 clues"):
        kaidoku.generate(1, pattern="x" * 9 + "." * 72)
    with pytest.raises(TypeError):
        kaidoku.rate(81)


def test_rate_many_reports_bad_lines_and_raises_for_items_that_are_not_text():
    lines = [EASY, "", "# note", "12345", b"\xffnot utf-8", EASY.encode()]
    got = list(kaidoku.rate_many(lines, start=10))
    assert [r.status for r in got] == ["solved", "skipped", "skipped", "invalid", "invalid", "solved"]
    assert [r.number for r in got] == [10, 11, 12, 13, 14, 15]
    assert got[3].line.startswith("invalid line 13: expected 81 cells")
    assert got[4].line == "invalid line 14: not UTF-8 text (bad byte at column 1)"
    assert got[1].er is None and got[1].error == "line 11: blank line"
    ratings = kaidoku.rate_many([EASY, EASY, 42, EASY])
    assert next(ratings).status == "solved"
    assert next(ratings).status == "solved"
    with pytest.raises(TypeError, match="line 3 is a int, not a str"):
        next(ratings)
    with pytest.raises(StopIteration):
        next(ratings)


def test_an_exception_of_the_iterable_comes_after_the_lines_before_it():
    def lines():
        yield EASY
        raise OSError("disk gone")

    ratings = kaidoku.rate_many(lines())
    assert next(ratings).line == kaidoku.rate(EASY).line
    with pytest.raises(OSError, match="disk gone"):
        next(ratings)
