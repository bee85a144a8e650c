"""``python -m dipcheck``."""

from dipcheck.launch import entry

entry()
