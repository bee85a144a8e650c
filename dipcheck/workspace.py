"""Child workflows: the files that ``subgraph ref:`` and ``manager_loop subgraph_ref:`` name,
resolved and parsed once per run.

The API is small on purpose (the rules, the simulator and the language server share it)::

    workspace = Workspace()                     # one per lint run (or per server)
    child = workspace.child(parent_path, ref)   # -> ChildWorkflow
    child.path, child.workflow, child.problem, child.missing
    for link in workspace.walk(parent_path, workflow):   # transitive, depth-capped
        link.chain, link.child, link.depth

Resolution follows tracker (docs/runtime/subgraphs.md#subgraphs) and dippin's cross-file checks
(dippin-language.md §2.4, DIP126/DIP135/DIP146):

* a relative ref is resolved against the directory of the parent file, as written and then
  with ``.dip`` appended; an absolute ref is taken as it is;
* tracker's CLI would next try the current directory; dipcheck does not, so that a finding
  never depends on where dipcheck runs (:func:`found_above` tells where such a ref would be
  found instead);
* a child is loaded only when it is a regular file (never a FIFO or a device) inside ``root``
  (by default the parent's directory; a transitive walk keeps the entry file's directory), is
  not a symbolic link, and
  is not already on the chain of parents (a reference cycle);
* :meth:`Workspace.walk` descends at most :data:`MAX_DEPTH` levels.

:meth:`Workspace.parents` goes the other way: the workflows near a file (its own directory and
:data:`PARENT_LEVELS` directories above it, not their subdirectories, none above the working
directory for a file below it, nor above the directory a lint was given for a file outside
it) whose ``ref:`` or ``subgraph_ref:`` names it, as written or from a directory above the
parent (where tracker, which also tries its working directory, would find it).

Each child is parsed once per :class:`Workspace` however many parents name it (it is read
again for each parent, through that lint's reader, so a result cache records the dependency);
an entry is parsed again when the file's content changes, and :meth:`forget` drops one.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from _thread import allocate_lock  # threading.Lock, without importing threading
from collections import OrderedDict
from collections.abc import Iterator

from dipcheck.files import (
    below,
    file_stamp,
    inside,
    kind_of,
    search_top,
    tree_name,
    unchanged,
)
from dipcheck.frontends.common import FileReader, RecordingReader, note_refused, read_from_disk
from dipcheck.hashing import sha256_hex
from dipcheck.model import Field, Node, NodeKind, Workflow
from dipcheck.records import record
from dipcheck.source import SourceText

MAX_DEPTH = 10
MAX_LINKS = 2000
PARENT_LEVELS = 2  # directories above a child searched for its parents
MAX_PARENT_CANDIDATES = 200  # `.dip` files looked at per directory
CYCLE = "the reference forms a cycle"
REF_FIELDS = {NodeKind.SUBGRAPH: "ref", NodeKind.MANAGER_LOOP: "subgraph_ref"}


def subgraph_refs(workflow: Workflow) -> Iterator[tuple[Node, Field]]:
    """``ref:`` of subgraph nodes and ``subgraph_ref:`` of manager loops, when set."""
    for node in workflow.nodes:
        key = REF_FIELDS.get(node.kind)
        item = node.get(key) if key is not None else None
        if item is not None and item.text.strip():
            yield node, item


@record(frozen=True, slots=True)
class ChildWorkflow:
    """What a ref names.

    ``path`` is the file it resolves to (absolute), None when no candidate exists;
    ``missing`` is True exactly then. ``workflow`` is the parsed child, None when it was not
    loaded; ``problem`` then says why (missing, a symbolic link, outside the root, a cycle,
    unreadable, not a workflow, too deep). ``special``: the path names a FIFO, a device or a
    socket, which is never read (tracker would wait on it or read it without end).
    ``outside``: every path the ref may name lies outside the tree being checked, where
    nothing is read nor said to exist (``path`` is then None, whether a file is there or
    not)."""

    ref: str
    path: str | None
    workflow: Workflow | None
    problem: str | None
    missing: bool = False
    special: bool = False
    outside: bool = False


@record(frozen=True, slots=True)
class Link:
    """One child met by :meth:`Workspace.walk`: the ref nodes from the entry file down to it
    (``chain[0]`` is in the entry file, ``chain[-1]`` names this child) and the child."""

    chain: tuple[tuple[Node, Field], ...]
    child: ChildWorkflow
    depth: int


@record(frozen=True, slots=True)
class ParentLink:
    """A workflow that runs a file as a child: its path, the parsed workflow and the
    ``subgraph``/``manager_loop`` node whose ref names the file."""

    path: str
    workflow: Workflow
    node: Node


def candidates(parent_dir: str, ref: str) -> list[str]:
    """The paths a ref may name, in the order they are tried."""
    value = ref.strip()
    path = value if os.path.isabs(value) else os.path.normpath(os.path.join(parent_dir, value))
    return [path] if path.endswith(".dip") else [path, path + ".dip"]


def found_above(
    parent_dir: str, ref: str, trees: tuple[str, ...] = (), reader: FileReader | None = None
) -> str | None:
    """The closest ancestor of ``parent_dir`` against which a relative ``ref`` names a file
    (where tracker, which also tries its working directory, would find it), or None; the
    search stops at the top of the directory's tree (:func:`~dipcheck.files.search_top`).
    A lint's recording ``reader`` is given each place looked at (a file that appears or goes
    there later changes what the lint says)."""
    value = ref.strip()
    if not value or os.path.isabs(value):
        return None
    directory = os.path.dirname(os.path.abspath(parent_dir))
    top = search_top(parent_dir, trees)
    recording = isinstance(reader, RecordingReader)
    while True:
        if top is not None and not inside(directory, top):
            return None  # (nor whether a file exists above the project is said)
        names = candidates(directory, value)
        if recording:
            assert reader is not None
            for path in names:
                with contextlib.suppress(OSError, UnicodeDecodeError, ValueError):
                    reader(path)  # (recorded whether it is there or not)
        if any(os.path.isfile(path) for path in names):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _display(path: str) -> str:
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def _dip_files(directory: str) -> list[str]:
    """The regular ``.dip`` files directly in ``directory`` (no symbolic links), sorted,
    at most :data:`MAX_PARENT_CANDIDATES`."""
    try:
        with os.scandir(directory) as entries:
            found = sorted(
                (entry.name, entry.path)
                for entry in entries
                if entry.name.endswith(".dip") and _regular(entry)
            )
    except OSError:
        return []
    return [path for _, path in found[:MAX_PARENT_CANDIDATES]]


def _regular(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a regular file, not a symbolic link: told by the directory
    listing itself on most file systems (two system calls per sibling were half of the
    parent scan after every edit in the language server)."""
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


# Parses of the workflows looked at as possible parents, shared by every Workspace (the
# language server builds one per lint): real path -> (its file_stamp, text, whether the text has
# a `ref` line (None: not looked for yet), workflow or None, whether the text holds each
# child's file name looked for: the search took a third of the parent scan of each lint).
_Candidate = tuple[str, str, bool | None, Workflow | None, dict[str, bool]]
_CANDIDATES: OrderedDict[str, _Candidate] = OrderedDict()
_CANDIDATES_LOCK = allocate_lock()
_MAX_CANDIDATES = 512
# the texts kept, in characters: a long-running language server in a directory of large
# workflows keeps at most this much of them (a text over it is read again when needed)
_MAX_CANDIDATE_CHARS = 16 * 1024 * 1024
_candidate_chars = 0  # the length of the texts in _CANDIDATES
_MAX_STEMS = 256  # the child names whose search in one candidate's text is remembered


# `ref:` anywhere: where a line holds a `ref:` or `subgraph_ref:` field (see has_ref_field)
_REF_COLON = re.compile(r"ref[ \t]*:")


def has_ref_field(text: str) -> bool:
    """Whether a line of ``text`` starts with a ``ref:`` or ``subgraph_ref:`` field, which
    every parent has (a bare "ref" is in "prefer" and "refine", and let most workflows of a
    directory through to a parse). The pattern ``^[ \t]*(?:subgraph_)?ref[ \t]*:`` in
    multi-line mode, but found from its literal part: that pattern was tried at every
    character of every sibling workflow (14 ms for tracker's 29 examples, here 1 ms). Each
    match looks back only as far as the one before it (a match on the same line follows that
    one's text, so its line does not start with the field): linear on any text."""
    searched_from = 0
    for match in _REF_COLON.finditer(text):
        start = match.start()
        newline = text.rfind("\n", searched_from, start)
        if newline < 0 and searched_from > 0:
            searched_from = start
            continue
        searched_from = start
        if text[newline + 1 : start].lstrip(" \t") in ("", "subgraph_"):
            return True
    return False


def _candidate(path: str, stem: str) -> Workflow | None:
    """The workflow in ``path`` (a real path) when its text names ``stem`` and has a ``ref``
    field (parsed once while the file is unchanged), else None."""
    real = path
    try:
        info = os.stat(real)
    except OSError:
        return None
    stamp = file_stamp(info)
    with _CANDIDATES_LOCK:
        cached = _CANDIDATES.get(real)
        if cached is not None and cached[0] == stamp:
            _CANDIDATES.move_to_end(real)
    changed = cached is None or cached[0] != stamp
    if cached is None or changed:
        try:
            text = read_from_disk(real)
        except (OSError, UnicodeDecodeError):
            return None
        cached = (stamp, text, None, None, {})
    _, text, has_ref, workflow, stems = cached
    # The first name asked for is looked for first (a search for a word costs a third of the
    # `ref` test); from the second on, the `ref` test first, once per file: most have no `ref`
    # line, and then no name is looked for (17 names in each of the corpus's files)
    if has_ref is None and stems:
        has_ref = has_ref_field(text)
        changed = True
    named = False
    if has_ref is not False:
        named = stems.get(stem)
        if named is None:
            named = stem in text
            if len(stems) < _MAX_STEMS:
                stems[stem] = named
    if named and has_ref is None:
        has_ref = has_ref_field(text)
        changed = True
    if not has_ref or not named:
        workflow = None
    elif workflow is None:
        from dipcheck.frontends.dip import load_dip

        try:
            workflow = load_dip(SourceText(_display(real), text), os.path.dirname(real)).workflow
        except Exception:  # a front-end bug must not stop the child's lint
            workflow = None
        changed = True
    if changed:  # (else the entry is as kept, and was moved to the end above)
        _keep(real, (stamp, text, has_ref, workflow if workflow is not None else cached[3], stems))
    return workflow


def _keep(real: str, entry: _Candidate) -> None:
    """Remember ``entry`` for ``real``, the least recently used forgotten beyond the limits."""
    global _candidate_chars
    with _CANDIDATES_LOCK:
        previous = _CANDIDATES.pop(real, None)
        if previous is not None:
            _candidate_chars -= len(previous[1])
        _CANDIDATES[real] = entry
        _candidate_chars += len(entry[1])
        while _CANDIDATES and (
            len(_CANDIDATES) > _MAX_CANDIDATES or _candidate_chars > _MAX_CANDIDATE_CHARS
        ):
            _, dropped = _CANDIDATES.popitem(last=False)
            _candidate_chars -= len(dropped[1])


def _names(parent_path: str, ref: str, real_child: str, trees: tuple[str, ...]) -> bool:
    """Does ``ref``, written in ``parent_path``, name the file ``real_child``: next to the
    parent, or relative to a directory above it (tracker's working-directory fallback)?"""
    directory = os.path.dirname(os.path.abspath(parent_path))
    tried = [directory]
    above = found_above(directory, ref, trees)
    if above is not None:
        tried.append(above)
    for base in tried:
        for path in candidates(base, ref):
            if os.path.isfile(path) and os.path.realpath(path) == real_child:
                return True
    return False


def _special(ref: str, path: str) -> ChildWorkflow | None:
    """The child ``ref`` names when ``path`` is a FIFO, a device or a socket (itself or
    through a symbolic link), which is never opened; None for anything else."""
    try:
        mode = os.stat(path).st_mode  # (follows a link, never opens)
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    link = "a symbolic link to " if os.path.islink(path) else ""
    problem = f"it is {link}{kind_of(mode)}, not a regular file"
    return ChildWorkflow(ref, path, None, problem, special=True)


@record(frozen=True, slots=True)
class _Loaded:
    digest: str
    workflow: Workflow | None
    problem: str | None
    reads: tuple[tuple[str, str | None], ...] = ()  # the files its parse read (prompt files …)


class Workspace:
    """Resolves and loads child workflows; see the module docstring."""

    def __init__(self, reader: FileReader = read_from_disk, trees: tuple[str, ...] = ()) -> None:
        """``trees``: the directories a lint run was given, which bound the searches above a
        file named outside the working directory (:func:`~dipcheck.files.search_top`)."""
        self.reader = reader
        self.trees = trees
        self._cache: dict[str, _Loaded] = {}
        self._parents: dict[str, tuple[ParentLink, ...]] = {}
        self._searched: dict[str, tuple[str, ...]] = {}  # the folders each parent search read
        self._lock = allocate_lock()
        self.loads = 0  # files parsed so far (each at most once while unchanged)

    def forget(self, path: str | None = None) -> None:
        """Drop the cached parse of ``path`` (of every file when None)."""
        with self._lock:
            self._parents.clear()
            self._searched.clear()
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
        names = candidates(parent_dir, value)
        top = search_top(parent_path, self.trees)
        if top is not None and not any(inside(path, top) for path in names):
            return self._outside(ref, names, top)
        found = [path for path in names if os.path.isfile(path)]
        if not found:
            for path in names:
                with contextlib.suppress(OSError, UnicodeDecodeError):
                    read(path)  # records that the file is missing (nothing else is read)
            for path in names:
                special = _special(ref, path)
                if special is not None:
                    return special
                if os.path.islink(path):
                    note_refused(read, path)
                    problem = (
                        "it is a symbolic link, which is not followed"
                        if os.path.exists(path)
                        else "it is a broken or looping symbolic link"
                    )
                    return ChildWorkflow(ref, path, None, problem)
            return ChildWorkflow(ref, None, None, "no such file", missing=True)
        path = found[0]
        if os.path.islink(path):
            note_refused(read, path)
            return ChildWorkflow(ref, path, None, "it is a symbolic link, which is not followed")
        if not inside(path, root or parent_dir):
            note_refused(read, path)
            return ChildWorkflow(ref, path, None, "it is outside the workflow's directory tree")
        real = os.path.realpath(path)
        if real in chain or real == os.path.realpath(parent_path):
            return ChildWorkflow(ref, path, None, CYCLE)
        loaded = self._load(real, read)
        return ChildWorkflow(ref, path, loaded.workflow, loaded.problem)

    @staticmethod
    def _outside(ref: str, names: list[str], top: str) -> ChildWorkflow:
        """A ref that leads out of the tree being checked (``/home/runner/.ssh/id_rsa``,
        ``../../../etc/passwd``): a FIFO or a device there is still refused as such (one
        that exists says nothing private); of anything else, whether it exists is not said,
        so that a workflow in a pull request cannot learn it from a CI log."""
        for path in names:
            special = _special(ref, path)
            if special is not None:
                return special
        problem = f"it lies outside `{tree_name(top)}`, the tree being checked"
        return ChildWorkflow(ref, None, None, problem, outside=True)

    def walk(
        self,
        parent_path: str,
        workflow: Workflow,
        root: str | None = None,
        max_depth: int = MAX_DEPTH,
        reader: FileReader | None = None,
    ) -> Iterator[Link]:
        """Every child reachable from ``workflow`` (the file ``parent_path``), depth first.

        A child deeper than ``max_depth`` is reported with a problem and not loaded; after
        :data:`MAX_LINKS` links (children that many parents name are met once per chain, so a
        few files can make millions) the walk ends with a link that says so."""
        if next(subgraph_refs(workflow), None) is None:
            return  # (most files: no child, and no resolving of the file's path from `/`)
        top = root or os.path.dirname(os.path.abspath(parent_path))
        start = os.path.realpath(parent_path)
        stack: list[tuple[str, Workflow, tuple[tuple[Node, Field], ...], tuple[str, ...]]] = [
            (parent_path, workflow, (), (start,))
        ]
        count = 0
        while stack:
            path, current, chain, seen = stack.pop()
            depth = len(chain) + 1
            found: list[tuple[str, Workflow, tuple[tuple[Node, Field], ...], tuple[str, ...]]] = []
            for node, item in subgraph_refs(current):
                links = (*chain, (node, item))
                count += 1
                if count > MAX_LINKS:
                    problem = f"the walk stopped after {MAX_LINKS} subgraph references"
                    yield Link(links, ChildWorkflow(item.text, None, None, problem), depth)
                    return
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

    def parents(self, path: str, reader: FileReader | None = None) -> tuple[ParentLink, ...]:
        """The workflows near ``path`` that run it as a subgraph or manager-loop child (see
        the module docstring). Candidates are filtered by a cheap text test (the child's file
        name and a ``ref``) before they are parsed, and parsed once per process while they
        are unchanged; a parent found is read through ``reader`` so that a lint's result
        cache depends on it, and a recording reader is given the ``.dip`` files of each folder
        searched (a parent added, edited or removed there changes the answer)."""
        real = os.path.realpath(path)
        recording = reader if isinstance(reader, RecordingReader) else None
        with self._lock:
            found = self._parents.get(real)
            searched = self._searched.get(real, ())
        if found is not None:
            if recording is not None:
                for folder in searched:
                    recording.looked_for_parents(folder)
            return found
        stem = os.path.splitext(os.path.basename(real))[0]
        result: list[ParentLink] = []
        folders: list[str] = []
        directory = os.path.dirname(real)
        top = search_top(path, self.trees)
        for _ in range(PARENT_LEVELS + 1):
            # (`directory`, a folder of a real path, and `top` are resolved already)
            if top is not None and not below(directory, top):
                break
            folders.append(directory)
            if recording is not None:
                recording.looked_for_parents(directory)
            # `directory` is a real path and _dip_files leaves links out: each candidate is
            # its own real path
            for candidate in _dip_files(directory):
                if candidate == real:
                    continue
                workflow = _candidate(candidate, stem)
                if workflow is None:
                    continue
                for node, item in subgraph_refs(workflow):
                    if _names(candidate, item.text, real, self.trees):
                        if reader is not None:
                            with contextlib.suppress(OSError, UnicodeDecodeError):
                                reader(candidate)  # the lint depends on its parent
                        result.append(ParentLink(candidate, workflow, node))
            above = os.path.dirname(directory)
            if above == directory:
                break
            directory = above
        links = tuple(result)
        with self._lock:
            self._parents[real] = links
            self._searched[real] = tuple(folders)
        return links

    def _load(self, real: str, read: FileReader) -> _Loaded:
        """The parsed child at ``real``, read through ``read``. A cached parse is used while
        the child's text and every file its parse read are unchanged; those files are then
        read again through ``read``, so that the lint asking records them as its own
        dependencies (a result cache, the language server's re-lints)."""
        try:
            text = read(real)
        except UnicodeDecodeError:
            return _Loaded("", None, "it is not UTF-8 text")
        except OSError as error:
            return _Loaded("", None, f"it cannot be read: {error.strerror or error}")
        key = sha256_hex(text.encode("utf-8"))
        with self._lock:
            cached = self._cache.get(real)
            fresh = cached is not None and cached.digest == key
            if cached is not None and fresh and all(unchanged(*item) for item in cached.reads):
                for path, _ in cached.reads:
                    with contextlib.suppress(OSError, UnicodeDecodeError):
                        read(path)
                return cached
            cached = self._parse(real, text, key, read)
            self._cache[real] = cached
            return cached

    def _parse(self, real: str, text: str, key: str, read: FileReader) -> _Loaded:
        """Parse a child as tracker's ``loadPipeline`` does: a `.dot` file as DOT, anything
        else as `.dip` (``cmd/tracker/loading.go`` ``detectPipelineFormat``); the files the
        parse reads are read through ``read`` and remembered."""
        self.loads += 1
        source = SourceText(_display(real), text)
        recorder = RecordingReader(read)
        try:
            if real.lower().endswith(".dot"):
                # imported here, for a DOT child only: a .dip lint does not load DOT's parser
                from dipcheck.frontends.dot import load_dot

                result = load_dot(source, os.path.dirname(real), recorder, require=True)
            else:
                from dipcheck.frontends.dip import load_dip

                result = load_dip(source, os.path.dirname(real), recorder)
        except Exception as error:  # a front-end bug must not stop the parent's lint
            return _Loaded(key, None, f"it could not be parsed ({type(error).__name__})")
        reads = tuple(recorder.reads.items())
        if result.workflow is None:
            return _Loaded(key, None, "it holds no workflow declaration", reads)
        return _Loaded(key, result.workflow, None, reads)
