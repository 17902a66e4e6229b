# Third-party targets, the same names in the native and the Emscripten build:
#   wirelens::gtest, wirelens::gtest_main   GoogleTest (Debian package natively; its sources for wasm)
#   wirelens::libprotobuf                   libprotobuf (Debian natively; WIRELENS_PROTOBUF_WASM_PREFIX for wasm)
#   wirelens::sdl2, wirelens::imgui         wasm only: SDL2 from WIRELENS_SDL2_PREFIX, ImGui from WIRELENS_IMGUI_DIR
#   wirelens::zlib                          zlib (Debian's zlib1g-dev natively; WIRELENS_ZLIB_WASM_PREFIX for wasm)

if(EMSCRIPTEN)
  set(WIRELENS_GTEST_SRC "/usr/src/googletest/googletest" CACHE PATH "GoogleTest sources for the wasm build")
  add_library(wirelens_gtest STATIC "${WIRELENS_GTEST_SRC}/src/gtest-all.cc")
  target_include_directories(wirelens_gtest SYSTEM PUBLIC "${WIRELENS_GTEST_SRC}/include"
                             PRIVATE "${WIRELENS_GTEST_SRC}")
  add_library(wirelens_gtest_main STATIC "${WIRELENS_GTEST_SRC}/src/gtest_main.cc")
  target_link_libraries(wirelens_gtest_main PUBLIC wirelens_gtest)
  target_compile_options(wirelens_gtest PRIVATE -w)
  target_compile_options(wirelens_gtest_main PRIVATE -w)
  add_library(wirelens::gtest ALIAS wirelens_gtest)
  add_library(wirelens::gtest_main ALIAS wirelens_gtest_main)

  if(WIRELENS_PROTOBUF_WASM_PREFIX)
    add_library(wirelens::libprotobuf STATIC IMPORTED GLOBAL)
    set_target_properties(wirelens::libprotobuf PROPERTIES
      IMPORTED_LOCATION "${WIRELENS_PROTOBUF_WASM_PREFIX}/lib/libprotobuf.a"
      INTERFACE_INCLUDE_DIRECTORIES "${WIRELENS_PROTOBUF_WASM_PREFIX}/include")
    add_library(wirelens::libprotoc STATIC IMPORTED GLOBAL)
    set_target_properties(wirelens::libprotoc PROPERTIES
      IMPORTED_LOCATION "${WIRELENS_PROTOBUF_WASM_PREFIX}/lib/libprotoc.a"
      INTERFACE_LINK_LIBRARIES wirelens::libprotobuf)
  endif()

  if(WIRELENS_ZLIB_WASM_PREFIX)
    add_library(wirelens::zlib STATIC IMPORTED GLOBAL)
    set_target_properties(wirelens::zlib PROPERTIES
      IMPORTED_LOCATION "${WIRELENS_ZLIB_WASM_PREFIX}/lib/libz.a"
      INTERFACE_INCLUDE_DIRECTORIES "${WIRELENS_ZLIB_WASM_PREFIX}/include")
  endif()
  if(WIRELENS_SDL2_PREFIX)
    add_library(wirelens::sdl2 STATIC IMPORTED GLOBAL)
    set_target_properties(wirelens::sdl2 PROPERTIES
      IMPORTED_LOCATION "${WIRELENS_SDL2_PREFIX}/lib/libSDL2.a"
      INTERFACE_INCLUDE_DIRECTORIES "${WIRELENS_SDL2_PREFIX}/include;${WIRELENS_SDL2_PREFIX}/include/SDL2")
  endif()
  if(WIRELENS_IMGUI_DIR AND TARGET wirelens::sdl2)
    add_library(wirelens_imgui STATIC
      "${WIRELENS_IMGUI_DIR}/imgui.cpp" "${WIRELENS_IMGUI_DIR}/imgui_draw.cpp"
      "${WIRELENS_IMGUI_DIR}/imgui_tables.cpp" "${WIRELENS_IMGUI_DIR}/imgui_widgets.cpp"
      "${WIRELENS_IMGUI_DIR}/backends/imgui_impl_sdl.cpp"
      "${WIRELENS_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp"
      "${WIRELENS_IMGUI_DIR}/misc/cpp/imgui_stdlib.cpp")
    target_include_directories(wirelens_imgui SYSTEM PUBLIC "${WIRELENS_IMGUI_DIR}" "${WIRELENS_IMGUI_DIR}/backends"
      "${WIRELENS_IMGUI_DIR}/misc/cpp")
    target_link_libraries(wirelens_imgui PUBLIC wirelens::sdl2)
    # -Os: 93 KB less of the app's wasm; ImGui's share of a frame is part of the UI's 1-3 ms.
    target_compile_options(wirelens_imgui PRIVATE -w -Os)
    add_library(wirelens::imgui ALIAS wirelens_imgui)
  endif()
else()
  find_package(GTest REQUIRED)
  add_library(wirelens::gtest ALIAS GTest::gtest)
  add_library(wirelens::gtest_main ALIAS GTest::gtest_main)
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(WIRELENS_PROTOBUF REQUIRED IMPORTED_TARGET protobuf)
  add_library(wirelens::libprotobuf ALIAS PkgConfig::WIRELENS_PROTOBUF)
  add_library(wirelens_libprotoc INTERFACE)
  target_link_libraries(wirelens_libprotoc INTERFACE protoc PkgConfig::WIRELENS_PROTOBUF)
  add_library(wirelens::libprotoc ALIAS wirelens_libprotoc)
  find_package(benchmark QUIET)
  find_package(ZLIB REQUIRED)
  add_library(wirelens::zlib ALIAS ZLIB::ZLIB)
endif()
