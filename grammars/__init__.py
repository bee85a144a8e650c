"""The lark grammars dipcheck ships: dip.lark (the .dip language), dot.lark (Graphviz DOT
pipelines) and condition.lark (edge conditions), each with its LALR tables built ahead of time
by lark (``*.tables``, plain JSON, see :mod:`dipcheck.grammar`) and run by :mod:`dipcheck.lalr`."""
