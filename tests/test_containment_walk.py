"""``files.stays_inside`` (an included file's containment, looking only at the components
below the workflow's folder) against ``files.inside`` (both paths resolved from ``/``), on
random trees of folders and links: links to folders inside and outside, to files, to
nothing, to themselves, and a workflow folder that is itself reached through a link."""

from __future__ import annotations

import os
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.files import inside, stays_inside

NAMES = ("a", "b", "c")
# what a link may point at, relative to the temporary directory holding the tree
TARGETS = ("root/a", "root/a/b", "outside", "outside/a", "root/missing", "root", "/etc", "loop")


def build(top: str, entries: list[tuple[str, str | None]]) -> None:
    """Folders (target None) and links (target one of TARGETS) below ``top/root``."""
    os.makedirs(os.path.join(top, "outside", "a"))
    os.makedirs(os.path.join(top, "root"))
    for relative, target in entries:
        path = os.path.join(top, "root", relative)
        if os.path.lexists(path) or not os.path.isdir(os.path.dirname(path)):
            continue
        if target is None:
            os.mkdir(path)
        elif target == "loop":
            os.symlink(os.path.basename(path), path)
        else:
            os.symlink(target if target.startswith("/") else os.path.join(top, target), path)


relative_paths = st.lists(st.sampled_from(NAMES), min_size=1, max_size=4).map(os.sep.join)
trees = st.lists(
    st.tuples(relative_paths, st.one_of(st.none(), st.sampled_from(TARGETS))), max_size=10
)


@settings(max_examples=150, deadline=None)
@given(trees, relative_paths, st.booleans())
def test_stays_inside_agrees_with_resolving_both_paths(
    entries: list[tuple[str, str | None]], relative: str, through_link: bool
) -> None:
    with tempfile.TemporaryDirectory() as top:
        build(top, entries)
        root = os.path.join(top, "root")
        if through_link:  # the workflow's folder named through a link to it
            os.symlink(root, os.path.join(top, "named"))
            root = os.path.join(top, "named")
        expected = inside(os.path.join(root, relative), root)
        assert stays_inside(root, relative) is expected


def test_a_link_out_of_the_folder_on_the_way_is_outside(tmp_path) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "prompts").symlink_to(tmp_path / "outside")
    assert stays_inside(str(tmp_path / "root"), os.path.join("prompts", "x.md")) is False
    (tmp_path / "root" / "kept").mkdir()
    assert stays_inside(str(tmp_path / "root"), os.path.join("kept", "x.md")) is True
