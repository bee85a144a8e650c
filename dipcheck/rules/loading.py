"""DC0xx: problems found while loading a file. Front-ends report these; this module documents
them for ``dipcheck rule``, configuration and the language server."""

from __future__ import annotations

from dipcheck.diagnostics import LOADING_SEVERITY
from dipcheck.rules.registry import declare

declare(
    "DC000",
    "internal-error",
    LOADING_SEVERITY["DC000"],
    summary="dipcheck failed on this file.",
    rationale=(
        "A bug in dipcheck must not hide the findings of other files or stop a CI run. The "
        "failure is reported on the file it happened in and the run goes on."
    ),
    example="(any input that triggers a bug)",
    fix="Report the message and the file to the dipcheck maintainers.",
)

declare(
    "DC001",
    "syntax-error",
    LOADING_SEVERITY["DC001"],
    summary="The text cannot be parsed.",
    rationale=(
        "dippin (and so tracker) refuses to load a file with a syntax error; the run never "
        "starts. dipcheck reports every syntax error in the file, each at the offending token "
        "or line, and still checks the rest. In a DOT pipeline read as tracker reads it, this "
        "includes a `.` in an unquoted name (`human.default_choice=…`): gographviz accepts "
        "letters, digits and `_` only; a `;` between attributes or a `,` before the `]` "
        "(gographviz takes a `,` between two attributes only); and a `//` or `#` comment on "
        "the last line of a file without a final line break."
    ),
    example="agent Plan\n  prompt: |\n    Plan the work.",
    fix="Correct the syntax at the marked place; the message says what was expected.",
    fix_availability="sometimes",
)

declare(
    "DC002",
    "unreadable-source",
    LOADING_SEVERITY["DC002"],
    summary="A file cannot be read, is not UTF-8, or exceeds the size limit.",
    rationale=(
        "A workflow the runtime cannot read cannot run. A file over dipcheck's own limits "
        "(8 MB, 2 MB for YAML; 500,000 tokens, a `${…}` placeholder counting five; 60,000 "
        "YAML nodes; 200,000 attributes that DOT `node [...]`/`edge [...]` defaults give the "
        "nodes and edges after them) is not checked at all: past them a hostile file could "
        "take minutes and gigabytes, and the largest real workflows are far below them."
    ),
    example="(a file saved as UTF-16)",
    fix=(
        "Save the file as UTF-8 and keep it under the limits; split a workflow that large into "
        "subgraphs."
    ),
)

declare(
    "DC003",
    "missing-file-reference",
    LOADING_SEVERITY["DC003"],
    summary="A file directive names a file that is missing, unreadable or outside the tree.",
    rationale=(
        "`prompt_file`, `system_prompt_file`, `command_file`, `prompt_include` and the `*_file` "
        "defaults are read when the workflow loads. A missing file, an absolute path or a path "
        "that leaves the workflow's directory makes tracker refuse the whole workflow."
    ),
    example="agent Plan\n  prompt_file: ../prompts/plan.md",
    fix="Point the directive at a readable file inside the workflow's directory tree.",
)

declare(
    "DC004",
    "unknown-field",
    LOADING_SEVERITY["DC004"],
    summary="A field, defaults key, edge attribute or step key that the dialect does not define.",
    rationale=(
        "dippin rejects unknown node fields, defaults keys and edge attributes at parse time, "
        "so a typo stops the workflow from loading; a step workflow's engine ignores or rejects "
        "unknown step keys. The message names the closest valid key; agent and subgraph fields "
        "that are meant as handler parameters belong under `params:`. In a DOT pipeline the "
        "finding is a warning: tracker (`pipeline/parser.go`) and the Attractor engines keep an "
        "attribute they do not know and ignore it, so the file runs but the value is lost (a "
        "misspelled `fallback_target` silently drops the failure route). Graphviz's rendering "
        "attributes and exporters' metadata (`node_type`, `is_codergen`) are not reported; "
        "another tool's name for an attribute tracker reads (`llm_prompt`, `max_agent_turns`, "
        "`context_fidelity_default`) is reported with the name tracker reads."
    ),
    example="agent Plan\n  promt: Plan the work.",
    fix="Correct the key (see the suggestion), or move a handler parameter under `params:`.",
    fix_availability="sometimes",
)

declare(
    "DC005",
    "invalid-value",
    LOADING_SEVERITY["DC005"],
    summary="A typed value does not parse.",
    rationale=(
        "Integers, numbers, durations and booleans are parsed when the workflow loads; a value "
        "that does not parse is a load error (before dippin v0.29 a bad boolean silently "
        "became false). A DOT edge `weight` that is not an integer is a warning: tracker reads "
        "it as 0 (`pipeline/engine_edges.go`)."
    ),
    example="tool Build\n  timeout: 2d",
    fix=(
        "Write the value in the form the field takes, as the message says: a duration (30s, 5m, "
        "1h30m), true/false, a number, or one of the names it lists."
    ),
)

declare(
    "DC006",
    "duplicate-key",
    LOADING_SEVERITY["DC006"],
    summary="The same key twice in one block.",
    rationale=(
        "Only one of the values takes effect (dippin rejects duplicate `params`, `vars` and "
        "`steer_context` keys outright), so the other is dead text that misleads readers. A "
        "node field, an edge attribute or an edge condition given twice in `.dip`, and a key "
        'repeated in one DOT attribute list (`[prompt="a", prompt="b"]`, or '
        '`[prompt="a"][prompt="b"]`), are warnings: dippin and gographviz keep the last value '
        "and tracker loads the file."
    ),
    example="agent Plan\n  model: claude-sonnet-4-6\n  model: gpt-5.4",
    fix="Keep one of the two entries.",
)

declare(
    "DC007",
    "ignored-text",
    LOADING_SEVERITY["DC007"],
    summary="Text outside the workflow declaration, which the parser skips.",
    rationale=(
        "dippin discards top-level text that is not a `workflow` declaration without a word. "
        "It is usually a leftover (a `---` document separator, notes without `#`)."
    ),
    example="---\nworkflow Build\n  start: A",
    fix="Delete the text or turn it into a `#` comment.",
)

declare(
    "DC008",
    "multiple-workflows",
    LOADING_SEVERITY["DC008"],
    summary="A second `workflow` declaration in one file.",
    rationale=(
        "A `.dip` file holds one workflow. dippin merges a second declaration into the first: "
        "its name, goal, start and exit overwrite the first's and its nodes are appended, which "
        "is almost never what the author meant."
    ),
    example="workflow Parent\n  start: A\n  …\nworkflow Child\n  start: B",
    fix="Move the second workflow into a file of its own (and reference it as a subgraph).",
)

declare(
    "DC009",
    "runtime-attribute-name",
    LOADING_SEVERITY["DC009"],
    summary="A tracker graph attribute name used as a `.dip` field.",
    rationale=(
        "tracker renames `.dip` fields when it builds its graph (`model` becomes `llm_model`, "
        "`command` becomes `tool_command` …). The runtime names are not `.dip` fields: dippin "
        "rejects them, so the workflow does not load."
    ),
    example="agent Work\n  llm_model: claude-sonnet-4-6",
    fix="Use the `.dip` field name the message gives (a safe automatic fix is offered).",
    fix_availability="always",
)

declare(
    "DC011",
    "unsupported-dot-syntax",
    LOADING_SEVERITY["DC011"],
    summary="DOT that Graphviz accepts but the workflow runtime's DOT loader does not read "
    "that way.",
    rationale=(
        "tracker reads DOT with gographviz, which cannot parse `+`-joined strings and turns an "
        "edge to a subgraph `{A B}` into one edge to a node named after the subgraph; and "
        'tracker keeps the quotes of a quoted node or edge attribute name (`"prompt"=…`), so '
        "it never reads that attribute (a warning: the file loads, the value is lost). It "
        'also keys nodes by the id as written: `"start"` and `start` are two nodes, the '
        "spelling met last replacing the other (an error when the node it keeps has lost its "
        "shape, a warning when it has lost other attributes). gographviz reads an unquoted "
        "id as a name that does not start with a digit or as a number, so it cuts `1_setup` "
        "into the nodes `1` and `_setup` (an error) and reads `timeout=900s` as `timeout` "
        "`900` and an attribute `s` without a value (a warning; the value's own check says "
        "whether `900` fails the run). A byte-order mark at the start of the file is read "
        "as part of the first word, and the file is refused. The "
        "Attractor specification (and the engines that follow it) refuses `strict` and "
        "undirected graphs, `--` edges and node ids that are not plain identifiers. The file "
        "fails to load, or loads as a different graph than Graphviz draws."
    ),
    example='digraph P {\n  a [shape=box, prompt="Plan the " + "work"]\n}',
    fix="Write the construct the runtime reads: one string, one edge per node, `digraph` "
    "and `->`, identifier node ids, attribute names without quotes, quoted values.",
    formats=("dot",),
    fix_availability="sometimes",
)
