# language: fr
Fonctionnalité: Le petit sec
  Un joueur dont le seul atout est le petit, et qui n'a pas l'Excuse, a le petit « sec » : il
  doit l'annoncer et étaler son jeu, et la donne est annulée avant les enchères.

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.petit-sec
  Plan du Scénario: Le petit pour seul atout, sans l'Excuse : la donne est annulée
    Soit une table de <joueurs> joueurs
    Et la main "<main>"
    Quand je vérifie la main
    Alors la main a le petit sec
    Et la violation "petit-sec" est signalée
    Et la violation "petit-sec" cite la règle "deal.petit-sec"
    Et l'explication contient "la donne est annulée avant les enchères"

    Exemples:
      | joueurs | main                                                                            |
      | 4       | T1 KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D 5D 6D 2C 3C 4C                           |
      | 3       | T1 KS QS 2S 3S 4S 5S 6S KH 5H 6H 7H 8H 2D 3D 4D 5D 6D 7D 2C 3C 4C 5C 6C         |
      | 5       | T1 KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D 5D 6D                                    |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.petit-sec
  Plan du Scénario: Le petit accompagné d'un autre atout ou de l'Excuse n'est pas sec
    Soit une table de 4 joueurs
    Et la main "<main>"
    Quand je vérifie la main
    Alors la main n'a pas le petit sec
    Et aucune violation n'est signalée

    Exemples:
      | main                                                  |
      | T1 EX QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D 5D 6D 2C 3C 4C |
      | T1 T2 QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D 5D 6D 2C 3C 4C |
      | T2 KS QS 2S 3S 4S KH 5H 6H 7H 2D 3D 4D 5D 6D 2C 3C 4C |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.petit-sec
  Scénario: La vérification d'une donne signale le joueur qui a le petit sec
    Soit une donne à 4 joueurs où le joueur 2 a le petit sec
    Quand je vérifie la donne
    Alors la donne est valide
    Et le joueur 2 a le petit sec
