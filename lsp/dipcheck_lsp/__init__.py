"""The dipcheck language server: the library's lint, model and analyses behind pygls.

Run it with ``dipcheck lsp`` or ``python -m dipcheck_lsp`` (JSON-RPC over stdio).
"""
