"""Indented JSON, fast: the text ``json.dumps(value, ensure_ascii=False, indent=2)`` writes.

With ``indent`` set, the standard library does not use its C encoder: it walks the value with
nested Python generators, one small string per token. A report of 10,000 findings with
witness paths (44 MB) spent more time there than in linting. This walk appends to one list
and encodes each string with the C string encoder; the output is the same, byte for byte
(``tests/test_jsontext.py`` compares the two on generated values).
"""

from __future__ import annotations

import json
import re
from json.encoder import encode_basestring  # the C version when the accelerator is present
from typing import Any

_INDENT = "  "
_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps(value: Any, level: int = 0) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)``, every line after the first
    indented ``level`` steps further (as if the value were nested that deep)."""
    out: list[str] = []
    _write(value, "\n" + _INDENT * level, out)
    return "".join(out)


def _write(value: Any, newline: str, out: list[str]) -> None:
    # ``newline``: a line break and the indentation of the current nesting level
    kind = type(value)
    if kind is str:
        out.append(encode_basestring(value))
    elif kind is dict:
        if not value:
            out.append("{}")
            return
        inner = newline + _INDENT
        separator = "{" + inner
        for key, item in value.items():
            if type(key) is not str:
                out.append(separator + _key(key) + ": ")
            else:
                out.append(separator + encode_basestring(key) + ": ")
            _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = newline + _INDENT
        separator = "[" + inner
        for item in value:
            out.append(separator)
            _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "]")
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif kind is int:
        out.append(int.__repr__(value))
    else:  # floats, subclasses and anything else: the standard encoder's text (or error)
        text = json.dumps(value, ensure_ascii=False, indent=2)
        out.append(text.replace("\n", newline))


def _key(key: Any) -> str:
    """A dictionary key that is not a string, as the standard encoder writes it."""
    text = json.dumps({key: None}, ensure_ascii=False)
    return text[1 : text.rindex(":")]


def utf8_safe(text: str) -> str:
    """JSON text (as :func:`dumps` writes it) with each lone surrogate as a ``\\uXXXX``
    escape: a file name that is not UTF-8 holds them (the bytes Python could not decode), and
    written as they are they make the output invalid UTF-8, which no JSON reader takes. A
    reader in Python gets the same string back (and the name's bytes, with
    ``os.fsencode``). Surrogates stand only inside string literals, where the escape is JSON."""
    if _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
