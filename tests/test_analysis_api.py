"""POST /api/v1/analysis/solve and /analysis/deal, GET /api/v1/puzzles and POST
/puzzles/answer, through the Flask test client: the solver's values as the API shows them
(half points as x.5), 422s naming the field of an inconsistent position, the node budget
(exact: false, never a hang), a deal's proven mistakes checked against the solver itself,
the puzzles' single best card proven again, and the sentences in both languages."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules_fr.cards import parse_card
from rules_fr.contracts import Contract
from rules_fr.puzzles import puzzle
from rules_fr.simulate import play_random_deal
from rules_fr.solver import Objective, deal_position, solve
from tutor.api.analysis import SOLVE_EXAMPLE
from tutor.api.examples import SCORE_DEAL


def _post(client: FlaskClient, path: str, body: Any, lang: str = "en") -> Any:
    return client.post(f"/api/v1{path}?lang={lang}", json=body)


def _solve(client: FlaskClient, body: Any, lang: str = "en") -> dict[str, Any]:
    response = _post(client, "/analysis/solve", body, lang)
    assert response.status_code == 200, response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def _problem(client: FlaskClient, path: str, body: Any, lang: str = "en") -> dict[str, Any]:
    response = _post(client, path, body, lang)
    assert response.status_code == 422, response.get_json()
    assert response.content_type == "application/problem+json"
    return response.get_json()  # type: ignore[no-any-return]


# --- /analysis/solve ----------------------------------------------------------------------------


def test_solve_values_every_legal_card_by_both_objectives(client: FlaskClient) -> None:
    """A defender (seat 1) must follow spades: the jack of spades keeps the attack 38 per
    defender down, the 5 only 37 (the values the solver gives, by both objectives)."""
    got = _solve(client, SOLVE_EXAMPLE)
    assert got["seat"] == 1 and got["tricks_left"] == 4 and got["exact"] is True
    assert got["cards"] == [{"card": "5S", "points": 39, "score": -37},
                            {"card": "JS", "points": 38, "score": -38}]
    assert got["best"] == ["JS"] and got["value"] == -38
    assert got["line"][0] == "JS" and len(got["line"]) == 14
    assert 0 < got["nodes"] <= 2 * got["budget"]
    by_points = _solve(client, {**SOLVE_EXAMPLE, "objective": "points"})
    assert by_points["best"] == ["JS"] and by_points["value"] == 38
    assert by_points["cards"] == got["cards"]


def test_solve_explains_in_both_languages(client: FlaskClient) -> None:
    en = _solve(client, SOLVE_EXAMPLE, "en")["explanation"]
    fr = _solve(client, SOLVE_EXAMPLE, "fr")["explanation"]
    assert en.startswith("With all hands visible") and "jack of spades" in en
    assert fr.startswith("Toutes les mains visibles") and "valet de pique" in fr


def test_solve_shows_half_points_at_three_players(client: FlaskClient) -> None:
    """Three players: the taker's side's points end on a half point; shown as x.5."""
    body = {"players": 3, "hands": [["EX", "2C"], ["KH", "3H"], ["4H", "5H"]], "leader": 0,
            "taker": 0, "contract": "garde", "won": {"points": 40, "tricks": [10, 12]}}
    got = _solve(client, {**body, "objective": "points"})
    assert got["cards"] == [{"card": "2C", "points": 41.5, "score": got["cards"][0]["score"]},
                            {"card": "EX", "points": 44, "score": got["cards"][1]["score"]}]
    assert got["best"] == ["EX"] and got["value"] == 44


@pytest.mark.parametrize(("change", "pointer", "code"), [
    (lambda b: b["hands"][1].__setitem__(0, "JD"), "/hands/1", "position-invalid"),
    (lambda b: b["hands"][2].pop(), "/hands/2", "position-invalid"),
    (lambda b: b["won"].__setitem__("bouts", 3), "/won/bouts", "position-invalid"),
    (lambda b: b["won"].__setitem__("points", 80), "/won/points", "position-invalid"),
    (lambda b: b["won"].__setitem__("tricks", [7, 7, 1]), "/won/tricks", "list-too-long"),
    (lambda b: b["won"].__setitem__("tricks", [12, 7]), "/won/tricks", "position-invalid"),
    (lambda b: b.__setitem__("partner", 2), "/partner", "partner-not-five"),
    (lambda b: b.__setitem__("leader", 4), "/leader", "seat-range"),
    (lambda b: b["hands"][0].__setitem__(0, "2S"), "/trick/1", "position-invalid"),
    (lambda b: b.__setitem__("hands", b["hands"][:3]), "/hands", "position-invalid"),
])
def test_inconsistent_position_is_a_422_naming_the_field(
        client: FlaskClient, change: Any, pointer: str, code: str) -> None:
    body = copy.deepcopy(SOLVE_EXAMPLE)
    change(body)
    problem = _problem(client, "/analysis/solve", body)
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, code)]


def test_position_errors_in_both_languages(client: FlaskClient) -> None:
    body = copy.deepcopy(SOLVE_EXAMPLE)
    body["hands"][1][0] = "JD"
    en = _problem(client, "/analysis/solve", body, "en")["detail"]
    fr = _problem(client, "/analysis/solve", body, "fr")["detail"]
    assert en == "The jack of diamonds is given twice in the position."
    assert fr == "Le valet de carreau est donné deux fois dans la position."
    body = copy.deepcopy(SOLVE_EXAMPLE)
    body["won"]["bouts"] = 3
    assert "bouts" in _problem(client, "/analysis/solve", body, "fr")["detail"]


def test_a_position_past_the_budget_is_answered_not_exact(client: FlaskClient) -> None:
    """A whole deal of four players (18 tricks) needs more than the budget: a 200 with
    exact: false and no values, quickly — never a 500 or a hang."""
    d = play_random_deal(4, random.Random(0))
    pos = deal_position(players=4, contract=d.contract, taker=d.taker, partner=None,
                        tricks=d.tricks, chien=d.chien, ecart=d.ecart)
    body = {"players": 4, "hands": [[c.code for c in h] for h in pos.hands],
            "leader": pos.leader, "taker": pos.taker, "contract": pos.contract.code,
            "won": {"points": pos.won_points_half / 2, "bouts": pos.won_bouts}}
    got = _solve(client, body)
    assert got["exact"] is False and got["best"] == [] and got["value"] is None
    assert got["cards"] and all(c["score"] is None for c in got["cards"])
    assert got["nodes"] == got["budget"]
    assert "exact: false" in got["explanation"]


# --- /analysis/deal -----------------------------------------------------------------------------


def test_deal_mistakes_are_exactly_the_cards_worse_than_the_best(client: FlaskClient) -> None:
    """Every reported mistake is a card worse for its side than its best card, and every
    card of the analysed tricks not reported is one of the best — both checked against the
    solver, position by position (the last four tricks here)."""
    got = _post(client, "/analysis/deal", SCORE_DEAL).get_json()
    start = got["exact_from_trick"]
    assert start is not None and start <= 15 and got["tricks"] == 18
    assert got["not_analysed"] == list(range(1, start))
    assert got["nodes"] <= got["budget"]
    reported = {(m["trick"], m["card"]): m for m in got["mistakes"]}
    tricks = [_trick(t) for t in SCORE_DEAL["tricks"]]
    for t in range(14, 18):
        for c, card in enumerate(tricks[t].cards):
            pos = deal_position(players=4, contract=Contract.PETITE, taker=3, partner=None,
                                tricks=tricks, chien=_cards(SCORE_DEAL["chien"]),
                                ecart=_cards(SCORE_DEAL["ecart"]), trick=t, card=c)
            sol = solve(pos, Objective.SCORE)
            value = sol.values_by_code[card.code]
            mistake = reported.get((t + 1, card.code))
            if value == sol.value:
                assert mistake is None, (t, card)
            else:
                assert mistake is not None, (t, card)
                assert mistake["better"] == [b.code for b in sol.best]
                side = 1 if pos.seat_to_play == 3 else -1
                assert mistake["lost"]["score"] == side * (sol.value - value) > 0
                assert mistake["exact"] is True


def test_deal_mistakes_are_said_in_both_languages(client: FlaskClient) -> None:
    en = _post(client, "/analysis/deal", SCORE_DEAL, "en").get_json()
    fr = _post(client, "/analysis/deal", SCORE_DEAL, "fr").get_json()
    assert en["mistakes"] and len(en["mistakes"]) == len(fr["mistakes"])
    for m_en, m_fr in zip(en["mistakes"], fr["mistakes"], strict=True):
        assert m_en["text"].startswith("With all hands visible, ")
        assert "cost its side" in m_en["text"]
        assert m_fr["text"].startswith("Toutes les mains visibles, ")
        assert "a coûté à son camp" in m_fr["text"]
    assert en["explanation"].startswith("With all hands visible, tricks ")
    assert fr["explanation"].startswith("Toutes les mains visibles, les plis ")


def test_deal_analysis_refuses_what_score_deal_refuses(client: FlaskClient) -> None:
    body = copy.deepcopy(SCORE_DEAL)
    body["tricks"] = body["tricks"][:17]
    problem = _problem(client, "/analysis/deal", body)
    assert problem["errors"][0]["pointer"] == "/tricks"


def _cards(codes: list[str]) -> Any:
    from rules_fr.cards import CardSet
    return CardSet.of(parse_card(c) for c in codes)


def _trick(t: dict[str, Any]) -> Any:
    from rules_fr.counting import PlayedTrick
    return PlayedTrick(t["leader"], tuple(parse_card(c) for c in t["cards"]))


# --- /puzzles -----------------------------------------------------------------------------------


def test_puzzle_is_the_same_for_a_seed_and_shows_no_answer(client: FlaskClient) -> None:
    first = client.get("/api/v1/puzzles?players=4&seed=1&lang=en").get_json()
    again = client.get("/api/v1/puzzles?players=4&seed=1&lang=fr").get_json()
    assert first["id"] == again["id"] and first["hands"] == again["hands"]
    assert 3 <= first["tricks_left"] <= 5
    assert not {"best", "cards", "line", "explanation"} & first.keys()
    assert first["question"].startswith(f"Seat {first['seat']}, ")
    assert again["question"].startswith(f"La place {again['seat']}, ")
    assert "which card is best" in first["question"]


@pytest.mark.parametrize("players", [3, 5])
def test_puzzles_at_three_and_five_players(client: FlaskClient, players: int) -> None:
    got = client.get(f"/api/v1/puzzles?players={players}&seed=7").get_json()
    assert got["players"] == players and len(got["hands"]) == players


def test_puzzle_answers_right_and_wrong_with_the_refuting_line(client: FlaskClient) -> None:
    """Garde contre, a defender holds the 10, 18 and 21 of trumps over the 4 of trumps: only
    the 10 keeps the attack 438 down per defender (the others 420)."""
    p = client.get("/api/v1/puzzles?players=4&seed=1").get_json()
    assert p["id"] == "4-1-1-14-2" and p["contract"] == "garde_contre"
    right = _post(client, "/puzzles/answer", {"id": p["id"], "card": "T10"}).get_json()
    assert right["right"] is True and right["best"] == "T10"
    assert right["explanation"].startswith("Right: the 10 of trumps is the only best card.")
    wrong = _post(client, "/puzzles/answer", {"id": p["id"], "card": "T21"}, "fr").get_json()
    assert wrong["right"] is False and wrong["best"] == "T10"
    assert wrong["cards"] == [{"card": "T10", "score": -438}, {"card": "T18", "score": -420},
                              {"card": "T21", "score": -420}]
    assert wrong["explanation"].startswith(
        "Ce n'est pas la meilleure carte : après le 21, le meilleur jeu est le 21, le 2 de "
        "cœur ; ")
    assert "au lieu de −438" in wrong["explanation"]


def test_puzzle_answer_422s(client: FlaskClient) -> None:
    unknown = _problem(client, "/puzzles/answer", {"id": "4-1-0-1-2", "card": "5S"})
    assert unknown["errors"][0]["pointer"] == "/id"
    assert unknown["errors"][0]["code"] == "puzzle-unknown"
    illegal = _problem(client, "/puzzles/answer", {"id": "4-1-1-14-2", "card": "KH"}, "fr")
    assert illegal["errors"][0]["pointer"] == "/card"
    assert illegal["detail"] == "Le roi de cœur ne peut pas être joué dans cette position."
    assert _post(client, "/puzzles?players=6", {}).status_code == 405
    assert client.get("/api/v1/puzzles?players=6").status_code == 422


def test_a_seed_with_no_puzzle_is_a_422_not_a_500(client: FlaskClient,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeds 1-200 are proven to give a puzzle (scripts/check_puzzles.py); any other seed
    whose endgames have no single best card is told so, in the reader's language."""
    from tutor.services import analysis

    def none(players: int, seed: int) -> None:
        raise LookupError(seed)

    monkeypatch.setattr(analysis, "core_puzzle", none)
    answer = client.get("/api/v1/puzzles?players=4&seed=123456&lang=fr")
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    error = answer.get_json()["errors"][0]
    assert error["pointer"] == "/seed" and error["code"] == "puzzle-none"
    assert "123456" in answer.get_json()["detail"]
    assert client.get("/api/v1/puzzles?players=4").status_code == 422  # drawn: still no 500


SEEDS = range(1, 13)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_puzzle_has_exactly_one_best_card(players: int) -> None:
    """Seeds 1-12 here (scripts/check_puzzles.py checks 1-200 at 3, 4 and 5 players): the
    position solved again from scratch, without a budget, has exactly one best card, better
    than every other by the puzzle's margin."""
    for seed in SEEDS:
        p = puzzle(players, seed)
        assert 3 <= p.position.tricks_left <= 5
        sol = solve(p.position, Objective.SCORE)
        assert len(sol.best) == 1 and len(sol.values) >= 2, (players, seed)
        assert sol.best == p.solution.best


def _deal_body(seed: int) -> dict[str, Any]:
    d = play_random_deal(4, random.Random(seed))
    return {"players": 4, "contract": d.contract.code, "taker": d.taker, "partner": None,
            "chien": [c.code for c in d.chien],
            "ecart": [c.code for c in d.ecart] if d.ecart is not None else [],
            "tricks": [{"leader": t.leader, "cards": [c.code for c in t.cards]}
                       for t in d.tricks]}


def test_a_petit_au_bout_given_away_is_said_in_both_languages(client: FlaskClient) -> None:
    """petit.au-bout: the taker (seat 0) plays the petit at the 17th trick; the 6 of trumps
    kept it for the last trick, which his side wins: 10 points of score per defender."""
    body = _deal_body(23)
    for lang, text in (
            ("en", "With all hands visible, the 6 of trumps would have won the petit au bout: "
                   "the petit lost it. It cost its side 10 points of score"),
            ("fr", "Toutes les mains visibles, le 6 d'atout aurait gagné le petit au bout : "
                   "le petit l'a perdu. Elle a coûté à son camp 10 points de marque")):
        got = _post(client, "/analysis/deal", body, lang).get_json()
        assert got["exact_from_trick"] <= 17
        mistake = next(m for m in got["mistakes"] if m["trick"] == 17 and m["seat"] == 0)
        assert mistake["card"] == "T1" and mistake["better"] == ["T6"]
        assert mistake["petit_au_bout"] == {"card": None, "better": "taker"}
        assert mistake["lost"]["score"] == 10
        assert mistake["text"].startswith(text), mistake["text"]


# --- /analysis/claim ----------------------------------------------------------------------------


def test_a_claim_of_master_trumps_is_accepted_in_both_languages(client: FlaskClient) -> None:
    from tutor.api.analysis import CLAIM_EXAMPLE

    for lang, said in (("en", "Claim accepted: with every hand shown, every line of play gives "
                              "the taker's side the 3 remaining tricks."),
                       ("fr", "Revendication acceptée : toutes cartes visibles, chaque façon "
                              "de jouer donne au camp du preneur les 3 plis restants.")):
        answer = _post(client, "/analysis/claim", CLAIM_EXAMPLE, lang).get_json()
        assert answer["verdict"] == "accepted" and answer["camp"] == "taker"
        assert answer["tricks_claimed"] == 3 and answer["exact"] and answer["line"] == []
        assert answer["explanation"] == said


def test_a_refused_claim_shows_the_line_that_refutes_it(client: FlaskClient) -> None:
    from tutor.api.analysis import CLAIM_EXAMPLE

    answer = _post(client, "/analysis/claim", {**CLAIM_EXAMPLE, "claimer": 2}, "fr").get_json()
    assert answer["verdict"] == "refused" and answer["camp"] == "defense"
    assert answer["line"][0] == "T21"
    assert answer["explanation"].startswith("Revendication refusée : le camp du preneur fait un "
                                            "pli quoi que joue la défense")


def test_a_claim_the_excuse_spoils_when_led_first_is_disputed(client: FlaskClient) -> None:
    """The taker's excuse wins only the last trick of his chelem: leading it first loses a
    trick, so the claim holds only in the right order."""
    body = {"players": 3, "hands": [["T21", "EX"], ["T5", "3H"], ["4H", "5H"]], "leader": 0,
            "trick": [], "taker": 0, "contract": "garde",
            "won": {"points": 80, "bouts": 1, "tricks": [22, 0]}, "claimer": 0}
    answer = _post(client, "/analysis/claim", body).get_json()
    assert answer["verdict"] == "disputed" and answer["line"][0] == "EX"
    assert "only by playing its cards in the right order" in answer["explanation"]
    assert "the excuse" in answer["explanation"]


def test_a_claim_names_what_is_wrong(client: FlaskClient) -> None:
    from tutor.api.analysis import CLAIM_EXAMPLE

    seat = _problem(client, "/analysis/claim", {**CLAIM_EXAMPLE, "claimer": 4})
    assert [(e["pointer"], e["code"]) for e in seat["errors"]] == [("/claimer", "value-range")]
    missing = _problem(client, "/analysis/claim", {k: v for k, v in CLAIM_EXAMPLE.items()
                                                   if k != "claimer"})
    assert missing["errors"][0]["pointer"] == "/claimer"
    twice = copy.deepcopy(CLAIM_EXAMPLE)
    twice["hands"][1][0] = "T21"
    assert _problem(client, "/analysis/claim", twice)["errors"][0]["pointer"].startswith("/hands")
