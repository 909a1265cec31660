// The Attack the Tower board: draws the HTML the kernel renders and sends clicks back.
// Hand-written ES module, no build step and nothing fetched: it works offline and on Binder.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "att-widget";
  root.tabIndex = 0;
  el.appendChild(root);

  const draw = () => {
    root.innerHTML = model.get("html");
    root.dataset.version = String(model.get("version"));
    root.dataset.drawnAt = String(performance.now());
    const selected = model.get("selected");
    if (selected) {
      const node = root.querySelector(`[data-key="${CSS.escape(selected)}"]`);
      if (node) node.classList.add("selected");
    }
  };

  const onClick = (event) => {
    const node = event.target.closest("[data-key]");
    if (!node || !root.contains(node)) return;
    event.stopPropagation();
    root.dataset.clickedAt = String(performance.now());
    model.send({ event: "click", key: node.dataset.key, shift: event.shiftKey });
  };

  const onKey = (event) => {
    const keys = { ArrowRight: "step", ArrowLeft: "back", Enter: "commit", Escape: "clear" };
    if (keys[event.key]) {
      event.preventDefault();
      model.send({ event: "key", command: keys[event.key] });
    }
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  model.on("change:html", draw);
  model.on("change:selected", draw);
  draw();
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    model.off("change:html", draw);
    model.off("change:selected", draw);
  };
}

export default { render };
