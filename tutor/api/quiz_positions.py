"""The position of a quiz question, typed per kind (``QuizResponse.position`` in the OpenAPI
document): what the reader sees, one schema per shape.

The position carries no ``kind`` of its own (the question's ``kind`` says which it is), so
the document gives ``position`` as a ``oneOf`` of these schemas without a discriminator: the
shapes differ by their members (every member required, no other allowed), so exactly one
matches. Kinds that show the same things share a schema: ``count`` and ``trick`` a row of
cards, ``hand`` and ``poignee`` a hand.
"""

from __future__ import annotations

from typing import Any, Final

from marshmallow import Schema, fields

from tutor.fields import BidField, CampField, ContractField

__all__ = ["POSITIONS", "document_positions", "position_schema"]


def _cards(description: str) -> fields.List[Any]:
    return fields.List(fields.String(), required=True, metadata={"description": description})


def _players() -> fields.Integer:
    return fields.Integer(required=True, metadata={"description": "Players at the table: 3, 4 "
                                                                  "or 5."})


class QuizPlayPosition(Schema):
    players = _players()
    hand = _cards("The reader's hand.")
    trick = _cards("The cards already in the trick, in play order.")
    first_trick = fields.Boolean(required=True)
    called_card = fields.String(required=True, allow_none=True, metadata={
        "description": "Five players: the card the taker called; null otherwise."})
    trick_number = fields.Integer(required=True)


class QuizEcartPosition(Schema):
    players = _players()
    contract = ContractField(required=True)
    hand = _cards("The taker's hand before the chien.")
    chien = _cards("The chien.")
    ecart = _cards("The cards put aside.")


class QuizCardsPosition(Schema):
    players = _players()
    cards = _cards("count: the cards to count. trick: a trick, in play order.")


class QuizScorePosition(Schema):
    players = _players()
    contract = ContractField(required=True)
    bouts = fields.Integer(required=True, metadata={"description": "Bouts of the taker's "
                                                                   "camp."})
    points = fields.Float(required=True, metadata={
        "description": "Card points of the taker's camp (a multiple of 0.5)."})
    petit_au_bout = CampField(required=True, allow_none=True)
    chelem_by = CampField(required=True, allow_none=True)
    alone = fields.Boolean(required=True)


class QuizBidPosition(Schema):
    players = _players()
    bids = fields.List(BidField(), required=True, metadata={
        "description": "The earlier bids, in speaking order."})
    bid = BidField(required=True, metadata={"description": "The bid asked about."})


class QuizTargetPosition(Schema):
    players = _players()
    bouts = _cards("The bouts the taker's side won.")


class QuizHandPosition(Schema):
    players = _players()
    hand = _cards("The hand.")


class QuizKingPosition(Schema):
    players = _players()
    hand = _cards("The taker's hand.")
    card = fields.String(required=True, metadata={"description": "The card the taker would "
                                                                 "call."})


class QuizChelemPosition(Schema):
    players = _players()
    announced = fields.Boolean(required=True)
    by = CampField(required=True, allow_none=True, metadata={
        "description": "The camp that won every trick, or null."})


class QuizSitoutPosition(Schema):
    players = _players()
    people = fields.Integer(required=True, metadata={"description": "People at the table."})
    deal = fields.Integer(required=True, metadata={"description": "The deal's number."})
    person = fields.String(required=True)


class QuizRevokeEarlier(Schema):
    trick = fields.Integer(required=True)
    led = fields.String(required=True, metadata={"description": "The card led."})
    card = fields.String(required=True, metadata={"description": "The card played."})


class QuizRevokeLater(Schema):
    trick = fields.Integer(required=True)
    card = fields.String(required=True)


class QuizRevokePosition(Schema):
    players = _players()
    earlier = fields.Nested(QuizRevokeEarlier, required=True)
    later = fields.Nested(QuizRevokeLater, required=True)


class QuizAdvicePosition(Schema):
    players = _players()
    contract = ContractField(required=True)
    seat = fields.Integer(required=True)
    taker = fields.Integer(required=True)
    hand = _cards("The reader's hand.")
    trick = _cards("The cards already in the trick, in play order.")
    trick_number = fields.Integer(required=True)
    legal_cards = _cards("The cards the reader may play.")


class QuizVoidPosition(Schema):
    players = _players()
    contract = ContractField(required=True)
    hand = _cards("The taker's hand.")
    chien = _cards("The chien.")


POSITIONS: Final[dict[str, type[Schema]]] = {
    "play": QuizPlayPosition, "ecart": QuizEcartPosition, "count": QuizCardsPosition,
    "score": QuizScorePosition, "trick": QuizCardsPosition, "bid": QuizBidPosition,
    "target": QuizTargetPosition, "hand": QuizHandPosition, "king": QuizKingPosition,
    "poignee": QuizHandPosition, "chelem": QuizChelemPosition, "sitout": QuizSitoutPosition,
    "revoke": QuizRevokePosition, "advice": QuizAdvicePosition, "void": QuizVoidPosition,
}
"""The position schema of each quiz kind."""


def _name(schema: type[Schema]) -> str:
    return schema.__name__


def document_positions(api: Any) -> None:
    """Declare each position schema in the document (:func:`position_schema` refers to
    them)."""
    for schema in dict.fromkeys(POSITIONS.values()):
        api.spec.components.schema(_name(schema), schema=schema)


def position_schema() -> dict[str, Any]:
    """``QuizResponse.position``: one of the kinds' schemas (the question's ``kind`` says
    which: ``x-kinds`` maps each kind to its schema)."""
    names = list(dict.fromkeys(_name(s) for s in POSITIONS.values()))
    return {"description": "What the reader sees, by the question's `kind`: "
                           + "; ".join(f"{kind}: {_name(s)}" for kind, s in POSITIONS.items())
                           + ".",
            "oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in names],
            "x-kinds": {kind: f"#/components/schemas/{_name(s)}"
                        for kind, s in POSITIONS.items()}}
