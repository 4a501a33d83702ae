from paris_score_cli.app import main

main()
