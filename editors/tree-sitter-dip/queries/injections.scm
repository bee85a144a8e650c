; Prompt text is Markdown, tool commands are shell, response schemas are JSON. A multi-line
; block's indentation is a child node (block_indent), so the injected text is each line's own.

((comment) @injection.content
  (#set! injection.language "comment"))

(field
  key: (identifier) @_key
  body: (block_content) @injection.content
  (#any-of? @_key "prompt" "system_prompt" "prompt_prefix" "prompt_suffix")
  (#set! injection.language "markdown"))

(field
  key: (identifier) @_key
  value: (value
    (text) @injection.content)
  (#any-of? @_key "prompt" "system_prompt" "prompt_prefix" "prompt_suffix")
  (#set! injection.language "markdown"))

(field
  key: (identifier) @_key
  body: (block_content) @injection.content
  (#eq? @_key "command")
  (#set! injection.language "bash"))

(field
  key: (identifier) @_key
  value: (value
    (text) @injection.content)
  (#eq? @_key "command")
  (#set! injection.language "bash"))

(field
  key: (identifier) @_key
  body: (block_content) @injection.content
  (#eq? @_key "response_schema")
  (#set! injection.language "json"))
