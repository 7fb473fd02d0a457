import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * A Python that has jaxlsp installed: $JAXLSP_PYTHON, else the repository's .venv.
 * Undefined when neither exists; tests that need it skip and say why.
 */
export function pythonWithJaxlsp(): string | undefined {
  const candidates = [process.env["JAXLSP_PYTHON"], path.resolve(__dirname, "../../../../.venv/bin/python")];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === "" || !fs.existsSync(candidate)) {
      continue;
    }
    try {
      execFileSync(candidate, ["-c", "import jaxlsp"], { stdio: "ignore" });
      return candidate;
    } catch {
      continue;
    }
  }
  return undefined;
}

export const NO_JAXLSP_PYTHON = "no Python with jaxlsp: set JAXLSP_PYTHON or create the repository's .venv";
