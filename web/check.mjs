// The web check's Node side (tools/web.py check runs it): boot the npm Pyodide the page would
// load, give it the built app, the test data and the pyxel stand-in, run web/workloads.py there.
//   node web/check.mjs PYODIDE_VERSION APP.pyxapp TESTS_DATA CONSTANTS.json WEB_DIR
// The last line of stdout is the workloads' JSON; the workloads' progress goes to stderr.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [expected, app, data, constants, webDir] = process.argv.slice(2);

// The browser's localStorage, which Node lacks: game/data/storage.py reaches it through `js`.
class MemoryStorage {
  #items = new Map();
  get length() { return this.#items.size; }
  key(i) { return [...this.#items.keys()][i] ?? null; }
  getItem(k) { return this.#items.has(k) ? this.#items.get(k) : null; }
  setItem(k, v) { this.#items.set(String(k), String(v)); }
  removeItem(k) { this.#items.delete(k); }
}
globalThis.localStorage = new MemoryStorage();

const started = Date.now();
let stdout = "";
const py = await loadPyodide({
  stdout: (line) => { stdout += line + "\n"; },
  stderr: (line) => process.stderr.write(line + "\n"),
});
if (py.version !== expected) {
  console.error(`this Pyodide is ${py.version}, the page loads ${expected}: run npm ci in web/`);
  process.exit(2);
}
process.stderr.write(`Pyodide ${py.version} booted in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const { FS } = py;
for (const [host, mount] of [[data, "/check/data"], [webDir, "/check/web"]]) {
  FS.mkdirTree(mount);
  FS.mount(FS.filesystems.NODEFS, { root: host }, mount);
}
FS.writeFile("/check/app.pyxapp", readFileSync(app));
FS.writeFile("/check/constants.json", readFileSync(constants));
try {
  py.runPython(`
import runpy, sys
sys.argv = ["workloads.py", "/check/app.pyxapp", "/check/data", "/check/constants.json", "/tmp/check"]
runpy.run_path("/check/web/workloads.py", run_name="__main__")
`);
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
process.stdout.write(stdout);
