"""The configuration schema in a real TOML client: taplo (the engine of Even Better TOML),
installed from npm, checks dipcheck.toml and pyproject.toml with the association documented
in editors/toml/."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import PROJECT, dipcheck

TAPLO = "@taplo/cli@0.7.0"


@pytest.fixture(scope="module")
def taplo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("npm") is None:
        pytest.skip("needs npm to install taplo")
    directory = tmp_path_factory.mktemp("taplo")
    installed = subprocess.run(
        ["npm", "install", "--silent", "--no-audit", "--no-fund", TAPLO],
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if installed.returncode != 0:
        pytest.skip(f"could not install {TAPLO}: {installed.stderr.strip()[:200]}")
    return directory / "node_modules" / ".bin" / "taplo"


def _check(taplo: Path, project: Path, name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(taplo), "check", name],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_taplo_checks_both_files_against_the_schemas(taplo: Path, tmp_path: Path) -> None:
    shutil.copy(PROJECT / "editors" / "toml" / "taplo.toml", tmp_path / ".taplo.toml")
    (tmp_path / "dipcheck.schema.json").write_text(dipcheck("config", "--schema").stdout)
    (tmp_path / "pyproject.schema.json").write_text(
        dipcheck("config", "--schema", "--pyproject").stdout
    )
    good = (
        'select = ["ALL"]\nignore = ["DIP004"]\ntarget-version = "0.65"\n'
        '[severity]\nDC102 = "error"\n'
    )
    (tmp_path / "dipcheck.toml").write_text(good)
    assert _check(taplo, tmp_path, "dipcheck.toml").returncode == 0
    (tmp_path / "dipcheck.toml").write_text(good.replace('"0.65"', '"0.99"'))
    bad = _check(taplo, tmp_path, "dipcheck.toml")
    assert bad.returncode == 1 and '"0.99" is not one of' in bad.stderr + bad.stdout
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\n[tool.dipcheck]\nfail-on = "warning"\n[tool.other]\nz = 1\n'
    )
    assert _check(taplo, tmp_path, "pyproject.toml").returncode == 0
    pyproject.write_text('[project]\nname = "x"\n[tool.dipcheck]\nfail-on = "loud"\n')
    bad = _check(taplo, tmp_path, "pyproject.toml")
    assert bad.returncode == 1 and '"loud" is not one of' in bad.stderr + bad.stdout
