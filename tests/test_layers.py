"""The house: no import cycles, and every layer imports only the layers below it.

The import graph is read from the source with the standard library's ``ast`` (nothing is
imported). What counts as an import of module A by module B:

* an ``import``/``from … import`` statement anywhere in B — at module level, in a class body,
  or inside a function (a function-level import still makes B depend on A; one that exists to
  dodge a cycle hides the cycle, it does not remove it);
* ``from pkg import name`` depends on ``pkg.name`` when that is a module, else on ``pkg``
  (its ``__init__``); ``import pkg.mod`` depends on ``pkg.mod``. The parents that Python
  initialises on the way (``pkg/__init__.py``) are not dependencies of the importer;
* imports under ``if TYPE_CHECKING:`` name types for annotations only and never run: they
  count for the layer order (a lower layer must not even name a higher layer's types) but not
  for cycles, so that a module can annotate with the types of the module that drives it
  (``simulate/world.py`` naming the runner's ``Machine``);
* modules loaded by name at run time (``importlib.import_module``: the rule modules the
  registry loads, the report formats) are plug-ins, not imports.

Run ``python tests/test_layers.py`` for the whole report: cycles, type-only cycles and
upward imports.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"dipcheck": ROOT / "dipcheck", "dipcheck_lsp": ROOT / "lsp" / "dipcheck_lsp"}

# The layers, lowest first. A module may import its own layer and the layers below it. An entry
# names a module, or a package and everything in it (``pkg.*``); the longest entry that matches
# a module decides its layer. The pipeline runs source → front-ends → model → analysis → rules
# → engine → reports; the model's data types sit low because the front-ends build them.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "base",
        (
            "dipcheck",
            "dipcheck.records",
            "dipcheck.cycles",
            "dipcheck.linediff",
            "dipcheck.textchange",
            "dipcheck.dipblocks",
            "dipcheck._record_methods",
            "dipcheck.source",
            "dipcheck.target",
            "dipcheck.jsvalue",
            "dipcheck.catalog",
            "dipcheck.progress",
            "dipcheck.lazyre",
            "dipcheck.lalr",
            "dipcheck.grammar",
            "dipcheck.diagnostics",
            "dipcheck.suggest",
            "dipcheck.conditions",
            "dipcheck.clauses",
            "dipcheck.dialect",
            "dipcheck.files",
            "dipcheck.writes",
            "dipcheck.sealing",
            "dipcheck.hashing",
            "dipcheck.terminal",
            "dipcheck.integers",
            "dipcheck.jsontext",
            "dipcheck.yamlbound",
            "dipcheck.configfile",
            "dipcheck.fingerprint",
            "dipcheck.gore",
            "dipcheck.forked",
        ),
    ),
    (
        "model",
        (
            "dipcheck.model",
            "dipcheck.plan",
            "dipcheck.references",
            "dipcheck.shelltools",
            "dipcheck.result",
        ),
    ),
    ("frontends", ("dipcheck.frontends.*", "dipcheck.workspace")),
    (
        # the simulator's engine sits beside the analyses: rules (DC4xx) run it
        "analysis",
        (
            "dipcheck.analysis.*",
            "dipcheck.simulate",
            "dipcheck.simulate.alternatives",
            "dipcheck.simulate.children",
            "dipcheck.simulate.composite",
            "dipcheck.simulate.expand",
            "dipcheck.simulate.explain",
            "dipcheck.simulate.explore",
            "dipcheck.simulate.graph",
            "dipcheck.simulate.handlers",
            "dipcheck.simulate.handover",
            "dipcheck.simulate.plan_waves",
            "dipcheck.simulate.runner",
            "dipcheck.simulate.scenario",
            "dipcheck.simulate.statekey",
            "dipcheck.simulate.trace",
            "dipcheck.simulate.world",
        ),
    ),
    ("rules", ("dipcheck.rules.*",)),
    (
        # what the engine is configured with; rules.docs generates the rule pages and the
        # configuration schema
        "configuration",
        (
            "dipcheck.config",
            "dipcheck.config_schema",
            "dipcheck.suppressions",
            "dipcheck.suppression_edits",
            "dipcheck.rules.docs",
            "dipcheck.cache",
            "dipcheck.replay",
        ),
    ),
    ("engine", ("dipcheck.engine", "dipcheck.fixes")),
    (
        "report",
        (
            "dipcheck.report.*",
            "dipcheck.formatter",
            "dipcheck.simulate.render",
            "dipcheck.simulate.contract",
        ),
    ),
    (
        # the features built on linting and simulating
        "features",
        (
            "dipcheck.convert.*",
            "dipcheck.semdiff.*",
            "dipcheck.picture.*",
            "dipcheck.wftest.*",
            "dipcheck.simulate.pictures",
            "dipcheck.simulate.session",
            "dipcheck.simulate.plan_cli",
            "dipcheck.watch",
        ),
    ),
    ("lsp", ("dipcheck_lsp.*",)),
    (
        "cli",
        (
            "dipcheck.__main__",
            "dipcheck.cli",
            "dipcheck.launch",
            "dipcheck.commands.*",
            "dipcheck.fmt_cli",
            "dipcheck.simulate.cli",
        ),
    ),
]

RUNTIME = ("module", "function")  # the kinds of import that make a cycle


@dataclass(frozen=True, slots=True)
class Import:
    importer: str
    imported: str
    kind: str  # "module" (runs on import), "function" (runs when called), "type" (never runs)
    line: int

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported} ({self.kind}-level, line {self.line})"


def find_modules(packages: Mapping[str, Path]) -> dict[str, tuple[Path, bool]]:
    """Every module of the packages: dotted name → (file, is a package ``__init__``)."""
    found: dict[str, tuple[Path, bool]] = {}
    for package, directory in packages.items():
        for path in sorted(directory.rglob("*.py")):
            parts = [package, *path.relative_to(directory).with_suffix("").parts]
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            found[".".join(parts)] = (path, is_package)
    return found


def _type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _statements(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every import statement with its kind."""
    todo: list[tuple[ast.AST, str]] = [(tree, "module")]
    while todo:
        node, kind = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, kind
        elif isinstance(node, ast.If) and _type_checking(node.test):
            todo.extend((item, "type") for item in node.body)
            todo.extend((item, kind) for item in node.orelse)
        else:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                kind = "function" if kind == "module" else kind
            todo.extend((child, kind) for child in ast.iter_child_nodes(node))


def imports_of(name: str, modules: Mapping[str, tuple[Path, bool]]) -> list[Import]:
    """The imports of module ``name`` that name modules of ``modules``."""
    path, is_package = modules[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[Import] = []
    for statement, kind in _statements(tree):
        targets: list[str] = []
        if isinstance(statement, ast.Import):
            targets = [alias.name for alias in statement.names]
        else:
            base = statement.module or ""
            if statement.level:
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(statement.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in statement.names:
                submodule = f"{base}.{alias.name}"
                targets.append(submodule if submodule in modules else base)
        for target in dict.fromkeys(targets):
            if target in modules and target != name:
                found.append(Import(name, target, kind, statement.lineno))
    return found


def import_graph(packages: Mapping[str, Path] = PACKAGES) -> dict[str, list[Import]]:
    modules = find_modules(packages)
    return {name: imports_of(name, modules) for name in modules}


def cycles(graph: Mapping[str, list[Import]], kinds: tuple[str, ...] = RUNTIME) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    edges = {
        name: sorted({item.imported for item in items if item.kind in kinds})
        for name, items in graph.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = edges[node]
            if position < len(targets):
                work.append((node, position + 1))
                target = targets[position]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(found)


def layer_of(name: str, layers: list[tuple[str, tuple[str, ...]]] = LAYERS) -> int | None:
    best: tuple[int, int] | None = None  # (length of the matching entry, layer)
    for number, (_, entries) in enumerate(layers):
        for entry in entries:
            package = entry.removesuffix(".*")
            matches = name == package or (entry.endswith(".*") and name.startswith(package + "."))
            if matches and (best is None or len(package) > best[0]):
                best = (len(package), number)
    return None if best is None else best[1]


def upward(
    graph: Mapping[str, list[Import]], layers: list[tuple[str, tuple[str, ...]]] = LAYERS
) -> list[Import]:
    found = []
    for items in graph.values():
        for item in items:
            below, above = layer_of(item.importer, layers), layer_of(item.imported, layers)
            if below is not None and above is not None and above > below:
                found.append(item)
    return found


def describe_cycle(graph: Mapping[str, list[Import]], component: list[str], kinds=RUNTIME) -> str:
    members = set(component)
    lines = [f"cycle of {len(component)} modules:"]
    for name in component:
        for item in graph[name]:
            if item.imported in members and item.kind in kinds:
                lines.append(f"  {item}")
    return "\n".join(lines)


# -- the checks ------------------------------------------------------------------------------

GRAPH = import_graph()


def test_every_module_has_a_layer() -> None:
    missing = [name for name in GRAPH if layer_of(name) is None]
    assert not missing, f"declare the layer of {missing} in LAYERS"


def test_no_import_cycles() -> None:
    found = cycles(GRAPH)
    assert not found, "\n".join(describe_cycle(GRAPH, component) for component in found)


def test_no_upward_imports() -> None:
    found = upward(GRAPH)
    names = [name for name, _ in LAYERS]
    assert not found, "imports of a higher layer:\n" + "\n".join(
        f"  {item} [{names[layer_of(item.importer) or 0]} imports "
        f"{names[layer_of(item.imported) or 0]}]"
        for item in found
    )


def test_every_package_ships() -> None:
    """A module split into a package must be listed in pyproject's packages, or the wheel
    leaves it out."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        listed = set(tomllib.load(handle)["tool"]["setuptools"]["packages"])
    packages = {name for name, (_, is_package) in find_modules(PACKAGES).items() if is_package}
    assert packages - listed == set()


# -- the checker itself, on a package written for the purpose --------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> dict[str, list[Import]]:
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return import_graph({"pkg": tmp_path / "pkg"})


def test_checker_finds_a_cycle_through_a_function_level_import(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from pkg.b import thing\n",
            "b.py": "def thing():\n    from pkg import a\n    return a\n",
            "c.py": "from pkg import a\n",
        },
    )
    assert cycles(graph) == [["pkg.a", "pkg.b"]]
    assert [item.kind for item in graph["pkg.b"]] == ["function"]


def test_checker_passes_a_type_only_back_reference(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from pkg.b import thing\n",
            "b.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from pkg.a import A\n"
                "def thing(x: 'A') -> None: ...\n"
            ),
        },
    )
    assert cycles(graph) == []
    assert cycles(graph, ("module", "function", "type")) == [["pkg.a", "pkg.b"]]


def test_checker_resolves_relative_and_package_imports(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {
            "__init__.py": "",
            "sub/__init__.py": "VALUE = 1\n",
            "sub/low.py": "from . import high\nfrom .. import top\n",
            "sub/high.py": "from pkg.sub import VALUE\nimport pkg.sub.low\n",
            "top.py": "",
        },
    )
    assert {(item.importer, item.imported) for items in graph.values() for item in items} == {
        ("pkg.sub.low", "pkg.sub.high"),
        ("pkg.sub.low", "pkg.top"),
        ("pkg.sub.high", "pkg.sub"),
        ("pkg.sub.high", "pkg.sub.low"),
    }
    assert cycles(graph) == [["pkg.sub.high", "pkg.sub.low"]]


def test_checker_finds_an_upward_import(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {
            "__init__.py": "",
            "low.py": "def f():\n    from pkg import high\n",
            "high.py": "from pkg import low\n",
            "side.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.high\n",
        },
    )
    layers = [("low", ("pkg", "pkg.low", "pkg.side")), ("high", ("pkg.high",))]
    assert [str(item) for item in upward(graph, layers)] == [
        "pkg.low -> pkg.high (function-level, line 2)",
        "pkg.side -> pkg.high (type-level, line 3)",
    ]


def main() -> int:
    names = [name for name, _ in LAYERS]
    runtime = cycles(GRAPH)
    typed = [c for c in cycles(GRAPH, ("module", "function", "type")) if c not in runtime]
    print(f"{len(GRAPH)} modules")
    print(f"{len(runtime)} import cycles (module- and function-level imports)")
    for component in runtime:
        print(describe_cycle(GRAPH, component))
    print(f"{len(typed)} cycles through TYPE_CHECKING imports (allowed)")
    for component in typed:
        print(describe_cycle(GRAPH, component, ("module", "function", "type")))
    found = upward(GRAPH)
    print(f"{len(found)} upward imports")
    for item in found:
        print(
            f"  {item} [{names[layer_of(item.importer) or 0]} imports "
            f"{names[layer_of(item.imported) or 0]}]"
        )
    missing = [name for name in GRAPH if layer_of(name) is None]
    print(f"{len(missing)} modules without a layer {missing}")
    return 1 if runtime or found or missing else 0


if __name__ == "__main__":
    sys.exit(main())
