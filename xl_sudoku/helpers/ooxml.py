"""Parts of an Office Open XML package (a zip), read and written (helpers layer).

The builder adds the ribbon after XlsxWriter; batch mode puts the ribbon back after
openpyxl, which keeps ``customUI/customUI14.xml`` but drops its relationship. Both
write packages the same way: ``[Content_Types].xml`` and ``_rels/.rels`` first, then
the other parts sorted, each dated 1980-01-01, so the same parts give the same bytes.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Final

FIXED_DATE: Final = (1980, 1, 1, 0, 0, 0)
RIBBON_TYPES: Final = (
    "http://schemas.microsoft.com/office/2007/relationships/ui/extensibility",  # customUI14
    "http://schemas.microsoft.com/office/2006/relationships/ui/extensibility",  # customUI
)
_RELATIONSHIP: Final = re.compile(r"<Relationship\b[^>]*/>")


def read_parts(package: bytes) -> dict[str, bytes]:
    """Every part of a package, by name, in the package's order."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def write_parts(parts: dict[str, bytes]) -> bytes:
    """A package of these parts, in a fixed order with fixed dates."""
    first = [name for name in ("[Content_Types].xml", "_rels/.rels") if name in parts]
    order = [*first, *sorted(name for name in parts if name not in first)]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o600 << 16
            archive.writestr(info, parts[name])
    return out.getvalue()


def relationships(rels: str) -> list[dict[str, str]]:
    """The relationships of a ``.rels`` part, each as its attributes."""
    found = []
    for element in _RELATIONSHIP.findall(rels):
        found.append(dict(re.findall(r'(\w+)="([^"]*)"', element)))
    return found


def add_relationship(rels: str, identifier: str, kind: str, target: str) -> str:
    """The ``.rels`` text with a relationship added, unless one of that kind and target is there."""
    if any(r.get("Type") == kind and r.get("Target") == target for r in relationships(rels)):
        return rels
    element = f'<Relationship Id="{identifier}" Type="{kind}" Target="{target}"/>'
    return rels.replace("</Relationships>", element + "</Relationships>")


def ribbons(package: bytes) -> dict[str, tuple[str, bytes]]:
    """The ribbon parts of a package: target -> (relationship type, content)."""
    parts = read_parts(package)
    found = {}
    for relationship in relationships(parts.get("_rels/.rels", b"").decode("utf-8")):
        target = relationship.get("Target", "").lstrip("/")
        if relationship.get("Type") in RIBBON_TYPES and target in parts:
            found[target] = (relationship["Type"], parts[target])
    return found


def with_ribbons(package: bytes, ribbon_parts: dict[str, tuple[str, bytes]]) -> bytes:
    """The package with these ribbon parts and their relationships in place."""
    if not ribbon_parts:
        return package
    parts = read_parts(package)
    rels = parts["_rels/.rels"].decode("utf-8")
    for number, (target, (kind, content)) in enumerate(sorted(ribbon_parts.items()), 1):
        parts[target] = content
        rels = add_relationship(rels, f"rIdRibbon{number}", kind, target)
    parts["_rels/.rels"] = rels.encode("utf-8")
    return write_parts(parts)
