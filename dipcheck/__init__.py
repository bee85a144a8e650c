"""dipcheck: static analysis for LLM-agent workflow files."""

__version__ = "0.1.0"
