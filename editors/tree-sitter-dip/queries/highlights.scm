; Highlights for .dip workflows with Helix's scope names, read by Helix and the tree-sitter CLI:
; when several patterns capture the same node, the last one wins, so generic patterns come first
; (and a key tested by a predicate is captured under its own scope: a `@_key` capture would be
; the last one on it and leave it uncoloured).
; Neovim has the same patterns with nvim-treesitter's names: editors/nvim/queries/dip/.

(comment) @comment

(stray) @comment

[
  "dip"
  "workflow"
  "defaults"
  "vars"
  "inputs"
  "edges"
] @keyword

(node_kind) @keyword.storage.type

[
  "when"
  "else"
] @keyword.control.conditional

"on" @keyword.control.conditional

(loop) @keyword.control.repeat

[
  (keyword_operator)
  (logical_operator)
] @keyword.operator

[
  (operator)
  "->"
  "<-"
] @operator

[
  ":"
  ","
] @punctuation.delimiter

(version
  number: (integer) @constant.numeric.integer)

(workflow
  name: (identifier) @namespace)

(node
  name: (identifier) @function)

(parallel
  name: (identifier) @function)

(fan_in
  name: (identifier) @function)

(member_list
  (identifier) @function)

(edge
  from: (identifier) @function
  to: (identifier) @function)

(else_edge
  to: (identifier) @function)

(on
  outcome: (identifier) @constant)

(field
  key: (identifier) @variable.other.member)

(attribute_name) @variable.other.member

(edge_attribute
  value: (identifier) @string)

(condition
  (identifier) @variable
  .
  [
    (operator)
    (keyword_operator)
  ])

(condition
  [
    (operator)
    (keyword_operator)
  ]
  .
  (identifier) @string)

(string) @string

(text) @string

((text) @constant.numeric
  (#match? @constant.numeric "^-?[0-9]+([.][0-9]+)?$"))

((text) @constant.builtin.boolean
  (#match? @constant.builtin.boolean "^(true|false|yes|no|on|off)$"))

; the value of a field that names a node
(field
  key: (identifier) @variable.other.member
  value: (value
    (text) @function)
  (#match? @variable.other.member "^(start|exit|retry_target|fallback_target|fallback_retry_target|restart_target|on_failure|branch)$"))

; raw blocks nothing is injected into (params, stylesheet …)
(field
  key: (identifier) @variable.other.member
  body: (block_content) @string
  (#not-match? @variable.other.member "^(prompt|system_prompt|prompt_prefix|prompt_suffix|command|response_schema)$"))
