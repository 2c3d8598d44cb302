"""The table, the hand, the trick, the chien and the contract a scenario sets up."""

from __future__ import annotations

from pytest_bdd import given, parsers

from scenarios.steps.vocabulary import CONTRACTS, Scene, card_list


@given(parsers.parse("a table of {players:d} players"))
@given(parsers.parse("une table de {players:d} joueurs"))
def _table(scene: Scene, players: int) -> None:
    scene.players = players


@given(parsers.parse('the hand "{cards}"'))
@given(parsers.parse('la main "{cards}"'))
def _hand(scene: Scene, cards: str) -> None:
    scene.hand = card_list(cards)


@given(parsers.re(r'^the trick so far "(?P<cards>[^"]*)"$'))
@given(parsers.re(r'^le pli en cours "(?P<cards>[^"]*)"$'))
def _trick(scene: Scene, cards: str) -> None:
    scene.trick = card_list(cards)


@given(parsers.parse('c\'est la première levée et la carte appelée est "{card}"'))
def _first_trick_called(scene: Scene, card: str) -> None:
    scene.first_trick = True
    scene.called_card = card


@given(parsers.parse('la carte appelée est "{card}"'))
def _called_later(scene: Scene, card: str) -> None:
    scene.first_trick = False
    scene.called_card = card


@given(parsers.parse('le chien "{cards}"'))
def _chien(scene: Scene, cards: str) -> None:
    scene.chien = card_list(cards)


@given(parsers.parse('le contrat "{contract}"'))
def _contract(scene: Scene, contract: str) -> None:
    scene.contract = CONTRACTS[contract]
