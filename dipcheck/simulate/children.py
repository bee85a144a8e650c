"""Loading the child workflow of a ``subgraph`` or ``manager_loop`` node.

One function, :func:`load_child`, behind the :class:`~dipcheck.simulate.composite.ChildLoader`
interface: the workspace loader of issue 12 can replace it without touching the simulator.
Resolution follows tracker's CLI (tracker-runtime.md §5.7): the ref relative to the parent
file's directory, then relative to the current directory, each as written and with ``.dip``
added. Each child file is parsed once per process.
"""

from __future__ import annotations

import os

from dipcheck.model import Workflow

_CACHE: dict[str, Workflow | str] = {}


def load_child(parent: Workflow, ref: str) -> Workflow | str:
    """The workflow ``ref`` names, or why it cannot be loaded."""
    from dipcheck.engine import detect_format, read_source
    from dipcheck.frontends.dip import load_dip
    from dipcheck.frontends.yaml_steps import load_steps

    base = os.path.dirname(os.path.abspath(parent.source.path))
    candidates = []
    for root in (base, os.getcwd()):
        for name in (ref, f"{ref}.dip"):
            candidates.append(os.path.normpath(os.path.join(root, name)))
    for path in candidates:
        if not os.path.isfile(path):
            continue
        if path not in _CACHE:
            source, problem = read_source(path)
            loaded = None
            if source is not None:
                base = os.path.dirname(path)
                if detect_format(path) == "yaml":
                    loaded = load_steps(source, base).workflow
                else:
                    loaded = load_dip(source, base).workflow
            reason = problem.message if problem is not None else "it does not parse"
            _CACHE[path] = loaded if loaded is not None else f"{path}: {reason}"
        return _CACHE[path]
    name = os.path.basename(parent.source.path)
    return f"no file {ref!r} next to {name} or in the current directory"
