# language: fr
Fonctionnalité: Les enchères
  Le joueur placé à droite du donneur parle le premier, puis la parole passe à droite jusqu'au
  donneur. Chacun ne parle qu'une fois : il passe, ou annonce un contrat plus fort que le plus
  fort déjà annoncé. Les contrats, du plus faible au plus fort : la petite (ou prise), la garde,
  la garde sans le chien, la garde contre le chien.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-bid.contracts @rule-bid.higher
  Plan du Scénario: On annonce un contrat plus fort que le plus fort déjà annoncé
    Soit une table de 4 joueurs
    Et les annonces précédentes "<avant>"
    Quand le joueur annonce "<annonce>"
    Alors l'annonce est <verdict>

    Exemples:
      | avant              | annonce      | verdict  |
      | passe              | petite       | permise  |
      | petite             | garde        | permise  |
      | garde              | garde_sans   | permise  |
      | garde_sans         | garde_contre | permise  |
      | passe, petite      | garde_contre | permise  |
      | passe, passe, passe | garde       | permise  |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-004_d2c86554901730a1
  @rule-bid.higher @rule-bid.contracts
  Plan du Scénario: Un contrat égal ou plus faible que le plus fort déjà annoncé est refusé
    Soit une table de <joueurs> joueurs
    Et les annonces précédentes "<avant>"
    Quand le joueur annonce "<annonce>"
    Alors l'annonce est interdite
    Et la violation "bid-too-low" est signalée
    Et la violation "bid-too-low" cite la règle "bid.higher"

    Exemples:
      | joueurs | avant               | annonce    |
      | 4       | garde               | petite     |
      | 4       | garde               | garde      |
      | 4       | passe, garde_sans   | garde      |
      | 3       | garde_contre        | garde_sans |
      | 5       | petite, passe, garde | petite    |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-bid.contracts
  Plan du Scénario: La prise est un autre nom de la petite
    Soit une table de 4 joueurs
    Et les annonces précédentes "<avant>"
    Quand le joueur annonce "<annonce>"
    Alors l'annonce est <verdict>

    Exemples:
      | avant | annonce | verdict   |
      | prise | petite  | interdite |
      | prise | garde   | permise   |
      | passe | prise   | permise   |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-bid.higher
  Scénario: Passer est toujours permis tant que les enchères sont ouvertes
    Soit une table de 4 joueurs
    Et les annonces précédentes "garde_contre"
    Quand le joueur annonce "passe"
    Alors l'annonce est permise
    Et aucune violation n'est signalée

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-bid.once
  Plan du Scénario: Chaque joueur ne parle qu'une seule fois
    Soit une table de <joueurs> joueurs
    Et les annonces précédentes "<avant>"
    Quand le joueur annonce "<annonce>"
    Alors l'annonce est interdite
    Et la violation "bid-auction-closed" est signalée
    Et l'explication contient "chacun ne parle qu'une fois"

    Exemples:
      | joueurs | avant                              | annonce      |
      | 4       | passe, petite, passe, passe        | garde        |
      | 3       | passe, passe, passe                | petite       |
      | 5       | passe, passe, garde, passe, passe  | garde_sans   |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-bid.order
  Plan du Scénario: Le joueur à droite du donneur parle le premier, le donneur le dernier
    Soit le joueur <donneur> donne à <joueurs> joueurs
    Alors le joueur <premier> parle le premier
    Et le joueur <donneur> parle le dernier

    Exemples:
      | joueurs | donneur | premier |
      | 4       | 3       | 0       |
      | 4       | 0       | 1       |
      | 5       | 2       | 3       |
      | 3       | 2       | 0       |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-bid.all-pass @rule-bid.once
  Scénario: Si tout le monde passe, le voisin de droite du donneur redistribue
    Soit le joueur 1 donne à 4 joueurs
    Quand les enchères sont "passe, passe, passe, passe"
    Alors les enchères sont closes sans preneur
    Et le joueur 2 redistribue

  @source-000_79ccdf50a49e58e5
  @rule-bid.once
  Scénario: Le preneur est le joueur qui a annoncé le contrat le plus fort
    Soit le joueur 3 donne à 4 joueurs
    Quand les enchères sont "passe, petite, garde_sans, passe"
    Alors les enchères sont closes
    Et le joueur 2 est le preneur en "garde_sans"
