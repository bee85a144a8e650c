"""Known LLM providers and model ids, for completion after ``model:`` and ``provider:``.

This is a convenience list for editors, not a validation table: tracker passes any model id
through to the provider (or to a gateway), so an id that is missing here is not an error and
no rule reads this module. It holds

* every provider and model id that the tracker corpus uses (``provider: gemini`` is tracker's
  name for Google's API; ``stub`` / ``stub-model`` are the test harness's fake provider), and
* the current public ids of the three first-party APIs tracker ships clients for.

To add a model, append its id to the provider's tuple (newest first keeps completion useful).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Provider:
    name: str
    description: str
    models: tuple[str, ...]


PROVIDERS: tuple[Provider, ...] = (
    Provider(
        "anthropic",
        "Anthropic Messages API (Claude)",
        (
            "claude-opus-4-6",
            "claude-sonnet-4-6",
            "claude-haiku-4-5",
            "claude-opus-4-5",
            "claude-sonnet-4-5",
            "claude-opus-4-1",
            "claude-opus-4-0",
            "claude-sonnet-4-0",
            "claude-3-7-sonnet-latest",
            "claude-3-5-haiku-latest",
        ),
    ),
    Provider(
        "openai",
        "OpenAI Responses API (GPT and o-series)",
        (
            "gpt-5.4",
            "gpt-5.3-codex",
            "gpt-5.2",
            "gpt-5.1",
            "gpt-5",
            "gpt-5-mini",
            "gpt-5-nano",
            "gpt-5-codex",
            "gpt-4.1",
            "gpt-4.1-mini",
            "gpt-4o",
            "gpt-4o-mini",
            "gpt-4",
            "o3",
            "o4-mini",
        ),
    ),
    Provider(
        "gemini",
        "Google Gemini API (tracker's provider name for Google)",
        (
            "gemini-3.1-pro-preview",
            "gemini-3.1-pro-preview-customtools",
            "gemini-3-pro-preview",
            "gemini-3-flash-preview",
            "gemini-2.5-pro",
            "gemini-2.5-flash",
            "gemini-2.5-flash-lite",
        ),
    ),
    Provider(
        "stub", "tracker's test harness: a fake provider that answers instantly", ("stub-model",)
    ),
)


def provider(name: str) -> Provider | None:
    """The provider called ``name`` (case-insensitive), or None."""
    wanted = name.strip().lower()
    return next((item for item in PROVIDERS if item.name == wanted), None)


def models(provider_name: str | None = None) -> list[tuple[str, Provider]]:
    """Model ids with their provider: all of them, or those of one known provider (all of
    them again when the provider is unknown, since a gateway may serve any id)."""
    chosen = provider(provider_name) if provider_name else None
    pool = (chosen,) if chosen is not None else PROVIDERS
    return [(model, item) for item in pool for model in item.models]


def provider_of(model: str) -> Provider | None:
    """The provider that lists ``model``, or None."""
    wanted = model.strip()
    return next((item for item in PROVIDERS if wanted in item.models), None)
