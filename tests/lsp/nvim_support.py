"""Running headless Neovim with the project's configuration (``editors/nvim``, ``setup{cmd =
dipcheck lsp}``) on one workflow and a Lua driver that writes what it saw as JSON."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsp_support import PROJECT

NVIM = PROJECT / "editors" / "nvim"


def lua(value: str) -> str:
    """A Lua long-bracket string holding ``value`` verbatim."""
    level = 0
    while f"]{'=' * level}]" in value:
        level += 1
    return f"[{'=' * level}[{value}]{'=' * level}]"


def run_driver(
    tmp_path: Path, source: Path, driver: str, **paths: Path
) -> tuple[dict[str, Any], str]:
    """Open ``source`` (its directory is the project) and run ``driver``, a ``str.format``
    template of a Lua script: ``{out}`` is the path of its JSON result, and each of ``paths``
    a Lua string of that path. Returns the result and Neovim's stderr."""
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("nvim is not installed (sh tools/test.sh installs it with apt-get)")
    result_file = tmp_path / "result.json"
    cmd = f"{{ {lua(sys.executable)}, '-m', 'dipcheck', 'lsp' }}"
    init = tmp_path / "init.lua"
    init.write_text(
        f"vim.opt.runtimepath:prepend({lua(str(NVIM))})\n"
        f"require('dipcheck').setup({{ cmd = {cmd} }})\n",
        encoding="utf-8",
    )
    script = tmp_path / "driver.lua"
    values = {name: lua(str(path)) for name, path in paths.items()}
    script.write_text(driver.format(out=lua(str(result_file)), **values), encoding="utf-8")
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }
    run = subprocess.run(
        [nvim, "--headless", "--clean", "-u", str(init), str(source), "-c", f"luafile {script}"],
        cwd=source.parent,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result_file.is_file(), f"Neovim wrote no result:\n{run.stdout}\n{run.stderr}"
    seen: dict[str, Any] = json.loads(result_file.read_text(encoding="utf-8"))
    print("Neovim", seen.get("version"))
    return seen, run.stderr
