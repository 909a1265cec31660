"""Runs the malformed-input corpus (tests/malformed_inputs.py) and judges each result.

CLI and explorer cases run in worker processes (`python tests/malformed_runner.py WORKDIR INDEX...`), each
with an address-space limit set by `resource.setrlimit`; a worker runs many cases, one at a time, each
under a SIGALRM time limit, and reports one JSON line per case. The parent gives every case a deadline
too: a worker that stops answering is killed, its case counted as a hang, and a new worker takes the rest.
Cases that need a process of their own (a FIFO, a closed or full stdout) run as `python -m rules.cli`.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import select
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SECONDS = 5.0
"""Each input is handled within this much processor time (the interpreter's start-up not counted)."""

WALL_SECONDS = 30.0
"""A case still running after this long on the clock is stopped as a hang (reading a FIFO takes no processor
time; the machine may be shared, so processor time is what the 5 s budget counts)."""

MEGABYTES = 500
"""Each input is handled within this much memory (peak resident set of the process)."""

ADDRESS_SPACE = 3 * 1024**3
"""The hard address-space limit of every process (numpy and scipy reserve much more than they use)."""

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Result:
    """What one input did, judged."""

    index: int
    name: str
    category: str
    exit_code: int | None
    message: str
    seconds: float
    megabytes: float
    traceback: bool = False
    hang: bool = False
    out_of_memory: bool = False
    state_lost: bool = False
    accepted: bool = False
    unnamed: bool = False

    @property
    def ok(self) -> bool:
        return not (
            self.traceback or self.hang or self.out_of_memory or self.state_lost or self.accepted or self.unnamed
        )


class _Timeout(BaseException):
    """Raised by SIGALRM inside a case that runs too long (a BaseException: nothing catches it by mistake)."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _peak_kilobytes() -> int:
    """The peak resident set of this process's own memory (VmHWM). `ru_maxrss` is no use here: Linux keeps
    it across fork and exec, so a worker started from a large test process would report that one's size."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _peak_megabytes() -> float:
    return _peak_kilobytes() / 1024


# ---- in a worker --------------------------------------------------------------------------------------
def _digest(paths: Iterable[str]) -> dict[str, object]:
    """What each watched node holds or is, read without opening anything but a regular file (opening a FIFO
    would wait): a file's bytes; a FIFO's, a device's or a link's type, device number and target."""
    out: dict[str, object] = {}
    for p in paths:
        with contextlib.suppress(OSError):
            info = os.lstat(p)
            if stat.S_ISREG(info.st_mode):
                out[p] = Path(p).read_bytes()
            else:
                out[p] = (info.st_mode, info.st_rdev, os.readlink(p) if stat.S_ISLNK(info.st_mode) else "")
    return out


_SILENT: list[str] = []


def _hold_connections(server: socket.socket) -> None:
    """Accept every connection and never answer or close it (until the worker ends)."""
    held = []
    while True:
        held.append(server.accept()[0])


def _silent_address() -> str:
    """The address of a port on loopback that accepts connections and never answers (one per worker)."""
    if not _SILENT:
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(16)
        threading.Thread(target=_hold_connections, args=(server,), daemon=True).start()
        _SILENT.append(f"tcp://127.0.0.1:{server.getsockname()[1]}")
    return _SILENT[0]


def _run_cli(argv: Sequence[str], *, with_output: bool = False) -> tuple[int | None, str, bool]:
    """(exit code, stderr - after stdout when `with_output` -, a traceback escaped) of `tower-rules ARGV`,
    in this process."""
    from rules.cli import main
    from tests.malformed_doors import SILENT

    argv = [_silent_address() if a == SILENT else a for a in argv]
    out, err = io.StringIO(), io.StringIO()
    escaped = False
    code: int | None = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except (_Timeout, MemoryError):
            raise
        except BaseException as exc:
            escaped = True
            err.write(f"Traceback (escaped): {type(exc).__name__}: {exc}")
    return code, (out.getvalue() if with_output else "") + err.getvalue(), escaped


def _explorer(game: str) -> Any:
    if game == "attack-the-tower":
        from explorer.attack_the_tower.explorer import Explorer

        return Explorer("mid-game-battle")
    if game == "the-tower":
        from explorer.the_tower.explorer import TheTowerExplorer

        return TheTowerExplorer("fight-in-progress")
    from explorer.tower_defense.explorer import TowerDefenseExplorer

    return TowerDefenseExplorer("busy-board")


def _panel(game: str) -> Any:
    if game == "attack-the-tower":
        from explorer.attack_the_tower.panel import AttackTheTowerPanel

        return AttackTheTowerPanel("mid-game-battle")
    if game == "the-tower":
        from explorer.the_tower.panel import TheTowerPanel

        return TheTowerPanel("fight-in-progress")
    from explorer.tower_defense.panel import TowerDefensePanel

    return TowerDefensePanel("busy-board")


def _snapshot(explorer: Any) -> tuple[object, ...]:
    session = explorer.session
    return (explorer.state, session.cursor, session.current_branch, tuple(session.line), tuple(session.branches))


def _run_call(call: Sequence[Any], kwargs: Sequence[tuple[str, Any]] = ()) -> tuple[bool, str, bool, bool]:
    """(refused, message, a traceback escaped, state lost) of one explorer or panel call."""
    from rules.core.errors import RulesError

    game, method, *args = call
    named = dict(kwargs)
    if method.startswith("panel."):
        panel = _panel(game)
        before = _snapshot(panel.explorer)
        try:
            getattr(panel, method.removeprefix("panel."))(*args, **named)
        except (_Timeout, MemoryError):
            raise
        except BaseException as exc:
            return True, f"{type(exc).__name__}: {exc}", True, False
        message = re.sub(r"<[^>]+>", "", str(panel.message.value))
        lost = _snapshot(panel.explorer) != before
        return "refused" in message, message, False, lost
    explorer = _explorer(game)
    with contextlib.suppress(RulesError, ValueError):
        explorer.auto()  # a line of one step, so that going back and forth means something
    before = _snapshot(explorer)
    try:
        getattr(explorer, method)(*args, **named)
    except (_Timeout, MemoryError):
        raise
    except (RulesError, ValueError, KeyError, IndexError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        return True, str(message), False, _snapshot(explorer) != before
    except BaseException as exc:
        return True, f"{type(exc).__name__}: {exc}", True, _snapshot(explorer) != before
    return False, "", False, _snapshot(explorer) != before


def run_in_worker(index: int, case: Any) -> Result:
    """Run one case in this process and judge it."""
    start = time.process_time()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, WALL_SECONDS)
    watched = _digest(case.watched)
    code: int | None = None
    message, escaped, lost, hang, oom = "", False, False, False, False
    try:
        if case.argv:
            code, message, escaped = _run_cli(case.argv, with_output=case.succeeds)
            refused = code not in (0, None)
        else:
            refused, message, escaped, lost = _run_call(case.call, case.kwargs)
            code = None
    except _Timeout:
        hang, refused = True, True
    except MemoryError:
        oom, refused = True, True
    except Exception as exc:  # the case's own set-up failed: reported, never hidden
        refused, escaped, message = True, True, f"Traceback (set-up): {type(exc).__name__}: {exc}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.process_time() - start
    megabytes = _peak_megabytes()
    lost = lost or _digest(case.watched) != watched
    return judge(index, case, code, refused, message, escaped, lost, hang, oom, seconds, megabytes)


def _alarm(_signum: int, _frame: object) -> None:
    raise _Timeout


def judge(
    index: int,
    case: Any,
    code: int | None,
    refused: bool,
    message: str,
    escaped: bool,
    lost: bool,
    hang: bool,
    oom: bool,
    seconds: float,
    megabytes: float,
) -> Result:
    """The verdict on one run: each way a bad input can hurt, checked."""
    traceback = escaped or "Traceback" in message or "too large to work through" in message
    raw_controls = re.search(r"[\x00-\x08\x0b-\x1f\x7f]", message) is not None
    return Result(
        index=index,
        name=case.name,
        category=case.category,
        exit_code=code,
        message=message[-600:],
        seconds=round(seconds, 3),
        megabytes=round(megabytes, 1),
        traceback=traceback,
        hang=hang or seconds > SECONDS,
        out_of_memory=oom or megabytes > MEGABYTES,
        state_lost=lost,
        accepted=not refused and not hang and not getattr(case, "succeeds", False),
        unnamed=_unclear(case, refused, hang or traceback, raw_controls, message),
    )


def _unclear(case: Any, refused: bool, failed: bool, raw_controls: bool, message: str) -> bool:
    """A refusal (or, for an input to be handled, the run's output) that does not name the problem in the
    case's words, or that writes raw control characters; an input to be handled that was refused is
    counted here too."""
    if failed:
        return False
    if getattr(case, "succeeds", False):
        return refused or raw_controls or re.search(case.expect, message) is None
    return refused and (raw_controls or re.search(case.expect, message) is None)


def _warm_up(workdir: Path) -> None:
    """Import and load everything a case may need once, so that no case pays for the first import."""
    from rules.tower_defense import examples
    from rules.tower_defense.game import POSITION

    good = workdir / "warm-up.json"
    good.write_text(POSITION.text(examples.example("busy-board")))
    _run_cli(("tower-defense", "validate", str(good)))
    for game in ("attack-the-tower", "the-tower", "tower-defense"):
        _run_cli((game, "example", "--list"))
        _panel(game)


def worker_main(argv: Sequence[str]) -> int:
    """`python tests/malformed_runner.py WORKDIR INDEX...`: one JSON line per case."""
    _limit_memory()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests import malformed_inputs

    workdir = Path(argv[0])
    cases = malformed_inputs.build(workdir)
    _warm_up(workdir)
    real_stdout = sys.stdout
    for text in argv[1:]:
        index = int(text)
        result = run_in_worker(index, cases[index])
        real_stdout.write(json.dumps(asdict(result)) + "\n")
        real_stdout.flush()
    return 0


# ---- in the parent --------------------------------------------------------------------------------------
def run_own_process(index: int, case: Any, workdir: Path, startup: float) -> Result:
    """A case that needs its own `python -m rules.cli` process."""
    argv = [a for a in case.argv if a not in ("--closed-stdout", "--full-stdout")]
    if "fifo" in case.name:
        fifo = Path(argv[2])
        if not fifo.exists():
            os.mkfifo(fifo)
    stdout: Any = subprocess.PIPE
    if "--closed-stdout" in case.argv:
        stdout = subprocess.DEVNULL
    elif "--full-stdout" in case.argv:
        stdout = open("/dev/full", "wb")  # noqa: SIM115 - closed below
    close_stdout = "--closed-stdout" in case.argv
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-c", _CLOSED_STDOUT if close_stdout else _PLAIN, *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=_limit_memory,
    )
    hang = False
    try:
        _, err = process.communicate(timeout=WALL_SECONDS + 60)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
        hang = True
    finally:
        if hasattr(stdout, "close"):
            stdout.close()
    message = err.decode("utf-8", "replace")
    peak = re.search(r"\[peak (\d+) ([\d.]+)\]", message)
    megabytes = int(peak.group(1)) / 1024 if peak else 0.0
    seconds = float(peak.group(2)) - startup if peak else time.perf_counter() - start
    message = re.sub(r"\s*\[peak [\d.]+ [\d.]+\]", "", message)
    code = process.returncode
    return judge(index, case, code, code != 0, message, False, False, hang, False, max(0.0, seconds), megabytes)


_PEAK = (
    "import atexit, resource, sys; from tests.malformed_runner import _peak_kilobytes; "
    "atexit.register(lambda: sys.stderr.write('\\n[peak %d %.3f]' % (_peak_kilobytes(), "
    "resource.getrusage(resource.RUSAGE_SELF).ru_utime + resource.getrusage(resource.RUSAGE_SELF).ru_stime)))"
)
_PLAIN = _PEAK + "; from rules.cli import main; sys.exit(main(sys.argv[1:]))"
_CLOSED_STDOUT = (
    _PEAK + "; import os; os.close(1); sys.stdout = None; from rules.cli import main; sys.exit(main(sys.argv[1:]))"
)


def measure_startup() -> float:
    """Seconds `python -m rules.cli` takes to start and print its help (subtracted from own-process runs)."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", _PLAIN, "attack-the-tower", "--help"], cwd=ROOT, capture_output=True, check=False
    )
    return time.perf_counter() - start


def run_cases(
    workdir: Path, indices: Sequence[int], *, on_result: Callable[[Result], None] | None = None
) -> list[Result]:
    """Run the given cases of the corpus (built under `workdir`) and judge each."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests import malformed_inputs

    cases = malformed_inputs.build(workdir)
    results: list[Result] = []
    own = [i for i in indices if cases[i].own_process]
    pending = [i for i in indices if not cases[i].own_process]
    while pending:
        results += _worker_batch(workdir, pending, cases, on_result)
        done = {r.index for r in results}
        pending = [i for i in pending if i not in done]
    if own:
        startup = measure_startup()
        for i in own:
            results.append(run_own_process(i, cases[i], workdir, startup))
            if on_result:
                on_result(results[-1])
    return sorted(results, key=lambda r: r.index)


def _worker_batch(
    workdir: Path, indices: Sequence[int], cases: Sequence[Any], on_result: Callable[[Result], None] | None
) -> list[Result]:
    """Feed cases to one worker until it finishes or stops answering (that case is then a hang)."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), str(workdir), *map(str, indices)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=env,
        preexec_fn=_limit_memory,
    )
    assert process.stdout is not None
    results: list[Result] = []
    first_deadline = 120.0  # the worker imports everything before the first case
    buffer = b""
    waiting = list(indices)
    while waiting:
        deadline = first_deadline if not results else WALL_SECONDS + 15
        ready, _, _ = select.select([process.stdout], [], [], deadline)
        if not ready:
            process.kill()
            process.wait()
            i = waiting[0]
            results.append(judge(i, cases[i], None, True, "no answer", False, False, True, False, deadline, 0.0))
            if on_result:
                on_result(results[-1])
            return results
        chunk = os.read(process.stdout.fileno(), 65536)
        if not chunk:  # the worker died (out of memory past its limit, or killed)
            process.wait()
            i = waiting[0]
            results.append(judge(i, cases[i], None, True, "the worker died", True, False, False, True, 0.0, 0.0))
            if on_result:
                on_result(results[-1])
            return results
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            result = Result(**json.loads(line))
            results.append(result)
            waiting.remove(result.index)
            if on_result:
                on_result(result)
    process.wait()
    return results


def summary(results: Sequence[Result]) -> str:
    """The one line the corpus test prints: how many inputs, and how many of each kind of failure."""
    return (
        f"malformed-input corpus: {len(results)} inputs, "
        f"{sum(r.traceback for r in results)} tracebacks, {sum(r.hang for r in results)} hangs, "
        f"{sum(r.out_of_memory for r in results)} out-of-memory, {sum(r.state_lost for r in results)} state lost, "
        f"{sum(r.accepted for r in results)} accepted bad inputs, {sum(r.unnamed for r in results)} refusals "
        f"not naming the problem; slowest {max((r.seconds for r in results), default=0):.2f} s, "
        f"peak {max((r.megabytes for r in results), default=0):.0f} MB"
    )


def by_category(results: Sequence[Result]) -> str:
    """How many inputs of each category ran."""
    counts = Counter(r.category for r in results)
    return ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))


def run_all() -> int:
    """`python tests/malformed_runner.py --all` (make conformance): every input, each failure listed, then
    the summary line; exit 1 when any input hurt."""
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests import malformed_inputs

    with tempfile.TemporaryDirectory(prefix="malformed-") as folder:
        workdir = Path(folder)
        cases = malformed_inputs.build(workdir)
        results = run_cases(workdir, range(len(cases)))
    for r in results:
        if not r.ok:
            print(f"FAILED {r.name}: {failures(r)}; {r.message.strip()[-300:]!r}")
    print(by_category(results))
    print(summary(results))
    return 0 if all(r.ok for r in results) else 1


def failures(result: Result) -> str:
    """The ways one input hurt, in words."""
    kinds = ("traceback", "hang", "out_of_memory", "state_lost", "accepted", "unnamed")
    return ", ".join(k.replace("_", " ") for k in kinds if getattr(result, k)) or "none"


if __name__ == "__main__":
    if sys.argv[1:] == ["--all"]:
        raise SystemExit(run_all())
    raise SystemExit(worker_main(sys.argv[1:]))
