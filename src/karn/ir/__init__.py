"""The ability IR (plain frozen data): see :mod:`karn.ir.nodes`."""

from karn.ir.nodes import *  # noqa: F401,F403
from karn.ir.nodes import __doc__ as _nodes_doc  # noqa: F401
