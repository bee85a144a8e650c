"""``dipcheck lint --show-settings PATH``: the effective settings for one file.

The configuration after command-line overrides, in the spelling of ``[tool.dipcheck]``, and
what it means for the file: its format, whether a directory walk would skip it, the
per-file ignores that match it and the rules that run on it.
"""

from __future__ import annotations

import json
import os
from typing import Any

from dipcheck.config import Config
from dipcheck.engine import detect_format
from dipcheck.model import Dialect


def settings(path: str, config: Config) -> dict[str, Any]:
    matched = config.matching_ignores(path)
    fmt = detect_format(path, config) if not os.path.isdir(path) else None
    ignored = config.file_ignores(path)
    # of a file, the rules of its format (a .dot file listed the YAML and Ordewell rules)
    active = sorted(
        (code for code in config.active_codes - ignored if fmt is None or _covers(code, fmt)),
        key=_code_key,
    )
    return {
        "file": path,
        "configuration-file": config.path,
        "settings": {
            "select": list(config.select),
            "extend-select": list(config.extend_select),
            "ignore": list(config.ignore),
            "per-file-ignores": {
                pattern: list(codes) for pattern, codes in config.per_file_ignores
            },
            "exclude": list(config.exclude),
            "include": list(config.include),
            "fail-on": config.fail_on.label,
            "target-version": str(config.target),
            "extra-models": {provider: list(models) for provider, models in config.extra_models},
            "ordewell-runners": list(config.ordewell_runners),
            "severity": {code: level.label for code, level in config.severity},
            "dialect": {pattern: dialect.value for pattern, dialect in config.dialects},
            "format": {"exclude": list(config.format_exclude)},
        },
        "for-this-file": {
            "format": fmt,
            "dialect": (config.dialect(path) or Dialect.TRACKER).value if fmt == "dot" else None,
            "excluded": config.excluded(path),
            "per-file-ignores": matched,
            "active-rules": active,
        },
    }


def _covers(code: str, fmt: str) -> bool:
    from dipcheck.rules import registry

    rule = registry.get(code)
    return rule is not None and fmt in rule.formats


def _code_key(code: str) -> tuple[str, int, str]:
    from dipcheck.rules.registry import code_key

    return code_key(code)


def _toml(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    return json.dumps(value, ensure_ascii=False)


def _key(key: str) -> str:
    """A TOML key: bare when it can be, else quoted (a glob such as ``"flows/*.dot"``)."""
    return key if key.replace("-", "").replace("_", "").isalnum() else json.dumps(key)


def show_settings(path: str, config: Config, fmt: str = "text") -> str:
    data = settings(path, config)
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    here = data["for-this-file"]
    lines = [
        f"# Settings for {path}",
        f"# configuration file: {config.path or 'none (defaults)'}",
        f"# target: {config.target.description}",
        "[tool.dipcheck]",
    ]
    table = data["settings"]
    subtables = ("severity", "dialect", "format")
    lines.extend(f"{key} = {_toml(value)}" for key, value in table.items() if key not in subtables)
    for name in subtables:
        lines.append(f"[tool.dipcheck.{name}]")
        lines.extend(f"{_key(key)} = {_toml(value)}" for key, value in table[name].items())
    lines.append("")
    lines.append(f"# format: {here['format'] or 'none (not a workflow file name)'}")
    if here["dialect"]:
        lines.append(f"# DOT dialect: {here['dialect']}")
    lines.append(f"# excluded from directory walks: {'yes' if here['excluded'] else 'no'}")
    if here["per-file-ignores"]:
        lines.append(f"# per-file-ignores matching it: {', '.join(here['per-file-ignores'])}")
    rules = here["active-rules"]
    lines.append(f"# rules that run on it ({len(rules)}): {', '.join(rules)}")
    from dipcheck.terminal import visible

    return visible("\n".join(lines)) + "\n"
