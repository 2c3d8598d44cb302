"""Card-play advice: every advised card legal over complete deals at 3, 4 and 5 players, the
same seed giving the same play, and the strategy's rules on positions built for each: the
excuse never kept for the last trick, the petit saved and hunted, points given to a partner's
sure trick, a king on the suit's first round, the called king at five."""

from __future__ import annotations

import random

import pytest

from rules_fr.advice.bid import call_policy
from rules_fr.advice.ecart import ecart_policy
from rules_fr.advice.play import advise_play, context_for_donne, make_context, play_policy
from rules_fr.advice.reasons import ReasonCode
from rules_fr.cards import EXCUSE, PETIT, CardSet, parse_card, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick
from rules_fr.deal import deal
from rules_fr.donne import DeclareJeu, Discard, Donne, PlayCard
from rules_fr.play import check_play
from rules_fr.simulate import PlayContext, play_random_deal

H = CardSet.parse
C = parse_card


def _checked_policy(seen: list[PlayContext]):
    """The bots' policy, checked against the rules at every card (and the contexts kept)."""

    def choose(ctx: PlayContext, rng: random.Random):
        card = play_policy(ctx, rng)
        assert card in ctx.legal
        assert check_play(ctx.hand, ctx.trick, card, players=ctx.players,
                          called_card=ctx.called_card, first_trick=ctx.trick_number == 0) == []
        assert advise_play(ctx).card is card
        seen.append(ctx)
        return card

    return choose


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_advised_card_is_legal_over_complete_deals(players):
    rng = random.Random(7 * players)
    for _ in range(40):
        seen: list[PlayContext] = []
        d = play_random_deal(players, rng, policies=[_checked_policy(seen)] * players,
                             ecart_policy=ecart_policy, call_policy=call_policy)
        assert len(seen) == players * len(d.hands[0])
        assert d.count.points_half[Camp.TAKER] + d.count.points_half[Camp.DEFENSE] == 182


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_never_keep_the_excuse_for_the_last_trick(players):
    rng = random.Random(11 * players)
    for _ in range(40):
        d = play_random_deal(players, rng, policies=[play_policy] * players,
                             ecart_policy=ecart_policy, call_policy=call_policy)
        if d.count.chelem is None:
            assert EXCUSE not in CardSet.of(d.tricks[-1].cards)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_seed_same_play(players):
    def once(seed: int):
        return play_random_deal(players, random.Random(seed), policies=[play_policy] * players,
                                ecart_policy=ecart_policy, call_policy=call_policy)

    for seed in (1, 2, 3):
        assert once(seed) == once(seed)


def _advice(hand, trick=(), **kw):
    return advise_play(make_context(kw.pop("players", 4), H(hand), parse_cards(trick), **kw))


def test_play_excuse_goes_before_the_last_trick():
    advice = _advice(["EX", "7S"], ["2S"], seat=1, taker=0, contract=Contract.GARDE)
    assert advice.card is EXCUSE
    assert advice.reasons[0].code is ReasonCode.PLAY_EXCUSE_BEFORE_LAST


def test_play_excuse_saves_an_honour_from_a_lost_trick():
    # hearts led and trumped by the taker; a defender must follow with a dame or a cavalier
    advice = _advice(["QH", "CH", "EX", "T3", "2S"], ["5H", "T12"], seat=2, taker=1,
                     contract=Contract.GARDE)
    assert advice.card is EXCUSE
    assert advice.reasons[0].as_dict() == {"code": "play-excuse-saves",
                                           "params": {"card": "CH"}}


def test_play_excuse_protects_the_petit_under_a_higher_trump():
    advice = _advice(["T1", "EX", "2S", "3S"], ["T9"], seat=1, taker=0, contract=Contract.GARDE)
    assert advice.card is EXCUSE
    assert advice.reasons[0].code is ReasonCode.PLAY_EXCUSE_PROTECTS_PETIT


def test_play_petit_saved_last_to_a_trick_it_wins():
    advice = _advice(["T1", "T15", "4C"], ["2H", "5H", "KH"], seat=3, taker=3,
                     contract=Contract.PETITE)
    assert advice.card is PETIT
    assert advice.reasons[0].params["why"] == "last"


def test_play_petit_saved_in_a_partners_sure_trick():
    # partner (seat 0) leads the 21; the defender holding the petit, void of others, plays it
    advice = _advice(["T1", "T4", "5C"], ["T21", "T6"], seat=2, taker=1,
                     contract=Contract.GARDE)
    assert advice.card is PETIT
    assert advice.reasons[0].params["why"] == "partner"


def test_play_capture_the_taker_petit_with_the_highest_trump():
    advice = _advice(["T8", "T17", "3D"], ["T1"], seat=1, taker=0, contract=Contract.GARDE)
    assert advice.card.code == "T17"
    assert advice.reasons[0].code is ReasonCode.PLAY_CAPTURE_PETIT


def test_play_charge_points_on_a_partners_sure_trick():
    # a defender last to play; his partner wins with the king: give him the dame
    advice = _advice(["QD", "2D", "T5"], ["KD", "3D", "4D"], seat=3, taker=1,
                     contract=Contract.GARDE)
    assert advice.card.code == "QD"
    assert advice.reasons[0].code is ReasonCode.PLAY_CHARGE


def test_play_king_on_the_suits_first_round():
    advice = _advice(["KH", "2H", "T5", "EX"], ["7H"], seat=1, taker=3,
                     contract=Contract.GARDE)
    assert advice.card.code == "KH"
    assert advice.reasons[0].code is ReasonCode.PLAY_KING_FIRST_ROUND


def test_play_no_king_into_a_known_void():
    # the taker (seat 2, after us) showed a void in hearts on an earlier trick: duck
    history = [PlayedTrick(0, tuple(parse_cards(["3H", "4H", "T2", "5H"])))]
    advice = _advice(["KH", "2H", "T5", "4S"], ["7H"], seat=1, taker=2,
                     contract=Contract.GARDE, history=history)
    assert advice.card.code == "2H"
    assert advice.reasons[0].code is ReasonCode.PLAY_DUCK


def test_play_defence_does_not_lead_trumps_blindly():
    advice = _advice(["2S", "5S", "9S", "T4", "T7", "3H"], seat=1, taker=0,
                     contract=Contract.GARDE)
    assert not advice.card.is_trump
    assert ReasonCode.PLAY_NO_BLIND_TRUMP in [r.code for r in advice.reasons]


def test_play_taker_long_in_trumps_draws_them():
    trumps = [f"T{r}" for r in range(10, 22)]
    advice = _advice(trumps + ["2S", "3S", "4H"], seat=0, taker=0, contract=Contract.GARDE)
    assert advice.card.code == "T21"
    assert advice.reasons[0].code is ReasonCode.PLAY_DRAW_TRUMPS


def test_play_defence_leads_the_suit_the_taker_lacks():
    history = [PlayedTrick(1, tuple(parse_cards(["3C", "T2", "5C", "6C"])))]
    advice = _advice(["2C", "9C", "4S", "5S", "6S", "T3"], seat=1, taker=2,
                     contract=Contract.GARDE, history=history)
    assert advice.card.code == "2C"
    assert advice.reasons[0].as_dict()["params"]["suit"] == "C"


def test_play_partner_plays_the_called_king_when_safe():
    advice = _advice(["KH", "3H", "T5", "2S"], ["7H"], players=5, seat=2, taker=1,
                     contract=Contract.GARDE, called_card=C("KH"),
                     history=[PlayedTrick(0, tuple(parse_cards(["2D", "3D", "4D", "5D", "6D"])))])
    assert advice.card.code == "KH"
    assert advice.reasons[0].code is ReasonCode.PLAY_CALLED_KING


def test_play_taker_leads_the_called_suit_towards_his_partner():
    history = [PlayedTrick(0, tuple(parse_cards(["2D", "3D", "4D", "5D", "6D"])))]
    advice = _advice(["2H", "9S", "10S", "T3"], players=5, seat=0, taker=0,
                     contract=Contract.GARDE, called_card=C("KH"), history=history)
    assert advice.card.code == "2H"
    assert advice.reasons[0].code is ReasonCode.PLAY_LEAD_TO_PARTNER


def test_play_first_lead_at_five_respects_the_called_suit():
    ctx = make_context(5, H(["2H", "3H", "T5"]), seat=0, taker=1, contract=Contract.GARDE,
                       called_card=C("KH"))
    assert "2H" not in ctx.legal
    assert advise_play(ctx).card in ctx.legal


def test_make_context_knows_the_partner_only_when_shown():
    called = C("KH")
    hidden = make_context(5, H(["2S"]), seat=3, taker=0, contract=Contract.GARDE,
                          called_card=called, partner=2)
    assert not hidden.partner_known and hidden.partner is None
    history = [PlayedTrick(1, tuple(parse_cards(["2H", "KH", "3H", "4H", "5H"])))]
    shown = make_context(5, H(["2S"]), seat=3, taker=0, contract=Contract.GARDE,
                         called_card=called, history=history)
    assert shown.partner_known and shown.partner == 2
    holder = make_context(5, H(["KH", "2S"]), seat=4, taker=0, contract=Contract.GARDE,
                          called_card=called)
    assert holder.partner_known and holder.partner == 4


def test_make_context_records_voids_shown():
    history = [PlayedTrick(0, tuple(parse_cards(["3H", "2S", "T4", "5H"])))]
    ctx = make_context(4, H(["4D"]), seat=0, history=history)
    assert ctx.voids[1] & H(["2H"]).mask and ctx.voids[1] & H(["T2"]).mask  # no heart, no trump
    assert ctx.voids[2] & H(["2H"]).mask and not ctx.voids[2] & H(["T2"]).mask
    assert ctx.voids[3] == 0


def test_context_for_donne_drives_a_whole_deal_of_bots():
    donne = Donne(deal(4, dealer=0, seed=9), fixed_contract=(1, Contract.GARDE))
    hand = donne.dealt.hands[1]
    donne.apply(Discard(1, tuple(ecart_policy(4, hand, donne.chien, None, random.Random()))))
    donne.apply(DeclareJeu(1))
    while donne.to_move is not None:
        seat = donne.to_move
        ctx = context_for_donne(donne, seat)
        assert ctx.ecart == (donne.ecart if seat == 1 else None)
        donne.apply(PlayCard(seat, advise_play(ctx).card))
    assert donne.count().points_half[Camp.TAKER] + donne.count().points_half[Camp.DEFENSE] == 182


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_action_is_always_legal_in_a_donne(players):
    """The tables' bots: bids, king call, écart and every card, checked by the state machine."""
    from rules_fr.advice.bot import bot_action

    finished = 0
    for seed in range(25):
        donne = Donne(deal(players, dealer=seed % players, seed=seed))
        while donne.to_move is not None:
            seat = donne.to_move
            assert bot_action(donne, (seat + 1) % players) is None  # not his turn
            action = bot_action(donne, seat)
            assert action is not None
            assert donne.check(action) == [], (action, donne.phase)
            donne.apply(action)
        finished += donne.phase.value == "finished"
    assert finished > 10  # most deals are taken and played out


def test_play_excuse_kept_for_the_last_trick_in_a_chelem():
    # the taker's camp won every trick so far; he leads with the 21 and keeps the excuse
    history = [PlayedTrick(0, tuple(parse_cards([f"T{r}", f"{r}S", f"{r}H", f"{r}D"])))
               for r in range(2, 10)]
    advice = _advice(["T21", "EX"], seat=0, taker=0, contract=Contract.GARDE, history=history,
                     chelem_announced=True)
    assert advice.card.code == "T21"
    assert advice.reasons[0].code is ReasonCode.PLAY_EXCUSE_KEPT_FOR_CHELEM
    lost_one = [PlayedTrick(0, tuple(parse_cards(["2S", "KS", "3S", "4S"]))), *history[1:]]
    advice = _advice(["T21", "EX"], seat=0, taker=0, contract=Contract.GARDE, history=lost_one,
                     chelem_announced=True)
    assert advice.card is EXCUSE
