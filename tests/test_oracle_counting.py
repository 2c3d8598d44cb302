"""Differential tests of counting: rules_fr.counting.count_deal against the naive oracle
(tests/oracle/reference.py) on whole random deals (rules_fr.simulate and the oracle's own
play-out), on short hand-built deals that force the excuse, petit and chelem edge cases, and on
rigged legal chelems."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import reference as ref

from rules_fr.cards import CardSet, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick, count_deal
from rules_fr.simulate import play_random_deal

CONTRACTS = ["petite", "garde", "garde_sans", "garde_contre"]


def compare_count(players: int, contract: str, taker: int, partner: int | None,
                  tricks: list[tuple[int, list[str]]], chien: list[str],
                  ecart: list[str] | None) -> dict:
    """Count with the core and the oracle and require the same result; return the oracle's."""
    expected = ref.count_deal(players=players, contract=contract, taker=taker, partner=partner,
                              tricks=tricks, chien=chien, ecart=ecart)
    got = count_deal(players=players, contract=Contract.parse(contract), taker=taker,
                     partner=partner,
                     tricks=[PlayedTrick(leader, tuple(parse_cards(cards)))
                             for leader, cards in tricks],
                     chien=CardSet.parse(chien),
                     ecart=None if ecart is None else CardSet.parse(ecart))
    context = (players, contract, taker, partner, tricks, chien, ecart)
    for camp in ("taker", "defense"):
        assert got.points_half[Camp(camp)] == 2 * expected["points"][camp], context
        assert got.bouts[Camp(camp)] == expected["bouts"][camp], context
        assert got.tricks_won[Camp(camp)] == len(
            [s for s in expected["winners"] if ref.camp_of(s, taker, partner) == camp]), context
    assert list(got.trick_winners) == expected["winners"], context
    assert _camp(got.chelem) == expected["chelem"], context
    assert _camp(got.petit_au_bout) == expected["petit_au_bout"], context
    assert _camp(got.excuse_camp) == expected["excuse_camp"], context
    assert got.excuse_lost_last_trick == expected["excuse_lost_last_trick"], context
    return expected


def _camp(camp: Camp | None) -> str | None:
    return None if camp is None else camp.value


# --- whole random deals, played by the core's simulator -----------------------------------

def _replay_is_legal(d) -> None:
    """Every card of a simulated deal is one the oracle allows."""
    hands = [list(h.codes()) for h in d.hands]
    if d.ecart is not None:
        taker_hand = (d.hands[d.taker] | d.chien) - d.ecart
        hands[d.taker] = list(taker_hand.codes())
    called = d.called_card.code if d.called_card else None
    for index, trick in enumerate(d.tricks):
        cards: list[str] = []
        for position, card in enumerate(trick.cards):
            seat = trick.seat_of(position, d.players)
            legal = ref.legal_plays(hands[seat], cards, players=d.players, called_card=called,
                                    first_trick=index == 0)
            assert card.code in legal, (index, seat, card, hands[seat], cards)
            hands[seat].remove(card.code)
            cards.append(card.code)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32 - 1))
def test_oracle_counts_simulated_deals(players, seed) -> None:
    d = play_random_deal(players, random.Random(seed))
    _replay_is_legal(d)
    expected = compare_count(players, d.contract.code, d.taker, d.partner,
                             [(t.leader, [c.code for c in t.cards]) for t in d.tricks],
                             d.chien.codes(), None if d.ecart is None else d.ecart.codes())
    # and the simulator's score is the rulebook's for that count
    scored = ref.score(players=players, contract=d.contract.code,
                       bouts=expected["bouts"]["taker"],
                       taker_points=expected["points"]["taker"],
                       petit_au_bout=expected["petit_au_bout"], chelem=expected["chelem"],
                       alone=players == 5 and d.partner is None)
    assert (d.score.taker, d.score.partner, d.score.defender) == (
        scored["taker"], scored["partner"], scored["defender"])


# --- whole random deals played out by the oracle, with policies that force edge cases ----------

def _deal(players: int, rng: random.Random, contract: str):
    """Deal, choose a taker, call a king (5), take the chien and discard (petite, garde)."""
    deck = list(ref.ALL_CARDS)
    rng.shuffle(deck)
    hand_size = {3: 24, 4: 18, 5: 15}[players]
    hands = [deck[i * hand_size:(i + 1) * hand_size] for i in range(players)]
    chien = deck[players * hand_size:]
    taker = rng.randrange(players)
    partner = None
    called = None
    if players == 5:
        called = rng.choice(["K" + s for s in ref.PLAIN_SUITS])
        for seat, hand in enumerate(hands):
            if called in hand and seat != taker:
                partner = seat
    ecart = None
    if contract in ("petite", "garde"):
        pool = hands[taker] + chien
        plain = [c for c in pool if not ref.is_trump(c) and c != "EX" and not ref.is_king(c)]
        trumps = [c for c in pool if ref.is_trump(c) and c not in ref.BOUTS]
        rng.shuffle(plain)
        rng.shuffle(trumps)
        ecart = (plain + trumps)[:len(chien)]
        assert not ref.ecart_faults(players, contract, hands[taker], chien, ecart)
        hands[taker] = [c for c in pool if c not in ecart]
    return hands, chien, taker, partner, called, ecart


def _policy(rng: random.Random, excuse: str, petit: str):
    """Random legal cards, except: the excuse kept to the end or played at once; the petit
    kept to the end or not."""
    def choose(seat, hand, trick, options, index):
        options = list(options)
        if "EX" in options and len(options) > 1:
            if excuse == "first":
                return "EX"
            if excuse == "last":
                options.remove("EX")
        if "T1" in options and len(options) > 1 and petit == "last":
            options.remove("T1")
        return rng.choice(options)
    return choose


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.sampled_from(CONTRACTS), st.integers(0, 2**32 - 1),
       st.sampled_from(["random", "first", "last"]), st.sampled_from(["random", "last"]))
def test_oracle_counts_played_out_deals(players, contract, seed, excuse, petit) -> None:
    """The excuse played at the last trick or before its camp wins anything, the petit kept
    to the last trick and captured or not, every contract's chien, the five-player camp."""
    rng = random.Random(seed)
    hands, chien, taker, partner, called, ecart = _deal(players, rng, contract)
    leader = rng.randrange(players)
    tricks = ref.play_out(hands, leader, _policy(rng, excuse, petit), players=players,
                          called_card=called)
    compare_count(players, contract, taker, partner, tricks, chien, ecart)


# --- short hand-built deals: a few tricks, the rest of the pack in the chien ------------------

@st.composite
def short_deals(draw):
    """A few tricks whose leaders follow the winners, the excuse and the petit placed at will
    (last trick, penultimate, first; by either camp), trumps often; the unplayed cards form
    the chien (garde sans, garde contre) or the écart (petite, garde), so totals make 91.
    Chelems of two or three tricks come up often, by either camp."""
    players = draw(st.sampled_from([3, 4, 5]))
    contract = draw(st.sampled_from(CONTRACTS))
    taker = draw(st.integers(0, players - 1))
    partner = None
    if players == 5:
        partner = draw(st.one_of(st.none(), st.integers(0, 4).filter(lambda s: s != taker)))
    count = draw(st.integers(2, 4))  # a real deal has 15 tricks or more
    order = draw(st.permutations([c for c in ref.ALL_CARDS if c not in ("EX", "T1")]))
    excuse_at = draw(st.one_of(st.none(), st.tuples(st.integers(0, count - 1),
                                                     st.integers(0, players - 1))))
    petit_at = draw(st.one_of(st.none(), st.tuples(st.integers(0, count - 1),
                                                    st.integers(0, players - 1))))
    trump_bias = draw(st.lists(st.booleans(), min_size=count * players,
                               max_size=count * players))
    # one camp may get the highest trumps, so that its chelem comes up often
    favoured = draw(st.sampled_from([None, "taker", "defense"]))
    pool = list(order)
    tricks = []
    leader = draw(st.integers(0, players - 1))
    for index in range(count):
        cards = []
        for position in range(players):
            seat = (leader + position) % players
            if excuse_at == (index, position):
                cards.append("EX")
            elif petit_at == (index, position):
                cards.append("T1")
            elif favoured == ref.camp_of(seat, taker, partner):
                pick = max(pool, key=lambda c: (ref.is_trump(c), ref.rank_of(c)))
                pool.remove(pick)
                cards.append(pick)
            else:
                want_trump = trump_bias[index * players + position]
                pick = next((c for c in pool if ref.is_trump(c) == want_trump), pool[0])
                pool.remove(pick)
                cards.append(pick)
        if all(c == "EX" for c in cards if c != "T1") and "T1" not in cards:
            cards[-1] = pool.pop(0)
        tricks.append((leader, cards))
        leader = (leader + ref.trick_winner(cards)) % players
    rest = pool + [c for c in ("EX", "T1") if not any(c in t for _, t in tricks)]
    if contract in ("petite", "garde"):
        return players, contract, taker, partner, tricks, rest, rest
    return players, contract, taker, partner, tricks, rest, None


@settings(max_examples=500, deadline=None)
@given(short_deals())
def test_oracle_counts_short_deals(deal) -> None:
    compare_count(*deal)


# --- rigged legal chelems ----------------------------------------------------------------------

def _rigged(players: int, taker_cards: list[str], rng: random.Random, contract: str):
    """The taker holds ``taker_cards``; the rest is dealt at random to the others and the
    chien (which, under petite and garde, is taken to be what he discarded)."""
    rest = [c for c in ref.ALL_CARDS if c not in taker_cards]
    rng.shuffle(rest)
    hand_size = len(taker_cards)
    hands = []
    taker = rng.randrange(players)
    for seat in range(players):
        if seat == taker:
            hands.append(list(taker_cards))
        else:
            hands.append(rest[:hand_size])
            rest = rest[hand_size:]
    chien = rest
    ecart = chien if contract in ("petite", "garde") else None
    return hands, chien, taker, ecart


def _highest_first(taker: int, rng: random.Random, *, excuse_at: int | None = None,
                   excuse_seat: int | None = None):
    """The taker plays his highest trump (then his highest card), the excuse last; the
    others play at random, the excuse holder plays it at trick ``excuse_at`` when he may."""
    def choose(seat, hand, trick, options, index):
        if seat == taker:
            if options == ["EX"]:
                return "EX"
            choices = [c for c in options if c != "EX"] or options
            # the highest trump first, then the highest card, the petit last
            return max(choices, key=lambda c: (c != "T1", ref.is_trump(c), ref.rank_of(c)))
        if seat == excuse_seat and "EX" in options:
            if index == excuse_at or len(options) == 1:
                return "EX"
            options = [c for c in options if c != "EX"] or options
        return rng.choice(options)
    return choose


TAKER_EXCUSE_CHELEM = {
    # the excuse, the petit (led at the penultimate trick) and the highest trumps: the others
    # run out of trumps before the petit is led
    3: ["EX", "T1"] + [f"T{r}" for r in range(2, 22)] + ["KS", "KH"],
    4: ["EX", "T1"] + [f"T{r}" for r in range(6, 22)],
    5: ["EX", "T1"] + [f"T{r}" for r in range(9, 22)],
}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.sampled_from(CONTRACTS), st.integers(0, 2**32 - 1))
def test_oracle_taker_chelem_excuse_last_petit_penultimate(players, contract, seed) -> None:
    """"En cas de chelem réussi, le demandeur doit … jouer l'excuse en dernier … Ce faisant, il
    remporte également le dernier pli. En conséquence, le petit sera considéré au bout s'il
    est mené à l'avant-dernier pli.\""""
    rng = random.Random(seed)
    hands, chien, taker, ecart = _rigged(players, TAKER_EXCUSE_CHELEM[players], rng, contract)
    partner = None
    if players == 5:
        partner = rng.choice([s for s in range(5) if s != taker])
    tricks = ref.play_out(hands, taker, _highest_first(taker, rng), players=players)
    assert tricks[-1][1][0] == "EX" and "T1" in tricks[-2][1]
    expected = compare_count(players, contract, taker, partner, tricks, chien, ecart)
    assert expected["chelem"] == "taker" and expected["petit_au_bout"] == "taker"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.sampled_from(CONTRACTS), st.integers(0, 2**32 - 1),
       st.integers(0, 30))
def test_oracle_taker_chelem_defence_excuse(players, contract, seed, excuse_at) -> None:
    """"En cas de chelem réussi par un preneur ne possédant pas l'excuse, cette carte jouée
    normalement reste la propriété de la défense et compte pour quatre points" — and played at
    the last trick it goes to the taker."""
    rng = random.Random(seed)
    size = {3: 24, 4: 18, 5: 15}[players]
    top = [f"T{r}" for r in range(22 - size, 22)] if size <= 20 else \
        [f"T{r}" for r in range(2, 22)] + ["KS", "KH", "KD", "KC"]
    hands, chien, taker, ecart = _rigged(players, top, rng, contract)
    holder = next((s for s, h in enumerate(hands) if "EX" in h), None)
    excuse_at %= size
    tricks = ref.play_out(hands, taker,
                          _highest_first(taker, rng, excuse_at=excuse_at, excuse_seat=holder),
                          players=players)
    expected = compare_count(players, contract, taker, None, tricks, chien, ecart)
    assert expected["chelem"] == "taker"


LOW = [f"{r}{s}" for s in ref.PLAIN_SUITS for r in range(1, 5)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([4, 5]), st.sampled_from(CONTRACTS), st.integers(0, 2**32 - 1),
       st.booleans(), st.integers(0, 30))
def test_oracle_defence_chelem(players, contract, seed, taker_has_excuse, excuse_at) -> None:
    """The taker holds only low cards and no trump; the defence leads and wins every trick. His
    excuse, played before the last trick, stays his (4 points) with no trick of his camp to
    give a card from; played last, it changes camp."""
    rng = random.Random(seed)
    size = {4: 18, 5: 15}[players]
    low = LOW + ["5S", "5H"]
    taker_cards = (["EX"] if taker_has_excuse else []) + low[:size - taker_has_excuse]
    hands, chien, taker, ecart = _rigged(players, taker_cards, rng, contract)
    excuse_at %= size

    def choose(seat, hand, trick, options, index):
        if seat == taker:
            if "EX" in options and (index == excuse_at or len(options) == 1):
                return "EX"
            choices = [c for c in options if c != "EX"] or options
            return min(choices, key=ref.rank_of)
        if not trick:
            return max(options, key=lambda c: (ref.is_trump(c), ref.rank_of(c)))
        return rng.choice(options)

    tricks = ref.play_out(hands, (taker + 1) % players, choose, players=players)
    expected = compare_count(players, contract, taker, None, tricks, chien, ecart)
    if tricks[-1][1][0] != "EX":
        # (a defender's excuse led to the last trick lets the next card set the suit, which
        # the taker may win: the excuse wins nothing for the defence)
        assert expected["chelem"] == "defense"
