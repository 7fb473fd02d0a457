;; init.el: run jaxlsp for Python buffers with eglot (built into Emacs 29+).
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((python-mode python-ts-mode) . ("python3" "-P" "-m" "jaxlsp" "serve"))))
(setq-default eglot-workspace-configuration '(:jaxlsp (:debounceMs 0)))
(add-hook 'python-mode-hook #'eglot-ensure)
(add-hook 'python-ts-mode-hook #'eglot-ensure)
