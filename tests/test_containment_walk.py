"""``files.stays_inside`` (an included file's containment, looking only at the components
below the workflow's folder) against ``files.inside`` (both paths resolved from ``/``), on
random trees of folders and links: links to folders inside and outside, to files, to
nothing, to themselves, and a workflow folder that is itself reached through a link."""

from __future__ import annotations

import os
import tempfile

from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck.files import inside, outside_tree, place_of, real_path, stays_inside

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


@settings(max_examples=150, deadline=None)
@given(
    trees,
    st.lists(
        st.tuples(relative_paths, st.sampled_from(("x.md", "a", "b", ".", "..", ""))), max_size=6
    ),
    st.booleans(),
)
def test_place_with_the_folders_kept_is_the_place_resolved_in_full(
    entries: list[tuple[str, str | None]], reads: list[tuple[str, str]], through_link: bool
) -> None:
    """``place_of`` with one lint's resolved folders kept gives every path (files, links to
    folders, files and nothing, names ending in `.` or `..`, paths through links) the
    digest that resolving it from ``/`` gives."""
    with tempfile.TemporaryDirectory() as top:
        build(top, entries)
        root = os.path.join(top, "root")
        if through_link:
            os.symlink(root, os.path.join(top, "named"))
            root = os.path.join(top, "named")
        with open(os.path.join(top, "root", "x.md"), "w", encoding="utf-8") as handle:
            handle.write("x")
        folders: dict[str, str] = {}
        for folder, name in reads + reads:  # each twice: the second from the kept folders
            path = os.path.join(root, folder, name) if name else os.path.join(root, folder) + "/"
            assert place_of(path, folders) == place_of(path), path
            assert real_path(path, folders) == os.path.realpath(path), path
            for tree in (root, top, os.path.join(root, folder)):
                assert inside(path, tree, folders) == inside(path, tree), (path, tree)


def test_a_folder_kept_is_resolved_once(tmp_path, monkeypatch) -> None:
    (tmp_path / "prompts").mkdir()
    for name in ("a.md", "b.md"):
        (tmp_path / "prompts" / name).write_text("x", encoding="utf-8")
    (tmp_path / "prompts" / "link.md").symlink_to(tmp_path / "prompts" / "a.md")
    resolved: list[str] = []
    real = os.path.realpath
    monkeypatch.setattr(os.path, "realpath", lambda path: resolved.append(path) or real(path))
    folders: dict[str, str] = {}
    for name in ("a.md", "b.md", "a.md"):
        place_of(str(tmp_path / "prompts" / name), folders)
    assert resolved == [str(tmp_path / "prompts")]
    place_of(str(tmp_path / "prompts" / "link.md"), folders)  # a link: resolved in full
    assert resolved[1:] == [str(tmp_path / "prompts" / "link.md")]


def test_the_files_of_a_run_resolve_their_tree_once(tmp_path, monkeypatch) -> None:
    """``outside_tree`` over a run's files with one memo resolves the tree and each folder
    once, and still refuses a link out of the tree."""
    (tmp_path / "tree" / "flows").mkdir(parents=True)
    (tmp_path / "away.dip").write_text("x", encoding="utf-8")
    for name in ("a.dip", "b.dip", "c.dip"):
        (tmp_path / "tree" / "flows" / name).write_text("x", encoding="utf-8")
    (tmp_path / "tree" / "flows" / "link.dip").symlink_to(tmp_path / "away.dip")
    resolved: list[str] = []
    real = os.path.realpath
    monkeypatch.setattr(os.path, "realpath", lambda path: resolved.append(path) or real(path))
    folders: dict[str, str] = {}
    tree = str(tmp_path / "tree")
    for name in ("a.dip", "b.dip", "c.dip"):
        assert outside_tree(str(tmp_path / "tree" / "flows" / name), tree, folders) is None
    assert sorted(resolved) == sorted([str(tmp_path), str(tmp_path / "tree" / "flows")])
    refused = outside_tree(str(tmp_path / "tree" / "flows" / "link.dip"), tree, folders)
    assert refused == "it is a symbolic link to a file outside `" + tree + "`"
