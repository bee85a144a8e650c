"""The lark grammars dipcheck ships: dip.lark (the .dip language), dot.lark (Graphviz DOT
pipelines) and condition.lark (edge conditions), each with its LALR tables built ahead of time
(``*.tables``, see :mod:`dipcheck.grammar`)."""
