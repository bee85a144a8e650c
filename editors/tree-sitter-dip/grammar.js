/**
 * Tree-sitter grammar for tracker/dippin `.dip` workflow files.
 *
 * The language is line-oriented and indentation-sensitive (see dipcheck's own lexer,
 * dipcheck/frontends/dip_lexer.py, and grammars/dip.lark). The external scanner in
 * src/scanner.c supplies what a context-free grammar cannot:
 *   _newline     the end of a logical line
 *   _indent      a line indented deeper than its block
 *   _dedent      a line indented less than its block (one per closed block)
 *   a multi-line block: after a line that is exactly `key:`, every following line indented
 *   deeper than the key is raw text (prompts, commands, JSON schemas, stylesheets):
 *     _block_start   zero-width, where the first line's text begins (fixes the block's baseline)
 *     block_indent   a later line's indentation, up to the baseline
 *     _block_text    the rest of a line
 *     _blank_line    an empty or blank line inside the block
 *     _block_end     zero-width at the start of the first line that is not part of the block
 * Keywords are contextual as in dippin: `agent`, `edges`, `when`… are ordinary identifiers
 * wherever the keyword is not expected.
 */

const EDGE_ATTRIBUTES = ['label', 'choice', 'weight', 'restart', 'override'];
const NODE_KINDS = ['agent', 'human', 'tool', 'subgraph', 'conditional', 'manager_loop'];

module.exports = grammar({
  name: 'dip',

  externals: $ => [
    $._newline,
    $._indent,
    $._dedent,
    $._block_start,
    $.block_indent,
    $._block_text,
    $._blank_line,
    $._block_end,
    $._error_sentinel,
  ],

  extras: $ => [/[ \t\r\n]/, $.comment],

  word: $ => $.identifier,

  rules: {
    source_file: $ => seq(optional($.version), repeat(choice($.workflow, $.stray))),

    // top-level text outside a workflow (dippin skips it): a `---` between concatenated files
    stray: $ => seq(token(prec(-1, /[^\sA-Za-z0-9_#][^\n]*/)), $._newline),

    version: $ => seq('dip', field('number', $.integer), $._newline),

    workflow: $ => seq(
      'workflow',
      optional(field('name', $.identifier)),
      $._newline,
      optional(seq($._indent, repeat($._workflow_item), $._dedent)),
    ),

    _workflow_item: $ => choice($.field, $.section, $.edges, $.node, $.parallel, $.fan_in),

    // `defaults`, `vars` and `inputs` are bare keywords followed by a block of fields
    section: $ => seq(
      field('kind', choice('defaults', 'vars', 'inputs')),
      $._newline,
      optional(field('body', $.block)),
    ),

    node: $ => seq(
      field('kind', alias(choice(...NODE_KINDS), $.node_kind)),
      field('name', $.identifier),
      $._newline,
      optional(field('body', $.block)),
    ),

    parallel: $ => memberNode($, 'parallel', '->'),

    fan_in: $ => memberNode($, 'fan_in', '<-'),

    member_list: $ => seq($.identifier, repeat(seq(',', $.identifier))),

    block: $ => seq($._indent, repeat1($.field), $._dedent),

    // `key: value`, optionally followed by a deeper block (an `inputs` entry's attributes, a
    // parallel `branch:`); or `key:` followed by deeper raw lines (prompts, commands, but also
    // `params:` and `stylesheet:`, which dippin reads from the raw text); or `key:` alone
    field: $ => seq(
      field('key', $.identifier),
      ':',
      choice(
        seq(field('value', $.value), $._newline, optional(field('body', $.block))),
        seq($._newline, optional(field('body', $.block_content))),
      ),
    ),

    // the lines of a multi-line block; only their indentation is a (named) child, so an
    // injection of the block (Markdown, bash, JSON) sees each line's text, blank lines and line
    // ends, and nothing of the indentation dippin strips
    block_content: $ => seq(
      $._block_start,
      $._block_text,
      $._newline,
      repeat(choice($._blank_line, seq($.block_indent, $._block_text, $._newline))),
      $._block_end,
    ),

    edges: $ => seq(
      'edges',
      $._newline,
      optional(seq($._indent, repeat(choice($.edge, $.else_edge)), $._dedent)),
    ),

    edge: $ => seq(
      field('from', $.identifier),
      '->',
      field('to', $.identifier),
      repeat($._edge_attribute),
      $._newline,
    ),

    else_edge: $ => seq('else', '->', field('to', $.identifier), $._newline),

    _edge_attribute: $ => choice($.when, $.on, $.loop, $.edge_attribute),

    when: $ => seq('when', field('condition', $.condition)),

    on: $ => seq('on', field('outcome', $.identifier)),

    loop: _ => 'loop',

    edge_attribute: $ => seq(
      field('name', alias(choice(...EDGE_ATTRIBUTES.map(attributeKey)), $.attribute_name)),
      field('value', choice($.string, $.identifier)),
    ),

    // dippin's condition language: comparisons joined by `and`/`or`, `not` as prefix or infix,
    // every value one word or one quoted string, no parentheses
    condition: $ => repeat1(choice(
      $.identifier,
      $.string,
      $.operator,
      alias(choice('contains', 'startswith', 'endswith', 'in'), $.keyword_operator),
      alias(choice('and', 'or', 'not'), $.logical_operator),
    )),

    operator: _ => token(choice('=', '==', '!=', '<', '>', '<=', '>=', '!')),

    value: $ => choice($.string, $.text),

    // a single-line value runs to the end of the line; ` #` starts a trailing comment
    text: _ => token(/[^\s#"'](?:[^\s#]|[ \t]+[^\s#]|#)*/),

    string: _ => token(choice(
      /"(?:[^"\\\n]|\\.)*"/,
      /'(?:[^'\n]|'')*'/,
    )),

    identifier: _ => /[A-Za-z0-9_][A-Za-z0-9_\-.\/]*/,

    integer: _ => /[0-9]+/,

    comment: _ => token(seq('#', /[^\n]*/)),
  },
});

// `label:`: the colon belongs to the attribute name so that a condition word such as
// `override` at the end of a line stays a word (dippin v0.41 does the same)
function attributeKey(name) {
  return token(seq(name, /[ \t]*/, ':'));
}

// `parallel P -> A, B` and `fan_in J <- A, B`: a node kind, its id, the inline member list
function memberNode($, kind, arrow) {
  return seq(
    field('kind', alias(kind, $.node_kind)),
    field('name', $.identifier),
    optional(seq(arrow, field('members', $.member_list))),
    $._newline,
    optional(field('body', $.block)),
  );
}
