/** Command ids, shared by the code that registers them and the test that checks package.json. */
export const COMMANDS = {
  explainError: "jaxlsp.explainError",
  restartServer: "jaxlsp.restartServer",
  showOutput: "jaxlsp.showOutput",
} as const;

/** The section of the settings that belongs to this extension and its server. */
export const CONFIG_SECTION = "jaxlsp";
