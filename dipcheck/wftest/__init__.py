"""``dipcheck test``: scenario tests for workflows, run by the simulator (no LLM, no command).

* :mod:`~dipcheck.wftest.model` — test files, tests and expectations as data;
* :mod:`~dipcheck.wftest.loader` — finding and reading test files: dipcheck's own
  ``<name>.tests.yaml`` and dippin's ``<name>.test.json`` (:mod:`~dipcheck.wftest.jsonpos`
  keeps JSON positions), each error with its line;
* :mod:`~dipcheck.wftest.dippin` — a dippin test's scenario in tracker's terms, and
  :mod:`~dipcheck.wftest.dippin_sim` — dippin's own simulator, to say where and why the two
  disagree;
* :mod:`~dipcheck.wftest.expect` — checking a run against expectations, and explaining a
  failure by the edge decision behind it; :mod:`~dipcheck.wftest.runner` — running files;
* :mod:`~dipcheck.wftest.coverage` and :mod:`~dipcheck.wftest.lcov` — what the tests
  exercised; :mod:`~dipcheck.wftest.suggest` — scenarios that reach what they did not;
* :mod:`~dipcheck.wftest.report` — text, JSON and JUnit output; :mod:`~dipcheck.wftest.update`
  — ``--update`` (snapshot expectations written into the file);
* :mod:`~dipcheck.wftest.plans` — the expectations of Ordewell plans (``waves``, hand-over).
"""
