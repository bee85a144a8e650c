"""Record classes: the part of :mod:`dataclasses` dipcheck uses, at a fraction of its start-up.

On Python 3.11 ``@dataclass`` compiles every method it adds (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, and for a frozen class ``__setattr__`` and ``__delattr__``) with a
separate ``exec``, about 1 ms a class, and importing :mod:`dataclasses` imports
:mod:`inspect` (10 to 15 ms). A one-file lint defines about a hundred such classes, most of them
never instantiated in that run. :func:`record` makes the same classes with the same behaviour
for what it supports:

* ``__init__``, ``__eq__`` and ``__hash__`` are made the first time they are called (never,
  for a class the run does not use) — taken from ``_record_methods.py``, where
  ``tools/record_methods.py`` wrote them compiled ahead of time, or else compiled then — as
  ``@dataclass`` writes them: ``__init__``
  takes the fields in order with their defaults, ``field(default_factory=…)`` and
  ``field(init=False)``, then calls ``__post_init__``; an instance equals only an instance
  of the same class with equal compared fields; a frozen class hashes its compared fields, a
  mutable one with ``eq`` is unhashable; a method the class body defines itself is kept;
* ``__repr__`` is one shared function over the class's field names;
* ``frozen=True`` refuses assignment and deletion of fields (:class:`FrozenInstanceError`, an
  ``AttributeError``), and ``slots=True`` rebuilds the class with ``__slots__`` (and, frozen,
  the ``__getstate__``/``__setstate__`` that let it be pickled to a worker process);
* :func:`replace` and :func:`fields` work as the ``dataclasses`` functions do.

Unsupported options (``order``, ``kw_only``, ``InitVar``, ``ClassVar`` fields…) are refused
when the class is defined, so a class never silently behaves differently from a dataclass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_FIELDS = "__record_fields__"


class FrozenInstanceError(AttributeError):
    """Assignment to (or deletion of) a field of a frozen record."""


class Field:
    __slots__ = ("compare", "default", "default_factory", "init", "name", "repr")

    def __init__(
        self, default: Any, default_factory: Any, init: bool, repr: bool, compare: bool
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r})"


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    """A field's options, written as its default (as ``dataclasses.field``)."""
    return Field(default, default_factory, init, repr, compare)


def fields(instance_or_class: object) -> tuple[Field, ...]:
    """The record's fields in order."""
    try:
        return getattr(instance_or_class, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a record class or instance") from None


def replace(instance: T, /, **changes: Any) -> T:
    """A copy of ``instance`` with ``changes`` (as ``dataclasses.replace``)."""
    for item in fields(instance):
        if not item.init:
            if item.name in changes:
                raise ValueError(
                    f"field {item.name} is declared with init=False,"
                    " it cannot be specified with replace()"
                )
            continue
        if item.name not in changes:
            changes[item.name] = getattr(instance, item.name)
    return instance.__class__(**changes)


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(
    *, frozen: bool = False, slots: bool = False, eq: bool = True, repr: bool = True
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(field, Field))
def record(
    cls: type[T] | None = None,
    /,
    *,
    frozen: bool = False,
    slots: bool = False,
    eq: bool = True,
    repr: bool = True,
) -> type[T] | Callable[[type[T]], type[T]]:
    """Make ``cls`` a record (``@record`` or ``@record(frozen=True, slots=True)``)."""

    def wrap(cls: type[T]) -> type[T]:
        return _build(cls, frozen=frozen, slots=slots, eq=eq, repr=repr)

    return wrap if cls is None else wrap(cls)


def _own_fields(cls: type) -> list[Field]:
    found = []
    # (not inspect.get_annotations: importing inspect is what this module saves)
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
    for name, annotation in annotations.items():
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text.startswith(("ClassVar", "typing.ClassVar", "InitVar", "dataclasses.", "KW_ONLY")):
            raise TypeError(f"{cls.__qualname__}.{name}: {text} is not supported by @record")
        value = cls.__dict__.get(name, MISSING)
        item = value if isinstance(value, Field) else Field(value, MISSING, True, True, True)
        item.name = name
        if item.default is not MISSING and item.default.__class__.__hash__ is None:
            raise ValueError(
                f"mutable default {type(item.default)} for field {name} is not allowed:"
                " use default_factory"
            )
        found.append(item)
    return found


def _build(cls: type[T], *, frozen: bool, slots: bool, eq: bool, repr: bool) -> type[T]:
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for item in base.__dict__.get(_FIELDS, ()):
            inherited[item.name] = item
    own = _own_fields(cls)
    for item in own:
        inherited[item.name] = item
    every = tuple(inherited.values())
    seen_default = False
    for item in every:
        if not item.init:
            continue
        has_default = item.default is not MISSING or item.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {item.name!r} follows default argument")
        seen_default = seen_default or has_default
    body = cls.__dict__
    # as @dataclass: a __hash__ the class body wrote is kept (the None that Python adds to a
    # class that defines __eq__ only is not one)
    written_hash = body.get("__hash__", MISSING)
    keeps_hash = not (written_hash is MISSING or (written_hash is None and "__eq__" in body))
    if frozen and ("__setattr__" in body or "__delattr__" in body):
        raise TypeError(f"cannot overwrite attribute __setattr__ or __delattr__ in {cls.__name__}")
    if slots:
        cls = _with_slots(cls, own)
    else:
        for item in own:
            if isinstance(body.get(item.name), Field):
                if item.default is MISSING:
                    delattr(cls, item.name)
                else:
                    setattr(cls, item.name, item.default)
    setattr(cls, _FIELDS, every)
    cls.__match_args__ = tuple(item.name for item in every if item.init)  # type: ignore[attr-defined]
    body = cls.__dict__
    if "__init__" not in body:
        cls.__init__ = _on_first_call(cls, "__init__", lambda: _init_source(cls, every, frozen))  # type: ignore[misc]
    compared = [f"self.{item.name}," for item in every if item.compare]
    key = f"({''.join(compared)})"
    if repr and "__repr__" not in body:
        cls.__repr__ = _repr_of(tuple(item.name for item in every if item.repr))  # type: ignore[method-assign]
    if eq and "__eq__" not in body:
        equal = (
            "def __eq__(self, other):\n if other.__class__ is self.__class__:\n"
            f"  return {key} == {key.replace('self.', 'other.')}\n return NotImplemented",
            {},
        )
        cls.__eq__ = _on_first_call(cls, "__eq__", lambda: equal)  # type: ignore[method-assign]
    if not keeps_hash:
        # eq and frozen hash the compared fields; eq and mutable is unhashable; without eq,
        # the inherited hash (identity) is kept
        if eq and frozen:
            hashed = (f"def __hash__(self):\n return hash({key})", {})
            cls.__hash__ = _on_first_call(cls, "__hash__", lambda: hashed)  # type: ignore[method-assign]
        elif eq:
            cls.__hash__ = None  # type: ignore[assignment]
    if frozen:
        names = frozenset(item.name for item in every)
        cls.__setattr__ = _frozen_setattr(cls, names)  # type: ignore[method-assign]
        cls.__delattr__ = _frozen_delattr(cls, names)  # type: ignore[method-assign]
        if slots:
            cls.__getstate__ = _getstate  # type: ignore[attr-defined]
            cls.__setstate__ = _setstate  # type: ignore[attr-defined]
    return cls


def _with_slots(cls: type[T], own: list[Field]) -> type[T]:
    namespace = dict(cls.__dict__)
    inherited = {name for base in cls.__mro__[1:-1] for name in base.__dict__.get("__slots__", ())}
    namespace["__slots__"] = tuple(item.name for item in own if item.name not in inherited)
    for item in own:
        namespace.pop(item.name, None)
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    rebuilt = type(cls)(cls.__name__, cls.__bases__, namespace)
    rebuilt.__qualname__ = cls.__qualname__
    return rebuilt


# Every method source a stand-in will compile, as `python tools/record_methods.py` collects them.
_SOURCES: list[Callable[[], tuple[str, dict[str, Any]]]] = []
_ahead: dict[str, Callable[..., Callable[..., Any]]] | None = None


def _compiled_ahead() -> dict[str, Callable[..., Callable[..., Any]]]:
    """The methods compiled ahead of time (``dipcheck/_record_methods.py``): each source text
    a stand-in would compile, to a function that makes that method from the source's names.
    Compiling one method costs about 0.2 ms, and a one-file lint needs about fifty."""
    global _ahead
    if _ahead is None:
        try:
            from dipcheck._record_methods import METHODS
        except ImportError:  # (a checkout before the file was first written)
            METHODS = {}
        _ahead = METHODS
    return _ahead


def _on_first_call(
    cls: type, name: str, text: Callable[[], tuple[str, dict[str, Any]]]
) -> Callable[..., Any]:
    """A stand-in for method ``name`` of ``cls`` that makes the method from ``text()`` (its
    source and the names it uses) when first called, puts it on the class and runs it. A
    source compiled ahead of time is taken from there; any other is compiled now."""

    def first_call(self: Any, *args: Any, **kwargs: Any) -> Any:
        source, scope = text()
        make = _compiled_ahead().get(source)
        if make is not None:
            method = make(**scope)
        else:
            namespace: dict[str, Any] = {}
            exec(source, scope, namespace)  # the text is built from the class's own field names
            method = namespace[name]
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
        return method(self, *args, **kwargs)

    first_call.__name__ = name
    _SOURCES.append(text)
    return first_call


def ahead_of_time_module(sources: Iterable[tuple[str, Iterable[str]]]) -> str:
    """The text of ``dipcheck/_record_methods.py`` for method ``sources`` (each source with the
    names it takes from its scope): each method is written inside a function of those names,
    so that the module's bytecode, cached like any other, holds it compiled."""
    lines = [
        '"""Record methods compiled ahead of time: written by `python tools/record_methods.py`, do',
        "not edit. dipcheck.records takes a method from here when its source is listed, and",
        'compiles it itself otherwise (a class added since the file was written)."""',
        "",
        "# ruff: noqa",
        "# fmt: off",
    ]
    table = []
    for number, (source, names) in enumerate(
        sorted(set((source, tuple(sorted(names))) for source, names in sources))
    ):
        first, *rest = source.split("\n")
        lines += ["", "", f"def _m{number}({', '.join(names)}):", f"    {first}"]
        lines += [f"    {line}" for line in rest]
        lines.append(f"    return {first[4 : first.index('(')]}")
        table.append(f"    {source!r}: _m{number},")
    lines += ["", "", "METHODS = {", *table, "}", ""]
    return "\n".join(lines)


# the type of the descriptor through which a __slots__ entry is read and written
_SLOT = type(Field.__dict__["name"])


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None] | None:
    """The ``__set__`` of the slot ``object.__setattr__(instance, name, …)`` writes, for an
    instance of ``cls``: the first class in its MRO to hold ``name`` holds that slot."""
    for klass in cls.__mro__:
        found = klass.__dict__.get(name, MISSING)
        if found is not MISSING:
            return found.__set__ if found.__class__ is _SLOT else None
    return None


# A frozen class's __init__ writes each slot through the slot's own ``__set__``, a call that
# costs as much as making a small object (about 575 machine instructions a field, measured with
# callgrind). From this many slots on, it instead turns the instance into the class's twin for
# the while (a subclass with the same slots and the plain __setattr__, so that ``self.name =``
# is a plain slot write) and back: two class changes, about 1,400 instructions in all, and
# about 30 a field. A Field (9 fields) is made in 41 % fewer instructions, a 4-field record
# in 16 % fewer.
_TWIN_FROM = 3
# writes an object's class, bypassing the frozen class's own __setattr__
_SET_CLASS = object.__dict__["__class__"].__set__


def _twin(cls: type) -> type:
    """``cls`` with assignment allowed: same slots (no ``__dict__`` added), so that an
    instance's class can be changed from one to the other."""
    # (__delattr__ too: both are one type slot, which stays a call to a Python-level lookup
    # unless both are object's)
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
    }
    return type(cls)(cls.__name__, (cls,), namespace)


def _init_source(cls: type, every: tuple[Field, ...], frozen: bool) -> tuple[str, dict[str, Any]]:
    scope: dict[str, Any] = {"_setattr": object.__setattr__, "_FACTORY": MISSING}
    parameters = ["self"]
    lines = []
    plain: list[str] = []  # the same writes as `self.name = value` (for the twin)
    for index, item in enumerate(every):
        name = item.name
        if item.default_factory is not MISSING:
            scope[f"_factory{index}"] = item.default_factory
            value = f"_factory{index}()"
            if item.init:
                parameters.append(f"{name}=_FACTORY")
                value = f"{value} if {name} is _FACTORY else {name}"
        elif item.init:
            value = name
            if item.default is not MISSING:
                scope[f"_default{index}"] = item.default
                parameters.append(f"{name}=_default{index}")
            else:
                parameters.append(name)
        elif item.default is not MISSING and "__slots__" in cls.__dict__:
            scope[f"_default{index}"] = item.default
            value = f"_default{index}"
        else:
            continue  # (without slots, reading the field finds the default on the class)
        if not frozen:
            lines.append(f"self.{name} = {value}")
        elif (setter := _slot_setter(cls, name)) is not None:
            # (a frozen class refuses self.name = …; object.__setattr__ would look the slot up
            # by name on every call, its descriptor's own __set__ writes it straight away)
            scope[f"_set{index}"] = setter
            lines.append(f"_set{index}(self, {value})")
            plain.append(f"self.{name} = {value}")
        else:
            lines.append(f"_setattr(self, {name!r}, {value})")
    if plain and len(plain) == len(lines) and len(plain) >= _TWIN_FROM:
        # every field is a slot: through the twin, for an instance of this very class (an
        # instance of a subclass keeps the slot setters: the twin has the class's layout only)
        scope["_cls"], scope["_twin"], scope["_set_class"] = cls, _twin(cls), _SET_CLASS
        lines = [
            "if self.__class__ is _cls:",
            " _set_class(self, _twin)",
            *(f" {line}" for line in plain),
            " self.__class__ = _cls",
            "else:",
            *(f" {line}" for line in lines),
        ]
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    return f"def __init__({', '.join(parameters)}):\n " + "\n ".join(lines or ["pass"]), scope


def _repr_of(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _frozen_setattr(cls: type, names: frozenset[str]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls: type, names: frozenset[str]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate(self: Any) -> tuple[Any, ...]:
    return tuple(getattr(self, item.name) for item in fields(self))


def _setstate(self: Any, state: tuple[Any, ...]) -> None:
    for item, value in zip(fields(self), state, strict=True):
        object.__setattr__(self, item.name, value)
