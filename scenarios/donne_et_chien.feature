# language: fr
Fonctionnalité: La donne et le chien
  Le donneur distribue les cartes trois par trois (quatre par quatre à 3 joueurs), dans le sens
  inverse des aiguilles d'une montre, en commençant par le joueur à sa droite ; il constitue le
  chien carte par carte, sans jamais y mettre la première ni la dernière carte du paquet.
  À 4 joueurs, chacun reçoit 18 cartes et le chien en compte 6 ; à 3 joueurs, 24 cartes et 6 au
  chien ; à 5 joueurs, 15 cartes et 3 au chien.
  Les joueurs sont numérotés à partir de 0 dans l'ordre du jeu : le joueur n + 1 est à la droite
  du joueur n.

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-table.sizes @rule-deal.chien @rule-deal.distribution
  Plan du Scénario: La taille des mains et du chien selon le nombre de joueurs
    Soit une donne à <joueurs> joueurs de <main> cartes par joueur et <chien> cartes au chien
    Quand je vérifie la donne
    Alors la donne est valide

    Exemples:
      | joueurs | main | chien |
      | 3       | 24   | 6     |
      | 4       | 18   | 6     |
      | 5       | 15   | 3     |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-table.sizes @rule-deal.chien @rule-deal.distribution
  Plan du Scénario: Des mains ou un chien de la mauvaise taille rendent la donne irrégulière
    Soit une donne à <joueurs> joueurs de <main> cartes par joueur et <chien> cartes au chien
    Quand je vérifie la donne
    Alors la donne n'est pas valide
    Et la violation "deal-hand-size" est signalée
    Et la violation "deal-chien-size" est signalée
    Et la violation "deal-chien-size" cite la règle "deal.chien"

    Exemples:
      | joueurs | main | chien |
      | 3       | 18   | 24    |
      | 4       | 17   | 10    |
      | 5       | 14   | 8     |
      | 5       | 12   | 18    |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-deal.distribution @rule-deal.chien @rule-table.sizes
  Plan du Scénario: Le donneur distribue par paquets, en sens inverse des aiguilles d'une montre
    Quand le joueur <donneur> distribue un paquet non battu à <joueurs> joueurs
    Alors le joueur <premier>, à droite du donneur, reçoit les <paquet> premières cartes du paquet
    Et le joueur suivant reçoit les <paquet> cartes d'après
    Et chaque joueur reçoit <main> cartes et le chien <chien> cartes
    Et ni la première ni la dernière carte du paquet ne va au chien
    Et le chien est constitué carte par carte

    Exemples:
      | joueurs | donneur | premier | paquet | main | chien |
      | 3       | 2       | 0       | 4      | 24   | 6     |
      | 4       | 3       | 0       | 3      | 18   | 6     |
      | 4       | 1       | 2       | 3      | 18   | 6     |
      | 5       | 0       | 1       | 3      | 15   | 3     |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.dealer-draw
  Plan du Scénario: La plus petite carte tirée désigne le premier donneur
    Quand les joueurs tirent "<tirages>"
    Alors le joueur <donneur> donne

    Exemples:
      | tirages      | donneur |
      | KC T3 KS T5  | 0       |
      | 1S 1C 1H     | 1       |
      | 5H 5D 5S 6C  | 1       |
      | 2C 1S 3H     | 1       |
      | T1 KS QH     | 2       |
      | T2 T1 T3     | 1       |

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.dealer-draw
  Scénario: L'Excuse tirée ne compte pas : il faut tirer une autre carte
    Quand les joueurs tirent "3H EX T4"
    Alors personne n'est encore désigné
    Et le joueur 1 doit tirer une autre carte

  @source-000_79ccdf50a49e58e5 @source-003_28a2a38e1528519c
  @rule-deal.shuffle-cut
  Plan du Scénario: Le joueur à gauche du donneur coupe en prenant et en laissant plus de 3 cartes
    Soit le joueur <donneur> donne à 4 joueurs
    Alors le joueur <coupeur> coupe
    Et une coupe de <cartes> cartes est <verdict>

    Exemples:
      | donneur | coupeur | cartes | verdict  |
      | 0       | 3       | 3      | refusée  |
      | 0       | 3       | 4      | permise  |
      | 2       | 1       | 39     | permise  |
      | 2       | 1       | 74     | permise  |
      | 2       | 1       | 75     | refusée  |

  @source-000_79ccdf50a49e58e5
  @rule-deal.next-dealer
  Plan du Scénario: La donne passe au joueur placé à droite du donneur
    Soit le joueur <donneur> donne à <joueurs> joueurs
    Quand la donne a été jouée
    Alors le joueur <suivant> donne la suivante

    Exemples:
      | joueurs | donneur | suivant |
      | 4       | 0       | 1       |
      | 4       | 3       | 0       |
      | 3       | 2       | 0       |
      | 5       | 4       | 0       |

  @source-000_79ccdf50a49e58e5
  @rule-deal.misdeal
  Scénario: Après une fausse donne, le donneur redistribue mais ne peut pas prendre
    Soit une table de 4 joueurs
    Et le donneur a fait une fausse donne
    Et les annonces précédentes "passe, passe, passe"
    Quand le joueur annonce "garde"
    Alors l'annonce est interdite
    Et la violation "bid-dealer-after-misdeal" est signalée
    Et la violation "bid-dealer-after-misdeal" cite la règle "deal.misdeal"
    Et l'explication contient "Le donneur a fait une fausse donne, il a redistribué et ne peut pas prendre"

  @source-000_79ccdf50a49e58e5
  @rule-deal.misdeal
  Scénario: Après une fausse donne, le donneur peut encore passer
    Soit une table de 4 joueurs
    Et le donneur a fait une fausse donne
    Et les annonces précédentes "passe, petite, passe"
    Quand le joueur annonce "passe"
    Alors l'annonce est permise

  @source-000_79ccdf50a49e58e5
  @rule-deal.misdeal
  Scénario: Après une fausse donne, c'est le même donneur qui redistribue
    Soit le joueur 2 donne à 4 joueurs
    Quand le donneur fait une fausse donne
    Alors le joueur 2 redistribue
    Et le donneur ne peut pas prendre sur la nouvelle donne
