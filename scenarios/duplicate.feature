# language: fr
Fonctionnalité: Les tournois duplicates
  Dans les tournois duplicates, tous les participants jouent les mêmes donnes, en garde imposée.
  En duplicate individuel, les preneurs d'une donne sont classés selon leur marque et reçoivent
  des notes réparties de 100 % à 0 % ; chaque défenseur reçoit 100 % moins la note de son
  preneur. En quadrettes, l'écart entre les marques des deux preneurs d'une même donne devient
  des points de match par sa racine carrée. Ces calculs sont demandés à l'API
  (/duplicate/notes), la garde imposée à une table duplicate (/tables).

  @source-003_28a2a38e1528519c @fft-2012
  @rule-duplicate.quadrettes
  Plan du Scénario: Les points de match valent la racine carrée de l'écart, avec son signe
    Quand l'écart entre les deux preneurs est de <écart> points
    Alors il vaut <pm> points de match

    Exemples:
      | écart | pm      |
      | 16    | 4,000   |
      | 144   | 12,000  |
      | -144  | -12,000 |
      | 10    | 3,162   |
      | 0     | 0,000   |

  @fft-2012
  @rule-duplicate.notes
  Scénario: Cinq preneurs d'une même donne reçoivent 100, 75, 50, 25 et 0 %
    Quand les preneurs d'une donne marquent "120 ; 60 ; -30 ; 300 ; -90"
    Alors leurs notes sont "75 ; 50 ; 25 ; 100 ; 0"

  @fft-2012
  @rule-duplicate.notes
  Scénario: Des preneurs ex aequo partagent leurs notes
    Quand les preneurs d'une donne marquent "120 ; 60 ; 60 ; -30 ; -90"
    Alors leurs notes sont "100 ; 62,5 ; 62,5 ; 25 ; 0"

  @fft-2012
  @rule-duplicate.notes
  Plan du Scénario: Chaque défenseur reçoit 100 % moins la note de son preneur
    Quand le preneur de la table a la note de <preneur> %
    Alors chaque défenseur de la table a la note de <défenseur> %

    Exemples:
      | preneur | défenseur |
      | 100     | 0         |
      | 75      | 25        |
      | 62,5    | 37,5      |

  @fft-2012
  @rule-duplicate.notes
  Scénario: Le pourcentage global compte un quart pour l'attaque et trois quarts pour la défense
    Quand un joueur a les notes d'attaque "100" et les notes de défense "50 ; 30"
    Alors son pourcentage global est de 55 %

  @source-003_28a2a38e1528519c @fft-2012
  @rule-duplicate.contract
  Scénario: En duplicate, la garde est imposée, sans enchères
    Soit une donne duplicate à 4 joueurs où la garde est imposée au joueur 2
    Alors le joueur 2 est le preneur en garde, sans que personne n'ait parlé
