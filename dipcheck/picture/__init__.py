"""Pictures of workflows: a format-neutral :class:`~dipcheck.picture.drawing.Drawing` and its
Mermaid and Graphviz DOT emitters (``drawing``), the picture of a whole workflow with findings
and coverage (``workflow``), the coverage reader (``coverage``) and the Graphviz runner
(``graphviz``). ``dipcheck graph`` and ``dipcheck simulate --format mermaid|dot`` draw through
here."""
