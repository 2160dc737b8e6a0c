"""A stand-in for the ``xlwings`` module xlwings Lite gives ``main.py`` (tests).

xlwings Lite runs ``main.py`` in Pyodide with its own xlwings, whose decorators are those
of xlwings' Office.js runtime (``xlwings/pro/udfs_officejs.py``: ``script``, ``xlfunc``
as ``func``, ``xlarg`` as ``arg``, ``xlret`` as ``ret``) and whose ``Book`` is the one
each script is handed. This module has the same names and signatures (the tests check them
against the installed wheel's source, ``SIGNATURES``) and records what each decorator
was told, as xlwings does: ``__xlscript__`` on a script, ``__xlfunc__`` on a function
(its arguments' options, its result's, its docstring). It runs nothing: ``office`` runs
the scripts and functions as the Lite runtime would. Standard library only: it runs
under Pyodide too.
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
import types
from collections.abc import Callable
from typing import Any

#: the decorators' signatures in xlwings 0.37.8's ``pro/udfs_officejs.py``, which these follow
SIGNATURES = {
    "script": "(f=None, name=None, required_roles=None, include=None, exclude=None, "
    "button=None, show_taskpane=None, **kwargs)",
    "xlfunc": "(f=None, **kwargs)",
    "xlarg": "(arg, convert=None, **kwargs)",
    "xlret": "(convert=None, **kwargs)",
}


class Book:
    """The type a script's book is annotated with (``xw.Book``)."""


def script(
    f: Callable[..., Any] | None = None,
    name: str | None = None,
    required_roles: list[str] | None = None,
    include: str | list[str] | None = None,
    exclude: str | list[str] | None = None,
    button: str | None = None,
    show_taskpane: bool | None = None,
    **kwargs: Any,
) -> Any:
    """``@script`` or ``@script(...)``: the function, its options recorded."""

    def inner(function: Callable[..., Any]) -> Callable[..., Any]:
        function.__xlscript__ = {  # type: ignore[attr-defined]
            "name": name,
            "required_roles": required_roles,
            "include": include,
            "exclude": exclude,
            "button": button,
            "show_taskpane": show_taskpane,
            **kwargs,
        }
        return function

    return inner if f is None else inner(f)


def _info(function: Callable[..., Any]) -> dict[str, Any]:
    """The function's ``__xlfunc__``, made when a decorator first sees it (as xlwings
    makes it: an entry per parameter with its default, the docstring as the result's)."""
    if not hasattr(function, "__xlfunc__"):
        args = {}
        for parameter in inspect.signature(function).parameters.values():
            entry: dict[str, Any] = {"name": parameter.name, "options": {}}
            if parameter.default is not inspect.Parameter.empty:
                entry["optional"] = parameter.default
            args[parameter.name] = entry
        function.__xlfunc__ = {  # type: ignore[attr-defined]
            "name": function.__name__,
            "args": args,
            "ret": {"doc": function.__doc__, "options": {}},
        }
    info: dict[str, Any] = function.__xlfunc__  # type: ignore[attr-defined]
    return info


def func(f: Callable[..., Any] | None = None, **kwargs: Any) -> Any:
    """``@func`` or ``@func(...)``: the function, marked a custom function."""

    def inner(function: Callable[..., Any]) -> Callable[..., Any]:
        _info(function).update(kwargs)
        return function

    return inner if f is None else inner(f)


def arg(arg: str, convert: Any = None, **kwargs: Any) -> Callable[..., Any]:
    """``@arg("givens", ndim=2)``: an argument's conversion options."""
    if convert is not None:
        kwargs["convert"] = convert

    def inner(function: Callable[..., Any]) -> Callable[..., Any]:
        args = _info(function)["args"]
        if arg not in args:
            raise ValueError(f"Invalid argument name '{arg}'.")
        args[arg]["options"].update(kwargs)
        return function

    return inner


def ret(convert: Any = None, **kwargs: Any) -> Callable[..., Any]:
    """``@ret(...)``: the result's conversion options."""
    if convert is not None:
        kwargs["convert"] = convert

    def inner(function: Callable[..., Any]) -> Callable[..., Any]:
        _info(function)["ret"]["options"].update(kwargs)
        return function

    return inner


def module() -> types.ModuleType:
    """A module named ``xlwings`` holding these names."""
    standin = types.ModuleType("xlwings")
    standin.__doc__ = __doc__
    for name in ("Book", "script", "func", "arg", "ret"):
        setattr(standin, name, globals()[name])
    return standin


def load_main(path: str, name: str = "main") -> types.ModuleType:
    """``main.py`` at ``path`` imported as Lite imports it, with this stand-in as its
    ``xlwings`` (put back as it was afterwards: the real one may be loaded)."""
    before = sys.modules.get("xlwings")
    sys.modules["xlwings"] = module()
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        main = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(main)
    finally:
        if before is None:
            del sys.modules["xlwings"]
        else:
            sys.modules["xlwings"] = before
    return main
