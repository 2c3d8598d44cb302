"""POST /api/v1/check/*: may I play this card, is this écart, bid, king call, poignée, hand or
deal legal?

Each view parses the body with its schema, refuses with 422 what is not a question about the
rules (an unknown card, a card twice, a card both in the hand and the trick, a card not in the
hand, a trick longer than the table, a hand larger than the deal allows), asks the core, and
renders the verdict through the catalogs. An illegal action is not an error: it is a 200 with
``"legal": false`` and the violations.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from marshmallow import Schema, fields

from tutor.api import examples
from tutor.api.base import ApiBlueprint, BaseSchema, ViolationSchema, reply
from tutor.fields import (
    BidField,
    BoundedInt,
    CardField,
    CardList,
    ContractField,
    PlayersField,
    PoigneeLevelField,
    StrictBool,
)
from tutor.services import check as service

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

blp = ApiBlueprint(
    "check", __name__, url_prefix="/api/v1/check",
    description="Is an action legal? Each answer explains itself in the reader's language "
                "(`?lang=fr|en`, else Accept-Language, else French).",
)


HAND_DOC = "The player's cards (no card twice)."


# --- POST /check/play ----------------------------------------------------------------------


class PlayRequest(BaseSchema):
    players = PlayersField(required=True)
    hand = CardList(required=True, max_items=24, too_long="hand-too-large", metadata={
        "description": HAND_DOC + " The card to play must be one of them (422 otherwise)."})
    trick = CardList(load_default=list, max_items=5, metadata={
        "description": "Cards already in the current trick, in play order (empty when "
                       "leading); none of them in the hand, at most one per other player."})
    card = CardField(required=True, metadata={"description": "The card the player wants to "
                                                             "play."})
    first_trick = StrictBool(load_default=False, metadata={
        "description": "Five players: whether this is the deal's first trick (the called "
                       "suit may not be led, but for the called card itself)."})
    called_card = CardField(load_default=None, allow_none=True, metadata={
        "description": "Five players: the card the taker called."})


class PlayResponse(Schema):
    legal = fields.Boolean(required=True)
    card = CardField(required=True)
    legal_cards = fields.List(CardField(), required=True, metadata={
        "description": "Every card of the hand that may be played to this trick."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    why_allowed = fields.List(fields.Nested(ViolationSchema), required=True, metadata={
        "description": "Why a legal play that would surprise a beginner is allowed, each "
                       "with its code, rule, params and sentence: `undertrump-allowed` and "
                       "`petit-under-trump` (no trump above the highest in the trick: any "
                       "trump), `discard-allowed` (neither the suit nor a trump), "
                       "`excuse-anytime` and `excuse-exchange` (the excuse escapes every "
                       "obligation and stays with its side for a half-point card), "
                       "`called-suit-lead-allowed` (five players, the called suit on the "
                       "first trick). Empty for a plain play and for an illegal card.",
        "example": [{"code": "undertrump-allowed", "rule": "play.overtrump",
                     "params": {"card": "T5", "led": "KH", "suit": "H", "highest": "T9"},
                     "message": "You may play trump 5 under trump 9: you have no hearts, so "
                                "you must trump, and with no trump above trump 9 you "
                                "undertrump. Rule: Overtrumping (play.overtrump)."}]})
    warnings = fields.List(fields.Nested(ViolationSchema), required=True, metadata={
        "description": "Advice on a legal play: the excuse at the last trick changes camp; "
                       "the petit exposed to a higher trump."})
    explanation = fields.String(required=True)


_PLAY_REQUEST = PlayRequest()


@blp.route("/play", methods=["POST"])
@blp.arguments(_PLAY_REQUEST, example=examples.PLAY)
@blp.response(200, PlayResponse())
def check_play_view(body: dict[str, Any]) -> Response:
    """May this card be played?

    Follow suit, trump, overtrump, the excuse at any time, the called suit at the five-player
    first lead. An illegal card is a 200 with `legal: false` and the rule it breaks.
    """
    return reply(service.play(body))


# --- POST /check/ecart ---------------------------------------------------------------------


class EcartRequest(BaseSchema):
    players = PlayersField(required=True)
    contract = ContractField(required=True)
    hand = CardList(required=True, max_items=24, too_long="hand-too-large", metadata={
        "description": "The taker's hand as dealt, before taking the chien."})
    chien = CardList(required=True, max_items=6, metadata={
        "description": "The chien as dealt (no card of the hand)."})
    ecart = CardList(required=True, unique=False, max_items=30, metadata={
        "description": "The cards put aside; a card given twice or not available is a "
                       "violation (200, legal false), not an error."})


class EcartResponse(Schema):
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    trumps_to_show = fields.List(CardField(), required=True, metadata={
        "description": "Trumps of the écart, which the taker shows to the defence."})
    explanation = fields.String(required=True)


@blp.route("/ecart", methods=["POST"])
@blp.arguments(EcartRequest(), example=examples.ECART)
@blp.response(200, EcartResponse())
def check_ecart_view(body: dict[str, Any]) -> Response:
    """Is this écart legal?

    As many cards as the chien held, from the hand and the chien, no king, no bout, trumps
    only when unavoidable (and shown). No écart on a garde sans or contre.
    """
    return reply(service.ecart(body))


# --- POST /check/bid -----------------------------------------------------------------------


class BidRequest(BaseSchema):
    players = PlayersField(required=True)
    bids = fields.List(BidField(), load_default=list, metadata={
        "maxItems": 5,
        "description": "Earlier bids in speaking order (the player right of the dealer "
                       "first): `passe`, `petite` (alias `prise`), `garde`, `garde_sans`, "
                       "`garde_contre`."})
    bid = BidField(required=True, metadata={"description": "The bid to check."})
    dealer_misdealt = StrictBool(load_default=False, metadata={
        "description": "This deal is dealt again after the dealer's misdeal: the dealer, "
                       "speaking last, may only pass."})


class BidResponse(Schema):
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    explanation = fields.String(required=True)


@blp.route("/bid", methods=["POST"])
@blp.arguments(BidRequest(), example=examples.BID)
@blp.response(200, BidResponse())
def check_bid_view(body: dict[str, Any]) -> Response:
    """Is this bid legal after the earlier ones?

    Each player speaks once, the dealer last; a contract must be strictly higher than every
    contract named before it.
    """
    return reply(service.bid(body))


# --- POST /check/king-call -----------------------------------------------------------------


class KingCallRequest(BaseSchema):
    players = PlayersField(load_default=5, metadata={
        "description": "Players at the table (the king call is a five-player rule)."})
    hand = CardList(required=True, max_items=24, too_long="hand-too-large",
                    metadata={"description": "The taker's hand."})
    card = CardField(required=True, metadata={"description": "The card called."})
    chien = CardList(load_default=None, allow_none=True, max_items=6, metadata={
        "description": "The chien once turned over, if known (a called card in it means the "
                       "taker plays alone)."})


class KingCallResponse(Schema):
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    alone = fields.Boolean(required=True, metadata={
        "description": "The taker plays alone: he called his own card, or a card of the "
                       "chien."})
    explanation = fields.String(required=True)


@blp.route("/king-call", methods=["POST"])
@blp.arguments(KingCallRequest(), example=examples.KING_CALL)
@blp.response(200, KingCallResponse())
def check_king_call_view(body: dict[str, Any]) -> Response:
    """May the taker call this card?

    A king; a dame with the four kings; a cavalier with the kings and dames; a valet with
    the kings, dames and cavaliers. Calling one's own card means playing alone.
    """
    return reply(service.king_call(body))


# --- POST /check/poignee -------------------------------------------------------------------


class PoigneeRequest(BaseSchema):
    players = PlayersField(required=True)
    hand = CardList(required=True, max_items=24, too_long="hand-too-large",
                    metadata={"description": HAND_DOC})
    shown = CardList(required=True, unique=False, max_items=30, metadata={
        "description": "The trumps shown (the excuse may stand for a missing trump when no "
                       "other trump is hidden)."})
    cards_played = BoundedInt(0, 24, load_default=None, allow_none=True, metadata={
        "description": "Optional: cards the player has already played in this deal. A poignée "
                       "is shown just before one's first card: once a card is played, it is "
                       "refused (`poignee-too-late`)."})


class PoigneeResponse(Schema):
    legal = fields.Boolean(required=True)
    level = PoigneeLevelField(required=True, allow_none=True, metadata={
        "description": "The poignée shown (`simple`, `double`, `triple`), null when the "
                       "show is not legal."})
    bonus = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Its bonus (20, 30, 40), null when the show is not legal."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    explanation = fields.String(required=True)


@blp.route("/poignee", methods=["POST"])
@blp.arguments(PoigneeRequest(), example=examples.POIGNEE)
@blp.response(200, PoigneeResponse())
def check_poignee_view(body: dict[str, Any]) -> Response:
    """Is this poignée legal, and which one is it?

    Exactly 13/15/18 trumps at three players, 10/13/15 at four, 8/10/13 at five; the excuse
    may replace a missing trump only when the hand holds no other trump; shown before one's
    first card (with `cards_played`).
    """
    return reply(service.poignee(body))


# --- POST /check/hand ----------------------------------------------------------------------


class HandRequest(BaseSchema):
    players = PlayersField(required=True)
    hand = CardList(required=True, max_items=24, too_long="hand-too-large",
                    metadata={"description": HAND_DOC})


class PoigneeOfferSchema(Schema):
    level = PoigneeLevelField(required=True)
    trumps = fields.Integer(required=True, metadata={
        "description": "How many cards this poignée shows at this table."})
    bonus = fields.Integer(required=True)


class HandResponse(Schema):
    petit_sec = fields.Boolean(required=True, metadata={
        "description": "The petit is the hand's only trump, without the excuse: the deal is "
                       "annulled."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    poignees = fields.List(fields.Nested(PoigneeOfferSchema), required=True, metadata={
        "description": "The poignées this hand can show, lowest first."})
    explanation = fields.String(required=True)


@blp.route("/hand", methods=["POST"])
@blp.arguments(HandRequest(), example=examples.HAND)
@blp.response(200, HandResponse())
def check_hand_view(body: dict[str, Any]) -> Response:
    """What does this hand allow? Petit sec (the deal is annulled) and the poignées it can
    show."""
    return reply(service.hand(body))


# --- POST /check/deal ----------------------------------------------------------------------


class DealRequest(BaseSchema):
    players = PlayersField(required=True)
    hands = fields.List(CardList(unique=False, max_items=78), required=True, metadata={
        "maxItems": 6, "description": "One hand per seat, seat 0 first."})
    chien = CardList(required=True, unique=False, max_items=78)


class DealResponse(Schema):
    valid = fields.Boolean(required=True, metadata={
        "description": "Every card exactly once, hands and chien of the right sizes."})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    petit_sec = fields.List(fields.Integer(), required=True, metadata={
        "description": "Seats whose hand holds the petit sec (the deal is annulled)."})
    explanation = fields.String(required=True)


@blp.route("/deal", methods=["POST"])
@blp.arguments(DealRequest(), example=examples.DEAL)
@blp.response(200, DealResponse())
def check_deal_view(body: dict[str, Any]) -> Response:
    """Is this deal regular? One hand per player of the right size, the chien's size, each of
    the 78 cards exactly once."""
    return reply(service.deal(body))
