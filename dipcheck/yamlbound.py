"""YAML that another user wrote, read with a bound on its size in nodes.

ruamel's pure-Python reader takes 70-180 µs a node, so 2 MB of flow items (a million nodes)
would take minutes: every YAML file dipcheck reads stops at the node past :data:`MAX_NODES`
(a step workflow, as it builds its tree from parser events; scenarios, plan scenarios and test
files, through :func:`load_bounded`)."""

from __future__ import annotations

from typing import Any

# YAML nodes (scalars, lists, mappings, aliases) read from one file; 60,000 nodes are some
# 12,000 workflow steps, and about 7 s of ruamel's reading on the 2-core development machine
MAX_NODES = 60_000


def too_many_nodes() -> str:
    return f"the file holds more than {MAX_NODES:,} YAML nodes, over dipcheck's limit"


def load_bounded(text: str, typ: str = "rt") -> Any:
    """``YAML(typ=typ, pure=True).load(text)``, raising ruamel's ``ComposerError`` (a
    ``MarkedYAMLError`` marking the node) past :data:`MAX_NODES` nodes; its ``problem`` is
    :func:`too_many_nodes`."""
    from ruamel.yaml import YAML
    from ruamel.yaml.composer import Composer, ComposerError

    class Counting(Composer):  # type: ignore[misc]
        nodes = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            self.nodes += 1
            if self.nodes > MAX_NODES:
                mark = self.parser.peek_event().start_mark
                raise ComposerError(None, None, too_many_nodes(), mark)
            return super().compose_node(parent, index)

    yaml = YAML(typ=typ, pure=True)
    yaml.Composer = Counting
    return yaml.load(text)
