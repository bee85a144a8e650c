"""``dipcheck simulate``: a dry run of a workflow that routes exactly as the runtime does.

No LLM is called and no command is run: what nodes do comes from a scenario (or the default
scenario), and every routing decision follows docs/runtime/README.md. The package works on the
format-neutral workflow model only.

* :mod:`~dipcheck.simulate.graph` — the workflow as the engine sees it (edges in selection
  order, synthesized parallel edges, graph attributes);
* :mod:`~dipcheck.simulate.runner` — the main loop (retries, restarts, goal gates, edge
  selection); :mod:`~dipcheck.simulate.handlers` and :mod:`~dipcheck.simulate.composite` —
  what each handler does;
* :mod:`~dipcheck.simulate.scenario` — scenario files; :mod:`~dipcheck.simulate.explore` —
  ``--all-paths``; :mod:`~dipcheck.simulate.render` — text, JSON, Mermaid and DOT output.
"""
