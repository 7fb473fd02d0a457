/**
 * The settings the server understands, cut out of the `jaxlsp` configuration section.
 *
 * The server warns about keys it does not know, so the client-only key (`trace`) is dropped
 * here, and a wrongly typed value is reported and left out rather than sent. `interpreter` is
 * sent as the client resolved it (the Python the server runs in), so the server matches records
 * to that environment's JAX.
 */
import type { Interpreter } from "./interpreter";

export type Severity = "error" | "warning" | "info" | "hint";

export const SEVERITIES: readonly Severity[] = ["error", "warning", "info", "hint"];

export type PallasTarget = "tpu" | "gpu" | "any" | "unknown";

export const PALLAS_TARGETS: readonly PallasTarget[] = ["tpu", "gpu", "any", "unknown"];

/** What the server reads from `workspace/configuration` (section `jaxlsp`). */
export interface ServerSettings {
  enable?: boolean;
  inlayHints?: boolean;
  debounceMs?: number;
  interpreter?: string;
  select?: string[];
  ignore?: string[];
  severity?: Record<string, Severity>;
  maxFileBytes?: number;
  maxLineLength?: number;
  pallasTarget?: PallasTarget;
  unsafeFixes?: boolean;
  recycle?: boolean;
  recycleRatio?: number;
  recycleMinMiB?: number;
}

/** The server's own limit for `debounceMs`. */
export const MAX_DEBOUNCE_MS = 10_000;

export interface ParsedSettings {
  readonly settings: ServerSettings;
  /** One line per value that was not usable, naming the setting. */
  readonly problems: string[];
}

/** Keys of the `jaxlsp` section that the server reads. */
export const SERVER_KEYS: readonly string[] = [
  "enable",
  "inlayHints",
  "debounceMs",
  "interpreter",
  "select",
  "ignore",
  "severity",
  "maxFileBytes",
  "maxLineLength",
  "pallasTarget",
  "unsafeFixes",
  "recycle",
  "recycleRatio",
  "recycleMinMiB",
];

/** The size limits: whole numbers of at least 1, sent only when set (null leaves pyproject's). */
const LIMIT_KEYS = ["maxFileBytes", "maxLineLength"] as const;

/** The thresholds of the server's recycling, each with its least value. */
const RECYCLE_THRESHOLDS = [
  ["recycleRatio", 1],
  ["recycleMinMiB", 0],
] as const;

/** Keys of the `jaxlsp` section that only the client reads. */
export const CLIENT_ONLY_KEYS: ReadonlySet<string> = new Set(["trace"]);

/**
 * The settings plus the interpreter the server runs in, when it is a plain Python path (a
 * `conda run ...` prefix is not one, and the default `python3` is the server's own Python anyway).
 */
export function withInterpreter(settings: ServerSettings, interpreter: Interpreter | undefined): ServerSettings {
  if (interpreter === undefined || interpreter.source === "default" || interpreter.prefixArgs.length > 0) {
    return settings;
  }
  return { ...settings, interpreter: interpreter.command };
}

/** Reads the server's part of a `jaxlsp` section given as a plain object. */
export function parseServerSettings(section: unknown): ParsedSettings {
  const problems: string[] = [];
  const settings: ServerSettings = {};
  if (section === null || section === undefined) {
    return { settings, problems };
  }
  if (typeof section !== "object" || Array.isArray(section)) {
    return { settings, problems: ["jaxlsp settings must be an object"] };
  }
  const raw = section as Record<string, unknown>;
  const enable = raw["enable"];
  if (typeof enable === "boolean") {
    settings.enable = enable;
  } else if (enable !== undefined && enable !== null) {
    problems.push(`jaxlsp.enable must be true or false; ignoring ${JSON.stringify(enable)}`);
  }
  const unsafeFixes = raw["unsafeFixes"];
  if (typeof unsafeFixes === "boolean") {
    settings.unsafeFixes = unsafeFixes;
  } else if (unsafeFixes !== undefined && unsafeFixes !== null) {
    problems.push(`jaxlsp.unsafeFixes must be true or false; ignoring ${JSON.stringify(unsafeFixes)}`);
  }
  const inlayHints = raw["inlayHints"];
  if (typeof inlayHints === "boolean") {
    settings.inlayHints = inlayHints;
  } else if (inlayHints !== undefined && inlayHints !== null) {
    problems.push(`jaxlsp.inlayHints must be true or false; ignoring ${JSON.stringify(inlayHints)}`);
  }
  const debounce = raw["debounceMs"];
  if (typeof debounce === "number" && Number.isFinite(debounce) && debounce >= 0 && debounce <= MAX_DEBOUNCE_MS) {
    settings.debounceMs = Math.round(debounce);
  } else if (debounce !== undefined && debounce !== null) {
    problems.push(`jaxlsp.debounceMs must be a number from 0 to ${MAX_DEBOUNCE_MS}; ignoring ${JSON.stringify(debounce)}`);
  }
  const select = stringList(raw["select"], "jaxlsp.select", problems, true);
  if (select !== undefined) {
    settings.select = select;
  }
  const ignore = stringList(raw["ignore"], "jaxlsp.ignore", problems, false);
  if (ignore !== undefined && ignore.length > 0) {
    settings.ignore = ignore;
  }
  const severity = severityMap(raw["severity"], problems);
  if (severity !== undefined && Object.keys(severity).length > 0) {
    settings.severity = severity;
  }
  for (const key of LIMIT_KEYS) {
    const limit = raw[key];
    if (typeof limit === "number" && Number.isInteger(limit) && limit >= 1) {
      settings[key] = limit;
    } else if (limit !== undefined && limit !== null) {
      problems.push(`jaxlsp.${key} must be a whole number of at least 1; ignoring ${JSON.stringify(limit)}`);
    }
  }
  const pallasTarget = raw["pallasTarget"];
  if (typeof pallasTarget === "string" && (PALLAS_TARGETS as readonly string[]).includes(pallasTarget)) {
    settings.pallasTarget = pallasTarget as PallasTarget;
  } else if (pallasTarget !== undefined && pallasTarget !== null) {
    problems.push(`jaxlsp.pallasTarget must be one of ${PALLAS_TARGETS.join(", ")}; ignoring ${JSON.stringify(pallasTarget)}`);
  }
  const recycle = raw["recycle"];
  if (typeof recycle === "boolean") {
    settings.recycle = recycle;
  } else if (recycle !== undefined && recycle !== null) {
    problems.push(`jaxlsp.recycle must be true or false; ignoring ${JSON.stringify(recycle)}`);
  }
  for (const [key, least] of RECYCLE_THRESHOLDS) {
    const threshold = raw[key];
    if (typeof threshold === "number" && Number.isFinite(threshold) && threshold >= least) {
      settings[key] = threshold;
    } else if (threshold !== undefined && threshold !== null) {
      problems.push(`jaxlsp.${key} must be a number of at least ${least}; ignoring ${JSON.stringify(threshold)}`);
    }
  }
  return { settings, problems };
}

function stringList(value: unknown, name: string, problems: string[], nullable: boolean): string[] | undefined {
  if (value === undefined || (nullable && value === null)) {
    return undefined;
  }
  if (typeof value === "string") {
    return [value];
  }
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return [...value];
  }
  problems.push(`${name} must be a list of strings; ignoring ${JSON.stringify(value)}`);
  return undefined;
}

function severityMap(value: unknown, problems: string[]): Record<string, Severity> | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    problems.push(`jaxlsp.severity must be an object of code: level; ignoring ${JSON.stringify(value)}`);
    return undefined;
  }
  const result: Record<string, Severity> = {};
  for (const [code, level] of Object.entries(value as Record<string, unknown>)) {
    if (typeof level === "string" && (SEVERITIES as readonly string[]).includes(level)) {
      result[code] = level as Severity;
    } else {
      problems.push(`jaxlsp.severity of ${JSON.stringify(code)} is ${JSON.stringify(level)}; use one of ${SEVERITIES.join(", ")}`);
    }
  }
  return result;
}

/** An item of a `workspace/configuration` request, as far as the answer depends on it. */
export interface ConfigurationItemLike {
  readonly section?: string;
  readonly scopeUri?: string;
}

/**
 * The answer to the server's `workspace/configuration` request: for each `jaxlsp` item the checked
 * server settings of that scope (`readSection` gives the raw section), `null` for other sections.
 */
export function answerConfiguration(
  items: readonly ConfigurationItemLike[],
  readSection: (scopeUri: string | undefined) => unknown,
  report: (problem: string) => void,
  interpreter?: Interpreter,
): (ServerSettings | null)[] {
  return items.map((item) => {
    if (item.section !== "jaxlsp") {
      return null;
    }
    const parsed = parseServerSettings(readSection(item.scopeUri));
    parsed.problems.forEach(report);
    return withInterpreter(parsed.settings, interpreter);
  });
}
