/*
 * External scanner for the .dip grammar: line ends, indentation and multi-line blocks.
 *
 * dippin's lexer works line by line with an indent stack (a tab counts as one column; blank and
 * comment-only lines never change the indentation). This scanner reproduces that:
 *
 *   NEWLINE       the line end (zero-width at the end of the file).
 *   INDENT        a code line deeper than the innermost block: pushes its column.
 *   DEDENT        a code line shallower than the innermost block: pops one level per token.
 *   BLOCK_START   after a line that is exactly `key:`, the first following non-blank line, when it
 *                 is deeper than the key: zero-width where its text begins; its column becomes
 *                 the block's baseline.
 *   BLOCK_INDENT  a later line of that block that is deeper than the key: its indentation, up to
 *                 the baseline (deeper indentation stays part of the text).
 *   BLOCK_TEXT    the rest of a block line, comments included.
 *   BLANK_LINE    a blank line inside a block.
 *   BLOCK_END     zero-width at the start of the first line after a block (or at the end of the
 *                 file), so that comments and blank lines after it stay outside it.
 *
 * The grammar asks for INDENT, DEDENT and the block tokens only right after a NEWLINE (or
 * BLOCK_TEXT right after BLOCK_START/BLOCK_INDENT), so the scanner never guesses where a line
 * starts; while the parser recovers from an error it only ends lines.
 */

#include "tree_sitter/parser.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum TokenType {
  NEWLINE,
  INDENT,
  DEDENT,
  BLOCK_START,
  BLOCK_INDENT,
  BLOCK_TEXT,
  BLANK_LINE,
  BLOCK_END,
  ERROR_SENTINEL,
};

#define MAX_DEPTH 64

typedef struct {
  uint16_t baseline; /* column of the current multi-line block's first line */
  uint16_t depth;
  uint16_t columns[MAX_DEPTH];
} Scanner;

static inline void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

static inline void consume(TSLexer *lexer) { lexer->advance(lexer, false); }

static inline bool is_blank(int32_t c) { return c == ' ' || c == '\t' || c == '\r'; }

static inline bool at_line_end(TSLexer *lexer) {
  return lexer->lookahead == '\n' || lexer->eof(lexer);
}

static inline uint16_t top(const Scanner *scanner) { return scanner->columns[scanner->depth - 1]; }

/* Skips blanks, line ends and blank lines; returns the column of the next non-blank character
 * (the lexer is left on it), counting from `column` while no line end is crossed. */
static uint32_t skip_to_text(TSLexer *lexer, uint32_t column) {
  for (;;) {
    if (is_blank(lexer->lookahead)) {
      column++;
      skip(lexer);
    } else if (lexer->lookahead == '\n') {
      column = 0;
      skip(lexer);
    } else {
      return column;
    }
  }
}

/* From a comment line, the column of the next line holding code (comment lines do not count). */
static uint32_t next_code_column(TSLexer *lexer, uint32_t column) {
  while (lexer->lookahead == '#' && !lexer->eof(lexer)) {
    while (!at_line_end(lexer)) consume(lexer);
    column = skip_to_text(lexer, 0);
  }
  return lexer->eof(lexer) ? 0 : column;
}

/* A line at `column` (the lexer on its first non-blank character) outside any multi-line block:
 * the zero-width INDENT or DEDENT it opens with, if any. */
static bool indentation(Scanner *scanner, TSLexer *lexer, const bool *valid, uint32_t column) {
  if (lexer->lookahead == '#') column = next_code_column(lexer, column);
  if (lexer->eof(lexer)) column = 0;
  if (valid[DEDENT] && column < top(scanner) && scanner->depth > 1) {
    scanner->depth--;
    lexer->result_symbol = DEDENT;
    return true;
  }
  if (valid[INDENT] && column > top(scanner) && scanner->depth < MAX_DEPTH && !lexer->eof(lexer)) {
    scanner->columns[scanner->depth++] = (uint16_t)column;
    lexer->result_symbol = INDENT;
    return true;
  }
  return false;
}

static bool scan(Scanner *scanner, TSLexer *lexer, const bool *valid) {
  if (valid[ERROR_SENTINEL] || valid[NEWLINE]) {
    while (is_blank(lexer->lookahead)) skip(lexer);
    if (!valid[NEWLINE] || !at_line_end(lexer)) return false;
    if (!lexer->eof(lexer)) consume(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = NEWLINE;
    return true;
  }

  if (valid[BLOCK_TEXT]) {
    while (!at_line_end(lexer)) consume(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = BLOCK_TEXT;
    return true;
  }

  /* the start of a line, right after a NEWLINE; INDENT and DEDENT are zero-width there */
  if (!valid[INDENT] && !valid[DEDENT] && !valid[BLOCK_START] && !valid[BLOCK_INDENT] &&
      !valid[BLOCK_END]) {
    return false;
  }
  lexer->mark_end(lexer);
  uint32_t column = lexer->get_column(lexer);

  if (valid[BLOCK_INDENT] || valid[BLANK_LINE]) {
    /* inside a block: the indentation is consumed (it becomes BLOCK_INDENT) until the line
     * turns out to be blank or not deeper than the key */
    while (is_blank(lexer->lookahead)) {
      consume(lexer);
      column++;
      if (column == scanner->baseline) lexer->mark_end(lexer);
    }
    if (lexer->lookahead == '\n' && valid[BLANK_LINE]) {
      consume(lexer);
      lexer->mark_end(lexer);
      lexer->result_symbol = BLANK_LINE;
      return true;
    }
    if (!lexer->eof(lexer) && column > top(scanner) && valid[BLOCK_INDENT]) {
      if (column < scanner->baseline) lexer->mark_end(lexer);
      lexer->result_symbol = BLOCK_INDENT;
      return true;
    }
    if (valid[BLOCK_END]) {
      lexer->result_symbol = BLOCK_END;
      return true;
    }
    return indentation(scanner, lexer, valid, column);
  }

  column = skip_to_text(lexer, column);
  if (valid[BLOCK_START] && !lexer->eof(lexer) && column > top(scanner)) {
    scanner->baseline = (uint16_t)column;
    lexer->mark_end(lexer);
    lexer->result_symbol = BLOCK_START;
    return true;
  }
  return indentation(scanner, lexer, valid, column);
}

void *tree_sitter_dip_external_scanner_create(void) {
  Scanner *scanner = calloc(1, sizeof(Scanner));
  scanner->depth = 1;
  return scanner;
}

void tree_sitter_dip_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_dip_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = payload;
  unsigned size = (1 + scanner->depth) * sizeof(uint16_t);
  memcpy(buffer, &scanner->baseline, sizeof(uint16_t));
  memcpy(buffer + sizeof(uint16_t), scanner->columns, scanner->depth * sizeof(uint16_t));
  return size;
}

void tree_sitter_dip_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *scanner = payload;
  scanner->baseline = 0;
  scanner->depth = 1;
  scanner->columns[0] = 0;
  if (length >= 2 * sizeof(uint16_t)) {
    memcpy(&scanner->baseline, buffer, sizeof(uint16_t));
    unsigned depth = length / sizeof(uint16_t) - 1;
    scanner->depth = (uint16_t)(depth > MAX_DEPTH ? MAX_DEPTH : depth);
    memcpy(scanner->columns, buffer + sizeof(uint16_t), scanner->depth * sizeof(uint16_t));
  }
}

bool tree_sitter_dip_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  return scan(payload, lexer, valid_symbols);
}
