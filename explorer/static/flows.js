// Damage as it flows: an arrow from the units that dealt damage in the step just taken to each of their
// targets, in the colour of the dealing side (blue: the attacking player, red: the defending one). The board
// lists the flows in its data-flows attribute (the badges on the targets say the same without a script).
// Shared by the live board (board.js) and the exported battle page; plain script, nothing fetched.
function drawFlows(board) {
  const old = board.querySelector(":scope > svg.flows");
  if (old) old.remove();
  let flows = [];
  try {
    flows = JSON.parse(board.dataset.flows || "[]");
  } catch (error) {
    return;
  }
  flows = flows.filter((f) => f.sources.length);
  if (!flows.length || !board.offsetParent) return;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "flows");
  svg.setAttribute("aria-hidden", "true");
  const frame = board.getBoundingClientRect();
  const centre = (node) => {
    const r = node.getBoundingClientRect();
    return [r.left - frame.left + r.width / 2, r.top - frame.top + r.height / 2];
  };
  const find = (key) => board.querySelector(`[data-key="${CSS.escape(key)}"]`);
  const attacker = Number(board.dataset.attacker);
  for (const flow of flows) {
    const target = find(flow.target);
    const sources = flow.sources.map(find).filter(Boolean);
    if (!target || !sources.length) continue;
    const points = sources.map(centre);
    const from = [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
    const to = centre(target);
    const dx = to[0] - from[0];
    const dy = to[1] - from[1];
    const length = Math.hypot(dx, dy);
    if (length < 12) continue;
    const ux = dx / length;
    const uy = dy / length;
    const tip = [to[0] - ux * 8, to[1] - uy * 8];
    const side = flow.side === attacker ? "by-att" : "by-def";
    const line = document.createElementNS(ns, "line");
    line.setAttribute("class", side);
    line.setAttribute("x1", from[0]);
    line.setAttribute("y1", from[1]);
    line.setAttribute("x2", tip[0] - ux * 8);
    line.setAttribute("y2", tip[1] - uy * 8);
    svg.appendChild(line);
    const head = document.createElementNS(ns, "polygon");
    const back = [tip[0] - ux * 12, tip[1] - uy * 12];
    head.setAttribute("class", side);
    head.setAttribute(
      "points",
      `${tip[0]},${tip[1]} ${back[0] - uy * 6},${back[1] + ux * 6} ${back[0] + uy * 6},${back[1] - ux * 6}`,
    );
    svg.appendChild(head);
  }
  board.appendChild(svg);
}
