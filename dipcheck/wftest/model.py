"""Test files, tests and expectations as data, and where in the file each came from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dipcheck.records import field, record

if TYPE_CHECKING:
    from dipcheck.simulate.scenario import Scenario

DIPCHECK, DIPPIN = "dipcheck", "dippin"
YAML_SUFFIXES = (".tests.yaml", ".tests.yml")
JSON_SUFFIX = ".test.json"
TEST_SUFFIXES = (*YAML_SUFFIXES, JSON_SUFFIX)

# The expectations of dipcheck's own test files, in the order failures are reported.
EXPECTATIONS = (
    "status",
    "path",
    "path_contains",
    "visited",
    "not_visited",
    "immediately_after",
    "edge_reason",
    "writes",
    "context",
    "max_steps",
    "waves",
    "handover",
)
PLAN_EXPECTATIONS = ("waves", "handover")
# dippin's (`testrunner` Expectation); anything else in a .test.json `expect` is ignored
DIPPIN_EXPECTATIONS = ("status", "visited", "not_visited", "path_contains", "immediately_after")
DIPPIN_TEST_KEYS = ("name", "scenario", "branch", "expect")
# the status classes a test may ask for instead of one status
CLASSES = ("succeeded", "failed")


class TestFileError(Exception):
    """A test file that cannot be used: not valid YAML/JSON, a wrong shape, an unknown key, a
    node the workflow does not have (1-based line and column)."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{path}:{line}:{column}: {message}")
        self.path = path
        self.line = line
        self.column = column
        self.message = message


@record(frozen=True)
class Problem:
    """A warning about a test file that still runs (1-based line and column)."""

    line: int
    column: int
    message: str


@record(frozen=True)
class Expectation:
    key: str
    value: Any
    line: int
    column: int


@record(frozen=True)
class DippinCase:
    """A dippin test's own inputs, for running it the way dippin does."""

    pairs: tuple[tuple[str, str], ...]
    branch: tuple[str, ...] = ()


@record
class TestCase:
    name: str
    line: int
    column: int
    expectations: list[Expectation]
    scenario: Scenario
    dippin: DippinCase | None = None
    notes: list[str] = field(default_factory=list)  # how a dippin scenario was read
    plan: dict[str, Any] | None = None  # an Ordewell plan test's scenario


@record
class TestFile:
    path: str
    kind: str  # DIPCHECK or DIPPIN
    workflow: str  # the path of the workflow the tests run on
    tests: list[TestCase] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def where(tree: Any, location: tuple[Any, ...], value: bool = False) -> tuple[int, int]:
    """1-based line and column of the deepest part of ``location`` inside a ruamel tree or a
    :mod:`~dipcheck.wftest.jsonpos` document (of the last key's value with ``value``); the
    tree's own position when none of it is found."""
    from dipcheck.simulate.scenario import position

    lc = getattr(tree, "lc", None)
    return position(tree, location, value, (lc.line + 1, lc.col + 1) if lc is not None else (1, 1))
