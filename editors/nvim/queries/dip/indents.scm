; nvim-treesitter indentation: a declaration's fields, a section's entries and a `key:` block's
; lines sit one level deeper than the line that opens them
[
  (workflow)
  (section)
  (node)
  (parallel)
  (fan_in)
  (edges)
  (field)
] @indent.begin

(comment) @indent.auto
