"""Builds the extension opsinfo._opsinfo with the project's CMake (python/CMakeLists.txt).

The engine is compiled as static position-independent libraries and linked into the one
extension; its shared dependencies (protobuf, onnx, re2, csv, simdjson) come from the system.
Nothing is downloaded. Environment:
  OPSINFO_CMAKE_BUILD_DIR   the CMake build folder (default build-wheel/cmake: kept, so a second
                            wheel rebuilds only what changed)
  CMAKE_BUILD_PARALLEL_LEVEL  compile jobs (default: the number of cores)
"""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("OPSINFO_CMAKE_BUILD_DIR",
                                   os.path.join(ROOT, "build-wheel", "cmake"))
        os.makedirs(build_dir, exist_ok=True)
        configure = [
            "cmake", "-S", ROOT, "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG",
            "-DCMAKE_UNITY_BUILD=ON",
            "-DOPSINFO_BUILD_APP=OFF",
            "-DOPSINFO_BUILD_TESTS=OFF",
            "-DOPSINFO_BUILD_PYTHON=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        env = dict(os.environ)
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            # Paths below the source folder hash relative: an sdist unpacked in a temporary folder
            # hits the cache of the checkout's build.
            env.setdefault("CCACHE_BASEDIR", ROOT)
        jobs = env.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(configure, check=True, env=env)
        subprocess.run(["cmake", "--build", build_dir, "--target", "_opsinfo", "-j", jobs],
                       check=True, env=env)
        built = os.path.join(build_dir, "python", "opsinfo", os.path.basename(
            self.get_ext_filename(ext.name)))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)
        shutil.copymode(built, target)


setup(
    ext_modules=[CMakeExtension("opsinfo._opsinfo")],
    cmdclass={"build_ext": CMakeBuild},
    # Not build/: that is the CMake preset's folder (CMakePresets.json).
    options={"build": {"build_base": "build-wheel"}},
)
