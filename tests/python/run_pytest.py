#!/usr/bin/env python3
"""ctest's way into pytest: exits 77 (ctest's SKIP_RETURN_CODE) when Debian's python3-pytest is
missing, else runs pytest on the given test files. (Guarded by __main__: Dask's worker processes
start by importing this file again.)"""
import sys


def main():
    try:
        import pytest
    except ImportError:
        print("skipped: pytest is not installed for this interpreter (apt-get install python3-pytest)")
        return 77
    # tornado (under distributed) warns about its own event loop calls: not ours to fix.
    return pytest.main(["-q", "-p", "no:cacheprovider", "-W", "ignore:make_current is deprecated:DeprecationWarning",
                        *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
