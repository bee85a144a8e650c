"""Rules: the registry and one module per topic."""
