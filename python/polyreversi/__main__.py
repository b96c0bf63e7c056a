"""``python -m polyreversi`` and the ``polyreversi`` command's entry point (:func:`run`)."""

from polyreversi._status import exit_interrupted


def _interrupt_once(signum: int, frame: object) -> None:
    """The first Ctrl-C of a command: every command ends on it (status 130, keeping what
    it wrote), so every later SIGINT is ignored from this moment on. Python's own handler
    raised a second KeyboardInterrupt wherever the cleanup of the first was (a records
    file's closing and renaming: selfplay lost its file when two arrived at once)."""
    import signal

    from polyreversi._status import quiet_raced_signals

    quiet_raced_signals()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def run() -> None:
    """Runs the command line (:data:`polyreversi.cli.main`). The entry point is this
    function, not the click group itself, so that a Ctrl-C while the command line is
    still being imported (click, the package) is exit status 130 with no traceback, as
    a Ctrl-C once it runs is (:class:`polyreversi.cli._Main`)."""
    try:
        import signal

        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not ignored by the parent
            signal.signal(signal.SIGINT, _interrupt_once)
        from polyreversi.cli import main
    except KeyboardInterrupt:
        exit_interrupted()
    try:
        main()
    except KeyboardInterrupt:  # between click's handlers, e.g. while it prints
        exit_interrupted()


if __name__ == "__main__":
    run()
