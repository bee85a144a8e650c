" Indentation for .dip files: one level deeper after a declaration (`agent X`, `edges`,
" `workflow W`, ...) or a `key:` line with nothing after the colon; otherwise keep the
" indentation of the previous non-blank line. Multi-line block text is never re-indented.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal autoindent
setlocal indentexpr=DipIndent()
setlocal indentkeys=o,O,!^F
let b:undo_indent = 'setlocal autoindent< indentexpr< indentkeys<'

if exists('*DipIndent')
  finish
endif

let s:opens_block = '\v^\s*%('
      \ . '[A-Za-z_][A-Za-z0-9_-]*\s*:\s*'
      \ . '|%(workflow|agent|human|tool|subgraph|conditional|manager_loop|parallel)\s+[A-Za-z0-9][A-Za-z0-9_./-]*\s*%(#.*)?'
      \ . '|%(defaults|vars|inputs|edges)\s*%(#.*)?'
      \ . '|branch\s*:\s*[A-Za-z0-9][A-Za-z0-9_./-]*\s*%(#.*)?'
      \ . ')$'

function! DipIndent() abort
  let prev = prevnonblank(v:lnum - 1)
  if prev == 0
    return 0
  endif
  let ind = indent(prev)
  if getline(prev) =~# s:opens_block
    return ind + shiftwidth()
  endif
  return ind
endfunction
