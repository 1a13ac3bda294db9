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
//            ctx.label(notation) the button words of a legal action, in the viewer's position
//                               (module.action_label(action, observation));
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
  main.replaceChildren(...nodes.filter((node) => node !== null && node !== undefined));
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
  return el("details", { id: "text-view", open: textViewOpen, ontoggle: (e) => { textViewOpen = e.target.open; } },
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
        meta.bots.map((b) => el("option", { value: b, title: (meta.bot_lines || {})[b] || b }, `bot: ${b}`)));
      if (seat > 0) choice.value = meta.bots.includes("easy") ? "easy" : meta.bots[0];  // a first game's opponent
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
      // what each bot is, one line each (GET api/meta's bot_lines)
      el("ul", { id: "bot-lines", class: "muted" },
        meta.bots.map((b) => el("li", {}, el("b", {}, b), `: ${(meta.bot_lines || {})[b] || ""}`))),
      el("button", { type: "submit", class: "primary", id: "start" }, "Start game"),
      error),
    links,
    el("h2", {}, "Your games in this browser"),
    mine);
}

// -- a game table ---------------------------------------------------------------------------
// The page of a game (and of a replay) is a desk on a desktop: the table scrolls in the main
// column while the decision panel and the viewer's own board stay in view beside it; on a phone
// the page scrolls, the decision comes first and the own board opens from a tab that stays on
// screen (ownOpen keeps it open across redraws).
let ownOpen = false;
const dismissed = {}; // game or replay id -> the log length whose summary was closed

async function gamePage(id, token) {
  const view = await api("GET", `/api/games/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`);
  await loadBoard(view.game);
  drawGame(view, token, "");
}

function drawGame(view, token, refusal, typedText, hint) {
  clearTimeout(pollTimer);
  redraw = () => drawGame(view, token, refusal, typed.value, hint);
  const error = el("p", { class: "error", id: "refusal" }, refusal);
  async function send(method, path, body) {
    for (const b of document.querySelectorAll("#decision button")) b.disabled = true;
    try {
      drawGame(await api(method, path, body), token, "");
    } catch (e) {
      drawGame(view, token, e.message, typed.value); // a refused typed move stays to be corrected
    }
  }
  const play = (action) => send("POST", `/api/games/${encodeURIComponent(view.id)}/actions`, { token, action });
  async function askHint() {
    try {
      const advice = await api("GET", `/api/games/${encodeURIComponent(view.id)}/hint?token=${encodeURIComponent(token)}`);
      drawGame(view, token, "", typed.value, advice);
    } catch (e) {
      drawGame(view, token, e.message, typed.value);
    }
  }
  const mine = !view.over && view.current_player === view.seat;
  const typed = el("input", { id: "typed", placeholder: "or type a move", size: 18, value: typedText || "" });
  const drawn = drawTable(view, { legal: mine ? view.legal_actions : [], play: mine ? play : null });
  const tools = [
    view.can_undo ? el("button", { id: "undo", type: "button", title: "take back your last decision and the bots' moves after it", onclick: () => send("POST", `/api/games/${encodeURIComponent(view.id)}/undo`, { token }) }, "↶ undo") : null,
    view.can_hint ? el("button", { id: "hint", type: "button", title: "what the strongest bot (hard) would do in your place", onclick: askHint }, "hint") : null,
  ].filter(Boolean);
  const decision = el("section", { class: "card decision", id: "decision", "data-role": "decision" },
    el("p", { class: "status", id: "status" }, statusText(view)),
    scoresLine(view),
    error,
    summaryBox(view, view.id, view.log.length),
    view.over ? breakdown(view) : null,
    view.forced.length ? el("p", { class: "muted", id: "forced" }, "forced: ", view.forced.join("; ")) : null,
    hint ? el("p", { id: "hint-text", class: "hint", title: hint.plays || "" }, `${hint.bot} would play: `, el("b", {}, hint.label), hint.label !== hint.action ? el("span", { class: "muted" }, ` (${hint.action})`) : null) : null,
    el("div", { class: "actions", id: "actions" },
      view.groups.map((g) => decisionGroup(g, play, hint ? hint.action : null))),
    mine ? el("form", { class: "typed", onsubmit: (e) => { e.preventDefault(); if (typed.value.trim()) play(typed.value.trim()); } },
      typed, " ", el("button", { type: "submit" }, "play")) : null,
    tools.length ? el("div", { class: "tools" }, tools) : null);
  const seed = view.seed_text === null ? "" : ` · seed ${view.seed_text}`;
  const title = `${view.title}${view.variant && view.variant !== "standard" ? ` (${view.variant})` : ""} · game ${view.id}${seed} · you are ${seatName(view, view.seat)}`;
  const moves = el("div", { class: "card", id: "moves" },
    el("h2", {}, `Moves (${view.log.length})`),
    logList(view.log, null),
    // The record holds the seed, so the server gives it only once the game is over.
    view.over ? el("p", {},
      el("a", { href: local(`/api/games/${encodeURIComponent(view.id)}/record`), download: `${view.game}-${view.id}.json` }, "game record"),
      " · ", el("a", { href: "#", id: "open-replay", onclick: (e) => { e.preventDefault(); replayOf(view.id, token, error); } }, "replay it")) : null);
  desk(el("h1", {}, title), null, drawn, decision, moves, view, view.over ? reviewPanel(view, error) : null);
  const log = document.querySelector(".log");
  if (log) log.scrollTop = log.scrollHeight;
  if (!view.over && view.current_player !== view.seat) poll(view, token, 2000);
}

// The desk: the title (and a replay's bar) above, the table and the moves in the main column,
// the decision panel and the own board beside them, and the phone's tab for the own board.
function desk(title, bar, drawn, decision, moves, view, lead) {
  currentGame = view.game;
  const own = el("section", { class: `card own-panel${ownOpen ? " open" : ""}`, id: "own-panel", "data-role": "own-panel", "aria-label": "your board" },
    drawn.own || el("p", { class: "muted" }, "nothing of your own on this table"));
  const toggle = el("button", { class: "own-toggle", id: "own-toggle", type: "button", "aria-controls": "own-panel", "aria-expanded": ownOpen ? "true" : "false",
    onclick: () => {
      ownOpen = !ownOpen;
      own.classList.toggle("open", ownOpen);
      toggle.setAttribute("aria-expanded", ownOpen ? "true" : "false");
      toggle.textContent = ownOpen ? "close my board ▾" : `my board · P${view.seat} ▴`;
    } }, ownOpen ? "close my board ▾" : `my board · P${view.seat} ▴`);
  document.getElementById("main").classList.add("desk");
  show(title, bar,
    el("div", { class: "layout" },
      el("div", { id: "table" }, lead || null, drawn.table, moves, textView(view)),
      el("div", { class: "side" }, decision, own)),
    toggle);
}

// The options of one kind: a composer where they are combinations of parts (core.compose: the
// Marketplace's goods, a payment, a number), else a button each with its words and the notation
// as the tooltip.
function decisionGroup(group, play, hinted) {
  const button = (action, k) => el("button", {
    class: `action${action === hinted ? " hinted" : ""}`, "data-action": action, title: action, onclick: () => play(action),
  }, (group.labels || [])[k] || action);
  if (!group.compose) return el("div", { class: "group" }, el("h3", {}, group.label), group.actions.map(button));
  return el("div", { class: "group" }, el("h3", {}, group.label),
    composer(group.compose, play, hinted, Object.fromEntries(group.actions.map((a, k) => [a, (group.labels || [])[k] || a]))),
    el("details", { class: "every-option", open: group.actions.includes(hinted) },
      el("summary", {}, `or one of all ${group.actions.length} options`), group.actions.map(button)));
}

// Pick the parts; "play" sends the legal notation they compose (it is enabled only then).
function composer(c, play, hinted, labels) {
  const chosen = {}; // part word -> count
  if (c.kind === "count") chosen[""] = c.parts[0].least;
  const node = el("div", { class: "composer", "data-role": "composer", "data-verb": c.verb });
  const counts = (option) => option.counts;
  const matching = () => c.options.find((o) => {
    const taken = counts(o);
    const words = new Set([...Object.keys(taken), ...Object.keys(chosen)]);
    return [...words].every((w) => (taken[w] || 0) === (chosen[w] || 0));
  });
  const reachable = (word, n) => c.options.some((o) => {
    const taken = counts(o);
    return (taken[word] || 0) >= n && Object.entries(chosen).every(([w, k]) => w === word || (taken[w] || 0) >= k);
  });
  function paint() {
    const found = matching();
    const parts = c.parts.map((part) => {
      const n = chosen[part.word] || 0;
      if (c.kind === "set") {
        return el("button", { type: "button", class: `part${n ? " picked" : ""}`, "data-part": part.word, "aria-pressed": n ? "true" : "false",
          disabled: !n && !reachable(part.word, 1),
          onclick: () => { chosen[part.word] = n ? 0 : 1; paint(); } }, part.word);
      }
      // A number steps through its legal values; an amount by one, as far as some option goes.
      const values = c.kind === "count" ? c.options.map((o) => o.counts[""] || 0).sort((a, b) => a - b) : null;
      const up = values ? values.find((v) => v > n) : n + 1;
      const down = values ? [...values].reverse().find((v) => v < n) : n - 1;
      return el("span", { class: "stepper", "data-part": part.word },
        part.word ? el("span", { class: "part-word" }, part.word) : null,
        el("button", { type: "button", class: "less", "aria-label": `fewer ${part.word}`, disabled: down === undefined || down < 0,
          onclick: () => { chosen[part.word] = down; paint(); } }, "−"),
        el("b", { class: "count" }, n),
        el("button", { type: "button", class: "more", "aria-label": `more ${part.word}`, disabled: up === undefined || up > part.most || (!values && !reachable(part.word, up)),
          onclick: () => { chosen[part.word] = up; paint(); } }, "+"));
    });
    node.replaceChildren(
      el("div", { class: "parts" }, parts),
      el("div", { class: "composed" },
        el("button", { type: "button", class: `primary compose-play${found && found.notation === hinted ? " hinted" : ""}`, disabled: !found, title: found ? found.notation : "pick the parts of a legal option",
          "data-action": found ? found.notation : null, onclick: () => found && play(found.notation) }, found ? `play: ${labels[found.notation] || found.notation}` : "play"),
        found ? null : el("span", { class: "muted" }, ` ${c.kind === "set" ? "pick the parts, then play" : "set the numbers, then play"}`)));
  }
  paint();
  return node;
}

// What the viewer was told since its last decision (a round's end: feeding, harvest, the town's
// building, the new ship; a roll...), until closed; the next news opens it again. A replay's
// step shows what that step told the seat whose view it is.
function summaryBox(view, id, length) {
  let lines = view.told; // a replay's step
  if (lines === undefined) {
    let from = 0;
    for (let k = view.log.length - 1; k >= 0; k--) if (view.log[k].seat === view.seat) { from = k; break; }
    lines = view.log.slice(from).flatMap((m) => m.told || []);
  }
  if (!lines || !lines.length || dismissed[id] === length) return null;
  const box = el("div", { class: "summary", id: "summary", "data-role": "summary", role: "status" },
    el("button", { type: "button", class: "close", "aria-label": "close", title: "close", onclick: () => { dismissed[id] = length; box.remove(); } }, "×"),
    el("h3", {}, view.told !== undefined ? "What this move told" : "Since your last decision"),
    el("ul", {}, lines.map((line) => el("li", {}, line))));
  return box;
}

// Game over: each player's score by source (table.players[i].score_parts), drawn for any game.
function breakdown(view) {
  const players = (view.table && view.table.players) || [];
  const parts = players.map((p) => (p && Array.isArray(p.score_parts) ? p.score_parts : null));
  if (!parts.some(Boolean)) return null;
  const labels = [];
  for (const rows of parts) for (const [label] of rows || []) if (!labels.includes(label)) labels.push(label);
  const cell = (seat, label) => {
    const row = (parts[seat] || []).find(([l]) => l === label);
    return row ? row[1] : "–"; // nothing from that source
  };
  return el("table", { class: "grid breakdown", id: "breakdown" },
    el("tr", {}, el("th", {}, "score"), players.map((_, seat) => el("th", { class: `bg-${seat} seat-head` }, `P${seat}`))),
    labels.map((label) => el("tr", {}, el("td", { class: "label" }, label), players.map((_, seat) => el("td", {}, cell(seat, label))))),
    el("tr", { class: "total" }, el("td", { class: "label" }, "total"), view.scores.map((s) => el("td", {}, s === null ? "?" : s))));
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

function winnersText(view) {
  const won = (view.winners || []).map((s) => seatName(view, s)).join(", ");
  return `Winner${view.winners.length > 1 ? "s" : ""}: ${won}`;
}

function statusText(view) {
  if (view.over) return `Game over. ${winnersText(view)}`;
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

// -- the review at the end of a game ---------------------------------------------------------
// GET api/games/ID/review?seat=N (docs/review.md): made once by the server's bot workers, kept
// here per game and seat so a redraw does not ask again. The chart is an SVG drawn by hand: one
// polyline per seat, a dashed line where each round begins, the turning points numbered on the
// viewer's line; each turning point opens the replay at that decision.
const reviews = {}; // "game id/seat" -> the promise of its review

function reviewPanel(view, error) {
  const box = el("section", { class: "card review", id: "review", "data-role": "review" },
    el("h2", {}, "Review"), el("p", { class: "muted", id: "review-status" }, "reviewing the game: its standing over time and your turning points…"));
  const key = `${view.id}/${view.seat}`;
  if (!reviews[key]) reviews[key] = api("GET", `/api/games/${encodeURIComponent(view.id)}/review?seat=${view.seat}`);
  reviews[key].then(
    (made) => box.replaceChildren(...reviewNodes(made, view, error, box.clientWidth)),
    (e) => { delete reviews[key]; box.replaceChildren(el("h2", {}, "Review"), el("p", { class: "error" }, e.message)); });
  return box;
}

function reviewNodes(made, view, error, width) {
  const open = (step) => replayOf(view.id, null, error, step, made.seat);
  const legend = el("p", { class: "legend review-legend" }, made.standings[0].estimates.map((_, seat) =>
    el("span", { class: "review-key" }, el("span", { class: `swatch bg-${seat}` }), seatName(view, seat))));
  const points = made.turning_points.map((p, i) => el("li", {},
    el("a", { href: "#", class: "turning-point", "data-step": p.step, onclick: (e) => { e.preventDefault(); open(p.step); } },
      `move ${p.step + 1}${p.round ? ` (round ${p.round})` : ""}`),
    `: you played `, el("b", {}, p.played_label), `; ${made.judge.split(":")[0]} preferred `, el("b", {}, p.preferred_label),
    el("span", { class: "muted" }, ` (estimate ${p.difference > 0 ? "+" : ""}${p.difference.toFixed(1)} points)`)));
  return [
    el("h2", {}, made.seat === view.seat ? "Review of your game" : `Review of P${made.seat}'s game`),
    el("p", { class: "muted" }, "Each seat's estimated final score over the game, as you could know it then (the game's heuristic; the end is the real score)."),
    reviewChart(made, Math.max(280, width - 26), open),
    legend,
    el("h3", {}, "Turning points"),
    points.length ? el("ol", { class: "turning-points", id: "turning-points" }, points)
      : el("p", { class: "muted", id: "turning-points" }, `None: at the ${made.candidates} decisions it was asked about, the judge played as you did or no better by the estimate.`),
    el("p", { id: "review-margin" }, made.margin),
  ];
}

function reviewChart(made, width, open) {
  const line = made.standings;
  const height = Math.round(Math.min(240, Math.max(160, width * 0.4)));
  const pad = { left: 40, right: 10, top: 10, bottom: 20 };
  let low = Infinity, high = -Infinity;
  for (const s of line) for (const v of s.estimates) { low = Math.min(low, v); high = Math.max(high, v); }
  if (high === low) high = low + 1;
  const last = Math.max(line.length - 1, 1);
  const x = (i) => pad.left + (width - pad.left - pad.right) * i / last;
  const y = (v) => pad.top + (height - pad.top - pad.bottom) * (1 - (v - low) / (high - low));
  const parts = [];
  const starts = line.map((s, i) => (i > 0 && s.round && s.round !== line[i - 1].round ? i : -1)).filter((i) => i >= 0);
  const every = Math.max(1, Math.ceil(starts.length * 26 / (width - pad.left)));
  starts.forEach((i, k) => {
    parts.push(svg("line", { class: "round-mark", x1: x(i), x2: x(i), y1: pad.top, y2: height - pad.bottom }));
    if (k % every === 0) parts.push(svg("text", { class: "round-label", x: x(i) + 2, y: height - 6 }, line[i].round));
  });
  for (const v of [low, high]) parts.push(svg("text", { class: "axis-label", x: pad.left - 4, y: y(v) + 4, "text-anchor": "end" }, Math.round(v)));
  if (low < 0 && high > 0) parts.push(svg("line", { class: "zero", x1: pad.left, x2: width - pad.right, y1: y(0), y2: y(0) }));
  const seats = line[0].estimates.length;
  for (let seat = 0; seat < seats; seat++) {
    parts.push(svg("polyline", { class: `standing stroke-${seat}${seat === made.seat ? " reviewed" : ""}`, "data-seat": seat,
      points: line.map((s, i) => `${x(i).toFixed(1)},${y(s.estimates[seat]).toFixed(1)}`).join(" ") }));
  }
  made.turning_points.forEach((p, k) => {
    const at = line[Math.min(p.step, line.length - 1)];
    const mark = svg("g", { class: "turning-mark", "data-step": p.step },
      svg("circle", { cx: x(p.step), cy: y(at.estimates[made.seat]), r: 8 }),
      svg("text", { x: x(p.step), y: y(at.estimates[made.seat]) + 4, "text-anchor": "middle" }, k + 1),
      svg("title", {}, `move ${p.step + 1}: ${p.played_label} (the judge: ${p.preferred_label})`));
    mark.addEventListener("click", () => open(p.step));
    parts.push(mark);
  });
  return svg("svg", { class: "review-chart", id: "review-chart", width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "each seat's estimated final score over the game" }, parts);
}

async function replayOf(id, token, error, step = 0, seat = 0) {
  try {
    // The record goes back as the text it came as: parsed and written again, a seed above
    // 2**53 would come back rounded (a JavaScript number keeps 53 bits).
    const answer = await fetch(local(`/api/games/${encodeURIComponent(id)}/record`));
    if (!answer.ok) throw new Error((await answer.json().catch(() => ({}))).error || `HTTP ${answer.status}`);
    const created = await api("POST", "/api/replays", await answer.text());
    location.hash = `#/replay/${created.id}/${step}/${seat}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

// -- replays --------------------------------------------------------------------------------
// A record pasted or read from a file: one record (harborgames replay's and the page's "game
// record"), or a JSON-lines file of many (harborgames arena --records), each line one record:
// then the page lists them to pick one. A line is sent as it was read, never parsed and written
// again, so a seed above 2**53 arrives exact.
function replayForm() {
  redraw = null;
  const text = el("textarea", { id: "record", rows: 10, cols: 70, placeholder: "paste a game record (JSON), or a JSON-lines file of records" });
  const file = el("input", { id: "record-file", type: "file", accept: ".json,.jsonl,.ndjson,application/json" });
  const error = el("p", { class: "error", id: "replay-error" });
  const picker = el("div", { id: "record-picker" });
  async function send(document) {
    error.textContent = "";
    try {
      const created = await api("POST", "/api/replays", document);
      location.hash = `#/replay/${created.id}/0`;
    } catch (e) { error.textContent = e.message; }
  }
  function offer(source) {
    const lines = source.split(/\r?\n/).filter((line) => line.trim());
    picker.replaceChildren();
    if (lines.length < 2 || !lines.every((line) => line.trim().startsWith("{"))) return send(source);
    picker.replaceChildren(el("div", { class: "card" },
      el("h2", {}, `${lines.length} records, one per line: pick one`),
      el("ol", { class: "records" }, lines.map((line, k) => el("li", {},
        el("button", { type: "button", class: "pick-record", "data-line": k, onclick: () => send(line) }, "replay"), " ", recordSummary(line))))));
    return null;
  }
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    text.value = await file.files[0].text();
    offer(text.value);
  });
  show(el("h1", {}, "Replay a game record"),
    el("form", { class: "card", onsubmit: (event) => { event.preventDefault(); offer(text.value); } },
      text, el("br"), el("label", {}, "or a file: ", file), el("button", { class: "primary", type: "submit" }, "Replay"), error),
    picker);
}

function recordSummary(line) {
  let record;
  try { record = JSON.parse(line); } catch { return el("span", { class: "error" }, "not JSON"); }
  const data = (record && record.data) || {};
  const seed = (line.match(/"seed"\s*:\s*(\d+)/) || [])[1] || "?"; // the digits, not a rounded number
  const moves = Array.isArray(data.actions) ? data.actions.length : "?";
  return el("span", {}, `${record.game || data.game || "?"}${data.variant ? ` (${data.variant})` : ""}, ${data.num_players || "?"} players, ${moves} moves, seed ${seed}`);
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
  const decision = el("section", { class: "card decision", id: "decision", "data-role": "decision" },
    el("p", { class: "status", id: "replay-status" }, move ? `last move: P${move.seat} ${move.move}` : "the start",
      view.over ? ` · game over · ${winnersText(view)}` : ""),
    scoresLine(view),
    summaryBox(view, `${id}/${view.step}/${view.seat}`, view.step),
    view.over ? breakdown(view) : null,
    view.forced.length ? el("p", { class: "muted" }, "forced: ", view.forced.join("; ")) : null);
  const moves = el("div", { class: "card", id: "moves" }, el("h2", {}, `Moves (${view.log.length})`), logList(view.log, view.step));
  desk(el("h1", {}, `Replay: ${view.title} · ${view.num_players} players · seed ${view.seed_text}`), bar, drawn, decision, moves, view);
  // The current move in the middle of the log, scrolling the log alone (not the table around it).
  const log = document.querySelector(".log"), current = document.querySelector(".log li.current");
  if (log && current) log.scrollTop = current.offsetTop - log.clientHeight / 2;
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
  try {
    return board.draw(view, ctx);
  } catch (e) {
    // A board that fails still leaves the game playable: the decision panel and the text view.
    console.error(e);
    return { table: el("p", { class: "error" }, `the ${view.game} board could not be drawn (${e.message}); see the text view`), own: null };
  }
}

// -- card texts -----------------------------------------------------------------------------
// Any element with data-card="<key>" shows that card of the current game: on hover (a mouse)
// and on tap or click (pinned until the next tap elsewhere, Escape or a redraw).
let currentGame = null;
let pinned = null; // the element whose card is pinned open

function cardPopup() {
  let popup = document.getElementById("card-popup");
  if (!popup) {
    popup = el("div", { id: "card-popup", class: "card-popup", "data-role": "card-text", role: "tooltip", hidden: true });
    document.body.append(popup);
  }
  return popup;
}

function showCard(target) {
  const card = (gameCards[currentGame] || {})[target.dataset.card];
  const popup = cardPopup();
  if (!card) { popup.hidden = true; return false; }
  const facts = [["cost", card.cost], ["fee", card.fee], ["value", card.value], ...(card.extra || [])].filter(([, v]) => v);
  popup.replaceChildren(
    el("div", { class: "card-head" }, el("b", { class: "card-name" }, card.name), el("span", { class: "muted" }, ` ${card.kind}`)),
    facts.length ? el("div", { class: "card-facts" }, facts.map(([label, value]) => el("span", {}, el("span", { class: "muted" }, `${label} `), value))) : null,
    el("div", { class: "card-text" }, card.text));
  popup.dataset.key = card.key;
  popup.hidden = false;
  const box = target.getBoundingClientRect();
  const width = Math.min(340, window.innerWidth - 16);
  popup.style.width = `${width}px`;
  popup.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8))}px`;
  const below = box.bottom + 6, height = popup.offsetHeight;
  popup.style.top = `${below + height <= window.innerHeight - 8 ? below : Math.max(8, box.top - height - 6)}px`;
  return true;
}

function hideCard() {
  pinned = null;
  const popup = document.getElementById("card-popup");
  if (popup) popup.hidden = true;
}

document.addEventListener("mouseover", (event) => {
  if (pinned) return;
  const target = event.target.closest && event.target.closest("[data-card]");
  if (target) showCard(target);
  else if (!(event.target.closest && event.target.closest("#card-popup"))) hideCard();
});
document.addEventListener("click", (event) => {
  const target = event.target.closest && event.target.closest("[data-card]");
  if (target) {
    if (pinned === target) { hideCard(); return; }
    pinned = showCard(target) ? target : null;
  } else if (!(event.target.closest && event.target.closest("#card-popup"))) {
    hideCard();
  }
});
document.addEventListener("keydown", (event) => { if (event.key === "Escape") hideCard(); });
document.addEventListener("focusin", (event) => { // the keyboard: a card shows while focused
  const target = event.target.closest && event.target.closest("[data-card]");
  if (target && !pinned) showCard(target);
});
document.addEventListener("focusout", (event) => {
  if (!pinned && event.target.closest && event.target.closest("[data-card]")) hideCard();
});

// -- routing --------------------------------------------------------------------------------
// Every address says what it is: a game link without its seat's token, an unknown page or an
// address that cannot be read (a malformed % escape) is told as such, never the lobby instead.
async function route() {
  clearTimeout(pollTimer);
  redraw = null;
  hideCard();
  document.getElementById("main").classList.remove("desk");
  const address = location.hash.replace(/^#\/?/, "");
  try {
    let parts;
    try {
      parts = address.split("/").map(decodeURIComponent);
    } catch {
      throw new Error(`this address cannot be read (a malformed % escape): #/${address.slice(0, 120)}`);
    }
    if (parts[0] === "game" && parts[1] && parts[2]) await gamePage(parts[1], parts[2]);
    else if (parts[0] === "game") throw new Error(parts[1]
      ? `this game link has no seat token: a game's link is #/game/${parts[1]}/<token>, the token being your seat's secret (find it under "Your games in this browser" in the lobby, or ask whoever started the game)`
      : "this game link names no game: a game's link is #/game/<id>/<token>");
    else if (parts[0] === "replay" && parts[1]) await replayPage(parts[1], Number(parts[2] || 0), Number(parts[3] || 0));
    else if (parts[0] === "replay") replayForm();
    else if (parts[0] === "" && parts.length === 1) await lobby();
    else throw new Error(`there is no page at #/${address.slice(0, 120)}: the pages are the lobby (#/), a game (#/game/<id>/<token>) and replays (#/replay)`);
  } catch (e) {
    document.getElementById("main").classList.remove("desk");
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
