from karn.ui.cli import main

raise SystemExit(main())
