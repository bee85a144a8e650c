"""The model catalog: LLM providers, their model ids and model families.

One list serves editor completion (``model:``/``provider:``) and the model rules (DIP108
unknown model, DIP161 deprecated model, DIP162 unresolvable alias). It is read from the data
file ``dipcheck/data/models.json`` shipped in the package (its ``about`` text says where the
ids come from) and can be extended per run with ``--extra-models "prov:m1,m2;prov2:m3"`` or
the ``extra-models`` configuration key.

tracker itself passes any model id through to the provider, so a missing id is a warning
(DIP108), never an error. Ids are compared with ``.`` and ``-`` folded, as dippin does
(``claude-haiku-4.5`` is ``claude-haiku-4-5``). A provider whose ``models`` is ``null`` in the
data file is *open*: its name is known, its ids are not checked. Provider names are matched
exactly, as tracker looks them up (``llm/client.go``: ``Anthropic`` or ``google`` is an
``unknown provider`` there).

To add a model, add its id to the provider's ``models`` list (newest first keeps completion
useful), and to a family when aliases should resolve to it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from functools import cache

from dipcheck.records import field, record

SELECTORS = ("latest", "stable", "sota")
_ALIAS = re.compile(r"^(?:(?P<provider>[A-Za-z0-9_.-]+)/)?(?P<family>[^@/\s]+)@(?P<selector>\S*)$")


def fold(model: str) -> str:
    """The form model ids are compared in: ``.`` and ``-`` are the same character."""
    return model.strip().replace(".", "-")


@record(frozen=True, slots=True)
class Provider:
    name: str
    description: str
    models: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    open: bool = False
    families: tuple[tuple[str, tuple[str, ...]], ...] = ()
    deprecated: frozenset[str] = frozenset()
    extra: frozenset[str] = frozenset()
    folded: frozenset[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "folded", frozenset(fold(item) for item in self.models))

    def has(self, model: str) -> bool:
        return fold(model) in self.folded

    def canonical(self, model: str) -> str | None:
        """The listed id ``model`` stands for (after folding), or None."""
        wanted = fold(model)
        return next((item for item in self.models if fold(item) == wanted), None)

    def family(self, name: str) -> tuple[str, ...] | None:
        return next((members for family, members in self.families if family == name), None)


@record(frozen=True, slots=True)
class AliasResolution:
    """What ``[provider/]family@selector`` resolves to: a model, or why it does not."""

    provider: str
    family: str
    selector: str
    model: str | None
    problem: str | None


@record(frozen=True)
class Catalog:
    providers: tuple[Provider, ...]
    _index: dict[str, Provider] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for item in self.providers:
            for name in (item.name, *item.aliases):
                self._index.setdefault(name, item)

    @property
    def provider_names(self) -> list[str]:
        return sorted(self._index)

    def provider(self, name: str) -> Provider | None:
        """The provider called exactly ``name`` (or one of its aliases), or None."""
        return self._index.get(name.strip())

    def extended(self, extra: Iterable[tuple[str, Iterable[str]]]) -> Catalog:
        """A copy with extra model ids (``--extra-models``); an unknown provider is added."""
        added: dict[str, list[str]] = {}
        for name, models in extra:
            added.setdefault(name.strip(), []).extend(m.strip() for m in models)
        if not added:
            return self
        providers: list[Provider] = []
        for item in self.providers:
            more = [
                model
                for key in (item.name, *item.aliases)
                for model in added.pop(key, [])
                if model and not item.has(model)
            ]
            if more:
                item = Provider(
                    item.name,
                    item.description,
                    (*item.models, *more),
                    item.aliases,
                    item.open,
                    item.families,
                    item.deprecated,
                    item.extra | frozenset(fold(model) for model in more),
                )
            providers.append(item)
        for name, models in added.items():
            ids = tuple(dict.fromkeys(model for model in models if model))
            providers.append(
                Provider(name, "added with --extra-models", ids, extra=frozenset(map(fold, ids)))
            )
        return Catalog(tuple(providers))

    def is_deprecated(self, provider: Provider, model: str) -> bool:
        folded = fold(model)
        return folded in provider.deprecated and folded not in provider.extra

    def resolve_alias(self, text: str, default_provider: str = "") -> AliasResolution | None:
        """Resolve ``[provider/]family@selector``; None when ``text`` is not in alias form."""
        match = _ALIAS.match(text.strip())
        if match is None:
            return None
        provider_name = match.group("provider") or default_provider
        family, selector = match.group("family"), match.group("selector")

        def fail(problem: str) -> AliasResolution:
            return AliasResolution(provider_name, family, selector, None, problem)

        if selector not in SELECTORS:
            return fail(f"unknown selector `@{selector}` (use @{', @'.join(SELECTORS)})")
        pool = self.providers
        if provider_name:
            chosen = self.provider(provider_name)
            if chosen is None:
                return fail(f"unknown provider `{provider_name}`")
            pool = (chosen,)
        for item in pool:
            members = item.family(family)
            if members is None:
                continue
            eligible = [
                model
                for model in members
                if "preview" not in model and fold(model) not in item.deprecated
            ]
            if not eligible:
                return fail(f"every member of family `{family}` is deprecated or a preview")
            return AliasResolution(item.name, family, selector, eligible[0], None)
        where = f" of provider `{provider_name}`" if provider_name else ""
        return fail(f"unknown model family `{family}`{where}")


def parse_extra_models(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``"prov:m1,m2;prov2:m3"`` → ``(("prov", ("m1", "m2")), ("prov2", ("m3",)))``.

    A ``ValueError`` names the malformed part."""
    result: list[tuple[str, tuple[str, ...]]] = []
    for part in text.split(";"):
        if not part.strip():
            continue
        name, colon, models = part.partition(":")
        ids = tuple(item.strip() for item in models.split(",") if item.strip())
        if not colon or not name.strip() or not ids:
            raise ValueError(f"{part.strip()!r} is not `provider:model1,model2`")
        result.append((name.strip(), ids))
    return tuple(result)


def _provider(entry: dict[str, object]) -> Provider:
    models = entry.get("models")
    families = entry.get("families") or {}
    assert isinstance(families, dict)
    listed = tuple(str(item) for item in models) if isinstance(models, list) else ()
    deprecated = entry.get("deprecated") or []
    aliases = entry.get("aliases") or []
    assert isinstance(deprecated, list) and isinstance(aliases, list)
    return Provider(
        name=str(entry["name"]),
        description=str(entry.get("description", "")),
        models=listed,
        aliases=tuple(str(item) for item in aliases),
        open=models is None,
        families=tuple((str(key), tuple(value)) for key, value in families.items()),
        deprecated=frozenset(fold(str(item)) for item in deprecated),
    )


@cache
def default_catalog() -> Catalog:
    """The catalog shipped in the package."""
    with open(os.path.join(os.path.dirname(__file__), "data", "models.json"), "rb") as handle:
        data = json.load(handle)
    return Catalog(tuple(_provider(entry) for entry in data["providers"]))


PROVIDERS: tuple[Provider, ...] = default_catalog().providers


def provider(name: str) -> Provider | None:
    """The provider called exactly ``name`` (or one of its aliases), or None."""
    return default_catalog().provider(name)


def models(provider_name: str | None = None) -> list[tuple[str, Provider]]:
    """Model ids with their provider: all of them, or those of one known provider (all of
    them again when the provider is unknown, since a gateway may serve any id)."""
    chosen = provider(provider_name) if provider_name else None
    pool = (chosen,) if chosen is not None and chosen.models else PROVIDERS
    return [(model, item) for item in pool for model in item.models]


def provider_of(model: str) -> Provider | None:
    """The provider that lists ``model``, or None."""
    return next((item for item in PROVIDERS if item.has(model)), None)
