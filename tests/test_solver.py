"""The double-dummy solver (rules_fr.solver) against a brute-force minimax with no pruning,
on random endgames at 3, 4 and 5 players, every legal card, both objectives; and worked
positions for the excuse, the petit au bout and the five-player partner (FFT 2012)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules_fr.cards import DECK, EXCUSE, PETIT, TWENTY_ONE, Card, CardSet, parse_card
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick
from rules_fr.play import legal_cards, trick_winner
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score, score_deal
from rules_fr.simulate import play_random_deal
from rules_fr.solver import (
    BudgetExceeded,
    Objective,
    Position,
    PositionError,
    end_value,
    play_card,
    solve,
    verify_position,
)

# --- the brute force: every line, no pruning, the deal's end counted from the rulebook ------


def _brute(pos: Position, objective: Objective) -> dict[str, int]:
    """Every legal card's minimax value, by trying every line to the end."""
    n = pos.players
    taker_side = {pos.taker, pos.partner} - {None}
    hands = [set(h) for h in pos.hands]
    seat0 = pos.seat_to_play
    called = pos.called_card if pos.first_trick else None

    def settle(leader: int, cards: Sequence[Card], last: bool, won: dict[str, int],
               previous_petit: bool) -> tuple[int, dict[str, int], bool, Camp | None]:
        """(winner, what the taker's side has after it, petit in it, petit au bout)."""
        won = dict(won)
        seats = [(leader + i) % n for i in range(n)]
        total = sum(c.points_half for c in cards)
        bouts = sum(c.is_bout for c in cards)
        excuse_seat = next((s for s, c in zip(seats, cards, strict=True) if c is EXCUSE), None)
        taker_all = won["defence_tricks"] == 0 and won["taker_tricks"] > 0
        if excuse_seat is not None and last and excuse_seat in taker_side and taker_all:
            winner = excuse_seat  # the taker's chelem: his excuse wins the last trick
            excuse_owner_keeps = False
        else:
            winner = seats[trick_winner(cards)]
            excuse_owner_keeps = excuse_seat is not None and not last
        taker_wins = winner in taker_side
        if excuse_owner_keeps:
            assert excuse_seat is not None
            owner_taker = excuse_seat in taker_side
            if taker_wins:
                won["points"] += total - 9
                won["bouts"] += bouts - 1
            if owner_taker:
                won["points"] += 9
                won["bouts"] += 1
            if owner_taker and not taker_wins:
                won["points"] -= 1  # a half-point card given back for the excuse
            if taker_wins and not owner_taker:
                won["points"] += 1
        elif taker_wins:
            won["points"] += total
            won["bouts"] += bouts
        won["taker_tricks" if taker_wins else "defence_tricks"] += 1
        petit = PETIT in cards
        pab: Camp | None = None
        if last and petit:
            pab = Camp.TAKER if taker_wins else Camp.DEFENSE
        elif last and excuse_seat == winner and previous_petit:
            pab = Camp.TAKER
        return winner, won, petit, pab

    def value(won: dict[str, int], pab: Camp | None) -> int:
        if objective is Objective.POINTS:
            return won["points"]
        chelem = (Camp.TAKER if won["defence_tricks"] == 0 else
                  Camp.DEFENSE if won["taker_tricks"] == 0 else None)
        return score(players=n, contract=pos.contract, bouts=won["bouts"],
                     points_half=won["points"], petit_au_bout=pab,
                     poignees=pos.poignees, chelem_announced=pos.chelem_announced,
                     chelem=chelem, alone=n == 5 and pos.partner is None).total

    def node(leader: int, trick: list[Card], won: dict[str, int], previous_petit: bool,
             first: bool) -> int:
        seat = (leader + len(trick)) % n
        legal = legal_cards(CardSet.of(hands[seat]), trick,
                            called_card=called if first else None, first_trick=first)
        results = [child(leader, trick, won, previous_petit, first, seat, c) for c in legal]
        return max(results) if seat in taker_side else min(results)

    def child(leader: int, trick: list[Card], won: dict[str, int], previous_petit: bool,
              first: bool, seat: int, card: Card) -> int:
        hands[seat].remove(card)
        trick.append(card)
        try:
            if len(trick) < n:
                return node(leader, trick, won, previous_petit, first)
            last = not hands[leader]
            winner, after, petit, pab = settle(leader, trick, last, won, previous_petit)
            if last:
                return value(after, pab)
            return node(winner, [], after, petit, False)
        finally:
            trick.pop()
            hands[seat].add(card)

    won0 = {"points": pos.won_points_half, "bouts": pos.won_bouts,
            "taker_tricks": pos.won_tricks[0], "defence_tricks": pos.won_tricks[1]}
    legal = legal_cards(pos.hands[seat0], pos.trick, called_card=pos.called_card,
                        first_trick=pos.first_trick)
    return {c.code: child(pos.leader, list(pos.trick), won0, pos.petit_previous_trick,
                          pos.first_trick, seat0, c) for c in legal}


# --- random endgames ------------------------------------------------------------------------

_SPECIAL = (EXCUSE, PETIT, TWENTY_ONE)


def random_position(rng: random.Random, players: int, tricks: int) -> Position:
    """Hands of ``tricks`` cards dealt at random (the bouts often among them), some cards of
    the first trick already played, legal in turn; the taker's side's winnings consistent."""
    need = tricks * players
    pool = list(DECK)
    chosen: list[Card] = [c for c in _SPECIAL if rng.random() < 0.5]
    rest = [c for c in pool if c not in chosen]
    rng.shuffle(rest)
    if rng.random() < 0.5:  # trump-heavy endgames, as real ones are
        rest.sort(key=lambda c: not c.is_trump and rng.random() < 0.6)
    chosen = (chosen + rest)[:need]
    rng.shuffle(chosen)
    hands = [CardSet.of(chosen[i * tricks:(i + 1) * tricks]) for i in range(players)]
    leader = rng.randrange(players)
    taker = rng.randrange(players)
    partner: int | None = None
    if players == 5 and rng.random() < 0.8:
        partner = rng.choice([s for s in range(players) if s != taker])
    played_tricks = (78 - 6 if players < 5 else 78 - 3) // players - tricks
    first = False
    called: Card | None = None
    if players == 5 and rng.random() < 0.15:
        played_tricks = 0
        first = True
        called = rng.choice([parse_card(k) for k in ("KS", "KH", "KD", "KC")])
    kind = rng.random()
    if played_tricks == 0:
        won_tricks = (0, 0)
    elif kind < 0.25:
        won_tricks = (played_tricks, 0)
    elif kind < 0.35:
        won_tricks = (0, played_tricks)
    else:
        t0 = rng.randrange(1, played_tricks) if played_tricks > 1 else 1
        won_tricks = (t0, played_tricks - t0)
    trick: list[Card] = []
    for i in range(rng.randrange(players)):
        seat = (leader + i) % players
        legal = legal_cards(hands[seat], trick, called_card=called, first_trick=first)
        card = rng.choice(list(legal))
        trick.append(card)
        hands[seat] = hands[seat].remove(card)
    left = CardSet.of(chosen)
    bouts_gone = 3 - left.bouts()
    won_bouts = rng.randint(0, bouts_gone)
    low, high = 9 * won_bouts, 182 - left.points_half() - 9 * (bouts_gone - won_bouts)
    points = rng.randint(low, max(low, high))
    return Position(
        players=players, hands=tuple(hands), leader=leader, trick=tuple(trick), taker=taker,
        partner=partner, contract=rng.choice(list(Contract)), won_points_half=points,
        won_bouts=won_bouts, won_tricks=won_tricks,
        poignees=((Camp.DEFENSE, PoigneeLevel.SIMPLE),) if rng.random() < 0.2 else (),
        chelem_announced=rng.random() < 0.1, first_trick=first, called_card=called,
        petit_previous_trick=PETIT not in left and rng.random() < 0.5 and tricks == 1)


def _cases() -> list[tuple[int, int, int]]:
    """(players, seed, tricks): 2,100 positions, most of them of 2 to 4 tricks."""
    cases = []
    for players, count in ((3, 700), (4, 700), (5, 700)):
        for seed in range(count):
            tricks = 1 + seed % 4 if players < 5 else 1 + seed % 3 + (seed % 7 == 0)
            cases.append((players, seed, tricks))
    return cases


def test_solver_equals_brute_force_on_2100_random_endgames() -> None:
    """Every legal card's value, by both objectives, equals brute-force minimax's."""
    checked = 0
    for players, seed, tricks in _cases():
        rng = random.Random(f"{players}-{seed}")
        pos = random_position(rng, players, tricks)
        verify_position(pos)
        for objective in Objective:
            expected = _brute(pos, objective)
            found = solve(pos, objective)
            assert found.values_by_code == expected, (players, seed, objective, pos)
            best = max if found.seat in {pos.taker, pos.partner} else min
            assert found.value == best(expected.values())
            assert {c.code for c in found.best} == {
                c for c, v in expected.items() if v == found.value}
            # the principal line is legal play that ends with the value announced
            assert end_value(pos, objective, found.line) == found.value
        checked += 1
    assert checked >= 2000


# --- the solver's settlement is the core's count: random complete deals ---------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_played_line_value_equals_score_deal(players: int) -> None:
    """Every card of random complete deals played through the solver's settlement, from
    the first trick, ends where :func:`rules_fr.scoring.score_deal` does."""
    for seed in range(60):
        d = play_random_deal(players, random.Random(seed))
        start = start_position(d)
        cards = [c for t in d.tricks for c in t.cards]
        got = end_value(start, Objective.SCORE, cards)
        s = score_deal(players=players, contract=d.contract, taker=d.taker,
                       partner=d.partner, tricks=d.tricks, chien=d.chien, ecart=d.ecart)
        assert got == s.total, seed
        assert end_value(start, Objective.POINTS, cards) == d.count.taker_points_half


def start_position(d: object) -> Position:
    from rules_fr.simulate import SimulatedDeal
    assert isinstance(d, SimulatedDeal)
    n = d.players
    hands = [CardSet() for _ in range(n)]
    for t in d.tricks:
        for i, c in enumerate(t.cards):
            hands[t.seat_of(i, n)] = hands[t.seat_of(i, n)].add(c)
    aside = (d.ecart if d.ecart is not None else d.chien) if d.contract.taker_takes_chien \
        else d.chien if d.contract is Contract.GARDE_SANS else CardSet()
    return Position(players=n, hands=tuple(hands), leader=d.tricks[0].leader, trick=(),
                    taker=d.taker, partner=d.partner, contract=d.contract,
                    won_points_half=aside.points_half(), won_bouts=aside.bouts(),
                    first_trick=n == 5 and d.called_card is not None,
                    called_card=d.called_card)


# --- worked positions -----------------------------------------------------------------------


def cs(*codes: str) -> CardSet:
    return CardSet.parse(codes)


def test_excuse_before_the_last_trick_stays_with_its_side() -> None:
    """excuse.exchange: the taker (seat 0) keeps his excuse by playing it at the penultimate
    trick (it stays with him, a half-point card given back); kept to the last trick, it goes
    to the defence, who wins that trick."""
    pos = Position(players=3, hands=(cs("EX", "2C"), cs("KH", "3H"), cs("4H", "5H")),
                   leader=0, trick=(), taker=0, partner=None, contract=Contract.GARDE,
                   won_points_half=80, won_bouts=0, won_tricks=(10, 12))
    s = solve(pos, Objective.POINTS)
    # EX now: 80 + 9 - 1 (the card given back); 2C now wins a trick of discards (3
    # half-points), then the excuse led at the last trick goes to the king
    assert s.values_by_code == {"EX": 88, "2C": 83}
    assert [c.code for c in s.best] == ["EX"]


def test_taker_chelem_excuse_wins_the_last_trick() -> None:
    """excuse.chelem: with every other trick won, the taker's excuse led last wins the
    trick; the chelem is made (unannounced, +200)."""
    pos = Position(players=4, hands=(cs("EX"), cs("KH"), cs("2H"), cs("3H")),
                   leader=0, trick=(), taker=0, partner=None, contract=Contract.GARDE,
                   won_points_half=162, won_bouts=2, won_tricks=(17, 0))
    s = solve(pos, Objective.SCORE)
    expected = score(players=4, contract=Contract.GARDE, bouts=3, points_half=182,
                     chelem=Camp.TAKER).total
    assert s.values_by_code == {"EX": expected}
    # the same excuse after the defence has won a trick goes to the king's side
    lost = solve(Position(**{**_fields(pos), "won_tricks": (16, 1)}), Objective.POINTS)
    assert lost.values_by_code == {"EX": 162}


def _fields(pos: Position) -> dict[str, object]:
    return {name: getattr(pos, name) for name in Position.__dataclass_fields__}


def test_petit_au_bout_goes_to_the_side_winning_the_last_trick() -> None:
    """petit.au-bout: a defender keeps the 21 over the taker's petit. Kept to the last
    trick, the petit falls there, au bout for the defence (10 × the multiplier against the
    taker); led now it is lost all the same, but not au bout: the solver prefers it."""
    pos = Position(players=4, hands=(cs("T1", "KS"), cs("T21", "2S"), cs("3S", "4S"),
                                     cs("5S", "6S")),
                   leader=0, trick=(), taker=0, partner=None, contract=Contract.PETITE,
                   won_points_half=120, won_bouts=0, won_tricks=(8, 8))
    s = solve(pos, Objective.SCORE)
    # T1 first: the 21 takes it (no petit au bout, the petit lost: 1 bout fewer); KS first:
    # the king wins unless trumped — seat 1 has 2S and must follow, so the king wins; then
    # the petit meets the 21 at the last trick: petit au bout to the defence.
    t1_first = score(players=4, contract=Contract.PETITE, bouts=0,
                     points_half=120 + 9 + 1 + 1 + 1).total
    ks_first = score(players=4, contract=Contract.PETITE, bouts=0,
                     points_half=120 + 9 + 1 + 1 + 1, petit_au_bout=Camp.DEFENSE).total
    assert s.values_by_code == {"T1": t1_first, "KS": ks_first}
    assert [c.code for c in s.best] == ["T1"]


def test_five_players_partner_saves_the_petit_au_bout() -> None:
    """At five players the partner's side is the taker's: the partner (seat 2) holding the
    21 behind the taker's petit wins the last trick with it, and the petit au bout is the
    taker's side's; the defence's 20 cannot stop it."""
    pos = Position(players=5, hands=(cs("T1"), cs("T20"), cs("T21"), cs("2C"), cs("3C")),
                   leader=0, trick=(), taker=0, partner=2, contract=Contract.GARDE,
                   won_points_half=100, won_bouts=1, won_tricks=(10, 4))
    s = solve(pos, Objective.SCORE)
    expected = score(players=5, contract=Contract.GARDE, bouts=3, points_half=100 + 9 + 1 + 9
                     + 1 + 1, petit_au_bout=Camp.TAKER).total
    assert s.values_by_code == {"T1": expected}
    # the same hands with seat 1 the partner: the 21 is a defender's, the petit lost au bout
    alone = solve(Position(**{**_fields(pos), "partner": 1}), Objective.SCORE)
    assert alone.value == score(players=5, contract=Contract.GARDE, bouts=1,
                                points_half=100, petit_au_bout=Camp.DEFENSE).total


def test_inconsistent_positions_name_the_field() -> None:
    base = Position(players=3, hands=(cs("KH"), cs("2S"), cs("3S")), leader=0, trick=(),
                    taker=0, partner=None, contract=Contract.GARDE, won_points_half=100)
    for change, name in (({"hands": (cs("KH"), cs("KH"), cs("3S"))}, "hands.1"),
                         ({"hands": (cs("KH", "4S"), cs("2S"), cs("3S"))}, "hands.1"),
                         ({"won_bouts": 4}, "won.bouts"),
                         ({"won_points_half": 190}, "won.points"),
                         ({"partner": 1}, "partner"),
                         ({"trick": (parse_card("4S"),)}, "hands.0")):
        with pytest.raises(PositionError) as caught:
            verify_position(Position(**{**_fields(base), **change}))
        assert caught.value.field == name, change


def test_budget_is_enforced() -> None:
    rng = random.Random(5)
    pos = random_position(rng, 4, 6)
    with pytest.raises(BudgetExceeded):
        solve(pos, Objective.SCORE, budget=10)


def test_play_card_settles_the_trick() -> None:
    pos = Position(players=3, hands=(cs("KH", "EX"), cs("3H", "2S"), cs("4H", "5S")),
                   leader=1, trick=(), taker=0, partner=None, contract=Contract.GARDE,
                   won_points_half=50, won_tricks=(5, 5))
    for code in ("3H", "4H", "EX"):
        pos = play_card(pos, parse_card(code))
    # seat 2's 4H wins (the excuse never does); the taker keeps the excuse, gives half a point
    assert (pos.leader, pos.won_points_half, pos.won_bouts, pos.won_tricks) == (
        2, 50 + 9 - 1, 1, (5, 6))
    with pytest.raises(PositionError):
        play_card(pos, parse_card("KH"))  # seat 2 is to play, not the taker


def test_played_tricks_helper() -> None:
    assert PlayedTrick(0, (parse_card("KH"),)).seat_of(0, 4) == 0
