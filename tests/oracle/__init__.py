"""Naive reference implementations of the rules, written from the rule texts, that the
differential tests (``tests/test_oracle_*.py``) compare :mod:`rules_fr` against."""
