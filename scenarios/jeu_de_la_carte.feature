# language: fr
Fonctionnalité: Le jeu de la carte
  À la couleur, on doit fournir la couleur demandée, sans obligation de monter ; sans cette
  couleur, on doit couper, et monter sur l'atout le plus fort déjà joué si on le peut, sinon
  sous-couper (« pisser »). À l'atout, on doit monter sur le plus fort atout déjà en jeu, même
  s'il appartient à un partenaire ; sans atout plus fort, on joue un atout de son choix. On ne
  défausse que sans la couleur ni atout. L'Excuse se joue à tout moment ; si elle est entamée,
  c'est la carte suivante qui détermine la couleur. À 5 joueurs, la première entame ne peut pas
  se faire dans la couleur du roi appelé, sauf du roi appelé lui-même.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-play.follow-suit
  Scénario: On doit fournir la couleur demandée
    Soit une table de 4 joueurs
    Et la main "KH 7H T5 2S"
    Et le pli en cours "5H"
    Quand je joue "2S"
    Alors le coup est interdit
    Et la violation "must-follow-suit" est signalée
    Et la violation "must-follow-suit" cite la règle "play.follow-suit"
    Et les cartes permises sont "KH 7H"
    Et l'explication contient "Vous devez fournir à cœur"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-play.follow-suit
  Plan du Scénario: À la couleur, on n'est pas obligé de monter
    Soit une table de 4 joueurs
    Et la main "KH 7H T5 2S"
    Et le pli en cours "5H QH"
    Quand je joue "<carte>"
    Alors le coup est permis
    Et aucune violation n'est signalée

    Exemples:
      | carte |
      | 7H    |
      | KH    |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-play.must-trump
  Scénario: Sans la couleur demandée, on doit couper
    Soit une table de 4 joueurs
    Et la main "T5 T12 2S 3D"
    Et le pli en cours "KH"
    Quand je joue "2S"
    Alors le coup est interdit
    Et la violation "must-trump" est signalée
    Et la violation "must-trump" cite la règle "play.must-trump"
    Et les cartes permises sont "T5 T12"
    Et l'explication contient "Vous n'avez pas de cœur, vous devez couper"

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-play.overtrump
  Scénario: Si un atout est déjà posé, on doit surcouper quand on le peut
    Soit une table de 4 joueurs
    Et la main "T5 T12 2S"
    Et le pli en cours "KH T8"
    Quand je joue "T5"
    Alors le coup est interdit
    Et la violation "must-overtrump" est signalée
    Et la violation "must-overtrump" cite la règle "play.overtrump"
    Et les cartes permises sont "T12"
    Et l'explication contient "Vous devez monter sur le 8 d'atout"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-play.overtrump
  Scénario: Sans atout plus fort, on sous-coupe (on « pisse »)
    Soit une table de 4 joueurs
    Et la main "T5 T12 2S"
    Et le pli en cours "KH T15"
    Quand je joue "T5"
    Alors le coup est permis
    Et les cartes permises sont "T5 T12"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-play.overtrump @rule-play.must-trump
  Scénario: Sans atout plus fort, on doit tout de même couper
    Soit une table de 4 joueurs
    Et la main "T5 T12 2S"
    Et le pli en cours "KH T15"
    Quand je joue "2S"
    Alors le coup est interdit
    Et la violation "must-trump" est signalée

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-play.trump-lead @rule-play.overtrump
  Plan du Scénario: À l'atout, on doit monter, même sur l'atout d'un partenaire
    Soit une table de <joueurs> joueurs
    Et la main "T5 T12 2S"
    Et le pli en cours "<pli>"
    Quand je joue "T5"
    Alors le coup est interdit
    Et la violation "must-overtrump" est signalée
    Et les cartes permises sont "T12"

    Exemples:
      | joueurs | pli      |
      | 4       | T8       |
      | 5       | T3 T8    |
      | 3       | T2 T10   |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-play.trump-lead
  Scénario: À l'atout, sans atout plus fort, on joue un atout de son choix
    Soit une table de 4 joueurs
    Et la main "T5 T12 2S"
    Et le pli en cours "T15"
    Quand je joue "T5"
    Alors le coup est permis
    Et les cartes permises sont "T5 T12"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-play.trump-lead @rule-play.follow-suit
  Scénario: À l'atout, qui a de l'atout doit en fournir
    Soit une table de 4 joueurs
    Et la main "T5 T12 2S"
    Et le pli en cours "T15"
    Quand je joue "2S"
    Alors le coup est interdit
    Et la violation "must-follow-suit" est signalée
    Et la violation "must-follow-suit" cite la règle "play.trump-lead"

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-play.discard
  Plan du Scénario: Sans la couleur demandée ni atout, on défausse la carte de son choix
    Soit une table de 4 joueurs
    Et la main "2S 3D QC"
    Et le pli en cours "<pli>"
    Quand je joue "<carte>"
    Alors le coup est permis
    Et les cartes permises sont "2S 3D QC"

    Exemples:
      | pli     | carte |
      | KH      | 2S    |
      | 7H T4   | QC    |
      | T9      | 3D    |

  @source-004_d2c86554901730a1 @fft-2012
  @rule-play.excuse-anytime
  Plan du Scénario: L'Excuse se joue à tout moment, quelle que soit sa main
    Soit une table de 4 joueurs
    Et la main "<main>"
    Et le pli en cours "<pli>"
    Quand je joue "EX"
    Alors le coup est permis
    Et aucune violation n'est signalée

    Exemples:
      | main        | pli    |
      | KH 7H EX    | 5H     |
      | T12 2S EX   | KH T8  |
      | T12 T3 EX   | T8     |
      | 2S 3D EX    | KH     |
      | KH T12 EX   |        |

  @source-000_79ccdf50a49e58e5 @fft-2012
  @rule-play.excuse-lead
  Scénario: L'Excuse entamée, c'est la carte suivante qui détermine la couleur
    Soit une table de 4 joueurs
    Et la main "KD 2S T4"
    Et le pli en cours "EX 7D"
    Quand je joue "2S"
    Alors le coup est interdit
    Et la violation "must-follow-suit" est signalée
    Et les cartes permises sont "KD"
    Et l'explication contient "Vous devez fournir à carreau : l'excuse a été entamée, c'est le 7 de carreau qui donne la couleur"

  @source-000_79ccdf50a49e58e5
  @rule-play.excuse-lead
  Scénario: Après l'Excuse entamée, le joueur suivant joue la carte de son choix
    Soit une table de 4 joueurs
    Et la main "KD 2S T4"
    Et le pli en cours "EX"
    Quand je joue "2S"
    Alors le coup est permis
    Et les cartes permises sont "KD 2S T4"

  @source-000_79ccdf50a49e58e5 @fft-2012
  @rule-play.called-suit-first-lead
  Scénario: À 5 joueurs, la première entame ne se fait pas dans la couleur du roi appelé
    Soit une table de 5 joueurs
    Et la main "7S QS 2D 5H T3"
    Et c'est la première levée et la carte appelée est "KS"
    Quand je joue "7S"
    Alors le coup est interdit
    Et la violation "called-suit-first-lead" est signalée
    Et la violation "called-suit-first-lead" cite la règle "play.called-suit-first-lead"
    Et les cartes permises sont "2D 5H T3"
    Et l'explication contient "vous ne pouvez pas jouer à pique, la couleur de la carte appelée"

  @source-000_79ccdf50a49e58e5 @fft-2012
  @rule-play.called-suit-first-lead
  Scénario: À 5 joueurs, la première entame peut se faire du roi appelé lui-même
    Soit une table de 5 joueurs
    Et la main "KS 7S 2D 5H T3"
    Et c'est la première levée et la carte appelée est "KS"
    Quand je joue "KS"
    Alors le coup est permis
    Et les cartes permises sont "KS 2D 5H T3"

  @source-000_79ccdf50a49e58e5
  @rule-play.called-suit-first-lead
  Scénario: À 5 joueurs, la couleur du roi appelé est libre après la première levée
    Soit une table de 5 joueurs
    Et la main "7S QS 2D 5H T3"
    Et la carte appelée est "KS"
    Quand je joue "7S"
    Alors le coup est permis

  @source-000_79ccdf50a49e58e5
  @rule-play.own-cards
  Scénario: On ne joue qu'une carte de sa propre main
    Soit une table de 4 joueurs
    Et la main "KH 7H T5 2S"
    Et le pli en cours "5H"
    Quand je joue "QH"
    Alors la requête est refusée

  @source-000_79ccdf50a49e58e5
  @rule-play.turn
  Scénario: Une levée complète ne reçoit plus de carte : chacun joue une carte par levée, à son tour
    Soit une table de 4 joueurs
    Et la main "KH 7H T5 2S"
    Et le pli en cours "5H 9H QH 2H"
    Quand je joue "7H"
    Alors le coup est interdit
    Et la violation "trick-complete" est signalée
    Et la violation "trick-complete" cite la règle "play.turn"

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-play.lead
  Plan du Scénario: Le joueur à droite du donneur entame, et le gagnant d'une levée entame la suivante
    Soit le joueur <donneur> donne à 4 joueurs
    Alors le joueur <entame> entame la première levée
    Et quand le joueur <entame> entame le pli "<pli>", le joueur <suivant> entame le suivant

    Exemples:
      | donneur | entame | pli          | suivant |
      | 3       | 0      | 7D KD T1 2D  | 2       |
      | 1       | 2      | 5C 2C KC 1C  | 0       |
      | 0       | 1      | EX 3H 9H 4H  | 3       |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-play.lead @rule-play.turn
  Scénario: Dans une donne jouée, chaque levée est entamée par le gagnant de la précédente
    # Le 10 de trèfle du joueur 3 remporte le premier pli : c'est à lui d'entamer le deuxième,
    # pas au joueur 0. La donne est refusée à cet endroit.
    Soit une donne jouée à 4 joueurs en "petite", le preneur étant le joueur 0
    Et le chien "6S 7S 4H 5H 6D T9"
    Et l'écart "6S 7S JH 6D JD 7C"
    Et les plis joués sont :
      | pli | entame | cartes |
      | 1 | 3 | 10C 8C 9C 1C |
      | 2 | 0 | QC CC 4C T18 |
      | 3 | 2 | 3S 4S 9S QS |
      | 4 | 1 | T19 T10 T4 T21 |
      | 5 | 0 | T1 T5 T13 T12 |
      | 6 | 2 | 2S 5S KS JS |
      | 7 | 0 | 6C 2C T7 KC |
      | 8 | 2 | T2 T8 T14 T17 |
      | 9 | 1 | 7D 1D 9D 5D |
      | 10 | 3 | 2H 3H T6 KH |
      | 11 | 1 | T15 T3 10D T20 |
      | 12 | 0 | 4H 4D 10H QH |
      | 13 | 3 | CH 8H 3D 6H |
      | 14 | 3 | 3C T11 5C CS |
      | 15 | 0 | 7H JC 8S 1H |
      | 16 | 0 | T16 CD KD QD |
      | 17 | 0 | T9 10S 1S 9H |
      | 18 | 0 | 5H EX 2D 8D |
    Quand je calcule la marque de la donne jouée
    Alors la donne jouée est refusée au pli 2 pour "not-your-turn"
