"""A claim ("the rest are mine") checked with every hand visible (issue 27 item 2):
:func:`rules_fr.claims.check_claim` against a brute-force enumeration of every line of play on
random endgames, and worked cases of each verdict."""

from __future__ import annotations

import random
from itertools import product

from test_solver import random_position

from rules_fr.cards import CardSet
from rules_fr.claims import ClaimVerdict, check_claim
from rules_fr.contracts import Contract
from rules_fr.play import legal_cards
from rules_fr.solver import Position, final_tricks, play_card


def _outcomes(pos: Position, camp: int, start: int, choose: bool) -> bool:
    """Brute force, no memo and no pruning: with ``choose`` the claimer's side picks its
    cards (any one that works) and the other side answers (all must work); without, every
    card of every seat must work. True when the claimer's side loses no trick."""
    seat = pos.seat_to_play
    legal = list(legal_cards(pos.hands[seat], list(pos.trick),
                             called_card=pos.called_card, first_trick=pos.first_trick))
    results = []
    for card in legal:
        if len(pos.trick) == pos.players - 1 and sum(len(h) for h in pos.hands) == 1:
            ok = final_tricks(pos, card)[1 - camp] == start
        else:
            after = play_card(pos, card)
            ok = after.won_tricks[1 - camp] == start and _outcomes(after, camp, start, choose)
        results.append(ok)
    mine = (0 if seat in (pos.taker, pos.partner) else 1) == camp
    return any(results) if choose and mine else all(results)


def _expected(pos: Position, claimer: int) -> ClaimVerdict:
    camp = 0 if claimer in (pos.taker, pos.partner) else 1
    start = pos.won_tricks[1 - camp]
    if not _outcomes(pos, camp, start, True):
        return ClaimVerdict.REFUSED
    if not _outcomes(pos, camp, start, False):
        return ClaimVerdict.DISPUTED
    return ClaimVerdict.ACCEPTED


def _replay_loses_a_trick(pos: Position, claimer: int, line: tuple) -> bool:
    camp = 0 if claimer in (pos.taker, pos.partner) else 1
    start = pos.won_tricks[1 - camp]
    for card in line:
        if len(pos.trick) == pos.players - 1 and sum(len(h) for h in pos.hands) == 1:
            return final_tricks(pos, card)[1 - camp] != start
        pos = play_card(pos, card)
    return pos.won_tricks[1 - camp] != start


def test_claims_agree_with_every_line_enumerated() -> None:
    """600 random endgames of 1 to 3 tricks at 3, 4 and 5 players, each claimed by a seat
    at random: the verdict is brute force's, and a refused or disputed claim's line is legal
    and does lose a trick."""
    seen = {v: 0 for v in ClaimVerdict}
    for players, seed in product((3, 4, 5), range(200)):
        rng = random.Random(f"claim-{players}-{seed}")
        pos = random_position(rng, players, 1 + seed % 3)
        claimer = rng.randrange(players)
        check = check_claim(pos, claimer)
        assert check.exact
        assert check.verdict is _expected(pos, claimer), (players, seed)
        seen[check.verdict] += 1
        if check.verdict in (ClaimVerdict.REFUSED, ClaimVerdict.DISPUTED):
            assert _replay_loses_a_trick(pos, claimer, check.line), (players, seed)
        else:
            assert check.line == ()
    # the random positions exercise every verdict but the budget's
    assert seen[ClaimVerdict.ACCEPTED] and seen[ClaimVerdict.REFUSED] and \
        seen[ClaimVerdict.DISPUTED], seen


def cs(*codes: str) -> CardSet:
    return CardSet.parse(list(codes))


def test_master_trumps_are_accepted() -> None:
    pos = Position(players=4, hands=(cs("T21", "T20", "T19"), cs("T3", "2H", "3H"),
                                     cs("4H", "5H", "6H"), cs("T4", "7H", "8H")),
                   leader=0, trick=(), taker=0, partner=None, contract=Contract.GARDE,
                   won_tricks=(10, 5))
    check = check_claim(pos, 0)
    assert check.verdict is ClaimVerdict.ACCEPTED and check.tricks_claimed == 3


def test_the_excuse_led_too_soon_makes_a_taker_chelem_claim_disputed() -> None:
    """The taker's excuse wins only the last trick of his side's chelem: played first it
    loses the trick, so only the right order (the 21, then the excuse) takes both."""
    pos = Position(players=3, hands=(cs("T21", "EX"), cs("T5", "3H"), cs("4H", "5H")),
                   leader=0, trick=(), taker=0, partner=None, contract=Contract.GARDE,
                   won_tricks=(22, 0))
    check = check_claim(pos, 0)
    assert check.verdict is ClaimVerdict.DISPUTED
    assert check.line[0].code == "EX"  # the careless line leads the excuse first
    # once the defence has a trick, the excuse at the last trick goes to its winner: refused
    lost = check_claim(Position(**{**_fields(pos), "won_tricks": (21, 1)}), 0)
    assert lost.verdict is ClaimVerdict.REFUSED


def test_a_defender_claims_for_the_defence() -> None:
    """A trick won by his partner in defence is his side's."""
    pos = Position(players=4, hands=(cs("2S", "3S"), cs("T21", "T20"), cs("KS", "QS"),
                                     cs("T2", "4S")),
                   leader=1, trick=(), taker=0, partner=None, contract=Contract.PETITE,
                   won_tricks=(8, 8))
    assert check_claim(pos, 2).verdict is ClaimVerdict.ACCEPTED
    assert check_claim(pos, 0).verdict is ClaimVerdict.REFUSED


def test_the_budget_makes_the_answer_undetermined_not_a_hang() -> None:
    rng = random.Random("claim-budget")
    pos = random_position(rng, 4, 8)
    check = check_claim(pos, pos.taker, budget=50)
    assert check.verdict is ClaimVerdict.UNDETERMINED and not check.exact
    assert check.nodes <= 51


def _fields(pos: Position) -> dict[str, object]:
    return {name: getattr(pos, name) for name in Position.__dataclass_fields__}
