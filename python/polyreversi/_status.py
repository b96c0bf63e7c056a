"""Exit statuses of the command line, known before anything heavy is imported (the
entry point, :mod:`polyreversi.__main__`, needs them while the rest still loads)."""

#: The exit status after Ctrl-C: 128 + SIGINT, as a shell reports a process stopped by it.
#: SIGINT is 2 on every platform Python runs on; written out so that the entry point
#: imports nothing (not even signal) before its Ctrl-C handling is in place.
INTERRUPTED = 128 + 2
