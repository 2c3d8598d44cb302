"""A deliberately naive reference implementation of the rules, written straight from the rule
texts (seed 000 and FFT-NOTES.md), to test :mod:`rules_fr` against.

It shares no code with ``rules_fr``: cards are their text codes (``"KH"``, ``"10D"``, ``"T21"``,
``"EX"``), sets are Python lists and sets, points are :class:`fractions.Fraction` as the
rulebook writes them (4½, 3½ …). Each function says which sentence it implements. Speed and
elegance do not matter here; being readable next to the rulebook does.

Where the rule texts leave a point open, the function says so and returns every reading it
accepts (``acceptable`` codes), so that a test never decides a question the rulebook does not.

>>> sorted(legal_plays(["7H", "KH", "T3", "EX", "2S"], ["5H"], players=4))
['7H', 'EX', 'KH']
>>> points("KH") + points("2S")
Fraction(5, 1)
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

# ---------------------------------------------------------------------------------------------
# The cards (seed: "Un jeu de tarot comporte 78 cartes à jouer")

PLAIN_SUITS = ["S", "H", "D", "C"]  # pique, cœur, carreau, trèfle
FACES = {"J": 11, "C": 12, "Q": 13, "K": 14}  # valet, cavalier, dame, roi
PLAIN_RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]

ALL_CARDS = (
    [rank + suit for suit in PLAIN_SUITS for rank in PLAIN_RANKS]
    + ["T" + str(number) for number in range(1, 22)]
    + ["EX"]
)
BOUTS = ["T1", "T21", "EX"]  # "L'Excuse, le 1 d'atout et le 21 d'atout sont appelés les bouts"


def is_excuse(card: str) -> bool:
    return card == "EX"


def is_trump(card: str) -> bool:
    """The 21 numbered cards are the trumps; the excuse is not one."""
    return card.startswith("T")


def suit_of(card: str) -> str:
    """``S``/``H``/``D``/``C`` for plain cards, ``T`` for trumps, ``EX`` for the excuse."""
    if is_excuse(card):
        return "EX"
    if is_trump(card):
        return "T"
    return card[-1]


def rank_of(card: str) -> int:
    """Strength within its suit: trumps 1..21; plain cards 1..10, valet 11, cavalier 12,
    dame 13, roi 14 ("Roi, Dame, … Cavalier et Valet … 10, 9, … 1")."""
    if is_excuse(card):
        return 0
    if is_trump(card):
        return int(card[1:])
    text = card[:-1]
    if text in FACES:
        return FACES[text]
    return int(text)


def is_king(card: str) -> bool:
    return not is_trump(card) and not is_excuse(card) and card[:-1] == "K"


def points(card: str) -> Fraction:
    """"Bout … 4 ½ points; Roi : 4 ½; Dame : 3 ½; Cavalier : 2 ½; Valet : 1 ½; Toute autre
    carte : ½ point"."""
    if card in BOUTS:
        return Fraction(9, 2)
    if is_trump(card):
        return Fraction(1, 2)
    text = card[:-1]
    if text == "K":
        return Fraction(9, 2)
    if text == "Q":
        return Fraction(7, 2)
    if text == "C":
        return Fraction(5, 2)
    if text == "J":
        return Fraction(3, 2)
    return Fraction(1, 2)


def total_points(cards: list[str]) -> Fraction:
    total = Fraction(0)
    for card in cards:
        total += points(card)
    return total


# ---------------------------------------------------------------------------------------------
# Card play ("Le jeu se déroule alors selon les règles suivantes")

def led_card(trick: list[str]) -> str | None:
    """"Si la première carte d'une levée est l'excuse, c'est la carte suivante qui détermine
    la couleur jouée"."""
    for card in trick:
        if not is_excuse(card):
            return card
    return None


def highest_trump(cards: list[str]) -> int:
    """The number of the highest trump among ``cards``, 0 when there is none."""
    best = 0
    for card in cards:
        if is_trump(card) and rank_of(card) > best:
            best = rank_of(card)
    return best


def broken_rules(hand: list[str], trick: list[str], card: str, *, players: int,
                 called_card: str | None = None, first_trick: bool = False) -> set[str]:
    """The violation codes that describe what playing ``card`` breaks; empty when legal.

    Usually one code. Where two names fit the same fault equally well under the rule texts,
    both are returned and either is accepted (see the trump-lead case below).
    """
    if len(trick) >= players:
        return {"trick-complete"}
    if card not in hand:
        return {"card-not-in-hand"}

    # "L'excuse peut être jouée à tout moment, quoi que l'on ait en main" (FFT 2012)
    if is_excuse(card):
        return set()

    # Five players: "L'entame ne peut pas être faite dans la couleur choisie par le preneur sauf
    # si cette entame est faite du roi appelé." The seed defines "L'entame (la première carte
    # jouée)": the rule binds the first card of the deal only.
    if players == 5 and first_trick and called_card is not None and len(trick) == 0:
        if suit_of(card) == suit_of(called_card) and card != called_card:
            others = [c for c in hand if suit_of(c) != suit_of(called_card)]
            if others:
                return {"called-suit-first-lead"}
        return set()

    led = led_card(trick)
    if led is None:
        # leading, or after an excuse lead: this card sets the suit, anything goes
        return set()

    my_trumps = [c for c in hand if is_trump(c)]
    best_in_trick = highest_trump(trick)
    my_higher_trumps = [c for c in my_trumps if rank_of(c) > best_in_trick]

    if is_trump(led):
        # "à l'atout, on est obligé de monter sur le plus fort atout déjà en jeu … Si on n'a pas
        # d'atout plus gros, on joue un atout de son choix."
        if not my_trumps:
            return set()  # "On défausse … si l'on ne possède ni … ni d'atout"
        if not is_trump(card):
            # a plain card on a trump lead while holding trumps: trumps are the suit asked for,
            # and a trump had to be played. The rule texts name no code; either name fits.
            return {"must-follow-suit", "must-trump", "must-overtrump"} if my_higher_trumps \
                else {"must-follow-suit", "must-trump"}
        if my_higher_trumps and rank_of(card) <= best_in_trick:
            return {"must-overtrump"}
        return set()

    # "à la couleur, on est obligé de fournir la couleur demandée, mais pas de monter."
    suit = suit_of(led)
    my_suit = [c for c in hand if suit_of(c) == suit]
    if my_suit:
        if suit_of(card) != suit:
            return {"must-follow-suit"}
        return set()
    # "Si on n'a plus de la couleur demandée, on est obligé de couper."
    if my_trumps:
        if not is_trump(card):
            return {"must-trump"}
        # "Si on doit couper, on doit monter sur l'atout le plus fort dans la mesure du possible."
        if my_higher_trumps and rank_of(card) <= best_in_trick:
            return {"must-overtrump"}
        return set()
    # "On défausse (on joue une carte de son choix) si l'on ne possède ni carte de la couleur
    # demandée, ni d'atout."
    return set()


def legal_plays(hand: list[str], trick: list[str], *, players: int,
                called_card: str | None = None, first_trick: bool = False) -> set[str]:
    """Every card of ``hand`` whose play breaks no rule."""
    return {card for card in hand
            if not broken_rules(hand, trick, card, players=players, called_card=called_card,
                                first_trick=first_trick)}


def trick_winner(trick: list[str]) -> int:
    """Position of the winning card: the highest trump if any was played, otherwise the
    highest card of the suit asked. "L'excuse ne permet pas de réaliser une levée" (the chelem
    exception is a matter of counting, see :func:`count_deal`)."""
    if highest_trump(trick) > 0:
        best = highest_trump(trick)
        for position, card in enumerate(trick):
            if is_trump(card) and rank_of(card) == best:
                return position
    led = led_card(trick)
    assert led is not None, "a trick of excuses only"
    best_position = -1
    best_rank = -1
    for position, card in enumerate(trick):
        if suit_of(card) == suit_of(led) and rank_of(card) > best_rank:
            best_rank = rank_of(card)
            best_position = position
    return best_position


# ---------------------------------------------------------------------------------------------
# Counting

def camp_of(seat: int, taker: int, partner: int | None) -> str:
    """"le preneur et un appelé d'une part et les défenseurs d'autre part"."""
    if seat == taker or (partner is not None and seat == partner):
        return "taker"
    return "defense"


def count_deal(*, players: int, contract: str, taker: int, partner: int | None,
               tricks: list[tuple[int, list[str]]], chien: list[str],
               ecart: list[str] | None) -> dict:
    """Count a whole deal as the rulebook says; ``contract`` is ``petite``, ``garde``,
    ``garde_sans`` or ``garde_contre``; ``tricks`` are (leader seat, cards in play order).

    Returns ``points`` and ``bouts`` per camp, ``winners`` (the seat winning each trick),
    ``petit_au_bout`` and ``chelem`` (a camp or None), ``excuse_camp`` (where the excuse ends,
    None when it stayed in the chien) and ``excuse_lost_last_trick``.
    """
    last = len(tricks) - 1

    # Who won each trick by the ordinary rules.
    winners = []
    for leader, cards in tricks:
        winners.append((leader + trick_winner(cards)) % players)

    # Where the excuse was played, and by whom.
    excuse_trick = None
    excuse_seat = None
    for index, (leader, cards) in enumerate(tricks):
        for position, card in enumerate(cards):
            if is_excuse(card):
                excuse_trick = index
                excuse_seat = (leader + position) % players
    excuse_owner = None if excuse_seat is None else camp_of(excuse_seat, taker, partner)

    # "En cas de chelem réussi par un preneur possédant l'excuse, cette carte jouée au dernier
    # pli, remporte ce dernier pli." — the taker's camp, having won every other trick, plays the
    # excuse at the last trick: it wins it. The seed gives this exception to the taker
    # ("un preneur possédant l'excuse"), and FFT-NOTES likewise ("A chelem taker holding the
    # excuse plays it last, and it wins that trick").
    excuse_wins_last = False
    if excuse_trick == last and excuse_owner == "taker":
        others = [camp_of(winners[i], taker, partner) for i in range(last)]
        if all(camp == "taker" for camp in others):
            excuse_wins_last = True
            winners[last] = excuse_seat

    # Each camp's cards: its tricks …
    cards_of = {"taker": [], "defense": []}
    transfer = {"taker": Fraction(0), "defense": Fraction(0)}
    excuse_camp = None
    excuse_lost_last_trick = False
    for index, (_leader, cards) in enumerate(tricks):
        winner_camp = camp_of(winners[index], taker, partner)
        for card in cards:
            if not is_excuse(card):
                cards_of[winner_camp].append(card)
                continue
            if index == last and not excuse_wins_last:
                # "Si l'excuse est placée au dernier pli, elle est perdue par son propriétaire
                # et elle est prise par le joueur qui réalise ce dernier pli."
                cards_of[winner_camp].append(card)
                excuse_camp = winner_camp
                excuse_lost_last_trick = winner_camp != excuse_owner
            else:
                # "elle reste la propriété du camp qui la détient. Si l'adversaire gagne la levée
                # où se trouve l'excuse, son détenteur doit la remplacer dans la levée par
                # n'importe quelle autre petite carte" — a card worth ½ point goes across.
                # (FFT: when the owner's camp never wins a trick, it keeps the excuse all the
                # same, 4 points: "cette carte jouée normalement reste la propriété de la
                # défense et compte pour quatre points".)
                cards_of[excuse_owner].append(card)
                excuse_camp = excuse_owner
                if winner_camp != excuse_owner:
                    transfer[excuse_owner] -= Fraction(1, 2)
                    transfer[winner_camp] += Fraction(1, 2)

    # … and the chien or the écart.
    if contract in ("petite", "garde"):
        # the écart "sera comptabilisé avec ses levées"
        pile, pile_camp = list(ecart or []), "taker"
    elif contract == "garde_sans":
        # "Sur une garde sans, elles sont … comptabilisées avec ses levées" (a bout in it is his)
        pile, pile_camp = list(chien), "taker"
    else:
        # "Sur une garde contre, elles sont … comptabilisées avec les levées de la défense."
        pile, pile_camp = list(chien), "defense"
    cards_of[pile_camp].extend(pile)
    if "EX" in pile:
        excuse_camp = pile_camp

    result_points = {}
    result_bouts = {}
    for camp in ("taker", "defense"):
        result_points[camp] = total_points(cards_of[camp]) + transfer[camp]
        result_bouts[camp] = len([card for card in cards_of[camp] if card in BOUTS])

    # "Réussir le chelem, c'est remporter toutes les levées au cours d'une donne."
    chelem = None
    winner_camps = [camp_of(seat, taker, partner) for seat in winners]
    if all(camp == "taker" for camp in winner_camps):
        chelem = "taker"
    elif all(camp == "defense" for camp in winner_camps):
        chelem = "defense"

    # "Si le Petit fait partie de la dernière levée, on dit qu'il est «au bout». Le camp qui
    # réalise la dernière levée, lorsque celle-ci comprend le petit, bénéficie d'une prime".
    petit_au_bout = None
    if "T1" in tricks[last][1]:
        petit_au_bout = camp_of(winners[last], taker, partner)
    # Chelem with the excuse played last: "En conséquence, le petit sera considéré au bout s'il
    # est mené à l'avant-dernier pli."
    if excuse_wins_last and last >= 1 and "T1" in tricks[last - 1][1]:
        petit_au_bout = camp_of(winners[last - 1], taker, partner)

    return {
        "points": result_points,
        "bouts": result_bouts,
        "winners": winners,
        "chelem": chelem,
        "petit_au_bout": petit_au_bout,
        "excuse_camp": excuse_camp,
        "excuse_lost_last_trick": excuse_lost_last_trick,
    }


# ---------------------------------------------------------------------------------------------
# Scoring

MULTIPLIER = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}


def score(*, players: int, contract: str, bouts: int, taker_points: Fraction,
          petit_au_bout: str | None = None, poignees: list[tuple[str, str]] = (),
          chelem_announced: bool = False, chelem: str | None = None,
          alone: bool = False) -> dict:
    """What each seat marks, from the rulebook's computation.

    ``poignees`` lists (camp that showed it, ``simple``/``double``/``triple``).
    Returns ``won``, ``total`` (what each defender pays), ``taker``, ``partner``, ``defender``.
    """
    target = TARGET[bouts]
    # "S'il manque un demi-point au preneur, son contrat est chuté"; "Si le nombre de points est
    # exactement réalisé, le contrat est « juste fait »"
    won = taker_points >= target
    # FFT: "le ½ point va toujours au camp gagnant"
    gap = abs(taker_points - target)
    gap = ceil(gap)
    # "Tout contrat valant arbitrairement 25 points, on rajoute 25 points au nombre de points de
    # gain ou de perte. Ce nouveau total est assorti d'un coefficient selon le contrat"
    contract_points = (25 + gap) * MULTIPLIER[contract]

    total = contract_points if won else -contract_points
    # Petit au bout: "une prime de 10 points, multipliable selon le contrat, quel que soit le
    # résultat de la donne" to "Le camp qui réalise la dernière levée"
    if petit_au_bout == "taker":
        total += 10 * MULTIPLIER[contract]
    elif petit_au_bout == "defense":
        total -= 10 * MULTIPLIER[contract]
    # Poignée: "Ces primes gardent la même valeur quel que soit le contrat. La prime est acquise
    # au camp vainqueur de la donne."
    for _camp, level in poignees:
        if won:
            total += POIGNEE_BONUS[level]
        else:
            total -= POIGNEE_BONUS[level]
    # Chelem: "annoncé et réalisé : … 400 points ; non annoncé mais réalisé : … 200 points ;
    # annoncé mais non réalisé : 200 points sont déduits du total."
    if chelem == "taker":
        total += 400 if chelem_announced else 200
    elif chelem_announced:
        total -= 200
    # "il arrive que la défense inflige un chelem au déclarant. Dans ce cas, chaque défenseur
    # reçoit, en plus de la marque normale, une prime de 200 points."
    if chelem == "defense":
        total -= 200

    # "Chaque défenseur marque un même nombre de points : en négatif si le preneur gagne, en
    # positif si le preneur chute." "Le total de tous les scores … est toujours égal à 0."
    defender = -total
    if players == 5:
        if alone:
            # "Dans le cas où le preneur aurait joué à un contre quatre, il encaisse la totalité"
            taker_score, partner_score = 4 * total, 0
        else:
            # "Le prenneur marque 2 fois ce total, le partenaire marque 1 fois ce total"
            taker_score, partner_score = 2 * total, total
    else:
        # The seed's examples: "Jeu à 3 joueurs : … le preneur marque 2 × 106"; "Jeu à 4
        # joueurs : … le preneur marque 3 × 106" — as many times as there are defenders (its
        # sentence "Le preneur marque 3 ou 4 fois ce total" contradicts its own examples and
        # the zero sum).
        taker_score, partner_score = (players - 1) * total, 0
    return {"won": won, "total": total, "taker": taker_score, "partner": partner_score,
            "defender": defender}


# ---------------------------------------------------------------------------------------------
# Écart

def ecart_faults(players: int, contract: str, hand: list[str], chien: list[str],
                 ecart: list[str]) -> set[str]:
    """What is wrong with an écart; empty when legal.

    "Il les incorpore à son jeu puis «écarte» … un même nombre de cartes";
    "On ne peut écarter ni roi, ni bout ; on n'écarte des atouts que si cela se révèle
    indispensable et en les montrant à la défense."
    """
    if contract in ("garde_sans", "garde_contre"):
        # "Sur une garde sans ou une garde contre, les cartes du chien restent faces cachées."
        return {"ecart-not-allowed"}
    faults = set()
    chien_size = 3 if players == 5 else 6
    if len(ecart) != chien_size:
        faults.add("ecart-size")
    pool = hand + chien
    available = []
    for card in ecart:
        if card not in pool or card in available:
            # a card put aside a second time is a card he does not hold twice
            faults.add("ecart-card-not-available")
        else:
            available.append(card)
    for card in available:
        if is_king(card):
            faults.add("ecart-king")
        if card in BOUTS:
            faults.add("ecart-bout")
    # Trumps only when indispensable: when the plain cards that are not kings run short.
    plain_not_king = [c for c in pool if not is_trump(c) and not is_excuse(c) and not is_king(c)]
    trumps_needed = max(0, chien_size - len(plain_not_king))
    # (the petit and the 21 are bouts, forbidden by the sentence before: they are not counted
    # again here)
    trumps_put = [c for c in available if is_trump(c) and c not in BOUTS]
    if len(trumps_put) > trumps_needed:
        faults.add("ecart-trump-avoidable")
    return faults


# ---------------------------------------------------------------------------------------------
# Poignée

THRESHOLDS = {
    # "8 atouts à 5 joueurs, 10 atouts à 4 joueurs, 13 atouts à 3 joueurs" … (simple, double,
    # triple)
    3: {"simple": 13, "double": 15, "triple": 18},
    4: {"simple": 10, "double": 13, "triple": 15},
    5: {"simple": 8, "double": 10, "triple": 13},
}


def poignee_level(players: int, size: int) -> str | None:
    """"La poignée doit comprendre effectivement dix, treize ou quinze atouts"."""
    for level, threshold in THRESHOLDS[players].items():
        if threshold == size:
            return level
    return None


# Alike ecart_faults by nature and apart on purpose: each restates its own rule's text.
def poignee_faults(players: int, hand: list[str], shown: list[str]) -> set[str]:
    """What is wrong with a poignée shown from ``hand``; empty when legal."""
    faults = set()
    own = []
    for card in shown:
        if card not in hand or card in own:
            # a card shown a second time is a card the player does not hold twice
            faults.add("poignee-card-not-in-hand")
        else:
            own.append(card)
    for card in own:
        # "en fonction du nombre d'atouts (y compris l'excuse)"
        if not is_trump(card) and not is_excuse(card):
            faults.add("poignee-not-trump")
    if poignee_level(players, len(shown)) is None:
        faults.add("poignee-size")
    # "l'excuse dans la poignée implique que l'annonceur n'a pas d'autre atout"
    if "EX" in own:
        hidden = [c for c in hand if is_trump(c) and c not in shown]
        if hidden:
            faults.add("poignee-excuse-hides-trump")
    return faults


def poignees_allowed(players: int, hand: list[str]) -> list[str]:
    """The levels a hand can show: its trumps, the excuse standing for one missing trump."""
    trumps = len([c for c in hand if is_trump(c)])
    with_excuse = trumps + (1 if "EX" in hand else 0)
    return [level for level, threshold in THRESHOLDS[players].items()
            if with_excuse >= threshold]


# ---------------------------------------------------------------------------------------------
# King call (five players)

def callable_cards(hand: list[str]) -> set[str] | None:
    """The cards a taker may call. "le preneur appelle un roi de son choix"; "Si le preneur
    possède les quatre rois, il appelle une dame ou un cavalier s'il possède aussi les quatre
    dames" (FFT: "voire même un Cavalier s'il a 4 Rois et 4 Dames ou un Valet s'il a 4 grands
    mariages"). Calling a card of one's own hand is allowed ("Le preneur peut tout aussi bien
    appeler un roi qu'il possède déjà").

    The valet's condition, "4 grands mariages", is left open here: :func:`valet_call_is_open`
    says when the texts do not decide.
    """
    kings = ["K" + s for s in PLAIN_SUITS]
    queens = ["Q" + s for s in PLAIN_SUITS]
    cavaliers = ["C" + s for s in PLAIN_SUITS]
    valets = ["J" + s for s in PLAIN_SUITS]
    allowed = set(kings)
    four_kings = all(k in hand for k in kings)
    four_queens = all(q in hand for q in queens)
    four_cavaliers = all(c in hand for c in cavaliers)
    if four_kings:
        allowed |= set(queens)
    if four_kings and four_queens:
        allowed |= set(cavaliers)
    if four_kings and four_queens and four_cavaliers:
        allowed |= set(valets)
    return allowed


def valet_call_is_open(hand: list[str]) -> bool:
    """Four kings and four dames without the four cavaliers: "4 grands mariages" (a roi with
    its dame, four times) may allow a valet here, or the ladder may need the cavaliers too."""
    kings = all("K" + s in hand for s in PLAIN_SUITS)
    queens = all("Q" + s in hand for s in PLAIN_SUITS)
    cavaliers = all("C" + s in hand for s in PLAIN_SUITS)
    return kings and queens and not cavaliers


# ---------------------------------------------------------------------------------------------
# Playing a deal out (to build test deals)

def play_out(hands: list[list[str]], first_leader: int, choose, *, players: int,
             called_card: str | None = None, legal: bool = True) -> list[tuple[int, list[str]]]:
    """Play every trick: ``choose(seat, hand, trick, options, trick_index)`` picks a card among
    ``options`` (the legal plays, or the whole hand when ``legal`` is false). The winner of a
    trick leads the next one. Returns the tricks as (leader, cards)."""
    hands = [list(h) for h in hands]
    tricks = []
    leader = first_leader
    for index in range(len(hands[0])):
        cards: list[str] = []
        for offset in range(players):
            seat = (leader + offset) % players
            if legal:
                options = sorted(legal_plays(hands[seat], cards, players=players,
                                             called_card=called_card,
                                             first_trick=(index == 0)))
            else:
                options = list(hands[seat])
            card = choose(seat, hands[seat], cards, options, index)
            assert card in options, (card, options)
            hands[seat].remove(card)
            cards.append(card)
        tricks.append((leader, cards))
        leader = (leader + trick_winner(cards)) % players
    return tricks
