/* Quizzes: a question drawn by the rules engine (GET /api/v1/quiz/<kind>), the reader's
 * answer, its mark and the engine's explanation, and a tally kept in this browser
 * (localStorage). This file holds no rule and no sentence: the question, the expected answer
 * and the explanation come from the API, the other sentences from the page (#web-texts).
 *
 * Every <section class="quiz" data-quiz="<kind>"> of a page becomes a quiz (the trainers'
 * quiz sections, the course's exercises). Its state is mirrored on the section for tests and
 * styles: data-state (idle | loading | asking | answered), data-seed, data-result (right |
 * wrong); data-seeds (the course's designed questions) are asked first, in order. Kinds:
 * play (select the cards that may be played), ecart (legal or not?), count
 * (how many points?), score (what does the taker score?), trick (which card wins?), bid (may
 * this bid be made?). */
(function () {
  "use strict";

  const STORE = "tarot-tutor-quiz";

  window.TarotQuiz = function (kit) {
    const sections = Array.from(document.querySelectorAll("section.quiz[data-quiz]"));
    if (!sections.length) return;
    const { el, cardNode, cardName, fill, T, API, LANG } = kit;
    const linked = kit.linkTerms;

    function tallies() {
      try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (error) { return {}; }
    }
    function record(kind, right) {
      const all = tallies();
      const t = all[kind] || { asked: 0, right: 0, streak: 0, best: 0 };
      t.asked += 1;
      if (right) { t.right += 1; t.streak += 1; t.best = Math.max(t.best, t.streak); } else { t.streak = 0; }
      all[kind] = t;
      try { localStorage.setItem(STORE, JSON.stringify(all)); } catch (error) { /* private mode */ }
      return t;
    }

    function mount(section) {
      const kind = section.dataset.quiz;
      const tally = el("p", { className: "quiz-tally", "data-role": "quiz-tally" });
      const newButton = el("button", { type: "button", className: "primary", "data-role": "quiz-new", text: T.quiz_new });
      const body = el("div", { className: "quiz-body", "data-role": "quiz-body" });
      const verdict = el("div", { className: "quiz-verdict", "data-role": "quiz-verdict", "aria-live": "polite" });
      section.append(tally, newButton, body, verdict);
      let current = null;
      section.dataset.state = "idle";

      function drawTally() {
        const t = tallies()[kind] || { asked: 0, right: 0, streak: 0, best: 0 };
        tally.textContent = t.asked ? fill(T.quiz_tally, t) : T.quiz_none;
      }

      function players() {
        const chosen = document.getElementById(section.dataset.playersFrom || "");
        const n = Number(chosen ? chosen.value : section.dataset.players);
        return [3, 4, 5].includes(n) ? n : 4;
      }

      async function ask(seed) {
        section.dataset.state = "loading";
        verdict.replaceChildren();
        body.replaceChildren(el("p", { className: "hint", text: T.checking }));
        let data = null;
        try {
          const query = "?players=" + players() + "&lang=" + encodeURIComponent(LANG) + (seed !== undefined ? "&seed=" + seed : "");
          const response = await fetch(API + "/quiz/" + kind + query, { headers: { Accept: "application/json" } });
          data = response.ok ? await response.json() : null;
        } catch (error) { data = null; }
        if (!data) { body.replaceChildren(el("p", { className: "problem", role: "alert", text: T.unreachable })); section.dataset.state = "idle"; return; }
        current = data;
        section.dataset.seed = String(data.seed);
        delete section.dataset.result;
        body.replaceChildren(el("p", { className: "quiz-question", text: data.question }), ...DRAW[kind](data));
        section.dataset.state = "asking";
      }

      /* The mark, the expected answer, the engine's explanation (tarot words linked to the
       * glossary) and what this kind adds (each wrong card's reason, the derivation). */
      function mark(right, answerText, extra, explained) {
        if (section.dataset.state !== "asking") return;
        section.dataset.state = "answered";
        section.dataset.result = right ? "right" : "wrong";
        body.querySelectorAll("button, input").forEach((n) => { n.disabled = true; });
        const t = record(kind, right);
        verdict.replaceChildren(...[
          el("p", { className: "verdict-title " + (right ? "good" : "bad") }, [
            el("span", { className: "verdict-mark", "aria-hidden": "true", text: right ? "✓ " : "✗ " }),
            el("span", { text: right ? T.quiz_right : T.quiz_wrong }),
          ]),
          answerText ? el("p", { className: "quiz-answer", text: answerText }) : null,
          explained === false ? null : el("p", { className: "explanation" }, linked(current.explanation)),
        ].concat(extra || []).filter(Boolean));
        drawTally();
        if (t.streak > 1 && right) verdict.append(el("p", { className: "legend", text: fill(T.quiz_streak, { streak: t.streak }) }));
        newButton.focus();
      }

      const cardsRow = (codes, label) => el("div", { className: "cards", role: "group", "aria-label": label }, codes.map((c) => cardNode(c, false)));
      const facts = (items) => el("ul", { className: "quiz-facts" }, items.filter(Boolean).map((text) => el("li", { text: text })));
      const checkButton = (onClick) => {
        const b = el("button", { type: "button", className: "primary", "data-role": "quiz-check", text: T.quiz_check });
        b.addEventListener("click", onClick);
        return b;
      };
      const numberField = (id, label) => {
        const input = el("input", { id: id, type: "number", step: "0.5", inputmode: "decimal", "data-role": "quiz-input" });
        return [el("label", { for: id, text: label }), input];
      };
      /* The control the reader answered with stays marked once the others are disabled. */
      const chosen = (b) => { b.setAttribute("aria-pressed", "true"); b.classList.add("chosen"); };
      const yesNo = (labels, onAnswer) => el("div", { className: "bid-row" }, labels.map(([text, value]) => {
        const b = el("button", { type: "button", "data-answer": String(value), text: text });
        b.addEventListener("click", () => { chosen(b); onAnswer(value); });
        return b;
      }));
      const names = (codes) => codes.map(cardName).join(", ");

      const DRAW = {
        play(data) {
          const p = data.position;
          const hand = el("div", { className: "cards hand", role: "group", "aria-label": T.region_hand });
          p.hand.forEach((code) => {
            const b = cardNode(code, true);
            b.setAttribute("aria-pressed", "false");
            b.addEventListener("click", () => {
              const on = b.getAttribute("aria-pressed") !== "true";
              b.setAttribute("aria-pressed", on ? "true" : "false");
              b.classList.toggle("chosen", on);
            });
            hand.append(b);
          });
          const check = checkButton(() => {
            const chosen = new Set(Array.from(hand.querySelectorAll("button[aria-pressed=true]")).map((b) => b.dataset.code));
            const legal = new Set(data.answer.legal_cards);
            const wrong = data.answer.cards.filter((c) => chosen.has(c.card) !== legal.has(c.card));
            mark(!wrong.length, fill(T.quiz_legal_cards, { cards: names(data.answer.legal_cards) }), wrong.length ? [
              el("h3", { text: T.quiz_mistakes }),
              el("ul", { className: "quiz-mistakes" }, wrong.map((c) => el("li", {}, [
                el("strong", { text: cardName(c.card) + " — " + (c.legal ? T.quiz_left_out : T.quiz_not_allowed) + " " }),
                ...linked(c.explanation)]))),
            ] : []);
          });
          return [
            facts([fill(T.quiz_players, { count: p.players }), p.trick_number ? fill(T.quiz_trick_number, { number: p.trick_number }) : null,
              p.players === 5 && p.called_card ? fill(T.quiz_called, { card: cardName(p.called_card) }) : null]),
            el("h3", { text: T.region_trick }),
            p.trick.length ? cardsRow(p.trick, T.region_trick) : el("p", { text: T.quiz_you_lead }),
            el("h3", { text: T.region_hand }),
            el("p", { className: "legend", text: T.quiz_play_hint }), hand, check,
          ];
        },
        ecart(data) {
          const p = data.position;
          return [
            facts([fill(T.quiz_players, { count: p.players }), fill(T.quiz_contract, { contract: T.contracts[p.contract] || p.contract })]),
            el("h3", { text: T.quiz_hand }), cardsRow(p.hand, T.quiz_hand),
            el("h3", { text: T.quiz_chien }), cardsRow(p.chien, T.quiz_chien),
            el("h3", { text: T.quiz_ecart }), cardsRow(p.ecart, T.quiz_ecart),
            yesNo([[T.quiz_yes_legal, true], [T.quiz_no_illegal, false]], (said) => {
              const legal = data.answer.legal;
              mark(said === legal, legal ? T.ecart_legal : T.ecart_illegal, legal && data.answer.trumps_to_show.length ? [
                el("h3", { text: T.trumps_to_show }), cardsRow(data.answer.trumps_to_show, T.trumps_to_show)] : []);
            }),
          ];
        },
        count(data) {
          const [label, input] = numberField("quiz-count-" + section.id, T.quiz_points);
          return [
            cardsRow(data.position.cards, T.quiz_cards), el("div", { className: "field" }, [label, input]),
            // The explanation says what the cards are worth: no answer line beside it.
            checkButton(() => mark(Number(input.value) === data.answer.points && input.value !== "", null)),
          ];
        },
        score(data) {
          const p = data.position;
          const [label, input] = numberField("quiz-score-" + section.id, T.quiz_taker_score);
          input.step = "1";
          return [
            facts([fill(T.quiz_players, { count: p.players }), fill(T.quiz_contract, { contract: T.contracts[p.contract] || p.contract }),
              fill(T.quiz_taker_figures, { bouts: p.bouts, points: p.points }),
              p.petit_au_bout ? fill(T.quiz_petit_au_bout, { camp: T.camps[p.petit_au_bout] }) : null,
              p.chelem_by ? fill(T.quiz_chelem, { camp: T.camps[p.chelem_by] }) : null,
              p.players === 5 ? (p.alone ? T.quiz_alone : T.quiz_with_partner) : null]),
            el("div", { className: "field" }, [label, input]),
            checkButton(() => mark(input.value !== "" && Number(input.value) === data.answer.scores.taker,
              fill(T.quiz_score_answer, { score: data.answer.scores.taker }), [
                el("h3", { text: T.derivation }),
                el("ol", { className: "derivation" }, data.answer.derivation.map((line) => el("li", {}, linked(line.text)))),
              ], false)), // the explanation is these lines joined: shown once, as the derivation
          ];
        },
        trick(data) {
          const row = el("div", { className: "cards", role: "group", "aria-label": T.region_trick });
          data.position.cards.forEach((code) => {
            const b = cardNode(code, true);
            // The explanation names the winning card: no answer line beside it.
            b.addEventListener("click", () => {
              chosen(b);
              row.querySelector(`[data-code="${data.answer.card}"]`).classList.add("winner");
              mark(code === data.answer.card, null);
            });
            row.append(b);
          });
          return [el("p", { className: "legend", text: T.quiz_trick_hint }), row];
        },
        bid(data) {
          const p = data.position;
          const bid = (code) => T.bids[code] || code;
          return [
            facts([fill(T.quiz_players, { count: p.players }),
              p.bids.length ? fill(T.quiz_bids_before, { bids: p.bids.map(bid).join(", ") }) : T.quiz_first_to_speak,
              fill(T.quiz_bid_asked, { bid: bid(p.bid) })]),
            yesNo([[T.quiz_yes, true], [T.quiz_no, false]], (said) => mark(said === data.answer.legal,
              data.answer.legal ? T.quiz_bid_legal : T.quiz_bid_illegal)),
          ];
        },
      };

      // data-seeds: the designed questions (the course's), asked first and in order; then
      // "New question" draws at random. A lone data-seed is the question to start with.
      const designed = (section.dataset.seeds || section.dataset.seed || "").split(" ").filter(Boolean).map(Number);
      let asked = 0;
      const nextSeed = () => (asked < designed.length ? designed[asked++] : undefined);
      newButton.addEventListener("click", () => ask(nextSeed()));
      drawTally();
      if (section.dataset.autostart === "true") ask(nextSeed());
    }

    sections.forEach(mount);
  };
})();
