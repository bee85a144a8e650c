"""``python -m dipcheck``."""

from dipcheck.cli import main

raise SystemExit(main())
