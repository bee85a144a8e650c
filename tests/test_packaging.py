"""A regular (not editable) install works: the grammars ship inside the wheel as package
``dipcheck.grammars``, and the installed ``dipcheck`` lints from any directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from helpers import FIXTURES, PROJECT

BIN = "Scripts" if os.name == "nt" else "bin"


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


_NOT_SOURCES = {
    ".venv",
    ".git",
    "build",
    "dist",
    "node_modules",
    "__pycache__",
    ".hypothesis",
    ".pytest_cache",
    ".ruff_cache",
    ".dipcheck_cache",
}


def _ignore(directory: str, names: list[str]) -> set[str]:
    return {name for name in names if name in _NOT_SOURCES or name.endswith(".egg-info")}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a clean copy of the checkout (a stale ``build/`` directory in the
    checkout could otherwise hide a packaging mistake, and the checkout stays untouched)."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    shutil.copytree(PROJECT, source, ignore=_ignore)
    out = root / "dist"
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, source, cwd=root)
    (built,) = out.glob("dipcheck-*.whl")
    return built


def test_wheel_contains_the_grammars(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "dipcheck/grammars/dip.lark" in names
    assert "dipcheck/grammars/condition.lark" in names
    assert "dipcheck/grammars/dot.lark" in names
    assert "dipcheck/grammars/__init__.py" in names
    for name in ("dip", "condition", "dot"):  # pre-built: no parser is built, no cache read
        assert f"dipcheck/grammars/{name}.tables" in names
    assert "dipcheck/data/models.json" in names  # the model catalog behind DIP108
    assert "dipcheck/cli.py" in names
    assert "dipcheck/simulate/runner.py" in names
    assert "dipcheck/wftest/runner.py" in names  # dipcheck test
    assert "dipcheck/frontends/yaml_steps/tree.py" in names  # a front-end split into a package
    assert not [name for name in names if name.startswith(("tests/", "fixtures/"))]


def test_installed_into_a_fresh_venv_lints_from_another_directory(
    wheel: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / BIN / "python"
    _run(python, "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "VIRTUAL_ENV", "NO_COLOR")
    }
    env["DIPCHECK_CACHE_DIR"] = str(tmp_path / "cache")  # no grammar cache from the checkout
    location = _run(
        python, "-c", "import dipcheck; print(dipcheck.__file__)", cwd=elsewhere, env=env
    )
    assert Path(location.strip()).is_relative_to(venv)
    # the console script, on a clean file and on a broken one
    clean = subprocess.run(
        [venv / BIN / "dipcheck", "lint", FIXTURES / "review_loop.dip"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert (clean.returncode, clean.stdout) == (0, "All checks passed (1 file checked).\n")
    broken = subprocess.run(
        [venv / BIN / "dipcheck", "lint", "--format", "concise", FIXTURES / "broken"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert broken.returncode == 1
    assert "DIP010 [error]" in broken.stdout  # the condition grammar was loaded too
    dot = subprocess.run(
        [venv / BIN / "dipcheck", "lint", "--format", "concise", FIXTURES / "dot" / "broken.dot"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert dot.returncode == 1
    assert "DIP005 [error]" in dot.stdout  # the DOT grammar is in the wheel
    assert "DC001 [error]" in broken.stdout
    # the model catalog is read from the installed package
    catalog = _run(
        python,
        "-c",
        "from dipcheck.catalog import default_catalog; "
        "print(default_catalog().provider('anthropic').has('claude-sonnet-4-6'))",
        cwd=elsewhere,
        env=env,
    )
    assert catalog.strip() == "True"


def test_python_m_build_makes_a_releasable_sdist_and_wheel(tmp_path: Path) -> None:
    """`python -m build` (what a PyPI release runs) builds the sdist and, from it, the wheel;
    the metadata carries the name, version, Python requirement, classifiers and the entry
    point, and the sdist holds what the wheel needs (grammars, server package, README)."""
    import tarfile
    from email.parser import Parser

    pytest.importorskip("build", reason="the `build` package is in the test extra")
    source = tmp_path / "source"
    shutil.copytree(PROJECT, source, ignore=_ignore)
    out = tmp_path / "dist"
    _run(sys.executable, "-m", "build", "--outdir", out, source, cwd=tmp_path)
    (sdist,) = out.glob("dipcheck-*.tar.gz")
    (built,) = out.glob("dipcheck-*-py3-none-any.whl")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {
        "README.md",
        "pyproject.toml",
        "grammars/dip.lark",
        "lsp/dipcheck_lsp/server.py",
        "dipcheck/data/models.json",
    } <= names
    with zipfile.ZipFile(built) as archive:
        info = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(info).decode("utf-8"))
        entry_points = next(
            archive.read(name).decode("utf-8")
            for name in archive.namelist()
            if name.endswith(".dist-info/entry_points.txt")
        )
    assert metadata["Name"] == "dipcheck"
    assert metadata["Requires-Python"] == ">=3.11"
    assert "Programming Language :: Python :: 3.11" in metadata.get_all("Classifier")
    assert "dipcheck = dipcheck.launch:entry" in entry_points
