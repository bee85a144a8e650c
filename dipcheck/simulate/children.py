"""Loading the child workflow of a ``subgraph`` or ``manager_loop`` node for a dry run.

One function, :func:`load_child`, behind the :class:`~dipcheck.simulate.composite.ChildLoader`
interface, on top of the shared :class:`~dipcheck.workspace.Workspace` (the loader the
cross-file lint rules use: same resolution, the same refusals of symbolic links and paths
outside the tree, each child parsed once per process). Where tracker's CLI goes further, so
does the simulator (docs/runtime/subgraphs.md#subgraphs): a ref that is not found next to the
parent file
is tried relative to the current directory, as ``tracker run`` would (unless that is the
home directory or the file system's root, which is no workflow's tree).
"""

from __future__ import annotations

import os

from dipcheck.files import too_broad
from dipcheck.model import Workflow
from dipcheck.workspace import Workspace

_WORKSPACE = Workspace()


def load_child(parent: Workflow, ref: str) -> Workflow | str:
    """The workflow ``ref`` names, or why it cannot be loaded. The working directory is not
    searched when it is the home directory or the file system's root (:func:`too_broad`):
    it is then no tree of the workflow's (:func:`~dipcheck.files.tree_of`), and a ref in a
    pull request would load, and ``--verbose`` print, any workflow file kept there."""
    child = _WORKSPACE.child(os.path.abspath(parent.source.path), ref)
    here = os.getcwd()
    searched = not too_broad(here)
    if child.missing and searched:
        child = _WORKSPACE.child(os.path.join(here, "<cwd>"), ref, root=here)
    if child.workflow is not None:
        return child.workflow
    if child.missing:
        name = os.path.basename(parent.source.path)
        if not searched:
            return (
                f"no file {ref!r} next to {name} (the working directory is not searched: it "
                "is the home directory or the file system's root)"
            )
        return f"no file {ref!r} next to {name} or in the current directory"
    return f"{child.path or ref}: {child.problem}"
