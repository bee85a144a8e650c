"""YAML that another user wrote, read with a bound on its size in nodes.

ruamel's pure-Python reader takes 70-180 µs a node, so 2 MB of flow items (a million nodes)
would take minutes: every YAML file dipcheck reads stops at the node past :data:`MAX_NODES`
(a step workflow, as it builds its tree from parser events; scenarios, plan scenarios and test
files, through :func:`load_bounded`).

Aliases are counted too. A loaded alias is the anchored value itself, shared, but whatever
walks, prints, copies or validates the value meets it once per alias: ten lines of anchors
nine aliases wide ("billion laughs") stand for 9⁹ values, and quoting one in an error message
took a minute and 1.6 GB. Past :data:`MAX_ALIAS_EXPANSION` nodes stood for by aliases, and at
an alias inside the node it names (an infinite structure), the file is refused."""

from __future__ import annotations

import re
from typing import Any

# YAML nodes (scalars, lists, mappings, aliases) read from one file; 60,000 nodes are some
# 12,000 workflow steps, and about 7 s of ruamel's reading on the 2-core development machine
MAX_NODES = 60_000
# nodes the aliases of one file stand for, all told (each alias counts the nodes of what it
# names, the aliases in that counted as what they name)
MAX_ALIAS_EXPANSION = 100_000


def too_many_nodes() -> str:
    return f"the file holds more than {MAX_NODES:,} YAML nodes, over dipcheck's limit"


def too_many_copies(name: str, size: int) -> str:
    """Why a file is refused at the alias ``*name`` that names ``size`` nodes."""
    alone = str(size) if size <= MAX_ALIAS_EXPANSION else "more than that"
    return (
        f"anchors and aliases expand beyond {MAX_ALIAS_EXPANSION} nodes (`*{name}` alone "
        f"stands for {alone}); a loader would build every copy"
    )


def recursive_alias(name: str) -> str:
    return f"alias `*{name}` is inside the node it refers to: the structure would be infinite"


def over_limit(problem: str | None) -> bool:
    """Whether a ``ComposerError``'s ``problem`` is one of :func:`load_bounded`'s refusals (a
    message of its own, not ruamel's "not valid YAML")."""
    if problem is None:
        return False
    return problem == too_many_nodes() or problem.startswith(
        ("anchors and aliases expand beyond ", "alias `*")
    )


def load_bounded(text: str, typ: str = "rt") -> Any:
    """``YAML(typ=typ, pure=True).load(text)``, raising ruamel's ``ComposerError`` (a
    ``MarkedYAMLError`` marking the node) past :data:`MAX_NODES` nodes (its ``problem`` is
    :func:`too_many_nodes`), at the alias past :data:`MAX_ALIAS_EXPANSION` nodes stood for
    (:func:`too_many_copies`) and at an alias inside what it names (:func:`recursive_alias`);
    :func:`over_limit` tells these problems from ruamel's own."""
    from ruamel.yaml import YAML
    from ruamel.yaml.composer import Composer, ComposerError
    from ruamel.yaml.events import AliasEvent
    from ruamel.yaml.nodes import MappingNode, SequenceNode
    from ruamel.yaml.reader import ReaderError

    class Counting(Composer):  # type: ignore[misc]
        def __init__(self, loader: Any = None) -> None:
            super().__init__(loader)
            self.nodes = 0
            self.expansion = 0
            self.sizes: dict[int, int] = {}  # id of each node composed → the nodes it stands for

        def compose_node(self, parent: Any, index: Any) -> Any:
            self.nodes += 1
            event = self.parser.peek_event()
            if self.nodes > MAX_NODES:
                raise ComposerError(None, None, too_many_nodes(), event.start_mark)
            if isinstance(event, AliasEvent):
                self.count_alias(event)
                return super().compose_node(parent, index)
            node = super().compose_node(parent, index)
            if isinstance(node, MappingNode):
                children = [part for pair in node.value for part in pair]
            else:
                children = node.value if isinstance(node, SequenceNode) else []
            size = 1 + sum(self.sizes.get(id(child), 1) for child in children)
            self.sizes[id(node)] = min(size, MAX_ALIAS_EXPANSION + 1)
            return node

        def count_alias(self, event: Any) -> None:
            target = self.anchors.get(event.anchor)
            if target is None:
                return  # ruamel's own error: an undefined alias
            if id(target) not in self.sizes:  # its anchor's node is still being composed
                raise ComposerError(None, None, recursive_alias(event.anchor), event.start_mark)
            size = self.sizes[id(target)]
            self.expansion += size
            if self.expansion > MAX_ALIAS_EXPANSION:
                raise ComposerError(
                    None, None, too_many_copies(event.anchor, size), event.start_mark
                )

    yaml = YAML(typ=typ, pure=True)
    yaml.Composer = Counting
    try:
        return yaml.load(text)
    except ReaderError as error:
        # (a character YAML does not allow, such as ESC or NUL: not a MarkedYAMLError, so
        # callers that place errors by their mark could not place it)
        raise _at(text, error.position, _unacceptable(error)) from None
    except AssertionError as error:
        # ruamel asserts, instead of raising a YAMLError, on a `%YAML 1.x` other than 1.1/1.2
        version = YAML_DIRECTIVE.search(text)
        if version is None or not str(error).startswith("version "):
            raise
        raise _at(text, version.start(1), unsupported_version(version.group(1))) from None


YAML_DIRECTIVE = re.compile(r"^\ufeff*%YAML[ \t]+(\S+)", re.MULTILINE)  # (after marks too)


def unsupported_version(version: str) -> str:
    return (
        f"`%YAML {version}`: the YAML loader reads versions 1.1 and 1.2 only; write "
        "`%YAML 1.2` or drop the directive"
    )


def _unacceptable(error: Any) -> str:
    character = error.character
    code = character if isinstance(character, int) else ord(character[:1] or "\0")
    return f"character U+{code:04X} is not allowed in YAML ({error.reason})"


def _at(text: str, index: int, problem: str) -> Exception:
    """A ``MarkedYAMLError`` (ruamel's ``ComposerError``) for ``problem`` at ``text[index]``."""
    from ruamel.yaml.composer import ComposerError
    from ruamel.yaml.error import StreamMark

    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return ComposerError(None, None, problem, StreamMark("<text>", index, line, column))
