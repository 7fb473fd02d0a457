;;; emacs_driver.el --- drive eglot against jaxlsp, configured by editors/emacs/jaxlsp-eglot.el
;; Run: emacs -Q --batch -l emacs_driver.el, with SNIPPET, PY, FILE, OUT, ELPA in the environment.
;; Loads the README's snippet as a user would, points its server command at PY, opens FILE,
;; waits for jaxlsp's diagnostics through flymake, hovers `shard_map', and writes what it saw to
;; OUT as JSON for test_emacs.py to judge.

(add-to-list 'package-directory-list (getenv "ELPA"))
(package-initialize)
(require 'eglot)
(require 'python)
(require 'json)

(defvar jaxlsp-e2e-report nil)
(defun jaxlsp-e2e-put (key value) (push (cons key value) jaxlsp-e2e-report))
(defun jaxlsp-e2e-write ()
  (with-temp-file (getenv "OUT") (insert (json-encode jaxlsp-e2e-report))))

(condition-case err
    (progn
      (load (getenv "SNIPPET") nil t)
      ;; The snippet says "python3"; the test's Python is the one with jaxlsp.
      (setf (alist-get '(python-mode python-ts-mode) eglot-server-programs nil nil #'equal)
            (list (getenv "PY") "-P" "-m" "jaxlsp" "serve"))
      (find-file (getenv "FILE"))
      (jaxlsp-e2e-put "mode" (symbol-name major-mode))
      (apply #'eglot (eglot--guess-contact))
      (let ((deadline (+ (float-time) 120)) diagnostics)
        (while (and (null diagnostics) (< (float-time) deadline))
          (accept-process-output nil 0.05)
          (flymake-start)
          (setq diagnostics (flymake-diagnostics)))
        (jaxlsp-e2e-put
         "diagnostics"
         (vconcat (mapcar (lambda (d)
                            (list (cons "text" (flymake-diagnostic-text d))
                                  (cons "line" (line-number-at-pos (flymake-diagnostic-beg d)))))
                          diagnostics))))
      (goto-char (point-min))
      (search-forward "jax.shard_map(")
      (backward-char 3)
      (let* ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                     (eglot--TextDocumentPositionParams)))
             (contents (plist-get hover :contents)))
        (jaxlsp-e2e-put "hover" (if (stringp contents) contents (plist-get contents :value))))
      ;; What the server said about the settings eglot sent (workspace/configuration).
      (jaxlsp-e2e-put
       "events"
       (let ((events (seq-find (lambda (buffer)
                                 (string-match-p "^\\*EGLOT .* events\\*$" (buffer-name buffer)))
                               (buffer-list))))
         (if events (with-current-buffer events (buffer-string)) "")))
      (jaxlsp-e2e-put "configuration" (default-value 'eglot-workspace-configuration))
      (eglot-shutdown (eglot-current-server)))
  (error (jaxlsp-e2e-put "error" (format "%S" err))))
(jaxlsp-e2e-write)
