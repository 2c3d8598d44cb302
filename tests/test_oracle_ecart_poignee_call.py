"""Differential tests of the écart, the poignée and the king call against the naive oracle
(tests/oracle/reference.py): legality and the fault codes, at 3, 4 and 5 players."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import reference as ref

from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.contracts import Contract
from rules_fr.ecart import check_ecart, ecart_trumps_needed, is_legal_ecart
from rules_fr.kingcall import callable_cards, check_king_call
from rules_fr.poignee import PoigneeLevel, check_poignee, poignee_level, poignees_allowed

HAND = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}
STRONG = [c for c in ref.ALL_CARDS if ref.is_trump(c) or c == "EX" or ref.is_king(c)]
PLAIN = [c for c in ref.ALL_CARDS if c not in STRONG]


@st.composite
def ecarts(draw):
    """A hand and chien often short of plain non-king cards (so that trumps become
    indispensable), and an écart that is legal or breaks one or several rules."""
    players = draw(st.sampled_from([3, 4, 5]))
    contract = draw(st.sampled_from(["petite", "garde", "petite", "garde", "garde_sans",
                                     "garde_contre"]))
    size = HAND[players] + CHIEN[players]
    plain_count = draw(st.integers(max(0, size - len(STRONG)), min(size, len(PLAIN))))
    strong = draw(st.permutations(STRONG))[:size - plain_count]
    plain = draw(st.permutations(PLAIN))[:plain_count]
    pool = draw(st.permutations(list(strong) + list(plain)))
    hand, chien = list(pool[:HAND[players]]), list(pool[HAND[players]:])
    pool_plain = [c for c in pool if c in PLAIN]
    pool_trumps = [c for c in pool if ref.is_trump(c) and c not in ref.BOUTS]
    needed = max(0, CHIEN[players] - len(pool_plain))
    trumps = max(0, needed + draw(st.sampled_from([0, 0, 0, 1, -1])))
    ecart = (list(draw(st.permutations(pool_trumps)))[:trumps]
             + list(draw(st.permutations(pool_plain))))[:CHIEN[players]]
    # faults on purpose
    extras = draw(st.lists(st.sampled_from(["king", "bout", "foreign", "twice", "short",
                                            "long"]), max_size=2))
    for extra in extras:
        if extra == "king" and [c for c in pool if ref.is_king(c)] and ecart:
            ecart[0] = next(c for c in pool if ref.is_king(c))
        elif extra == "bout" and [c for c in pool if c in ref.BOUTS] and ecart:
            ecart[-1] = next(c for c in pool if c in ref.BOUTS)
        elif extra == "foreign" and ecart:
            ecart[0] = next(c for c in ref.ALL_CARDS if c not in pool)
        elif extra == "twice" and len(ecart) >= 2:
            ecart[1] = ecart[0]
        elif extra == "short" and ecart:
            ecart = ecart[:-1]
        elif extra == "long":
            ecart = ecart + [c for c in pool_plain if c not in ecart][:1]
    return players, contract, hand, chien, ecart


@settings(max_examples=400, deadline=None)
@given(ecarts())
def test_oracle_ecart(case) -> None:
    """"On ne peut écarter ni roi, ni bout ; on n'écarte des atouts que si cela se révèle
    indispensable", an écart of the chien's size, none on a garde sans or contre."""
    players, contract, hand, chien, ecart = case
    expected = ref.ecart_faults(players, contract, hand, chien, ecart)
    verdict = check_ecart(players, Contract.parse(contract), CardSet.parse(hand),
                          CardSet.parse(chien), parse_cards(ecart))
    got = {v.code.value for v in verdict}
    assert got == expected, case
    assert is_legal_ecart(players, Contract.parse(contract), CardSet.parse(hand),
                          CardSet.parse(chien), parse_cards(ecart)) == (not expected)
    pool_plain = [c for c in hand + chien if c in PLAIN]
    assert ecart_trumps_needed(players, CardSet.parse(hand), CardSet.parse(chien)) == max(
        0, CHIEN[players] - len(pool_plain))


@st.composite
def poignees(draw):
    """A hand of many trumps (or few), the excuse or not, and a show of about a threshold's
    size, sometimes with a plain card, a card not held, or the excuse hiding a trump."""
    players = draw(st.sampled_from([3, 4, 5]))
    trumps = draw(st.integers(0, 21))
    all_trumps = [f"T{r}" for r in range(1, 22)]
    held = list(draw(st.permutations(all_trumps)))[:min(trumps, HAND[players])]
    has_excuse = draw(st.booleans())
    plain = list(draw(st.permutations(PLAIN)))
    hand = (held + (["EX"] if has_excuse else []) + plain)[:HAND[players]]
    held = [c for c in hand if ref.is_trump(c)]
    threshold = draw(st.sampled_from(list(ref.THRESHOLDS[players].values())))
    size = threshold + draw(st.sampled_from([0, 0, 0, -1, 1]))
    with_excuse = has_excuse and draw(st.booleans())
    shown = (["EX"] if with_excuse else []) + held
    shown = shown[:max(0, size)]
    extra = draw(st.sampled_from([None, None, "plain", "foreign", "twice"]))
    plain_held = [c for c in hand if c in PLAIN]
    foreign = [c for c in all_trumps + ["EX"] if c not in hand]
    if extra == "plain" and shown and plain_held:
        shown[-1] = plain_held[0]
    elif extra == "foreign" and shown and foreign:
        shown[-1] = foreign[0]
    elif extra == "twice" and len(shown) >= 2:
        shown[-1] = shown[0]
    return players, hand, shown


@settings(max_examples=400, deadline=None)
@given(poignees())
def test_oracle_poignee(case) -> None:
    """Exactly 13/15/18 (3 players), 10/13/15 (4), 8/10/13 (5) trumps, the excuse only when
    every trump is shown ("l'excuse dans la poignée implique que l'annonceur n'a pas d'autre
    atout"), the player's own trumps."""
    players, hand, shown = case
    expected = ref.poignee_faults(players, hand, shown)
    got = {v.code.value for v in check_poignee(players, CardSet.parse(hand),
                                               parse_cards(shown))}
    assert got == expected, case
    assert [level.value for level in poignees_allowed(players, CardSet.parse(hand))] == \
        ref.poignees_allowed(players, hand)


def test_oracle_poignee_thresholds() -> None:
    for players in (3, 4, 5):
        for size in range(0, 25):
            level = poignee_level(players, size)
            assert (None if level is None else level.value) == ref.poignee_level(players, size)
    assert [level.bonus for level in PoigneeLevel] == [ref.POIGNEE_BONUS[x] for x in
                                                       ("simple", "double", "triple")]


FACES = [r + s for r in ("K", "Q", "C", "J") for s in ref.PLAIN_SUITS]


@st.composite
def call_hands(draw):
    """Hands rich in faces, so that four kings, four dames and four cavaliers come up."""
    faces = [c for c in FACES if draw(st.integers(0, 5)) > 0]
    rest = list(draw(st.permutations([c for c in ref.ALL_CARDS if c not in FACES])))
    hand = (faces + rest)[:15]
    return hand


@settings(max_examples=300, deadline=None)
@given(call_hands())
def test_oracle_king_call_ladder(hand) -> None:
    """A king always (his own too: he then plays alone); a dame with the four kings; a
    cavalier with the four kings and the four dames; never a plain card, a trump or the
    excuse."""
    expected = ref.callable_cards(hand)
    got = set(callable_cards(CardSet.parse(hand)).codes())
    open_question = ref.valet_call_is_open(hand)
    valets = {"J" + s for s in ref.PLAIN_SUITS}
    if open_question:
        got -= valets
        expected -= valets
    assert got == expected, hand
    for card in FACES + ["1S", "10H", "T21", "T1", "EX"]:
        if open_question and card in valets:
            continue
        verdict = check_king_call(CardSet.parse(hand), parse_card(card))
        assert (not verdict) == (card in expected), (card, hand, verdict)
    assert [v.code.value for v in check_king_call(CardSet.parse(hand), parse_card("KS"),
                                                  players=4)] == ["call-not-five-players"]
