"""Exit statuses of the command line, known before anything heavy is imported (the
entry point, :mod:`polyreversi.__main__`, needs them while the rest still loads)."""
import signal

#: The exit status after Ctrl-C: 128 + SIGINT, as a shell reports a process stopped by it.
INTERRUPTED = 128 + signal.SIGINT
