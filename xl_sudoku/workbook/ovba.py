"""A VBA project from module sources, per [MS-OVBA] (workbook builder layer).

The project carries source code only, no compiled p-code: ``_VBA_PROJECT`` is the
7-byte header with version 0xFFFF and every module's text offset is 0, as in xlwings'
own standalone template and LibreOffice's export, so Excel compiles the source when it
opens the workbook. Streams: ``PROJECT`` (text), ``PROJECTwm`` (names),
``VBA/_VBA_PROJECT``, ``VBA/dir`` (compressed records) and one compressed stream per
module. Everything derives from the sources, the project GUID included (a hash), so the
same sources give the same bytes.
"""

from __future__ import annotations

import hashlib
import struct
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .cfb import write_compound_file

ModuleKind = Literal["procedural", "document", "class"]

WORKBOOK_BASE = "0{00020819-0000-0000-C000-000000000046}"
SHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"
CLASS_BASE = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"
CODEPAGE = 1252

#: references every Excel VBA project carries: OLE Automation (stdole) and the Office
#: object library, whose IRibbonControl type the ribbon callbacks use; each as Excel
#: itself writes it (xlwings' Excel-saved xlwings.xlam: the Office library's version is
#: 2.0, which every Office resolves to the one installed; 2.8 would be missing on an
#: Office older than 2016, and the project would not compile)
REFERENCES = (
    (
        "stdole",
        "*\\G{00020430-0000-0000-C000-000000000046}#2.0#0#C:\\Windows\\System32\\stdole2.tlb"
        "#OLE Automation",
    ),
    (
        "Office",
        "*\\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#0#C:\\Program Files\\Common Files"
        "\\Microsoft Shared\\OFFICE16\\MSO.DLL#Microsoft Office 16.0 Object Library",
    ),
)


@dataclass(frozen=True, slots=True)
class Module:
    """One VBA module: its name, kind and source text (``Attribute VB_Name`` first)."""

    name: str
    kind: ModuleKind
    source: str


def document_module(name: str, workbook: bool) -> Module:
    """The (empty) code module behind the workbook or a sheet."""
    base = WORKBOOK_BASE if workbook else SHEET_BASE
    lines = [
        f'Attribute VB_Name = "{name}"',
        f'Attribute VB_Base = "{base}"',
        "Attribute VB_GlobalNameSpace = False",
        "Attribute VB_Creatable = False",
        "Attribute VB_PredeclaredId = True",
        "Attribute VB_Exposed = True",
        "Attribute VB_TemplateDerived = False",
        "Attribute VB_Customizable = True",
    ]
    return Module(name, "document", "\r\n".join(lines) + "\r\n")


def class_module(exported: str) -> Module:
    """A class module from its exported ``.cls`` text, with the attributes Excel stores:
    the ``VERSION ... END`` header goes, the ``VB_Base`` of a class comes in, and so do
    ``VB_TemplateDerived`` and ``VB_Customizable`` (False) if the text lacks them."""
    lines = exported.replace("\r\n", "\n").split("\n")
    if lines and lines[0].startswith("VERSION "):
        end = lines.index("END")
        lines = lines[end + 1 :]
    name = lines[0].split('"')[1]
    body = [line for line in lines[1:] if not line.startswith("Attribute VB_Base")]
    # Excel stores two attributes an exported .cls leaves out, after VB_Exposed
    missing = [
        f"Attribute {key} = False"
        for key in ("VB_TemplateDerived", "VB_Customizable")
        if not any(line.startswith(f"Attribute {key} ") for line in body)
    ]
    exposed = next(
        (i for i, line in enumerate(body) if line.startswith("Attribute VB_Exposed ")), -1
    )
    body[exposed + 1 : exposed + 1] = missing
    lines = [lines[0], f'Attribute VB_Base = "{CLASS_BASE}"', *body]
    return Module(name, "class", "\r\n".join(lines))


def procedural_module(source: str) -> Module:
    """A standard module from its ``.bas`` text."""
    text = source.replace("\r\n", "\n").replace("\n", "\r\n")
    first = text.split("\r\n", 1)[0]
    if not first.startswith('Attribute VB_Name = "'):
        raise ValueError("a module's source starts with its Attribute VB_Name line")
    return Module(first.split('"')[1], "procedural", text)


# --- [MS-OVBA] 2.4.1 compression ----------------------------------------------------------


def compress(data: bytes) -> bytes:
    """The compressed container of ``data``: a signature byte and 4096-byte chunks."""
    out = bytearray(b"\x01")
    for start in range(0, len(data), 4096):
        out += _compress_chunk(data[start : start + 4096])
    return bytes(out)


def _compress_chunk(chunk: bytes) -> bytes:
    body = bytearray()
    position = 0
    while position < len(chunk):
        flags = 0
        tokens = bytearray()
        for bit in range(8):
            if position >= len(chunk):
                break
            offset, length = _longest_match(chunk, position)
            if length >= 3:
                bit_count = max((position - 1).bit_length(), 4)
                length_mask = 0xFFFF >> bit_count
                token = ((offset - 1) << (16 - bit_count)) | (length - 3)
                assert length - 3 <= length_mask
                tokens += struct.pack("<H", token)
                flags |= 1 << bit
                position += length
            else:
                tokens.append(chunk[position])
                position += 1
        body.append(flags)
        body += tokens
    if len(body) > 4096 and len(chunk) == 4096:  # incompressible: store it raw
        return struct.pack("<H", 0x3000 | (4096 + 2 - 3)) + chunk
    return struct.pack("<H", 0xB000 | (len(body) + 2 - 3)) + bytes(body)


def _longest_match(chunk: bytes, position: int) -> tuple[int, int]:
    """The (offset, length) of the longest earlier copy of the bytes at ``position``."""
    if position == 0:
        return 0, 0
    bit_count = max((position - 1).bit_length(), 4)
    max_length = (0xFFFF >> bit_count) + 3
    max_offset = 1 << bit_count
    best_offset = best_length = 0
    limit = min(max_length, len(chunk) - position)
    window_start = max(0, position - max_offset)
    # candidates: earlier positions that start with the same three bytes
    key = chunk[position : position + 3]
    if len(key) < 3:
        return 0, 0
    candidate = chunk.rfind(key, window_start, position + 2)
    while candidate != -1 and candidate >= window_start:
        if candidate < position:
            length = 3
            while length < limit and chunk[candidate + length] == chunk[position + length]:
                length += 1
            if length > best_length:
                best_offset, best_length = position - candidate, length
                if length == limit:
                    break
        candidate = (
            chunk.rfind(key, window_start, candidate + 2) if candidate > window_start else -1
        )
    return best_offset, best_length


# --- [MS-OVBA] 2.4.3 data encryption (CMG, DPB, GC) ------------------------------------------


def encrypt(data: bytes, project_id: str, seed: int) -> str:
    """The hex text of ``data`` encrypted as the PROJECT stream's CMG, DPB and GC are."""
    version = 2
    project_key = sum(project_id.encode("ascii")) & 0xFF
    out = [seed, seed ^ version, seed ^ project_key]
    unencrypted_1 = project_key
    encrypted_1 = out[2]
    encrypted_2 = out[1]
    ignored = (seed & 6) // 2
    plain = bytes(ignored) + struct.pack("<I", len(data)) + data
    for byte in plain:
        encrypted = byte ^ ((encrypted_2 + unencrypted_1) & 0xFF)
        out.append(encrypted)
        encrypted_2, encrypted_1, unencrypted_1 = encrypted_1, encrypted, byte
    return bytes(out).hex().upper()


def decrypt(text: str, project_id: str) -> bytes:
    """The data behind an encrypted CMG, DPB or GC value (the inverse of ``encrypt``)."""
    raw = bytes.fromhex(text)
    seed, version_enc, key_enc = raw[0], raw[1], raw[2]
    if seed ^ version_enc != 2 or seed ^ key_enc != sum(project_id.encode("ascii")) & 0xFF:
        raise ValueError("not an [MS-OVBA] encrypted value for this project")
    unencrypted_1, encrypted_1, encrypted_2 = seed ^ key_enc, key_enc, version_enc
    plain = bytearray()
    for byte in raw[3:]:
        decrypted = byte ^ ((encrypted_2 + unencrypted_1) & 0xFF)
        plain.append(decrypted)
        encrypted_2, encrypted_1, unencrypted_1 = encrypted_1, byte, decrypted
    ignored = (seed & 6) // 2
    length = struct.unpack("<I", plain[ignored : ignored + 4])[0]
    return bytes(plain[ignored + 4 : ignored + 4 + length])


# --- the project's streams --------------------------------------------------------------------


def _record(record_id: int, payload: bytes) -> bytes:
    return struct.pack("<HI", record_id, len(payload)) + payload


def _text(value: str) -> bytes:
    return value.encode("cp1252")


def _unicode(value: str) -> bytes:
    return value.encode("utf-16-le")


def dir_stream(modules: Sequence[Module]) -> bytes:
    """The uncompressed ``dir`` stream: project information, references, modules."""
    out = bytearray()
    out += _record(0x0001, struct.pack("<I", 3))  # SYSKIND: 64-bit Windows
    out += _record(0x0002, struct.pack("<I", 0x0409))  # LCID
    out += _record(0x0014, struct.pack("<I", 0x0409))  # LCIDINVOKE
    out += _record(0x0003, struct.pack("<H", CODEPAGE))  # CODEPAGE
    out += _record(0x0004, _text("VBAProject"))  # NAME
    out += _record(0x0005, b"") + _record(0x0040, b"")  # DOCSTRING and its Unicode twin
    out += _record(0x0006, b"") + _record(0x003D, b"")  # HELPFILEPATH 1 and 2
    out += _record(0x0007, struct.pack("<I", 0))  # HELPCONTEXT
    out += _record(0x0008, struct.pack("<I", 0))  # LIBFLAGS
    out += struct.pack("<HIIH", 0x0009, 4, 1, 0)  # VERSION: reserved size 4, major, minor
    out += _record(0x000C, b"") + _record(0x003C, b"")  # CONSTANTS and Unicode
    for name, libid in REFERENCES:
        out += _record(0x0016, _text(name)) + _record(0x003E, _unicode(name))
        registered = struct.pack("<I", len(libid)) + _text(libid) + struct.pack("<IH", 0, 0)
        out += _record(0x000D, registered)
    out += _record(0x000F, struct.pack("<H", len(modules)))  # MODULES count
    out += _record(0x0013, struct.pack("<H", 0xFFFF))  # PROJECTCOOKIE
    for module in modules:
        out += _record(0x0019, _text(module.name))  # MODULENAME
        out += _record(0x0047, _unicode(module.name))  # MODULENAMEUNICODE
        out += _record(0x001A, _text(module.name)) + _record(0x0032, _unicode(module.name))
        out += _record(0x001C, b"") + _record(0x0048, b"")  # DOCSTRING and Unicode
        out += _record(0x0031, struct.pack("<I", 0))  # OFFSET: no p-code before the source
        out += _record(0x001E, struct.pack("<I", 0))  # HELPCONTEXT
        out += _record(0x002C, struct.pack("<H", 0xFFFF))  # COOKIE
        out += _record(0x0021 if module.kind == "procedural" else 0x0022, b"")  # TYPE
        out += _record(0x002B, b"")  # terminator
    out += _record(0x0010, b"")  # end of dir
    return bytes(out)


def project_id(modules: Sequence[Module]) -> str:
    """A GUID derived from the sources: the same project, the same bytes."""
    digest = hashlib.sha256("\0".join(m.name + "\0" + m.source for m in modules).encode())
    return "{" + str(uuid.UUID(bytes=digest.digest()[:16])).upper() + "}"


def project_stream(modules: Sequence[Module], guid: str) -> bytes:
    """The ``PROJECT`` stream: module list, name, protection state, host and workspace."""
    seed = int(guid[1:3], 16)  # any byte will do; one from the GUID keeps builds equal
    unprotected = encrypt(bytes(4), guid, seed)
    no_password = encrypt(bytes(1), guid, seed ^ 0x11)
    visible = encrypt(bytes([0xFF]), guid, seed ^ 0x22)
    lines = [f'ID="{guid}"']
    for module in modules:
        if module.kind == "document":
            lines.append(f"Document={module.name}/&H00000000")
        elif module.kind == "class":
            lines.append(f"Class={module.name}")
        else:
            lines.append(f"Module={module.name}")
    lines += [
        'Name="VBAProject"',
        'HelpContextID="0"',
        'VersionCompatible32="393222000"',
        f'CMG="{unprotected}"',
        f'DPB="{no_password}"',
        f'GC="{visible}"',
        "",
        "[Host Extender Info]",
        "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000",
        "",
        "[Workspace]",
        *(f"{m.name}=0, 0, 0, 0, C" for m in modules),
        "",
    ]
    return "\r\n".join(lines).encode("cp1252")


def project_wm_stream(modules: Sequence[Module]) -> bytes:
    """The ``PROJECTwm`` stream: each module's name in the code page and in UTF-16."""
    out = bytearray()
    for module in modules:
        out += _text(module.name) + b"\0" + _unicode(module.name) + b"\0\0"
    return bytes(out + b"\0\0")


def vba_project(modules: Sequence[Module]) -> bytes:
    """The bytes of ``vbaProject.bin`` holding these modules."""
    names = [m.name for m in modules]
    if len({n.lower() for n in names}) != len(names):
        raise ValueError(f"module names repeat: {names}")
    guid = project_id(modules)
    vba: dict[str, bytes] = {
        "_VBA_PROJECT": bytes([0xCC, 0x61, 0xFF, 0xFF, 0x00, 0x01, 0x00]),
        "dir": compress(dir_stream(modules)),
    }
    for module in modules:
        vba[module.name] = compress(module.source.encode("cp1252"))
    return write_compound_file(
        {
            "PROJECT": project_stream(modules, guid),
            "PROJECTwm": project_wm_stream(modules),
            "VBA": vba,
        }
    )
