"""``python -m polyreversi`` and the ``polyreversi`` command's entry point (:func:`run`)."""

from polyreversi._status import exit_interrupted


def run() -> None:
    """Runs the command line (:data:`polyreversi.cli.main`). The entry point is this
    function, not the click group itself, so that a Ctrl-C while the command line is
    still being imported (click, the package) is exit status 130 with no traceback, as
    a Ctrl-C once it runs is (:class:`polyreversi.cli._Main`)."""
    try:
        from polyreversi.cli import main
    except KeyboardInterrupt:
        exit_interrupted()
    try:
        main()
    except KeyboardInterrupt:  # between click's handlers, e.g. while it prints
        exit_interrupted()


if __name__ == "__main__":
    run()
