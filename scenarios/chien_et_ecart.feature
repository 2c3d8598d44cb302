# language: fr
Fonctionnalité: Le chien et l'écart
  Sur une petite ou une garde, le chien est retourné, le preneur l'incorpore à son jeu puis
  écarte face cachée autant de cartes qu'il en a prises. On ne peut écarter ni roi ni bout ; on
  n'écarte des atouts que si c'est indispensable, et en les montrant à la défense. Sur une garde
  sans ou une garde contre, le chien reste caché et il n'y a pas d'écart : il compte pour le
  preneur en garde sans, pour la défense en garde contre.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-ecart.size @rule-chien.shown
  Plan du Scénario: Le preneur écarte autant de cartes que le chien en comptait
    Soit une table de 4 joueurs
    Et la main "KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9H 5D 6D T8 KC"
    Et le contrat "<contrat>"
    Quand le preneur écarte "2S 3S 4S 5H 6H 7H"
    Alors l'écart est permis
    Et aucune violation n'est signalée
    Et aucun atout n'est à montrer

    Exemples:
      | contrat |
      | petite  |
      | garde   |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c
  @rule-ecart.size
  Plan du Scénario: Un écart d'un autre nombre de cartes que le chien est refusé
    Soit une table de 4 joueurs
    Et la main "KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9H 5D 6D T8 KC"
    Et le contrat "garde"
    Quand le preneur écarte "<ecart>"
    Alors l'écart est interdit
    Et la violation "ecart-size" est signalée

    Exemples:
      | ecart                    |
      | 2S 3S 4S 5H 6H           |
      | 2S 3S 4S 5H 6H 7H 8H     |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-ecart.no-king-no-bout
  Plan du Scénario: On ne peut écarter ni roi ni bout
    Soit une table de 4 joueurs
    Et la main "KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9H 5D 6D T8 KC"
    Et le contrat "garde"
    Quand le preneur écarte "<carte> 2S 3S 4S 5H 6H"
    Alors l'écart est interdit
    Et la violation "<violation>" est signalée
    Et la violation "<violation>" cite la règle "ecart.no-king-no-bout"

    Exemples:
      | carte | violation  |
      | KS    | ecart-king |
      | KC    | ecart-king |
      | T1    | ecart-bout |
      | T21   | ecart-bout |
      | EX    | ecart-bout |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-ecart.trumps
  Scénario: Un atout à l'écart est refusé quand d'autres cartes pouvaient y aller
    Soit une table de 4 joueurs
    Et la main "KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9H 5D 6D T8 KC"
    Et le contrat "garde"
    Quand le preneur écarte "T5 2S 3S 4S 5H 6H"
    Alors l'écart est interdit
    Et la violation "ecart-trump-avoidable" est signalée
    Et la violation "ecart-trump-avoidable" cite la règle "ecart.trumps"
    Et l'explication contient "On n'écarte des atouts que si c'est indispensable : gardez le 5 d'atout"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-ecart.trumps
  Scénario: Des atouts à l'écart quand c'est indispensable, montrés à la défense
    Soit une table de 4 joueurs
    Et la main "KS KH KD KC T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 EX"
    Et le chien "T14 T15 T16 2S 3S 4S"
    Et le contrat "garde"
    Quand le preneur écarte "2S 3S 4S T2 T3 T4"
    Alors l'écart est permis
    Et les atouts à montrer sont "T2 T3 T4"
    Et l'explication contient "Montrez ces 3 atouts à la défense : le 2, le 3 et le 4 d'atout"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-ecart.trumps
  Scénario: Même indispensables, on n'écarte pas plus d'atouts qu'il n'en faut
    Soit une table de 4 joueurs
    Et la main "KS KH KD KC T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 EX"
    Et le chien "T14 T15 T16 2S 3S 4S"
    Et le contrat "garde"
    Quand le preneur écarte "2S 3S T2 T3 T4 T5"
    Alors l'écart est interdit
    Et la violation "ecart-trump-avoidable" est signalée

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-chien.garde-sans-contre
  Plan du Scénario: En garde sans ou garde contre, le chien reste caché : pas d'écart
    Soit une table de 4 joueurs
    Et la main "KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9H 5D 6D T8 KC"
    Et le contrat "<contrat>"
    Quand le preneur écarte "2S 3S 4S 5H 6H 7H"
    Alors l'écart est interdit
    Et la violation "ecart-not-allowed" est signalée
    Et la violation "ecart-not-allowed" cite la règle "chien.garde-sans-contre"
    Et l'explication contient "le chien reste face cachée : il n'y a pas d'écart"

    Exemples:
      | contrat      |
      | garde_sans   |
      | garde_contre |

  @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-ecart.size @rule-table.sizes
  Scénario: À 5 joueurs, le chien et l'écart comptent 3 cartes
    Soit une table de 5 joueurs
    Et la main "KS QS 2S 3S KH 5H 6H 2D 3D T1 T21 EX T5 T6 T7"
    Et le chien "8H 9D T8"
    Et le contrat "garde"
    Quand le preneur écarte "2S 3S 5H"
    Alors l'écart est permis

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-chien.garde-sans-contre @rule-counting.chien @rule-score.targets
  Plan du Scénario: Le chien caché compte pour le preneur en garde sans, pour la défense en garde contre
    # Le chien (7S 5H QD T12 T18 T21) vaut 10 points et contient le 21 : en garde sans, ce bout
    # est acquis au preneur ; en garde contre, il compte pour la défense.
    Soit une donne jouée à 4 joueurs en "<contrat>", le preneur étant le joueur 0
    Et le chien "7S 5H QD T12 T18 T21"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 1 | 1D 5D 7D 3D |
      | 2 | 3 | 6H QH 8H CH |
      | 3 | 0 | JD 2D 6D T10 |
      | 4 | 3 | 3H KH 9H JH |
      | 5 | 0 | T3 T14 T5 EX |
      | 6 | 1 | KC 5C 3C 7C |
      | 7 | 1 | 10D CD T20 8D |
      | 8 | 3 | T16 T17 T15 T9 |
      | 9 | 0 | 2H 7H 4H 10H |
      | 10 | 3 | T8 T11 T13 4S |
      | 11 | 1 | 3S CS 10S T19 |
      | 12 | 0 | T6 QC KD 4C |
      | 13 | 0 | 2C CC 1C JC |
      | 14 | 1 | 1S 6S 5S T1 |
      | 15 | 0 | 1H 6C 9D QS |
      | 16 | 0 | T2 8C 4D 10C |
      | 17 | 0 | T7 9S JS 8S |
      | 18 | 0 | T4 2S KS 9C |
    Quand je calcule la marque de la donne jouée
    Alors le camp du preneur compte <points> points et <bouts> bouts
    Et les deux camps totalisent 91 points
    Et les points à réaliser sont <seuil>
    Et le contrat est <résultat>
    Et le coefficient du contrat est <coefficient>

    Exemples:
      | contrat      | points | bouts | seuil | résultat | coefficient |
      | garde_sans   | 61     | 2     | 41    | gagné    | 4           |
      | garde_contre | 51     | 1     | 51    | gagné    | 6           |
