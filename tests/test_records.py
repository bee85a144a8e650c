"""``dipcheck.records``: classes made by ``@record`` behave as the same ``@dataclass`` would.

The property test builds one class description twice, with the standard library's
``dataclasses`` and with ``dipcheck.records``, and compares what users of the class see:
construction (and its errors), ``repr``, equality, hashing, frozen assignment, ``replace``
and a pickle round trip.
"""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
from typing import Any

import pytest
from helpers import PROJECT
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import records

KINDS = ("required", "default", "factory", "late_factory", "late_default")


@st.composite
def descriptions(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(1, 5))
    specs = [
        (
            f"f{index}",
            draw(st.sampled_from(KINDS)),
            draw(st.booleans()),  # compared
            draw(st.booleans()),  # shown in repr
        )
        for index in range(count)
    ]
    options = {
        "frozen": draw(st.booleans()),
        "slots": draw(st.booleans()),
        "eq": draw(st.booleans()),
        "repr": draw(st.booleans()),
    }
    return {"specs": specs, "options": options}


def _make(module: Any, description: dict[str, Any]) -> type | Exception:
    namespace: dict[str, Any] = {"__annotations__": {}, "__module__": __name__}
    for name, kind, compared, shown in description["specs"]:
        namespace["__annotations__"][name] = "object"
        common = {"compare": compared, "repr": shown}
        if kind == "default":
            namespace[name] = module.field(default=7, **common)
        elif kind == "factory":
            namespace[name] = module.field(default_factory=list, **common)
        elif kind == "late_factory":
            namespace[name] = module.field(default_factory=dict, init=False, **common)
        elif kind == "late_default":
            namespace[name] = module.field(default=(), init=False, **common)
        else:
            namespace[name] = module.field(**common)
    decorate = module.dataclass if module is dataclasses else module.record
    try:
        return decorate(**description["options"])(type("Made", (), namespace))
    except (TypeError, ValueError) as error:
        return error


def _outcome(action: Any) -> Any:
    try:
        return ("ok", action())
    except (TypeError, ValueError, AttributeError) as error:
        return ("raised", isinstance(error, AttributeError), type(error).__name__)


@settings(max_examples=300, deadline=None)
@given(descriptions(), st.integers(0, 3), st.integers(0, 3), st.integers(0, 5))
def test_a_record_behaves_as_the_same_dataclass(
    description: dict[str, Any], first: int, second: int, given_count: int
) -> None:
    """Its methods compiled when first called (a class the ahead-of-time table lacks)."""
    _compare(description, first, second, given_count, _make(records, description))


def _compiled_ahead(registered: int) -> dict[str, Any]:
    """The ahead-of-time table `python tools/record_methods.py` would write for the classes made
    since ``registered`` method sources were known, loaded as the written module would be."""
    sources = [text() for text in records._SOURCES[registered:]]
    text = records.ahead_of_time_module((source, scope.keys()) for source, scope in sources)
    namespace: dict[str, Any] = {}
    exec(compile(text, "_record_methods.py", "exec"), namespace)
    methods: dict[str, Any] = namespace["METHODS"]
    assert {source for source, _ in sources} == set(methods)
    return methods


def _no_compiling(*args: object) -> None:
    raise AssertionError("a method was compiled although the table holds it")


@settings(max_examples=300, deadline=None)
@given(descriptions(), st.integers(0, 3), st.integers(0, 3), st.integers(0, 5))
def test_a_record_with_methods_compiled_ahead_behaves_as_the_same_dataclass(
    description: dict[str, Any], first: int, second: int, given_count: int
) -> None:
    """The same comparison with every method taken from the ahead-of-time table (and compiling
    refused, so a method not taken from it fails the test)."""
    registered = len(records._SOURCES)
    ours = _make(records, description)
    saved = records._ahead
    records._ahead = _compiled_ahead(registered)
    records.exec = _no_compiling  # type: ignore[attr-defined]
    try:
        _compare(description, first, second, given_count, ours)
    finally:
        records._ahead = saved
        del records.exec  # type: ignore[attr-defined]


def _compare(
    description: dict[str, Any], first: int, second: int, given_count: int, ours: Any
) -> None:
    standard = _make(dataclasses, description)
    if isinstance(standard, Exception) or isinstance(ours, Exception):
        assert type(standard) is type(ours), (standard, ours)
        return
    init_names = [name for name, kind, *_ in description["specs"] if not kind.startswith("late")]
    names = init_names[:given_count]

    def build(cls: type, seed: int) -> Any:
        return cls(*[[seed, name] for name in names])

    made = {}
    for label, cls in (("standard", standard), ("ours", ours)):
        made[label] = [
            _outcome(lambda cls=cls, seed=seed: build(cls, seed)) for seed in (first, second)
        ]
    assert [item[0] for item in made["standard"]] == [item[0] for item in made["ours"]]
    if made["standard"][0][0] != "ok":
        return
    (a, b), (c, d) = ([item[1] for item in made[label]] for label in ("standard", "ours"))
    shown = description["options"]["repr"]  # else object's repr, with an address
    if shown:
        assert repr(a).replace("Made", "X") == repr(c).replace("Made", "X")
    assert (a == b) == (c == d)
    assert (a == a) == (c == c)
    assert (a != b) == (c != d)
    hashed = _outcome(lambda: hash(a)), _outcome(lambda: hash(c))
    assert hashed[0][0] == hashed[1][0]
    if hashed[0][0] == "ok" and a == b:
        assert hash(c) == hash(d)
    assigned = _outcome(lambda: setattr(a, "f0", 1)), _outcome(lambda: setattr(c, "f0", 1))
    assert assigned[0][:2] == assigned[1][:2]
    deleted = _outcome(lambda: delattr(b, "f0")), _outcome(lambda: delattr(d, "f0"))
    assert deleted[0][:2] == deleted[1][:2]
    changes = {name: "changed" for name in init_names[:1]}
    replaced = (
        _outcome(lambda: repr(dataclasses.replace(a, **changes))),
        _outcome(lambda: repr(records.replace(c, **changes))),
    )
    assert replaced[0][0] == replaced[1][0]
    if replaced[0][0] == "ok" and shown:
        assert replaced[0][1].replace("Made", "X") == replaced[1][1].replace("Made", "X")
    assert [item.name for item in dataclasses.fields(a)] == [
        item.name for item in records.fields(c)
    ]


@records.record(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    notes: list[str] = records.field(default_factory=list, compare=False)


@records.record(frozen=True)
class Bounded:
    text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self.text[:3])


def test_a_frozen_slotted_record_round_trips_through_pickle() -> None:
    point = Point(1, 2, ["a"])
    copied = pickle.loads(pickle.dumps(point))
    assert copied == point
    assert copied.notes == ["a"]
    assert not hasattr(copied, "__dict__")
    with pytest.raises(records.FrozenInstanceError, match="cannot assign to field 'x'"):
        copied.x = 3  # type: ignore[misc]


def test_methods_are_compiled_on_first_use_and_post_init_runs() -> None:
    @records.record(frozen=True, slots=True)
    class Late:
        value: int

    stand_ins = [Late.__init__, Late.__eq__, Late.__hash__]
    assert Late(1).value == 1
    assert Late(1) == Late(1) and Late(1) != Late(2)
    assert hash(Late(1)) == hash(Late(1))
    compiled = [Late.__init__, Late.__eq__, Late.__hash__]
    names = ("__init__", "__eq__", "__hash__")
    for before, after, name in zip(stand_ins, compiled, names, strict=True):
        assert after is not before
        assert after.__qualname__.endswith(f"Late.{name}")
    with pytest.raises(TypeError, match="value"):
        Late()  # type: ignore[call-arg]
    assert Bounded("abcdef").text == "abc"
    assert Bounded("abcdef") == Bounded("abc")
    assert hash(Bounded("abcdef")) == hash(Bounded("abc"))


@records.record(frozen=True, slots=True)
class Labelled(Point):
    label: str = "here"

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", self.label.upper())


@records.record(frozen=True)
class Loose:
    x: int


@records.record(frozen=True, slots=True)
class Tight(Loose):
    y: int = 5


def test_a_frozen_slotted_init_writes_each_slot_through_its_descriptor() -> None:
    """Each field of a frozen slotted record is written by its slot's own ``__set__``, found on
    the class that declares the slot (an inherited one on the base); a field of a base without
    slots lives in the instance's ``__dict__`` and still goes through ``object.__setattr__``."""
    source, scope = records._init_source(Labelled, records.fields(Labelled), True)
    assert "_setattr(self" not in source
    assert scope["_set0"].__self__ is Point.__dict__["x"]
    assert scope["_set3"].__self__ is Labelled.__dict__["label"]
    made = Labelled(1, notes=["n"], label="a")
    assert (made.x, made.y, made.notes, made.label) == (1, 0, ["n"], "A")
    assert Labelled(1).notes == [] and Labelled(1).notes is not Labelled(1).notes
    assert pickle.loads(pickle.dumps(made)) == made
    for name in ("x", "label"):
        with pytest.raises(records.FrozenInstanceError):
            setattr(made, name, 9)
        with pytest.raises(records.FrozenInstanceError):
            delattr(made, name)
    source, _ = records._init_source(Tight, records.fields(Tight), True)
    assert "_setattr(self, 'x', x)" in source and "_set1(self, y)" in source
    tight = Tight(3)
    assert (tight.x, tight.y, tight.__dict__) == (3, 5, {"x": 3})
    assert pickle.loads(pickle.dumps(tight)) == tight
    with pytest.raises(records.FrozenInstanceError):
        tight.y = 1  # type: ignore[misc]


def test_a_field_option_record_cannot_honour_is_refused_when_the_class_is_made() -> None:
    namespace = {"__annotations__": {"limit": "ClassVar[int]"}, "limit": 3}
    with pytest.raises(TypeError, match="not supported by @record"):
        records.record(type("Options", (), namespace))
    with pytest.raises(ValueError, match="use default_factory"):
        records.record(type("Listy", (), {"__annotations__": {"items": "list"}, "items": []}))
    with pytest.raises(ValueError, match="both default and default_factory"):
        records.field(default=1, default_factory=list)


def test_the_ahead_of_time_table_is_current() -> None:
    """`dipcheck/_record_methods.py` holds the methods of every record class there is now (run
    `python tools/record_methods.py` after adding or changing one)."""
    done = subprocess.run(
        [sys.executable, str(PROJECT / "tools" / "record_methods.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_lint_compiles_no_method() -> None:
    """Every record method a lint of `.dip` and DOT files needs comes from the table: with
    compiling refused, the lints still run (and report what they always did)."""
    script = (
        "import sys\n"
        "from dipcheck import records\n"
        "def refused(*args):\n"
        "    raise SystemExit('compiled: ' + args[0].splitlines()[0])\n"
        "records.exec = refused\n"
        "from dipcheck.engine import lint_text\n"
        "for path in sys.argv[1:]:\n"
        "    with open(path, encoding='utf-8') as stream:\n"
        "        result = lint_text(stream.read(), path)\n"
        "    print(len(result.diagnostics))\n"
    )
    paths = [
        str(PROJECT / "fixtures" / "review_loop.dip"),
        str(PROJECT / "fixtures" / "dot" / "review.dot"),
    ]
    done = subprocess.run(
        [sys.executable, "-c", script, *paths], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.split()) == 2
