"""Rich text is sanitised on the way in: an allow-list of tags, attributes, styles and URL schemes.

Every field declared rich text takes the type ``RichText`` (a resource's ``richtext`` kind, a config page's
``kind="richtext"``, notices, rich texts): the gate cleans it while it validates the request, so no handler can
store it raw. The app renders these fields as HTML."""

from __future__ import annotations

from typing import Annotated

import nh3
from pydantic import AfterValidator

from core_api.platform.schema import strip_control

TAGS = {
    "p", "br", "span", "strong", "b", "em", "i", "u", "s", "strike", "sub", "sup", "blockquote", "pre", "code",
    "ol", "ul", "li", "h1", "h2", "h3", "h4", "h5", "h6", "a", "img", "video", "source", "hr", "table", "thead",
    "tbody", "tr", "th", "td", "div",
}
ATTRIBUTES = {
    "*": {"style", "class"},
    "a": {"href", "title", "target"},
    "img": {"src", "alt", "title", "width", "height"},
    "video": {"src", "controls", "width", "height", "poster"},
    "source": {"src", "type"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan"},
    "ol": {"start"},
}
STYLES = {"color", "background-color", "text-align", "font-size", "font-weight", "padding-left", "text-decoration"}


def sanitise(html: str) -> str:
    return nh3.clean(
        strip_control(html),  # a control character is never markup, and breaks exports and PostgreSQL
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        filter_style_properties=STYLES,
        link_rel="noopener noreferrer",
    )


# A rich-text (HTML) field: sanitised as it is validated (scripts, event handlers and unknown schemes go; control
# characters are dropped instead of refused).
RichText = Annotated[str, AfterValidator(sanitise)]
