"""The runtime dialect of a workflow (:class:`Dialect`), apart from :mod:`dipcheck.model` so
that the configuration can name dialects without importing the model."""

from __future__ import annotations

from enum import StrEnum


class Dialect(StrEnum):
    """What the runtime does with a workflow of one format, where runtimes of a format differ.

    ``.dip`` files and YAML step workflows have one runtime each and carry ``TRACKER`` and
    ``STEPS``. A DOT file is run by tracker (the default), by an implementation of the
    Attractor specification, or by the typed-outputs engine of seed 003, an Attractor-family
    engine that adds ``{{ }}`` templates, declared outputs and every-path availability
    (docs/dot.md, docs/dot-typed-outputs.md).
    """

    TRACKER = "tracker"
    ATTRACTOR = "attractor"
    TYPED_OUTPUTS = "typed-outputs"
    STEPS = "steps"
    ORDEWELL = "ordewell"  # an Ordewell plan (other-formats.md §5)

    @property
    def attractor_family(self) -> bool:
        """Attractor's DOT semantics: `box` is the default shape, subgraph attributes are
        scoped, strict/undirected graphs are refused."""
        return self in (Dialect.ATTRACTOR, Dialect.TYPED_OUTPUTS)
