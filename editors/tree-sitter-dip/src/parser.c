#include "tree_sitter/parser.h"

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

#define LANGUAGE_VERSION 14
#define STATE_COUNT 101
#define LARGE_STATE_COUNT 2
#define SYMBOL_COUNT 81
#define ALIAS_COUNT 0
#define TOKEN_COUNT 51
#define EXTERNAL_TOKEN_COUNT 9
#define FIELD_COUNT 11
#define MAX_ALIAS_SEQUENCE_LENGTH 6
#define PRODUCTION_ID_COUNT 18

enum ts_symbol_identifiers {
  sym_identifier = 1,
  aux_sym_stray_token1 = 2,
  anon_sym_dip = 3,
  anon_sym_workflow = 4,
  anon_sym_defaults = 5,
  anon_sym_vars = 6,
  anon_sym_inputs = 7,
  anon_sym_agent = 8,
  anon_sym_human = 9,
  anon_sym_tool = 10,
  anon_sym_subgraph = 11,
  anon_sym_conditional = 12,
  anon_sym_manager_loop = 13,
  anon_sym_parallel = 14,
  anon_sym_DASH_GT = 15,
  anon_sym_fan_in = 16,
  anon_sym_LT_DASH = 17,
  anon_sym_COMMA = 18,
  anon_sym_COLON = 19,
  anon_sym_edges = 20,
  anon_sym_else = 21,
  anon_sym_when = 22,
  anon_sym_on = 23,
  sym_loop = 24,
  aux_sym_edge_attribute_token1 = 25,
  aux_sym_edge_attribute_token2 = 26,
  aux_sym_edge_attribute_token3 = 27,
  aux_sym_edge_attribute_token4 = 28,
  aux_sym_edge_attribute_token5 = 29,
  anon_sym_contains = 30,
  anon_sym_startswith = 31,
  anon_sym_endswith = 32,
  anon_sym_in = 33,
  anon_sym_and = 34,
  anon_sym_or = 35,
  anon_sym_not = 36,
  sym_operator = 37,
  sym_text = 38,
  sym_string = 39,
  sym_integer = 40,
  sym_comment = 41,
  sym__newline = 42,
  sym__indent = 43,
  sym__dedent = 44,
  sym__block_start = 45,
  sym_block_indent = 46,
  sym__block_text = 47,
  sym__blank_line = 48,
  sym__block_end = 49,
  sym__error_sentinel = 50,
  sym_source_file = 51,
  sym_stray = 52,
  sym_version = 53,
  sym_workflow = 54,
  sym__workflow_item = 55,
  sym_section = 56,
  sym_node = 57,
  sym_parallel = 58,
  sym_fan_in = 59,
  sym_member_list = 60,
  sym_block = 61,
  sym_field = 62,
  sym_block_content = 63,
  sym_edges = 64,
  sym_edge = 65,
  sym_else_edge = 66,
  sym__edge_attribute = 67,
  sym_when = 68,
  sym_on = 69,
  sym_edge_attribute = 70,
  sym_condition = 71,
  sym_value = 72,
  aux_sym_source_file_repeat1 = 73,
  aux_sym_workflow_repeat1 = 74,
  aux_sym_member_list_repeat1 = 75,
  aux_sym_block_repeat1 = 76,
  aux_sym_block_content_repeat1 = 77,
  aux_sym_edges_repeat1 = 78,
  aux_sym_edge_repeat1 = 79,
  aux_sym_condition_repeat1 = 80,
};

static const char * const ts_symbol_names[] = {
  [ts_builtin_sym_end] = "end",
  [sym_identifier] = "identifier",
  [aux_sym_stray_token1] = "stray_token1",
  [anon_sym_dip] = "dip",
  [anon_sym_workflow] = "workflow",
  [anon_sym_defaults] = "defaults",
  [anon_sym_vars] = "vars",
  [anon_sym_inputs] = "inputs",
  [anon_sym_agent] = "node_kind",
  [anon_sym_human] = "node_kind",
  [anon_sym_tool] = "node_kind",
  [anon_sym_subgraph] = "node_kind",
  [anon_sym_conditional] = "node_kind",
  [anon_sym_manager_loop] = "node_kind",
  [anon_sym_parallel] = "node_kind",
  [anon_sym_DASH_GT] = "->",
  [anon_sym_fan_in] = "node_kind",
  [anon_sym_LT_DASH] = "<-",
  [anon_sym_COMMA] = ",",
  [anon_sym_COLON] = ":",
  [anon_sym_edges] = "edges",
  [anon_sym_else] = "else",
  [anon_sym_when] = "when",
  [anon_sym_on] = "on",
  [sym_loop] = "loop",
  [aux_sym_edge_attribute_token1] = "attribute_name",
  [aux_sym_edge_attribute_token2] = "attribute_name",
  [aux_sym_edge_attribute_token3] = "attribute_name",
  [aux_sym_edge_attribute_token4] = "attribute_name",
  [aux_sym_edge_attribute_token5] = "attribute_name",
  [anon_sym_contains] = "keyword_operator",
  [anon_sym_startswith] = "keyword_operator",
  [anon_sym_endswith] = "keyword_operator",
  [anon_sym_in] = "keyword_operator",
  [anon_sym_and] = "logical_operator",
  [anon_sym_or] = "logical_operator",
  [anon_sym_not] = "logical_operator",
  [sym_operator] = "operator",
  [sym_text] = "text",
  [sym_string] = "string",
  [sym_integer] = "integer",
  [sym_comment] = "comment",
  [sym__newline] = "_newline",
  [sym__indent] = "_indent",
  [sym__dedent] = "_dedent",
  [sym__block_start] = "_block_start",
  [sym_block_indent] = "block_indent",
  [sym__block_text] = "_block_text",
  [sym__blank_line] = "_blank_line",
  [sym__block_end] = "_block_end",
  [sym__error_sentinel] = "_error_sentinel",
  [sym_source_file] = "source_file",
  [sym_stray] = "stray",
  [sym_version] = "version",
  [sym_workflow] = "workflow",
  [sym__workflow_item] = "_workflow_item",
  [sym_section] = "section",
  [sym_node] = "node",
  [sym_parallel] = "parallel",
  [sym_fan_in] = "fan_in",
  [sym_member_list] = "member_list",
  [sym_block] = "block",
  [sym_field] = "field",
  [sym_block_content] = "block_content",
  [sym_edges] = "edges",
  [sym_edge] = "edge",
  [sym_else_edge] = "else_edge",
  [sym__edge_attribute] = "_edge_attribute",
  [sym_when] = "when",
  [sym_on] = "on",
  [sym_edge_attribute] = "edge_attribute",
  [sym_condition] = "condition",
  [sym_value] = "value",
  [aux_sym_source_file_repeat1] = "source_file_repeat1",
  [aux_sym_workflow_repeat1] = "workflow_repeat1",
  [aux_sym_member_list_repeat1] = "member_list_repeat1",
  [aux_sym_block_repeat1] = "block_repeat1",
  [aux_sym_block_content_repeat1] = "block_content_repeat1",
  [aux_sym_edges_repeat1] = "edges_repeat1",
  [aux_sym_edge_repeat1] = "edge_repeat1",
  [aux_sym_condition_repeat1] = "condition_repeat1",
};

static const TSSymbol ts_symbol_map[] = {
  [ts_builtin_sym_end] = ts_builtin_sym_end,
  [sym_identifier] = sym_identifier,
  [aux_sym_stray_token1] = aux_sym_stray_token1,
  [anon_sym_dip] = anon_sym_dip,
  [anon_sym_workflow] = anon_sym_workflow,
  [anon_sym_defaults] = anon_sym_defaults,
  [anon_sym_vars] = anon_sym_vars,
  [anon_sym_inputs] = anon_sym_inputs,
  [anon_sym_agent] = anon_sym_agent,
  [anon_sym_human] = anon_sym_agent,
  [anon_sym_tool] = anon_sym_agent,
  [anon_sym_subgraph] = anon_sym_agent,
  [anon_sym_conditional] = anon_sym_agent,
  [anon_sym_manager_loop] = anon_sym_agent,
  [anon_sym_parallel] = anon_sym_agent,
  [anon_sym_DASH_GT] = anon_sym_DASH_GT,
  [anon_sym_fan_in] = anon_sym_agent,
  [anon_sym_LT_DASH] = anon_sym_LT_DASH,
  [anon_sym_COMMA] = anon_sym_COMMA,
  [anon_sym_COLON] = anon_sym_COLON,
  [anon_sym_edges] = anon_sym_edges,
  [anon_sym_else] = anon_sym_else,
  [anon_sym_when] = anon_sym_when,
  [anon_sym_on] = anon_sym_on,
  [sym_loop] = sym_loop,
  [aux_sym_edge_attribute_token1] = aux_sym_edge_attribute_token1,
  [aux_sym_edge_attribute_token2] = aux_sym_edge_attribute_token1,
  [aux_sym_edge_attribute_token3] = aux_sym_edge_attribute_token1,
  [aux_sym_edge_attribute_token4] = aux_sym_edge_attribute_token1,
  [aux_sym_edge_attribute_token5] = aux_sym_edge_attribute_token1,
  [anon_sym_contains] = anon_sym_contains,
  [anon_sym_startswith] = anon_sym_contains,
  [anon_sym_endswith] = anon_sym_contains,
  [anon_sym_in] = anon_sym_contains,
  [anon_sym_and] = anon_sym_and,
  [anon_sym_or] = anon_sym_and,
  [anon_sym_not] = anon_sym_and,
  [sym_operator] = sym_operator,
  [sym_text] = sym_text,
  [sym_string] = sym_string,
  [sym_integer] = sym_integer,
  [sym_comment] = sym_comment,
  [sym__newline] = sym__newline,
  [sym__indent] = sym__indent,
  [sym__dedent] = sym__dedent,
  [sym__block_start] = sym__block_start,
  [sym_block_indent] = sym_block_indent,
  [sym__block_text] = sym__block_text,
  [sym__blank_line] = sym__blank_line,
  [sym__block_end] = sym__block_end,
  [sym__error_sentinel] = sym__error_sentinel,
  [sym_source_file] = sym_source_file,
  [sym_stray] = sym_stray,
  [sym_version] = sym_version,
  [sym_workflow] = sym_workflow,
  [sym__workflow_item] = sym__workflow_item,
  [sym_section] = sym_section,
  [sym_node] = sym_node,
  [sym_parallel] = sym_parallel,
  [sym_fan_in] = sym_fan_in,
  [sym_member_list] = sym_member_list,
  [sym_block] = sym_block,
  [sym_field] = sym_field,
  [sym_block_content] = sym_block_content,
  [sym_edges] = sym_edges,
  [sym_edge] = sym_edge,
  [sym_else_edge] = sym_else_edge,
  [sym__edge_attribute] = sym__edge_attribute,
  [sym_when] = sym_when,
  [sym_on] = sym_on,
  [sym_edge_attribute] = sym_edge_attribute,
  [sym_condition] = sym_condition,
  [sym_value] = sym_value,
  [aux_sym_source_file_repeat1] = aux_sym_source_file_repeat1,
  [aux_sym_workflow_repeat1] = aux_sym_workflow_repeat1,
  [aux_sym_member_list_repeat1] = aux_sym_member_list_repeat1,
  [aux_sym_block_repeat1] = aux_sym_block_repeat1,
  [aux_sym_block_content_repeat1] = aux_sym_block_content_repeat1,
  [aux_sym_edges_repeat1] = aux_sym_edges_repeat1,
  [aux_sym_edge_repeat1] = aux_sym_edge_repeat1,
  [aux_sym_condition_repeat1] = aux_sym_condition_repeat1,
};

static const TSSymbolMetadata ts_symbol_metadata[] = {
  [ts_builtin_sym_end] = {
    .visible = false,
    .named = true,
  },
  [sym_identifier] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_stray_token1] = {
    .visible = false,
    .named = false,
  },
  [anon_sym_dip] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_workflow] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_defaults] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_vars] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_inputs] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_agent] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_human] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_tool] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_subgraph] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_conditional] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_manager_loop] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_parallel] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_DASH_GT] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_fan_in] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_LT_DASH] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_COMMA] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_COLON] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_edges] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_else] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_when] = {
    .visible = true,
    .named = false,
  },
  [anon_sym_on] = {
    .visible = true,
    .named = false,
  },
  [sym_loop] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_edge_attribute_token1] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_edge_attribute_token2] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_edge_attribute_token3] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_edge_attribute_token4] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_edge_attribute_token5] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_contains] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_startswith] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_endswith] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_in] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_and] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_or] = {
    .visible = true,
    .named = true,
  },
  [anon_sym_not] = {
    .visible = true,
    .named = true,
  },
  [sym_operator] = {
    .visible = true,
    .named = true,
  },
  [sym_text] = {
    .visible = true,
    .named = true,
  },
  [sym_string] = {
    .visible = true,
    .named = true,
  },
  [sym_integer] = {
    .visible = true,
    .named = true,
  },
  [sym_comment] = {
    .visible = true,
    .named = true,
  },
  [sym__newline] = {
    .visible = false,
    .named = true,
  },
  [sym__indent] = {
    .visible = false,
    .named = true,
  },
  [sym__dedent] = {
    .visible = false,
    .named = true,
  },
  [sym__block_start] = {
    .visible = false,
    .named = true,
  },
  [sym_block_indent] = {
    .visible = true,
    .named = true,
  },
  [sym__block_text] = {
    .visible = false,
    .named = true,
  },
  [sym__blank_line] = {
    .visible = false,
    .named = true,
  },
  [sym__block_end] = {
    .visible = false,
    .named = true,
  },
  [sym__error_sentinel] = {
    .visible = false,
    .named = true,
  },
  [sym_source_file] = {
    .visible = true,
    .named = true,
  },
  [sym_stray] = {
    .visible = true,
    .named = true,
  },
  [sym_version] = {
    .visible = true,
    .named = true,
  },
  [sym_workflow] = {
    .visible = true,
    .named = true,
  },
  [sym__workflow_item] = {
    .visible = false,
    .named = true,
  },
  [sym_section] = {
    .visible = true,
    .named = true,
  },
  [sym_node] = {
    .visible = true,
    .named = true,
  },
  [sym_parallel] = {
    .visible = true,
    .named = true,
  },
  [sym_fan_in] = {
    .visible = true,
    .named = true,
  },
  [sym_member_list] = {
    .visible = true,
    .named = true,
  },
  [sym_block] = {
    .visible = true,
    .named = true,
  },
  [sym_field] = {
    .visible = true,
    .named = true,
  },
  [sym_block_content] = {
    .visible = true,
    .named = true,
  },
  [sym_edges] = {
    .visible = true,
    .named = true,
  },
  [sym_edge] = {
    .visible = true,
    .named = true,
  },
  [sym_else_edge] = {
    .visible = true,
    .named = true,
  },
  [sym__edge_attribute] = {
    .visible = false,
    .named = true,
  },
  [sym_when] = {
    .visible = true,
    .named = true,
  },
  [sym_on] = {
    .visible = true,
    .named = true,
  },
  [sym_edge_attribute] = {
    .visible = true,
    .named = true,
  },
  [sym_condition] = {
    .visible = true,
    .named = true,
  },
  [sym_value] = {
    .visible = true,
    .named = true,
  },
  [aux_sym_source_file_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_workflow_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_member_list_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_block_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_block_content_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_edges_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_edge_repeat1] = {
    .visible = false,
    .named = false,
  },
  [aux_sym_condition_repeat1] = {
    .visible = false,
    .named = false,
  },
};

enum ts_field_identifiers {
  field_body = 1,
  field_condition = 2,
  field_from = 3,
  field_key = 4,
  field_kind = 5,
  field_members = 6,
  field_name = 7,
  field_number = 8,
  field_outcome = 9,
  field_to = 10,
  field_value = 11,
};

static const char * const ts_field_names[] = {
  [0] = NULL,
  [field_body] = "body",
  [field_condition] = "condition",
  [field_from] = "from",
  [field_key] = "key",
  [field_kind] = "kind",
  [field_members] = "members",
  [field_name] = "name",
  [field_number] = "number",
  [field_outcome] = "outcome",
  [field_to] = "to",
  [field_value] = "value",
};

static const TSFieldMapSlice ts_field_map_slices[PRODUCTION_ID_COUNT] = {
  [1] = {.index = 0, .length = 1},
  [2] = {.index = 1, .length = 1},
  [3] = {.index = 2, .length = 1},
  [4] = {.index = 3, .length = 2},
  [5] = {.index = 5, .length = 2},
  [6] = {.index = 7, .length = 1},
  [7] = {.index = 8, .length = 3},
  [8] = {.index = 11, .length = 2},
  [9] = {.index = 13, .length = 2},
  [10] = {.index = 15, .length = 3},
  [11] = {.index = 18, .length = 3},
  [12] = {.index = 21, .length = 4},
  [13] = {.index = 25, .length = 1},
  [14] = {.index = 26, .length = 2},
  [15] = {.index = 28, .length = 1},
  [16] = {.index = 29, .length = 1},
  [17] = {.index = 30, .length = 2},
};

static const TSFieldMapEntry ts_field_map_entries[] = {
  [0] =
    {field_number, 1},
  [1] =
    {field_name, 1},
  [2] =
    {field_kind, 0},
  [3] =
    {field_body, 2},
    {field_kind, 0},
  [5] =
    {field_kind, 0},
    {field_name, 1},
  [7] =
    {field_key, 0},
  [8] =
    {field_body, 3},
    {field_kind, 0},
    {field_name, 1},
  [11] =
    {field_body, 3},
    {field_key, 0},
  [13] =
    {field_key, 0},
    {field_value, 2},
  [15] =
    {field_kind, 0},
    {field_members, 3},
    {field_name, 1},
  [18] =
    {field_body, 4},
    {field_key, 0},
    {field_value, 2},
  [21] =
    {field_body, 5},
    {field_kind, 0},
    {field_members, 3},
    {field_name, 1},
  [25] =
    {field_to, 2},
  [26] =
    {field_from, 0},
    {field_to, 2},
  [28] =
    {field_condition, 1},
  [29] =
    {field_outcome, 1},
  [30] =
    {field_name, 0},
    {field_value, 1},
};

static const TSSymbol ts_alias_sequences[PRODUCTION_ID_COUNT][MAX_ALIAS_SEQUENCE_LENGTH] = {
  [0] = {0},
};

static const uint16_t ts_non_terminal_alias_map[] = {
  0,
};

static const TSStateId ts_primary_state_ids[STATE_COUNT] = {
  [0] = 0,
  [1] = 1,
  [2] = 2,
  [3] = 3,
  [4] = 4,
  [5] = 5,
  [6] = 6,
  [7] = 7,
  [8] = 8,
  [9] = 9,
  [10] = 10,
  [11] = 11,
  [12] = 12,
  [13] = 13,
  [14] = 14,
  [15] = 15,
  [16] = 16,
  [17] = 17,
  [18] = 18,
  [19] = 19,
  [20] = 20,
  [21] = 21,
  [22] = 22,
  [23] = 23,
  [24] = 24,
  [25] = 25,
  [26] = 26,
  [27] = 27,
  [28] = 28,
  [29] = 29,
  [30] = 30,
  [31] = 31,
  [32] = 32,
  [33] = 33,
  [34] = 34,
  [35] = 35,
  [36] = 36,
  [37] = 37,
  [38] = 38,
  [39] = 39,
  [40] = 40,
  [41] = 41,
  [42] = 42,
  [43] = 43,
  [44] = 44,
  [45] = 45,
  [46] = 46,
  [47] = 47,
  [48] = 48,
  [49] = 49,
  [50] = 50,
  [51] = 51,
  [52] = 52,
  [53] = 53,
  [54] = 54,
  [55] = 55,
  [56] = 56,
  [57] = 57,
  [58] = 58,
  [59] = 59,
  [60] = 60,
  [61] = 61,
  [62] = 62,
  [63] = 63,
  [64] = 64,
  [65] = 65,
  [66] = 66,
  [67] = 67,
  [68] = 68,
  [69] = 69,
  [70] = 70,
  [71] = 71,
  [72] = 72,
  [73] = 73,
  [74] = 74,
  [75] = 75,
  [76] = 76,
  [77] = 77,
  [78] = 78,
  [79] = 79,
  [80] = 80,
  [81] = 81,
  [82] = 82,
  [83] = 83,
  [84] = 84,
  [85] = 85,
  [86] = 86,
  [87] = 87,
  [88] = 88,
  [89] = 89,
  [90] = 90,
  [91] = 91,
  [92] = 92,
  [93] = 93,
  [94] = 94,
  [95] = 95,
  [96] = 96,
  [97] = 97,
  [98] = 98,
  [99] = 99,
  [100] = 100,
};

static bool ts_lex(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      if (eof) ADVANCE(17);
      ADVANCE_MAP(
        '!', 34,
        '"', 18,
        '#', 74,
        '\'', 19,
        ',', 25,
        '-', 20,
        ':', 26,
        '<', 33,
        '=', 34,
        '>', 34,
        'c', 56,
        'l', 44,
        'o', 70,
        'r', 49,
        'w', 50,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(0);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(71);
      if (('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(22);
      END_STATE();
    case 1:
      ADVANCE_MAP(
        '!', 34,
        '"', 3,
        '#', 74,
        '\'', 6,
        ',', 25,
        '-', 13,
        ':', 26,
        '<', 34,
        '=', 34,
        '>', 34,
        'c', 56,
        'l', 44,
        'o', 70,
        'r', 49,
        'w', 50,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(1);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 2:
      if (lookahead == '!') ADVANCE(34);
      if (lookahead == '"') ADVANCE(3);
      if (lookahead == '#') ADVANCE(74);
      if (lookahead == '\'') ADVANCE(6);
      if (lookahead == '<') ADVANCE(34);
      if (lookahead == '=') ADVANCE(34);
      if (lookahead == '>') ADVANCE(34);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(2);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 3:
      if (lookahead == '"') ADVANCE(36);
      if (lookahead == '\\') ADVANCE(15);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(3);
      END_STATE();
    case 4:
      if (lookahead == '"') ADVANCE(3);
      if (lookahead == '#') ADVANCE(74);
      if (lookahead == '\'') ADVANCE(6);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(4);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(35);
      END_STATE();
    case 5:
      if (lookahead == '#') ADVANCE(74);
      if (lookahead == '<') ADVANCE(7);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(5);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(73);
      END_STATE();
    case 6:
      if (lookahead == '\'') ADVANCE(38);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(6);
      END_STATE();
    case 7:
      if (lookahead == '-') ADVANCE(24);
      END_STATE();
    case 8:
      if (lookahead == ':') ADVANCE(27);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(8);
      END_STATE();
    case 9:
      if (lookahead == ':') ADVANCE(28);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(9);
      END_STATE();
    case 10:
      if (lookahead == ':') ADVANCE(29);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(10);
      END_STATE();
    case 11:
      if (lookahead == ':') ADVANCE(30);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(11);
      END_STATE();
    case 12:
      if (lookahead == ':') ADVANCE(31);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(12);
      END_STATE();
    case 13:
      if (lookahead == '>') ADVANCE(23);
      END_STATE();
    case 14:
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(14);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead) &&
          lookahead != '#') ADVANCE(35);
      END_STATE();
    case 15:
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(3);
      END_STATE();
    case 16:
      if (eof) ADVANCE(17);
      if (lookahead == '#') ADVANCE(74);
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(16);
      if (('0' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(22);
      END_STATE();
    case 17:
      ACCEPT_TOKEN(ts_builtin_sym_end);
      END_STATE();
    case 18:
      ACCEPT_TOKEN(aux_sym_stray_token1);
      if (lookahead == '"') ADVANCE(36);
      if (lookahead == '\\') ADVANCE(21);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(18);
      END_STATE();
    case 19:
      ACCEPT_TOKEN(aux_sym_stray_token1);
      if (lookahead == '\'') ADVANCE(37);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(19);
      END_STATE();
    case 20:
      ACCEPT_TOKEN(aux_sym_stray_token1);
      if (lookahead == '>') ADVANCE(23);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(22);
      END_STATE();
    case 21:
      ACCEPT_TOKEN(aux_sym_stray_token1);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(18);
      END_STATE();
    case 22:
      ACCEPT_TOKEN(aux_sym_stray_token1);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(22);
      END_STATE();
    case 23:
      ACCEPT_TOKEN(anon_sym_DASH_GT);
      END_STATE();
    case 24:
      ACCEPT_TOKEN(anon_sym_LT_DASH);
      END_STATE();
    case 25:
      ACCEPT_TOKEN(anon_sym_COMMA);
      END_STATE();
    case 26:
      ACCEPT_TOKEN(anon_sym_COLON);
      END_STATE();
    case 27:
      ACCEPT_TOKEN(aux_sym_edge_attribute_token1);
      END_STATE();
    case 28:
      ACCEPT_TOKEN(aux_sym_edge_attribute_token2);
      END_STATE();
    case 29:
      ACCEPT_TOKEN(aux_sym_edge_attribute_token3);
      END_STATE();
    case 30:
      ACCEPT_TOKEN(aux_sym_edge_attribute_token4);
      END_STATE();
    case 31:
      ACCEPT_TOKEN(aux_sym_edge_attribute_token5);
      END_STATE();
    case 32:
      ACCEPT_TOKEN(sym_operator);
      END_STATE();
    case 33:
      ACCEPT_TOKEN(sym_operator);
      if (lookahead == '-') ADVANCE(24);
      if (lookahead == '=') ADVANCE(32);
      END_STATE();
    case 34:
      ACCEPT_TOKEN(sym_operator);
      if (lookahead == '=') ADVANCE(32);
      END_STATE();
    case 35:
      ACCEPT_TOKEN(sym_text);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(14);
      if (lookahead != 0 &&
          (lookahead < '\t' || '\r' < lookahead)) ADVANCE(35);
      END_STATE();
    case 36:
      ACCEPT_TOKEN(sym_string);
      END_STATE();
    case 37:
      ACCEPT_TOKEN(sym_string);
      if (lookahead == '\'') ADVANCE(19);
      END_STATE();
    case 38:
      ACCEPT_TOKEN(sym_string);
      if (lookahead == '\'') ADVANCE(6);
      END_STATE();
    case 39:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == ':') ADVANCE(27);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(8);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 40:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == ':') ADVANCE(28);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(9);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 41:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == ':') ADVANCE(29);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(10);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 42:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == ':') ADVANCE(30);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(11);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 43:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == ':') ADVANCE(31);
      if (lookahead == '\t' ||
          lookahead == ' ') ADVANCE(12);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 44:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'a') ADVANCE(46);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 45:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'a') ADVANCE(65);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('b' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 46:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'b') ADVANCE(52);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 47:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'c') ADVANCE(53);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 48:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'd') ADVANCE(54);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 49:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(66);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 50:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(58);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 51:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(63);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 52:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(61);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 53:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(40);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 54:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'e') ADVANCE(43);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 55:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'g') ADVANCE(57);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 56:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'h') ADVANCE(62);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 57:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'h') ADVANCE(68);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 58:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'i') ADVANCE(55);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 59:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'i') ADVANCE(47);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 60:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'i') ADVANCE(48);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 61:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'l') ADVANCE(39);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 62:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'o') ADVANCE(59);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 63:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'r') ADVANCE(64);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 64:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'r') ADVANCE(60);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 65:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'r') ADVANCE(69);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 66:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 's') ADVANCE(67);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 67:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 't') ADVANCE(45);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 68:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 't') ADVANCE(41);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 69:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 't') ADVANCE(42);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 70:
      ACCEPT_TOKEN(sym_identifier);
      if (lookahead == 'v') ADVANCE(51);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 71:
      ACCEPT_TOKEN(sym_identifier);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(71);
      if (('-' <= lookahead && lookahead <= '/') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 72:
      ACCEPT_TOKEN(sym_identifier);
      if (('-' <= lookahead && lookahead <= '9') ||
          ('A' <= lookahead && lookahead <= 'Z') ||
          lookahead == '_' ||
          ('a' <= lookahead && lookahead <= 'z')) ADVANCE(72);
      END_STATE();
    case 73:
      ACCEPT_TOKEN(sym_integer);
      if (('0' <= lookahead && lookahead <= '9')) ADVANCE(73);
      END_STATE();
    case 74:
      ACCEPT_TOKEN(sym_comment);
      if (lookahead != 0 &&
          lookahead != '\n') ADVANCE(74);
      END_STATE();
    default:
      return false;
  }
}

static bool ts_lex_keywords(TSLexer *lexer, TSStateId state) {
  START_LEXER();
  eof = lexer->eof(lexer);
  switch (state) {
    case 0:
      ADVANCE_MAP(
        'a', 1,
        'c', 2,
        'd', 3,
        'e', 4,
        'f', 5,
        'h', 6,
        'i', 7,
        'l', 8,
        'm', 9,
        'n', 10,
        'o', 11,
        'p', 12,
        's', 13,
        't', 14,
        'v', 15,
        'w', 16,
      );
      if (lookahead == '\t' ||
          lookahead == '\n' ||
          lookahead == '\r' ||
          lookahead == ' ') SKIP(0);
      END_STATE();
    case 1:
      if (lookahead == 'g') ADVANCE(17);
      if (lookahead == 'n') ADVANCE(18);
      END_STATE();
    case 2:
      if (lookahead == 'o') ADVANCE(19);
      END_STATE();
    case 3:
      if (lookahead == 'e') ADVANCE(20);
      if (lookahead == 'i') ADVANCE(21);
      END_STATE();
    case 4:
      if (lookahead == 'd') ADVANCE(22);
      if (lookahead == 'l') ADVANCE(23);
      if (lookahead == 'n') ADVANCE(24);
      END_STATE();
    case 5:
      if (lookahead == 'a') ADVANCE(25);
      END_STATE();
    case 6:
      if (lookahead == 'u') ADVANCE(26);
      END_STATE();
    case 7:
      if (lookahead == 'n') ADVANCE(27);
      END_STATE();
    case 8:
      if (lookahead == 'o') ADVANCE(28);
      END_STATE();
    case 9:
      if (lookahead == 'a') ADVANCE(29);
      END_STATE();
    case 10:
      if (lookahead == 'o') ADVANCE(30);
      END_STATE();
    case 11:
      if (lookahead == 'n') ADVANCE(31);
      if (lookahead == 'r') ADVANCE(32);
      END_STATE();
    case 12:
      if (lookahead == 'a') ADVANCE(33);
      END_STATE();
    case 13:
      if (lookahead == 't') ADVANCE(34);
      if (lookahead == 'u') ADVANCE(35);
      END_STATE();
    case 14:
      if (lookahead == 'o') ADVANCE(36);
      END_STATE();
    case 15:
      if (lookahead == 'a') ADVANCE(37);
      END_STATE();
    case 16:
      if (lookahead == 'h') ADVANCE(38);
      if (lookahead == 'o') ADVANCE(39);
      END_STATE();
    case 17:
      if (lookahead == 'e') ADVANCE(40);
      END_STATE();
    case 18:
      if (lookahead == 'd') ADVANCE(41);
      END_STATE();
    case 19:
      if (lookahead == 'n') ADVANCE(42);
      END_STATE();
    case 20:
      if (lookahead == 'f') ADVANCE(43);
      END_STATE();
    case 21:
      if (lookahead == 'p') ADVANCE(44);
      END_STATE();
    case 22:
      if (lookahead == 'g') ADVANCE(45);
      END_STATE();
    case 23:
      if (lookahead == 's') ADVANCE(46);
      END_STATE();
    case 24:
      if (lookahead == 'd') ADVANCE(47);
      END_STATE();
    case 25:
      if (lookahead == 'n') ADVANCE(48);
      END_STATE();
    case 26:
      if (lookahead == 'm') ADVANCE(49);
      END_STATE();
    case 27:
      ACCEPT_TOKEN(anon_sym_in);
      if (lookahead == 'p') ADVANCE(50);
      END_STATE();
    case 28:
      if (lookahead == 'o') ADVANCE(51);
      END_STATE();
    case 29:
      if (lookahead == 'n') ADVANCE(52);
      END_STATE();
    case 30:
      if (lookahead == 't') ADVANCE(53);
      END_STATE();
    case 31:
      ACCEPT_TOKEN(anon_sym_on);
      END_STATE();
    case 32:
      ACCEPT_TOKEN(anon_sym_or);
      END_STATE();
    case 33:
      if (lookahead == 'r') ADVANCE(54);
      END_STATE();
    case 34:
      if (lookahead == 'a') ADVANCE(55);
      END_STATE();
    case 35:
      if (lookahead == 'b') ADVANCE(56);
      END_STATE();
    case 36:
      if (lookahead == 'o') ADVANCE(57);
      END_STATE();
    case 37:
      if (lookahead == 'r') ADVANCE(58);
      END_STATE();
    case 38:
      if (lookahead == 'e') ADVANCE(59);
      END_STATE();
    case 39:
      if (lookahead == 'r') ADVANCE(60);
      END_STATE();
    case 40:
      if (lookahead == 'n') ADVANCE(61);
      END_STATE();
    case 41:
      ACCEPT_TOKEN(anon_sym_and);
      END_STATE();
    case 42:
      if (lookahead == 'd') ADVANCE(62);
      if (lookahead == 't') ADVANCE(63);
      END_STATE();
    case 43:
      if (lookahead == 'a') ADVANCE(64);
      END_STATE();
    case 44:
      ACCEPT_TOKEN(anon_sym_dip);
      END_STATE();
    case 45:
      if (lookahead == 'e') ADVANCE(65);
      END_STATE();
    case 46:
      if (lookahead == 'e') ADVANCE(66);
      END_STATE();
    case 47:
      if (lookahead == 's') ADVANCE(67);
      END_STATE();
    case 48:
      if (lookahead == '_') ADVANCE(68);
      END_STATE();
    case 49:
      if (lookahead == 'a') ADVANCE(69);
      END_STATE();
    case 50:
      if (lookahead == 'u') ADVANCE(70);
      END_STATE();
    case 51:
      if (lookahead == 'p') ADVANCE(71);
      END_STATE();
    case 52:
      if (lookahead == 'a') ADVANCE(72);
      END_STATE();
    case 53:
      ACCEPT_TOKEN(anon_sym_not);
      END_STATE();
    case 54:
      if (lookahead == 'a') ADVANCE(73);
      END_STATE();
    case 55:
      if (lookahead == 'r') ADVANCE(74);
      END_STATE();
    case 56:
      if (lookahead == 'g') ADVANCE(75);
      END_STATE();
    case 57:
      if (lookahead == 'l') ADVANCE(76);
      END_STATE();
    case 58:
      if (lookahead == 's') ADVANCE(77);
      END_STATE();
    case 59:
      if (lookahead == 'n') ADVANCE(78);
      END_STATE();
    case 60:
      if (lookahead == 'k') ADVANCE(79);
      END_STATE();
    case 61:
      if (lookahead == 't') ADVANCE(80);
      END_STATE();
    case 62:
      if (lookahead == 'i') ADVANCE(81);
      END_STATE();
    case 63:
      if (lookahead == 'a') ADVANCE(82);
      END_STATE();
    case 64:
      if (lookahead == 'u') ADVANCE(83);
      END_STATE();
    case 65:
      if (lookahead == 's') ADVANCE(84);
      END_STATE();
    case 66:
      ACCEPT_TOKEN(anon_sym_else);
      END_STATE();
    case 67:
      if (lookahead == 'w') ADVANCE(85);
      END_STATE();
    case 68:
      if (lookahead == 'i') ADVANCE(86);
      END_STATE();
    case 69:
      if (lookahead == 'n') ADVANCE(87);
      END_STATE();
    case 70:
      if (lookahead == 't') ADVANCE(88);
      END_STATE();
    case 71:
      ACCEPT_TOKEN(sym_loop);
      END_STATE();
    case 72:
      if (lookahead == 'g') ADVANCE(89);
      END_STATE();
    case 73:
      if (lookahead == 'l') ADVANCE(90);
      END_STATE();
    case 74:
      if (lookahead == 't') ADVANCE(91);
      END_STATE();
    case 75:
      if (lookahead == 'r') ADVANCE(92);
      END_STATE();
    case 76:
      ACCEPT_TOKEN(anon_sym_tool);
      END_STATE();
    case 77:
      ACCEPT_TOKEN(anon_sym_vars);
      END_STATE();
    case 78:
      ACCEPT_TOKEN(anon_sym_when);
      END_STATE();
    case 79:
      if (lookahead == 'f') ADVANCE(93);
      END_STATE();
    case 80:
      ACCEPT_TOKEN(anon_sym_agent);
      END_STATE();
    case 81:
      if (lookahead == 't') ADVANCE(94);
      END_STATE();
    case 82:
      if (lookahead == 'i') ADVANCE(95);
      END_STATE();
    case 83:
      if (lookahead == 'l') ADVANCE(96);
      END_STATE();
    case 84:
      ACCEPT_TOKEN(anon_sym_edges);
      END_STATE();
    case 85:
      if (lookahead == 'i') ADVANCE(97);
      END_STATE();
    case 86:
      if (lookahead == 'n') ADVANCE(98);
      END_STATE();
    case 87:
      ACCEPT_TOKEN(anon_sym_human);
      END_STATE();
    case 88:
      if (lookahead == 's') ADVANCE(99);
      END_STATE();
    case 89:
      if (lookahead == 'e') ADVANCE(100);
      END_STATE();
    case 90:
      if (lookahead == 'l') ADVANCE(101);
      END_STATE();
    case 91:
      if (lookahead == 's') ADVANCE(102);
      END_STATE();
    case 92:
      if (lookahead == 'a') ADVANCE(103);
      END_STATE();
    case 93:
      if (lookahead == 'l') ADVANCE(104);
      END_STATE();
    case 94:
      if (lookahead == 'i') ADVANCE(105);
      END_STATE();
    case 95:
      if (lookahead == 'n') ADVANCE(106);
      END_STATE();
    case 96:
      if (lookahead == 't') ADVANCE(107);
      END_STATE();
    case 97:
      if (lookahead == 't') ADVANCE(108);
      END_STATE();
    case 98:
      ACCEPT_TOKEN(anon_sym_fan_in);
      END_STATE();
    case 99:
      ACCEPT_TOKEN(anon_sym_inputs);
      END_STATE();
    case 100:
      if (lookahead == 'r') ADVANCE(109);
      END_STATE();
    case 101:
      if (lookahead == 'e') ADVANCE(110);
      END_STATE();
    case 102:
      if (lookahead == 'w') ADVANCE(111);
      END_STATE();
    case 103:
      if (lookahead == 'p') ADVANCE(112);
      END_STATE();
    case 104:
      if (lookahead == 'o') ADVANCE(113);
      END_STATE();
    case 105:
      if (lookahead == 'o') ADVANCE(114);
      END_STATE();
    case 106:
      if (lookahead == 's') ADVANCE(115);
      END_STATE();
    case 107:
      if (lookahead == 's') ADVANCE(116);
      END_STATE();
    case 108:
      if (lookahead == 'h') ADVANCE(117);
      END_STATE();
    case 109:
      if (lookahead == '_') ADVANCE(118);
      END_STATE();
    case 110:
      if (lookahead == 'l') ADVANCE(119);
      END_STATE();
    case 111:
      if (lookahead == 'i') ADVANCE(120);
      END_STATE();
    case 112:
      if (lookahead == 'h') ADVANCE(121);
      END_STATE();
    case 113:
      if (lookahead == 'w') ADVANCE(122);
      END_STATE();
    case 114:
      if (lookahead == 'n') ADVANCE(123);
      END_STATE();
    case 115:
      ACCEPT_TOKEN(anon_sym_contains);
      END_STATE();
    case 116:
      ACCEPT_TOKEN(anon_sym_defaults);
      END_STATE();
    case 117:
      ACCEPT_TOKEN(anon_sym_endswith);
      END_STATE();
    case 118:
      if (lookahead == 'l') ADVANCE(124);
      END_STATE();
    case 119:
      ACCEPT_TOKEN(anon_sym_parallel);
      END_STATE();
    case 120:
      if (lookahead == 't') ADVANCE(125);
      END_STATE();
    case 121:
      ACCEPT_TOKEN(anon_sym_subgraph);
      END_STATE();
    case 122:
      ACCEPT_TOKEN(anon_sym_workflow);
      END_STATE();
    case 123:
      if (lookahead == 'a') ADVANCE(126);
      END_STATE();
    case 124:
      if (lookahead == 'o') ADVANCE(127);
      END_STATE();
    case 125:
      if (lookahead == 'h') ADVANCE(128);
      END_STATE();
    case 126:
      if (lookahead == 'l') ADVANCE(129);
      END_STATE();
    case 127:
      if (lookahead == 'o') ADVANCE(130);
      END_STATE();
    case 128:
      ACCEPT_TOKEN(anon_sym_startswith);
      END_STATE();
    case 129:
      ACCEPT_TOKEN(anon_sym_conditional);
      END_STATE();
    case 130:
      if (lookahead == 'p') ADVANCE(131);
      END_STATE();
    case 131:
      ACCEPT_TOKEN(anon_sym_manager_loop);
      END_STATE();
    default:
      return false;
  }
}

static const TSLexMode ts_lex_modes[STATE_COUNT] = {
  [0] = {.lex_state = 0, .external_lex_state = 1},
  [1] = {.lex_state = 16},
  [2] = {.lex_state = 16, .external_lex_state = 2},
  [3] = {.lex_state = 16, .external_lex_state = 2},
  [4] = {.lex_state = 16, .external_lex_state = 2},
  [5] = {.lex_state = 16, .external_lex_state = 2},
  [6] = {.lex_state = 16, .external_lex_state = 2},
  [7] = {.lex_state = 1, .external_lex_state = 3},
  [8] = {.lex_state = 1, .external_lex_state = 3},
  [9] = {.lex_state = 16, .external_lex_state = 4},
  [10] = {.lex_state = 16, .external_lex_state = 4},
  [11] = {.lex_state = 16, .external_lex_state = 4},
  [12] = {.lex_state = 16, .external_lex_state = 5},
  [13] = {.lex_state = 16, .external_lex_state = 4},
  [14] = {.lex_state = 16, .external_lex_state = 4},
  [15] = {.lex_state = 16, .external_lex_state = 4},
  [16] = {.lex_state = 16, .external_lex_state = 4},
  [17] = {.lex_state = 16, .external_lex_state = 4},
  [18] = {.lex_state = 16, .external_lex_state = 2},
  [19] = {.lex_state = 16, .external_lex_state = 2},
  [20] = {.lex_state = 16, .external_lex_state = 2},
  [21] = {.lex_state = 16, .external_lex_state = 2},
  [22] = {.lex_state = 16, .external_lex_state = 2},
  [23] = {.lex_state = 16, .external_lex_state = 2},
  [24] = {.lex_state = 16, .external_lex_state = 2},
  [25] = {.lex_state = 16, .external_lex_state = 2},
  [26] = {.lex_state = 16, .external_lex_state = 2},
  [27] = {.lex_state = 1, .external_lex_state = 3},
  [28] = {.lex_state = 1, .external_lex_state = 3},
  [29] = {.lex_state = 1, .external_lex_state = 3},
  [30] = {.lex_state = 16, .external_lex_state = 2},
  [31] = {.lex_state = 16, .external_lex_state = 2},
  [32] = {.lex_state = 16, .external_lex_state = 2},
  [33] = {.lex_state = 16, .external_lex_state = 2},
  [34] = {.lex_state = 2},
  [35] = {.lex_state = 1, .external_lex_state = 3},
  [36] = {.lex_state = 1, .external_lex_state = 3},
  [37] = {.lex_state = 1, .external_lex_state = 3},
  [38] = {.lex_state = 16},
  [39] = {.lex_state = 16},
  [40] = {.lex_state = 16},
  [41] = {.lex_state = 16, .external_lex_state = 2},
  [42] = {.lex_state = 16, .external_lex_state = 2},
  [43] = {.lex_state = 16, .external_lex_state = 2},
  [44] = {.lex_state = 16},
  [45] = {.lex_state = 4, .external_lex_state = 3},
  [46] = {.lex_state = 16, .external_lex_state = 6},
  [47] = {.lex_state = 16, .external_lex_state = 2},
  [48] = {.lex_state = 16, .external_lex_state = 2},
  [49] = {.lex_state = 0, .external_lex_state = 7},
  [50] = {.lex_state = 0, .external_lex_state = 7},
  [51] = {.lex_state = 16, .external_lex_state = 6},
  [52] = {.lex_state = 0, .external_lex_state = 7},
  [53] = {.lex_state = 1, .external_lex_state = 3},
  [54] = {.lex_state = 16},
  [55] = {.lex_state = 16},
  [56] = {.lex_state = 1, .external_lex_state = 3},
  [57] = {.lex_state = 16},
  [58] = {.lex_state = 1, .external_lex_state = 3},
  [59] = {.lex_state = 16, .external_lex_state = 2},
  [60] = {.lex_state = 16},
  [61] = {.lex_state = 16, .external_lex_state = 2},
  [62] = {.lex_state = 16},
  [63] = {.lex_state = 16, .external_lex_state = 2},
  [64] = {.lex_state = 16},
  [65] = {.lex_state = 16},
  [66] = {.lex_state = 0, .external_lex_state = 7},
  [67] = {.lex_state = 16},
  [68] = {.lex_state = 2},
  [69] = {.lex_state = 16, .external_lex_state = 3},
  [70] = {.lex_state = 1, .external_lex_state = 3},
  [71] = {.lex_state = 1, .external_lex_state = 3},
  [72] = {.lex_state = 16},
  [73] = {.lex_state = 5, .external_lex_state = 3},
  [74] = {.lex_state = 16},
  [75] = {.lex_state = 16},
  [76] = {.lex_state = 0, .external_lex_state = 3},
  [77] = {.lex_state = 0, .external_lex_state = 3},
  [78] = {.lex_state = 0, .external_lex_state = 3},
  [79] = {.lex_state = 0, .external_lex_state = 3},
  [80] = {.lex_state = 1},
  [81] = {.lex_state = 1},
  [82] = {.lex_state = 0},
  [83] = {.lex_state = 0, .external_lex_state = 3},
  [84] = {.lex_state = 16},
  [85] = {.lex_state = 0, .external_lex_state = 3},
  [86] = {.lex_state = 0, .external_lex_state = 3},
  [87] = {.lex_state = 0, .external_lex_state = 8},
  [88] = {.lex_state = 0, .external_lex_state = 3},
  [89] = {.lex_state = 0, .external_lex_state = 8},
  [90] = {.lex_state = 16},
  [91] = {.lex_state = 16},
  [92] = {.lex_state = 16},
  [93] = {.lex_state = 0, .external_lex_state = 3},
  [94] = {.lex_state = 0, .external_lex_state = 3},
  [95] = {.lex_state = 16},
  [96] = {.lex_state = 0, .external_lex_state = 3},
  [97] = {.lex_state = 5},
  [98] = {.lex_state = 0, .external_lex_state = 3},
  [99] = {.lex_state = 0, .external_lex_state = 3},
  [100] = {.lex_state = 1},
};

static const uint16_t ts_parse_table[LARGE_STATE_COUNT][SYMBOL_COUNT] = {
  [0] = {
    [ts_builtin_sym_end] = ACTIONS(1),
    [sym_identifier] = ACTIONS(1),
    [aux_sym_stray_token1] = ACTIONS(1),
    [anon_sym_dip] = ACTIONS(1),
    [anon_sym_workflow] = ACTIONS(1),
    [anon_sym_defaults] = ACTIONS(1),
    [anon_sym_vars] = ACTIONS(1),
    [anon_sym_inputs] = ACTIONS(1),
    [anon_sym_agent] = ACTIONS(1),
    [anon_sym_human] = ACTIONS(1),
    [anon_sym_tool] = ACTIONS(1),
    [anon_sym_subgraph] = ACTIONS(1),
    [anon_sym_conditional] = ACTIONS(1),
    [anon_sym_manager_loop] = ACTIONS(1),
    [anon_sym_parallel] = ACTIONS(1),
    [anon_sym_DASH_GT] = ACTIONS(1),
    [anon_sym_fan_in] = ACTIONS(1),
    [anon_sym_LT_DASH] = ACTIONS(1),
    [anon_sym_COMMA] = ACTIONS(1),
    [anon_sym_COLON] = ACTIONS(1),
    [anon_sym_edges] = ACTIONS(1),
    [anon_sym_else] = ACTIONS(1),
    [anon_sym_when] = ACTIONS(1),
    [anon_sym_on] = ACTIONS(1),
    [sym_loop] = ACTIONS(1),
    [aux_sym_edge_attribute_token1] = ACTIONS(1),
    [aux_sym_edge_attribute_token2] = ACTIONS(1),
    [aux_sym_edge_attribute_token3] = ACTIONS(1),
    [aux_sym_edge_attribute_token4] = ACTIONS(1),
    [aux_sym_edge_attribute_token5] = ACTIONS(1),
    [anon_sym_contains] = ACTIONS(1),
    [anon_sym_startswith] = ACTIONS(1),
    [anon_sym_endswith] = ACTIONS(1),
    [anon_sym_in] = ACTIONS(1),
    [anon_sym_and] = ACTIONS(1),
    [anon_sym_or] = ACTIONS(1),
    [anon_sym_not] = ACTIONS(1),
    [sym_operator] = ACTIONS(1),
    [sym_string] = ACTIONS(1),
    [sym_integer] = ACTIONS(1),
    [sym_comment] = ACTIONS(3),
    [sym__newline] = ACTIONS(1),
    [sym__indent] = ACTIONS(1),
    [sym__dedent] = ACTIONS(1),
    [sym__block_start] = ACTIONS(1),
    [sym_block_indent] = ACTIONS(1),
    [sym__block_text] = ACTIONS(1),
    [sym__blank_line] = ACTIONS(1),
    [sym__block_end] = ACTIONS(1),
    [sym__error_sentinel] = ACTIONS(1),
  },
  [1] = {
    [sym_source_file] = STATE(82),
    [sym_stray] = STATE(38),
    [sym_version] = STATE(44),
    [sym_workflow] = STATE(38),
    [aux_sym_source_file_repeat1] = STATE(38),
    [ts_builtin_sym_end] = ACTIONS(5),
    [aux_sym_stray_token1] = ACTIONS(7),
    [anon_sym_dip] = ACTIONS(9),
    [anon_sym_workflow] = ACTIONS(11),
    [sym_comment] = ACTIONS(3),
  },
};

static const uint16_t ts_small_parse_table[] = {
  [0] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(19), 1,
      anon_sym_parallel,
    ACTIONS(21), 1,
      anon_sym_fan_in,
    ACTIONS(23), 1,
      anon_sym_edges,
    ACTIONS(25), 1,
      sym__dedent,
    ACTIONS(15), 3,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
    ACTIONS(17), 6,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
    STATE(3), 8,
      sym__workflow_item,
      sym_section,
      sym_node,
      sym_parallel,
      sym_fan_in,
      sym_field,
      sym_edges,
      aux_sym_workflow_repeat1,
  [42] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(19), 1,
      anon_sym_parallel,
    ACTIONS(21), 1,
      anon_sym_fan_in,
    ACTIONS(23), 1,
      anon_sym_edges,
    ACTIONS(27), 1,
      sym__dedent,
    ACTIONS(15), 3,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
    ACTIONS(17), 6,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
    STATE(5), 8,
      sym__workflow_item,
      sym_section,
      sym_node,
      sym_parallel,
      sym_fan_in,
      sym_field,
      sym_edges,
      aux_sym_workflow_repeat1,
  [84] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(19), 1,
      anon_sym_parallel,
    ACTIONS(21), 1,
      anon_sym_fan_in,
    ACTIONS(23), 1,
      anon_sym_edges,
    ACTIONS(29), 1,
      sym__dedent,
    ACTIONS(15), 3,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
    ACTIONS(17), 6,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
    STATE(6), 8,
      sym__workflow_item,
      sym_section,
      sym_node,
      sym_parallel,
      sym_fan_in,
      sym_field,
      sym_edges,
      aux_sym_workflow_repeat1,
  [126] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(31), 1,
      sym_identifier,
    ACTIONS(40), 1,
      anon_sym_parallel,
    ACTIONS(43), 1,
      anon_sym_fan_in,
    ACTIONS(46), 1,
      anon_sym_edges,
    ACTIONS(49), 1,
      sym__dedent,
    ACTIONS(34), 3,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
    ACTIONS(37), 6,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
    STATE(5), 8,
      sym__workflow_item,
      sym_section,
      sym_node,
      sym_parallel,
      sym_fan_in,
      sym_field,
      sym_edges,
      aux_sym_workflow_repeat1,
  [168] = 9,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(13), 1,
      sym_identifier,
    ACTIONS(19), 1,
      anon_sym_parallel,
    ACTIONS(21), 1,
      anon_sym_fan_in,
    ACTIONS(23), 1,
      anon_sym_edges,
    ACTIONS(51), 1,
      sym__dedent,
    ACTIONS(15), 3,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
    ACTIONS(17), 6,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
    STATE(5), 8,
      sym__workflow_item,
      sym_section,
      sym_node,
      sym_parallel,
      sym_fan_in,
      sym_field,
      sym_edges,
      aux_sym_workflow_repeat1,
  [210] = 6,
    ACTIONS(3), 1,
      sym_comment,
    STATE(8), 1,
      aux_sym_condition_repeat1,
    ACTIONS(59), 2,
      sym_operator,
      sym_string,
    ACTIONS(55), 3,
      anon_sym_when,
      anon_sym_on,
      sym_loop,
    ACTIONS(57), 6,
      sym__newline,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
    ACTIONS(53), 8,
      anon_sym_contains,
      anon_sym_startswith,
      anon_sym_endswith,
      anon_sym_in,
      anon_sym_and,
      anon_sym_or,
      anon_sym_not,
      sym_identifier,
  [244] = 6,
    ACTIONS(3), 1,
      sym_comment,
    STATE(8), 1,
      aux_sym_condition_repeat1,
    ACTIONS(68), 2,
      sym_operator,
      sym_string,
    ACTIONS(64), 3,
      anon_sym_when,
      anon_sym_on,
      sym_loop,
    ACTIONS(66), 6,
      sym__newline,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
    ACTIONS(61), 8,
      anon_sym_contains,
      anon_sym_startswith,
      anon_sym_endswith,
      anon_sym_in,
      anon_sym_and,
      anon_sym_or,
      anon_sym_not,
      sym_identifier,
  [278] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(75), 1,
      sym__dedent,
    STATE(19), 1,
      sym_block,
    ACTIONS(71), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [306] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(79), 1,
      sym__dedent,
    STATE(22), 1,
      sym_block,
    ACTIONS(77), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [334] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(83), 1,
      sym__dedent,
    STATE(21), 1,
      sym_block,
    ACTIONS(81), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [362] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(87), 1,
      sym__dedent,
    ACTIONS(89), 1,
      sym__block_start,
    STATE(33), 1,
      sym_block_content,
    ACTIONS(85), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [390] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(93), 1,
      sym__dedent,
    STATE(25), 1,
      sym_block,
    ACTIONS(91), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [418] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(97), 1,
      sym__dedent,
    STATE(26), 1,
      sym_block,
    ACTIONS(95), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [446] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(101), 1,
      sym__dedent,
    STATE(18), 1,
      sym_block,
    ACTIONS(99), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [474] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(73), 1,
      sym__indent,
    ACTIONS(105), 1,
      sym__dedent,
    STATE(24), 1,
      sym_block,
    ACTIONS(103), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [502] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(109), 1,
      sym__indent,
    ACTIONS(111), 1,
      sym__dedent,
    ACTIONS(107), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [527] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(115), 1,
      sym__dedent,
    ACTIONS(113), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [549] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(119), 1,
      sym__dedent,
    ACTIONS(117), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [571] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(123), 1,
      sym__dedent,
    ACTIONS(121), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [593] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(127), 1,
      sym__dedent,
    ACTIONS(125), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [615] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(131), 1,
      sym__dedent,
    ACTIONS(129), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [637] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(135), 1,
      sym__dedent,
    ACTIONS(133), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [659] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(139), 1,
      sym__dedent,
    ACTIONS(137), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [681] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(143), 1,
      sym__dedent,
    ACTIONS(141), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [703] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(147), 1,
      sym__dedent,
    ACTIONS(145), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [725] = 7,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(149), 1,
      anon_sym_when,
    ACTIONS(151), 1,
      anon_sym_on,
    ACTIONS(153), 1,
      sym_loop,
    ACTIONS(157), 1,
      sym__newline,
    ACTIONS(155), 5,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
    STATE(29), 5,
      sym__edge_attribute,
      sym_when,
      sym_on,
      sym_edge_attribute,
      aux_sym_edge_repeat1,
  [755] = 7,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(159), 1,
      anon_sym_when,
    ACTIONS(162), 1,
      anon_sym_on,
    ACTIONS(165), 1,
      sym_loop,
    ACTIONS(171), 1,
      sym__newline,
    ACTIONS(168), 5,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
    STATE(28), 5,
      sym__edge_attribute,
      sym_when,
      sym_on,
      sym_edge_attribute,
      aux_sym_edge_repeat1,
  [785] = 7,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(149), 1,
      anon_sym_when,
    ACTIONS(151), 1,
      anon_sym_on,
    ACTIONS(173), 1,
      sym_loop,
    ACTIONS(175), 1,
      sym__newline,
    ACTIONS(155), 5,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
    STATE(28), 5,
      sym__edge_attribute,
      sym_when,
      sym_on,
      sym_edge_attribute,
      aux_sym_edge_repeat1,
  [815] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(179), 1,
      sym__dedent,
    ACTIONS(177), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [837] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(183), 1,
      sym__dedent,
    ACTIONS(181), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [859] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(187), 1,
      sym__dedent,
    ACTIONS(185), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [881] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(191), 1,
      sym__dedent,
    ACTIONS(189), 13,
      anon_sym_defaults,
      anon_sym_vars,
      anon_sym_inputs,
      anon_sym_agent,
      anon_sym_human,
      anon_sym_tool,
      anon_sym_subgraph,
      anon_sym_conditional,
      anon_sym_manager_loop,
      anon_sym_parallel,
      anon_sym_fan_in,
      anon_sym_edges,
      sym_identifier,
  [903] = 5,
    ACTIONS(3), 1,
      sym_comment,
    STATE(7), 1,
      aux_sym_condition_repeat1,
    STATE(37), 1,
      sym_condition,
    ACTIONS(195), 2,
      sym_operator,
      sym_string,
    ACTIONS(193), 8,
      anon_sym_contains,
      anon_sym_startswith,
      anon_sym_endswith,
      anon_sym_in,
      anon_sym_and,
      anon_sym_or,
      anon_sym_not,
      sym_identifier,
  [927] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(197), 9,
      sym__newline,
      anon_sym_when,
      anon_sym_on,
      sym_loop,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
  [942] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(199), 9,
      sym__newline,
      anon_sym_when,
      anon_sym_on,
      sym_loop,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
  [957] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(201), 9,
      sym__newline,
      anon_sym_when,
      anon_sym_on,
      sym_loop,
      aux_sym_edge_attribute_token1,
      aux_sym_edge_attribute_token2,
      aux_sym_edge_attribute_token3,
      aux_sym_edge_attribute_token4,
      aux_sym_edge_attribute_token5,
  [972] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(7), 1,
      aux_sym_stray_token1,
    ACTIONS(11), 1,
      anon_sym_workflow,
    ACTIONS(203), 1,
      ts_builtin_sym_end,
    STATE(40), 3,
      sym_stray,
      sym_workflow,
      aux_sym_source_file_repeat1,
  [990] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(7), 1,
      aux_sym_stray_token1,
    ACTIONS(11), 1,
      anon_sym_workflow,
    ACTIONS(205), 1,
      ts_builtin_sym_end,
    STATE(40), 3,
      sym_stray,
      sym_workflow,
      aux_sym_source_file_repeat1,
  [1008] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(207), 1,
      ts_builtin_sym_end,
    ACTIONS(209), 1,
      aux_sym_stray_token1,
    ACTIONS(212), 1,
      anon_sym_workflow,
    STATE(40), 3,
      sym_stray,
      sym_workflow,
      aux_sym_source_file_repeat1,
  [1026] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(215), 1,
      sym_identifier,
    ACTIONS(217), 1,
      anon_sym_else,
    ACTIONS(219), 1,
      sym__dedent,
    STATE(42), 3,
      sym_edge,
      sym_else_edge,
      aux_sym_edges_repeat1,
  [1044] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(215), 1,
      sym_identifier,
    ACTIONS(217), 1,
      anon_sym_else,
    ACTIONS(221), 1,
      sym__dedent,
    STATE(43), 3,
      sym_edge,
      sym_else_edge,
      aux_sym_edges_repeat1,
  [1062] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(223), 1,
      sym_identifier,
    ACTIONS(226), 1,
      anon_sym_else,
    ACTIONS(229), 1,
      sym__dedent,
    STATE(43), 3,
      sym_edge,
      sym_else_edge,
      aux_sym_edges_repeat1,
  [1080] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(7), 1,
      aux_sym_stray_token1,
    ACTIONS(11), 1,
      anon_sym_workflow,
    ACTIONS(203), 1,
      ts_builtin_sym_end,
    STATE(39), 3,
      sym_stray,
      sym_workflow,
      aux_sym_source_file_repeat1,
  [1098] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(233), 1,
      sym__newline,
    STATE(88), 1,
      sym_value,
    ACTIONS(231), 2,
      sym_text,
      sym_string,
  [1112] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(237), 1,
      sym__indent,
    ACTIONS(235), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1124] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(239), 1,
      sym_identifier,
    ACTIONS(241), 1,
      sym__dedent,
    STATE(48), 2,
      sym_field,
      aux_sym_block_repeat1,
  [1138] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(243), 1,
      sym_identifier,
    ACTIONS(246), 1,
      sym__dedent,
    STATE(48), 2,
      sym_field,
      aux_sym_block_repeat1,
  [1152] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(248), 1,
      sym_block_indent,
    ACTIONS(250), 1,
      sym__blank_line,
    ACTIONS(252), 1,
      sym__block_end,
    STATE(50), 1,
      aux_sym_block_content_repeat1,
  [1168] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(248), 1,
      sym_block_indent,
    ACTIONS(254), 1,
      sym__blank_line,
    ACTIONS(256), 1,
      sym__block_end,
    STATE(52), 1,
      aux_sym_block_content_repeat1,
  [1184] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(260), 1,
      sym__indent,
    ACTIONS(258), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1196] = 5,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(262), 1,
      sym_block_indent,
    ACTIONS(265), 1,
      sym__blank_line,
    ACTIONS(268), 1,
      sym__block_end,
    STATE(52), 1,
      aux_sym_block_content_repeat1,
  [1212] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(270), 1,
      anon_sym_COMMA,
    ACTIONS(272), 1,
      sym__newline,
    STATE(56), 1,
      aux_sym_member_list_repeat1,
  [1225] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(274), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1234] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(276), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1243] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(270), 1,
      anon_sym_COMMA,
    ACTIONS(278), 1,
      sym__newline,
    STATE(58), 1,
      aux_sym_member_list_repeat1,
  [1256] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(280), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1265] = 4,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(282), 1,
      anon_sym_COMMA,
    ACTIONS(285), 1,
      sym__newline,
    STATE(58), 1,
      aux_sym_member_list_repeat1,
  [1278] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(289), 1,
      sym__dedent,
    ACTIONS(287), 2,
      anon_sym_else,
      sym_identifier,
  [1289] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(291), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1298] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(295), 1,
      sym__dedent,
    ACTIONS(293), 2,
      anon_sym_else,
      sym_identifier,
  [1309] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(297), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1318] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(301), 1,
      sym__dedent,
    ACTIONS(299), 2,
      anon_sym_else,
      sym_identifier,
  [1329] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(239), 1,
      sym_identifier,
    STATE(47), 2,
      sym_field,
      aux_sym_block_repeat1,
  [1340] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(303), 3,
      ts_builtin_sym_end,
      aux_sym_stray_token1,
      anon_sym_workflow,
  [1349] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(305), 3,
      sym_block_indent,
      sym__blank_line,
      sym__block_end,
  [1358] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(307), 1,
      sym_identifier,
    STATE(94), 1,
      sym_member_list,
  [1368] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(309), 2,
      sym_string,
      sym_identifier,
  [1376] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(311), 1,
      sym_identifier,
    ACTIONS(313), 1,
      sym__newline,
  [1386] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(285), 2,
      sym__newline,
      anon_sym_COMMA,
  [1394] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(315), 1,
      anon_sym_DASH_GT,
    ACTIONS(317), 1,
      sym__newline,
  [1404] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(307), 1,
      sym_identifier,
    STATE(83), 1,
      sym_member_list,
  [1414] = 3,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(319), 1,
      anon_sym_LT_DASH,
    ACTIONS(321), 1,
      sym__newline,
  [1424] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(323), 1,
      sym_identifier,
  [1431] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(325), 1,
      sym_identifier,
  [1438] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(327), 1,
      sym__newline,
  [1445] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(329), 1,
      sym__newline,
  [1452] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(331), 1,
      sym__newline,
  [1459] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(333), 1,
      sym__newline,
  [1466] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(335), 1,
      anon_sym_DASH_GT,
  [1473] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(337), 1,
      anon_sym_DASH_GT,
  [1480] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(339), 1,
      ts_builtin_sym_end,
  [1487] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(341), 1,
      sym__newline,
  [1494] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(343), 1,
      sym_identifier,
  [1501] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(345), 1,
      sym__newline,
  [1508] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(347), 1,
      sym__newline,
  [1515] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(349), 1,
      sym__block_text,
  [1522] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(351), 1,
      sym__newline,
  [1529] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(353), 1,
      sym__block_text,
  [1536] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(355), 1,
      sym_identifier,
  [1543] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(357), 1,
      sym_identifier,
  [1550] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(359), 1,
      sym_identifier,
  [1557] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(361), 1,
      sym__newline,
  [1564] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(363), 1,
      sym__newline,
  [1571] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(365), 1,
      sym_identifier,
  [1578] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(367), 1,
      sym__newline,
  [1585] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(369), 1,
      sym_integer,
  [1592] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(371), 1,
      sym__newline,
  [1599] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(373), 1,
      sym__newline,
  [1606] = 2,
    ACTIONS(3), 1,
      sym_comment,
    ACTIONS(375), 1,
      anon_sym_COLON,
};

static const uint32_t ts_small_parse_table_map[] = {
  [SMALL_STATE(2)] = 0,
  [SMALL_STATE(3)] = 42,
  [SMALL_STATE(4)] = 84,
  [SMALL_STATE(5)] = 126,
  [SMALL_STATE(6)] = 168,
  [SMALL_STATE(7)] = 210,
  [SMALL_STATE(8)] = 244,
  [SMALL_STATE(9)] = 278,
  [SMALL_STATE(10)] = 306,
  [SMALL_STATE(11)] = 334,
  [SMALL_STATE(12)] = 362,
  [SMALL_STATE(13)] = 390,
  [SMALL_STATE(14)] = 418,
  [SMALL_STATE(15)] = 446,
  [SMALL_STATE(16)] = 474,
  [SMALL_STATE(17)] = 502,
  [SMALL_STATE(18)] = 527,
  [SMALL_STATE(19)] = 549,
  [SMALL_STATE(20)] = 571,
  [SMALL_STATE(21)] = 593,
  [SMALL_STATE(22)] = 615,
  [SMALL_STATE(23)] = 637,
  [SMALL_STATE(24)] = 659,
  [SMALL_STATE(25)] = 681,
  [SMALL_STATE(26)] = 703,
  [SMALL_STATE(27)] = 725,
  [SMALL_STATE(28)] = 755,
  [SMALL_STATE(29)] = 785,
  [SMALL_STATE(30)] = 815,
  [SMALL_STATE(31)] = 837,
  [SMALL_STATE(32)] = 859,
  [SMALL_STATE(33)] = 881,
  [SMALL_STATE(34)] = 903,
  [SMALL_STATE(35)] = 927,
  [SMALL_STATE(36)] = 942,
  [SMALL_STATE(37)] = 957,
  [SMALL_STATE(38)] = 972,
  [SMALL_STATE(39)] = 990,
  [SMALL_STATE(40)] = 1008,
  [SMALL_STATE(41)] = 1026,
  [SMALL_STATE(42)] = 1044,
  [SMALL_STATE(43)] = 1062,
  [SMALL_STATE(44)] = 1080,
  [SMALL_STATE(45)] = 1098,
  [SMALL_STATE(46)] = 1112,
  [SMALL_STATE(47)] = 1124,
  [SMALL_STATE(48)] = 1138,
  [SMALL_STATE(49)] = 1152,
  [SMALL_STATE(50)] = 1168,
  [SMALL_STATE(51)] = 1184,
  [SMALL_STATE(52)] = 1196,
  [SMALL_STATE(53)] = 1212,
  [SMALL_STATE(54)] = 1225,
  [SMALL_STATE(55)] = 1234,
  [SMALL_STATE(56)] = 1243,
  [SMALL_STATE(57)] = 1256,
  [SMALL_STATE(58)] = 1265,
  [SMALL_STATE(59)] = 1278,
  [SMALL_STATE(60)] = 1289,
  [SMALL_STATE(61)] = 1298,
  [SMALL_STATE(62)] = 1309,
  [SMALL_STATE(63)] = 1318,
  [SMALL_STATE(64)] = 1329,
  [SMALL_STATE(65)] = 1340,
  [SMALL_STATE(66)] = 1349,
  [SMALL_STATE(67)] = 1358,
  [SMALL_STATE(68)] = 1368,
  [SMALL_STATE(69)] = 1376,
  [SMALL_STATE(70)] = 1386,
  [SMALL_STATE(71)] = 1394,
  [SMALL_STATE(72)] = 1404,
  [SMALL_STATE(73)] = 1414,
  [SMALL_STATE(74)] = 1424,
  [SMALL_STATE(75)] = 1431,
  [SMALL_STATE(76)] = 1438,
  [SMALL_STATE(77)] = 1445,
  [SMALL_STATE(78)] = 1452,
  [SMALL_STATE(79)] = 1459,
  [SMALL_STATE(80)] = 1466,
  [SMALL_STATE(81)] = 1473,
  [SMALL_STATE(82)] = 1480,
  [SMALL_STATE(83)] = 1487,
  [SMALL_STATE(84)] = 1494,
  [SMALL_STATE(85)] = 1501,
  [SMALL_STATE(86)] = 1508,
  [SMALL_STATE(87)] = 1515,
  [SMALL_STATE(88)] = 1522,
  [SMALL_STATE(89)] = 1529,
  [SMALL_STATE(90)] = 1536,
  [SMALL_STATE(91)] = 1543,
  [SMALL_STATE(92)] = 1550,
  [SMALL_STATE(93)] = 1557,
  [SMALL_STATE(94)] = 1564,
  [SMALL_STATE(95)] = 1571,
  [SMALL_STATE(96)] = 1578,
  [SMALL_STATE(97)] = 1585,
  [SMALL_STATE(98)] = 1592,
  [SMALL_STATE(99)] = 1599,
  [SMALL_STATE(100)] = 1606,
};

static const TSParseActionEntry ts_parse_actions[] = {
  [0] = {.entry = {.count = 0, .reusable = false}},
  [1] = {.entry = {.count = 1, .reusable = false}}, RECOVER(),
  [3] = {.entry = {.count = 1, .reusable = true}}, SHIFT_EXTRA(),
  [5] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 0, 0, 0),
  [7] = {.entry = {.count = 1, .reusable = true}}, SHIFT(86),
  [9] = {.entry = {.count = 1, .reusable = true}}, SHIFT(97),
  [11] = {.entry = {.count = 1, .reusable = true}}, SHIFT(69),
  [13] = {.entry = {.count = 1, .reusable = false}}, SHIFT(100),
  [15] = {.entry = {.count = 1, .reusable = false}}, SHIFT(85),
  [17] = {.entry = {.count = 1, .reusable = false}}, SHIFT(90),
  [19] = {.entry = {.count = 1, .reusable = false}}, SHIFT(91),
  [21] = {.entry = {.count = 1, .reusable = false}}, SHIFT(92),
  [23] = {.entry = {.count = 1, .reusable = false}}, SHIFT(98),
  [25] = {.entry = {.count = 1, .reusable = true}}, SHIFT(55),
  [27] = {.entry = {.count = 1, .reusable = true}}, SHIFT(60),
  [29] = {.entry = {.count = 1, .reusable = true}}, SHIFT(62),
  [31] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0), SHIFT_REPEAT(100),
  [34] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0), SHIFT_REPEAT(85),
  [37] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0), SHIFT_REPEAT(90),
  [40] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0), SHIFT_REPEAT(91),
  [43] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0), SHIFT_REPEAT(92),
  [46] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0), SHIFT_REPEAT(98),
  [49] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_workflow_repeat1, 2, 0, 0),
  [51] = {.entry = {.count = 1, .reusable = true}}, SHIFT(54),
  [53] = {.entry = {.count = 1, .reusable = false}}, SHIFT(8),
  [55] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_condition, 1, 0, 0),
  [57] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_condition, 1, 0, 0),
  [59] = {.entry = {.count = 1, .reusable = true}}, SHIFT(8),
  [61] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_condition_repeat1, 2, 0, 0), SHIFT_REPEAT(8),
  [64] = {.entry = {.count = 1, .reusable = false}}, REDUCE(aux_sym_condition_repeat1, 2, 0, 0),
  [66] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_condition_repeat1, 2, 0, 0),
  [68] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_condition_repeat1, 2, 0, 0), SHIFT_REPEAT(8),
  [71] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_node, 3, 0, 5),
  [73] = {.entry = {.count = 1, .reusable = true}}, SHIFT(64),
  [75] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_node, 3, 0, 5),
  [77] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_section, 2, 0, 3),
  [79] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_section, 2, 0, 3),
  [81] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_parallel, 3, 0, 5),
  [83] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_parallel, 3, 0, 5),
  [85] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_field, 3, 0, 6),
  [87] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_field, 3, 0, 6),
  [89] = {.entry = {.count = 1, .reusable = true}}, SHIFT(89),
  [91] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_parallel, 5, 0, 10),
  [93] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_parallel, 5, 0, 10),
  [95] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_fan_in, 5, 0, 10),
  [97] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_fan_in, 5, 0, 10),
  [99] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_fan_in, 3, 0, 5),
  [101] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_fan_in, 3, 0, 5),
  [103] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_field, 4, 0, 9),
  [105] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_field, 4, 0, 9),
  [107] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_edges, 2, 0, 0),
  [109] = {.entry = {.count = 1, .reusable = true}}, SHIFT(41),
  [111] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_edges, 2, 0, 0),
  [113] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_fan_in, 4, 0, 7),
  [115] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_fan_in, 4, 0, 7),
  [117] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_node, 4, 0, 7),
  [119] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_node, 4, 0, 7),
  [121] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block, 3, 0, 0),
  [123] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block, 3, 0, 0),
  [125] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_parallel, 4, 0, 7),
  [127] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_parallel, 4, 0, 7),
  [129] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_section, 3, 0, 4),
  [131] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_section, 3, 0, 4),
  [133] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_edges, 5, 0, 0),
  [135] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_edges, 5, 0, 0),
  [137] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_field, 5, 0, 11),
  [139] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_field, 5, 0, 11),
  [141] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_parallel, 6, 0, 12),
  [143] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_parallel, 6, 0, 12),
  [145] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_fan_in, 6, 0, 12),
  [147] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_fan_in, 6, 0, 12),
  [149] = {.entry = {.count = 1, .reusable = true}}, SHIFT(34),
  [151] = {.entry = {.count = 1, .reusable = true}}, SHIFT(74),
  [153] = {.entry = {.count = 1, .reusable = true}}, SHIFT(29),
  [155] = {.entry = {.count = 1, .reusable = true}}, SHIFT(68),
  [157] = {.entry = {.count = 1, .reusable = true}}, SHIFT(61),
  [159] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_edge_repeat1, 2, 0, 0), SHIFT_REPEAT(34),
  [162] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_edge_repeat1, 2, 0, 0), SHIFT_REPEAT(74),
  [165] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_edge_repeat1, 2, 0, 0), SHIFT_REPEAT(28),
  [168] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_edge_repeat1, 2, 0, 0), SHIFT_REPEAT(68),
  [171] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_edge_repeat1, 2, 0, 0),
  [173] = {.entry = {.count = 1, .reusable = true}}, SHIFT(28),
  [175] = {.entry = {.count = 1, .reusable = true}}, SHIFT(63),
  [177] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_content, 4, 0, 0),
  [179] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_content, 4, 0, 0),
  [181] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_block_content, 5, 0, 0),
  [183] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_block_content, 5, 0, 0),
  [185] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_edges, 4, 0, 0),
  [187] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_edges, 4, 0, 0),
  [189] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_field, 4, 0, 8),
  [191] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_field, 4, 0, 8),
  [193] = {.entry = {.count = 1, .reusable = false}}, SHIFT(7),
  [195] = {.entry = {.count = 1, .reusable = true}}, SHIFT(7),
  [197] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_edge_attribute, 2, 0, 17),
  [199] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_on, 2, 0, 16),
  [201] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_when, 2, 0, 15),
  [203] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 1, 0, 0),
  [205] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_source_file, 2, 0, 0),
  [207] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0),
  [209] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(86),
  [212] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_source_file_repeat1, 2, 0, 0), SHIFT_REPEAT(69),
  [215] = {.entry = {.count = 1, .reusable = false}}, SHIFT(81),
  [217] = {.entry = {.count = 1, .reusable = false}}, SHIFT(80),
  [219] = {.entry = {.count = 1, .reusable = true}}, SHIFT(32),
  [221] = {.entry = {.count = 1, .reusable = true}}, SHIFT(23),
  [223] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_edges_repeat1, 2, 0, 0), SHIFT_REPEAT(81),
  [226] = {.entry = {.count = 2, .reusable = false}}, REDUCE(aux_sym_edges_repeat1, 2, 0, 0), SHIFT_REPEAT(80),
  [229] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_edges_repeat1, 2, 0, 0),
  [231] = {.entry = {.count = 1, .reusable = true}}, SHIFT(76),
  [233] = {.entry = {.count = 1, .reusable = true}}, SHIFT(12),
  [235] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_workflow, 3, 0, 2),
  [237] = {.entry = {.count = 1, .reusable = true}}, SHIFT(4),
  [239] = {.entry = {.count = 1, .reusable = true}}, SHIFT(100),
  [241] = {.entry = {.count = 1, .reusable = true}}, SHIFT(20),
  [243] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_block_repeat1, 2, 0, 0), SHIFT_REPEAT(100),
  [246] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_block_repeat1, 2, 0, 0),
  [248] = {.entry = {.count = 1, .reusable = true}}, SHIFT(87),
  [250] = {.entry = {.count = 1, .reusable = true}}, SHIFT(50),
  [252] = {.entry = {.count = 1, .reusable = true}}, SHIFT(30),
  [254] = {.entry = {.count = 1, .reusable = true}}, SHIFT(52),
  [256] = {.entry = {.count = 1, .reusable = true}}, SHIFT(31),
  [258] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_workflow, 2, 0, 0),
  [260] = {.entry = {.count = 1, .reusable = true}}, SHIFT(2),
  [262] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_block_content_repeat1, 2, 0, 0), SHIFT_REPEAT(87),
  [265] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_block_content_repeat1, 2, 0, 0), SHIFT_REPEAT(52),
  [268] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_block_content_repeat1, 2, 0, 0),
  [270] = {.entry = {.count = 1, .reusable = true}}, SHIFT(95),
  [272] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_member_list, 1, 0, 0),
  [274] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_workflow, 6, 0, 2),
  [276] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_workflow, 4, 0, 0),
  [278] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_member_list, 2, 0, 0),
  [280] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_version, 3, 0, 1),
  [282] = {.entry = {.count = 2, .reusable = true}}, REDUCE(aux_sym_member_list_repeat1, 2, 0, 0), SHIFT_REPEAT(95),
  [285] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_member_list_repeat1, 2, 0, 0),
  [287] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_else_edge, 4, 0, 13),
  [289] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_else_edge, 4, 0, 13),
  [291] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_workflow, 5, 0, 0),
  [293] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_edge, 4, 0, 14),
  [295] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_edge, 4, 0, 14),
  [297] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_workflow, 5, 0, 2),
  [299] = {.entry = {.count = 1, .reusable = false}}, REDUCE(sym_edge, 5, 0, 14),
  [301] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_edge, 5, 0, 14),
  [303] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_stray, 2, 0, 0),
  [305] = {.entry = {.count = 1, .reusable = true}}, REDUCE(aux_sym_block_content_repeat1, 3, 0, 0),
  [307] = {.entry = {.count = 1, .reusable = true}}, SHIFT(53),
  [309] = {.entry = {.count = 1, .reusable = true}}, SHIFT(35),
  [311] = {.entry = {.count = 1, .reusable = true}}, SHIFT(99),
  [313] = {.entry = {.count = 1, .reusable = true}}, SHIFT(51),
  [315] = {.entry = {.count = 1, .reusable = true}}, SHIFT(67),
  [317] = {.entry = {.count = 1, .reusable = true}}, SHIFT(11),
  [319] = {.entry = {.count = 1, .reusable = true}}, SHIFT(72),
  [321] = {.entry = {.count = 1, .reusable = true}}, SHIFT(15),
  [323] = {.entry = {.count = 1, .reusable = true}}, SHIFT(36),
  [325] = {.entry = {.count = 1, .reusable = true}}, SHIFT(27),
  [327] = {.entry = {.count = 1, .reusable = true}}, REDUCE(sym_value, 1, 0, 0),
  [329] = {.entry = {.count = 1, .reusable = true}}, SHIFT(9),
  [331] = {.entry = {.count = 1, .reusable = true}}, SHIFT(59),
  [333] = {.entry = {.count = 1, .reusable = true}}, SHIFT(49),
  [335] = {.entry = {.count = 1, .reusable = true}}, SHIFT(84),
  [337] = {.entry = {.count = 1, .reusable = true}}, SHIFT(75),
  [339] = {.entry = {.count = 1, .reusable = true}},  ACCEPT_INPUT(),
  [341] = {.entry = {.count = 1, .reusable = true}}, SHIFT(14),
  [343] = {.entry = {.count = 1, .reusable = true}}, SHIFT(78),
  [345] = {.entry = {.count = 1, .reusable = true}}, SHIFT(10),
  [347] = {.entry = {.count = 1, .reusable = true}}, SHIFT(65),
  [349] = {.entry = {.count = 1, .reusable = true}}, SHIFT(96),
  [351] = {.entry = {.count = 1, .reusable = true}}, SHIFT(16),
  [353] = {.entry = {.count = 1, .reusable = true}}, SHIFT(79),
  [355] = {.entry = {.count = 1, .reusable = true}}, SHIFT(77),
  [357] = {.entry = {.count = 1, .reusable = true}}, SHIFT(71),
  [359] = {.entry = {.count = 1, .reusable = true}}, SHIFT(73),
  [361] = {.entry = {.count = 1, .reusable = true}}, SHIFT(57),
  [363] = {.entry = {.count = 1, .reusable = true}}, SHIFT(13),
  [365] = {.entry = {.count = 1, .reusable = true}}, SHIFT(70),
  [367] = {.entry = {.count = 1, .reusable = true}}, SHIFT(66),
  [369] = {.entry = {.count = 1, .reusable = true}}, SHIFT(93),
  [371] = {.entry = {.count = 1, .reusable = true}}, SHIFT(17),
  [373] = {.entry = {.count = 1, .reusable = true}}, SHIFT(46),
  [375] = {.entry = {.count = 1, .reusable = true}}, SHIFT(45),
};

enum ts_external_scanner_symbol_identifiers {
  ts_external_token__newline = 0,
  ts_external_token__indent = 1,
  ts_external_token__dedent = 2,
  ts_external_token__block_start = 3,
  ts_external_token_block_indent = 4,
  ts_external_token__block_text = 5,
  ts_external_token__blank_line = 6,
  ts_external_token__block_end = 7,
  ts_external_token__error_sentinel = 8,
};

static const TSSymbol ts_external_scanner_symbol_map[EXTERNAL_TOKEN_COUNT] = {
  [ts_external_token__newline] = sym__newline,
  [ts_external_token__indent] = sym__indent,
  [ts_external_token__dedent] = sym__dedent,
  [ts_external_token__block_start] = sym__block_start,
  [ts_external_token_block_indent] = sym_block_indent,
  [ts_external_token__block_text] = sym__block_text,
  [ts_external_token__blank_line] = sym__blank_line,
  [ts_external_token__block_end] = sym__block_end,
  [ts_external_token__error_sentinel] = sym__error_sentinel,
};

static const bool ts_external_scanner_states[9][EXTERNAL_TOKEN_COUNT] = {
  [1] = {
    [ts_external_token__newline] = true,
    [ts_external_token__indent] = true,
    [ts_external_token__dedent] = true,
    [ts_external_token__block_start] = true,
    [ts_external_token_block_indent] = true,
    [ts_external_token__block_text] = true,
    [ts_external_token__blank_line] = true,
    [ts_external_token__block_end] = true,
    [ts_external_token__error_sentinel] = true,
  },
  [2] = {
    [ts_external_token__dedent] = true,
  },
  [3] = {
    [ts_external_token__newline] = true,
  },
  [4] = {
    [ts_external_token__indent] = true,
    [ts_external_token__dedent] = true,
  },
  [5] = {
    [ts_external_token__dedent] = true,
    [ts_external_token__block_start] = true,
  },
  [6] = {
    [ts_external_token__indent] = true,
  },
  [7] = {
    [ts_external_token_block_indent] = true,
    [ts_external_token__blank_line] = true,
    [ts_external_token__block_end] = true,
  },
  [8] = {
    [ts_external_token__block_text] = true,
  },
};

#ifdef __cplusplus
extern "C" {
#endif
void *tree_sitter_dip_external_scanner_create(void);
void tree_sitter_dip_external_scanner_destroy(void *);
bool tree_sitter_dip_external_scanner_scan(void *, TSLexer *, const bool *);
unsigned tree_sitter_dip_external_scanner_serialize(void *, char *);
void tree_sitter_dip_external_scanner_deserialize(void *, const char *, unsigned);

#ifdef TREE_SITTER_HIDE_SYMBOLS
#define TS_PUBLIC
#elif defined(_WIN32)
#define TS_PUBLIC __declspec(dllexport)
#else
#define TS_PUBLIC __attribute__((visibility("default")))
#endif

TS_PUBLIC const TSLanguage *tree_sitter_dip(void) {
  static const TSLanguage language = {
    .version = LANGUAGE_VERSION,
    .symbol_count = SYMBOL_COUNT,
    .alias_count = ALIAS_COUNT,
    .token_count = TOKEN_COUNT,
    .external_token_count = EXTERNAL_TOKEN_COUNT,
    .state_count = STATE_COUNT,
    .large_state_count = LARGE_STATE_COUNT,
    .production_id_count = PRODUCTION_ID_COUNT,
    .field_count = FIELD_COUNT,
    .max_alias_sequence_length = MAX_ALIAS_SEQUENCE_LENGTH,
    .parse_table = &ts_parse_table[0][0],
    .small_parse_table = ts_small_parse_table,
    .small_parse_table_map = ts_small_parse_table_map,
    .parse_actions = ts_parse_actions,
    .symbol_names = ts_symbol_names,
    .field_names = ts_field_names,
    .field_map_slices = ts_field_map_slices,
    .field_map_entries = ts_field_map_entries,
    .symbol_metadata = ts_symbol_metadata,
    .public_symbol_map = ts_symbol_map,
    .alias_map = ts_non_terminal_alias_map,
    .alias_sequences = &ts_alias_sequences[0][0],
    .lex_modes = ts_lex_modes,
    .lex_fn = ts_lex,
    .keyword_lex_fn = ts_lex_keywords,
    .keyword_capture_token = sym_identifier,
    .external_scanner = {
      &ts_external_scanner_states[0][0],
      ts_external_scanner_symbol_map,
      tree_sitter_dip_external_scanner_create,
      tree_sitter_dip_external_scanner_destroy,
      tree_sitter_dip_external_scanner_scan,
      tree_sitter_dip_external_scanner_serialize,
      tree_sitter_dip_external_scanner_deserialize,
    },
    .primary_state_ids = ts_primary_state_ids,
  };
  return &language;
}
#ifdef __cplusplus
}
#endif
