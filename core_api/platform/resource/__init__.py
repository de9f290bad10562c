"""A business resource is one declaration: its model, its fields, its permission prefix and its extras.

``Resource(...)`` gives the spec's six calls at ``/admin/{name}`` (list by GET or POST, one record,
create, update, delete, shelf toggle), the xlsx export, the change history of a record, the metadata
the screens are drawn from, their OpenAPI (through the ordinary ``Api``) and the operation log. A field
is one ``F(...)`` line: it shows up in the list, the filters, the form, the export and the documents.

What differs per resource is written by hand beside the declaration: ``check`` (extra rules before a
write) and ``Action`` entries that describe hand-written calls (audit, block, send alarm) to the screens.

The parts, each in its own module of this package:

- ``declaration.py``: ``Resource(...)`` and ``Action``; declaring a resource checks it, registers it and makes
  its models and calls.
- ``fields.py``: ``F(...)`` and what a field's kind means: the python type a body takes, its rules (never beyond
  what the column holds) and how a row shows it (masks, times).
- ``kinds.py``: the field kinds features register (a region's code, a shop's id, a goods category's id: the
  platform knows none of them by name) and what each means for a body, a filter, a write and the rows.
- ``registry.py``: the declared resources, and the hooks features set at start for the app users.
- ``query.py``: the list call: its query model, its conditions and the key naming them, its total (tally,
  kept or counted).
- ``values.py``: a write: the body models, the checked values (dictionaries, app users, coordinates, the
  registered kinds' values), and the ids a body names.
- ``routes.py``: the six calls, the export and the change history of every resource.
- ``meta.py``: what the screens are drawn from (``/admin/resources/meta``).
- ``partner_feed.py``: ``Partner(...)``: the app's server writes a declared resource's records.

Features import from the package itself: the names below are the ones they use.
"""

from core_api.platform.resource.declaration import Action, Resource
from core_api.platform.resource.fields import PERSONAL_DATA, F, column_limits, mask
from core_api.platform.resource.kinds import KINDS, Kind, carry, register_kind
from core_api.platform.resource.meta import meta_api
from core_api.platform.resource.partner_feed import Partner, partner_api
from core_api.platform.resource.registry import PARTNER_ACTING, PARTNER_USERS, REGISTRY
from core_api.platform.resource.routes import CONFLICT, SHELF_OFF, SHELF_ON
from core_api.platform.resource.values import owned, unknown_app_users

__all__ = [
    "CONFLICT",
    "KINDS",
    "PARTNER_ACTING",
    "PARTNER_USERS",
    "PERSONAL_DATA",
    "REGISTRY",
    "SHELF_OFF",
    "SHELF_ON",
    "Action",
    "F",
    "Kind",
    "Partner",
    "Resource",
    "carry",
    "column_limits",
    "mask",
    "meta_api",
    "owned",
    "partner_api",
    "register_kind",
    "unknown_app_users",
]
