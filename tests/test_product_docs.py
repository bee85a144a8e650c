"""The product's text cites only what ships with it (issue 19 §2): no message, docstring,
comment or page names the project's private references (tracker-runtime.md, rule-codes.md);
the runtime behaviour rules rely on is in docs/runtime/, every citation of it names a page and
section that exist, every rule page links what its rule cites; docs/output-format.md describes
the JSON that `dipcheck lint --format json` prints, every format and the exit statuses."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import FIXTURES, PROJECT

from dipcheck.rules import registry

DOCS = PROJECT / "docs"
RUNTIME = DOCS / "runtime"
PRIVATE = ("tracker-runtime.md", "rule-codes.md")
# the other references are cited in code comments for maintainers, never in a user's page
PRIVATE_IN_PAGES = (
    *PRIVATE,
    "other-formats.md",
    "dippin-language.md",
    "yaml-step-workflows.md",
    "linter-conventions.md",
)
SUFFIXES = {".py", ".md", ".json", ".ts", ".lua", ".toml", ".txt"}


def product_files() -> list[Path]:
    roots = [PROJECT / "dipcheck", PROJECT / "lsp", DOCS, PROJECT / "editors"]
    found = [PROJECT / "README.md"]
    for root in roots:
        for path in root.rglob("*"):
            parts = set(path.relative_to(PROJECT).parts)
            if (
                path.is_file()
                and path.suffix in SUFFIXES
                and not parts
                & {
                    "node_modules",
                    "out",
                    "__pycache__",
                }
            ):
                found.append(path)
    return found


def slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return {slug(found) for found in re.findall(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def test_no_product_text_cites_the_private_references() -> None:
    offenders = [
        f"{path.relative_to(PROJECT)}:{number}: {line.strip()}"
        for path in product_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(name in line for name in (PRIVATE_IN_PAGES if path.suffix == ".md" else PRIVATE))
    ]
    assert offenders == []


# `docs/runtime/page.md#section` in code and rule text; `runtime/page.md#section` (relative)
# as a link target in a page
CITATION = re.compile(r"docs/runtime/([\w-]+\.md)?(#[\w-]+)?")
LINK = re.compile(r"\]\((?:\.\./|docs/)?runtime/([\w-]+\.md)?(#[\w-]+)?\)")


def citations() -> list[tuple[str, str, str]]:
    found = []
    for path in product_files():
        text = path.read_text(encoding="utf-8")
        for pattern in (CITATION, LINK):
            for match in pattern.finditer(text):
                page = match.group(1) or "README.md"
                found.append((str(path.relative_to(PROJECT)), page, match.group(2) or ""))
    return found


def test_every_runtime_citation_names_a_page_and_section_that_exist() -> None:
    cited = citations()
    assert len(cited) > 100  # the rules, the simulator and the docs cite it
    missing = []
    for where, page, anchor in cited:
        target = RUNTIME / page
        if not target.is_file():
            missing.append(f"{where}: {page}")
        elif anchor and anchor[1:] not in anchors(target):
            missing.append(f"{where}: {page}{anchor}")
    assert missing == []


def test_the_runtime_pages_link_each_other_correctly() -> None:
    pages = sorted(RUNTIME.glob("*.md"))
    assert {page.name for page in pages} >= {
        "README.md",
        "context.md",
        "conditions.md",
        "edge-selection.md",
        "failures.md",
        "tools.md",
        "parallel.md",
        "subgraphs.md",
    }
    broken = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target, anchor in re.findall(r"\]\(([\w-]+\.md)?(#[\w-]+)?\)", text):
            file = RUNTIME / (target or page.name)
            if not file.is_file() or (anchor and anchor[1:] not in anchors(file)):
                broken.append(f"{page.name}: {target}{anchor}")
    assert broken == []
    index = (RUNTIME / "README.md").read_text(encoding="utf-8")
    assert all(f"]({page.name})" in index for page in pages if page.name != "README.md")


def test_every_rule_page_links_the_runtime_section_its_rule_cites() -> None:
    citing = [rule for rule in registry.all_rules() if "docs/runtime/" in rule.rationale]
    assert len(citing) > 40
    for rule in citing:
        page = (DOCS / "rules" / f"{rule.code.lower()}.md").read_text(encoding="utf-8")
        for match in CITATION.finditer(rule.rationale):
            assert f"]({match.group(0).replace('docs/', '../')})" in page, (rule.code, match)


def _lint(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dipcheck", "lint", "--isolated", *args],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _merge(one: object, other: object) -> object:
    if isinstance(one, dict) and isinstance(other, dict):
        return {key: _merge(one.get(key), other.get(key)) for key in one.keys() | other.keys()}
    if isinstance(one, list) and isinstance(other, list):
        return [_merge(one[0] if one else None, other[0] if other else None)]
    return one if isinstance(one, dict | list) or other is None else other


def _shape(value: object) -> object:
    """Keys all the way down (a list by the union of its elements' shapes; null is no shape)."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list):
        merged: object = None
        for item in value:
            merged = _merge(merged, _shape(item))
        return [merged] if merged is not None else []
    return None if value is None else type(value).__name__


def _keys(shape: object, prefix: str = "") -> set[str]:
    if isinstance(shape, dict):
        out = set()
        for key, item in shape.items():
            out.add(prefix + key)
            out |= _keys(item, prefix + key + ".")
        return out
    if isinstance(shape, list) and shape:
        return _keys(shape[0], prefix + "[].")
    return set()


def documented_json() -> dict[str, object]:
    text = (DOCS / "output-format.md").read_text(encoding="utf-8")
    block = re.search(r"## json\n.*?```json\n(.*?)```", text, re.DOTALL)
    assert block is not None
    return json.loads(block.group(1))


def test_the_documented_json_has_the_shape_lint_prints() -> None:
    documented = documented_json()
    printed = json.loads(_lint("--format", "json", str(FIXTURES / "dot" / "broken.dot")).stdout)
    with_related = json.loads(
        _lint("--format", "json", *map(str, sorted(FIXTURES.glob("*.dip")))).stdout
    )
    printed["diagnostics"] += [item for item in with_related["diagnostics"] if item["related"]]
    assert any(item["related"] for item in printed["diagnostics"])
    assert any(item["fix"] for item in printed["diagnostics"])
    keys = _keys(_shape(printed))
    # a finding without a fix prints "fix": null; the document shows one with a fix
    assert _keys(_shape(documented)) == keys
    assert documented["version"] == printed["version"] == 1


def test_every_format_and_exit_status_is_documented() -> None:
    text = (DOCS / "output-format.md").read_text(encoding="utf-8")
    shown = _lint("--help").stdout
    formats = re.search(r"--format \{([\w,-]+)\}", shown)
    assert formats is not None
    for name in formats.group(1).split(","):
        assert re.search(rf"^## {re.escape(name)}( \(default\))?$", text, re.MULTILINE), name
    for status in ("0", "1", "2"):
        assert re.search(rf"^\| {status} \|", text, re.MULTILINE), status


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["fixtures/dot/broken.dot"], 1),
        (["--exit-zero", "fixtures/dot/broken.dot"], 0),
        (["--format", "sarif", "fixtures/dot/broken.dot"], 0),
        (["--fail-on", "bogus", "fixtures/dot/broken.dot"], 2),
        (["docs/runtime"], 0),  # no workflow there: nothing linted
    ],
)
def test_the_exit_statuses_are_the_documented_ones(args: list[str], status: int) -> None:
    assert _lint(*args).returncode == status


def test_sarif_help_links_the_runtime_pages_by_absolute_address() -> None:
    log = json.loads(_lint("--format", "sarif", str(FIXTURES / "dot" / "broken.dot")).stdout)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    links = [
        target
        for rule in rules
        for target in re.findall(r"\]\(([^)]*runtime/[^)]*)\)", rule["help"]["markdown"])
    ]
    assert links
    assert all(target.startswith("https://") for target in links), links
    assert all("docs/runtime/" in target for target in links)
