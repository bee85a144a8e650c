"""Configuration: ``[tool.dipcheck]`` in ``pyproject.toml`` or a ``dipcheck.toml`` (top-level
keys, or the same ``[tool.dipcheck]`` table).

The closest configuration file to a path wins (parents are not merged), as in ruff. Keys:

    select = ["ALL"]            # codes, kebab names, groups or prefixes; default: the default set
    extend-select = ["dippin"]  # add to select (e.g. every code dippin reports, for parity)
    ignore = ["DIP111"]         # remove from the selection
    per-file-ignores = {"legacy/*.dip" = ["DIP1"]}
    exclude = ["vendor/**"]     # paths skipped when a directory is linted
    include = ["flows/*.wf"]    # files that are YAML step workflows whatever their name or
                                # shape (a file that is not one is reported, not skipped)
    [tool.dipcheck.dialect]     # the runtime that reads the DOT files a glob names:
    "pipelines/**/*.dot" = "typed-outputs"   # tracker (default), attractor, typed-outputs;
    "plans/*.txt" = "ordewell"  # or: the files are Ordewell plans / planner replies;
                                # a file a glob names is a workflow whatever it contains
    ordewell-runners = "claude-code,codex"   # the runners Ordewell has enabled (O05)
    fail-on = "error"           # lowest severity that makes `dipcheck lint` exit 1
    [tool.dipcheck.format]      # `dipcheck fmt` only:
    exclude = ["tests/broken/*"]  # files its directory walks leave alone (on purpose
                                # unformatted or broken), besides the top-level `exclude`
    target-version = "0.64"     # the tracker release the workflows run on (dipcheck.target)
    extra-models = "acme:m1,m2;openai:gpt-x"   # model ids added to the catalog (DIP108);
                                # also a table: {acme = ["m1", "m2"]}
    [tool.dipcheck.severity]    # change a rule's default severity
    DIP111 = "error"
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Iterable
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from dipcheck.configfile import MAX_CONFIG_BYTES, find_config, leads_outside
from dipcheck.diagnostics import Diagnostic, Severity
from dipcheck.dialect import Dialect
from dipcheck.files import read_regular, why_unreadable
from dipcheck.records import field, record, replace
from dipcheck.rules import registry
from dipcheck.source import SourceText
from dipcheck.target import DEFAULT, TargetVersion, parse_target
from dipcheck.terminal import quoted

if TYPE_CHECKING:
    from dipcheck.catalog import Catalog

KNOWN_KEYS = frozenset(
    {
        "select",
        "extend-select",
        "ignore",
        "per-file-ignores",
        "exclude",
        "include",
        "fail-on",
        "severity",
        "target-version",
        "dialect",
        "extra-models",
        "ordewell-runners",
        "format",
    }
)
FORMAT_KEYS = frozenset({"exclude"})  # the keys of the `format` table
DOT_DIALECTS = (Dialect.TRACKER, Dialect.ATTRACTOR, Dialect.TYPED_OUTPUTS)
# what a `dialect` glob may name: a DOT dialect, or `ordewell` (the file is an Ordewell plan)
FILE_DIALECTS = (*DOT_DIALECTS, Dialect.ORDEWELL)
SHOWN_KEYS = 10  # unknown keys an error names (quoted), the others counted


class ConfigError(Exception):
    """A configuration file that cannot be used; the CLI exits with status 2."""


@record(frozen=True)
class Config:
    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    severity: tuple[tuple[str, Severity], ...] = ()
    fail_on: Severity = Severity.ERROR
    target: TargetVersion = DEFAULT
    dialects: tuple[tuple[str, Dialect], ...] = ()
    extra_models: tuple[tuple[str, tuple[str, ...]], ...] = ()
    ordewell_runners: tuple[str, ...] = ()  # empty: Ordewell's default runners
    format_exclude: tuple[str, ...] = ()  # `[format] exclude`: what fmt's walks skip
    path: str | None = None
    root: str = field(default=".")

    def _codes(self, selectors: Iterable[str]) -> set[str]:
        codes: set[str] = set()
        for selector in dict.fromkeys(selectors):  # each once: 300,000 "DIP1" took 60 s
            codes.update(item.code for item in registry.select(selector))
        return codes

    def enabled(self, rule: registry.Rule) -> bool:
        if not (self.select or self.extend_select or self.ignore):
            return rule.enabled
        return rule.code in self.active_codes

    def code_active(self, code: str) -> bool:
        """Is a finding of ``code`` reported? Without selectors this asks the registry for
        that one rule, which does not import every rule module as :attr:`active_codes` does
        (a lint imports only the modules of its file's format)."""
        if self.select or self.extend_select or self.ignore:
            return code in self.active_codes
        rule = registry.get(code)
        return rule is not None and rule.enabled

    @cached_property
    def active_codes(self) -> frozenset[str]:
        if self.select:
            chosen = self._codes(self.select)
        else:
            chosen = {item.code for item in registry.all_rules() if item.enabled}
        chosen |= self._codes(self.extend_select)
        chosen -= self._codes(self.ignore)
        return frozenset(chosen)

    @cached_property
    def catalog(self) -> Catalog:
        """The model catalog with this configuration's extra models."""
        from dipcheck.catalog import default_catalog

        return default_catalog().extended(self.extra_models)

    def excluded(self, path: str) -> bool:
        """Does an ``exclude`` glob name ``path`` or a folder it is in? As in ruff, a folder
        excluded leaves out what is below it (``vendor``, ``vendor/``), and a pattern without
        a ``/`` (or one after ``**/``) names a file or folder at any depth (``drafts``,
        ``**/drafts``, ``*.generated.dip``)."""
        return self._below_any(self.exclude, path)

    def format_excluded(self, path: str) -> bool:
        """Does a ``[format] exclude`` glob name ``path`` or a folder it is in, as ``exclude``
        does (``dipcheck fmt`` leaves it alone when a directory walk finds it)?"""
        return self._below_any(self.format_exclude, path)

    def _below_any(self, patterns: tuple[str, ...], path: str) -> bool:
        if not patterns:
            return False
        shapes = []
        for pattern in patterns:
            pattern = pattern.rstrip("/") or pattern
            shapes.append((pattern, "/" not in pattern))
            if pattern.startswith("**/"):  # (at any depth, the top included)
                shapes.append((pattern[3:], "/" not in pattern[3:]))
        relative = self._relative(path)
        while True:
            name = relative.rpartition("/")[2]
            for pattern, anywhere in shapes:
                if self._matches(pattern, relative, path) or (
                    anywhere and self._matches(pattern, name, path)
                ):
                    return True
            parent = os.path.dirname(relative)
            if parent in ("", "/", relative):
                return False
            relative, path = parent, os.path.dirname(os.path.abspath(path))

    def included(self, path: str) -> bool:
        """Does an ``include`` glob name ``path`` (a YAML step workflow by configuration)?"""
        if not self.include:
            return False
        relative = self._relative(path)
        return any(self._matches(pattern, relative, path) for pattern in self.include)

    def dialect(self, path: str) -> Dialect | None:
        """The DOT dialect the first matching ``dialect`` glob gives ``path``, if any."""
        if not self.dialects:
            return None
        relative = self._relative(path)
        for pattern, dialect in self.dialects:
            if self._matches(pattern, relative, path):
                return dialect
        return None

    @cached_property
    def _globs(self) -> dict[str, _Glob]:
        """The compiled globs (:class:`_Glob`), filled as they are used: :mod:`fnmatch` keeps
        32,768 compiled patterns, so a configuration with more (100,000 ``per-file-ignores``)
        compiled each again for every file, 12 seconds a file."""
        return {}

    def _matches(self, pattern: str, relative: str, path: str) -> bool:
        """Does the glob ``pattern`` match ``path`` (as :func:`fnmatch.fnmatch` matches): its
        name ``relative`` to the configuration file's folder, or, for a pattern that is an
        absolute path (what ``--dialect`` makes of a named file), its absolute path? Not the
        path as it was typed: `legacy/*.dip` then matched `legacy/z.dip` run from `other/`,
        so the answer changed with the working directory (and with the language server)."""
        match = self._globs.get(pattern)
        if match is None:
            match = self._globs[pattern] = _Glob(os.path.normcase(pattern))
        if os.path.isabs(pattern):
            return match(os.path.normcase(os.path.abspath(path)))
        return match(os.path.normcase(relative))

    def _relative(self, path: str) -> str:
        try:
            return os.path.relpath(os.path.abspath(path), self.root).replace(os.sep, "/")
        except ValueError:
            return path

    def matching_ignores(self, path: str) -> list[str]:
        """The ``per-file-ignores`` patterns that match ``path``."""
        relative = self._relative(path)
        return [
            pattern
            for pattern, _ in self.per_file_ignores
            if self._matches(pattern, relative, path)
        ]

    def file_ignores(self, path: str) -> set[str]:
        """The codes ``per-file-ignores`` turns off for ``path``."""
        matched = set(self.matching_ignores(path))
        codes: set[str] = set()
        for pattern, selectors in self.per_file_ignores:
            if pattern in matched:
                codes |= self._codes(selectors)
        return codes

    def apply(self, source: SourceText, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """Drop findings of rules that are not selected, apply severity overrides and
        per-file ignores. Loading errors (DC0xx) can be re-graded but never dropped by
        selection: a file that does not parse is always reported."""
        ignored = self.file_ignores(source.path) if self.per_file_ignores else set()
        overrides = dict(self.severity)
        result: list[Diagnostic] = []
        for item in diagnostics:
            always = item.code in ("DC000", "DC001", "DC002")
            if not always and (not self.code_active(item.code) or item.code in ignored):
                continue
            severity = overrides.get(item.code)
            result.append(replace(item, severity=severity) if severity else item)
        return result


class _Glob:
    """:func:`fnmatch.fnmatchcase` for one pattern, called with the name. A pattern whose
    only wildcard is ``*`` is matched by its literal parts, in order, without a regular
    expression: compiling one takes a tenth of a millisecond, 12 seconds for 100,000 globs.
    (A class, not a closure: a :class:`Config` holding them goes to worker processes.)"""

    __slots__ = ("parts", "regex")

    def __init__(self, pattern: str) -> None:
        wild = "?" in pattern or "[" in pattern
        self.regex = re.compile(fnmatch.translate(pattern)) if wild else None
        self.parts = pattern.split("*")

    def __call__(self, name: str) -> bool:
        if self.regex is not None:
            return self.regex.match(name) is not None
        parts = self.parts
        if len(parts) == 1:  # no wildcard
            return name == parts[0]
        first, last = parts[0], parts[-1]
        end = len(name) - len(last)
        if end < len(first) or not name.startswith(first) or not name.endswith(last):
            return False
        at = len(first)
        for part in parts[1:-1]:
            at = name.find(part, at, end)
            if at < 0:
                return False
            at += len(part)
        return True


def _strings(value: Any, key: str, path: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{path}: `{key}` must be a list of strings")
    return tuple(value)


def _selectors(value: Any, key: str, path: str) -> tuple[str, ...]:
    selectors = _strings(value, key, path)
    for selector in selectors:
        if not selector.strip():
            raise ConfigError(
                f"{path}: `{key}` has an empty entry {quoted(selector)}: name a rule by its "
                "code, its name, a code prefix or a group"
            )
        if not _selects(selector):
            raise ConfigError(
                f"{path}: `{key}` names no known rule: {quoted(selector)}"
                + registry.nearest(selector)
            )
    return selectors


@cache
def _selects(selector: str) -> bool:
    """Does ``selector`` name a rule? (Asked once for each selector: 100,000 ``per-file-ignores``
    name the same few.)"""
    return bool(registry.select(selector))


def _extra_models(value: Any, path: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``"prov:m1,m2;prov2:m3"`` or a table ``{prov = ["m1", "m2"]}``."""
    if isinstance(value, dict):
        return tuple(
            (str(name), _strings(models, f"extra-models.{quoted(name)}", path))
            for name, models in value.items()
        )
    if not isinstance(value, str):
        raise ConfigError(f'{path}: `extra-models` must be "provider:m1,m2;…" or a table')
    from dipcheck.catalog import parse_extra_models

    try:
        return parse_extra_models(value)
    except ValueError as error:
        raise ConfigError(f"{path}: extra-models: {error}") from None


def _runners(value: Any, path: str) -> tuple[str, ...]:
    """``"a,b,c"`` or a list of runner ids (the runners Ordewell has enabled)."""
    if isinstance(value, str):
        value = value.split(",")
    runners = tuple(item.strip() for item in _strings(value, "ordewell-runners", path))
    return tuple(item for item in runners if item)


def parse_config(data: dict[str, Any], path: str) -> Config:
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        listed = ", ".join(quoted(key) for key in unknown[:SHOWN_KEYS])
        more = f" and {len(unknown) - SHOWN_KEYS} more" if len(unknown) > SHOWN_KEYS else ""
        raise ConfigError(
            f"{path}: unknown key(s) {listed}{more} (known: {', '.join(sorted(KNOWN_KEYS))})"
        )
    per_file: list[tuple[str, tuple[str, ...]]] = []
    raw_per_file = data.get("per-file-ignores", {})
    if not isinstance(raw_per_file, dict):
        raise ConfigError(f"{path}: `per-file-ignores` must be a table of glob = [codes]")
    for pattern, codes in raw_per_file.items():
        per_file.append((pattern, _selectors(codes, f"per-file-ignores.{quoted(pattern)}", path)))
    severity: list[tuple[str, Severity]] = []
    raw_severity = data.get("severity", {})
    if not isinstance(raw_severity, dict):
        raise ConfigError(f'{path}: `severity` must be a table of CODE = "level"')
    for code, level in raw_severity.items():
        found = registry.get(code)
        if found is None:
            raise ConfigError(f"{path}: `severity` names an unknown rule: {quoted(code)}")
        try:
            severity.append((found.code, Severity.parse(str(level))))
        except ValueError as error:
            raise ConfigError(f"{path}: severity of {code}: {error}") from None
    try:
        fail_on = Severity.parse(str(data.get("fail-on", "error")))
    except ValueError as error:
        raise ConfigError(f"{path}: fail-on: {error}") from None
    try:
        target = parse_target(str(data.get("target-version", str(DEFAULT))))
    except ValueError as error:
        raise ConfigError(f"{path}: target-version: {error}") from None
    dialects: list[tuple[str, Dialect]] = []
    raw_dialects = data.get("dialect", {})
    if not isinstance(raw_dialects, dict):
        raise ConfigError(f'{path}: `dialect` must be a table of glob = "dialect"')
    known = ", ".join(item.value for item in FILE_DIALECTS)
    for pattern, value in raw_dialects.items():
        if not isinstance(value, str) or value not in {item.value for item in FILE_DIALECTS}:
            raise ConfigError(
                f"{path}: dialect of {quoted(pattern)}: {quoted(value)} is not one of {known}"
            )
        dialects.append((pattern, Dialect(value)))
    raw_format = data.get("format", {})
    if not isinstance(raw_format, dict):
        raise ConfigError(f"{path}: `format` must be a table (`[tool.dipcheck.format]`)")
    unknown = sorted(set(raw_format) - FORMAT_KEYS)
    if unknown:
        listed = ", ".join(quoted(key) for key in unknown[:SHOWN_KEYS])
        raise ConfigError(f"{path}: format: unknown key(s) {listed} (known: exclude)")
    return Config(
        format_exclude=_strings(raw_format.get("exclude", []), "format.exclude", path),
        extra_models=_extra_models(data.get("extra-models", ""), path),
        ordewell_runners=_runners(data.get("ordewell-runners", []), path),
        select=_selectors(data.get("select", []), "select", path),
        extend_select=_selectors(data.get("extend-select", []), "extend-select", path),
        ignore=_selectors(data.get("ignore", []), "ignore", path),
        per_file_ignores=tuple(per_file),
        exclude=_strings(data.get("exclude", []), "exclude", path),
        include=_strings(data.get("include", []), "include", path),
        severity=tuple(severity),
        fail_on=fail_on,
        target=target,
        dialects=tuple(dialects),
        path=path,
        root=os.path.dirname(os.path.abspath(path)),
    )


def load_config_file(path: str) -> Config:
    import tomllib

    try:
        document = tomllib.loads(read_regular(path, MAX_CONFIG_BYTES).decode("utf-8"))
    except UnicodeDecodeError as error:
        bad = error.object[error.start : error.start + 1].hex()
        raise ConfigError(
            f"{path}: not UTF-8 (byte 0x{bad} at offset {error.start}); TOML files are UTF-8:"
            " save it in that encoding"
        ) from None
    except OSError as error:
        raise ConfigError(f"{path}: {why_unreadable(error)}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: {error}") from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise ConfigError(f"{path}: arrays or tables nest too deep to read") from None
    tool = document.get("tool")
    if os.path.basename(path) == "pyproject.toml":
        if not isinstance(tool, dict) or "dipcheck" not in tool:
            raise ConfigError(f"{path}: no [tool.dipcheck] table")
        return parse_config(_table(tool["dipcheck"], path), path)
    if set(document) == {"tool"} and isinstance(tool, dict) and set(tool) == {"dipcheck"}:
        # the pyproject.toml form copied into dipcheck.toml: `[tool.dipcheck]` works there too
        return parse_config(_table(tool["dipcheck"], path), path)
    return parse_config(document, path)


_TOML_KINDS = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    list: "an array",
}


def _table(section: object, path: str) -> dict[str, Any]:
    """``tool.dipcheck``, which must be a table of settings."""
    if not isinstance(section, dict):
        raise ConfigError(
            f"{path}: `tool.dipcheck` must be a table of settings ([tool.dipcheck]), not "
            f"{_TOML_KINDS.get(type(section), 'a value')} {quoted(str(section)[:40])}"
        )
    return section


def load_config(start: str | None = None, explicit: str | None = None) -> Config:
    """The file ``--config`` names (``explicit``), else the closest one at or above ``start``.
    A found file that a symbolic link takes out of its directory (a shared configuration, or
    ``dipcheck.toml -> /etc/…`` planted by a pull request) is read, but its errors do not
    quote it: they would print parts of whatever file the link names."""
    if explicit:
        return load_config_file(explicit)
    found = find_config(start or os.getcwd())
    if found is None:
        return Config()
    try:
        return load_config_file(found)
    except ConfigError:
        if not leads_outside(found, start):
            raise
        raise ConfigError(
            f"{found}: not a valid dipcheck configuration; a symbolic link takes it outside its "
            "directory, so what it holds is not quoted here: name it with --config to see the "
            "problem"
        ) from None


class FolderSettings:
    """Each file's settings, from the configuration file closest to it, as ruff resolves them:
    ``lint x/a.dip y/b.dip`` uses ``y/dipcheck.toml`` for ``b.dip`` only, and a directory lint
    uses the settings of a folder's own configuration file below it. ``first``: the settings
    already read for the first path; ``build(path)``: those of another file (the
    configuration file's, with the command line's options over them; a ConfigError when that
    file cannot be used). Each folder's configuration file is looked for once and each
    configuration file is read once."""

    def __init__(self, first: Config, build: Callable[[str], Config]) -> None:
        self._build = build
        self._by_file: dict[str | None, Config] = {_absolute(first.path): first}
        self._by_folder: dict[str, str | None] = {}  # (find_config's answers, each folder's)

    def __call__(self, path: str) -> Config:
        found = find_config(os.path.dirname(os.path.abspath(path)), self._by_folder)
        if found not in self._by_file:
            self._by_file[found] = self._build(path)
        return self._by_file[found]

    @property
    def files(self) -> list[str | None]:
        """The configuration files used so far (None: no file, the defaults)."""
        return list(self._by_file)


def _absolute(path: str | None) -> str | None:
    return None if path is None else os.path.abspath(path)
