"""Properties: isomorphs get the same rating and canonical form; many threads, one answer."""

import threading
import time

from hypothesis import given, settings, strategies as st

import kaidoku
from conftest import EASY, HARD, sample

# Quick to rate, so that each example takes milliseconds in a debug build.
PUZZLES = [p for p, er in sample() if er <= 6.0][:40]


def permutation_in_threes(draw):
    """A permutation of 0..8 that keeps bands (or stacks): bands moved, lines moved in each."""
    bands = draw(st.permutations(range(3)))
    inside = [draw(st.permutations(range(3))) for _ in range(3)]
    return [3 * band + inside[band][i] for band in bands for i in range(3)]


@st.composite
def isomorphs(draw):
    """A puzzle and an isomorph of it: rows, columns, transposition and digits changed."""
    puzzle = draw(st.sampled_from(PUZZLES))
    rows, cols = permutation_in_threes(draw), permutation_in_threes(draw)
    transpose = draw(st.booleans())
    digits = draw(st.permutations("123456789"))
    relabel = dict(zip("123456789", digits), **{".": "."})
    cells = []
    for r in range(9):
        for c in range(9):
            rr, cc = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
            cells.append(relabel[puzzle[9 * rr + cc]])
    return puzzle, "".join(cells)


def columns(rating):
    return (rating.er, rating.ep, rating.ed, rating.level, rating.score, rating.hardest, rating.solved)


@settings(max_examples=30, deadline=None)
@given(isomorphs())
def test_isomorphs_get_the_same_rating_and_canonical_form(pair):
    puzzle, isomorph = pair
    assert kaidoku.canon(isomorph) == kaidoku.canon(puzzle)
    assert columns(kaidoku.rate(isomorph)) == columns(kaidoku.rate(puzzle))
    assert kaidoku.count(isomorph) == 1


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(PUZZLES + ["", "bad"]), max_size=70), st.integers(0, 4))
def test_rate_many_answers_in_order_whatever_the_threads(lines, threads):
    alone = [kaidoku.rate(p).line if p and p != "bad" else None for p in lines]
    many = [r.line for r in kaidoku.rate_many(lines, threads=threads)]
    assert len(many) == len(lines)
    for one, line in zip(alone, many):
        if one is not None:
            assert line == one


def test_rate_many_is_lazy_and_reads_no_more_than_it_needs():
    pulled = []

    def lines():
        for i in range(100_000):
            pulled.append(i)
            yield EASY

    ratings = kaidoku.rate_many(lines(), threads=2)
    assert next(ratings).solved
    assert 0 < len(pulled) < 1000


def test_rate_many_releases_the_gil_while_it_works():
    # A Python thread counts while the engine rates hard puzzles on another; the easy lines
    # after them fill the queue, which must not hold the GIL while it waits either.
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    started = time.perf_counter()
    ratings = list(kaidoku.rate_many([HARD] * 2 + [EASY] * 20, threads=1))
    seconds = time.perf_counter() - started
    done.set()
    counter.join()
    assert [r.er for r in ratings] == [9.0, 9.0] + [2.0] * 20
    # With the GIL held the counter would have stood still for the whole rating.
    assert len(ticks) > seconds * 100, (len(ticks), seconds)


def test_generate_is_repeatable_and_keeps_its_options():
    first = [g.puzzle for g in kaidoku.generate(4, 5, symmetry="diagonal", threads=2)]
    second = [g.puzzle for g in kaidoku.generate(4, 5, symmetry="diagonal", threads=1)]
    assert first == second and len(set(first)) == 4
    made = kaidoku.generate(2, clues=(24, 26), level="easy")
    for g in made:
        assert 24 <= g.clues <= 26 and g.level == "easy"
        assert kaidoku.count(g.puzzle) == 1
    assert made.short is False and made.tries >= 2
    again = [g.puzzle for g in kaidoku.generate(2, made.seed, clues=(24, 26), level="easy")]
    assert len(again) == 2


def test_generate_stops_at_its_time_limit():
    made = kaidoku.generate(5, 3, er=(11.5, 12.0), time_limit=0.5)
    started = time.perf_counter()
    found = list(made)
    assert time.perf_counter() - started < 5
    assert len(found) < 5 and made.short is True
