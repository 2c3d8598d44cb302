# language: fr
Fonctionnalité: Les cartes du tarot et leur valeur
  Un jeu de tarot compte 78 cartes : 56 cartes de couleur (pique, cœur, carreau, trèfle ;
  dans chaque couleur le roi, la dame, le cavalier, le valet, puis du 10 à l'as), 21 atouts
  numérotés de 1 (le petit) à 21, et l'Excuse. Un bout ou un roi vaut 4,5 points, une dame 3,5,
  un cavalier 2,5, un valet 1,5 et toute autre carte 0,5 : le jeu entier vaut 91 points.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.deck @rule-table.sizes
  Plan du Scénario: Une donne régulière répartit les 78 cartes, chacune une seule fois
    Soit une donne régulière à <joueurs> joueurs
    Quand je vérifie la donne
    Alors la donne est valide
    Et aucune violation n'est signalée

    Exemples:
      | joueurs |
      | 3       |
      | 4       |
      | 5       |

  @source-000_79ccdf50a49e58e5 @source-004_d2c86554901730a1
  @rule-cards.deck
  Scénario: Une carte donnée deux fois et une carte oubliée rendent la donne irrégulière
    Soit une donne régulière à 4 joueurs
    Et la carte "KH" est remplacée par "T21"
    Quand je vérifie la donne
    Alors la donne n'est pas valide
    Et la violation "deal-duplicate-card" est signalée
    Et la violation "deal-missing-card" est signalée
    Et la violation "deal-missing-card" cite la règle "cards.deck"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.deck @rule-cards.order
  Plan du Scénario: Chaque carte se nomme comme dans la règle
    Soit une table de 4 joueurs
    Et la main "<code>"
    Quand je joue "<nom>"
    Alors le coup est permis
    Et la carte jouée est "<code>"

    Exemples:
      | nom                    | code |
      | le roi de cœur         | KH   |
      | la dame de pique       | QS   |
      | le cavalier de carreau | CD   |
      | le valet de trèfle     | JC   |
      | le 10 de cœur          | 10H  |
      | l'as de trèfle         | 1C   |
      | le petit               | T1   |
      | le 7 d'atout           | T7   |
      | le 21 d'atout          | T21  |
      | l'excuse               | EX   |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.deck
  Plan du Scénario: Il n'y a que 21 atouts et 14 cartes par couleur
    Soit une table de 4 joueurs
    Et la main "T21 KS"
    Quand je joue "<carte>"
    Alors la requête est refusée

    Exemples:
      | carte |
      | T22   |
      | T0    |
      | 11S   |
      | 0H    |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.points @rule-cards.bouts
  Plan du Scénario: La valeur de chaque carte
    Alors la carte "<carte>" vaut <points> points

    Exemples:
      | carte | points |
      | T1    | 4,5    |
      | T21   | 4,5    |
      | EX    | 4,5    |
      | KS    | 4,5    |
      | KH    | 4,5    |
      | QD    | 3,5    |
      | CC    | 2,5    |
      | JS    | 1,5    |
      | 10H   | 0,5    |
      | 1C    | 0,5    |
      | T2    | 0,5    |
      | T20   | 0,5    |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-cards.points
  Plan du Scénario: On compte les cartes deux par deux
    Alors les cartes "<cartes>" valent <points> points

    Exemples:
      | cartes  | points |
      | T21 2C  | 5      |
      | EX 7H   | 5      |
      | KS 3D   | 5      |
      | QH 4S   | 4      |
      | CD T5   | 3      |
      | JC 9C   | 2      |
      | 2S T3   | 1      |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.points @rule-counting.total
  Scénario: Le jeu entier vaut 91 points
    Alors les 78 cartes valent 91 points

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-cards.order @rule-trick.winner
  Plan du Scénario: L'ordre des cartes décide qui remporte le pli
    Quand le pli "<pli>" est complet
    Alors la carte "<gagnante>" remporte le pli

    Exemples:
      | pli           | gagnante |
      | QS KS CS JS   | KS       |
      | CS QS JS 10S  | QS       |
      | JS CS 10S 9S  | CS       |
      | 10S JS 1S 2S  | JS       |
      | 9S 10S 2S 3S  | 10S      |
      | 1H 2H 3C 4D   | 2H       |
      | KH QH T1 JH   | T1       |
      | T2 T1 T21 EX  | T21      |
      | T20 T21 T19 KC | T21     |
