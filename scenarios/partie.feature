# language: fr
Fonctionnalité: Une partie de plusieurs donnes, et les joueurs qui sortent à 6 ou 7
  Une partie compte de 3 à 10 donnes (5 par défaut) ; les marques de chaque donne s'additionnent
  et le plus haut total l'emporte. À 6 joueurs, un joueur différent sort à chaque donne et les
  cinq autres jouent une donne à 5 ; à 7 joueurs, deux joueurs sortent. Le joueur sorti ne marque
  aucun point, et la somme des marques reste nulle. Si tout le monde passe, on redistribue avec
  les mêmes joueurs. La feuille de marque, donne après donne, est tenue par l'API (/partie).

  @source-002_42b61915e8d93b37
  @rule-partie.length
  Plan du Scénario: Une partie dure de 3 à 10 donnes
    Quand on ouvre une partie de <donnes> donnes entre les joueurs "Ana Ben Chloé Dan"
    Alors la partie est <verdict>

    Exemples:
      | donnes | verdict  |
      | 3      | acceptée |
      | 5      | acceptée |
      | 10     | acceptée |
      | 2      | refusée  |
      | 11     | refusée  |

  @source-002_42b61915e8d93b37
  @rule-partie.length
  Scénario: Une partie compte 5 donnes par défaut
    Quand on ouvre une partie entre les joueurs "Ana Ben Chloé Dan"
    Alors la partie compte 5 donnes

  @source-000_79ccdf50a49e58e5
  @rule-partie.sit-out
  Plan du Scénario: À 6 joueurs, un joueur différent sort à chaque donne
    Soit une partie de 6 donnes entre les joueurs "Ana Ben Chloé Dan Eve Fred"
    Alors la donne <donne> est jouée par "<joueurs>"
    Et "<sorti>" ne joue pas la donne <donne>

    Exemples:
      | donne | joueurs                 | sorti |
      | 1     | Ben Chloé Dan Eve Fred  | Ana   |
      | 2     | Ana Chloé Dan Eve Fred  | Ben   |
      | 3     | Ana Ben Dan Eve Fred    | Chloé |
      | 6     | Ana Ben Chloé Dan Eve   | Fred  |

  @source-000_79ccdf50a49e58e5
  @rule-partie.sit-out
  Plan du Scénario: À 7 joueurs, 2 joueurs sortent à chaque donne
    Soit une partie de 4 donnes entre les joueurs "Ana Ben Chloé Dan Eve Fred Gil"
    Alors la donne <donne> est jouée par "<joueurs>"

    Exemples:
      | donne | joueurs                |
      | 1     | Chloé Dan Eve Fred Gil |
      | 2     | Ana Ben Eve Fred Gil   |
      | 3     | Ana Ben Chloé Dan Gil  |
      | 4     | Ben Chloé Dan Eve Fred |

  @source-000_79ccdf50a49e58e5
  @rule-partie.sit-out @rule-score.zero-sum @rule-score.split
  Scénario: À 6 joueurs, le joueur sorti ne marque aucun point et la somme reste nulle
    Soit une partie de 3 donnes entre les joueurs "Ana Ben Chloé Dan Eve Fred"
    Quand "Ben" prend une garde avec "Chloé" pour partenaire et réalise 49 points avec 2 bouts
    Alors "Ana" marque 0 sur cette donne
    Et "Ben" marque +132 sur cette donne
    Et "Chloé" marque +66 sur cette donne
    Et "Dan" marque -66 sur cette donne
    Et la somme des marques de la donne est nulle

  @source-000_79ccdf50a49e58e5
  @rule-partie.sit-out @rule-bid.all-pass
  Scénario: Si tout le monde passe, on redistribue avec les mêmes joueurs
    Soit une partie de 3 donnes entre les joueurs "Ana Ben Chloé Dan Eve Fred"
    Quand tout le monde passe
    Alors la donne 1 est jouée par "Ben Chloé Dan Eve Fred"
    Et aucune donne n'est encore marquée

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37
  @rule-partie.length @rule-partie.sit-out @rule-score.zero-sum
  Scénario: 3 donnes à 6 joueurs : les totaux courent et le plus haut l'emporte
    Soit une partie de 3 donnes entre les joueurs "Ana Ben Chloé Dan Eve Fred"
    Quand "Ben" prend une garde avec "Chloé" pour partenaire et réalise 49 points avec 2 bouts
    Et "Ana" prend une petite avec "Dan" pour partenaire et réalise 40 points avec 1 bout
    Et "Eve" prend une garde sans et réalise 60 points avec 2 bouts
    Alors les totaux sont "Ana -248, Ben -44, Chloé +102, Dan -278, Eve +674, Fred -206"
    Et la somme des totaux est nulle
    Et la partie est finie
    Et "Eve" l'emporte

  @source-003_28a2a38e1528519c @fft-2012
  @rule-partie.mort
  Plan du Scénario: À 5 joueurs avec un mort, le donneur sort et les quatre autres jouent
    Soit une partie de 5 donnes avec un mort entre les joueurs "Ana Ben Chloé Dan Eve"
    Alors la donne <donne> est jouée par "<joueurs>"

    Exemples:
      | donne | joueurs             |
      | 1     | Ben Chloé Dan Eve   |
      | 2     | Ana Chloé Dan Eve   |
      | 5     | Ana Ben Chloé Dan   |
