"use strict";
// The lobby: make a game against the AI or a friend.

const $ = (id) => document.getElementById(id);

async function loadDecks() {
  const res = await fetch("/api/decks");
  const decks = await res.json();
  const info = $("decks-info");
  info.innerHTML = "<h2>Bundled decks</h2>";
  const list = document.createElement("ul");
  for (const d of decks) {
    for (const sel of [$("deck"), $("opponent-deck")]) {
      const o = document.createElement("option");
      o.value = d.name;
      o.textContent = d.name.replaceAll("_", " ");
      sel.appendChild(o);
    }
    const li = document.createElement("li");
    const colors = [...d.colors].map((c) => `{${c}}`).join("");
    li.innerHTML = `<b>${d.name.replaceAll("_", " ")}</b> ${Mana.symbols(colors)} — ${Mana.escape(d.description)}`;
    list.appendChild(li);
  }
  info.appendChild(list);
  if (decks.length > 1) $("opponent-deck").selectedIndex = 1;
}

$("new-game").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("error").textContent = "";
  const opponent = document.querySelector("input[name=opponent]:checked").value;
  const body = { opponent, name: $("name").value, opponent_deck: $("opponent-deck").value };
  if (document.querySelector("input[name=deck-source]:checked").value === "pasted") {
    body.deck_list = $("deck-list").value;
  } else {
    body.deck = $("deck").value;
  }
  $("start").disabled = true;
  $("start").textContent = "Shuffling…";
  try {
    const res = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) {
      $("error").textContent = data.error ? data.error.message : "the server refused";
      if (data.error && data.error.details) showDeckReport(data.error.details);
      return;
    }
    if (opponent === "ai") {
      location.href = data.table_url;
      return;
    }
    $("invite").hidden = false;
    $("invite-url").value = location.origin + data.invite_url;
    $("watch-url").href = data.watch_url;
    $("watch-url").textContent = location.origin + data.watch_url;
    $("my-table").href = data.table_url;
  } finally {
    $("start").disabled = false;
    $("start").textContent = "Start the game";
  }
});

// What karn plays of a pasted deck: the count, and each card it can't play yet with the
// clause that stops it (the reason on hover), never a wall of compiler text.
function showDeckReport(report) {
  const box = $("deck-report");
  box.textContent = "";
  const head = document.createElement("p");
  if (!report.unplayable.length) {
    head.textContent = `karn plays all ${report.cards} cards of this deck.`;
    head.className = "ok";
    box.appendChild(head);
    return;
  }
  head.textContent = `karn plays ${report.playable} of these ${report.cards} cards; not yet:`;
  head.className = "warn";
  box.appendChild(head);
  const list = document.createElement("ul");
  for (const u of report.unplayable) {
    const li = document.createElement("li");
    const name = document.createElement("b");
    name.textContent = `${u.count} ${u.card}`;
    const clause = document.createElement("span");
    clause.className = "clause";
    // a card refused as a whole (its layout, a missing part) says why; else the clause that stops it
    clause.textContent = u.clause === u.card ? ` — ${u.reason}` : ` — “${u.clause}”`;
    li.title = u.reason;
    li.append(name, clause);
    list.appendChild(li);
  }
  box.appendChild(list);
}

let checkTimer = null;
async function checkDeckList() {
  const text = $("deck-list").value;
  if (!text.trim()) {
    $("deck-report").textContent = "";
    return;
  }
  const res = await fetch("/api/decks/check", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ deck_list: text }),
  });
  if (text !== $("deck-list").value) return; // the list changed meanwhile: a newer check follows
  const data = await res.json();
  if (res.ok) {
    showDeckReport(data);
  } else {
    const p = document.createElement("p");
    p.className = "warn";
    p.textContent = data.error ? data.error.message : "the server refused the list";
    $("deck-report").replaceChildren(p);
  }
}

$("deck-list").addEventListener("input", () => {
  document.querySelector("input[name=deck-source][value=pasted]").checked = true;
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkDeckList, 400);
});

loadDecks();
