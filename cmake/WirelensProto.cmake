# wirelens_generate_cpp(<target> PROTOS <names> IMPORT_DIRS <dirs> [PLUGIN_OPTIONS <opts>])
#
# Runs protoc with protoc-gen-wirelens on PROTOS (names relative to one of IMPORT_DIRS, e.g.
# "google/protobuf/any.proto") and builds the generated .wl.cc files into the static library
# <target>, which links wirelens::wire and exposes the generated headers ("<name>.wl.h").
# PROTOC: the protoc to run (default WIRELENS_PROTOC); editions files need WIRELENS_PROTOC_EDITIONS.
# Every file whose types the PROTOS use must be listed too (or be generated into another target
# that <target> links). PLUGIN_OPTIONS: "namespace_prefix=NS,unknown_fields=keep|drop", and "js" to
# compile the JS binding's C++ half (NAME.wl.js.cc, linking wirelens::jsbind) into <target> too.
#
# The plugin: the protoc-gen-wirelens target of a native build, or WIRELENS_PLUGIN (a path) when
# cross-compiling (the wasm build uses the native tree's plugin).
find_program(WIRELENS_PROTOC protoc REQUIRED)
# protoc 27+ reads editions files: the npm protoc 36 that tools/setup.sh installs, or "" without it.
set(WIRELENS_PROTOC_EDITIONS "${PROJECT_SOURCE_DIR}/node_modules/protoc/bin/protoc-linux-x86_64")
if(NOT EXISTS "${WIRELENS_PROTOC_EDITIONS}")
  set(WIRELENS_PROTOC_EDITIONS "")
endif()
set(WIRELENS_PLUGIN "" CACHE FILEPATH "protoc-gen-wirelens to run when the plugin is not built in this tree")

function(wirelens_generate_cpp target)
  cmake_parse_arguments(ARG "" "PLUGIN_OPTIONS;PROTOC" "PROTOS;IMPORT_DIRS" ${ARGN})
  if(NOT ARG_PROTOC)
    set(ARG_PROTOC "${WIRELENS_PROTOC}")
  endif()
  if(TARGET protoc-gen-wirelens)
    set(plugin $<TARGET_FILE:protoc-gen-wirelens>)
    set(plugin_dep protoc-gen-wirelens)
  elseif(WIRELENS_PLUGIN)
    set(plugin "${WIRELENS_PLUGIN}")
    set(plugin_dep "${WIRELENS_PLUGIN}")
  else()
    message(FATAL_ERROR "wirelens_generate_cpp: no protoc-gen-wirelens (set WIRELENS_PLUGIN)")
  endif()
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_wl")
  list(TRANSFORM ARG_IMPORT_DIRS PREPEND "-I" OUTPUT_VARIABLE include_args)
  set(sources "")
  set(inputs "")
  set(js_parts "")
  string(REGEX MATCH "(^|,)js(,|$)" with_js "${ARG_PLUGIN_OPTIONS}")
  foreach(proto ${ARG_PROTOS})
    string(REGEX REPLACE "\\.proto$" "" base "${proto}")
    list(APPEND sources "${out_dir}/${base}.wl.cc")
    list(APPEND headers "${out_dir}/${base}.wl.h")
    if(with_js)
      list(APPEND sources "${out_dir}/${base}.wl.js.cc")
      list(APPEND headers "${out_dir}/${base}.wl.js.h")
      list(APPEND js_parts "${out_dir}/${base}.wl.part.js" "${out_dir}/${base}.wl.part.d.ts")
    endif()
    set(found "")
    foreach(dir ${ARG_IMPORT_DIRS})
      if(NOT found AND EXISTS "${dir}/${proto}")
        set(found "${dir}/${proto}")
      endif()
    endforeach()
    if(NOT found)
      message(FATAL_ERROR "wirelens_generate_cpp: ${proto} is in none of ${ARG_IMPORT_DIRS}")
    endif()
    list(APPEND inputs "${found}")
  endforeach()
  add_custom_command(
    OUTPUT ${sources} ${headers} ${js_parts}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
    COMMAND ${ARG_PROTOC} "--plugin=protoc-gen-wirelens=${plugin}"
            "--wirelens_out=${ARG_PLUGIN_OPTIONS}:${out_dir}" ${include_args} ${ARG_PROTOS}
    DEPENDS ${inputs} ${plugin_dep}
    COMMENT "protoc-gen-wirelens: ${target}"
    VERBATIM)
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PUBLIC "${out_dir}")
  target_link_libraries(${target} PUBLIC wirelens::wire)
  if(with_js)
    target_link_libraries(${target} PUBLIC wirelens::jsbind)
  endif()
endfunction()

# libprotobuf_generate_cpp(<target> PROTOS <names> IMPORT_DIRS <dirs>): the same, with protoc's own
# C++ generator (--cpp_out) for libprotobuf. Used by the tests that compare against libprotobuf.
function(libprotobuf_generate_cpp target)
  cmake_parse_arguments(ARG "" "" "PROTOS;IMPORT_DIRS" ${ARGN})
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_pb")
  list(TRANSFORM ARG_IMPORT_DIRS PREPEND "-I" OUTPUT_VARIABLE include_args)
  set(sources "")
  foreach(proto ${ARG_PROTOS})
    string(REGEX REPLACE "\\.proto$" "" base "${proto}")
    list(APPEND sources "${out_dir}/${base}.pb.cc")
  endforeach()
  add_custom_command(
    OUTPUT ${sources}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
    COMMAND ${WIRELENS_PROTOC} "--cpp_out=${out_dir}" ${include_args} ${ARG_PROTOS}
    COMMENT "protoc --cpp_out: ${target}"
    VERBATIM)
  add_library(${target} STATIC ${sources})
  target_include_directories(${target} PUBLIC "${out_dir}")
  target_link_libraries(${target} PUBLIC wirelens::libprotobuf)
  target_compile_options(${target} PRIVATE -w)
endfunction()
