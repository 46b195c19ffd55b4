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

function choose(optionId, choice) {
  if (!table || !table.prompt) return;
  const msg = { type: "action", option: optionId, version: table.version };
  if (choice) msg.choice = choice;
  send(msg);
  document.body.classList.add("busy");
}

function option(id) {
  return table && table.prompt ? table.prompt.options.find((o) => o.id === id) : undefined;
}

// F2: pass once; F4: pass until end of turn; F6: pass until my next turn.
function setPass(mode) {
  if (spectating || !table) return;
  if (mode === "once") {
    if (option("pass")) choose("pass");
    return;
  }
  const id = mode === "end_of_turn" ? "pass_turn" : "pass_until_mine";
  if (option(id)) choose(id);
  else send({ type: "settings", settings: { pass_until: table.settings && table.settings.pass_until === mode ? "" : mode } });
}

function setSetting(name, value) {
  if (!spectating) send({ type: "settings", settings: { [name]: value } });
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

function seat(i) {
  return table.seats[i];
}

function render() {
  document.body.classList.remove("busy");
  $("card-tip").hidden = true;
  const t = table;
  const me = t.player;
  const n = t.seats.length;
  const bottom = me ?? 0;
  const top = (bottom + 1) % n;
  $("turn-info").innerHTML = t.over ? `<b>Game over</b> — ${esc(t.result)}` : esc(t.status);
  $("mode").textContent = spectating ? "Spectating (public information only)" : "";
  $("pass-buttons").hidden = spectating;
  $("toggles").hidden = spectating;
  const st = t.settings || {};
  for (const b of document.querySelectorAll("#pass-buttons button")) {
    b.classList.toggle("on", b.dataset.pass === st.pass_until);
  }
  $("auto-pay").checked = !!st.auto_pay;
  $("show-mana").checked = !!st.show_mana_abilities;
  renderSide($("side-top"), top, false);
  renderSide($("side-bottom"), bottom, true);
  renderStack();
  renderHand(bottom);
  renderPrompt();
  renderLog();
  requestAnimationFrame(drawArrows);
}

// What the prompt's options are about: object id -> options; players as -(index + 1).
function optionsByCard() {
  const map = new Map();
  if (!table.prompt) return map;
  for (const o of table.prompt.options) {
    let key = o.object;
    if (key == null) {
      const m = /^target:(-\d+)$/.exec(o.id);
      if (m) key = Number(m[1]);
    }
    if (key == null) continue;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(o);
  }
  return map;
}

const COLOR_LETTER = { white: "W", blue: "U", black: "B", red: "R", green: "G" };

function colorsOf(c) {
  if (c.colors && c.colors.length) return c.colors.map((x) => COLOR_LETTER[String(x).toLowerCase()] || String(x).toUpperCase());
  const out = [];
  for (const l of "WUBRG") if ((c.mana_cost || "").includes(l)) out.push(l);
  return out;
}

function cardHtml(c, extra = "") {
  const pt = c.power != null && c.toughness != null ? `<span class="pt">${esc(c.power)}/${esc(c.toughness)}</span>` : "";
  const loyalty = c.loyalty != null ? `<span class="pt">${esc(c.loyalty)}</span>` : "";
  const counters = Object.entries(c.counters || {}).filter(([k]) => k !== "loyalty")
    .map(([k, v]) => `<span class="counter">${esc(k)}×${v}</span>`).join("");
  const dmg = c.damage ? `<span class="damage">${c.damage} dmg</span>` : "";
  const colors = colorsOf(c).join("");
  const type = c.kind === "ability" ? "Ability" : c.kind === "spell" ? `Spell · ${c.controller_name || ""}` : (c.type_line || "").split(" — ")[0];
  let detail = c.attacking ? `<span class="combat">attacking ${esc(c.attacking)}</span>` : "";
  if (c.attached_to != null) {
    const host = findCard(c.attached_to);
    detail += `<span class="attached" title="attached to">↳ ${esc(host ? host.name : "#" + c.attached_to)}</span>`;
  }
  if (c.attachments && c.attachments.length) detail += `<span class="attached" title="attachments">+${c.attachments.length}</span>`;
  return `<div class="card color-${colors.length > 1 ? "multi" : colors || "none"} ${extra}" data-id="${c.id}">
    <div class="card-head"><span class="card-name">${esc(c.name)}</span><span class="cost">${Mana.symbols(c.mana_cost || "")}</span></div>
    <div class="card-type">${esc(type)}</div>
    <div class="card-foot">${detail}${counters}${dmg}${loyalty}${pt}</div>
  </div>`;
}

function permanentClasses(p, byCard) {
  const cls = [];
  if (p.tapped) cls.push("tapped");
  if (p.sick) cls.push("sick");
  if (p.attacking) cls.push("attacking");
  if (p.blocking && p.blocking.length) cls.push("blocking");
  const opts = byCard.get(p.id);
  if (opts) cls.push("actionable");
  if (opts && opts.some((o) => o.selected)) cls.push("selected");
  return cls.join(" ");
}

function renderSide(el, index, mine) {
  const p = seat(index);
  const byCard = optionsByCard();
  const others = [...p.creatures, ...p.others];
  const pool = p.mana_pool ? `<span class="pool">Pool ${Mana.symbols(p.mana_pool)}</span>` : "";
  const known = (table.known || []).filter((k) => k.owner === index && k.zone === "hand");
  const knownHtml = known.length ? `<span class="known" title="cards of this hand you know (400.2)">known: ${known.map((k) => `<span class="known-card" data-id="${k.id}">${esc(k.name)}</span>`).join(", ")}</span>` : "";
  const backs = p.you ? "" : `<div class="backs" title="${p.hand_size} cards in hand">${
    '<span class="card-back"></span>'.repeat(Math.min(p.hand_size, 12))}${knownHtml}</div>`;
  const deciding = table.prompt ? (p.you ? " deciding" : "") : (table.waiting && table.waiting.startsWith(p.name) ? " deciding" : "");
  const playerTarget = byCard.has(-(index + 1)) ? " actionable" : "";
  const turn = p.active ? '<span class="active-turn" title="their turn">●</span>' : "";
  el.innerHTML = `
    <div class="player${deciding}${playerTarget}" data-player="${index}">
      ${turn}<span class="pname">${esc(p.name)}${p.name !== p.player_name ? ` <small>(${esc(p.player_name)})</small>` : ""}</span>
      <span class="life" title="life">♥ ${p.life}</span>
      ${p.poison ? `<span class="poison">☠ ${p.poison}</span>` : ""}
      ${p.energy ? `<span class="energy" title="energy counters">⚡ ${p.energy}</span>` : ""}
      <span class="zone-count" title="library">Library ${p.library}</span>
      <span class="zone-count" title="hand">Hand ${p.hand_size}</span>
      <button class="zone-button" data-zone="graveyard" data-player="${index}">Graveyard ${p.graveyard.length}</button>
      <button class="zone-button" data-zone="exile" data-player="${index}">Exile ${p.exile.length}</button>
      ${pool}
      ${p.lost ? '<span class="lost">lost</span>' : ""}
    </div>
    ${backs}
    <div class="row creatures cards">${others.map((x) => cardHtml(x, permanentClasses(x, byCard))).join("") || (p.lands.length ? "" : '<span class="empty">no permanents</span>')}</div>
    <div class="row lands cards">${p.lands.map((x) => cardHtml(x, permanentClasses(x, byCard))).join("")}</div>`;
}

function renderStack() {
  const byCard = optionsByCard();
  const st = $("stack");
  $("stack-zone").classList.toggle("empty-stack", table.stack.length === 0);
  st.innerHTML = table.stack.length
    ? table.stack.map((s) => cardHtml(s, `stack-item ${s.kind} ${s.copy ? "copy" : ""} ${byCard.has(s.id) ? "actionable" : ""}`)).join("")
    : '<span class="empty">empty</span>';
}

function renderHand(index) {
  const byCard = optionsByCard();
  const p = seat(index);
  $("hand-zone").hidden = table.player === null;
  $("hand").innerHTML = p.hand.map((c) => cardHtml(c, byCard.has(c.id) ? "actionable" : "")).join("") || '<span class="empty">empty</span>';
}

function renderPrompt() {
  const p = $("prompt");
  const t = table;
  if (t.over) {
    p.innerHTML = `<h3>Game over</h3><p>${esc(t.result)}.</p><p><a href="/">Back to the lobby</a></p>`;
    return;
  }
  const recap = t.recap ? `<p class="recap">${Mana.symbols(t.recap)}</p>` : "";
  if (!t.prompt) {
    p.innerHTML = `<h3>Waiting</h3><p>${esc(t.waiting || "…")}</p>${recap}`;
    return;
  }
  const d = t.prompt;
  const buttons = d.options.map((o) => {
    const isDefault = o.id === d.default;
    const cls = ["option", isDefault ? "default" : "", o.selected ? "selected" : "", o.kind === "setting" ? "setting" : ""].join(" ");
    const detail = o.detail ? ` <small>(${esc(o.detail)})</small>` : "";
    return `<button class="${cls}" data-option="${esc(o.id)}" data-key="${esc(o.key)}"><kbd>${esc(o.key)}</kbd> ${Mana.symbols(o.label)}${detail}${isDefault ? ' <kbd>space</kbd>' : ""}</button>`;
  }).join("");
  p.innerHTML = `${recap}<h3>Your decision${d.multi ? " <small>(pick several)</small>" : ""}</h3>
    <p class="prompt-text">${Mana.symbols(d.text)} ${ruleLink(d.rule)}</p>
    <div class="options">${buttons}</div>
    ${d.hint ? `<p class="hint">${esc(d.hint)}</p>` : ""}`;
}

function ruleLink(rule) {
  return rule ? `<a class="rule" href="/api/rules/${esc(rule)}" data-rule="${esc(rule)}">${esc(rule)}</a>` : "";
}

let fullLog = null;

function logHtml(lines) {
  return lines.slice(-400).map((e) => {
    const folded = e.folded ? `<span class="folded" title="${e.folded} entries folded (passes, empty steps)">…</span>` : "";
    return `<li class="log-${esc(e.kind || "event")}">${folded}<span class="turn">T${e.turn}</span> ${ruleLink(e.rule)} ${Mana.symbols(e.text)}</li>`;
  }).join("");
}

function renderLog() {
  const lines = $("full-log").checked && fullLog ? fullLog : table.log;
  const log = $("log");
  log.innerHTML = logHtml(lines);
  const size = table.log_size;
  if (size !== lastLogSize) log.scrollTop = log.scrollHeight;
  lastLogSize = size;
}

async function loadFullLog() {
  if (!$("full-log").checked) {
    fullLog = null;
    return renderLog();
  }
  const headers = token ? { "x-karn-token": token } : {};
  const res = await fetch(`/api/games/${gameId}/log`, { headers });
  if (res.ok) fullLog = await res.json();
  renderLog();
  $("log").scrollTop = $("log").scrollHeight;
}

// ---------------------------------------------------------------- targeting arrows

function elementOf(ref) {
  if (ref.player != null) return document.querySelector(`.player[data-player="${ref.player}"] .life`);
  return document.querySelector(`#board .card[data-id="${ref.id}"]:not(.stack-item)`) ||
    document.querySelector(`#stack .card[data-id="${ref.id}"]`);
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
  for (const s of table.seats) {
    for (const p of s.creatures) {
      for (const a of p.blocking || []) arrows.push([elementOf({ id: p.id }), elementOf({ id: a }), "block"]);
    }
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
  const all = [...table.stack, ...(table.known || []), ...table.seats.flatMap((p) => [...p.hand, ...p.lands, ...p.creatures, ...p.others, ...p.graveyard, ...p.exile])];
  return all.find((c) => c.id === id);
}

function showCardTip(el, ev) {
  const c = findCard(Number(el.dataset.id));
  if (!c) return;
  const tip = $("card-tip");
  const pt = c.power != null ? `<div class="tip-pt">${esc(c.power)}/${esc(c.toughness)}</div>` : "";
  const kw = c.keywords && c.keywords.length ? `<div class="tip-kw">${esc(c.keywords.join(", "))}</div>` : "";
  const state = [c.tapped ? "tapped" : "", c.sick ? "summoning sick" : "", c.token ? "token" : "",
    c.attacking ? `attacking ${c.attacking}` : "", c.controller_name ? `controlled by ${c.controller_name}` : "",
    c.attached_to != null ? `attached to ${(findCard(c.attached_to) || { name: "#" + c.attached_to }).name} (#${c.attached_to})` : "",
    c.attachments && c.attachments.length ? `with ${c.attachments.map((a) => (findCard(a) || { name: "#" + a }).name).join(", ")}` : ""].filter(Boolean).join(" · ");
  const targets = c.targets && c.targets.length ? `<div class="tip-kw">targets: ${esc(c.targets.map((x) => x.name).join(", "))}</div>` : "";
  tip.innerHTML = `<div class="tip-head"><b>${esc(c.name)}</b> <span>${Mana.symbols(c.mana_cost || "")}</span></div>
    <div class="tip-type">${esc(c.type_line || "")}</div>
    <div class="tip-text">${Mana.symbols(c.text || "").replaceAll("\n", "<br>")}</div>${kw}${targets}${pt}
    ${state ? `<div class="tip-state">${esc(state)}</div>` : ""}`;
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
      ? `<b>${esc(rule)}</b> ${esc(data.text).replaceAll("\n", "<br>")}${(data.examples || []).map((x) => `<div class="example">${esc(x)}</div>`).join("")}`
      : `<b>${esc(rule)}</b> ${esc(data.error ? data.error.message : "not found")}`;
  } catch (e) {
    tip.innerHTML = `<b>${esc(rule)}</b> (the rule's text could not be loaded)`;
  }
  placeTip(tip, ev);
}

function showZone(player, zone) {
  const p = seat(player);
  const box = $("zone-view");
  box.querySelector("h3").textContent = `${p.name}: ${zone} (${p[zone].length})${zone === "graveyard" ? ", top first" : ""}`;
  box.querySelector(".cards").innerHTML = p[zone].map((c) => cardHtml(c)).join("") || '<span class="empty">empty</span>';
  box.hidden = false;
}

function cardMenu(el, options, ev) {
  const menu = $("menu");
  menu.innerHTML = options.map((o) => `<button class="option" data-option="${esc(o.id)}">${Mana.symbols(o.label)}</button>`).join("");
  menu.hidden = false;
  placeTip(menu, ev);
}

// A two-step option (a blocker's attacker): its choices as a menu.
function choiceMenu(o, ev) {
  const menu = $("menu");
  menu.innerHTML = `<div class="menu-title">${Mana.symbols(o.label)}</div>` + o.choices.map((c) =>
    `<button class="option" data-option="${esc(o.id)}" data-choice="${esc(c.id)}"><kbd>${esc(c.key)}</kbd> ${Mana.symbols(c.label)}</button>`).join("");
  menu.hidden = false;
  placeTip(menu, ev);
}

// ---------------------------------------------------------------- events

document.addEventListener("click", (ev) => {
  const opt = ev.target.closest("[data-option]");
  if (opt) {
    $("menu").hidden = true;
    const o = option(opt.dataset.option);
    if (opt.dataset.choice) choose(opt.dataset.option, opt.dataset.choice);
    else if (o && o.choices && o.choices.length > 1 && !o.selected) choiceMenu(o, ev);
    else choose(opt.dataset.option);
    return;
  }
  const rule = ev.target.closest("a.rule");
  if (rule) return showRule(rule, ev);
  const zone = ev.target.closest(".zone-button");
  if (zone) return showZone(Number(zone.dataset.player), zone.dataset.zone);
  if (ev.target.closest("#zone-view .close") || ev.target.id === "zone-view") {
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
    if (options.length === 1 && options[0].choices && options[0].choices.length > 1 && !options[0].selected) choiceMenu(options[0], ev);
    else if (options.length === 1) choose(options[0].id);
    else if (options.length > 1) cardMenu(card, options, ev);
  }
});

document.addEventListener("mouseover", (ev) => {
  const card = ev.target.closest(".card, .known-card");
  if (card) showCardTip(card, ev);
});
document.addEventListener("mousemove", (ev) => {
  const tip = $("card-tip");
  if (!tip.hidden) placeTip(tip, ev);
});
document.addEventListener("mouseout", (ev) => {
  if (ev.target.closest(".card, .known-card")) $("card-tip").hidden = true;
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
    if (option("cancel")) choose("cancel");
  } else if (table.prompt && /^[a-z0-9]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    const o = table.prompt.options.find((x) => x.key === ev.key);
    if (o) document.querySelector(`#prompt [data-option="${CSS.escape(o.id)}"]`).click();
  }
});

$("full-log").addEventListener("change", () => table && loadFullLog());
$("auto-pay").addEventListener("change", (ev) => setSetting("auto_pay", ev.target.checked));
$("show-mana").addEventListener("change", (ev) => setSetting("show_mana_abilities", ev.target.checked));
window.addEventListener("resize", () => requestAnimationFrame(drawArrows));

if (!spectating && !token) {
  setStatus("this link has no seat token: watching instead", "warn");
}
connect();
