"""engine.enabled_checks: the rules a configuration runs on a format, worked out once."""

from __future__ import annotations

import pytest

from dipcheck import engine
from dipcheck.config import Config
from dipcheck.rules import registry


def test_the_enabled_rules_are_the_registry_filtered_by_the_configuration() -> None:
    config = Config(ignore=("DIP003",))
    found = engine.enabled_checks(config, "dip")
    expected = tuple(item for item in registry.checks("dip") if config.enabled(item))
    assert found == expected
    assert "DIP003" not in {item.code for item in found}
    assert "DIP003" in {item.code for item in engine.enabled_checks(Config(), "dip")}
    assert all("dip" in item.formats and item.check is not None for item in found)


def test_an_equal_configuration_reuses_the_list() -> None:
    first = engine.enabled_checks(Config(select=("DIP",)), "dip")
    assert engine.enabled_checks(Config(select=("DIP",)), "dip") is first
    assert {item.code[:3] for item in first} == {"DIP"}


def test_the_list_follows_a_change_of_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    config = Config()
    before = engine.enabled_checks(config, "dip")
    fewer = tuple(item for item in registry.checks("dip") if item.code != "DIP001")
    monkeypatch.setattr(registry, "checks", lambda fmt=None: fewer)
    after = engine.enabled_checks(config, "dip")
    assert "DIP001" in {item.code for item in before}
    assert "DIP001" not in {item.code for item in after}


def test_the_memo_is_bounded() -> None:
    for number in range(3 * engine._ENABLED_KEPT):
        engine.enabled_checks(Config(ignore=(f"DIP{100 + number}",)), "dip")
    assert len(engine._ENABLED) <= engine._ENABLED_KEPT
