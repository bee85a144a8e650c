"""Caches are never taken from a directory another user can write (issue 19 §1, "No code from a
shared directory"): no pickle from disk is ever run, shell verdicts planted in someone else's
directory are not believed, and the per-user cache directory is created private."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from helpers import dedent, dipcheck, unsealed, write_sealed
from hypothesis import given, settings
from hypothesis import strategies as st

from dipcheck import sealing

BROKEN_SHELL = dedent(
    """
    workflow Sh
      start: Check
      exit: Check
      tool Check
        timeout: 1m
        command:
          if [ -f go.mod ]; then
            go vet ./...
    """
)
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


class _Plant:
    """Unpickling this creates the directory ``marker``: proof that a cache file ran code."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.marker,))


def _planted_pickle(marker: Path) -> bytes:
    # lark's cache file: a hash line, then pickles; the first pickle is loaded before the hash
    # is compared
    return b"0" * 64 + b"\n" + pickle.dumps(_Plant(str(marker)))


def _environment(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {"HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": "", "TMPDIR": str(tmp_path / "tmp")}
    env.update(extra)
    (tmp_path / "home").mkdir(exist_ok=True)
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return env


def _hostile(directory: Path, how: str) -> None:
    """Make ``directory`` one that another user controls: ``shared`` (anyone may write) or
    ``foreign`` (another user owns it)."""
    directory.mkdir(parents=True, exist_ok=True)
    if how == "shared":
        os.chmod(directory, 0o777)
    else:
        os.chown(directory, 65534, 65534)


HOW = [
    "shared",
    pytest.param(
        "foreign", marks=pytest.mark.skipif(not IS_ROOT, reason="chown needs root to give away")
    ),
]


def _candidate_directories(tmp_path: Path) -> list[Path]:
    """Where 0.1.0 kept its caches (the temp dir) and where the per-user cache lives now."""
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    return [tmp_path / "tmp" / f"dipcheck-{uid}", tmp_path / "home" / ".cache" / "dipcheck"]


@pytest.mark.parametrize("how", HOW)
def test_a_pickle_planted_in_a_shared_cache_directory_never_runs(tmp_path: Path, how: str) -> None:
    env = _environment(tmp_path)
    marker = tmp_path / "code-ran"
    for directory in _candidate_directories(tmp_path):
        _hostile(directory, how)
        for name in ("dip.lark", "condition.lark", "dot.lark"):
            (directory / f"{name}.cache").write_bytes(_planted_pickle(marker))
    workflow = tmp_path / "w.dip"
    workflow.write_text(BROKEN_SHELL, encoding="utf-8")
    run = dipcheck("lint", "--no-cache", "--isolated", workflow, env=env)
    assert not marker.exists(), "a cache file another user wrote ran code"
    assert "DIP123" in run.stdout  # the lint itself still ran


def test_no_grammar_pickle_is_read_even_from_an_explicit_cache_directory(tmp_path: Path) -> None:
    """``$DIPCHECK_CACHE_DIR`` may be a directory of the checkout (a CI cache), which a pull
    request can fill: the grammar tables ship with dipcheck, nothing executable is read."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    marker = tmp_path / "code-ran"
    for name in ("dip.lark", "condition.lark", "dot.lark"):
        (cache / f"{name}.cache").write_bytes(_planted_pickle(marker))
    workflow = tmp_path / "w.dip"
    workflow.write_text(BROKEN_SHELL, encoding="utf-8")
    dipcheck("lint", "--no-cache", "--isolated", workflow, env={"DIPCHECK_CACHE_DIR": str(cache)})
    assert not marker.exists()


def _forged_verdicts(tmp_path: Path, workflow: Path) -> dict[str, dict[str, object]]:
    """The verdict files a clean run writes for ``workflow`` (by name in ``bash-n/``), with
    every verdict turned into "bash found nothing wrong"."""
    clean = tmp_path / "clean-cache"
    clean.mkdir(mode=0o700)
    dipcheck("lint", "--no-cache", "--isolated", workflow, env={"DIPCHECK_CACHE_DIR": str(clean)})
    forged = {}
    for path in sorted((clean / "bash-n").glob("*.json")):
        stored = json.loads(unsealed(path))
        stored["entries"] = {key: [0, ""] for key in stored["entries"]}
        forged[path.name] = stored
    assert any(stored["entries"] for stored in forged.values()), "bash checked the command"
    return forged


def _plant(directory: Path, forged: dict[str, dict[str, object]]) -> None:
    (directory / "bash-n").mkdir(exist_ok=True)
    for name, stored in forged.items():
        # (sealed with this user's key: what is tested is the directory, or the verdicts' shape)
        write_sealed(directory / "bash-n" / name, json.dumps(stored).encode("utf-8"))


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash -n verdicts need bash")
@pytest.mark.parametrize("how", HOW)
def test_verdicts_planted_by_another_user_are_not_believed(tmp_path: Path, how: str) -> None:
    workflow = tmp_path / "w.dip"
    workflow.write_text(BROKEN_SHELL, encoding="utf-8")
    forged = _forged_verdicts(tmp_path, workflow)
    env = _environment(tmp_path)
    for directory in _candidate_directories(tmp_path):
        _hostile(directory, how)
        _plant(directory, forged)
    run = dipcheck("lint", "--no-cache", "--isolated", "--format", "concise", workflow, env=env)
    assert "DIP123" in run.stdout, "a forged verdict hid the finding"
    assert "not using the cache in" in run.stderr
    assert ("belongs to another user" if how == "foreign" else "chmod go-w") in run.stderr


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash -n verdicts need bash")
def test_a_result_cache_directory_others_can_write_is_not_used(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    workflow = project / "w.dip"
    workflow.write_text(BROKEN_SHELL, encoding="utf-8")
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    first = dipcheck("lint", "--isolated", "--cache-dir", shared, ".", cwd=project)
    assert "DIP123" in first.stdout
    assert not (shared / "results").exists(), "results were written where others can write"
    assert "chmod go-w" in first.stderr


def test_the_per_user_cache_directory_is_created_private(tmp_path: Path) -> None:
    env = _environment(tmp_path)
    workflow = tmp_path / "w.dip"
    workflow.write_text(BROKEN_SHELL, encoding="utf-8")
    run = dipcheck("lint", "--no-cache", "--isolated", workflow, env=env)
    assert "DIP123" in run.stdout
    created = tmp_path / "home" / ".cache" / "dipcheck"
    assert created.is_dir()
    assert stat.S_IMODE(created.stat().st_mode) == 0o700
    assert run.stderr == ""


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash -n verdicts need bash")
def test_verdicts_of_the_wrong_shape_are_misses_not_crashes(tmp_path: Path) -> None:
    workflow = tmp_path / "w.dip"
    workflow.write_text(BROKEN_SHELL, encoding="utf-8")
    forged = _forged_verdicts(tmp_path, workflow)
    cache = tmp_path / "odd"
    cache.mkdir(mode=0o700)
    for verdict in (["x", 5], "nothing", [None], {"a": 1}, [1, 2, 3]):
        for stored in forged.values():
            stored["entries"] = dict.fromkeys(stored["entries"], verdict)  # type: ignore[call-overload]
        _plant(cache, forged)
        run = dipcheck(
            "lint", "--no-cache", "--isolated", "--format", "concise", workflow,
            env={"DIPCHECK_CACHE_DIR": str(cache)},
        )  # fmt: skip
        assert "DC000" not in run.stdout, (verdict, run.stdout)
        assert "DIP123" in run.stdout, verdict


# -- the shipped grammar tables -----------------------------------------------------------------


def test_the_shipped_grammar_tables_are_those_of_the_grammars() -> None:
    """Run ``python -m dipcheck.grammar`` after changing a grammar."""
    from dipcheck.grammar import SHIPPED, _beside, tables_key

    for name in SHIPPED:
        with open(_beside(name.removesuffix(".lark") + ".tables"), encoding="utf-8") as handle:
            assert json.load(handle)["key"] == tables_key(name), name


@pytest.mark.parametrize("stored", ["stale", "not json", "missing"])
def test_tables_not_built_from_the_grammar_are_built_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stored: str
) -> None:
    """The tables are plain JSON read from dipcheck's own directory; tables of another grammar
    text (or a damaged file) are not used: they are built from the grammar, with lark."""
    from dipcheck import grammar
    from dipcheck.lalr import Tables

    for name in grammar.SHIPPED:
        shutil.copy(grammar._beside(name), tmp_path / name)
    tables = tmp_path / "condition.tables"
    shipped = json.loads(Path(grammar._beside("condition.tables")).read_text(encoding="utf-8"))
    if stored == "stale":
        tables.write_text(json.dumps({**shipped, "key": "0" * 64}), encoding="utf-8")
    elif stored == "not json":
        tables.write_bytes(pickle.dumps(_Plant(str(tmp_path / "code-ran"))))
    monkeypatch.setattr(grammar, "_GRAMMARS", str(tmp_path))
    built: list[str] = []
    real = grammar.build_tables
    monkeypatch.setattr(grammar, "build_tables", lambda name: built.append(name) or real(name))
    grammar.load_tables.cache_clear()
    try:
        tree = grammar.load_tables("condition.lark").parse_text("ctx.a = b")
    finally:
        grammar.load_tables.cache_clear()
    assert built == ["condition.lark"]
    assert tree == Tables(shipped).parse_text("ctx.a = b")
    assert repr(tree).startswith("Tree('compare', [Token('WORD', 'ctx.a'), Token('OP', '=')")
    assert not (tmp_path / "code-ran").exists()


def test_fresh_tables_are_not_built_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin: the shipped tables are used as they are (lark is not needed to lint)."""
    from dipcheck import grammar

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} was built")

    monkeypatch.setattr(grammar, "build_tables", refuse)
    grammar.load_tables.cache_clear()
    try:
        for name in grammar.SHIPPED:
            assert grammar.load_tables(name).states
    finally:
        grammar.load_tables.cache_clear()


SWAPPED = dedent(
    """
    workflow W
      start: A
      exit: A
      agent A
        prompt_file: prompts/plan.md
    """
)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("command", [("lint",), ("lint", "--format", "json")])
def test_a_folder_swapped_for_a_link_out_of_the_tree_is_not_answered_from_the_cache(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    """`prompts/` moved out of the tree and a link put in its place: the file it holds is
    the same (size, time, content), but the directive now leads outside, which tracker and a
    fresh lint refuse (DC003). The cached pass was replayed, by the result cache and the run
    cache, because a record held no trace of where the path led. The twin: before the swap
    the command passes twice, the second time from the cache."""
    flow = tmp_path / "flow"
    (flow / "prompts").mkdir(parents=True)
    (flow / "prompts" / "plan.md").write_text("Plan the work.\n", encoding="utf-8")
    (flow / "w.dip").write_text(SWAPPED, encoding="utf-8")
    environment = {"DIPCHECK_CACHE_DIR": str(tmp_path / "cache")}
    arguments = (*command, "--isolated", "w.dip")
    assert dipcheck(*arguments, cwd=flow, env=environment).returncode == 0
    assert dipcheck(*arguments, cwd=flow, env=environment).returncode == 0  # cached
    (flow / "prompts").rename(tmp_path / "outside")
    (flow / "prompts").symlink_to("../outside", target_is_directory=True)
    run = dipcheck(*arguments, cwd=flow, env=environment)
    assert run.returncode == 1, run.stdout
    assert "DC003" in run.stdout
    fresh = dipcheck(*command, "--isolated", "--no-cache", "w.dip", cwd=flow)
    assert run.stdout == fresh.stdout


READS_UNWRITTEN = dedent(
    """
    workflow W
      start: A
      exit: A
      agent A
        prompt: Use ${ctx.nobody_writes}.
    """
)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_the_cache_tags_are_not_written_through_planted_links(tmp_path: Path) -> None:
    """A checkout holding `.dipcheck_cache/` with its tag files as links (`CACHEDIR.TAG ->
    ../../outside/planted`, dangling): creating the cache wrote the tags through them, making
    files outside the linted tree. The tags are created as new files only, never through a
    link; the lint and its cache work as before."""
    outside = tmp_path / "outside"
    outside.mkdir()
    flow = tmp_path / "flow"
    cache = flow / ".dipcheck_cache"
    cache.mkdir(parents=True)
    os.chmod(cache, 0o700)  # (a directory others may read is not used at all)
    (cache / "CACHEDIR.TAG").symlink_to("../../outside/tag")
    (cache / ".gitignore").symlink_to("../../outside/ignore")
    (flow / "w.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow)
    assert "DC102" in run.stdout, run.stdout
    assert sorted(os.listdir(outside)) == []
    assert (cache / "CACHEDIR.TAG").is_symlink() and (cache / ".gitignore").is_symlink()
    assert (cache / "results").is_dir()  # the results are kept all the same
    again = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow)
    assert again.stdout == run.stdout


def _forge_clean(cache: Path, seal: str = "mine") -> None:
    """Empty the findings of every result entry in ``cache`` and drop the kept runs: what a
    pull request that commits a `.dipcheck_cache/` built on its own machine can hold. The
    entries are sealed with this user's key (``mine``), with another (``other``), or plain
    JSON as dipcheck wrote them before entries were sealed (``none``)."""
    for entry in (cache / "results").iterdir():
        stored = json.loads(unsealed(entry))
        stored["result"]["diagnostics"] = []
        content = json.dumps(stored).encode("utf-8")
        if seal == "mine":
            write_sealed(entry, content)
        else:
            entry.write_bytes(
                sealing.MARK + b"0" * 64 + b"\n" + content if seal == "other" else content
            )
    shutil.rmtree(cache / "runs", ignore_errors=True)


def _linted_once(tmp_path: Path, argument: str) -> tuple[Path, subprocess.CompletedProcess]:
    """A project holding a workflow with a finding (DC102), linted once with its cache on:
    the project's directory and that first run."""
    flow = tmp_path / "flow"
    flow.mkdir()
    (flow / "w.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    first = dipcheck("lint", "--isolated", "--format", "concise", argument, cwd=flow)
    assert "DC102" in first.stdout
    return flow, first


@pytest.mark.parametrize("argument", ["w.dip", "."])
def test_a_cache_directory_a_checkout_holds_is_not_believed(tmp_path: Path, argument: str) -> None:
    """`.dipcheck_cache/` committed with entries that say the workflow is clean: git makes its
    directories 0755, owned by whoever checks out (the CI runner), which passed the owner and
    write checks, and the forged entries hid every finding ("All checks passed", exit 0). A
    cache directory that is not 0700, as dipcheck makes it, is not used."""
    flow, first = _linted_once(tmp_path, argument)
    cache = flow / ".dipcheck_cache"
    _forge_clean(cache)
    for directory in (cache, cache / "results"):
        os.chmod(directory, 0o755)  # as `git checkout` (umask 022) makes them
    run = dipcheck("lint", "--isolated", "--format", "concise", argument, cwd=flow)
    assert (run.returncode, run.stdout) == (first.returncode, first.stdout)
    assert run.stderr == (
        f"dipcheck: warning: not using the cache in {cache}: it is not private (mode 0755, "
        "where dipcheck makes its cache directories 0700): one it did not make, such as a "
        f"checkout's, may hold entries that hide findings; run `chmod 700 {cache}` if it is "
        "yours\n"
    )


def test_a_cache_directory_dipcheck_made_is_used(tmp_path: Path) -> None:
    """The twin: the directories dipcheck makes are 0700, and the second run is a hit."""
    flow = tmp_path / "flow"
    flow.mkdir()
    (flow / "w.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    first = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow)
    cache = flow / ".dipcheck_cache"
    assert stat.S_IMODE(cache.stat().st_mode) == stat.S_IMODE((cache / "results").stat().st_mode)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    again = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow)
    assert (again.stdout, again.stderr) == (first.stdout, "")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_the_result_cache_is_not_made_behind_a_directory_link_out_of_the_tree(
    tmp_path: Path,
) -> None:
    """`dipcheck lint sub/w.dip ok.dip` with `sub -> ../outside`, where a `dipcheck.toml` is:
    the configuration found there decided where the cache goes (beside it), and the run made
    `outside/.dipcheck_cache/` and wrote its results there, outside the tree. A cache
    directory a link takes out of the working directory is not used: it is made in the
    working directory instead."""
    outside, flow = tmp_path / "outside", tmp_path / "flow"
    outside.mkdir()
    flow.mkdir()
    (outside / "dipcheck.toml").write_text('ignore = ["DIP111"]\n', encoding="utf-8")
    (outside / "w.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    (flow / "ok.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    (flow / "sub").symlink_to("../outside", target_is_directory=True)
    run = dipcheck("lint", "--format", "concise", "sub/w.dip", "ok.dip", cwd=flow)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "ok.dip:5:17: DC102" in run.stdout
    assert sorted(os.listdir(outside)) == ["dipcheck.toml", "w.dip"]
    assert (flow / ".dipcheck_cache" / "results").is_dir()


@pytest.mark.parametrize("seal", ["none", "other"])
@pytest.mark.parametrize("argument", ["w.dip", "."])
def test_entries_of_another_key_are_not_believed_even_in_a_private_directory(
    tmp_path: Path, argument: str, seal: str
) -> None:
    """A checkout made with `umask 077` has private (0700) directories owned by the runner,
    so the mode check passes a committed `.dipcheck_cache/`; its entries, written on another
    machine, are not sealed with this user's key and are not believed: the lint runs."""
    flow, first = _linted_once(tmp_path, argument)
    cache = flow / ".dipcheck_cache"
    _forge_clean(cache, seal)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    run = dipcheck("lint", "--isolated", "--format", "concise", argument, cwd=flow)
    assert (run.returncode, run.stdout, run.stderr) == (first.returncode, first.stdout, "")
    [entry] = (cache / "results").iterdir()  # written again, sealed
    assert json.loads(unsealed(entry))["result"]["diagnostics"]


def test_a_run_kept_by_another_hand_is_not_replayed(tmp_path: Path) -> None:
    """The run cache prints what it kept: an entry planted in a private checkout cache would
    print anything (text, control characters) and exit 0. Unsealed, it is not replayed."""
    from dipcheck import replay

    flow = tmp_path / "flow"
    flow.mkdir()
    (flow / "w.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    first = dipcheck("lint", "--isolated", "w.dip", cwd=flow)
    [entry] = (flow / ".dipcheck_cache" / replay.RUNS).iterdir()
    fields = replay._fields(unsealed(entry))
    assert fields is not None
    fields[1], fields[2] = b"0", b"All checks passed!\n"
    entry.write_bytes(replay._encode(fields))  # as it would be without a seal
    run = dipcheck("lint", "--isolated", "w.dip", cwd=flow)
    assert (run.returncode, run.stdout) == (first.returncode, first.stdout)
    write_sealed(entry, replay._encode(fields))  # the twin: sealed, it is what is answered
    assert dipcheck("lint", "--isolated", "w.dip", cwd=flow).stdout == "All checks passed!\n"


def test_the_sealing_key_is_private_and_a_planted_one_is_refused(tmp_path: Path) -> None:
    """The key is made 0600 in the per-user cache directory; one that others may read, or a
    link, is not used (nothing is cached: the lint still runs)."""
    env = _environment(tmp_path)
    flow = tmp_path / "flow"
    flow.mkdir()
    (flow / "w.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    dipcheck("lint", "--isolated", "w.dip", cwd=flow, env=env)
    key = tmp_path / "home" / ".cache" / "dipcheck" / "seal.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_bytes()) == 64
    assert any((flow / ".dipcheck_cache" / "results").iterdir())
    twin = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow, env=env)
    assert "DC102" in twin.stdout and twin.stderr == ""
    shutil.rmtree(flow / ".dipcheck_cache")
    key.chmod(0o644)
    run = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow, env=env)
    assert "DC102" in run.stdout
    assert not any((flow / ".dipcheck_cache" / "results").iterdir())
    # said, not silent: nothing is cached until the file goes
    assert run.stderr == (
        f"dipcheck: warning: nothing is cached: the cache key {key} is not used, other users "
        "may read it (mode 0644, not 0600); remove it and dipcheck makes a new one\n"
    )
    key.chmod(0o600)
    key.write_text("not a key\n", encoding="utf-8")
    run = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow, env=env)
    assert run.stderr.endswith(" is not used, it does not hold a key dipcheck made; remove it "
                               "and dipcheck makes a new one\n")  # fmt: skip
    key.unlink()
    key.symlink_to(tmp_path / "elsewhere")
    run = dipcheck("lint", "--isolated", "--format", "concise", "w.dip", cwd=flow, env=env)
    assert "is not used, it is not a regular file; remove it" in run.stderr


def test_a_refused_key_is_said_once_by_a_parallel_run(tmp_path: Path) -> None:
    """Workers forked before the key was first needed each refused it, and each said so."""
    env = _environment(tmp_path)
    flow = tmp_path / "flow"
    flow.mkdir()
    (flow / "000.dip").write_text(READS_UNWRITTEN, encoding="utf-8")
    for number in range(1, 40):
        (flow / f"{number:03d}.dip").write_text(BROKEN_SHELL.replace("Sh", f"Sh{number}"))
    key = tmp_path / "home" / ".cache" / "dipcheck" / "seal.key"
    key.parent.mkdir(parents=True)
    key.parent.chmod(0o700)
    key.write_text("0" * 64, encoding="utf-8")
    key.chmod(0o644)
    run = dipcheck("lint", "--isolated", "--no-cache", "-j", "2", "-q", ".", cwd=flow, env=env)
    assert run.returncode == 0 and "DIP123" in run.stdout  # (the workers checked the shell)
    assert run.stderr.count("dipcheck: warning: nothing is cached") == 1, run.stderr


@given(st.binary(max_size=200), st.binary(max_size=3000))
@settings(max_examples=200, deadline=None)
def test_the_seal_is_hmac_sha256(key: bytes, data: bytes) -> None:
    """dipcheck.hashing's HMAC (no hashlib, which loads OpenSSL at start-up) is RFC 2104's,
    as the standard library computes it, for keys shorter and longer than a block."""
    import hmac

    from dipcheck.hashing import hmac_sha256_hex, same_digest

    expected = hmac.new(key, data, "sha256").hexdigest()
    assert hmac_sha256_hex(key, data) == expected
    assert same_digest(expected.encode(), hmac_sha256_hex(key, data).encode())
    assert not same_digest(expected.encode(), hmac_sha256_hex(key + b"x", data).encode())
