"""Kaidoku's Sudoku engine from Python: solve like a human, rate like Sudoku Explainer, hint,
count, canonicalise and generate, with the answers of the ``kaidoku`` command line.

>>> import kaidoku
>>> puzzle = "2.891..54....4..7.41.5..6.2...7...61....2....69...1...5.2..7.16.4..6....16..594.3"
>>> kaidoku.hint(puzzle, 2).text
'Look for a Hidden Single (ER 1.2) in b1.'

``rate_many`` rates an iterable of lines on the engine's threads with the GIL released; see
docs/python.md for pipelines over Dask and PySpark.
"""

from ._errors import BadInputError, KaidokuError, TimeLimitError, UnsolvableError
from ._kaidoku import (
    Generated,
    Generator,
    Hint,
    Rating,
    RateMany,
    Step,
    Trace,
    __version__,
    canon,
    configs,
    count,
    generate,
    hint,
    rate,
    rate_many,
    solve,
)

__all__ = [
    "BadInputError",
    "Generated",
    "Generator",
    "Hint",
    "KaidokuError",
    "RateMany",
    "Rating",
    "Step",
    "TimeLimitError",
    "Trace",
    "UnsolvableError",
    "__version__",
    "canon",
    "configs",
    "count",
    "generate",
    "hint",
    "rate",
    "rate_many",
    "solve",
]
