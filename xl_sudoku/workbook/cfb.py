"""A writer for compound files, [MS-CFB] version 3 (workbook builder layer).

``vbaProject.bin`` inside an ``.xlsm`` is a compound file: a little FAT file system of
storages (folders) and streams (files). No package on PyPI writes one well, so this
module writes it from the specification: 512-byte sectors, a FAT, a mini FAT and mini
stream for streams under 4096 bytes, and a directory whose entries form a red-black
tree per storage. The output depends only on the input: no timestamps, no CLSIDs.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from dataclasses import dataclass, field

SECTOR = 512
MINI_SECTOR = 64
MINI_CUTOFF = 4096
FREE = 0xFFFFFFFF
END_OF_CHAIN = 0xFFFFFFFE
FAT_SECTOR = 0xFFFFFFFD
NO_STREAM = 0xFFFFFFFF
SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")

Tree = Mapping[str, "bytes | Tree"]  # a storage: names to streams (bytes) or storages


@dataclass
class _Entry:
    name: str
    kind: int  # 1 storage, 2 stream, 5 root
    data: bytes = b""
    children: list[int] = field(default_factory=list)
    left: int = NO_STREAM
    right: int = NO_STREAM
    child: int = NO_STREAM
    black: bool = True
    start: int = END_OF_CHAIN
    size: int = 0


def _order(name: str) -> tuple[int, str]:
    """[MS-CFB] 2.6.4: shorter names first, then by upper-cased characters."""
    return (len(name), name.upper())


def write_compound_file(tree: Tree) -> bytes:
    """The bytes of a compound file holding ``tree`` (names to bytes or to sub-trees)."""
    entries = [_Entry("Root Entry", 5)]
    _add(entries, 0, tree)
    for entry in entries:
        if entry.kind != 2:
            entry.child = _red_black(
                entries, sorted(entry.children, key=lambda i: _order(entries[i].name))
            )
    # sectors: big streams, then the mini stream, the mini FAT, the directory, the FAT
    sectors = _Sectors()
    mini_fat_start, mini_fat_count = _place_streams(entries, sectors)
    directory = b"".join(_directory_entry(e) for e in entries)
    padding = (-len(entries)) % (SECTOR // 128)
    directory_start = sectors.allocate(directory + _directory_entry(None) * padding)
    fat_start, fat_count = sectors.close()
    difat = [fat_start + i for i in range(fat_count)] + [FREE] * (109 - fat_count)
    header = (
        SIGNATURE
        + bytes(16)  # CLSID
        + struct.pack("<HHHHH", 0x003E, 0x0003, 0xFFFE, 9, 6)  # minor, major, order, shifts
        + bytes(6)
        + struct.pack("<II", 0, fat_count)  # directory sectors (0 in v3), FAT sectors
        + struct.pack("<II", directory_start, 0)  # first directory sector, transaction
        + struct.pack("<III", MINI_CUTOFF, mini_fat_start, mini_fat_count)
        + struct.pack("<II", END_OF_CHAIN, 0)  # no DIFAT sectors
        + b"".join(struct.pack("<I", v) for v in difat)
    )
    assert len(header) == SECTOR
    return header + b"".join(sectors.sectors)


class _Sectors:
    """The sectors after the header, and the FAT that chains them."""

    def __init__(self) -> None:
        self.sectors: list[bytes] = []
        self.fat: list[int] = []

    def allocate(self, data: bytes, marker: int | None = None) -> int:
        """Append ``data`` in whole sectors, chained in the FAT; returns the first sector."""
        count = max(1, -(-len(data) // SECTOR))
        first = len(self.sectors)
        padded = data.ljust(count * SECTOR, b"\0")
        for i in range(count):
            self.sectors.append(padded[i * SECTOR : (i + 1) * SECTOR])
            chained = first + i + 1 if i < count - 1 else END_OF_CHAIN
            self.fat.append(marker if marker is not None else chained)
        return first

    def close(self) -> tuple[int, int]:
        """Append the FAT, which covers every sector, its own included; returns its first
        sector and how many it takes."""
        fat_count = 1
        while (len(self.sectors) + fat_count) > fat_count * (SECTOR // 4):
            fat_count += 1
        if fat_count > 109:
            raise ValueError("compound file too large for a header-only DIFAT")
        fat_start = len(self.sectors)
        self.fat.extend([FAT_SECTOR] * fat_count)
        self.fat.extend([FREE] * (fat_count * (SECTOR // 4) - len(self.fat)))
        fat_bytes = b"".join(struct.pack("<I", v) for v in self.fat)
        for i in range(fat_count):
            self.sectors.append(fat_bytes[i * SECTOR : (i + 1) * SECTOR])
        return fat_start, fat_count


def _place_streams(entries: list[_Entry], sectors: _Sectors) -> tuple[int, int]:
    """Place every stream: big ones in sectors of their own, small ones in the mini
    stream (the root entry's); returns the mini FAT's first sector and sector count."""
    mini_stream = bytearray()
    mini_fat: list[int] = []
    for entry in entries:
        if entry.kind != 2:
            continue
        entry.size = len(entry.data)
        if entry.size >= MINI_CUTOFF:
            entry.start = sectors.allocate(entry.data)
        elif entry.size:
            count = -(-entry.size // MINI_SECTOR)
            entry.start = len(mini_fat)
            for i in range(count):
                mini_fat.append(entry.start + i + 1 if i < count - 1 else END_OF_CHAIN)
            mini_stream += entry.data.ljust(count * MINI_SECTOR, b"\0")
    root = entries[0]
    if mini_stream:
        root.start = sectors.allocate(bytes(mini_stream))
        root.size = len(mini_stream)
    if not mini_fat:
        return END_OF_CHAIN, 0
    raw = b"".join(struct.pack("<I", v) for v in mini_fat)
    count = -(-len(raw) // SECTOR)
    return sectors.allocate(raw.ljust(count * SECTOR, b"\xff")), count


def _add(entries: list[_Entry], parent: int, tree: Tree) -> None:
    for name, value in tree.items():
        if len(name) > 31:
            raise ValueError(f"compound file names are at most 31 characters: {name!r}")
        index = len(entries)
        if isinstance(value, bytes | bytearray):
            entries.append(_Entry(name, 2, bytes(value)))
            entries[parent].children.append(index)
        else:
            entries.append(_Entry(name, 1))
            entries[parent].children.append(index)
            _add(entries, index, value)


def _red_black(entries: list[_Entry], ordered: list[int]) -> int:
    """Link ``ordered`` siblings as a balanced search tree that is a valid red-black tree:
    every node black but those on the deepest level of a tree that is not full."""
    if not ordered:
        return NO_STREAM
    height = len(ordered).bit_length()
    full = len(ordered) == (1 << height) - 1

    def build(items: list[int], depth: int) -> int:
        if not items:
            return NO_STREAM
        middle = len(items) // 2
        node = items[middle]
        entries[node].left = build(items[:middle], depth + 1)
        entries[node].right = build(items[middle + 1 :], depth + 1)
        entries[node].black = full or depth < height - 1
        return node

    return build(ordered, 0)


def _directory_entry(entry: _Entry | None) -> bytes:
    if entry is None:  # an unused slot
        return (
            bytes(64)
            + struct.pack("<HBB", 0, 0, 0)
            + struct.pack("<III", NO_STREAM, NO_STREAM, NO_STREAM)
            + bytes(16 + 4 + 16)
            + struct.pack("<IQ", 0, 0)
        )
    name = entry.name.encode("utf-16-le") + b"\0\0"
    return (
        name.ljust(64, b"\0")
        + struct.pack("<HBB", len(name), entry.kind, 1 if entry.black else 0)
        + struct.pack("<III", entry.left, entry.right, entry.child)
        + bytes(16)  # CLSID
        + struct.pack("<I", 0)  # state bits
        + bytes(16)  # creation and modification times
        + struct.pack("<IQ", entry.start if entry.kind != 1 else 0, entry.size)
    )
