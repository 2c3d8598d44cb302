"""A new database is created at head from the models ("create_all + stamp head", Alembic's
cookbook) instead of by replaying every migration: the two must be the same schema, on SQLite
and PostgreSQL, and the migrations must build what the models declare, or a database started
one way would differ from one started the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text
from test_snapshots import database  # noqa: F401  (the fixture: SQLite, then PostgreSQL)

from tutor.tables import store as store_module
from tutor.tables.models import Base


def _schema(engine: Engine) -> dict[str, Any]:
    """Every table's columns, keys, foreign keys and indexes, as the database reports them."""
    found = inspect(engine)
    schema: dict[str, Any] = {}
    for name in sorted(found.get_table_names()):
        schema[name] = {
            "columns": [(c["name"], str(c["type"]), c["nullable"])
                        for c in found.get_columns(name)],
            "primary_key": found.get_pk_constraint(name)["constrained_columns"],
            "foreign_keys": sorted((tuple(f["constrained_columns"]), f["referred_table"],
                                    tuple(f["referred_columns"]),
                                    f.get("options", {}).get("ondelete"))
                                   for f in found.get_foreign_keys(name)),
            "indexes": sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                              for i in found.get_indexes(name)),
            "unique": sorted((u["name"], tuple(u["column_names"]))
                             for u in found.get_unique_constraints(name)),
        }
    return schema


def _version(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return [row[0] for row in conn.execute(text("SELECT version_num FROM alembic_version"))]


def _drop_all(engine: Engine) -> None:
    with engine.begin() as conn:
        Base.metadata.drop_all(conn)
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))


def test_a_new_database_is_created_at_head_as_the_migrations_build_it(
        database: str) -> None:  # noqa: F811
    engine = create_engine(database)
    try:
        with engine.begin() as conn:
            assert store_module.create_at_head(conn)
        created, created_version = _schema(engine), _version(engine)
        assert created_version == [store_module.head_revision()]
        assert store_module.is_at_head(engine)  # a restart migrates nothing

        _drop_all(engine)
        with engine.begin() as conn:
            store_module._migrate(conn)
        assert _schema(engine) == created
        assert _version(engine) == created_version
        with engine.connect() as conn:  # the migrations build what the models declare
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    finally:
        _drop_all(engine)
        engine.dispose()


def test_a_database_with_tables_is_migrated_not_created(database: str) -> None:  # noqa: F811
    engine = create_engine(database)
    try:
        with engine.begin() as conn:
            store_module._migrate(conn)
        before = _schema(engine)
        with engine.begin() as conn:
            assert not store_module.create_at_head(conn)
        assert _schema(engine) == before
    finally:
        _drop_all(engine)
        engine.dispose()


def test_every_path_that_reads_tables_runs_the_late_migration(tmp_path: Path) -> None:
    """The hook that brings the schema up when the start could not (database down) is a hook
    of the blueprints that read tables: every rule under those paths belongs to one of them,
    so a blueprint added later cannot skip it."""
    from tutor import create_app
    from tutor.health import _DATABASE_BLUEPRINTS, _NEEDS_DATABASE, _migrate_when_reachable

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'tutor.sqlite'}"})
    reading = {rule.endpoint.partition(".")[0] for rule in app.url_map.iter_rules()
               if rule.rule.startswith(_NEEDS_DATABASE)}
    assert reading and reading <= set(_DATABASE_BLUEPRINTS)
    for blueprint in _DATABASE_BLUEPRINTS:
        assert _migrate_when_reachable in app.before_request_funcs[blueprint]
    assert _migrate_when_reachable not in app.before_request_funcs.get(None, [])
