"""Ray, when a test starts it, reports no usage statistics (CI has no network to send them to)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_ray_usage_stats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
