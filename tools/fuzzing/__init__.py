"""Grammar-aware fuzzing for dipcheck's front-ends and its language server.

* ``values`` — identifiers, typed field values, conditions and prose, from plain to hostile;
* ``gen_dip``, ``gen_dot``, ``gen_yaml``, ``gen_plan`` — structurally valid workflows of each
  format, built from the front-ends' own tables (``dip_schema``, ``dot_schema``);
* ``mutate`` — token, line, splice, byte and encoding mutations, huge numbers, deep nesting,
  very long lines, control characters, invalid UTF-8, CRLF and BOM;
* ``seeds`` — splice material: ``fixtures/`` and, when present, ``../shared/corpus`` (read at
  run time, never copied);
* ``checks`` — what must hold for one input (lint, the JSON report, fmt, --fix, simulate);
* ``worker`` — runs the checks in a child process under a memory limit, and the supervisor
  that restarts it after a hang or a crash;
* ``lsp_stream`` — generated and mutated JSON-RPC sessions against ``dipcheck lsp``;
* ``campaign`` — the loop behind ``tools/fuzz.py``: generate, check, record failures.
"""
