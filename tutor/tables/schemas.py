"""Request bodies and response schemas of the tables' endpoints (the views build their JSON
by hand; the response schemas document it, and schemathesis checks the responses)."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from marshmallow import Schema, ValidationError, fields, validate

from rules_fr.actions import ACTION_KINDS
from rules_fr.contracts import Contract
from tutor.api.base import BaseSchema, ViolationSchema
from tutor.api.score import ScoreResponse
from tutor.errors import ErrorKey, ProblemSchema
from tutor.fields import (
    BidField,
    BoundedInt,
    CardField,
    CardList,
    ContractField,
    NameField,
    seat_field,
)

__all__ = ["ActionRequest", "ActionResponse", "CreateTableRequest", "CreateTableResponse",
           "DuplicateDeal", "EventsResponse", "RotateTokenRequest", "RotatedToken", "TableView"]

ACTION_CHOICES: Final = (*ACTION_KINDS, "pause", "resume", "annul", "as-played", "misdeal",
                         "take-back", "robot", "person", "name")
"""The core's action kinds (rules_fr.actions), then the referee's table actions."""
MODES: Final = ("live", "duplicate", "physical")
EVENT_TYPES: Final = ("deal", "action", "redeal", "scored", "paused", "resumed", "revoke",
                      "irregularity", "ruled", "seat", "taken-back", "renamed")
MAX_SEQ: Final = 2_000_000_000
BID_CODES: Final = tuple(c.code for c in Contract)


class _Word(fields.String):
    """One word among ``choices`` (``unknown-choice`` naming the word given otherwise)."""

    def __init__(self, choices: tuple[str, ...], **kwargs: Any) -> None:
        self.choices = choices
        metadata = {"enum": list(choices), **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str:
            raise ValidationError(ErrorKey("field-invalid"))
        if value not in self.choices:
            raise ValidationError(ErrorKey("unknown-choice", value=value[:40],
                                           choices=", ".join(self.choices)))
        return value


class DuplicateDeal(BaseSchema):
    """A prepared deal with an imposed contract: the bidding is skipped."""

    hands = fields.List(CardList(max_items=24, min_items=15), required=True,
                        validate=validate.Length(3, 5, error=ErrorKey("field-invalid")))
    chien = CardList(max_items=6, min_items=3, required=True)
    dealer = seat_field(load_default=0, metadata={
        "description": "The dealer's seat (players: the number of `hands`)."})
    taker = seat_field(required=True, metadata={
        "description": "The taker's seat (players: the number of `hands`)."})
    contract = ContractField(load_default=Contract.GARDE)  # loaded values are Contracts


class CreateTableRequest(BaseSchema):
    players = BoundedInt(3, 7, metadata={
        "description": "3 to 5 players, or 6-7 with five playing each deal (the others sit "
                       "out in turn). Optional when `names` is given."})
    names = fields.List(NameField(40), validate=validate.Length(
        3, 7, error=ErrorKey("field-invalid")))
    deals = BoundedInt(3, 10, load_default=5, metadata={"description": "Deals in the partie."})
    dealer = BoundedInt(0, 6, load_default=0, metadata={
        "description": "The seat that deals first (the lowest card drawn, `POST "
                       "/api/v1/deal/draw`); the deal passes to the right after each deal."})
    bots = fields.List(BoundedInt(0, 6), load_default=list, validate=validate.Length(
        0, 7, error=ErrorKey("field-invalid")), metadata={"description": "Seats played by bots."})
    duplicate = fields.Nested(DuplicateDeal, metadata={
        "description": "Duplicate: play this deal with this contract and taker at every deal."})
    mode = _Word(("live", "physical"), load_default="live", metadata={"description":
                  "`physical`: people play with real cards and the referee's token records "
                  "the bids, the chien, the poignées and each card; no bots, no prepared "
                  "deal."})


class ActionRequest(BaseSchema):
    type = _Word(ACTION_CHOICES, required=True)
    seat = BoundedInt(0, 6, metadata={"description": "The acting seat (not for the referee's "
                                                     "pause, resume, annul, as-played, "
                                                     "misdeal and take-back; optional for "
                                                     "`chien`, the taker's); for `robot` and "
                                                     "`person`, the seat handed to a robot "
                                                     "or given back."})
    seq = BoundedInt(0, MAX_SEQ, required=True, metadata={
        "description": "The last sequence number the client saw: another action since → 409. "
                       "The same action sent again (same seat, `seq` and body: a retry after "
                       "a lost answer or a 503) is answered with its first answer, 201 with "
                       "`Idempotent-Replayed: true`, and applied once."})
    bid = BidField(metadata={"description": "For `bid`: passe, petite, garde, garde_sans, "
                                            "garde_contre."})
    card = CardField(metadata={"description": "For `call` and `play`."})
    cards = CardList(max_items=24, metadata={
        "description": "For `ecart` and `poignee`; for `chien` at a physical table."})
    name = NameField(40, metadata={
        "description": "For `name`: the seat's own name, as its player writes it (a seat's "
                       "token renames its seat; the referee's names the `seat` given)."})



# --- responses -------------------------------------------------------------------------------
# The views build their JSON by hand (tutor.tables.views); these schemas document it and
# schemathesis checks every response against them.

_Cards = partial(fields.List, fields.String(metadata={"description": "A card code."}))


class BidMade(Schema):
    seat = fields.Integer(required=True)
    bid = fields.String(required=True, metadata={"enum": ["passe", *BID_CODES]})


class PoigneeShown(Schema):
    seat = fields.Integer(required=True)
    cards = _Cards(required=True)


class TrickDone(Schema):
    leader = fields.Integer(required=True)
    cards = _Cards(required=True)
    winner = fields.Integer(required=True)


class TrickNow(Schema):
    leader = fields.Integer(required=True, metadata={"description": "The seat that leads."})
    cards = _Cards(required=True, metadata={"description": "Played so far, in order."})


class LoggedViolation(ViolationSchema):
    """A violation logged at a physical table, with the table seat concerned."""

    seat = fields.Integer(allow_none=True, metadata={
        "description": "The table seat at fault (null: the deal as a whole)."})


class RevokeSchema(Schema):
    trick = fields.Integer(required=True, metadata={
        "description": "The trick whose card revealed the revoke (the revoke itself was at "
                       "the trick the violation's `params.trick` names)."})
    seat = fields.Integer(required=True, metadata={"description": "The offending table seat."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)


class DealView(Schema):
    """The current deal as the token may see it."""

    number = fields.Integer(required=True, metadata={"description": "1-based, in the partie."})
    people = fields.List(fields.Integer(), required=True, metadata={
        "description": "The table seat of each deal seat (all seats at 3-5 people)."})
    dealer = fields.Integer(required=True)
    phase = fields.String(required=True, metadata={
        "enum": ["bidding", "calling", "ecart", "chien", "announcing", "playing", "finished",
                 "all-passed", "annulled", "scored"],
        "description": "`chien`: a physical table waits for the chien turned over. "
                       "`announcing`: the contract is settled (the king called, the écart "
                       "made) and the taker says « Jeu » (`jeu`) or announces a chelem "
                       "(`chelem`) before the first card."})
    to_move = fields.Integer(required=True, allow_none=True)
    bids = fields.List(fields.Nested(BidMade), required=True)
    taker = fields.Integer(required=True, allow_none=True)
    contract = fields.String(required=True, allow_none=True)
    called_card = fields.String(required=True, allow_none=True)
    partner = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Five players: the called card's holder, once that card is played."})
    chien = _Cards(required=True, allow_none=True, metadata={
        "description": "Petite and garde, once the contract is known; never for a garde sans "
                       "or contre."})
    ecart_trumps_shown = _Cards(required=True)
    chelem_announced = fields.Boolean(required=True)
    poignees = fields.List(fields.Nested(PoigneeShown), required=True)
    tricks = fields.List(fields.Nested(TrickDone), required=True)
    trick = fields.Nested(TrickNow, required=True)
    hand_sizes = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    score = fields.Nested(ScoreResponse, metadata={"description": "Once scored."})
    hand = _Cards(metadata={"description": "A seat's own hand (live and duplicate tables)."})
    ecart = _Cards(metadata={"description": "The taker's own écart (to the taker only)."})
    trick_number = fields.Integer(metadata={"description": "Physical: the trick being played."})
    revokes = fields.List(fields.Nested(RevokeSchema), metadata={
        "description": "Physical: the revokes revealed in this deal."})
    irregularities = fields.List(fields.Nested(LoggedViolation), metadata={
        "description": "Physical: what the finished deal proved irregular."})
    unseen = _Cards(metadata={
        "description": "Physical, once scored: the cards never seen, which the count used as "
                       "the écart (petite, garde) or the chien (garde sans, contre)."})


class EntrySchema(Schema):
    number = fields.Integer(required=True)
    players = fields.List(fields.Integer(), required=True)
    taker = fields.Integer(required=True)
    partner = fields.Integer(required=True, allow_none=True)
    scores = fields.List(fields.Integer(), required=True, metadata={
        "description": "By table seat (0 when sitting out)."})
    totals = fields.List(fields.Integer(), required=True)


class ScoresheetSchema(Schema):
    entries = fields.List(fields.Nested(EntrySchema), required=True)
    totals = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True, allow_none=True)


class LegalSchema(Schema):
    cards = _Cards(required=True)
    bids = fields.List(fields.String(), required=True)
    calls = _Cards(required=True)
    ecart = fields.Boolean(required=True)
    jeu = fields.Boolean(required=True, metadata={
        "description": "The taker may say « Jeu »: play starts, the player right of the "
                       "dealer leads."})
    poignees = fields.List(fields.String(), required=True)
    chelem = fields.Boolean(required=True, metadata={
        "description": "The taker may announce a chelem (then he leads): instead of "
                       "« Jeu », or after it until play has begun (no card played, no "
                       "poignée shown), even while another seat is to lead."})
    why_allowed = fields.Dict(
        keys=fields.String(), values=fields.List(fields.Nested(ViolationSchema)),
        required=True, metadata={
            "description": "For each legal card whose play would surprise a beginner "
                           "(undertrumping, discarding, the excuse, the petit under a higher "
                           "trump, the called suit on the first trick): why the rules allow "
                           "it, as `POST /check/play` gives it."})


class ExpectedSchema(Schema):
    seat = fields.Integer(required=True, metadata={"description": "The seat to record."})
    types = fields.List(fields.String(), required=True, metadata={
        "description": "The action types to record for `seat`. While announcing (`jeu`, "
                       "`chelem`), the first card or poignée of the player right of the "
                       "dealer is accepted as well and implies « Jeu »."})
    bids = fields.List(fields.String(), required=True)
    chelem = fields.Boolean(required=True, metadata={
        "description": "The taker may announce a chelem now (after « Jeu », until play "
                       "has begun, while `seat` may be the player right of the dealer: "
                       "the chelem is recorded for the taker's seat)."})


class YouSchema(Schema):
    role = fields.String(required=True, metadata={"enum": ["referee", "seat"]})
    seat = fields.Integer()
    name = fields.String()
    playing = fields.Boolean()
    legal = fields.Nested(LegalSchema)
    expected = fields.Nested(ExpectedSchema, allow_none=True, metadata={
        "description": "Physical tables, the referee: what to record next."})
    ruling_needed = fields.Boolean(metadata={
        "description": "Physical tables: a revoke or an irregularity paused the table, or a "
                       "deal with a revoke is over and waits to be scored or annulled "
                       "(play.revoke-ruling)."})
    rulings = fields.List(fields.String(), metadata={
        "description": "Physical tables: the referee's possible rulings now — `resume` and "
                       "`annul` while play is stopped; `as-played` (score the deal as played) "
                       "and `annul` once a deal with a revoke is over. No FFT text read states "
                       "a penalty for the revoke: the service applies none of its own."})
    misdeal = fields.Boolean(metadata={
        "description": "Physical tables: no bid recorded yet, the referee may rule a misdeal "
                       "(`misdeal`: the same dealer deals again and may not bid)."})
    take_back = fields.Integer(allow_none=True, metadata={
        "description": "Physical tables: the sequence number of the referee's last record, "
                       "which `take-back` withdraws (a mis-tap; a `taken-back` event follows "
                       "it in the log), or null when there is none to take back."})


class DuplicateInfo(Schema):
    deal_key = fields.String(required=True, metadata={
        "description": "Names the prepared deal and its imposed contract: tables with the "
                       "same key can be compared (POST /api/v1/duplicate/compare)."})
    taker = fields.Integer(required=True)
    contract = fields.String(required=True)


class SeatPresence(Schema):
    seat = fields.Integer(required=True)
    connected = fields.Boolean(required=True, metadata={
        "description": "The seat's token was seen (a view, the events, the stream) within "
                       "the last `TABLES_PRESENCE_SECONDS` (20 s)."})
    joined = fields.Boolean(metadata={
        "description": "The seat's token was ever seen: false for an open seat still waiting "
                       "for its player (not a player who left)."})
    robot = fields.Boolean(required=True, metadata={"description": "A robot plays the seat."})
class ClosedInfo(Schema):
    reason = fields.String(required=True, metadata={
        "enum": ["over", "idle"],
        "description": "`over`: the partie ended; `idle`: nothing happened for "
                       "TABLE_IDLE_HOURS."})
    at = fields.String(metadata={"description": "When it was closed (ISO 8601)."})


class TableView(Schema):
    id = fields.String(required=True)
    mode = fields.String(required=True, metadata={"enum": list(MODES)})
    seq = fields.Integer(required=True)
    players = fields.Integer(required=True)
    names = fields.List(fields.String(), required=True)
    bots = fields.List(fields.Integer(), required=True, metadata={
        "description": "The seats a robot plays now (the referee may hand a seat to a robot, "
                       "`robot`, and give it back, `person`)."})
    presence = fields.List(fields.Nested(SeatPresence), metadata={
        "description": "Who is at the table: live and duplicate tables."})
    deals = fields.Integer(required=True)
    paused = fields.Boolean(required=True)
    over = fields.Boolean(required=True)
    dealer = fields.Integer(required=True)
    to_move = fields.Integer(required=True, allow_none=True)
    deal = fields.Nested(DealView, required=True, allow_none=True)
    scoresheet = fields.Nested(ScoresheetSchema, required=True)
    you = fields.Nested(YouSchema, required=True)
    duplicate = fields.Nested(DuplicateInfo, metadata={"description": "Duplicate tables."})
    closed = fields.Nested(ClosedInfo, metadata={
        "description": "Once the table is closed: read-only, every action answers 410."})


class SeatToken(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "Shown only now."})
    bot = fields.Boolean(required=True)


class CreateTableResponse(Schema):
    id = fields.String(required=True)
    referee_token = fields.String(required=True, metadata={"description": "Shown only now."})
    seat_tokens = fields.List(fields.Nested(SeatToken), required=True)
    table = fields.Nested(TableView, required=True)


class EventSchema(Schema):
    """One logged event as the token may see it; the members present depend on ``type``."""

    seq = fields.Integer(required=True)
    type = fields.String(required=True, metadata={"enum": list(EVENT_TYPES)})
    number = fields.Integer()
    dealer = fields.Integer()
    people = fields.List(fields.Integer())
    contract = fields.String(allow_none=True)
    taker = fields.Integer(allow_none=True)
    partner = fields.Integer(allow_none=True)
    hand = _Cards(metadata={"description": "deal: the viewer's own hand."})
    seat = fields.Integer(allow_none=True)
    action = fields.String(metadata={"enum": list(ACTION_KINDS)})
    by = fields.String(metadata={"enum": ["seat", "bot", "referee"]})
    bid = fields.String()
    card = fields.String()
    cards = _Cards()
    trumps_shown = _Cards()
    scores = fields.List(fields.Integer())
    score = fields.Nested(ScoreResponse)
    unseen = _Cards(metadata={"description": "scored, physical tables: the cards never seen "
                                             "(the écart, or a garde sans's or contre's "
                                             "chien), as the count used them."})
    reason = fields.String(metadata={"enum": ["all-passed", "petit-sec", "referee"]})
    person = fields.Integer()
    trick = fields.Integer()
    violations = fields.List(fields.Nested(ViolationSchema))
    items = fields.List(fields.Nested(LoggedViolation))
    name = fields.String(metadata={"description": "renamed: the seat's new name."})
    taken_back = fields.Integer(metadata={"description": "taken-back, physical tables: the "
                                                          "sequence number of the record the "
                                                          "referee took back."})
    robot = fields.Boolean(metadata={"description": "seat: whether a robot now plays `seat` "
                                                    "(handed over by the referee) or its "
                                                    "person again."})


class IssuedToken(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "Shown only now."})


class ActionResponse(Schema):
    seq = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={
        "description": "The events the action caused: the action, then the bots' and the "
                       "server's (deals, revokes, scores)."})
    table = fields.Nested(TableView, required=True)
    seat_tokens = fields.List(fields.Nested(IssuedToken), metadata={
        "description": "`person` (a seat given back from a robot): the seat's new token, "
                       "for a new invite link — handing a seat to a robot withdrew its "
                       "old one."})


class RotateTokenRequest(BaseSchema):
    seat = BoundedInt(0, 6, required=True, allow_none=True, metadata={
        "description": "The seat whose token to replace (below the table's number of "
                       "people), or null for the referee's own."})


class RotatedToken(Schema):
    seat = fields.Integer(required=True, allow_none=True)
    name = fields.String(required=True, allow_none=True)
    token = fields.String(required=True, metadata={
        "description": "The new token, shown only now; the old one is withdrawn."})


class EventsResponse(Schema):
    since = fields.Integer(required=True)
    seq = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class TableProblem(ProblemSchema):
    """The tables' problems: a 409 tells the table's last sequence number; a 422 for an
    illegal action carries the rules broken, as the check endpoints give them."""

    seq = fields.Integer(metadata={"description": "The table's last sequence number."})
    violations = fields.List(fields.Nested(ViolationSchema), metadata={
        "description": "422, an illegal action: the rules it breaks."})
    explanation = fields.String(metadata={
        "description": "422, an illegal action: why, in the response's language (also the "
                       "`detail`)."})
