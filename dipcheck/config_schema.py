"""The ``[tool.dipcheck]`` / ``dipcheck.toml`` table as a pydantic model, for its JSON Schema.

``dipcheck config --schema`` prints the schema; a copy ships in the package
(``dipcheck/config.schema.json``) for editors (taplo / Even Better TOML, see
``editors/toml/``). Reading configuration stays with :mod:`dipcheck.config`, whose messages
users see; a test keeps the two in step (every key of one is a key of the other, and what
one accepts the other accepts).

Imported only by the ``config`` command and the docs generator: pydantic is slow to import.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from dipcheck.rules import policy, registry
from dipcheck.target import DEFAULT_TARGET, KNOWN_TARGETS

SCHEMA_PATH = "dipcheck/config.schema.json"
SCHEMA_ID = f"{registry.REPOSITORY_URL}/raw/main/{SCHEMA_PATH}"

SeverityName = Literal["error", "warning", "info", "hint"]


def _selector_schema() -> dict[str, Any]:
    return {
        "description": "A rule code (DC201), a rule name (unsafe-tool-command-key), a group "
        "(routing, style, dippin …), a code prefix (DC2, DIP1) or ALL.",
        "anyOf": [
            {"const": "ALL"},
            {_REF: "rule"},
            {"enum": policy.group_names()},
            {"type": "string", "pattern": "^[A-Za-z]+[0-9]*$"},
        ],
    }


def _rule_names() -> dict[str, Any]:
    rules = registry.all_rules()
    return {"enum": [rule.code for rule in rules] + [rule.name for rule in rules]}


DEFINITIONS = {"selector": _selector_schema, "rule": _rule_names}
# pydantic resolves "$ref"s itself; these markers become references to DEFINITIONS afterwards.
_REF = "x-dipcheck-ref"
SELECTOR = {_REF: "selector"}


def _selectors_schema() -> dict[str, Any]:
    return {"anyOf": [SELECTOR, {"type": "array", "items": SELECTOR}]}


Selectors = Annotated[str | list[str], WithJsonSchema(_selectors_schema())]
Globs = Annotated[
    str | list[str],
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}},
            ],
            "description": "Glob patterns, relative to the directory of the configuration file.",
        }
    ),
]


class Settings(BaseModel):
    """dipcheck configuration: `[tool.dipcheck]` in pyproject.toml, or a dipcheck.toml."""

    model_config = ConfigDict(extra="forbid", title="dipcheck configuration")

    select: Selectors = Field(
        default_factory=list,
        description="Only these rules (default: every rule that is on by default).",
    )
    extend_select: Selectors = Field(
        default_factory=list,
        alias="extend-select",
        description="Rules to add to the selection, such as rules that are off by default.",
    )
    ignore: Selectors = Field(
        default_factory=list, description="Rules to remove from the selection."
    )
    per_file_ignores: Annotated[
        dict[str, Selectors],
        WithJsonSchema(
            {
                "type": "object",
                "additionalProperties": _selectors_schema(),
                "description": "Glob → rules ignored in the files it matches.",
            }
        ),
    ] = Field(default_factory=dict, alias="per-file-ignores")
    exclude: Globs = Field(
        default_factory=list, description="Paths skipped when a directory is linted."
    )
    include: Globs = Field(
        default_factory=list,
        description="Files that are YAML step workflows whatever their name or shape.",
    )
    fail_on: SeverityName = Field(
        default="error",
        alias="fail-on",
        description="The lowest severity that makes `dipcheck lint` exit 1.",
    )
    severity: Annotated[
        dict[str, SeverityName],
        WithJsonSchema(
            {
                "type": "object",
                "propertyNames": {_REF: "rule"},
                "additionalProperties": {"enum": ["error", "warning", "info", "hint"]},
                "description": "Rule code or name → the severity to report it with.",
            }
        ),
    ] = Field(default_factory=dict)
    target_version: Annotated[
        str,
        WithJsonSchema(
            {
                "enum": [*KNOWN_TARGETS, *(f"v{item}" for item in KNOWN_TARGETS)],
                "description": "The tracker release the workflows run on.",
            }
        ),
    ] = Field(default=DEFAULT_TARGET, alias="target-version")
    dialect: Annotated[
        dict[str, str],
        WithJsonSchema(
            {
                "type": "object",
                "additionalProperties": {
                    "enum": ["tracker", "attractor", "typed-outputs", "ordewell"]
                },
                "description": "Glob → the runtime that reads the DOT files it matches "
                "(default: tracker; typed-outputs is also detected from the file), or "
                "`ordewell`: the files are Ordewell plans or planner replies.",
            }
        ),
    ] = Field(default_factory=dict)
    extra_models: Annotated[
        str | dict[str, str | list[str]],
        WithJsonSchema(
            {
                "anyOf": [
                    {"type": "string"},
                    {
                        "type": "object",
                        "additionalProperties": {
                            "anyOf": [
                                {"type": "string"},
                                {"type": "array", "items": {"type": "string"}},
                            ]
                        },
                    },
                ],
                "description": "Model ids the catalog lacks (DIP108): "
                '"provider:m1,m2;provider2:m3", or a table provider → [ids].',
            }
        ),
    ] = Field(default="", alias="extra-models")
    ordewell_runners: Annotated[
        str | list[str],
        WithJsonSchema(
            {
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                "description": "The runners Ordewell has enabled, for O05 "
                '(default "claude-code,codex,opencode"; a session file\'s own `runners` win).',
            }
        ),
    ] = Field(default="", alias="ordewell-runners")
    format: Annotated[
        dict[str, Globs],
        WithJsonSchema(
            {
                "type": "object",
                "properties": {
                    "exclude": {
                        "anyOf": [
                            {"type": "string"},
                            {"type": "array", "items": {"type": "string"}},
                        ],
                        "description": "Files `dipcheck fmt` leaves alone when a directory "
                        "walk finds them (on purpose unformatted or broken), besides the "
                        "top-level `exclude`; a file named on the command line is formatted.",
                    }
                },
                "additionalProperties": False,
                "description": "Settings of `dipcheck fmt` (`[tool.dipcheck.format]`).",
            }
        ),
    ] = Field(default_factory=dict)


def _references(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {_REF}:
            return {"$ref": f"#/definitions/{value[_REF]}"}
        return {key: _references(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_references(item) for item in value]
    return value


def schema() -> dict[str, Any]:
    document = Settings.model_json_schema(by_alias=True)
    return _references(
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": SCHEMA_ID,
            **document,
            "definitions": {name: build() for name, build in DEFINITIONS.items()},
        }
    )


def pyproject_schema() -> dict[str, Any]:
    """A schema for a whole ``pyproject.toml`` that checks only its ``[tool.dipcheck]`` table
    (for editors that associate schemas with whole files, such as taplo)."""
    table = schema()
    definitions = table.pop("definitions")
    for key in ("$schema", "$id"):
        table.pop(key)
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "pyproject.toml, its [tool.dipcheck] table checked",
        "type": "object",
        "properties": {
            "tool": {
                "type": "object",
                "properties": {"dipcheck": {"$ref": "#/definitions/dipcheck"}},
            }
        },
        "definitions": {**definitions, "dipcheck": table},
    }


def schema_text(pyproject: bool = False) -> str:
    document = pyproject_schema() if pyproject else schema()
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
