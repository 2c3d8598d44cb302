"""Request bodies of the tables' endpoints (responses are documented, built by hand)."""

from __future__ import annotations

from marshmallow import fields, validate

from tutor.api.base import BaseSchema
from tutor.errors import ErrorKey
from tutor.fields import BidField, BoundedInt, CardField, CardList, ContractField

__all__ = ["ActionRequest", "CreateTableRequest", "DuplicateDeal"]

ACTION_CHOICES = ("bid", "call", "ecart", "poignee", "chelem", "play",
                  "pause", "resume", "annul")


class _Name(fields.String):
    def __init__(self, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(validate=validate.Length(1, 40, error=ErrorKey("field-invalid")),
                         **kwargs)


class DuplicateDeal(BaseSchema):
    """A prepared deal with an imposed contract: the bidding is skipped."""

    hands = fields.List(CardList(max_items=24, min_items=15), required=True,
                        validate=validate.Length(3, 5, error=ErrorKey("field-invalid")))
    chien = CardList(max_items=6, min_items=3, required=True)
    dealer = BoundedInt(0, 4, load_default=0)
    taker = BoundedInt(0, 4, required=True)
    contract = ContractField(load_default="garde")


class CreateTableRequest(BaseSchema):
    players = BoundedInt(3, 7, metadata={
        "description": "3 to 5 players, or 6-7 with five playing each deal (the others sit "
                       "out in turn). Optional when `names` is given."})
    names = fields.List(_Name(), validate=validate.Length(3, 7, error=ErrorKey("field-invalid")))
    deals = BoundedInt(3, 10, load_default=5, metadata={"description": "Deals in the partie."})
    bots = fields.List(BoundedInt(0, 6), load_default=list, validate=validate.Length(
        0, 7, error=ErrorKey("field-invalid")), metadata={"description": "Seats played by bots."})
    duplicate = fields.Nested(DuplicateDeal, metadata={
        "description": "Duplicate: play this deal with this contract and taker at every deal."})


class ActionRequest(BaseSchema):
    type = fields.String(required=True, validate=validate.OneOf(
        ACTION_CHOICES, error=ErrorKey("unknown-choice", value="type",
                                       choices=", ".join(ACTION_CHOICES))),
        metadata={"enum": list(ACTION_CHOICES)})
    seat = BoundedInt(0, 6, metadata={"description": "The acting seat (not for the referee's "
                                                     "pause, resume and annul)."})
    seq = BoundedInt(0, 2_000_000_000, required=True, metadata={
        "description": "The last sequence number the client saw: another action since → 409."})
    bid = BidField(metadata={"description": "For `bid`: passe, petite, garde, garde_sans, "
                                            "garde_contre."})
    card = CardField(metadata={"description": "For `call` and `play`."})
    cards = CardList(max_items=24, metadata={"description": "For `ecart` and `poignee`."})

