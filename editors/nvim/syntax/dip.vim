" Vim syntax file (fallback) for tracker/dippin .dip workflow files.
" Covers comments, section keywords, node kinds and ids, field keys, strings, ${...}
" interpolation, edges and condition operators. The language server adds the diagnostics.
if exists('b:current_syntax')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syn case match
syn sync minlines=200

" Comments: `#` at the start of a line or after a space or tab.
syn match dipComment /\%(^\|\s\)\zs#.*$/ contains=dipTodo,@Spell
syn keyword dipTodo contained TODO FIXME XXX NOTE

syn match dipVersion /^\s*dip\s\+\d\+\ze\s*\%(#.*\)\?$/ contains=dipVersionNumber
syn match dipVersionNumber /\d\+/ contained

syn match dipWorkflow /^\s*workflow\>/ nextgroup=dipWorkflowName skipwhite
syn match dipWorkflowName /[A-Za-z0-9][A-Za-z0-9_./-]*/ contained

syn match dipSection /^\s*\%(defaults\|vars\|inputs\|edges\)\ze\s*\%(#.*\)\?$/

syn match dipNodeKind /^\s*\%(agent\|human\|tool\|subgraph\|conditional\|manager_loop\|parallel\|fan_in\)\ze\s\+[A-Za-z0-9]/
      \ nextgroup=dipNodeId skipwhite
syn match dipNodeId /[A-Za-z0-9][A-Za-z0-9_./-]*/ contained

" Field keys (`key:`); the value is left plain except for strings, ${...} and constants.
syn match dipKey /^\s*[A-Za-z_][A-Za-z0-9_-]*\ze\s*:/ nextgroup=dipColon
syn match dipColon /:/ contained

" Edge lines: `A -> B when ... label: ... loop`.
syn match dipArrow /->\|<-/
syn match dipEdgeStart /^\s*\%(else\s*\)\@![A-Za-z0-9][A-Za-z0-9_./-]*\ze\s*->/
syn match dipElse /^\s*else\ze\s*->/
syn match dipEdgeKeyword /\s\zs\%(on\|loop\)\>/
syn match dipEdgeAttribute /\s\zs\%(label\|choice\|weight\|restart\|override\)\ze\s*:/

" `when <condition>` runs to the next attribute, a bare `loop`, a comment or the end of line.
syn region dipCondition matchgroup=dipEdgeKeyword start=/\s\zswhen\>/
      \ end=/\ze\s\+\%(\%(label\|choice\|weight\|restart\|override\)\s*:\|loop\>\|#\)\|$/
      \ oneline contains=dipOperator,dipVariable,dipString
syn match dipOperator contained /\<\%(and\|or\|not\|contains\|startswith\|endswith\|in\)\>/
syn match dipOperator contained /==\|!=\|=/

" Namespaced variables (ctx.x, graph.x, params.x, stack.x, inputs.x).
syn match dipVariable /\<\%(ctx\|graph\|params\|stack\|inputs\)\.[A-Za-z0-9_.-]\+/ contained

syn match dipBoolean /\%(:\s*\)\@<=\c\%(true\|false\|yes\|no\|on\|off\)\ze\s*\%(#.*\)\?$/
syn match dipNumber /\%(:\s*\)\@<=-\?\d\+\%(\.\d\+\)\?\ze\s*\%(#.*\)\?$/
syn match dipDuration /\%(:\s*\)\@<=\%(\d\+\%(\.\d\+\)\?\%(ns\|us\|ms\|s\|m\|h\)\)\+\ze\s*\%(#.*\)\?$/

syn match dipInterpolation /\${[^}]*}/ contains=dipInterpolationDelim,dipVariable
syn match dipInterpolationDelim /\${\|}/ contained

syn match dipEscape /\\[\\"]/ contained
" A quote opens a string only at the start of a value or word (`Don't` is plain text).
syn region dipString start=/\%(^\|[[:space:]:]\)\@<="/ skip=/\\[\\"]/ end=/"\|$/ oneline contains=dipEscape,dipInterpolation
syn region dipString start=/\%(^\|[[:space:]:]\)\@<='/ skip=/''/ end=/'\|$/ oneline contains=dipInterpolation

" A line that is exactly `key:` followed by deeper-indented lines opens a raw text block
" (prompts, commands, ...): no comments or fields inside, only ${...} interpolation. It ends
" at the first non-blank line indented no deeper than the key.
syn region dipBlock matchgroup=dipKey start=/^\z(\s*\)[A-Za-z0-9_]\+\ze:\s*$/
      \ end=/^\%(\z1\s\)\@!\%(\s*\S\)\@=/ contains=dipInterpolation

hi def link dipComment Comment
hi def link dipTodo Todo
hi def link dipVersion PreProc
hi def link dipVersionNumber Number
hi def link dipWorkflow Structure
hi def link dipWorkflowName Type
hi def link dipSection Keyword
hi def link dipNodeKind StorageClass
hi def link dipNodeId Function
hi def link dipKey Identifier
hi def link dipColon Delimiter
hi def link dipArrow Operator
hi def link dipEdgeStart Function
hi def link dipElse Conditional
hi def link dipEdgeKeyword Conditional
hi def link dipEdgeAttribute Identifier
hi def link dipOperator Operator
hi def link dipVariable Special
hi def link dipBoolean Boolean
hi def link dipNumber Number
hi def link dipDuration Number
hi def link dipInterpolation Special
hi def link dipInterpolationDelim Delimiter
hi def link dipEscape SpecialChar
hi def link dipString String
hi def link dipBlock String

let b:current_syntax = 'dip'

let &cpo = s:cpo_save
unlet s:cpo_save
