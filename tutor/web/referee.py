"""The referee's pages: a game refereed from the browser, on the tables API.

* ``/referee``: what the referee pages offer.
* ``/referee/physical``: the console of a physical table (real cards): the referee, on a phone,
  records the dealer, the bids, the king called, the chien, « Jeu », the poignées and each card;
  the API checks every record and reports revokes and irregularities.
* ``/referee/evening``: a club evening, several tables under one organiser, each table's
  scoresheet, the evening's ranking, and duplicate (one prepared deal at every table, compared
  by ``/duplicate/compare`` and ``/duplicate/notes``).
* ``/referee/new`` and ``/referee/table/<id>``: an online table for people (and robots), one
  invite link per seat and one for the referee or spectators.

The pages hold no rule: what may be recorded or played, what a revoke is, every score, every
note come from ``/api/v1``. Tokens travel in the address's fragment (``#…``), which the browser
never sends to the server, so they appear in no access log; the scripts keep them in the tab's
storage to resume after a reload.
"""

from __future__ import annotations

import random
from typing import Any

from flask import current_app, request
from flask_babel import gettext as _

from rules_fr.deal import deal, is_petit_sec
from rules_fr.table import rules_for
from tutor.web import _has_tables, _page, bp
from tutor.web.referee_texts import referee_texts

__all__ = ["prepared_deal"]


def _sizes() -> dict[str, Any]:
    """What the scripts must know of each player count to size their pickers (the chien's
    cards, a poignée's trumps, the tricks of a deal) — the core's table rules, not the
    script's."""
    return {str(n): {"chien": rules_for(n).chien_size, "tricks": rules_for(n).tricks,
                     "poignees": list(rules_for(n).poignee_thresholds),
                     "king_call": rules_for(n).king_call} for n in (3, 4, 5)}


def _referee_page(template: str, page: str, title: str, **context: Any) -> str:
    return _page(template, page, title, available=_has_tables(current_app),
                 referee_texts={**referee_texts(), "sizes": _sizes()}, **context)


@bp.get("/referee")
def referee_home() -> str:
    """The three ways to referee a game from the browser."""
    return _referee_page("referee_home.html", "referee", _("Referee a game"))


@bp.get("/referee/physical")
def referee_physical() -> str:
    """The console of a physical table (phone-sized)."""
    return _referee_page("referee_physical.html", "referee", _("Physical table console"))


def prepared_deal(players: int, seed: int) -> dict[str, Any]:
    """A prepared deal for a duplicate (dealt by the core, no petit sec: the arbiter would
    redeal it), as the ``duplicate`` member of ``POST /api/v1/tables`` takes it."""
    rng = random.Random(seed)
    while True:
        dealt = deal(players, 0, seed=rng.randrange(2**31))
        if not any(is_petit_sec(h) for h in dealt.hands):
            return {"hands": [h.codes() for h in dealt.hands], "chien": dealt.chien.codes(),
                    "dealer": 0}


@bp.get("/referee/evening")
def referee_evening() -> str:
    """A club evening: several tables, their scoresheets, the ranking, duplicate."""
    seed = request.args.get("seed", type=int)
    if seed is None or not 0 <= seed < 2**63:
        seed = random.randrange(2**31)
    deals = {str(n): prepared_deal(n, seed) for n in (3, 4, 5)}
    return _referee_page("referee_evening.html", "referee", _("Club evening"),
                         prepared=deals)


@bp.get("/referee/new")
def referee_new() -> str:
    """Open an online table: seats for people or robots, one invite link per seat."""
    return _referee_page("referee_new.html", "referee", _("Open an online table"))


@bp.get("/referee/table/<string(minlength=8,maxlength=32):table_id>")
def referee_table(table_id: str) -> str:
    """An online table as one seat (or the referee) sees it; the token is in the fragment."""
    from tutor.tables.schemas import EVENT_TYPES
    from tutor.web import card_table_texts

    return _referee_page("referee_table.html", "referee", _("Online table"),
                         table_id=table_id, table_texts=card_table_texts(),
                         event_types=list(EVENT_TYPES))
