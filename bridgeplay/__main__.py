from bridgeplay.cli import run

run()
