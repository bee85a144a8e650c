"""Reporters: turn lint results into text for people and machines."""
