; Helix indentation: the lines of a workflow, section, node, edges block or `key:` block sit one
; level deeper than the line that opens it
[
  (workflow)
  (section)
  (node)
  (parallel)
  (fan_in)
  (edges)
  (field)
] @indent
