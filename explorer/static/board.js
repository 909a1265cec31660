// The board of every game's panel: draws the HTML the kernel renders (with the damage flows of flows.js,
// which is joined in front of this module) and sends clicks and keys back; saves the files the kernel sends
// (an exported battle, a lesson) through the browser's own download. Hand-written ES module, no build step
// and nothing fetched: it works offline, in JupyterLab, in Voila and on Binder.

const KEYS = { ArrowRight: "step", ArrowLeft: "back", Enter: "commit", Escape: "clear" };

function download({ filename, text, mime }) {
  const url = URL.createObjectURL(new Blob([text], { type: mime || "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "att-widget";
  root.tabIndex = 0;
  el.appendChild(root);

  const flows = () => root.querySelectorAll(".att-board").forEach((board) => drawFlows(board));
  const draw = () => {
    root.innerHTML = model.get("html");
    root.dataset.version = String(model.get("version"));
    root.dataset.drawnAt = String(performance.now());
    const selected = model.get("selected");
    if (selected) {
      const node = root.querySelector(`[data-key="${CSS.escape(selected)}"]`);
      if (node) node.classList.add("selected");
    }
    requestAnimationFrame(flows);
  };

  const onClick = (event) => {
    const node = event.target.closest("[data-key]");
    if (!node || !root.contains(node)) return;
    event.stopPropagation();
    root.dataset.clickedAt = String(performance.now());
    model.send({ event: "click", key: node.dataset.key, shift: event.shiftKey });
  };

  const send = (event) => {
    if (!KEYS[event.key]) return;
    event.preventDefault();
    model.send({ event: "key", command: KEYS[event.key] });
  };
  const onKey = (event) => {
    event.stopPropagation(); // handled here: the page's own listener must not send it twice
    send(event);
  };
  // In presenter mode (Voila, the panel marked tower-present) the arrow keys step from anywhere on the page,
  // except while typing in a control; in JupyterLab the board takes them once clicked. The panel must be on the
  // screen, not the board: a teacher scrolled down to the panel's buttons, the board above, still steps.
  const onPageKey = (event) => {
    const panel = root.closest(".tower-present");
    if (!panel || !root.isConnected) return;
    const box = panel.getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) return; // another panel of the page is shown
    if (event.target.closest && event.target.closest("input, select, textarea, [contenteditable]")) return;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") send(event);
  };
  const onMessage = (message) => {
    if (message && message.event === "download") download(message);
  };

  const resized = new ResizeObserver(() => requestAnimationFrame(flows));
  resized.observe(root);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  const present = model.get("page_keys");
  if (present) document.addEventListener("keydown", onPageKey);
  // Every board the kernel sends comes with a new version (html and selected change with it, in one message):
  // drawn once, even when it is the same board again (data-version then says it has been drawn).
  model.on("change:version", draw);
  model.on("msg:custom", onMessage);
  draw();
  return () => {
    resized.disconnect();
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    if (present) document.removeEventListener("keydown", onPageKey);
    model.off("change:version", draw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
