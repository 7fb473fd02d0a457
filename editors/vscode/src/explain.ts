/**
 * "JAX: Explain error message": turn what the server's `jaxlsp.explain` command returns (the
 * matches, each with the record rendered as Markdown) or what `jaxlsp explain --json` prints
 * (`{verdict, error, matches}`, each match with the same Markdown and the raw record) into one
 * Markdown page.
 *
 * The answer comes from another process, so every field is checked before use: a missing field
 * leaves out a section, an unknown shape is shown as JSON rather than dropped.
 */

export const EXPLAIN_COMMAND = "jaxlsp.explain";

/** The longest text sent to the server: a whole traceback fits, a pasted log file is cut. */
export const MAX_EXPLAIN_CHARS = 200_000;

/** The text to explain: the selection when there is one, else nothing (ask the user). */
export function textFromSelection(selected: string | undefined): string | undefined {
  if (selected === undefined) {
    return undefined;
  }
  const trimmed = selected.trim();
  if (trimmed === "") {
    return undefined;
  }
  return trimmed.length > MAX_EXPLAIN_CHARS ? trimmed.slice(-MAX_EXPLAIN_CHARS) : trimmed;
}

/** Markdown for the explain result, whatever shape the server gave it. */
export function renderExplanation(query: string, result: unknown): string {
  const heading = `# JAX error explained\n\n${quote(messageLine(query))}\n`;
  if (typeof result === "string") {
    return `${heading}\n${result}\n`;
  }
  const matches = matchList(result);
  if (matches === undefined) {
    return `${heading}\nThe server answered in a form this extension does not know:\n\n${fence(JSON.stringify(result, null, 2), "json")}\n`;
  }
  const verdict = isObject(result) ? text(result["verdict"]) : undefined;
  if (verdict === "not-jax") {
    return `${heading}\nNot a JAX error: nothing in this text comes from JAX.\n`;
  }
  if (matches.length === 0) {
    return `${heading}\nNo record matches this error. Try pasting the last line of the traceback (the exception and its message).\n`;
  }
  const intro = verdict === "no-confident-match" ? "No confident match; the nearest records:\n\n" : "";
  return `${heading}\n${intro}${matches.map((match, index) => renderMatch(match, index + 1)).join("\n---\n\n")}`;
}

function matchList(result: unknown): Record<string, unknown>[] | undefined {
  let list: unknown = result;
  if (isObject(result) && Array.isArray(result["matches"])) {
    list = result["matches"];
  }
  if (!Array.isArray(list) || !list.every(isObject)) {
    return undefined;
  }
  return list;
}

function renderMatch(match: Record<string, unknown>, rank: number): string {
  const record = isObject(match["record"]) ? match["record"] : match;
  const slug = text(match["slug"]) ?? text(record["slug"]) ?? "record";
  const id = text(match["id"]) ?? text(record["id"]);
  const score = typeof match["score"] === "number" ? `, score ${match["score"].toFixed(2)}` : "";
  const kind = text(match["kind"]);
  const how = kind === undefined ? "" : kind === "exact" ? " — exact match" : " — similar message";
  const lines = [`## ${rank}. \`${slug}\`${id === undefined ? "" : ` [${id}]`}${how}${score}`, ""];
  // The server sends each record already rendered (`jaxlsp.records.render`); use its words.
  const markdown = text(match["markdown"]);
  if (markdown !== undefined) {
    return [...lines, markdown, ""].join("\n");
  }
  const errorClass = text(record["errorClass"]);
  const message = text(record["errorMessage"]);
  if (message !== undefined) {
    lines.push(quote(errorClass === undefined ? message : `${errorClass}: ${message}`), "");
  }
  section(lines, "What it means", text(record["documentation"]));
  section(lines, "When it happens", text(record["triggerScenarios"]));
  section(lines, "Common situations", text(record["commonSituations"]));
  const solutions = textList(record["solutions"]);
  if (solutions.length > 0) {
    lines.push("### Solutions", "", ...solutions.map((solution, i) => `${i + 1}. ${solution}`), "");
  }
  const exampleFix = text(record["exampleFix"]);
  if (exampleFix !== undefined) {
    lines.push("### Example fix", "", fence(exampleFix, "python"), "");
  }
  const link = text(record["githubUrl"]);
  const file = text(record["filePath"]);
  if (link !== undefined) {
    lines.push(`Raised at: [${file ?? link}](${link})`, "");
  } else if (file !== undefined) {
    const line = typeof record["lineNumber"] === "number" ? `:${record["lineNumber"]}` : "";
    lines.push(`Raised at: \`${file}${line}\``, "");
  }
  return lines.join("\n");
}

function section(lines: string[], title: string, body: string | undefined): void {
  if (body !== undefined) {
    lines.push(`### ${title}`, "", body, "");
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function messageLine(query: string): string {
  const lines = query.split(/\r?\n/).filter((line) => line.trim() !== "");
  // A traceback's message is on its last line; a bare message is its first.
  const line = (lines.length > 1 ? lines.at(-1) : lines[0]) ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function quote(body: string): string {
  return body
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
}

function fence(body: string, language: string): string {
  const longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const ticks = "`".repeat(longestRun + 1);
  return `${ticks}${language}\n${body}\n${ticks}`;
}
