"""The lark grammars dipcheck ships: dip.lark (the .dip language) and condition.lark (edge
conditions)."""
