"""``python -m dipcheck_lsp``: the language server over stdio."""

from dipcheck_lsp.server import main

raise SystemExit(main(prog="python -m dipcheck_lsp"))
