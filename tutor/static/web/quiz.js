/* Quizzes: a question drawn by the rules engine (GET /api/v1/quiz/<kind>: the question and
 * the position, never the answer), the reader's answer sent to POST /api/v1/quiz/answer,
 * which marks it — as it marks the API's and the MCP tools' answers — and whose verdict and
 * explanation are shown, and a tally kept in this browser (localStorage). This file holds no
 * rule, no marking and no sentence: the question, the verdict, the expected answer and the
 * explanations come from the API, the other sentences from the page (#web-texts).
 *
 * Every <section class="quiz" data-quiz="<kind>"> of a page becomes a quiz (the trainers'
 * quiz sections, the course's exercises). Its state is mirrored on the section for tests and
 * styles: data-state (idle | loading | asking | marking | answered), data-seed, data-result
 * (right | wrong); data-seeds (the course's designed questions) are asked first, in order
 * (in the course, data-course: again and again, from the lowest Leitner box, see course.js).
 * Kinds: play (select the cards that may be played), advice (press the card a good player
 * would play), the choice kinds (a button per choice the question lists), ecart (legal or
 * not?), count (how many
 * points?), score (what does the taker score?), trick (which card wins?), bid (may this bid
 * be made?). */
(function () {
  "use strict";

  const STORE = "tarot-tutor-quiz";

  window.TarotQuiz = function (kit) {
    const sections = Array.from(document.querySelectorAll("section.quiz[data-quiz]"));
    if (!sections.length) return;
    const { el, cardNode, cardName, fill, post, problem, T, API, LANG } = kit;
    /* An explanation with its tarot words linked to the glossary, and each rule it cites
     * ("… Rule: Following suit (play.follow-suit).") as a link on the rule's title to the
     * rule itself: the id is the link's address, never text for the learner to read. */
    const RULE_CITED = /: ([^:()]+?) \(([a-z][a-z0-9]*(?:\.[a-z0-9-]+)+)\)/g;
    const linked = (text) => {
      const out = [];
      let last = 0;
      const source = String(text || "");
      for (const match of source.matchAll(RULE_CITED)) {
        out.push(...kit.linkTerms(source.slice(last, match.index + 2)));
        out.push(el("a", { href: "/rules#" + match[2], className: "rule-cited", "data-rule": match[2], text: match[1] }));
        last = match.index + match[0].length;
      }
      out.push(...kit.linkTerms(source.slice(last)));
      return out.filter((part) => part !== "");
    };
    const course = window.TarotCourse;

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
      // "New question" after the question and its verdict: above it, it was read first
      section.append(tally, body, verdict, newButton);
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
        body.replaceChildren(el("p", { className: "quiz-question", text: data.question }), ...(data.choices ? choose(data) : DRAW[kind](data)));
        section.dataset.state = "asking";
      }

      /* The reader's answer (the member of its kind: cards, legal, points, score, card) goes
       * to POST /quiz/answer with the question's kind, players and seed; its verdict is shown
       * (the mark, the server's explanation with its tarot words linked to the glossary, and
       * what the kind adds: shown(answer) — each wrong card's reason, the trumps to show…).
       * A refused answer (422: no points typed…) is told as the API words it, and the
       * question stays open. */
      async function submit(member, value, shown) {
        if (section.dataset.state !== "asking") return;
        section.dataset.state = "marking";
        const controls = Array.from(body.querySelectorAll("button, input"));
        controls.forEach((n) => { n.disabled = true; });
        const asked = current;
        const payload = { kind: kind, players: asked.players, seed: asked.seed };
        if (value !== undefined) payload[member] = value;
        let answer = null;
        try { answer = await post("/quiz/answer", payload); } catch (error) { answer = null; }
        if (asked !== current) return; // a new question was asked meanwhile
        if (!answer || !answer.ok || !answer.data) {
          verdict.replaceChildren(problem(answer ? answer.data : null));
          controls.forEach((n) => { n.disabled = false; });
          section.dataset.state = "asking";
          return;
        }
        const data = answer.data;
        section.dataset.state = "answered";
        section.dataset.result = data.right ? "right" : "wrong";
        const t = record(kind, data.right);
        if (course && section.dataset.course) course.record(section.dataset.course, asked.seed, data.right);
        verdict.replaceChildren(...[
          el("p", { className: "verdict-title " + (data.right ? "good" : "bad") }, [
            el("span", { className: "verdict-mark", "aria-hidden": "true", text: data.right ? "✓ " : "✗ " }),
            el("span", { text: data.right ? T.quiz_right : T.quiz_wrong }),
          ]),
          // the mark is the title above: the API's reason without its own mark
          el("p", { className: "explanation" }, linked(data.why)),
        ].concat(shown ? shown(data) : []).filter(Boolean));
        drawTally();
        if (t.streak > 1 && data.right) verdict.append(el("p", { className: "legend", text: fill(T.quiz_streak, { streak: t.streak }) }));
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
      /* The control the reader answered with stays marked once the others are disabled (the
       * only one of its group: an answer the API could not mark may be given again). */
      const chosen = (b) => {
        b.parentNode.querySelectorAll(".chosen").forEach((other) => { other.removeAttribute("aria-pressed"); other.classList.remove("chosen"); });
        b.setAttribute("aria-pressed", "true");
        b.classList.add("chosen");
      };
      const yesNo = (labels, shown) => el("div", { className: "bid-row" }, labels.map(([text, value]) => {
        const b = el("button", { type: "button", "data-answer": String(value), text: text });
        b.addEventListener("click", () => {
          if (section.dataset.state !== "asking") return;
          chosen(b);
          submit("legal", value, shown);
        });
        return b;
      }));
      /* A typed number as the API reads it; nothing typed (or not a number) is sent as no
       * answer, which the API refuses with its own words. */
      const typed = (input) => (input.value.trim() === "" || !Number.isFinite(Number(input.value)) ? undefined : Number(input.value));

      /* A question answered by one of its choices (target, hand, king, poignee, chelem,
       * sitout, revoke): its facts, its rows of cards, a button per choice. */
      const choose = (data) => [
        data.facts && data.facts.length ? facts(data.facts) : null,
        ...(data.shown || []).flatMap((row) => [el("h3", { text: row.label }), cardsRow(row.cards, row.label)]),
        el("div", { className: "bid-row", role: "group", "aria-label": data.question }, data.choices.map((choice) => {
          const b = el("button", { type: "button", "data-answer": choice.value, text: choice.label });
          b.addEventListener("click", () => {
            if (section.dataset.state !== "asking") return;
            chosen(b);
            submit("choice", choice.value);
          });
          return b;
        })),
      ].filter(Boolean);

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
            const picked = Array.from(hand.querySelectorAll("button[aria-pressed=true]")).map((b) => b.dataset.code);
            submit("cards", picked, (marked) => (marked.mistakes.length ? [
              el("h3", { text: T.quiz_mistakes }),
              el("ul", { className: "quiz-mistakes" }, marked.mistakes.map((c) => el("li", {}, [
                el("strong", { text: cardName(c.card) + " — " + (c.legal ? T.quiz_left_out : T.quiz_not_allowed) + " " }),
                ...linked(c.explanation)]))),
            ] : []));
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
            yesNo([[T.quiz_yes_legal, true], [T.quiz_no_illegal, false]], (marked) => (
              marked.answer.legal && marked.answer.trumps_to_show.length ? [
                el("h3", { text: T.trumps_to_show }), cardsRow(marked.answer.trumps_to_show, T.trumps_to_show)] : [])),
          ];
        },
        count(data) {
          const [label, input] = numberField("quiz-count-" + section.id, T.quiz_points);
          // Once marked, the count two by two: each pair of cards with what it is worth.
          const working = (marked) => [
            el("h3", { text: T.quiz_pairs }),
            el("ol", { className: "pairs", "data-role": "quiz-pairs" }, marked.answer.pairs.map((pair) => el("li", {}, [
              cardsRow(pair.cards, pair.cards.map(cardName).join(", ")),
              el("span", { className: "pair-points", text: fill(T.quiz_pair_points, { points: pair.points }) }),
            ]))),
          ];
          return [
            cardsRow(data.position.cards, T.quiz_cards), el("div", { className: "field" }, [label, input]),
            checkButton(() => submit("points", typed(input), working)),
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
            // The explanation says the score in short; the derivation, line by line.
            checkButton(() => submit("score", typed(input), (marked) => [
              el("h3", { text: T.derivation }),
              el("ol", { className: "derivation" }, marked.answer.derivation.map((line) => el("li", {}, linked(line.text)))),
            ])),
          ];
        },
        trick(data) {
          const row = el("div", { className: "cards", role: "group", "aria-label": T.region_trick });
          data.position.cards.forEach((code) => {
            const b = cardNode(code, true);
            // The explanation names the winning card; the row shows it too, once marked.
            b.addEventListener("click", () => {
              if (section.dataset.state !== "asking") return;
              chosen(b);
              submit("card", code, (marked) => {
                const winner = row.querySelector(`[data-code="${marked.answer.card}"]`);
                if (winner) winner.classList.add("winner");
                return [];
              });
            });
            row.append(b);
          });
          return [el("p", { className: "legend", text: T.quiz_trick_hint }), row];
        },
        advice(data) {
          // A moment of a deal: the trick so far and the hand, its legal cards to press.
          const p = data.position;
          const hand = el("div", { className: "cards hand", role: "group", "aria-label": T.region_hand });
          p.hand.forEach((code) => {
            const legal = p.legal_cards.includes(code);
            const b = cardNode(code, legal);
            if (legal) {
              b.addEventListener("click", () => {
                if (section.dataset.state !== "asking") return;
                chosen(b);
                submit("card", code, (marked) => {
                  const best = hand.querySelector(`[data-code="${marked.answer.card}"]`);
                  if (best) best.classList.add("winner");
                  return [];
                });
              });
            }
            hand.append(b);
          });
          return [
            facts(data.facts),
            el("h3", { text: T.region_trick }),
            p.trick.length ? cardsRow(p.trick, T.region_trick) : el("p", { text: T.quiz_you_lead }),
            el("h3", { text: T.region_hand }),
            el("p", { className: "legend", text: T.quiz_advice_hint }), hand,
          ];
        },
        bid(data) {
          const p = data.position;
          const bid = (code) => T.bids[code] || code;
          return [
            facts([fill(T.quiz_players, { count: p.players }),
              p.bids.length ? fill(T.quiz_bids_before, { bids: p.bids.map(bid).join(", ") }) : T.quiz_first_to_speak,
              fill(T.quiz_bid_asked, { bid: bid(p.bid) })]),
            yesNo([[T.quiz_yes, true], [T.quiz_no, false]]),
          ];
        },
      };

      // data-seeds: the designed questions (the course's), asked first and in order; then
      // "New question" draws at random. A lone data-seed is the question to start with.
      // In the course (data-course), the designed questions come back from the lowest
      // Leitner box first (course.js), over and over: never a random one.
      const designed = (section.dataset.seeds || section.dataset.seed || "").split(" ").filter(Boolean).map(Number);
      let asked = 0;
      const seen = [];
      const nextSeed = () => {
        if (course && section.dataset.course && designed.length) return course.next(section.dataset.course, designed, seen);
        return asked < designed.length ? designed[asked++] : undefined;
      };
      newButton.addEventListener("click", () => ask(nextSeed()));
      drawTally();
      if (section.dataset.autostart === "true") ask(nextSeed());
    }

    sections.forEach(mount);
  };
})();
