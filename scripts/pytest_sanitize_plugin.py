"""pytest plugin for scripts/sanitize.sh: instrumented code runs several times
slower, so Hypothesis deadlines and speed health checks are turned off (the
tests themselves are unchanged). Loaded with ``-p pytest_sanitize_plugin``."""
from hypothesis import HealthCheck, settings

settings.register_profile(
    "sanitize",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
settings.load_profile("sanitize")
