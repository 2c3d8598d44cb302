"""POST /api/v1/advice/*: what would a good player bid, put aside, play — and why?

Each view parses the body with its schema, refuses with 422 what is not a position of the game
(a hand too large for the table, a card both in the hand and the trick, a seat not at the
table), asks :mod:`rules_fr.advice`, and renders its reasons through the catalogs: each reason
is ``{"code", "params", "text"}`` and ``explanation`` sums the advice up in one paragraph.
The advice is always a legal action.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from marshmallow import Schema, fields

from tutor.api import examples
from tutor.api.base import ApiBlueprint, BaseSchema, FastNested, reply
from tutor.fields import (
    BidField,
    CardField,
    CardList,
    ContractField,
    PlayersField,
    StrictBool,
    seat_field,
)
from tutor.services import advice as service

__all__ = ["blp"]

# Alike by nature: each operation's request and response schemas, then its view (shared: api.base)

blp = ApiBlueprint(
    "advice", __name__, url_prefix="/api/v1/advice",
    description="What would a good player do? A legal bid, écart or card, with its reasons "
                "in the reader's language (`?lang=fr|en`, else Accept-Language, else French).",
)


class ReasonSchema(Schema):
    """One step of the advice."""

    code = fields.String(required=True, metadata={
        "description": "Stable code, e.g. `hand-twenty-one`, `bid-contract`, `ecart-void`, "
                       "`play-charge`.", "example": "hand-marriage"})
    params = fields.Dict(required=True, metadata={
        "description": "The cards (canonical codes), suits, counts and points involved."})
    text = fields.String(required=True, metadata={
        "description": "The reason as one sentence in the response's language."})


# --- POST /advice/bid ----------------------------------------------------------------------


class BidAdviceRequest(BaseSchema):
    players = PlayersField(required=True)
    hand = CardList(required=True, max_items=24, too_long="hand-too-large", metadata={
        "description": "The player's cards as dealt."})
    bids = fields.List(BidField(), load_default=list, metadata={
        "maxItems": 4, "description": "The bids already made, in speaking order (`passe` or "
                                      "a contract)."})
    dealer_misdealt = StrictBool(load_default=False, metadata={
        "description": "This deal is a redeal after the dealer's misdeal (the dealer, last "
                       "to speak, may only pass)."})


class BidThresholds(Schema):
    petite = fields.Integer(required=True)
    garde = fields.Integer(required=True)
    garde_sans = fields.Integer(required=True)
    garde_contre = fields.Integer(required=True)


class BidAdviceResponse(Schema):
    bid = BidField(required=True, metadata={
        "description": "The bid advised: `passe` or a contract, always legal after `bids`."})
    wanted = fields.String(required=True, allow_none=True, metadata={
        "description": "The contract the hand is worth on its own (null: none), whatever was "
                       "bid before."})
    strength = fields.Integer(required=True, metadata={
        "description": "The hand's count by the club method (Chavey's barème)."})
    thresholds = fields.Nested(BidThresholds, required=True, metadata={
        "description": "The lowest count for each contract at this table size."})
    reasons = fields.List(fields.Nested(ReasonSchema), required=True, metadata={
        "description": "Each line of the count, then the decision."})
    explanation = fields.String(required=True)


@blp.route("/bid", methods=["POST"])
@blp.arguments(BidAdviceRequest(), example=examples.ADVICE_BID)
@blp.response(200, BidAdviceResponse())
def advise_bid_view(body: dict[str, Any]) -> Response:
    """What should this hand bid?

    The hand is counted with the club method (the 21, the excuse, the petit and its guard,
    trumps and major trumps, honours, long suits, voids and singletons); the count's band at
    this table size gives the contract, bid only when it beats the bids already made.
    """
    return reply(service.bid(body))


# --- POST /advice/ecart --------------------------------------------------------------------


class EcartAdviceRequest(BaseSchema):
    players = PlayersField(required=True)
    contract = ContractField(load_default=None, allow_none=True, metadata={
        "description": "The contract (null or absent: a garde); on a garde sans or contre "
                       "there is no écart."})
    hand = CardList(required=True, max_items=24, too_long="hand-too-large", metadata={
        "description": "The taker's whole hand as dealt, before taking the chien."})
    chien = CardList(required=True, max_items=6, metadata={
        "description": "The whole chien (no card of the hand)."})
    called_card = CardField(load_default=None, allow_none=True, metadata={
        "description": "Five players: the card called (a card of its suit is kept)."})


class EcartAdviceResponse(Schema):
    ecart = fields.List(CardField(), required=True, allow_none=True, metadata={
        "description": "The cards to put aside; null when the contract has no écart."})
    trumps_to_show = fields.List(CardField(), required=True, metadata={
        "description": "Trumps of the écart, shown to the defence (only when unavoidable)."})
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    explanation = fields.String(required=True)


@blp.route("/ecart", methods=["POST"])
@blp.arguments(EcartAdviceRequest(), example=examples.ADVICE_ECART)
@blp.response(200, EcartAdviceResponse())
def advise_ecart_view(body: dict[str, Any]) -> Response:
    """Which cards should the taker put aside?

    Never a king or a bout, trumps only when nothing else may go; voids in suits without their
    king, then honours without their king, then low cards of short suits. Always legal.
    """
    return reply(service.ecart(body))


# --- POST /advice/play ---------------------------------------------------------------------


class PastTrick(BaseSchema):
    leader = seat_field(required=True, metadata={"description": "The seat that led."})
    cards = CardList(required=True, max_items=5, metadata={
        "description": "The cards in play order: card i was played by seat (leader + i) mod "
                       "players."})


class PlayAdviceRequest(BaseSchema):
    players = PlayersField(required=True)
    hand = CardList(required=True, min_items=1, max_items=24, too_long="hand-too-large",
                    metadata={"description": "The player's cards now (no card twice)."})
    trick = CardList(load_default=list, max_items=4, metadata={
        "description": "Cards already in the current trick, in play order (empty when "
                       "leading); none of them in the hand nor in `history` (a card is "
                       "played once), at most one per other player."})
    seat = seat_field(load_default=None, allow_none=True, metadata={
        "description": "The player's seat (default 0); the trick's leader is this seat less "
                       "the cards in the trick."})
    taker = seat_field(load_default=None, allow_none=True, metadata={
        "description": "The taker's seat; without it the camps are unknown."})
    contract = ContractField(load_default=None, allow_none=True, metadata={
        "description": "The contract, when the auction is over (`petite`, `garde`, "
                       "`garde_sans`, `garde_contre`)."})
    called_card = CardField(load_default=None, allow_none=True, metadata={
        "description": "Five players: the card the taker called."})
    partner = seat_field(load_default=None, allow_none=True, metadata={
        "description": "Five players: the partner's seat, when this player knows it (he is "
                       "the partner, or the called card was played)."})
    history = fields.List(FastNested(PastTrick), load_default=list, metadata={
        "maxItems": 23, "description": "The deal's earlier tricks, in order (who lacks which "
                                       "suit, which cards are out)."})
    first_trick = StrictBool(load_default=None, allow_none=True, metadata={
        "description": "Five players: whether this is the first trick (default: when "
                       "`history` is empty)."})
    chien = CardList(load_default=None, allow_none=True, max_items=6, metadata={
        "description": "The chien, when it was shown (petite, garde)."})
    ecart = CardList(load_default=None, allow_none=True, max_items=6, metadata={
        "description": "The taker's écart, when the player is the taker."})
    chelem_announced = StrictBool(load_default=False, metadata={
        "description": "The taker announced a chelem."})


class PlayAdviceResponse(Schema):
    card = CardField(required=True, metadata={"description": "The card advised, always "
                                                             "legal."})
    legal_cards = fields.List(CardField(), required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    explanation = fields.String(required=True)


@blp.route("/play", methods=["POST"])
@blp.arguments(PlayAdviceRequest(), example=examples.ADVICE_PLAY)
@blp.response(200, PlayAdviceResponse())
def advise_play_view(body: dict[str, Any]) -> Response:
    """Which card should be played?

    From what the player knows — the hand, the trick, and when given the seats, the contract,
    the called card and the earlier tricks — the card a good player would play: the excuse
    never kept for the last trick, the petit saved or hunted, points given to a partner's sure
    trick, kings cashed while safe. Always a legal card.
    """
    return reply(service.play(body))


# --- POST /advice/king-call ----------------------------------------------------------------


class KingCallAdviceRequest(BaseSchema):
    hand = CardList(required=True, min_items=15, max_items=15, metadata={
        "description": "The taker's 15 cards as dealt (five players)."})


class KingCallAdviceResponse(Schema):
    card = CardField(required=True, metadata={
        "description": "The card to call: a king the taker lacks, else the queen, cavalier, "
                       "valet ladder; one of his own when he holds every callable card."})
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    explanation = fields.String(required=True)


@blp.route("/king-call", methods=["POST"])
@blp.arguments(KingCallAdviceRequest(), example=examples.ADVICE_KING_CALL)
@blp.response(200, KingCallAdviceResponse())
def advise_king_call_view(body: dict[str, Any]) -> Response:
    """Which card should the taker call at five players?

    A king he lacks in the suit where he holds most (the partner's king then guards his
    honours there); with every king, the next rank down; with every callable card, his own.
    """
    return reply(service.king_call(body))
