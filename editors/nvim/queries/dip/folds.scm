[
  (workflow)
  (section)
  (node)
  (parallel)
  (fan_in)
  (edges)
  (block_content)
] @fold
