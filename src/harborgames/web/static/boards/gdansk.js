// The gdansk board (static/boards/gdansk.js): draws view.table of gdansk for the page.
// Owned by the ipgd helper; the interface it implements is written at the top of ../app.js and
// in docs/web.md: it registers window.harborgames.boards.gdansk.draw(view, ctx) -> { table, own }.
//
// The shared table: a legend of the seats' colours, the map (locations and their links, quays in
// their sector colours, Order tokens, Influence markers, ships), the dice, the unloading zone and
// decks, the HR panel and the other players' boards; the viewer's own board beside the decision.
// While the viewer moves, each location the ship may go to is outlined and clicking it sends that
// move (table.targets, from the observation); an order to execute, or a marker to place or swap,
// is a badge on its quay. Quays, Order tokens, Port cards and cruise ships are marked data-card.
"use strict";
(() => {
const { el, svg, seatName, playerCard, SEAT_COLOURS } = window.harborgames.kit;

// The board's own styles, beside this script (the page allows styles only from the server).
if (!document.querySelector("link[data-board='gdansk']")) {
  document.head.append(el("link", { rel: "stylesheet", href: "static/boards/gdansk.css", "data-board": "gdansk" }));
}

const GOOD_WORDS = { grain: "grain", liquid_fuels: "liquid fuels", coal: "coal", containers: "containers", cargo: "cargo", ro_ro: "Ro-Ro" };
const SECTOR_FILL = { blue: "#5dade2", purple: "#a569bd", green: "#58d68d", brown: "#ca8a5b" };

// Cubes as chips in the rulebook's words, each marked with its good's card (weight, VP).
function cubes(counts) {
  const entries = Object.entries(counts || {});
  if (!entries.length) return el("span", { class: "muted" }, "none");
  return el("span", { class: "gd-cubes" }, entries.map(([good, n]) =>
    el("span", { class: `gd-chip good-${good}`, "data-card": good, tabindex: 0 }, `${n} ${GOOD_WORDS[good] || good}`)));
}

function words(counts) {
  return Object.entries(counts || {}).map(([good, n]) => `${n} ${GOOD_WORDS[good] || good}`).join(" + ");
}

function chip(ctx, key, text, extraClass) {
  return el("span", { class: `gd-chip${extraClass ? ` ${extraClass}` : ""}`, "data-card": key, tabindex: 0 }, text);
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
  return `${words(order.requires) || "nothing"} for ${order.vp} VP${order.bonus ? `, bonus ${GOOD_WORDS[order.bonus] || order.bonus}` : ""}`;
}

// The seats' colours, who is first and who is to move.
function legend(view, t) {
  return el("div", { class: "gd-legend", id: "seat-legend" }, t.seats.map((s) =>
    el("span", { class: `gd-seat${s.to_move ? " to-move" : ""}`, "data-seat": s.seat },
      svg("svg", { width: 14, height: 14, viewBox: "0 0 14 14", "aria-hidden": "true" },
        svg("circle", { cx: 7, cy: 7, r: 6, fill: SEAT_COLOURS[s.seat], stroke: "#000" })),
      ` ${seatName(view, s.seat)}`, s.first ? el("span", { class: "muted" }, " · first player") : null,
      s.to_move ? el("b", {}, " · to move") : null)));
}

// The notations the viewer may play on a quay: the order to execute, the marker to place or
// swap (one badge a quay: an ambiguous "with" between two seats' markers stays a button).
function quayActions(legal, number) {
  const mine = [`execute ${number}`, `place ${number}`, `swap ${number}`].filter((a) => legal.has(a));
  const swaps = [...legal].filter((a) => a.startsWith("with P") && a.split(" ")[2] === String(number));
  return mine.length ? mine[0] : swaps.length === 1 ? swaps[0] : null;
}

function map(view, t, ctx) {
  // Upright on a phone (the ring as a tall ellipse, narrower quays), wide on a larger screen.
  const upright = ctx.narrow;
  const g = upright
    ? { w: 400, h: 760, rx: 150, ry: 330, quay: 44, central: 96 }
    : { w: 760, h: 560, rx: 312, ry: 225, quay: 70, central: 110 };
  const cx = g.w / 2, cy = g.h / 2, bh = 56;
  const legal = new Set(ctx.play ? ctx.legal : []);
  const targets = Object.fromEntries((t.targets || []).filter((x) => legal.has(x.action)).map((x) => [x.location, x.action]));
  const ring = t.locations.filter((l) => !l.central_port);
  const width = (loc) => (loc.central_port ? g.central : Math.max(g.quay + 4, g.quay * loc.quays.length));
  const pos = {};
  ringPlaces(g.rx, g.ry, ring.map(width), bh).forEach(([x, y], i) => { pos[ring[i].id] = [cx + x, cy + y]; });
  for (const loc of t.locations) if (loc.central_port) pos[loc.id] = [cx, cy];
  const nodes = t.edges.map(([a, b]) => svg("line", { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1], stroke: "#7f9fb5", "stroke-width": 2 }));
  for (const loc of t.locations) {
    const [x, y] = pos[loc.id];
    const bw = width(loc), top = y - bh / 2;
    const target = targets[loc.id];
    const group = svg("g", { class: `location${target ? " target" : ""}`, "data-location": loc.id, ...(target ? { "data-action": target, role: "button", tabindex: 0 } : {}) });
    group.append(svg("rect", { x: x - bw / 2, y: top, width: bw, height: bh, rx: 8, fill: loc.central_port ? (t.central_port_open ? "#f9e79f" : "#fff") : "#fff", stroke: target ? "#1e8449" : "#345", "stroke-width": target ? 3 : 1, ...(target ? { "stroke-dasharray": "6 3" } : {}) }));
    if (target) {
      group.append(svg("title", {}, `${ctx.label(target)} (${target})`));
      const go = () => ctx.play(target);
      group.addEventListener("click", (event) => { if (!event.target.closest("[data-card], .quay-action")) go(); });
      group.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); go(); } });
    }
    if (loc.central_port) {
      group.append(svg("text", { x, y: y - 6, "text-anchor": "middle", "font-size": 12, "font-weight": 700, ...(t.central_port_open ? { "data-card": "central_port" } : {}) }, "Central Port"));
      if (t.central_port_open) group.append(svg("text", { x, y: y + 8, "text-anchor": "middle", "font-size": 9 }, "unloading open"));
    }
    loc.quays.forEach((q, k) => {
      const qx = x - bw / 2 + 4 + k * (bw / loc.quays.length);
      const qw = bw / loc.quays.length - 8;
      const quay = svg("g", { class: "quay", "data-quay": q.number });
      // The quay's strip stands for its Port card (name, sector, workers: the core shows it).
      const strip = svg("g", { "data-card": q.card, class: "port-card" },
        svg("rect", { x: qx, y: top + 4, width: qw, height: 14, rx: 3, fill: SECTOR_FILL[q.sector] || "#ccc" }),
        svg("text", { x: qx + 3, y: top + 15, "font-size": 10, "font-weight": 700 }, `${q.number}`));
      quay.append(strip);
      if (q.order) {
        quay.append(svg("text", { x: qx + 1, y: top + 29, "font-size": 9, class: "order", "data-card": q.order.id }, `${q.order.id} ${q.order.vp}VP`));
      }
      q.markers.forEach((seat, m) => quay.append(svg("rect", { x: qx + 1 + m * 10, y: top + 33, width: 8, height: 8, fill: SEAT_COLOURS[seat], stroke: "#000", "stroke-width": 0.5, class: "marker", "data-seat": seat },
        svg("title", {}, `P${seat}'s Influence marker`))));
      const action = quayActions(legal, q.number);
      if (action) {
        const verb = action.split(" ")[0] === "with" ? "swap" : action.split(" ")[0];
        // On the right of the quay's strip, clear of the number, the Order token and the markers;
        // a narrow quay (the upright map) shows an arrow instead of the word.
        const bw2 = qw >= 50 ? 38 : 16;
        const badge = svg("g", { class: "quay-action", "data-action": action, role: "button", tabindex: 0 },
          svg("title", {}, `${ctx.label(action)} (${action})`),
          svg("rect", { x: qx + qw - bw2 - 1, y: top + 5, width: bw2, height: 12, rx: 6, fill: "#1e8449", stroke: "#fff" }),
          svg("text", { x: qx + qw - 1 - bw2 / 2, y: top + 14, "font-size": 8, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, qw >= 50 ? verb : "▶"));
        badge.addEventListener("click", (event) => { event.stopPropagation(); ctx.play(action); });
        badge.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); ctx.play(action); } });
        quay.append(badge);
      }
      group.append(quay);
    });
    loc.meeples.forEach((seat, m) => {
      const hold = words(t.players[seat].hold) || "empty";
      const yours = seat === t.viewer;
      group.append(svg("circle", { cx: x - bw / 2 + 9 + m * 13, cy: top + bh - 8, r: yours ? 6.5 : 5.5, fill: SEAT_COLOURS[seat], stroke: yours ? "#f1c40f" : "#000", "stroke-width": yours ? 2.5 : 1, class: "meeple", "data-seat": seat },
        svg("title", {}, `P${seat}'s ship; hold: ${hold}`)));
    });
    group.append(svg("text", { x: x + bw / 2 - 4, y: top + bh - 4, "font-size": 9, "text-anchor": "end", fill: target ? "#1e8449" : "#567", "font-weight": target ? 700 : 400 }, target ? `▶ ${loc.id}` : loc.id));
    nodes.push(group);
  }
  return svg("svg", { class: "map", viewBox: `0 0 ${g.w} ${g.h}`, role: "img", "aria-label": "board map" }, nodes);
}

function cruiseText(ships) {
  return ships.map((c) => `${c.size} ${c.vp === null ? "?" : c.vp}`).join(", ") || "-";
}

function partsText(parts) {
  return parts ? parts.map(([label, points]) => `${label} ${points}`).join(" · ") : null;
}

function otherBoard(view, t, p, ctx) {
  return playerCard(view, p.seat,
    el("h3", {}, `${seatName(view, p.seat)}${p.first ? " · first player" : ""}`),
    el("div", {}, `${p.track} VP on the track; at the end +`, el("span", { class: "final" }, p.final_points === null ? "?" : p.final_points)),
    el("div", {}, `ship at ${p.location || "-"} · workers ${p.workers} · markers ${p.markers_in_stock} in stock`),
    el("div", {}, "hold: ", cubes(p.hold)),
    el("div", {}, "bonuses: ", cubes(p.bonus)),
    el("div", {}, "orders: ", p.orders.length ? p.orders.map((o) => chip(ctx, o, o)) : "-"),
    el("div", {}, "Port cards: ", p.port_cards.length ? p.port_cards.map((c) => chip(ctx, c.card, `${c.quay}`, `sector-${c.sector}`)) : "-"),
    el("div", { class: "cruise" }, "cruise ships: ", cruiseText(p.cruise_ships)));
}

function ownBoard(view, t, p, ctx) {
  const held = Object.values(p.hold).reduce((a, b) => a + b, 0);
  const parts = (p.score_parts || []).filter(([, points]) => points);
  return playerCard(view, p.seat,
    el("h3", { class: "gd-own-head" },
      svg("svg", { width: 14, height: 14, viewBox: "0 0 14 14", "aria-hidden": "true" }, svg("circle", { cx: 7, cy: 7, r: 6, fill: SEAT_COLOURS[p.seat], stroke: "#000" })),
      ` ${seatName(view, p.seat)}${p.first ? " · first player" : ""}`),
    el("div", { class: "gd-vp" }, el("b", {}, `${p.track} VP`), " on the track; at the end +",
      el("span", { class: "final" }, p.final_points === null ? "?" : p.final_points),
      parts.length ? el("span", { class: "muted gd-parts" }, ` (${partsText(parts)})`) : null),
    el("div", {}, `ship at ${p.location || "-"} · `, el("b", {}, `${p.workers} worker${p.workers === 1 ? "" : "s"}`), ` · ${p.markers_in_stock} markers in stock`),
    el("div", {}, `hold ${held}/${p.cargo_capacity}: `, cubes(p.hold)),
    Object.keys(p.bonus).length ? el("div", {}, "bonuses: ", cubes(p.bonus)) : null,
    el("div", {}, "orders: ", p.orders.length ? p.orders.map((o) => chip(ctx, o, o)) : el("span", { class: "muted" }, "none"),
      " · Port cards: ", p.port_cards.length ? p.port_cards.map((c) => chip(ctx, c.card, `${c.quay}`, `sector-${c.sector}`)) : el("span", { class: "muted" }, "none")),
    el("div", { class: "cruise" }, "cruise ships: ", p.cruise_ships.length
      ? p.cruise_ships.map((c) => chip(ctx, c.card, `${c.size} ${c.vp === null ? "?" : c.vp}`)) : el("span", { class: "muted" }, "none")));
}

function gdansk(view, t, ctx) {
  const seat = t.viewer === undefined ? view.seat : t.viewer;
  const orders = t.locations.flatMap((l) => l.quays).filter((q) => q.order);
  const orderList = el("div", { id: "order-list", class: "muted" }, "Order tokens on the board: ",
    orders.length ? orders.flatMap((q, k) => [k ? "; " : "", el("b", { "data-card": q.order.id }, q.order.id), ` at quay ${q.number}: ${orderText(q.order)}`]) : "none");
  const hint = ctx.play && (t.targets || []).some((x) => ctx.legal.includes(x.action))
    ? el("div", { class: "gd-hint" }, (t.targets[0].action.startsWith("start") ? "Click a location to place your ship there" : "Click an outlined location to move your ship there"), ", or use the buttons.")
    : null;
  const dice = el("div", { class: "card", id: "dice" }, el("h2", {}, "Dice"),
    t.dice.faces.length
      ? [el("div", { class: "dice" }, t.dice.faces.map((f) => el("span", { "data-card": `die_${f}` }, f))),
        el("div", { class: "muted" }, `roll ${t.dice.rolls} of 3 · loading ${t.dice.loading}, movement ${t.dice.movement}, recruitment ${t.dice.recruitment}`)]
      : el("span", { class: "muted" }, "not rolled yet"),
    el("div", { class: "muted legend" }, "L loading, M movement, R recruitment; the number is the symbols"));
  const board = el("div", { class: "card" },
    el("div", {}, `Round ${t.round} · phase ${t.phase}${t.end_triggered ? " · last round" : ""} · components: ${t.components}`),
    el("div", {}, "Unloading zone: ", cubes(t.supply)),
    el("div", { id: "orders" }, `Order tokens: ${t.order_stack.size} in the stack (top ${t.order_stack.top || "-"})`,
      t.boxed_orders.length ? `; boxed ${t.boxed_orders.join(", ")}` : ""),
    el("div", {}, `Port deck: ${t.deck_size} cards · `, el("span", { "data-card": "central_port" }, `Central Port card ${t.central_port_open ? "out" : "not out"}`)),
    el("div", { id: "cruise-piles" }, "Cruise ships left: ", Object.entries(t.cruise_piles).map(([s, n]) => chip(ctx, `${s}_cruise_ship`, `${s} ${n}`))),
    t.removed_sector ? el("div", {}, `Colour sitting out: ${t.removed_sector}`) : null);
  const hr = el("div", { class: "card", id: "hr-panel" }, el("h2", {}, "HR panel"),
    el("div", { class: "muted" }, `swap a marker: ${t.hr_panel.swap_cost} workers · place beside another: ${t.hr_panel.place_cost} workers`),
    el("table", { class: "grid" }, el("tr", {}, el("th", {}, "player"), el("th", {}, "workers"), el("th", {}, "markers in stock"), el("th", {}, "on quays")),
      t.players.map((p) => el("tr", {}, el("td", {}, `P${p.seat}`), el("td", {}, p.workers), el("td", {}, p.markers_in_stock), el("td", {}, p.markers_on_board.join(" ") || "-")))));
  const others = t.players.filter((p) => p.seat !== seat).map((p) => otherBoard(view, t, p, ctx));
  const own = t.players.find((p) => p.seat === seat);
  return {
    table: el("div", {}, el("div", { class: "card" }, legend(view, t), hint, map(view, t, ctx), orderList),
      el("div", { class: "players" }, dice, board, hr), el("div", { class: "players" }, others)),
    own: own ? ownBoard(view, t, own, ctx) : null,
  };
}

window.harborgames.boards.gdansk = {
  draw(view, ctx) {
    return gdansk(view, view.table, ctx);
  },
};
})();
