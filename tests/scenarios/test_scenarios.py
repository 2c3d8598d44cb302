"""Every scenario of ``scenarios/*.feature``, run against the HTTP API.

The step definitions live in this folder's ``conftest.py``; ``bdd_features_base_dir`` (set in
pyproject.toml) makes the path below relative to the ``scenarios/`` folder of the repository.
"""

from pytest_bdd import scenarios

scenarios(".")
