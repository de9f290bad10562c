import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const PYTHON = path.join(ROOT, ".venv/bin/python");

/**
 * Creates a table of the kind a code generator imports (not one of the product's own) in the stack's
 * SQLite database (ops/test runs the browser suites on SQLite under CONSOLE_VAR_DIR).
 */
export function createSampleTable(name: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a table name: ${name}`);
  const varDir = process.env.CONSOLE_VAR_DIR;
  if (!varDir || process.env.CONSOLE_DATABASE_URL) throw new Error("the code generator spec needs the stack's SQLite database (CONSOLE_VAR_DIR)");
  const script = [
    "import sqlite3, sys",
    "db = sqlite3.connect(sys.argv[1])",
    "db.execute(f'CREATE TABLE {sys.argv[2]} (coupon_id INTEGER PRIMARY KEY, coupon_name VARCHAR(60) NOT NULL, "
      + "status CHAR(1), amount NUMERIC(10, 2), valid_until TIMESTAMP, create_time TIMESTAMP)')",
    "db.commit()",
  ].join("\n");
  execFileSync(PYTHON, ["-c", script, path.join(varDir, "console.sqlite3"), name]);
}

/** The paths inside a zip file (read by Python's zipfile, which also proves it is a zip). */
export function zipEntries(file: string): string[] {
  const out = execFileSync(PYTHON, ["-c", "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))", file]);
  return out.toString().split("\n").filter(Boolean);
}

export function readText(file: string): string {
  return readFileSync(file, "utf-8");
}
