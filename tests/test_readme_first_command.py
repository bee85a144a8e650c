"""The README's first command block works as written in a fresh checkout with a fresh virtual
environment (issue 19 §2): it makes the venv, installs the checkout into it (editable) and
lints the fixtures, which are partly broken on purpose (exit 1 with findings). It needs the
package index, as the packaging tests do."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from helpers import PROJECT
from test_packaging import _ignore


def first_block() -> str:
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"```sh\n(.*?)```", readme, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_the_first_command_makes_a_virtual_environment_before_installing() -> None:
    lines = first_block().splitlines()
    venv = [index for index, line in enumerate(lines) if re.search(r"-m venv \.venv\b", line)]
    install = [index for index, line in enumerate(lines) if "pip install -e ." in line]
    assert venv and install and venv[0] < install[0], lines
    assert ". .venv/bin/activate" in lines[venv[0]]


def test_the_first_command_works_in_a_fresh_checkout(tmp_path: Path) -> None:
    block = first_block()
    assert "-m venv" in block  # never run it against the interpreter running the tests
    checkout = tmp_path / "dipcheck"
    shutil.copytree(PROJECT, checkout, ignore=_ignore)
    tools = tmp_path / "bin"
    tools.mkdir()
    base = getattr(sys, "_base_executable", sys.executable)
    (tools / "python3").symlink_to(base)
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NO_COLOR")
    }
    env["PATH"] = os.pathsep.join([str(tools), "/usr/bin", "/bin"])
    env["DIPCHECK_CACHE_DIR"] = str(tmp_path / "cache")
    result = subprocess.run(
        ["sh", "-c", block],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    # the fixtures are partly broken on purpose: findings, exit 1 (README)
    assert result.returncode == 1, result.stdout[-2000:] + result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()
    assert any(
        re.fullmatch(r"Found \d+ errors?.* in \d+ files \(\d+ files checked\)\.", line)
        for line in summary
    ), summary[-3:]
    assert "DC001" in result.stdout
    installed = subprocess.run(
        [checkout / ".venv" / "bin" / "python", "-c", "import dipcheck; print(dipcheck.__file__)"],
        cwd=tools,  # not tmp_path, where the checkout's folder would be a namespace package
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(installed.stdout.strip()).is_relative_to(checkout)  # the checkout, editable
