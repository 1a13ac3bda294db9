// harborgames page: lobby, game tables, replays. Plain JS, no build step, nothing fetched from
// elsewhere. Every value from the server goes in through textContent / setAttribute, never
// innerHTML, so a name or a move can never become markup.
"use strict";

const SEAT_COLOURS = ["#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98"];
const SVGNS = "http://www.w3.org/2000/svg";
let pollTimer = null;
let redraw = null; // draws the current page again (after a resize across the phone width)
let textViewOpen = false; // the "text view" stays open across redraws
const NARROW = 700; // px: below this the Gdańsk map is drawn upright

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Paths are relative to the page ("/api/meta" is asked as "api/meta"), so the app works the same
// when another app mounts it under a prefix such as /games/.
function local(path) {
  return path.replace(/^\//, "");
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(local(path), options);
  let data;
  try { data = await response.json(); } catch { data = { error: `HTTP ${response.status}` }; }
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function show(...nodes) {
  const main = document.getElementById("main");
  main.replaceChildren(...nodes);
}

function goods(counts) {
  const entries = Object.entries(counts || {});
  if (!entries.length) return el("span", { class: "muted" }, "none");
  return el("span", { class: "chips" }, entries.map(([name, n]) => el("span", {}, `${n} ${name}`)));
}

function seatName(view, seat) {
  if (view.steps !== undefined) return seat === view.seat ? `P${seat} (this view)` : `P${seat}`; // a replay
  const info = (view.seats || [])[seat];
  const who = info && info.bot ? info.bot : (seat === view.seat ? "you" : "person");
  return `P${seat} (${who})`;
}

function textView(view) {
  return el("details", { open: textViewOpen, ontoggle: (e) => { textViewOpen = e.target.open; } },
    el("summary", {}, "text view"), el("pre", { id: "render" }, view.render));
}

// -- lobby ---------------------------------------------------------------------------------
function savedGames() {
  try { return JSON.parse(localStorage.getItem("harborgames.games") || "[]"); } catch { return []; }
}

function saveGame(entry) {
  const games = savedGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  localStorage.setItem("harborgames.games", JSON.stringify(games.slice(0, 30)));
}

async function lobby() {
  redraw = null;
  const meta = await api("GET", "/api/meta");
  const gameSelect = el("select", { id: "game", name: "game" },
    meta.games.map((g) => el("option", { value: g.name }, g.title)));
  const players = el("select", { id: "players" });
  const variant = el("select", { id: "variant" });
  // Left empty, the server draws the seed and tells it only at the end: whoever knows the seed
  // knows every face-down card and every roll to come.
  // Text, not a number input: a JavaScript number keeps 53 bits, a seed has 63, and the seed is
  // sent as its digits so that it arrives exact.
  const seed = el("input", { id: "seed", type: "text", inputmode: "numeric", pattern: "[0-9]*", placeholder: "random, kept secret" });
  const seats = el("div", { id: "seats" });
  const error = el("p", { class: "error", id: "lobby-error" });
  const links = el("div", { id: "links" });

  function refreshSeats() {
    const count = Number(players.value);
    const rows = [];
    for (let seat = 0; seat < count; seat++) {
      const choice = el("select", { "data-seat": seat, class: "seat-choice" },
        el("option", { value: "" }, "person"),
        meta.bots.map((b) => el("option", { value: b }, `bot: ${b}`)));
      if (seat > 0) choice.value = "random";
      rows.push(el("label", {}, `Seat ${seat}: `, choice));
    }
    seats.replaceChildren(...rows);
  }
  function refreshGame() {
    const info = meta.games.find((g) => g.name === gameSelect.value);
    const options = [];
    for (let n = info.min_players; n <= info.max_players; n++) options.push(el("option", { value: n }, n));
    players.replaceChildren(...options);
    players.value = String(Math.max(info.min_players, Math.min(2, info.max_players)));
    variant.replaceChildren(...info.variants.map((v) => el("option", { value: v }, v)));
    refreshSeats();
  }
  gameSelect.addEventListener("change", refreshGame);
  players.addEventListener("change", refreshSeats);
  refreshGame();

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    const bots = {};
    for (const choice of seats.querySelectorAll("select")) {
      if (choice.value) bots[choice.dataset.seat] = choice.value;
    }
    try {
      const created = await api("POST", "/api/games", {
        game: gameSelect.value, players: Number(players.value), variant: variant.value,
        seed: seed.value.trim() === "" ? null : seed.value.trim(), bots,
      });
      const title = gameSelect.options[gameSelect.selectedIndex].textContent;
      saveGame({ id: created.id, title, tokens: created.tokens, when: new Date().toISOString() });
      refreshMine();
      const seatsOf = Object.entries(created.tokens);
      if (seatsOf.length === 1) {
        location.hash = `#/game/${created.id}/${seatsOf[0][1]}`;
        return;
      }
      // Several people: each gets their own seat's link (the token is that seat's secret).
      links.replaceChildren(el("div", { class: "card", id: "seat-links" },
        el("h2", {}, `Game ${created.id}: one link per person`),
        seatsOf.map(([seat, token]) => el("p", {}, el("a", { href: `#/game/${created.id}/${token}` }, `seat ${seat}`),
          el("span", { class: "muted" }, ` ${location.origin}${location.pathname}#/game/${created.id}/${token}`)))));
    } catch (e) {
      error.textContent = e.message;
    }
  }

  const mine = el("div", { id: "mine" });
  function refreshMine() {
    const games = savedGames();
    mine.replaceChildren(games.length
      ? el("ul", {}, games.map((g) => el("li", {}, `${g.title} ${g.id}: `,
        Object.entries(g.tokens).map(([seat, token]) => el("a", { href: `#/game/${g.id}/${token}` }, `seat ${seat} `)))))
      : el("p", { class: "muted" }, "none yet"));
  }
  refreshMine();
  show(
    el("h1", {}, "New game"),
    el("form", { class: "card", id: "lobby", onsubmit: create },
      el("label", {}, "Game: ", gameSelect),
      el("label", {}, "Players: ", players),
      el("label", {}, "Variant: ", variant),
      el("label", {}, "Seed: ", seed),
      el("h2", {}, "Seats"), seats,
      el("button", { type: "submit", class: "primary", id: "start" }, "Start game"),
      error),
    links,
    el("h2", {}, "Your games in this browser"),
    mine);
}

// -- a game table ---------------------------------------------------------------------------
async function gamePage(id, token) {
  const view = await api("GET", `/api/games/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`);
  drawGame(view, token, "");
}

function drawGame(view, token, refusal, typedText) {
  clearTimeout(pollTimer);
  redraw = () => drawGame(view, token, refusal, typed.value);
  const error = el("p", { class: "error", id: "refusal" }, refusal);
  async function play(action) {
    for (const b of document.querySelectorAll("button.action")) b.disabled = true;
    try {
      const next = await api("POST", `/api/games/${encodeURIComponent(view.id)}/actions`, { token, action });
      drawGame(next, token, "");
    } catch (e) {
      drawGame(view, token, e.message, typed.value); // a refused typed move stays to be corrected
    }
  }
  const typed = el("input", { id: "typed", placeholder: "or type a move", size: 18, value: typedText || "" });
  const side = el("div", { class: "side" },
    el("div", { class: "card" },
      el("p", { class: "status", id: "status" }, statusText(view)),
      scoresLine(view),
      error,
      view.forced.length ? el("p", { class: "muted", id: "forced" }, "forced: ", view.forced.join("; ")) : null,
      el("div", { class: "actions", id: "actions" },
        view.groups.map((g) => el("div", { class: "group" },
          el("h3", {}, g.label),
          g.actions.map((a) => el("button", { class: "action", "data-action": a, onclick: () => play(a) }, a))))),
      view.over || view.current_player !== view.seat ? null :
        el("form", { onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) play(typed.value.trim()); } },
          typed, " ", el("button", { type: "submit" }, "play"))),
    el("div", { class: "card" },
      el("h2", {}, `Moves (${view.log.length})`),
      logList(view.log, null),
      // The record holds the seed, so the server gives it only once the game is over.
      view.over ? el("p", {},
        el("a", { href: local(`/api/games/${encodeURIComponent(view.id)}/record`), download: `${view.game}-${view.id}.json` }, "game record"),
        " · ", el("a", { href: "#", id: "open-replay", onclick: (e) => { e.preventDefault(); replayOf(view.id, token, error); } }, "replay it")) : null));
  const seed = view.seed_text === null ? "" : ` · seed ${view.seed_text}`;
  const title = `${view.title}${view.variant && view.game === "lehavre" ? ` (${view.variant})` : ""} · game ${view.id}${seed} · you are ${seatName(view, view.seat)}`;
  show(
    el("h1", {}, title),
    el("div", { class: "layout" },
      el("div", { id: "table" }, drawTable(view), textView(view)),
      side));
  const log = document.querySelector(".log");
  if (log) log.scrollTop = log.scrollHeight;
  if (!view.over && view.current_player !== view.seat) poll(view, token, 2000);
}

// While another seat decides, ask every 2 s; redraw only when something changed, and keep
// asking through an error (the server restarting, say), more slowly.
function poll(view, token, delay) {
  pollTimer = setTimeout(async () => {
    if (!location.hash.startsWith(`#/game/${view.id}/`)) return;
    try {
      const next = await api("GET", `/api/games/${encodeURIComponent(view.id)}?token=${encodeURIComponent(token)}`);
      if (!location.hash.startsWith(`#/game/${view.id}/`)) return;
      if (next.log.length === view.log.length && next.current_player === view.current_player && next.over === view.over) poll(view, token, 2000);
      else drawGame(next, token, "");
    } catch {
      poll(view, token, 5000); // keep the table as it is
    }
  }, delay);
}

function statusText(view) {
  if (view.over) {
    const won = (view.winners || []).map((s) => seatName(view, s)).join(", ");
    return `Game over. Winner${view.winners.length > 1 ? "s" : ""}: ${won}`;
  }
  if (view.current_player === view.seat) return "Your decision";
  return `Waiting for ${seatName(view, view.current_player)}`;
}

function scoresLine(view) {
  return el("p", { class: "scores", id: "scores", "data-scores": JSON.stringify(view.scores) },
    "Scores: ", view.scores.map((s, seat) => `P${seat} ${s === null ? "?" : s}`).join(" · "));
}

function logList(log, current) {
  return el("ol", { class: "log", id: "log" }, log.map((m, i) =>
    el("li", { class: i + 1 === current ? "current" : null },
      `P${m.seat}: ${m.move}`)));
}

async function replayOf(id, token, error) {
  try {
    const record = await api("GET", `/api/games/${encodeURIComponent(id)}/record`);
    const created = await api("POST", "/api/replays", record);
    location.hash = `#/replay/${created.id}/0`;
  } catch (e) {
    error.textContent = e.message;
  }
}

// -- replays --------------------------------------------------------------------------------
function replayForm() {
  redraw = null;
  const text = el("textarea", { id: "record", rows: 10, cols: 70, placeholder: "paste a game record (JSON)" });
  const error = el("p", { class: "error", id: "replay-error" });
  async function submit(event) {
    event.preventDefault();
    try {
      const created = await api("POST", "/api/replays", text.value);
      location.hash = `#/replay/${created.id}/0`;
    } catch (e) { error.textContent = e.message; }
  }
  show(el("h1", {}, "Replay a game record"),
    el("form", { class: "card", onsubmit: submit }, text, el("br"), el("button", { class: "primary", type: "submit" }, "Replay"), error));
}

async function replayPage(id, step, seat) {
  const view = await api("GET", `/api/replays/${encodeURIComponent(id)}?step=${step}&seat=${seat}`);
  drawReplay(view, id, step, seat);
}

function drawReplay(view, id, step, seat) {
  redraw = () => drawReplay(view, id, step, seat);
  const go = (n) => { location.hash = `#/replay/${id}/${Math.max(0, Math.min(view.steps, n))}/${seat}`; };
  const seats = el("select", { id: "replay-seat", onchange: (e) => { location.hash = `#/replay/${id}/${step}/${e.target.value}`; } },
    Array.from({ length: view.num_players }, (_, s) => el("option", { value: s, selected: s === view.seat }, `table as P${s} saw it`)));
  const bar = el("div", { class: "replaybar card" },
    el("button", { id: "first", onclick: () => go(0) }, "« start"),
    el("button", { id: "back", onclick: () => go(view.step - 1), disabled: view.step === 0 }, "‹ back"),
    el("span", { id: "step" }, `move ${view.step} of ${view.steps}`),
    el("button", { id: "forward", onclick: () => go(view.step + 1), disabled: view.step === view.steps }, "forward ›"),
    el("button", { id: "last", onclick: () => go(view.steps) }, "end »"),
    seats);
  const move = view.step > 0 ? view.log[view.step - 1] : null;
  show(
    el("h1", {}, `Replay: ${view.title} · ${view.num_players} players · seed ${view.seed_text}`),
    bar,
    el("div", { class: "layout" },
      el("div", { id: "table" }, drawTable(view), textView(view)),
      el("div", { class: "side" }, el("div", { class: "card" },
        el("p", { class: "status" }, move ? `last move: P${move.seat} ${move.move}` : "the start", view.over ? " · game over" : ""),
        scoresLine(view),
        view.forced.length ? el("p", { class: "muted" }, "forced: ", view.forced.join("; ")) : null,
        logList(view.log, view.step)))));
  const current = document.querySelector(".log li.current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// -- tables ---------------------------------------------------------------------------------
function drawTable(view) {
  const t = view.table;
  if (t.kind === "inland_port") return inlandPort(view, t);
  if (t.kind === "gdansk") return gdansk(view, t);
  if (t.kind === "lehavre") return leHavre(view, t);
  return el("p", {}, "no picture for this game; see the text view");
}

function playerCard(view, seat, ...children) {
  return el("div", { class: `card player seat-${seat}${seat === view.seat ? " you" : ""}`, "data-seat": seat }, children);
}

function inlandPort(view, t) {
  const header = el("div", { class: "card" },
    t.round ? `Round ${t.round}: ${t.actions_left} of ${t.round_actions} actions left · phase ${t.phase}` : "Game over",
    t.pending ? el("div", {}, `Waiting: ${t.pending}`) : null);
  const players = t.players.map((p) => playerCard(view, p.seat,
    el("h3", {}, `${seatName(view, p.seat)} · ${p.board} board · ${p.francs} Francs · wealth ${p.wealth}`),
    el("div", { class: "boards" },
      warehouse(t, p), wheel(p)),
    p.beside.length ? el("div", {}, "Beside the board: ", p.beside.join(", ")) : null));
  const supply = el("div", { class: "card", id: "available" }, el("h2", {}, "Buildings for sale"),
    t.available.length ? el("div", { class: "chips" }, t.available.map((b) => el("span", {}, `${b.name} (${b.cost})`))) : "none");
  return el("div", {}, header, el("div", { class: "players" }, players), supply);
}

function warehouse(t, p) {
  const cell = 34;
  const rows = t.top_row + 1;
  const nodes = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < t.columns; col++) {
      const value = (t.top_row - row) * t.columns + col;
      const x = 30 + col * cell;
      const y = 8 + row * cell;
      nodes.push(svg("rect", { x, y, width: cell - 2, height: cell - 2, fill: "#fff", stroke: "#99a" }));
      const here = Object.entries(p.goods).filter(([, n]) => n === value).map(([name]) => name);
      nodes.push(svg("text", { x: x + 2, y: y + 8, "font-size": 7, fill: "#99a" }, value));
      // Up to four goods share a value: one letter alone fills the cell, more sit two by two.
      here.forEach((name, k) => {
        const alone = here.length === 1;
        const gx = alone ? x + cell / 2 - 1 : x + 11 + (k % 2) * 12;
        const gy = alone ? y + 24 : y + 20 + Math.floor(k / 2) * 11;
        nodes.push(svg("text", { x: gx, y: gy, "font-size": alone ? 14 : 10, "text-anchor": "middle", "font-weight": 700, fill: GOOD_COLOURS[name] || "#000", class: "good", "data-good": name }, t.letters[name]));
      });
    }
    nodes.push(svg("text", { x: 24, y: 8 + row * cell + 21, "font-size": 10, "text-anchor": "end" }, (t.top_row - row) * t.columns));
  }
  const width = 30 + t.columns * cell + 4;
  return el("figure", { class: "plain" },
    svg("svg", { class: "warehouse", width, height: 12 + rows * cell, viewBox: `0 0 ${width} ${12 + rows * cell}`, role: "img", "aria-label": "warehouse" }, nodes),
    el("figcaption", { class: "muted" }, Object.entries(p.goods).map(([g, n]) => `${g} ${n}`).join(", ")));
}

const GOOD_COLOURS = { fish: "#1f618d", clay: "#a04000", wood: "#1e8449", grain: "#9a7d0a" };

// The building wheel: five sectors, each with its buildings (three names at most fit in a
// sector; the full list of every sector is written under the wheel).
function wheel(p) {
  const r = 100, cx = 105, cy = 105;
  const nodes = [svg("circle", { cx, cy, r, fill: "#fdf6e3", stroke: "#886" })];
  const count = p.wheel.length;
  p.wheel.forEach((sector, i) => {
    const a0 = (i / count) * 2 * Math.PI - Math.PI / 2;
    nodes.push(svg("line", { x1: cx, y1: cy, x2: cx + r * Math.cos(a0), y2: cy + r * Math.sin(a0), stroke: "#886" }));
    const mid = a0 + Math.PI / count;
    const lx = cx + (r - 13) * Math.cos(mid), ly = cy + (r - 13) * Math.sin(mid) + 4;
    nodes.push(svg("text", { x: lx, y: ly, "font-size": 12, "font-weight": 700, "text-anchor": "middle" }, sector.sector));
    const names = sector.buildings.length <= 3 ? sector.buildings
      : [...sector.buildings.slice(0, 2), `+${sector.buildings.length - 2} more`];
    names.forEach((name, k) => {
      // Names in the sectors on the left and right sit further in, clear of the sector's number.
      const at = Math.abs(Math.cos(mid)) > 0.9 ? 0.44 * r : 0.52 * r;
      const tx = cx + at * Math.cos(mid), ty = cy + at * Math.sin(mid) + 3 + (k - (names.length - 1) / 2) * 11.5;
      const short = name.length > 13 ? `${name.slice(0, 12)}…` : name;
      nodes.push(svg("text", { x: tx, y: ty, "font-size": 8.5, "text-anchor": "middle", class: "wheel-building" }, svg("title", {}, name), short));
    });
  });
  const listed = p.wheel.filter((sector) => sector.buildings.length);
  return el("figure", { class: "plain wheel-figure" },
    svg("svg", { class: "wheel", width: 210, height: 210, viewBox: "0 0 210 210", role: "img", "aria-label": "building wheel" }, nodes),
    el("figcaption", { class: "muted wheel-list" }, listed.length
      ? listed.map((sector) => el("div", {}, el("b", {}, `${sector.sector}: `), sector.buildings.join(", ")))
      : "no buildings on the wheel"));
}

// Places for boxes of these widths (and one height) around an ellipse, clockwise from the top:
// each gets a stretch of the ellipse as long as the box is along it (its width where the ring
// runs across, its height where it runs down), so a wide box is never squeezed by its neighbours.
function ringPlaces(rx, ry, widths, height) {
  const n = 720, points = [], arc = [0];
  for (let k = 0; k <= n; k++) {
    const a = (2 * Math.PI * k) / n - Math.PI / 2;
    points.push([rx * Math.cos(a), ry * Math.sin(a)]);
    if (k) arc.push(arc[k - 1] + Math.hypot(points[k][0] - points[k - 1][0], points[k][1] - points[k - 1][1]));
  }
  const perimeter = arc[n];
  const at = (s) => { // the point and the unit tangent at arc length s
    s = ((s % perimeter) + perimeter) % perimeter;
    let k = 0;
    while (k < n - 1 && arc[k + 1] <= s) k++;
    const [x0, y0] = points[k], [x1, y1] = points[k + 1], length = arc[k + 1] - arc[k];
    const f = (s - arc[k]) / length;
    return [x0 + f * (x1 - x0), y0 + f * (y1 - y0), (x1 - x0) / length, (y1 - y0) / length];
  };
  let places = widths.map((_, i) => (i * perimeter) / widths.length);
  for (let round = 0; round < 4; round++) {
    const need = places.map((s, i) => { const [, , tx, ty] = at(s); return Math.abs(tx) * widths[i] + Math.abs(ty) * height; });
    const total = need.reduce((a, b) => a + b, 0);
    let along = 0;
    places = need.map((length) => { const s = along + ((length - need[0]) / 2) * (perimeter / total); along += length * (perimeter / total); return s; });
  }
  return places.map((s) => at(s).slice(0, 2));
}

function orderText(order) {
  const needs = Object.entries(order.requires).map(([good, n]) => `${n} ${good}`).join(" + ");
  return `${needs || "nothing"} for ${order.vp} VP${order.bonus ? `, bonus ${order.bonus}` : ""}`;
}

const SECTOR_FILL = { blue: "#5dade2", purple: "#a569bd", green: "#58d68d", brown: "#ca8a5b" };

function gdansk(view, t) {
  // Upright on a phone (the ring as a tall ellipse, narrower quays), wide on a larger screen.
  const upright = window.innerWidth < NARROW;
  const g = upright
    ? { w: 400, h: 760, rx: 150, ry: 330, quay: 44, central: 96 }
    : { w: 760, h: 560, rx: 312, ry: 225, quay: 70, central: 110 };
  const cx = g.w / 2, cy = g.h / 2, bh = 56;
  const ring = t.locations.filter((l) => !l.central_port);
  const width = (loc) => (loc.central_port ? g.central : Math.max(g.quay + 4, g.quay * loc.quays.length));
  const pos = {};
  ringPlaces(g.rx, g.ry, ring.map(width), bh).forEach(([x, y], i) => { pos[ring[i].id] = [cx + x, cy + y]; });
  for (const loc of t.locations) if (loc.central_port) pos[loc.id] = [cx, cy];
  const nodes = t.edges.map(([a, b]) => svg("line", { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1], stroke: "#7f9fb5", "stroke-width": 2 }));
  for (const loc of t.locations) {
    const [x, y] = pos[loc.id];
    const bw = width(loc), top = y - bh / 2;
    const group = svg("g", { class: "location", "data-location": loc.id });
    group.append(svg("rect", { x: x - bw / 2, y: top, width: bw, height: bh, rx: 8, fill: loc.central_port ? (t.central_port_open ? "#f9e79f" : "#fff") : "#fff", stroke: "#345" }));
    if (loc.central_port) group.append(svg("text", { x, y: y - 6, "text-anchor": "middle", "font-size": 12, "font-weight": 700 }, "Central Port"));
    loc.quays.forEach((q, k) => {
      const qx = x - bw / 2 + 4 + k * (bw / loc.quays.length);
      const qw = bw / loc.quays.length - 8;
      const quay = svg("g", { class: "quay", "data-quay": q.number });
      quay.append(svg("title", {}, `quay ${q.number} ${q.name} (${q.sector})${q.order ? `: Order ${orderText(q.order)}` : ""}`));
      quay.append(svg("rect", { x: qx, y: top + 4, width: qw, height: 14, rx: 3, fill: SECTOR_FILL[q.sector] || "#ccc" }));
      quay.append(svg("text", { x: qx + 3, y: top + 15, "font-size": 10, "font-weight": 700 }, `${q.number}`));
      if (q.order) quay.append(svg("text", { x: qx + 1, y: top + 29, "font-size": 9, class: "order" }, `${q.order.id} ${q.order.vp}VP`));
      q.markers.forEach((seat, m) => quay.append(svg("rect", { x: qx + 1 + m * 10, y: top + 33, width: 8, height: 8, fill: SEAT_COLOURS[seat], class: "marker", "data-seat": seat })));
      group.append(quay);
    });
    loc.meeples.forEach((seat, m) => {
      const hold = Object.entries(t.players[seat].hold).map(([good, n]) => `${n} ${good}`).join(", ") || "empty";
      group.append(svg("circle", { cx: x - bw / 2 + 9 + m * 13, cy: top + bh - 8, r: 5.5, fill: SEAT_COLOURS[seat], stroke: "#000", class: "meeple", "data-seat": seat },
        svg("title", {}, `P${seat}'s ship; hold: ${hold}`)));
    });
    group.append(svg("text", { x: x + bw / 2 - 4, y: top + bh - 4, "font-size": 9, "text-anchor": "end", fill: "#567" }, loc.id));
    nodes.push(group);
  }
  const map = svg("svg", { class: "map", viewBox: `0 0 ${g.w} ${g.h}`, role: "img", "aria-label": "board map" }, nodes);
  const orders = t.locations.flatMap((l) => l.quays).filter((q) => q.order);
  const orderList = el("div", { id: "order-list", class: "muted" }, "Order tokens on the board: ",
    orders.length ? orders.flatMap((q, k) => [k ? "; " : "", el("b", {}, q.order.id), ` at quay ${q.number}: ${orderText(q.order)}`]) : "none");
  const dice = el("div", { class: "card", id: "dice" }, el("h2", {}, "Dice"),
    t.dice.faces.length
      ? [el("div", { class: "dice" }, t.dice.faces.map((f) => el("span", {}, f))),
        el("div", { class: "muted" }, `roll ${t.dice.rolls} · loading ${t.dice.loading}, movement ${t.dice.movement}, recruitment ${t.dice.recruitment}`)]
      : el("span", { class: "muted" }, "not rolled yet"),
    el("div", { class: "muted legend" }, "L loading, M movement, R recruitment; the number is the symbols"));
  const board = el("div", { class: "card" },
    el("div", {}, `Round ${t.round} · phase ${t.phase}${t.end_triggered ? " · last round" : ""} · components: ${t.components}`),
    el("div", {}, "Unloading zone: ", goods(t.supply)),
    el("div", { id: "orders" }, `Order tokens: ${t.order_stack.size} in the stack (top ${t.order_stack.top || "-"})`,
      t.boxed_orders.length ? `; boxed ${t.boxed_orders.join(", ")}` : ""),
    el("div", {}, `Port deck: ${t.deck_size} cards · Central Port card ${t.central_port_open ? "out" : "not out"}`),
    el("div", {}, "Cruise ships left: ", Object.entries(t.cruise_piles).map(([s, n]) => `${s} ${n}`).join(", ")),
    t.removed_sector ? el("div", {}, `Colour sitting out: ${t.removed_sector}`) : null);
  const hr = el("div", { class: "card", id: "hr-panel" }, el("h2", {}, "HR panel"),
    el("div", { class: "muted" }, `swap a marker: ${t.hr_panel.swap_cost} workers · place beside another: ${t.hr_panel.place_cost} workers`),
    el("table", { class: "grid" }, el("tr", {}, el("th", {}, "player"), el("th", {}, "workers"), el("th", {}, "markers in stock"), el("th", {}, "on quays")),
      t.players.map((p) => el("tr", {}, el("td", {}, `P${p.seat}`), el("td", {}, p.workers), el("td", {}, p.markers_in_stock), el("td", {}, p.markers_on_board.join(" ") || "-")))));
  const players = t.players.map((p) => playerCard(view, p.seat,
    el("h3", {}, `${seatName(view, p.seat)}${p.first ? " · first player" : ""}`),
    el("div", {}, `${p.track} VP on the track; at the end +`, el("span", { class: "final" }, p.final_points === null ? "?" : p.final_points)),
    el("div", {}, `ship at ${p.location || "-"} · workers ${p.workers}`),
    el("div", {}, "hold: ", goods(p.hold)),
    el("div", {}, "bonuses: ", goods(p.bonus)),
    el("div", {}, "orders: ", p.orders.join(", ") || "-"),
    el("div", {}, "Port cards: ", p.port_cards.map((c) => `${c.quay} ${c.sector}`).join(", ") || "-"),
    el("div", { class: "cruise" }, "cruise ships: ", p.cruise_ships.map((c) => `${c.size} ${c.vp === null ? "?" : c.vp}`).join(", ") || "-")));
  return el("div", {}, el("div", { class: "card" }, map, orderList), el("div", { class: "players" }, dice, board, hr), el("div", { class: "players" }, players));
}

// A building: its name, value, cost and entry fee; tap (or click) it for what it does.
function building(b) {
  const fee = b.fee && b.fee !== "—" ? ` · fee ${b.fee}` : "";
  return el("details", { class: `building${b.special ? " special" : ""}`, "data-building": b.id },
    el("summary", { title: b.text },
      b.special ? el("span", { class: "tag", title: "special building" }, "special") : null,
      b.name,
      el("span", { class: "muted" }, ` · value ${b.value}${b.cost ? ` · costs ${b.cost}` : ""}${fee}`),
      b.occupants.map((seat) => el("span", { class: `occupant bg-${seat}`, "data-seat": seat }, `P${seat}`))),
    el("div", { class: "text" }, b.text));
}

function specialDeck(view, specials) {
  if (!specials.face_down) return null;
  // Top first: "?" where this seat has not looked; another seat that looked there is named.
  return el("div", { id: "special-deck" }, el("h3", {}, `Special buildings face down: ${specials.face_down}`),
    el("ol", { class: "deck" }, specials.deck.map((card) => el("li", { class: card.name ? "seen" : null },
      card.name ? `${card.name} (seen with the Marketplace)` : "?",
      card.known_to.length ? el("span", { class: "muted" }, ` · known to ${card.known_to.map((s) => `P${s}`).join(", ")}`) : null))));
}

function leHavre(view, t) {
  const card = t.round_card;
  const head = el("div", { class: "card" },
    el("div", {}, `${t.variant} game · round ${Math.min(t.round, t.rounds)} of ${t.rounds} · turn ${t.turn} of 7 · phase ${t.phase}`,
      t.final_turns ? ` · ${t.final_turns} final actions left` : ""),
    card ? el("div", { id: "round-card" }, el("b", {}, `Round card ${card.card}`),
      `: food ${card.food}${card.harvest ? " · harvest" : " · no harvest"} · ship ${card.ship} (${card.ship_name}) · the town builds ${card.town_builds === "none" ? "nothing" : `a ${card.town_builds} building`}`) : null);
  const offers = el("div", { class: "card" }, el("h2", {}, "Offer spaces"),
    el("div", { class: "offers", id: "offers" }, t.offers.map((o) => el("div", { class: "offer" }, el("b", {}, o.count), o.good))),
    el("h2", {}, "Supply track"),
    el("div", { class: "track", id: "supply-track" }, t.supply_track.map((s) => el("span", { class: s.current ? "current" : null }, s.tile))));
  const piles = el("div", { class: "card" }, el("h2", {}, "Building proposals"),
    el("div", { class: "piles", id: "proposals" }, t.proposals.map((pile, k) =>
      el("div", {}, el("h3", {}, `Pile ${k + 1}`), pile.length ? pile.map(building) : el("span", { class: "muted" }, "empty")))));
  const specialsBuilt = t.town.filter((b) => b.special);
  const town = el("div", { class: "card", id: "town" }, el("h2", {}, "Town"),
    t.town.filter((b) => !b.special).map(building),
    specialsBuilt.length ? [el("h3", {}, "Special buildings in the town"), el("div", { id: "town-specials" }, specialsBuilt.map(building))] : null,
    specialDeck(view, t.specials),
    el("h3", {}, "Ships for sale"), t.ships_for_sale.length ? t.ships_for_sale.map((s) => el("div", {}, `${s.type} ${s.value} (${s.left} left)`)) : el("span", { class: "muted" }, "none"));
  const players = t.players.map((p) => playerCard(view, p.seat,
    el("h3", {}, `${seatName(view, p.seat)} · ${p.francs} Francs · ${p.loans} loans · wealth ${p.wealth}`),
    el("div", {}, `person at ${p.location || "home"}${p.food_due !== null ? ` · owes ${p.food_due} food` : ""}`),
    el("div", {}, "goods: ", goods(p.goods)),
    el("div", {}, el("b", {}, "buildings: "), p.buildings.length ? p.buildings.map(building) : "none"),
    el("div", {}, "ships: ", p.ships.map((s) => `${s.card} ${s.type} ${s.value}`).join(", ") || "none")));
  return el("div", {}, head, offers, el("div", { class: "players" }, piles, town), el("div", { class: "players" }, players));
}

// -- routing --------------------------------------------------------------------------------
async function route() {
  clearTimeout(pollTimer);
  redraw = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  try {
    if (parts[0] === "game" && parts[1] && parts[2]) await gamePage(parts[1], parts[2]);
    else if (parts[0] === "replay" && parts[1]) await replayPage(parts[1], Number(parts[2] || 0), Number(parts[3] || 0));
    else if (parts[0] === "replay") replayForm();
    else await lobby();
  } catch (e) {
    show(el("h1", {}, "Something went wrong"), el("p", { class: "error", id: "page-error" }, e.message), el("a", { href: "#/" }, "back to the lobby"));
  }
}

window.addEventListener("keydown", (event) => {
  // The arrow keys step through a replay.
  if (!location.hash.startsWith("#/replay/") || event.target.closest("input, textarea, select")) return;
  const button = document.getElementById(event.key === "ArrowLeft" ? "back" : event.key === "ArrowRight" ? "forward" : "");
  if (button && !button.disabled) button.click();
});
window.addEventListener("hashchange", route);
let narrow = window.innerWidth < NARROW;
window.addEventListener("resize", () => {
  // A phone turned sideways: the map is drawn again for the new width.
  if ((window.innerWidth < NARROW) !== narrow) {
    narrow = window.innerWidth < NARROW;
    if (redraw) redraw();
  }
});
window.addEventListener("DOMContentLoaded", route);
