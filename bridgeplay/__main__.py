from bridgeplay.cli import main

main()
