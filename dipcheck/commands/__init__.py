"""Subcommands and option groups of the ``dipcheck`` command line, one module each: an
``add_parser`` (or ``add_arguments``) and a ``run``; ``dipcheck.cli`` only hooks them in."""
