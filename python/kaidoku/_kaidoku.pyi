"""Type stubs of the native module (python/src); the docstrings are the functions' own."""

from typing import Iterable, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str

Triple = Tuple[int, int, int]
Range = Union[float, Tuple[Optional[float], Optional[float]]]

class Step:
    """One step of a solve: what a technique found and what it does."""

    kind: str
    name: str
    technique: str
    text: str
    placements: List[Triple]
    eliminations: List[Triple]
    er: float
    def to_json(self) -> str: ...

class Rating:
    """A puzzle's rating, as ``kaidoku rate`` prints it."""

    @property
    def er(self) -> Optional[float]: ...
    @property
    def ep(self) -> Optional[float]: ...
    @property
    def ed(self) -> Optional[float]: ...
    @property
    def level(self) -> Optional[str]: ...
    @property
    def score(self) -> Optional[int]: ...
    @property
    def hardest(self) -> Optional[str]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def status(self) -> str: ...
    @property
    def puzzle(self) -> str: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def number(self) -> int: ...
    @property
    def line(self) -> str: ...
    def to_line(self, format: str = "text") -> str: ...

class Trace:
    """A whole solve: its steps, how it ended, and the path's rating."""

    puzzle: str
    status: str
    steps: List[Step]
    guesses: int
    grid: str
    config: str
    config_hash: str
    rating: Optional[Rating]
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...
    def __len__(self) -> int: ...

class Hint:
    """A hint, at the level asked."""

    level: int
    text: str
    solved: bool
    technique: Optional[str]
    er: Optional[float]
    region: Optional[str]
    step: Optional[Step]
    config: str
    note: Optional[str]

class Generated:
    """A new puzzle and its rating."""

    puzzle: str
    clues: int
    symmetry: str
    er: Optional[float]
    ep: Optional[float]
    ed: Optional[float]
    level: Optional[str]
    hardest: Optional[str]
    met: List[Tuple[str, Optional[str]]]
    path_hardest: Optional[str]
    line: str

class Generator(Iterator[Generated]):
    """The puzzles of ``generate``, as they are found."""

    @property
    def seed(self) -> int: ...
    @property
    def short(self) -> Optional[bool]: ...
    @property
    def tries(self) -> Optional[int]: ...
    def __iter__(self) -> "Generator": ...
    def __next__(self) -> Generated: ...

class RateMany(Iterator[Rating]):
    """The ratings of ``rate_many``, in input order."""

    def __iter__(self) -> "RateMany": ...
    def __next__(self) -> Rating: ...

def solve(puzzle: str, config: Optional[str] = None, *, verify: bool = False) -> Trace: ...
def rate(puzzle: str, config: Optional[str] = None, *, as_given: bool = False) -> Rating: ...
def hint(puzzle: str, level: int = 1, config: Optional[str] = None) -> Hint: ...
def count(puzzle: str) -> int: ...
def canon(puzzle: str) -> str: ...
def configs() -> List[Tuple[str, str]]: ...
def rate_many(
    puzzles: Iterable[Union[str, bytes]],
    threads: int = 1,
    config: Optional[str] = None,
    *,
    as_given: bool = False,
    start: int = 1,
) -> RateMany: ...
def generate(
    count: int = 1,
    seed: Optional[int] = None,
    *,
    symmetry: Optional[str] = None,
    er: Optional[Range] = None,
    level: Optional[str] = None,
    clues: Optional[Range] = None,
    pattern: Optional[str] = None,
    minimal: Optional[bool] = None,
    needs: Optional[Union[str, Sequence[str]]] = None,
    hardest: Optional[str] = None,
    practice: Optional[str] = None,
    first: Optional[str] = None,
    time_limit: Optional[float] = None,
    threads: int = 1,
) -> Generator: ...
