// Pyodide under node, loaded once, answering the Lite tests' requests (tests/lite).
//
//   node pyodide_session.mjs PYODIDE_DIR MICROPIP_WHEEL WHEEL TESTS_DIR LITE_DIR
//
// Loads Pyodide from the npm package in PYODIDE_DIR, micropip from its wheel (the npm
// package has no micropip: Pyodide would fetch it from its CDN), installs WHEEL (the built
// xl-sudoku wheel) with micropip: from its address when WHEEL is one (http://..., as
// xlwings Lite installs a requirements.txt line), else from the file; mounts the
// repository's tests/ and lite/
// folders (tests/ only: xl_sudoku must come from the wheel), and imports
// tests.lite.inside. Then each line of standard input is a request (JSON) for
// inside.handle, and each answer one line of standard output:
// {"ok": ANSWER, "cpu_ms": ..., "wall_ms": ...} or {"error": "..."}; cpu_ms is this
// process's CPU time (user and system) over the request. Python's own output goes to
// standard error. The first line out says it is ready, and what it loaded.
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const [pyodideDir, micropipWheel, wheel, testsDir, liteDir] = process.argv.slice(2);
const started = process.cpuUsage();
const wallStarted = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  stdout: (text) => process.stderr.write(text + "\n"),
  stderr: (text) => process.stderr.write(text + "\n"),
});
const loaded = process.cpuUsage(started);
const fromAddress = /^https?:\/\//.test(wheel);
const mounts = { "/w/tests": testsDir, "/lite": liteDir };
if (!fromAddress) mounts["/dist"] = path.dirname(wheel);
for (const [where, root] of Object.entries(mounts)) {
  py.FS.mkdirTree(where);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, where);
}
await py.loadPackage(micropipWheel, { messageCallback: (m) => process.stderr.write(m + "\n") });
await py.runPythonAsync(`
import micropip
await micropip.install(${JSON.stringify(fromAddress ? wheel : `emfs:/dist/${path.basename(wheel)}`)})
import sys
sys.path.append("/w")
from tests.lite.inside import handle
`);
const ready = process.cpuUsage(started);
const cpu = (usage) => (usage.user + usage.system) / 1000;
process.stdout.write(
  JSON.stringify({
    ready: true,
    pyodide: py.version,
    python: py.runPython("import sys; sys.version.split()[0]"),
    micropip: py.runPython("import micropip; micropip.__version__"),
    installed: py.runPython(
      "import micropip; p = micropip.list()['xl-sudoku']; f'{p.version} {p.source}'",
    ),
    load_cpu_ms: cpu(loaded),
    ready_cpu_ms: cpu(ready),
    ready_wall_ms: performance.now() - wallStarted,
  }) + "\n",
);

const lines = readline.createInterface({ input: process.stdin, terminal: false });
for await (const line of lines) {
  if (!line.trim()) continue;
  const before = process.cpuUsage();
  const wall = performance.now();
  let answer;
  try {
    py.globals.set("request_line", line);
    answer = { ok: JSON.parse(py.runPython("handle(request_line)")) };
  } catch (error) {
    answer = { error: String(error) };
  }
  answer.cpu_ms = cpu(process.cpuUsage(before));
  answer.wall_ms = performance.now() - wall;
  process.stdout.write(JSON.stringify(answer) + "\n");
}
