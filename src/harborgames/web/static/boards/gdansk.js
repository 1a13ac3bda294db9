// The gdansk board (static/boards/gdansk.js): draws view.table of gdansk for the page.
// Owned by the ipgd helper; the interface it implements is written at the top of ../app.js and
// in docs/web.md: it registers window.harborgames.boards.gdansk.draw(view, ctx) -> { table, own }.
"use strict";
(() => {
const { el, svg, goods, seatName, playerCard, SEAT_COLOURS, NARROW } = window.harborgames.kit;

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
  const others = players.filter((_, seat) => seat !== view.seat);
  return { table: el("div", {}, el("div", { class: "card" }, map, orderList), el("div", { class: "players" }, dice, board, hr), el("div", { class: "players" }, others)), own: players[view.seat] || null };
}


window.harborgames.boards.gdansk = {
  // gdansk returns { table, own }: the table without the viewer's card, and that card
  draw(view, ctx) {
    return gdansk(view, view.table);
  },
};
})();
