from polyreversi.cli import main

main()
