"""The DOT lexer's and the gographviz name's character sets, written as what they leave out
(compiled in a tenth of a millisecond instead of ten), are the sets they stand for: checked on
every code point of the Basic Multilingual Plane and past it, around each edge of a range.
gographviz's letters (dot.bnf `_unicode_byte`) are every character from U+0080 but U+FFFD."""

from __future__ import annotations

from dipcheck.frontends.dot_lexer import _LEXEME, gographviz_one
from dipcheck.frontends.dot_walk import _GOGRAPHVIZ_ID

CODE_POINTS = [*range(0x10100), *range(0x10FF00, 0x110000)]


def _ascii_word(char: str, rest: bool) -> bool:
    return char.isascii() and (char.isalpha() or char == "_" or (rest and char.isdigit()))


def test_a_dot_word_starts_and_goes_on_with_the_characters_it_stands_for() -> None:
    for code in CODE_POINTS:
        char = chr(code)
        first = _LEXEME.match(char)
        assert first is not None
        expected = _ascii_word(char, rest=False) or (code >= 0x80 and code != 0xFFFD)
        assert (first.lastgroup == "word") is expected, hex(code)
        later = _LEXEME.match("a" + char)
        assert later is not None
        expected = _ascii_word(char, rest=True) or char == "." or (code >= 0x80 and code != 0xFFFD)
        assert (later.end() == 2) is expected, hex(code)


def test_a_gographviz_name_is_letters_digits_underscores_and_any_non_ascii() -> None:
    for code in CODE_POINTS:
        char = chr(code)
        expected = _ascii_word(char, rest=False) or (code >= 0x80 and code != 0xFFFD)
        assert (_GOGRAPHVIZ_ID.fullmatch(char) is not None) is expected, hex(code)
        number = char.isascii() and char.isdigit()
        assert (gographviz_one(char) is not None) is (expected or number), hex(code)
        expected = _ascii_word(char, rest=True) or (code >= 0x80 and code != 0xFFFD)
        assert (_GOGRAPHVIZ_ID.fullmatch("a" + char) is not None) is expected, hex(code)
        assert (gographviz_one("a" + char) is not None) is expected, hex(code)
