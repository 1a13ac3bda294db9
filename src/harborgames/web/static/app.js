// harborgames page: lobby, game tables, replays. Plain JS, no build step, nothing fetched from
// elsewhere. Every value from the server goes in through textContent / setAttribute, never
// innerHTML, so a name or a move can never become markup.
//
// This file is the client core: it knows no game. Each game's table is drawn by its board module,
// static/boards/<game>.js, loaded the first time a table of that game is drawn (so adding a game
// adds its board script and nothing else here). The board-module interface:
//
//   window.harborgames.boards["<game>"] = {
//     draw(view, ctx) -> { table: Node, own: Node | null },
//   };
//
//   view   the server's answer (GET api/games/ID or api/replays/ID; docs/web.md): view.table is
//          the game's module.table(observation), drawn for view.seat (view.table.viewer).
//   table  the shared board and the other seats: the core puts it in the main column (#table).
//   own    the board of view.seat: the core puts it inside the element data-role="own-panel",
//          beside the decision panel (data-role="decision"), on screen with it on a desktop and
//          one tap away on a phone. null: the game has no board of one's own.
//   ctx    window.harborgames.kit's helpers (el, svg, goods, seatName, playerCard, SEAT_COLOURS,
//          NARROW) and, for this drawing:
//            ctx.narrow         the window is narrower than NARROW (a phone: draw upright);
//            ctx.legal          the notations the viewer may play now ([] in a replay, while
//                               another seat decides, and at the end);
//            ctx.play(notation) plays one of them (what a clickable map target does); null
//                               where nothing can be played;
//            ctx.label(notation) the button words of a legal action (module.action_label);
//            ctx.card(key)      the game's Card of that key (module.cards() as_json, from
//                               GET api/cards/<game>) or undefined.
//   A board marks every element that stands for a card with data-card="<key>": the core shows
//   that card's text (cost, fee, value, text) when it is hovered or tapped. Build every node with
//   ctx.el / ctx.svg (text, never markup). A board keeps no state between draws: it is drawn
//   again after every change, and on a resize across NARROW.
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

// -- board modules ---------------------------------------------------------------------------
function playerCard(view, seat, ...children) {
  return el("div", { class: `card player seat-${seat}${seat === view.seat ? " you" : ""}`, "data-seat": seat }, children);
}

window.harborgames = {
  boards: {}, // filled in by static/boards/<game>.js
  kit: { el, svg, goods, seatName, playerCard, SEAT_COLOURS, NARROW },
};
const gameCards = {}; // game -> { key: card } from api/cards/<game>, asked once per page load

// The board script and the cards of `game`, fetched once; a game without either is still
// played (its table is the text view, its cards have no text to show).
async function loadBoard(game) {
  if (!(game in window.harborgames.boards)) {
    await new Promise((resolve) => {
      const script = el("script", { src: `static/boards/${encodeURIComponent(game)}.js` });
      script.addEventListener("load", resolve);
      script.addEventListener("error", resolve);
      document.head.append(script);
    });
  }
  if (!(game in gameCards)) {
    try {
      const answer = await api("GET", `/api/cards/${encodeURIComponent(game)}`);
      gameCards[game] = Object.fromEntries(answer.cards.map((c) => [c.key, c]));
    } catch {
      gameCards[game] = {};
    }
  }
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
  await loadBoard(view.game);
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
  const mine = !view.over && view.current_player === view.seat;
  const drawn = drawTable(view, { legal: mine ? view.legal_actions : [], play: mine ? play : null });
  const side = el("div", { class: "side" },
    el("div", { class: "card", "data-role": "decision" },
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
    ownPanel(drawn),
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
      el("div", { id: "table" }, drawn.table, textView(view)),
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
  await loadBoard(view.game);
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
  const drawn = drawTable(view, { legal: [], play: null });
  show(
    el("h1", {}, `Replay: ${view.title} · ${view.num_players} players · seed ${view.seed_text}`),
    bar,
    el("div", { class: "layout" },
      el("div", { id: "table" }, drawn.table, textView(view)),
      el("div", { class: "side" }, el("div", { class: "card", "data-role": "decision" },
        el("p", { class: "status" }, move ? `last move: P${move.seat} ${move.move}` : "the start", view.over ? " · game over" : ""),
        scoresLine(view),
        view.forced.length ? el("p", { class: "muted" }, "forced: ", view.forced.join("; ")) : null,
        logList(view.log, view.step)), ownPanel(drawn))));
  const current = document.querySelector(".log li.current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// -- tables ---------------------------------------------------------------------------------
// The game's board module draws the table; `extra` holds what this drawing may do (legal, play).
function drawTable(view, extra) {
  const board = window.harborgames.boards[view.game];
  if (!board) return { table: el("p", {}, "no picture for this game; see the text view"), own: null };
  const cards = gameCards[view.game] || {};
  const labels = Object.fromEntries((view.labels || []).map((label, k) => [view.legal_actions[k], label]));
  const ctx = {
    ...window.harborgames.kit,
    narrow: window.innerWidth < NARROW,
    legal: extra.legal,
    play: extra.play,
    label: (notation) => labels[notation] || notation,
    card: (key) => cards[key],
  };
  return board.draw(view, ctx);
}

// The viewer's own board, where the core keeps it in view beside the decision panel.
function ownPanel(drawn) {
  return el("section", { class: "card own-panel", "data-role": "own-panel" }, drawn.own || el("p", { class: "muted" }, "nothing of your own on this table"));
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
