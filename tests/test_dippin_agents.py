"""dippin lints on agent configuration (DIP108, DIP110, DIP113, DIP114, DIP116, DIP119,
DIP130-DIP133, DIP154, DIP161, DIP162) and the model catalog behind them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import helpers
import pytest
from helpers import Finding, only, template

from dipcheck.catalog import Provider, default_catalog, parse_extra_models
from dipcheck.config import Config, ConfigError, parse_config
from dipcheck.frontends.dip import load_dip
from dipcheck.records import replace
from dipcheck.rules.context import Context
from dipcheck.rules.dippin_agents import deprecated_model
from dipcheck.source import SourceText

# the style and parity checks among these are off by default (issue 18); they are tested as
# a migrating user selects them, with the `dippin` group
DIPPIN = Config(extend_select=("dippin",))


def lint(text: str, path: str = "<test>.dip", **options: object) -> list[Finding]:
    return helpers.lint(text, path, **{"config": DIPPIN, **options})


def run(text: str, path: str = "<test>.dip", **options: object) -> helpers.LintResult:
    return helpers.run(text, path, **{"config": DIPPIN, **options})


AGENT = template(
    """
    workflow A
      start: Start
      exit: Done
      defaults
        provider: anthropic
      agent Start
        label: Start
      agent Plan
        prompt: Plan the work.
        model: claude-sonnet-4-6
      agent Done
        label: Done
      edges
        Start -> Plan
        Plan -> Done
    """
)
CODES = ("DIP108", "DIP110", "DIP113", "DIP114", "DIP116", "DIP119", "DIP130", "DIP131")
CODES += ("DIP132", "DIP133", "DIP154", "DIP161", "DIP162")


def test_agent_base_is_clean() -> None:
    assert only(lint(AGENT), *CODES) == []


# -- DIP108 --------------------------------------------------------------------------------


def test_dip108_unknown_model_with_a_did_you_mean_fix() -> None:
    text = AGENT.replace("model: claude-sonnet-4-6", "model: claude-sonet-4-6")
    assert only(lint(text), "DIP108") == [
        Finding("DIP108", "warning", (10, 12), (10, 28), "claude-sonet-4-6")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP108"]
    assert item.message == (
        "`claude-sonet-4-6` is not a known anthropic model (did you mean `claude-sonnet-4-6`?), "
        "used by agent `Plan`"
    )
    assert item.fix is not None and not item.fix.safe
    assert [edit.text for edit in item.fix.edits] == ["claude-sonnet-4-6"]


def test_dip108_unknown_provider_from_defaults_is_reported_once() -> None:
    text = AGENT.replace("provider: anthropic", "provider: anthropik").replace(
        "model: claude-sonnet-4-6",
        "model: claude-sonnet-4-6\n  agent Also\n    prompt: x\n    model: claude-haiku-4-5",
    )
    assert only(lint(text), "DIP108") == [
        Finding("DIP108", "warning", (5, 15), (5, 24), "anthropik")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP108"]
    assert "used by agents `Plan`, `Also`" in item.message


def test_dip108_provider_names_tracker_does_not_register() -> None:
    """tracker commit bb0ba98: `provider: google` "would fail at runtime with an unknown
    provider error"; names are matched exactly."""
    for name, start, end in (("google", 15, 21), ("Anthropic", 15, 24), ("deepseek", 15, 23)):
        text = AGENT.replace("provider: anthropic", f"provider: {name}").replace(
            "model: claude-sonnet-4-6", "model: gemini-2.5-pro"
        )
        assert only(lint(text), "DIP108") == [
            Finding("DIP108", "warning", (5, start), (5, end), name)
        ], name
    twin = AGENT.replace("provider: anthropic", "provider: gemini").replace(
        "model: claude-sonnet-4-6", "model: gemini-3.5-flash"
    )
    assert only(lint(twin), "DIP108") == []


def test_dip161_models_tracker_lists_as_retired() -> None:
    # site/layouts/partials/models-table.html: "retired (first-party)" (it 404s there)
    text = AGENT.replace("model: claude-sonnet-4-6", "model: claude-opus-4-1")
    assert only(lint(text), "DIP161") == [
        Finding("DIP161", "warning", (10, 12), (10, 27), "claude-opus-4-1")
    ]
    assert only(lint(AGENT.replace("claude-sonnet-4-6", "claude-opus-4-7")), "DIP161") == []


def test_dip108_model_of_another_provider() -> None:
    text = AGENT.replace("model: claude-sonnet-4-6", "model: gpt-5.2")
    [item] = [item for item in run(text).diagnostics if item.code == "DIP108"]
    assert item.message.startswith("`gpt-5.2` is a openai model, not a anthropic one")


def test_dip108_twins_folded_ids_placeholders_open_providers_and_extra_models() -> None:
    assert only(lint(AGENT.replace("claude-sonnet-4-6", "claude-sonnet-4.6")), "DIP108") == []
    assert only(lint(AGENT.replace("claude-sonnet-4-6", "${params.model}")), "DIP108") == []
    open_provider = AGENT.replace("provider: anthropic", "provider: openai-compat")
    assert only(lint(open_provider), "DIP108") == []
    custom = AGENT.replace("claude-sonnet-4-6", "claude-next")
    config = Config(extra_models=parse_extra_models("anthropic:claude-next"))
    assert only(lint(custom, config=config), "DIP108") == []
    assert [item.code for item in only(lint(custom), "DIP108")] == ["DIP108"]


def test_extra_models_configuration_key() -> None:
    config = parse_config({"extra-models": "acme:m1,m2;anthropic:x"}, "dipcheck.toml")
    assert config.extra_models == (("acme", ("m1", "m2")), ("anthropic", ("x",)))
    table = parse_config({"extra-models": {"acme": ["m1"]}}, "dipcheck.toml")
    assert table.catalog.provider("acme") is not None
    with pytest.raises(ConfigError, match="not `provider:model1,model2`"):
        parse_config({"extra-models": "acme"}, "dipcheck.toml")


# -- DIP161 / DIP162 -----------------------------------------------------------------------


def _with_deprecated(model: str) -> Context:
    catalog = default_catalog()
    providers = tuple(
        replace(item, deprecated=frozenset({model})) if item.name == "anthropic" else item
        for item in catalog.providers
    )
    loaded = load_dip(SourceText("<test>.dip", AGENT))
    assert loaded.workflow is not None
    return Context(loaded.workflow, catalog=type(catalog)(providers))


def test_dip161_deprecated_model() -> None:
    findings = list(deprecated_model(_with_deprecated("claude-sonnet-4-6")))
    assert [(item.code, item.span.text, item.span.start_position()) for item in findings] == [
        ("DIP161", "claude-sonnet-4-6", (9, 11))
    ]
    assert findings[0].message == (
        "`claude-sonnet-4-6` is a deprecated anthropic model, used by agent `Plan`"
    )


def test_dip161_twin_current_model_and_shipped_catalog() -> None:
    assert list(deprecated_model(_with_deprecated("claude-opus-4-0"))) == []
    assert only(lint(AGENT), "DIP161") == []


def test_dip162_unresolvable_alias() -> None:
    text = AGENT.replace("model: claude-sonnet-4-6", "model: claude-sonet@latest")
    assert only(lint(text), "DIP162") == [
        Finding("DIP162", "warning", (10, 12), (10, 31), "claude-sonet@latest")
    ]
    selector = AGENT.replace("model: claude-sonnet-4-6", "model: claude-sonnet@newest")
    [item] = [item for item in run(selector).diagnostics if item.code == "DIP162"]
    assert "unknown selector `@newest`" in item.message


def test_dip162_twin_resolvable_alias_skips_dip108_too() -> None:
    text = AGENT.replace("model: claude-sonnet-4-6", "model: anthropic/claude-sonnet@stable")
    assert only(lint(text), "DIP162", "DIP108") == []
    gemini = default_catalog().resolve_alias("gemini-pro@latest", "gemini")
    assert gemini is not None and gemini.model == "gemini-2.5-pro"  # previews are skipped


def test_catalog_providers_are_the_ones_tracker_registers_and_extension() -> None:
    """tracker v0.64 looks providers up by exact name among anthropic, openai, gemini and
    openai-compat (tracker.go allProviderConstructors); `google` was renamed `gemini`
    (tracker ba8e653) and fails with `unknown provider`."""
    catalog = default_catalog()
    assert [item.name for item in catalog.providers] == [
        "anthropic",
        "openai",
        "gemini",
        "openai-compat",
        "stub",
    ]
    assert catalog.provider("google") is None
    assert catalog.provider("Anthropic") is None
    gemini = catalog.provider("gemini")
    assert isinstance(gemini, Provider) and gemini.aliases == ()
    compat = catalog.provider("openai-compat")
    assert compat is not None and compat.open
    openai = catalog.provider("openai")
    assert openai is not None and openai.has("gpt-4.1-nano")
    extended = catalog.extended((("acme", ("m1",)),))
    acme = extended.provider("acme")
    assert acme is not None and acme.has("m1") and not extended.is_deprecated(acme, "m1")


# -- DIP110 --------------------------------------------------------------------------------


def test_dip110_agent_without_prompt() -> None:
    text = AGENT.replace("prompt: Plan the work.", "label: Plan")
    assert only(lint(text), "DIP110") == [Finding("DIP110", "error", (8, 9), (8, 13), "Plan")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP110"]
    assert item.message == (
        "agent `Plan` has an empty prompt: tracker's agent handler fails it (`missing "
        "required attribute 'prompt'`) and the whole run fails when it reaches this node"
    )


def test_dip110_parallel_branch_only_fails_its_branch() -> None:
    text = template(
        """
        workflow P
          start: Start
          exit: Done
          agent Start
            label: Start
          parallel Fork -> A, B
          agent A
            label: A
          agent B
            prompt: B.
          fan_in Join <- A, B
          agent Done
            label: Done
          edges
            Start -> Fork
            Join -> Done
        """
    )
    assert only(lint(text), "DIP110") == [Finding("DIP110", "warning", (7, 9), (7, 10), "A")]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP110"]
    assert item.message == (
        "agent `A` has an empty prompt: tracker's agent handler fails it (`missing "
        "required attribute 'prompt'`), so as a branch of `Fork` it fails every time it runs"
    )
    assert only(lint(text.replace("label: A", "prompt: A.")), "DIP110") == []


def test_dip110_twin_prompt_file(tmp_path: Path) -> None:
    (tmp_path / "plan.md").write_text("Plan the work.\n")
    text = AGENT.replace("prompt: Plan the work.", "prompt_file: plan.md")
    assert only(run(text, str(tmp_path / "a.dip")).diagnostics, "DIP110") == []


# -- enumerated values ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "code", "suggestion"),
    [
        ("retry_policy", "agressive", "DIP113", "aggressive"),
        ("fidelity", "summary:hgh", "DIP114", "summary:high"),
        ("reasoning_effort", "hihg", "DIP119", "high"),
        ("response_format", "json_obect", "DIP130", "json_object"),
    ],
)
def test_enumerated_values(field: str, value: str, code: str, suggestion: str) -> None:
    text = AGENT.replace("prompt: Plan the work.", f"prompt: Plan the work.\n    {field}: {value}")
    column = 5 + len(field) + 2
    assert only(lint(text), code) == [
        Finding(code, "warning", (10, column), (10, column + len(value)), value)
    ]
    [item] = [item for item in run(text).diagnostics if item.code == code]
    assert item.fix is not None and [edit.text for edit in item.fix.edits] == [suggestion]
    twin = text.replace(f"{field}: {value}", f"{field}: {suggestion}")
    assert only(lint(twin), code) == []


def test_dip114_parallel_branch_fidelity() -> None:
    text = template(
        """
        workflow P
          start: Fork
          exit: Join
          parallel Fork
            branch: A
              fidelity: high
          agent A
            prompt: a
          fan_in Join <- A
        """
    )
    assert only(lint(text), "DIP114") == [Finding("DIP114", "warning", (6, 17), (6, 21), "high")]


def test_dip116_threshold_and_on_resume() -> None:
    text = AGENT.replace("prompt: Plan the work.", "prompt: Plan.\n    compaction_threshold: 80")
    text = text.replace("provider: anthropic", "provider: anthropic\n    on_resume: keep")
    assert only(lint(text), "DIP116") == [
        Finding("DIP116", "warning", (6, 16), (6, 20), "keep"),
        Finding("DIP116", "warning", (11, 27), (11, 29), "80"),
    ]
    useless = AGENT.replace("provider: anthropic", "provider: anthropic\n    on_resume: degrade")
    assert only(lint(useless), "DIP116") == [
        Finding("DIP116", "warning", (6, 5), (6, 14), "on_resume")
    ]
    twin = useless.replace("on_resume: degrade", "on_resume: degrade\n    fidelity: full")
    assert only(lint(twin), "DIP116") == []


# -- response schema -----------------------------------------------------------------------


def test_dip131_schema_without_json_schema_format_and_hint() -> None:
    schema = 'response_schema:\n      {"type": "object"}'
    text = AGENT.replace("prompt: Plan the work.", f"prompt: Plan.\n    {schema}")
    assert only(lint(text), "DIP131") == [
        Finding("DIP131", "warning", (10, 5), (10, 20), "response_schema")
    ]
    twin = text.replace("prompt: Plan.", "prompt: Plan.\n    response_format: json_schema")
    assert only(lint(twin), "DIP131") == []
    hint = AGENT.replace(
        "prompt: Plan the work.", "prompt: Plan.\n    response_format: json_schema"
    )
    assert only(lint(hint), "DIP131") == [
        Finding("DIP131", "hint", (10, 22), (10, 33), "json_schema")
    ]


def test_dip132_invalid_json_points_into_the_block() -> None:
    schema = 'response_format: json_schema\n    response_schema:\n      {"type": "object",}'
    text = AGENT.replace("prompt: Plan the work.", f"prompt: Plan.\n    {schema}")
    assert only(lint(text), "DIP132") == [Finding("DIP132", "warning", (12, 25), (12, 26), "}")]
    twin = text.replace('"object",}', '"object"}')
    assert only(lint(twin), "DIP132") == []


def test_dip133_params_shadowing_a_typed_field() -> None:
    text = AGENT.replace("prompt: Plan the work.", "prompt: Plan.\n    params:\n      model: x")
    assert only(lint(text), "DIP133") == [Finding("DIP133", "hint", (11, 7), (11, 12), "model")]
    twin = text.replace("      model: x", "      temperature: 0")
    assert only(lint(twin), "DIP133") == []


def test_dip154_useless_opt_out_with_a_safe_fix() -> None:
    text = AGENT.replace("prompt: Plan the work.", "prompt: Plan.\n    prompt_prefix: none")
    assert only(lint(text), "DIP154") == [
        Finding("DIP154", "hint", (10, 5), (10, 24), "prompt_prefix: none")
    ]
    [item] = [item for item in run(text).diagnostics if item.code == "DIP154"]
    assert item.fix is not None and item.fix.safe
    assert [edit.span.text for edit in item.fix.edits] == ["    prompt_prefix: none\n"]
    twin = text.replace("provider: anthropic", "provider: anthropic\n    prompt_prefix: Be brief.")
    assert only(lint(twin), "DIP154") == []


def test_cli_extra_models_flag(tmp_path: Path) -> None:
    path = tmp_path / "a.dip"
    path.write_text(AGENT.replace("claude-sonnet-4-6", "claude-next"))
    command = [sys.executable, "-m", "dipcheck", "lint", "--select", "DIP108", str(path)]
    plain = subprocess.run(command, capture_output=True, text=True, check=False)
    assert "DIP108" in plain.stdout
    extended = subprocess.run(
        [*command, "--extra-models", "anthropic:claude-next"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert extended.returncode == 0 and "DIP108" not in extended.stdout
    bad = subprocess.run(
        [*command, "--extra-models", "oops"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "--extra-models" in bad.stderr
