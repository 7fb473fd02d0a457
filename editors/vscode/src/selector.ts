/**
 * The documents the client hands to jaxlsp: Python files (saved or untitled) and the Python cells
 * of notebooks.
 *
 * A `jupyter-notebook` is synced whole (`notebookDocument/*`), because the server advertises
 * notebook sync for it: its code cells are analysed as one module. The notebook filter below is
 * what makes hovers, code actions and pulled diagnostics go to the server for those cells (their
 * URIs have the `vscode-notebook-cell` scheme, which the file filters do not match). Cells of
 * other notebooks (the interactive window) match it too and are sent as separate documents.
 */
export const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "python" },
  { scheme: "untitled", language: "python" },
  { notebook: "*", language: "python" },
] as const;

