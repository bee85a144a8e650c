"""``dipcheck config``: the configuration keys, and their JSON Schema for editors.

dipcheck config              every key of [tool.dipcheck] with its description
dipcheck config fail-on      one key
dipcheck config --schema     the JSON Schema (the copy shipped as dipcheck/config.schema.json)
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

EXIT_OK, EXIT_ERROR = 0, 2

EPILOG = """\
examples:
  dipcheck config
  dipcheck config per-file-ignores
  dipcheck config --schema > dipcheck.schema.json
  dipcheck config --schema --pyproject > pyproject.schema.json

editors/toml/README.md shows how to give the schema to taplo (Even Better TOML).
"""


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(
        "config",
        help="list the configuration keys, or print their JSON Schema",
        description="Describe the keys of [tool.dipcheck] (pyproject.toml) and dipcheck.toml.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("key", nargs="?", metavar="KEY", help="describe only this key")
    parser.add_argument(
        "--schema", action="store_true", help="print the JSON Schema of the configuration"
    )
    parser.add_argument(
        "--pyproject",
        action="store_true",
        help="with --schema: a schema for a whole pyproject.toml (its [tool.dipcheck] table)",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    from dipcheck.config_schema import schema, schema_text

    if args.schema:
        sys.stdout.write(schema_text(args.pyproject))
        return EXIT_OK
    if args.pyproject:
        print("dipcheck config: error: --pyproject goes with --schema", file=sys.stderr)
        return EXIT_ERROR
    properties: dict[str, dict[str, Any]] = schema()["properties"]
    if args.key is not None and args.key not in properties:
        print(
            f"dipcheck config: no key {args.key!r} (known: {', '.join(properties)})",
            file=sys.stderr,
        )
        return EXIT_ERROR
    width = max(len(name) for name in properties)
    for name, spec in properties.items():
        if args.key is None or args.key == name:
            # (an empty default, "" or [], says nothing: the description says what it means)
            default = f" (default: {spec['default']})" if spec.get("default") else ""
            print(f"{name:<{width}}  {spec.get('description', '')}{default}")
    return EXIT_OK
