; Highlights for .dip workflows in Neovim (nvim-treesitter capture names; the last pattern that
; matches a node wins). Helix and the tree-sitter CLI use editors/tree-sitter-dip/queries/.

(comment) @comment @spell

(stray) @comment

[
  "dip"
  "workflow"
  "defaults"
  "vars"
  "inputs"
  "edges"
] @keyword

(node_kind) @keyword.type

[
  "when"
  "else"
] @keyword.conditional

"on" @keyword.conditional

(loop) @keyword.repeat

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
  number: (integer) @number)

(workflow
  name: (identifier) @module)

(node
  name: (identifier) @function)

(parallel
  name: (identifier) @function)

(fan_in
  name: (identifier) @function)

(member_list
  (identifier) @function.call)

(edge
  from: (identifier) @function.call
  to: (identifier) @function.call)

(else_edge
  to: (identifier) @function.call)

(on
  outcome: (identifier) @constant)

(field
  key: (identifier) @property)

(attribute_name) @property

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

((text) @number
  (#match? @number "^-?[0-9]+([.][0-9]+)?$"))

((text) @boolean
  (#any-of? @boolean "true" "false" "yes" "no" "on" "off"))

; the value of a field that names a node
(field
  key: (identifier) @_key
  value: (value
    (text) @function.call)
  (#any-of? @_key "start" "exit" "retry_target" "fallback_target" "fallback_retry_target"
    "restart_target" "on_failure" "branch"))

; raw blocks nothing is injected into (params, stylesheet …)
(field
  key: (identifier) @_key
  body: (block_content) @string
  (#not-any-of? @_key "prompt" "system_prompt" "prompt_prefix" "prompt_suffix" "command"
    "response_schema"))
