"""Alembic environment of the tables' schema.

Run by :func:`tutor.tables.db.upgrade` with the application's own connection
(``config.attributes["connection"]``), so no ``alembic.ini`` is needed; the ``alembic`` command
works too with ``-x url=...`` (e.g. ``alembic -c tutor/migrations/alembic.ini -x
url=postgresql+psycopg://... upgrade head``).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tutor.tables.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url")
    if url is None:
        raise RuntimeError("no database: pass -x url=... or set sqlalchemy.url")
    engine = create_engine(url)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata,
                          render_as_batch=conn.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"),
                      target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
