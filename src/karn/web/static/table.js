"use strict";
// The table: renders what the server sends for this seat (or a spectator), sends the
// chosen option back. The server decides everything; this page only shows and asks.

const $ = (id) => document.getElementById(id);
const esc = Mana.escape;

const gameId = location.pathname.split("/").filter(Boolean)[1];
const spectating = location.pathname.startsWith("/watch/");
const token = spectating ? null : new URLSearchParams(location.hash.slice(1)).get("token");

let ws = null;
let table = null;
let retry = 0;
let lastLogSize = 0;

// ---------------------------------------------------------------- the connection

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${gameId}`);
  setStatus("connecting…", "warn");
  ws.onopen = () => {
    retry = 0;
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "table") {
      table = msg.table;
      setStatus(spectating ? "watching" : "connected", "ok");
      render();
    } else if (msg.type === "error") {
      flash(msg.message);
      if (msg.code === "bad_token" || msg.code === "no_game") setStatus(msg.message, "bad");
    }
  };
  ws.onclose = () => {
    setStatus("reconnecting…", "warn");
    const delay = Math.min(5000, 250 * 2 ** retry++);
    setTimeout(connect, delay);
  };
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function choose(optionId) {
  if (!table || !table.prompt) return;
  send({ type: "action", option: optionId, version: table.version });
  document.body.classList.add("busy");
}

function setPass(mode) {
  if (spectating || !table) return;
  if (mode === "once") {
    const pass = table.prompt && table.prompt.options.find((o) => o.kind === "pass");
    if (pass) choose(pass.id);
    return;
  }
  send({ type: "settings", settings: { pass_until: mode } });
}

function setStatus(text, cls) {
  const s = $("status");
  s.textContent = text;
  s.className = `status ${cls}`;
}

function flash(text) {
  const p = $("prompt");
  let f = p.querySelector(".flash");
  if (!f) {
    f = document.createElement("p");
    f.className = "flash";
    p.prepend(f);
  }
  f.textContent = text;
  document.body.classList.remove("busy");
}

// ---------------------------------------------------------------- rendering

const STEP_NAMES = {
  untap: "untap", upkeep: "upkeep", draw: "draw", main1: "precombat main", begin_combat: "beginning of combat",
  attackers: "declare attackers", blockers: "declare blockers", first_damage: "first-strike damage",
  damage: "combat damage", end_combat: "end of combat", main2: "postcombat main", end: "end step", cleanup: "cleanup",
};

function playerLabel(i) {
  return table.players[i] ? table.players[i].label : `player ${i}`;
}

function render() {
  document.body.classList.remove("busy");
  const t = table;
  const me = t.you;
  const n = t.players.length;
  const bottom = me ?? 0;
  const top = (bottom + 1) % n;
  const step = STEP_NAMES[t.step] || t.step;
  const active = playerLabel(t.active);
  $("turn-info").innerHTML = t.over
    ? `<b>Game over</b> — ${t.winner === null ? "a draw" : esc(playerLabel(t.winner)) + (t.winner === me ? " win" : " wins")}`
    : `Turn ${t.turn} · ${esc(active === "You" ? "your" : active + "'s")} ${esc(step)}`;
  $("mode").textContent = spectating ? "Spectating (public information only)" : "";
  $("pass-buttons").hidden = spectating;
  const pu = t.settings && t.settings.pass_until;
  for (const b of document.querySelectorAll("#pass-buttons button")) {
    b.classList.toggle("on", b.dataset.pass === pu);
  }
  renderSide($("side-top"), top, false);
  renderSide($("side-bottom"), bottom, true);
  renderStack();
  renderHand(bottom);
  renderPrompt();
  renderLog();
  requestAnimationFrame(drawArrows);
}

function optionsByCard() {
  const map = new Map();
  if (!table.prompt) return map;
  for (const o of table.prompt.options) {
    if (o.card == null) continue;
    if (!map.has(o.card)) map.set(o.card, []);
    map.get(o.card).push(o);
  }
  return map;
}

function cardHtml(c, extra = "") {
  const pt = c.power != null && c.toughness != null ? `<span class="pt">${esc(c.power)}/${esc(c.toughness)}</span>` : "";
  const loyalty = c.counters && c.counters.loyalty != null ? `<span class="pt">${c.counters.loyalty}</span>` : "";
  const counters = c.counters
    ? Object.entries(c.counters).filter(([k]) => k !== "loyalty").map(([k, v]) => `<span class="counter">${esc(k)}×${v}</span>`).join("")
    : "";
  const dmg = c.damage ? `<span class="damage">${c.damage} dmg</span>` : "";
  const colors = (c.colors && c.colors.length ? c.colors : colorsOf(c.mana_cost)).join("");
  const type = (c.type_line || "").split(" — ")[0];
  return `<div class="card color-${colors.length > 1 ? "multi" : colors || "none"} ${extra}" data-id="${c.id}">
    <div class="card-head"><span class="card-name">${esc(c.name)}</span><span class="cost">${Mana.symbols(c.mana_cost || "")}</span></div>
    <div class="card-type">${esc(type)}</div>
    <div class="card-foot">${counters}${dmg}${loyalty}${pt}</div>
  </div>`;
}

function colorsOf(cost) {
  const out = [];
  for (const c of "WUBRG") if ((cost || "").includes(c)) out.push(c);
  return out;
}

function permanentClasses(p, byCard) {
  const cls = [];
  if (p.tapped) cls.push("tapped");
  if (p.sick && (p.types || []).includes("creature")) cls.push("sick");
  if (p.attacking) cls.push("attacking");
  if (p.blocking && p.blocking.length) cls.push("blocking");
  if (byCard.has(p.id)) cls.push("actionable");
  return cls.join(" ");
}

function renderSide(el, index, mine) {
  const p = table.players[index];
  const byCard = optionsByCard();
  const perms = table.battlefield.filter((x) => x.controller === index);
  const lands = perms.filter((x) => (x.types || []).includes("land"));
  const others = perms.filter((x) => !(x.types || []).includes("land"));
  const pool = Object.entries(p.mana_pool || {}).filter(([, v]) => v > 0)
    .map(([k, v]) => `${Mana.symbol(k.toUpperCase())}×${v}`).join(" ");
  const backs = mine && table.you === index ? "" : `<div class="backs" title="${p.hand_size} cards in hand">${
    '<span class="card-back"></span>'.repeat(Math.min(p.hand_size, 12))}</div>`;
  const deciding = table.decider === index ? " deciding" : "";
  const playerTarget = byCard.has(-(index + 1)) ? " actionable" : "";
  el.innerHTML = `
    <div class="player${deciding}${playerTarget}" data-player="${index}">
      <span class="pname">${esc(p.label)}${p.label !== p.name ? ` <small>(${esc(p.name)})</small>` : ""}</span>
      <span class="life" title="life">♥ ${p.life}</span>
      ${p.poison ? `<span class="poison">☠ ${p.poison}</span>` : ""}
      <span class="zone-count" title="library">Library ${p.library}</span>
      <span class="zone-count" title="hand">Hand ${p.hand_size}</span>
      <button class="zone-button" data-zone="graveyard" data-player="${index}">Graveyard ${p.graveyard.length}</button>
      <button class="zone-button" data-zone="exile" data-player="${index}">Exile ${p.exile.length}</button>
      ${pool ? `<span class="pool">Pool ${pool}</span>` : ""}
      ${p.lost ? '<span class="lost">lost</span>' : ""}${p.won ? '<span class="won">won</span>' : ""}
    </div>
    ${backs}
    <div class="row creatures cards">${others.map((x) => cardHtml(x, permanentClasses(x, byCard))).join("") || '<span class="empty">no permanents</span>'}</div>
    <div class="row lands cards">${lands.map((x) => cardHtml(x, permanentClasses(x, byCard))).join("")}</div>`;
}

function renderStack() {
  const byCard = optionsByCard();
  const st = $("stack");
  $("stack-zone").classList.toggle("empty-stack", table.stack.length === 0);
  st.innerHTML = table.stack.length
    ? table.stack.map((s) => cardHtml(s, `stack-item ${s.kind} ${byCard.has(s.id) ? "actionable" : ""}`)).join("")
    : '<span class="empty">empty</span>';
}

function renderHand(index) {
  const byCard = optionsByCard();
  $("hand-zone").hidden = table.you === null;
  $("hand").innerHTML = table.hand.map((c) => cardHtml(c, byCard.has(c.id) ? "actionable" : "")).join("") || '<span class="empty">empty</span>';
}

function renderPrompt() {
  const p = $("prompt");
  const t = table;
  if (t.over) {
    p.innerHTML = `<h3>Game over</h3><p>${t.winner === null ? "A draw." : esc(playerLabel(t.winner)) + (t.winner === t.you ? " win!" : " wins.")}</p><p><a href="/">Back to the lobby</a></p>`;
    return;
  }
  if (!t.prompt) {
    p.innerHTML = `<h3>Waiting</h3><p>Waiting for ${esc(t.waiting_for || "…")}${t.decision_kind ? ` (${esc(t.decision_kind)})` : ""}.</p>`;
    return;
  }
  const d = t.prompt;
  const buttons = d.options.map((o) => {
    const isDefault = o.id === d.default;
    return `<button class="option${isDefault ? " default" : ""}" data-option="${esc(o.id)}" data-card="${o.card ?? ""}">${Mana.symbols(o.label)}${isDefault ? ' <kbd>space</kbd>' : ""}</button>`;
  }).join("");
  p.innerHTML = `<h3>Your decision</h3>
    <p class="prompt-text">${Mana.symbols(d.text)} ${ruleLink(d.rule)}</p>
    <div class="options">${buttons}</div>`;
}

function ruleLink(rule) {
  return rule ? `<a class="rule" href="/api/rules/${esc(rule)}" data-rule="${esc(rule)}">${esc(rule)}</a>` : "";
}

function renderLog() {
  const entries = table.log;
  const full = $("full-log").checked;
  const shown = full ? entries : entries.filter((e) => !/passes|^priority/.test(e.text));
  const log = $("log");
  log.innerHTML = shown.slice(-300).map((e) => `<li><span class="turn">T${e.turn}</span> ${ruleLink(e.rule)} ${Mana.symbols(e.text)}</li>`).join("");
  if (entries.length !== lastLogSize) log.scrollTop = log.scrollHeight;
  lastLogSize = entries.length;
}

// ---------------------------------------------------------------- targeting arrows

function elementOf(ref) {
  if (ref.player != null) return document.querySelector(`.player[data-player="${ref.player}"]`);
  return document.querySelector(`#board .card[data-id="${ref.object}"]:not(.stack-item)`) ||
    document.querySelector(`#stack .card[data-id="${ref.object}"]`);
}

function drawArrows() {
  const svg = $("arrows");
  for (const old of svg.querySelectorAll("line, path.arrow")) old.remove();
  if (!table) return;
  const arrows = [];
  for (const s of table.stack) {
    const from = document.querySelector(`#stack .card[data-id="${s.id}"]`);
    for (const ref of s.targets || []) arrows.push([from, elementOf(ref), "target"]);
  }
  for (const p of table.battlefield) {
    if (p.blocking) for (const a of p.blocking) arrows.push([elementOf({ object: p.id }), elementOf({ object: a }), "block"]);
  }
  for (const [from, to, kind] of arrows) {
    if (!from || !to || from === to) continue;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", a.left + a.width / 2);
    line.setAttribute("y1", a.top + a.height / 2);
    line.setAttribute("x2", b.left + b.width / 2);
    line.setAttribute("y2", b.top + b.height / 2);
    line.setAttribute("class", `arrow-${kind}`);
    line.setAttribute("marker-end", "url(#arrowhead)");
    svg.appendChild(line);
  }
}

// ---------------------------------------------------------------- card text, rules, zones

function findCard(id) {
  const all = [...table.hand, ...table.battlefield, ...table.stack, ...table.players.flatMap((p) => [...p.graveyard, ...p.exile])];
  return all.find((c) => c.id === id);
}

function showCardTip(el, ev) {
  const c = findCard(Number(el.dataset.id));
  if (!c) return;
  const tip = $("card-tip");
  const pt = c.power != null ? `<div class="tip-pt">${esc(c.power)}/${esc(c.toughness)}</div>` : "";
  const kw = c.keywords && c.keywords.length ? `<div class="tip-kw">${esc(c.keywords.join(", "))}</div>` : "";
  tip.innerHTML = `<div class="tip-head"><b>${esc(c.name)}</b> <span>${Mana.symbols(c.mana_cost || "")}</span></div>
    <div class="tip-type">${esc(c.type_line || "")}</div>
    <div class="tip-text">${Mana.symbols(c.text || "").replaceAll("\n", "<br>")}</div>${kw}${pt}`;
  tip.hidden = false;
  placeTip(tip, ev);
}

function placeTip(tip, ev) {
  const x = Math.min(ev.clientX + 16, window.innerWidth - tip.offsetWidth - 8);
  const y = Math.min(ev.clientY + 16, window.innerHeight - tip.offsetHeight - 8);
  tip.style.left = `${x}px`;
  tip.style.top = `${y}px`;
}

async function showRule(el, ev) {
  ev.preventDefault();
  const tip = $("rule-tip");
  const rule = el.dataset.rule;
  tip.innerHTML = `<b>${esc(rule)}</b> …`;
  tip.hidden = false;
  placeTip(tip, ev);
  try {
    const res = await fetch(`/api/rules/${encodeURIComponent(rule)}`);
    const data = await res.json();
    tip.innerHTML = res.ok
      ? `<b>${esc(rule)}</b> ${esc(data.text).replaceAll("\n", "<br>")}`
      : `<b>${esc(rule)}</b> ${esc(data.error ? data.error.message : "not found")}`;
  } catch (e) {
    tip.innerHTML = `<b>${esc(rule)}</b> (the rule's text could not be loaded)`;
  }
  placeTip(tip, ev);
}

function showZone(player, zone) {
  const p = table.players[player];
  const box = $("zone-view");
  box.querySelector("h3").textContent = `${p.label}: ${zone} (${p[zone].length})`;
  box.querySelector(".cards").innerHTML = p[zone].map((c) => cardHtml(c)).join("") || '<span class="empty">empty</span>';
  box.hidden = false;
}

function cardMenu(el, options, ev) {
  const menu = $("menu");
  menu.innerHTML = options.map((o) => `<button class="option" data-option="${esc(o.id)}">${Mana.symbols(o.label)}</button>`).join("");
  menu.hidden = false;
  placeTip(menu, ev);
}

// ---------------------------------------------------------------- events

document.addEventListener("click", (ev) => {
  const opt = ev.target.closest("[data-option]");
  if (opt) {
    $("menu").hidden = true;
    choose(opt.dataset.option);
    return;
  }
  const rule = ev.target.closest("a.rule");
  if (rule) return showRule(rule, ev);
  const zone = ev.target.closest(".zone-button");
  if (zone) return showZone(Number(zone.dataset.player), zone.dataset.zone);
  if (ev.target.closest("#zone-view .close")) {
    $("zone-view").hidden = true;
    return;
  }
  const pass = ev.target.closest("[data-pass]");
  if (pass) return setPass(pass.dataset.pass);
  $("menu").hidden = true;
  $("rule-tip").hidden = true;
  const card = ev.target.closest(".card.actionable, .player.actionable");
  if (card && table && table.prompt) {
    const key = card.dataset.id != null ? Number(card.dataset.id) : -(Number(card.dataset.player) + 1);
    const options = optionsByCard().get(key) || [];
    if (options.length === 1) choose(options[0].id);
    else if (options.length > 1) cardMenu(card, options, ev);
  }
});

document.addEventListener("mouseover", (ev) => {
  const card = ev.target.closest(".card");
  if (card) showCardTip(card, ev);
});
document.addEventListener("mousemove", (ev) => {
  const tip = $("card-tip");
  if (!tip.hidden) placeTip(tip, ev);
});
document.addEventListener("mouseout", (ev) => {
  if (ev.target.closest(".card")) $("card-tip").hidden = true;
});

document.addEventListener("keydown", (ev) => {
  if (ev.target.matches("input, textarea, select")) return;
  if (!table || spectating) return;
  if (ev.key === " " || ev.key === "Enter") {
    ev.preventDefault();
    if (table.prompt && table.prompt.default) choose(table.prompt.default);
  } else if (ev.key === "F2") {
    ev.preventDefault();
    setPass("once");
  } else if (ev.key === "F4") {
    ev.preventDefault();
    setPass("end_of_turn");
  } else if (ev.key === "F6") {
    ev.preventDefault();
    setPass("my_turn");
  } else if (ev.key === "Escape") {
    $("menu").hidden = true;
    $("zone-view").hidden = true;
    const cancel = table.prompt && table.prompt.options.find((o) => o.kind === "cancel");
    if (cancel) choose(cancel.id);
  }
});

$("full-log").addEventListener("change", () => table && renderLog());
window.addEventListener("resize", () => requestAnimationFrame(drawArrows));

if (!spectating && !token) {
  setStatus("this link has no seat token: watching instead", "warn");
}
connect();
