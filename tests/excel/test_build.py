"""The built workbook, read back by independent readers."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import olefile
import pytest
import xlwings
import xmlschema
from oletools.olevba import VBA_Parser, decompress_stream

from xl_sudoku.workbook import ovba
from xl_sudoku.workbook.build import RIBBON_PART, RIBBON_RELATIONSHIP, build, modules

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "workbook" / "sudoku.xlsm"


@pytest.fixture(scope="module")
def built() -> bytes:
    return build()


def vba_bin(xlsm: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(xlsm)) as package:
        return package.read("xl/vbaProject.bin")


@pytest.mark.slow
def test_the_build_is_reproducible_and_committed(built: bytes) -> None:
    assert build() == built, "two builds of the same sources differ"
    assert COMMITTED.read_bytes() == built, (
        "workbook/sudoku.xlsm is stale: run 'make workbook' and commit it"
    )


@pytest.mark.slow
def test_olevba_reads_every_module_as_its_source(built: bytes) -> None:
    expected = {m.name: m.source for m in modules()}
    parser = VBA_Parser("sudoku.xlsm", data=built)
    found = {}
    for _, stream, _, code in parser.extract_macros():
        found[stream.split("/")[-1]] = code
    assert set(found) == set(expected)
    for name, code in found.items():
        assert code.replace("\r\n", "\n") == expected[name].replace("\r\n", "\n"), name


def test_olefile_accepts_the_project_strictly(built: bytes) -> None:
    data = vba_bin(built)
    assert olefile.isOleFile(data)
    ole = olefile.OleFileIO(io.BytesIO(data), raise_defects=olefile.DEFECT_INCORRECT)
    streams = {"/".join(path) for path in ole.listdir()}
    assert {"PROJECT", "PROJECTwm", "VBA/_VBA_PROJECT", "VBA/dir", "VBA/SudokuMacros"} <= streams
    assert ole.openstream("VBA/_VBA_PROJECT").read() == bytes.fromhex("CC61FFFF000100")  # no p-code
    project = ole.openstream("PROJECT").read().decode("cp1252")
    assert "Module=SudokuMacros" in project and "Class=Dictionary" in project
    assert "Document=ThisWorkbook/&H00000000" in project


def test_7z_tests_the_project(
    built: bytes, tmp_path: Path, require_tool: Callable[..., None]
) -> None:
    require_tool("7z")
    path = tmp_path / "vbaProject.bin"
    path.write_bytes(vba_bin(built))
    done = subprocess.run(["7z", "t", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "Everything is Ok" in done.stdout, done.stdout


def test_the_project_is_unprotected_and_visible(built: bytes) -> None:
    ole = olefile.OleFileIO(io.BytesIO(vba_bin(built)))
    lines = dict(
        line.split("=", 1)
        for line in ole.openstream("PROJECT").read().decode("cp1252").splitlines()
        if "=" in line
    )
    guid = lines["ID"].strip('"')
    assert ovba.decrypt(lines["CMG"].strip('"'), guid) == bytes(4)  # not protected
    assert ovba.decrypt(lines["DPB"].strip('"'), guid) == b"\0"  # no password
    assert ovba.decrypt(lines["GC"].strip('"'), guid) == b"\xff"  # visible


def test_our_decryption_reads_xlwings_own_template() -> None:
    # the CMG/DPB/GC of xlwings' quickstart_standalone.xlsm, written by Excel
    guid = "{5CF9CDAB-B77B-4FE4-BD7E-D29900070E1B}"
    assert ovba.decrypt("8D8FA61394EA98EA98EA98EA98", guid) == bytes(4)
    assert ovba.decrypt("8D8FA61394EF95EF95EF", guid) == b"\0"
    assert ovba.decrypt("8D8FA61394EF95EF9510", guid) == b"\xff"
    for seed in range(256):
        assert ovba.decrypt(ovba.encrypt(b"\xff", guid, seed), guid) == b"\xff"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"a",
        b'Attribute VB_Name = "M"\r\n' * 400,  # repetitive, several chunks
        bytes(random.Random(7).randrange(256) for _ in range(9000)),  # incompressible: raw chunks
        b"#aaabcdefaaaaghijaaaaaklaaamnopqaaaaaaaaaaaarstuvwxyzaaa",
        bytes(range(256)) * 20,
    ],
    ids=["empty", "one byte", "repetitive", "random", "spec-like", "ramp"],
)
def test_compression_round_trips_through_oletools(data: bytes) -> None:
    assert decompress_stream(bytearray(ovba.compress(data))) == data


@pytest.mark.slow
def test_compression_of_the_real_modules_round_trips() -> None:
    for module in modules():
        raw = module.source.encode("cp1252")
        assert decompress_stream(bytearray(ovba.compress(raw))) == raw


@pytest.mark.slow
def test_the_embedded_xlwings_is_the_installed_one(built: bytes) -> None:
    source = next(m.source for m in modules() if m.name == "xlwings")
    assert f'Public Const XLWINGS_VERSION As String = "{xlwings.__version__}"' in source
    parser = VBA_Parser("sudoku.xlsm", data=built)
    embedded = next(code for _, _, name, code in parser.extract_macros() if name == "xlwings.bas")
    assert f'XLWINGS_VERSION As String = "{xlwings.__version__}"' in embedded


def schema_path() -> Path:
    """Microsoft's customui14.xsd from the project's shared folder (not copied here)."""
    for candidate in (
        os.environ.get("XL_SUDOKU_SCHEMAS", ""),
        str(ROOT.parent / "shared" / "schemas"),
        "/work/shared/schemas",
    ):
        if candidate and (Path(candidate) / "customui14.xsd").exists():
            return Path(candidate) / "customui14.xsd"
    raise AssertionError("customui14.xsd not found: set XL_SUDOKU_SCHEMAS to its folder")


@pytest.mark.slow
def test_the_ribbon_is_valid_and_wired_into_the_package(built: bytes) -> None:
    with zipfile.ZipFile(io.BytesIO(built)) as package:
        custom_ui = package.read(RIBBON_PART)
        rels = package.read("_rels/.rels").decode()
        names = package.namelist()
        dates = {info.date_time for info in package.infolist()}
    xmlschema.XMLSchema(str(schema_path())).validate(io.BytesIO(custom_ui))
    assert RIBBON_RELATIONSHIP in rels and f'Target="{RIBBON_PART}"' in rels
    assert "xl/vbaProject.bin" in names
    assert dates == {(1980, 1, 1, 0, 0, 0)}


@pytest.mark.slow
def test_a_broken_ribbon_fails_the_schema() -> None:
    broken = (  # a button straight in a tab, with no group: the schema refuses it
        b'<customUI xmlns="http://schemas.microsoft.com/office/2009/07/customui"><ribbon><tabs>'
        b'<tab id="x" label="X"><button id="b" onAction="A"/></tab></tabs></ribbon></customUI>'
    )
    with pytest.raises(xmlschema.XMLSchemaValidationError):
        xmlschema.XMLSchema(str(schema_path())).validate(io.BytesIO(broken))


def excel_saved() -> Path:
    """xlwings' add-in as its authors saved it in Excel: the reference we match."""
    return Path(xlwings.__file__).parent / "addin" / "xlwings.xlam"


def references(xlsm: bytes) -> list[bytes]:
    """The LIBIDs of a VBA project's references, as its dir stream holds them."""
    ole = olefile.OleFileIO(io.BytesIO(vba_bin(xlsm)))
    directory = decompress_stream(bytearray(ole.openstream("VBA/dir").read()))
    return re.findall(rb"\*\\G\{[0-9A-F-]+\}#[^\x00-\x1f]*", directory)


def attributes(code: str) -> list[str]:
    return [
        line for line in code.replace("\r\n", "\n").split("\n") if line.startswith("Attribute ")
    ]


def test_the_references_are_those_excel_writes(built: bytes) -> None:
    """The Office library at version 2.0 (2.8 is missing where an Office older than 2016
    is installed, and then nothing compiles), with Excel's own paths."""
    ours = references(built)
    excel = references(excel_saved().read_bytes())
    assert len(ours) == 2 and all(reference in excel for reference in ours), (ours, excel)
    assert any(b"{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#" in r for r in ours)


def test_the_dictionary_class_has_the_attributes_excel_stores(built: bytes) -> None:
    def dictionary(data: bytes) -> str:
        parser = VBA_Parser("book.xlsm", data=data)
        return str(
            next(code for _, stream, _, code in parser.extract_macros() if "Dictionary" in stream)
        )

    ours, excel = attributes(dictionary(built)), attributes(dictionary(excel_saved().read_bytes()))
    header = [line for line in excel if " VB_Description" not in line and "." not in line]
    assert header[-2:] == [
        "Attribute VB_TemplateDerived = False",
        "Attribute VB_Customizable = False",
    ]
    assert ours[: len(header)] == header


@pytest.mark.slow
def test_every_udf_has_its_description_for_the_function_wizard() -> None:
    from xl_sudoku.excel import udfs
    from xl_sudoku.workbook.udf_wrappers import MAX_DESCRIPTION

    wrappers = next(m.source for m in modules() if m.name == "xlwings_udfs")
    lines = wrappers.replace("\r\n", "\n").split("\n")
    functions = [i for i, line in enumerate(lines) if line.startswith("Function ")]
    assert len(functions) == len([n for n in dir(udfs) if n.startswith("SUDOKU_")])
    for i in functions:
        name = lines[i].split()[1].split("(")[0]
        match = re.fullmatch(rf'Attribute {name}\.VB_Description = "([^"]+)"', lines[i + 1])
        assert match, lines[i + 1]
        text = match.group(1)
        assert len(text) <= MAX_DESCRIPTION and "``" not in text
        assert text.endswith("."), (name, text)  # whole: a docstring over the limit is cut
        first = " ".join(str(getattr(udfs, name).__doc__).split()[:3]).replace('"', "'")
        assert text.startswith(first), (name, text)


def test_every_ribbon_icon_is_one_microsoft_lists_for_excel(built: bytes) -> None:
    """``imageMso`` names from Microsoft's published control identifiers (Excel 2013 to
    Microsoft 365), kept in tests/data/office with their source: a name not in the list
    would show no icon, or an error with "Show add-in user interface errors" on."""
    listed = {
        line.strip()
        for line in (ROOT / "tests" / "data" / "office" / "excel_control_ids.txt")
        .read_text(encoding="utf-8")
        .splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert {"Undo", "AutoSum", "FileNew"} <= listed and "HappyFace" not in listed
    with zipfile.ZipFile(io.BytesIO(built)) as package:
        tree = ElementTree.fromstring(package.read(RIBBON_PART))
    icons = [e.get("imageMso") for e in tree.iter() if e.get("onAction")]
    assert all(icons) and set(icons) <= listed, set(icons) - listed
