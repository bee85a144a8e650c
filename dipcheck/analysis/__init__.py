"""Analyses computed once per workflow and shared by the rules."""
