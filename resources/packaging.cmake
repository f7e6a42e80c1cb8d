# `cpack -G DEB` from the build folder: one package with both programs. The dependencies are
# computed by dpkg-shlibdeps from the binaries (the Debian runtime libraries: libqt6*, libprotobuf,
# libonnx, libsimdjson ...), so they always match what was linked. Included once, from
# resources/CMakeLists.txt.
set(CPACK_PACKAGE_NAME "opsinfo-studio")
set(CPACK_PACKAGE_VENDOR "OpsInfo Studio developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Ascend ops-info and modify_mixlist editor with a dtype preview per precision mode")
set(CPACK_PACKAGE_DESCRIPTION
    "OpsInfo Studio (opsinfo-studio, a Qt desktop app) and the opsinfo command line predict how the Ascend
compiler chooses float16, bfloat16 or float32 for each op of a model, from an ops-info library, a
modify_mixlist file and a precision_mode; they edit libraries and mixlists byte-preservingly and
check mixlist changes in CI.")
set(CPACK_PACKAGE_CONTACT "OpsInfo Studio developers <opsinfo-studio@localhost>")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "opsinfo-studio")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR "DEB")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The offscreen/xcb platform plugins are plugins, invisible to dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, hicolor-icon-theme")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
include(CPack)
