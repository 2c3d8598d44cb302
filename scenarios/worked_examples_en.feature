# language: en
Feature: The rulebook's examples, read in English
  The same API answers in English when asked (?lang=en): the figures do not change, the
  explanation does. These scenarios repeat a few of the French ones in English, so that both
  languages of the tutor are held to the rulebook's wording.

  @source-000_79ccdf50a49e58e5
  @rule-score.total @rule-score.split @rule-score.zero-sum
  Scenario Outline: Example 1 — a garde made with a handful and the petit au bout: 106
    Given a deal at <players> players in "garde"
    And the taker makes 49 points with 2 bouts
    And the taker shows a simple poignée
    And the petit au bout is won by the taker
    When I score the deal
    Then the contract is made by 8 points
    And the contract brings +66
    And the poignée brings +20
    And the petit au bout brings +20
    And the deal's score is 106
    And the scores are "<scores>"
    And the scores sum to zero
    And the explanation contains "49 − 41 = 8. 25 (contract) + 8 = 33, × 2 (garde) = 66."
    And the explanation contains "<sentence>"

    Examples:
      | players | scores                                      | sentence                                                   |
      | 3       | taker +212, defenders -106                  | Each defender scores −106, the taker +212.                 |
      | 4       | taker +318, defenders -106                  | Each defender scores −106, the taker +318.                 |
      | 5       | taker +212, partner +106, defenders -106    | Each defender scores −106, the taker +212 and the partner +106. |

  @source-000_79ccdf50a49e58e5 @source-002_42b61915e8d93b37 @source-003_28a2a38e1528519c @source-004_d2c86554901730a1
  @rule-play.follow-suit
  Scenario: One must follow the suit led
    Given a table of 4 players
    And the hand "KH 7H T5 2S"
    And the trick so far "5H"
    When I play "2S"
    Then the play is refused
    And the violation "must-follow-suit" is reported
    And the legal cards are "KH 7H"
    And the explanation contains "You must play a heart: the 5 of hearts was led"
