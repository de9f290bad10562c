import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const PYTHON = path.join(ROOT, ".venv/bin/python");

/**
 * Creates a table of the kind a code generator imports (not one of the product's own) in the stack's database:
 * PostgreSQL when CONSOLE_DATABASE_URL names one, else the SQLite file under CONSOLE_VAR_DIR (ops/test runs the
 * browser suite on both).
 */
export function createSampleTable(name: string): void {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a table name: ${name}`);
  const ddl = `CREATE TABLE ${name} (coupon_id INTEGER PRIMARY KEY, coupon_name VARCHAR(60) NOT NULL, `
    + "status CHAR(1), amount NUMERIC(10, 2), valid_until TIMESTAMP, create_time TIMESTAMP)";
  const databaseUrl = process.env.CONSOLE_DATABASE_URL;
  if (databaseUrl) {
    const script = [
      "import asyncio, asyncpg, sys",
      "async def main():",
      "    conn = await asyncpg.connect(sys.argv[1])",
      "    await conn.execute(sys.argv[2])",
      "    await conn.close()",
      "asyncio.run(main())",
    ].join("\n");
    execFileSync(PYTHON, ["-c", script, databaseUrl, ddl]);
    return;
  }
  const varDir = process.env.CONSOLE_VAR_DIR;
  if (!varDir) throw new Error("the code generator spec needs the stack's database (CONSOLE_VAR_DIR or CONSOLE_DATABASE_URL)");
  const script = "import sqlite3, sys\ndb = sqlite3.connect(sys.argv[1])\ndb.execute(sys.argv[2])\ndb.commit()";
  execFileSync(PYTHON, ["-c", script, path.join(varDir, "console.sqlite3"), ddl]);
}

/** The paths inside a zip file (read by Python's zipfile, which also proves it is a zip). */
export function zipEntries(file: string): string[] {
  const out = execFileSync(PYTHON, ["-c", "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))", file]);
  return out.toString().split("\n").filter(Boolean);
}

export function readText(file: string): string {
  return readFileSync(file, "utf-8");
}
