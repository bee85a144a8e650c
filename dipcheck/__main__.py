"""``python -m dipcheck``."""

from dipcheck.cli import entry

entry()
