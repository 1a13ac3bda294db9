"""Hypothesis profiles: "ci" (set by CI=true) keeps the whole run short on 2 cores."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
