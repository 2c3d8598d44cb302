/* Opening an online table: seats for people or robots, then one invite link per person's seat
 * and one for the referee (the creator, who may hand an idle seat to a robot) and spectators.
 * The tokens go in the links' fragment (#k=…), which the browser never sends to the server. */
(function () {
  "use strict";

  window.TarotRefereePages = window.TarotRefereePages || [];
  window.TarotRefereePages.push(function (kit, K) {
    const form = document.getElementById("lobby-setup");
    if (!form) return;
    const { el, fill, T } = kit;
    const R = K.R;
    const $ = (id) => document.getElementById(id);

    K.connectionBanner($("lobby-banner"));

    function seats() {
      const n = Number($("lobby-players").value);
      $("lobby-sitout").hidden = n <= 5;
      const box = $("lobby-seats");
      const kept = {};
      box.querySelectorAll("input").forEach((i) => { kept[i.id] = i.type === "checkbox" ? i.checked : i.value; });
      const rows = [];
      for (let i = 0; i < n; i += 1) {
        const name = "lobby-name-" + i;
        const robot = "lobby-robot-" + i;
        rows.push(el("label", { for: name, text: fill(T.player_name, { number: i + 1 }) }));
        rows.push(el("span", {}, [
          el("input", { id: name, maxlength: "40", value: name in kept ? kept[name] : fill(T.player, { number: i + 1 }) }),
          " ",
          el("input", { type: "checkbox", id: robot, checked: Boolean(kept[robot]) }),
          el("label", { for: robot, className: "check", text: " " + R.robot_seat }),
        ]));
      }
      box.replaceChildren(box.querySelector("legend"), ...rows);
    }
    $("lobby-players").addEventListener("change", seats);
    seats();

    function invite(label, href, id) {
      const input = el("input", { readonly: true, value: href, "aria-label": label, id: id + "-text" });
      input.addEventListener("focus", () => input.select());
      return el("li", {}, [el("strong", { text: label }), el("br"), el("a", { href: href, id: id, target: "_blank", rel: "noopener", text: R.open_link }), el("br"), input]);
    }

    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const n = Number($("lobby-players").value);
      const names = [];
      const bots = [];
      for (let i = 0; i < n; i += 1) {
        const robot = $("lobby-robot-" + i).checked;
        names.push($("lobby-name-" + i).value.trim() || fill(robot ? T.bot : T.player, { number: i + 1 }));
        if (robot) bots.push(i);
      }
      $("lobby-open").disabled = true;
      const answer = await K.call("POST", "/tables", null, { players: n, names: names, bots: bots, deals: Number($("lobby-deals").value) });
      $("lobby-open").disabled = false;
      if (!answer.ok) {
        form.append(el("p", { className: "problem", role: "alert", text: (answer.data && answer.data.detail) || T.unreachable }));
        return;
      }
      const table = answer.data;
      const path = "/referee/table/" + table.id;
      const items = table.seat_tokens.map((s) => (s.bot
        ? el("li", { id: "lobby-robot-seat-" + s.seat }, [el("strong", { text: s.name }), el("span", { text: " — " + R.robot_seat })])
        : invite(fill(R.invite_of, { name: s.name }), K.withFragment(path, { k: s.token }), "lobby-invite-" + s.seat)));
      items.push(invite(R.spectator_link, K.withFragment(path, { k: table.referee_token }), "lobby-referee"));
      $("lobby-invites").replaceChildren(...items);
      form.hidden = true;
      $("lobby-links").hidden = false;
      $("lobby-links-title").focus();
    });
  });
})();
