const frames = Array.from(document.querySelectorAll('.frame'));
const where = document.getElementById('where');
const prev = document.getElementById('prev');
const next = document.getElementById('next');
const predict = document.getElementById('predict');
let at = 0;
function concealed(frame) {
  const result = frame.querySelector('.result');
  return Boolean(result && result.hidden);
}
function reveal(frame) {
  const result = frame.querySelector('.result');
  if (result) result.hidden = false;
  const button = frame.querySelector('button.reveal');
  if (button) button.hidden = true;
  frame.querySelectorAll('.att-board').forEach((board) => drawFlows(board));
}
function show(k) {
  at = Math.max(0, Math.min(frames.length - 1, k));
  frames.forEach((f, j) => { f.hidden = j !== at; });
  const frame = frames[at];
  const result = frame.querySelector('.result');
  if (result && !(predict && predict.checked)) reveal(frame);
  where.textContent = `step ${at} of ${frames.length - 1}` + (concealed(frame) ? ' (result hidden)' : '');
  prev.disabled = at === 0;
  next.disabled = at === frames.length - 1 && !concealed(frame);
  frame.querySelectorAll('.att-board').forEach((board) => drawFlows(board));
}
function forward() {
  if (concealed(frames[at])) { reveal(frames[at]); show(at); } else { show(at + 1); }
}
prev.addEventListener('click', () => show(at - 1));
next.addEventListener('click', forward);
document.querySelectorAll('button.reveal').forEach((b) => b.addEventListener('click', () => {
  reveal(frames[at]); show(at);
}));
if (predict) predict.addEventListener('change', () => show(at));
window.addEventListener('resize', () => show(at));
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight') forward();
  if (e.key === 'ArrowLeft') show(at - 1);
});
show(Number(location.hash.slice(1)) || 0);
