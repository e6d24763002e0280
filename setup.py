"""setuptools glue: cffi builds the extension from build.py; without a C compiler the package installs anyway.

All metadata lives in pyproject.toml. This file only adds what pyproject.toml cannot say: the cffi module, a
build_ext that first writes the generated rank table, then compiles the extension if it can, and the wheel's
limited-API tag.
"""

import sys
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build as badugi_build


class BuildTableThenExtension(build_ext):
    """Write the rank table (needed by both backends), then build the C extension, or warn and go on without it."""

    def run(self) -> None:
        package_dir = badugi_build.PACKAGE if self.inplace else Path(self.build_lib) / "badugi_fast"
        badugi_build.write_generated(package_dir)
        try:
            super().run()
        except (CCompilerError, CompileError, ExecError, LinkError, PlatformError) as error:
            message = (
                f"badugi-fast: could not compile the C extension ({error}); installing the pure-Python backend "
                "(same results, slower). Install a C compiler and reinstall for the fast one."
            )
            warnings.warn(message, stacklevel=1)
            print(message, file=sys.stderr)

    def get_output_mapping(self) -> dict[str, str]:
        """The extension's files and the table's (built file: its in-place copy), so that an editable install
        (setuptools links these outputs in strict mode) holds the table that the pure-Python backend reads."""
        mapping = super().get_output_mapping()
        if self.inplace:
            built = Path(self.build_lib) / "badugi_fast" / badugi_build.TABLE_NAME
            mapping[str(built)] = str(badugi_build.PACKAGE / badugi_build.TABLE_NAME)
        return mapping

    def get_outputs(self) -> list[str]:
        """What this command makes, the table included."""
        if self.inplace:
            return list(self.get_output_mapping())
        return [*super().get_outputs(), str(Path(self.build_lib) / "badugi_fast" / badugi_build.TABLE_NAME)]


setup(
    cffi_modules=["build.py:ffibuilder"],
    cmdclass={"build_ext": BuildTableThenExtension},
    # cffi compiles the extension against Python's limited API (it is named _badugi.abi3.so): the wheel says so
    # (cp310-abi3), and one wheel per platform serves CPython 3.10 and every later one. A wheel without the
    # extension (no compiler) is pure Python and tagged py3-none-any whatever this says.
    options={"bdist_wheel": {"py_limited_api": "cp310"}},
)
