"""Child workflows: the files that ``subgraph ref:`` and ``manager_loop subgraph_ref:`` name,
resolved and parsed once per run.

The API is small on purpose (the rules, the simulator and the language server share it)::

    workspace = Workspace()                     # one per lint run (or per server)
    child = workspace.child(parent_path, ref)   # -> ChildWorkflow
    child.path, child.workflow, child.problem, child.missing
    for link in workspace.walk(parent_path, workflow):   # transitive, depth-capped
        link.chain, link.child, link.depth

Resolution follows tracker (tracker-runtime.md §5.7) and dippin's cross-file checks
(dippin-language.md §2.4, DIP126/DIP135/DIP146):

* a relative ref is resolved against the directory of the parent file, as written and then
  with ``.dip`` appended; an absolute ref is taken as it is;
* tracker's CLI would next try the current directory; dipcheck does not, so that a finding
  never depends on where dipcheck runs (:func:`found_above` tells where such a ref would be
  found instead);
* a child is loaded only when it is a regular file inside ``root`` (by default the parent's
  directory; a transitive walk keeps the entry file's directory), is not a symbolic link, and
  is not already on the chain of parents (a reference cycle);
* :meth:`Workspace.walk` descends at most :data:`MAX_DEPTH` levels.

Each child is parsed once per :class:`Workspace` however many parents name it (it is read
again for each parent, through that lint's reader, so a result cache records the dependency);
an entry is parsed again when the file's content changes, and :meth:`forget` drops one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from dipcheck.frontends.common import FileReader, read_from_disk
from dipcheck.model import Field, Node, NodeKind, Workflow
from dipcheck.source import SourceText

MAX_DEPTH = 10
CYCLE = "the reference forms a cycle"
REF_FIELDS = {NodeKind.SUBGRAPH: "ref", NodeKind.MANAGER_LOOP: "subgraph_ref"}


def subgraph_refs(workflow: Workflow) -> Iterator[tuple[Node, Field]]:
    """``ref:`` of subgraph nodes and ``subgraph_ref:`` of manager loops, when set."""
    for node in workflow.nodes:
        key = REF_FIELDS.get(node.kind)
        item = node.get(key) if key is not None else None
        if item is not None and item.text.strip():
            yield node, item


@dataclass(frozen=True, slots=True)
class ChildWorkflow:
    """What a ref names.

    ``path`` is the file it resolves to (absolute), None when no candidate exists;
    ``missing`` is True exactly then. ``workflow`` is the parsed child, None when it was not
    loaded; ``problem`` then says why (missing, a symbolic link, outside the root, a cycle,
    unreadable, not a workflow, too deep)."""

    ref: str
    path: str | None
    workflow: Workflow | None
    problem: str | None
    missing: bool = False


@dataclass(frozen=True, slots=True)
class Link:
    """One child met by :meth:`Workspace.walk`: the ref nodes from the entry file down to it
    (``chain[0]`` is in the entry file, ``chain[-1]`` names this child) and the child."""

    chain: tuple[tuple[Node, Field], ...]
    child: ChildWorkflow
    depth: int


def candidates(parent_dir: str, ref: str) -> list[str]:
    """The paths a ref may name, in the order they are tried."""
    value = ref.strip()
    path = value if os.path.isabs(value) else os.path.normpath(os.path.join(parent_dir, value))
    return [path] if path.endswith(".dip") else [path, path + ".dip"]


def found_above(parent_dir: str, ref: str) -> str | None:
    """The closest ancestor of ``parent_dir`` against which a relative ``ref`` names a file
    (where tracker, which also tries its working directory, would find it), or None."""
    value = ref.strip()
    if not value or os.path.isabs(value):
        return None
    directory = os.path.dirname(os.path.abspath(parent_dir))
    while True:
        if any(os.path.isfile(path) for path in candidates(directory, value)):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _inside(path: str, root: str) -> bool:
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def _display(path: str) -> str:
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


@dataclass(frozen=True, slots=True)
class _Loaded:
    digest: str
    workflow: Workflow | None
    problem: str | None


class Workspace:
    """Resolves and loads child workflows; see the module docstring."""

    def __init__(self, reader: FileReader = read_from_disk) -> None:
        self.reader = reader
        self._cache: dict[str, _Loaded] = {}
        self._lock = threading.Lock()
        self.loads = 0  # files parsed so far (each at most once while unchanged)

    def forget(self, path: str | None = None) -> None:
        """Drop the cached parse of ``path`` (of every file when None)."""
        with self._lock:
            if path is None:
                self._cache.clear()
            else:
                self._cache.pop(os.path.realpath(path), None)

    def child(
        self,
        parent_path: str,
        ref: str,
        root: str | None = None,
        chain: tuple[str, ...] = (),
        reader: FileReader | None = None,
    ) -> ChildWorkflow:
        """Resolve ``ref`` written in the file ``parent_path`` and load the child.

        ``root`` bounds where a child may be loaded from (default: the parent's directory);
        ``chain`` holds the real paths of the files above this one, to refuse cycles;
        ``reader`` reads the child (a lint's recording reader, so that its result cache
        knows the parent depends on the child, and on a missing child staying missing)."""
        read = reader or self.reader
        parent_dir = os.path.dirname(os.path.abspath(parent_path))
        value = ref.strip()
        if not value:
            return ChildWorkflow(ref, None, None, "the ref names no file", missing=True)
        found = [path for path in candidates(parent_dir, value) if os.path.isfile(path)]
        if not found:
            for path in candidates(parent_dir, value):
                with contextlib.suppress(OSError, UnicodeDecodeError):
                    read(path)  # records that the file is missing
            links = [path for path in candidates(parent_dir, value) if os.path.islink(path)]
            if links:
                return ChildWorkflow(ref, links[0], None, "it is a broken or looping symbolic link")
            return ChildWorkflow(ref, None, None, "no such file", missing=True)
        path = found[0]
        if os.path.islink(path):
            return ChildWorkflow(ref, path, None, "it is a symbolic link, which is not followed")
        if not _inside(path, root or parent_dir):
            return ChildWorkflow(ref, path, None, "it is outside the workflow's directory tree")
        real = os.path.realpath(path)
        if real in chain or real == os.path.realpath(parent_path):
            return ChildWorkflow(ref, path, None, CYCLE)
        loaded = self._load(real, read)
        return ChildWorkflow(ref, path, loaded.workflow, loaded.problem)

    def walk(
        self,
        parent_path: str,
        workflow: Workflow,
        root: str | None = None,
        max_depth: int = MAX_DEPTH,
        reader: FileReader | None = None,
    ) -> Iterator[Link]:
        """Every child reachable from ``workflow`` (the file ``parent_path``), depth first.

        A child deeper than ``max_depth`` is reported with a problem and not loaded."""
        top = root or os.path.dirname(os.path.abspath(parent_path))
        start = os.path.realpath(parent_path)
        stack: list[tuple[str, Workflow, tuple[tuple[Node, Field], ...], tuple[str, ...]]] = [
            (parent_path, workflow, (), (start,))
        ]
        while stack:
            path, current, chain, seen = stack.pop()
            depth = len(chain) + 1
            found: list[tuple[str, Workflow, tuple[tuple[Node, Field], ...], tuple[str, ...]]] = []
            for node, item in subgraph_refs(current):
                links = (*chain, (node, item))
                if depth > max_depth:
                    child = ChildWorkflow(
                        item.text, None, None, f"it is more than {max_depth} levels deep"
                    )
                    yield Link(links, child, depth)
                    continue
                child = self.child(path, item.text, top, seen, reader)
                yield Link(links, child, depth)
                if child.workflow is not None and child.path is not None:
                    real = os.path.realpath(child.path)
                    found.append((child.path, child.workflow, links, (*seen, real)))
            stack.extend(reversed(found))

    def _load(self, real: str, read: FileReader) -> _Loaded:
        try:
            text = read(real)
        except UnicodeDecodeError:
            return _Loaded("", None, "it is not UTF-8 text")
        except OSError as error:
            return _Loaded("", None, f"it cannot be read: {error.strerror or error}")
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        with self._lock:
            cached = self._cache.get(real)
            if cached is None or cached.digest != key:
                cached = self._parse(real, text, key)
                self._cache[real] = cached
            return cached

    def _parse(self, real: str, text: str, key: str) -> _Loaded:
        """Parse a child as tracker's ``loadPipeline`` does: a `.dot` file as DOT, anything
        else as `.dip` (``cmd/tracker/loading.go`` ``detectPipelineFormat``)."""
        from dipcheck.frontends.dip import load_dip
        from dipcheck.frontends.dot import load_dot

        self.loads += 1
        source = SourceText(_display(real), text)
        try:
            if real.lower().endswith(".dot"):
                result = load_dot(source, os.path.dirname(real), self.reader, require=True)
            else:
                result = load_dip(source, os.path.dirname(real), self.reader)
        except Exception as error:  # a front-end bug must not stop the parent's lint
            return _Loaded(key, None, f"it could not be parsed ({type(error).__name__})")
        if result.workflow is None:
            return _Loaded(key, None, "it holds no workflow declaration")
        return _Loaded(key, result.workflow, None)
