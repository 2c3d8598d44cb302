"""Tables end: when a table was closed (its partie over, or idle) and why, and when its log
was archived (the row stays as a tombstone, so that its tokens get 410 Gone, not 401).

Revision ID: 0003_table_lifecycle
Revises: 0002_presence
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_table_lifecycle"
down_revision = "0002_presence"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("closed", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("closed_reason", sa.String(16), nullable=True))
        batch.add_column(sa.Column("archived", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_tables_closed", "tables", ["closed"])


def downgrade() -> None:
    op.drop_index("ix_tables_closed", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("archived")
        batch.drop_column("closed_reason")
        batch.drop_column("closed")
