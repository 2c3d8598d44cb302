"""A scored deal laid open, and undo at a practice table: ``/api/v1/tables/<id>/deals/<n>``
and ``/api/v1/tables/<id>/undo``.

**Review.** Once a deal is scored, its cards are counted in the open, as at a real table: every
hand as dealt, the chien, the écart, each trick (who led, who played what, who won it and for
which camp), and each camp's pile counted by the core (:func:`rules_fr.counting.count_deal`:
the points in half-points, the bouts, the excuse's fate; its cards laid out by
:func:`rules_fr.counting.deal_piles`, the excuse's exchange card moved, so that they add up to
those points), with the score's derivation. Any token of the table may ask; a deal not yet
scored is a 404 (nothing hidden is ever shown early).

**Undo.** A learner at a practice table (every other seat a robot) may take back his last
decision: the table's log is append-only, so undo *forks* it — a new table whose log is a copy
of the old one up to just before that decision, with new tokens (``Store.fork``). The old
table stays as it was. At a table with other people, undo would rewrite their game: 409.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Response
from marshmallow import Schema, fields

from rules_fr.cards import EXCUSE, Card
from rules_fr.contracts import Camp
from rules_fr.counting import camp_of
from rules_fr.donne import Donne
from tutor.api.base import ApiBlueprint
from tutor.api.count import points_number
from tutor.api.score import ScoreResponse
from tutor.errors import Problem
from tutor.i18n import score_payload
from tutor.i18n.review import camp_sentence, chien_sentence, excuse_sentence
from tutor.limits import spend
from tutor.tables.game import TableState
from tutor.tables.resources import TABLE_PATH, _auth, _json, _problems, private
from tutor.tables.resources import get_store as _store

__all__ = ["blp"]

blp = ApiBlueprint("table-review", __name__, url_prefix="/api/v1/tables",
                   description="A scored deal laid open (hands, tricks, each camp's counted "
                               "pile), and undo at a practice table.")

blp.after_request(private)  # hands and tokens: never cached

_ALL_EVENTS = 1_000_000


# --- response schemas (documentation: the views build their JSON themselves) -----------------

_CAMP = {"enum": [camp.value for camp in Camp]}
_CODES = partial(fields.List, fields.String())


class ReviewBid(Schema):
    seat = fields.Integer(required=True)
    bid = fields.String(required=True, metadata={"description": "A contract, or `passe`."})


class ReviewPoignee(Schema):
    seat = fields.Integer(required=True)
    cards = _CODES(required=True)


class ReviewTrick(Schema):
    number = fields.Integer(required=True)
    leader = fields.Integer(required=True)
    cards = _CODES(required=True, metadata={"description": "In play order."})
    seats = fields.List(fields.Integer(), required=True, metadata={
        "description": "Who played each card, in the same order."})
    winner = fields.Integer(required=True)
    camp = fields.String(required=True, metadata=_CAMP)


class ReviewPile(Schema):
    cards = _CODES(required=True)
    tricks = fields.Integer(required=True)
    points = fields.Raw(required=True, metadata={
        "description": "The pile's card points: a whole number, or a number ending in .5."})
    half_points = fields.Integer(required=True)
    bouts = fields.Integer(required=True)
    text = fields.String(required=True)


class ReviewPiles(Schema):
    taker = fields.Nested(ReviewPile, required=True)
    defense = fields.Nested(ReviewPile, required=True)


class ReviewExcuse(Schema):
    camp = fields.String(required=True, allow_none=True, metadata=_CAMP)
    exchanged = fields.Boolean(required=True)
    lost_last_trick = fields.Boolean(required=True)
    exchange_card = fields.String(required=True, allow_none=True, metadata={
        "description": "The low card the excuse's camp gave for it, moved to the other camp's "
                       "pile (the piles' cards add up to their points)."})
    exchange_owed = fields.String(required=True, allow_none=True, metadata={
        **_CAMP, "description": "The camp owed the half-point card when the excuse's camp had "
                                "none to give: counted, shown by no card."})
    text = fields.String(required=True)


class DealReview(Schema):
    number = fields.Integer(required=True)
    players = fields.Integer(required=True)
    people = fields.List(fields.Integer(), required=True, metadata={
        "description": "The table seat of each seat of the deal (6–7 players: who sat in)."})
    dealer = fields.Integer(required=True)
    taker = fields.Integer(required=True)
    partner = fields.Integer(required=True, allow_none=True)
    contract = fields.String(required=True)
    called_card = fields.String(required=True, allow_none=True)
    bids = fields.List(fields.Nested(ReviewBid), required=True)
    hands = fields.Dict(keys=fields.String(), values=_CODES(), required=True, metadata={
        "description": "Each seat's cards as dealt, by seat number."})
    chien = _CODES(required=True)
    ecart = _CODES(required=True, allow_none=True)
    chien_camp = fields.String(required=True, metadata=_CAMP)
    chien_text = fields.String(required=True)
    poignees = fields.List(fields.Nested(ReviewPoignee), required=True)
    chelem_announced = fields.Boolean(required=True)
    tricks = fields.List(fields.Nested(ReviewTrick), required=True)
    piles = fields.Nested(ReviewPiles, required=True)
    excuse = fields.Nested(ReviewExcuse, required=True)
    petit_au_bout = fields.String(required=True, allow_none=True, metadata=_CAMP)
    chelem = fields.String(required=True, allow_none=True, metadata=_CAMP)
    score = fields.Nested(ScoreResponse, required=True)
    scores = fields.List(fields.Integer(), required=True, metadata={
        "description": "Each table seat's points for this deal."})


class UndoResponse(Schema):
    id = fields.String(required=True, metadata={"description": "The new table."})
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "The seat's new token."})
    referee_token = fields.String(required=True)
    undone_seq = fields.Integer(required=True, metadata={
        "description": "The sequence number of the decision taken back."})


def _finished_deal(table_id: str, number: int) -> tuple[TableState, Donne] | None:
    """The table replayed up to the score of deal ``number`` (1-based), with that deal."""
    store = _store()
    info = store.info(None, table_id)
    assert info is not None
    state = TableState(info.meta)
    for event in store.events(table_id, 0, limit=_ALL_EVENTS):
        state.apply(event)
        if event.type == "scored" and int(event.data["number"]) == number:
            return (state, state.donne) if isinstance(state.donne, Donne) else None
    return None


def _codes(cards: Any) -> list[str]:
    return [card.code for card in sorted(cards)]


def _pile(cards: list[Card], camp: Camp, tricks: int, points_half: int,
          bouts: int) -> dict[str, Any]:
    return {"cards": _codes(cards), "tricks": tricks, "points": points_number(points_half),
            "half_points": points_half, "bouts": bouts,
            "text": camp_sentence(camp.value, tricks, points_half, bouts)}


def review_payload(state: TableState, donne: Donne, number: int) -> dict[str, Any]:
    """Everything about a finished deal, by table seat (``people``), counted by the core."""
    people = state.people_of_deal
    players = donne.players
    assert donne.taker is not None and donne.contract is not None
    count = donne.count()
    camp = {seat: camp_of(seat, donne.taker, donne.partner) for seat in range(players)}
    excuse_played = any(card is EXCUSE for trick in donne.tricks for card in trick.cards)
    tricks = []
    for index, (trick, winner) in enumerate(zip(donne.tricks, count.trick_winners,
                                                strict=True)):
        tricks.append({"number": index + 1, "leader": people[trick.leader],
                       "cards": [card.code for card in trick.cards],
                       "seats": [people[trick.seat_of(i, players)]
                                 for i in range(len(trick.cards))],
                       "winner": people[winner], "camp": camp[winner].value})
    piles = donne.piles(count)
    score = state.scores[number - 1]
    entry = state.partie.entries[number - 1]
    return {
        "number": number,
        "players": players,
        "people": list(people),
        "dealer": people[donne.dealer],
        "taker": people[donne.taker],
        "partner": None if donne.partner is None else people[donne.partner],
        "contract": donne.contract.code,
        "called_card": None if donne.called_card is None else donne.called_card.code,
        "bids": [{"seat": people[(donne.dealer + 1 + i) % players],
                  "bid": "passe" if bid is None else bid.code}
                 for i, bid in enumerate(donne.bids)],
        "hands": {str(people[s]): _codes(hand) for s, hand in enumerate(donne.dealt.hands)},
        "chien": _codes(donne.chien),
        "ecart": None if donne.ecart is None else _codes(donne.ecart),
        "chien_camp": count.chien_camp.value,
        "chien_text": chien_sentence(donne.contract.code, count.chien_camp.value),
        "poignees": [{"seat": people[s], "cards": [c.code for c in cards]}
                     for s, cards in donne.poignees.items()],
        "chelem_announced": donne.chelem_announced,
        "tricks": tricks,
        "piles": {c.value: _pile(list(piles.cards[c]), c, count.tricks_won[c],
                                 count.points_half[c], count.bouts[c])
                  for c in (Camp.TAKER, Camp.DEFENSE)},
        "excuse": {"camp": None if count.excuse_camp is None else count.excuse_camp.value,
                   "exchanged": count.excuse_exchanged,
                   "lost_last_trick": count.excuse_lost_last_trick,
                   "exchange_card": None if piles.exchange_card is None
                   else piles.exchange_card.code,
                   "exchange_owed": None if piles.exchange_owed is None
                   else piles.exchange_owed.value,
                   "text": excuse_sentence(played=excuse_played,
                                           exchanged=count.excuse_exchanged,
                                           lost_last_trick=count.excuse_lost_last_trick,
                                           camp=None if count.excuse_camp is None
                                           else count.excuse_camp.value,
                                           owner_won_a_trick=count.excuse_camp is None or bool(
                                               count.tricks_won[count.excuse_camp]))},
        "petit_au_bout": None if count.petit_au_bout is None else count.petit_au_bout.value,
        "chelem": None if count.chelem is None else count.chelem.value,
        "score": score_payload(score),
        "scores": list(entry.scores),
    }


@blp.route(TABLE_PATH + "/deals/<int(min=1,max=1000):number>", methods=["GET"])
@blp.response(200, DealReview, description=(
    "The scored deal: hands, chien, écart, tricks, each camp's counted pile (points and "
    "bouts, 91 in all), the score."))
@_problems(401)
def deal_review(table_id: str, number: int) -> Response:
    """A scored deal of this table, laid open and counted (any token of the table)."""
    _auth(table_id)
    with _store().table_lock(table_id):
        found = _finished_deal(table_id, number)
    if found is None:
        raise Problem(404, "deal-not-scored", number=number)
    state, donne = found
    return _json(review_payload(state, donne, number))


def _last_decision(table_id: str, person: int) -> int | None:
    """The sequence number of ``person``'s last own action (a robot's are not his)."""
    last = None
    for event in _store().events(table_id, 0, limit=_ALL_EVENTS):
        data = event.data
        if event.type == "action" and data.get("person") == person and data.get("by") != "bot":
            last = event.seq
    return last


@blp.route(TABLE_PATH + "/undo", methods=["POST"])
@blp.response(201, UndoResponse, description=(
    "A new table, at the moment before the seat's last decision: its id and the seat's new "
    "token (the old table is kept)."))
@_problems(401, 429)
def undo(table_id: str) -> Response:
    """Take back the seat's last decision at a practice table (every other seat a robot)."""
    auth = _auth(table_id)
    store = _store()
    info = store.info(None, table_id)
    assert info is not None
    meta = info.meta
    spend(("RATE_LIMIT_CREATE", "address"))  # a fork is a new table
    seat = auth.seat
    if (seat is None or meta.mode == "physical"
            or any(not bot for i, bot in enumerate(meta.bots) if i != seat)):
        raise Problem(409, "undo-not-practice")
    with store.table_lock(table_id):
        last = _last_decision(table_id, seat)
        if last is None:
            raise Problem(409, "undo-nothing")
        new_id, referee, tokens = store.fork(table_id, last - 1)
    return _json({"id": new_id, "seat": seat, "token": tokens[seat], "referee_token": referee,
                  "undone_seq": last}, 201)
