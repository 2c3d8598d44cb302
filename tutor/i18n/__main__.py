"""``python -m tutor.i18n update|extract|compile|check``: see :mod:`tutor.i18n.catalogs`."""

from tutor.i18n.catalogs import main

raise SystemExit(main())
