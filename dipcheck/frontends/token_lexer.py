"""The lark lexer both recovering parsers use: it hands over tokens a front-end's own lexer
produced (the ``.dip`` line pre-lexer, the DOT lexer).

It lives apart from ``dipcheck.grammar`` because defining it imports lark, which a run served
entirely from the result cache never needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark import Token
from lark.lexer import Lexer, LexerState


class TokenListLexer(Lexer):
    """Yields the tokens passed to ``Lark.parse``/``parse_interactive`` as they are."""

    def __init__(self, lexer_conf: Any) -> None:
        del lexer_conf

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        del parser_state
        tokens: list[Token] = lexer_state.text  # type: ignore[assignment]
        yield from tokens
