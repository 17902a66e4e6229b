# wirelens_js_codec(<name> PROTOS <names> IMPORT_DIRS <dirs> [PLUGIN_OPTIONS <opts>] [OUTPUT_DIR <dir>]
#                   [PROTOC <protoc>] [FORMATS])
#
# Emscripten builds only. Generates the C++ codec and its JS binding for PROTOS (protoc-gen-wirelens
# with the "js" parameter), compiles them with core/wire and core/jsbind into <name>.wasm (no
# Emscripten JS glue: web/codec/runtime.js instantiates it), and assembles into OUTPUT_DIR
# (default: <build>/codecs):
#   <name>.wl.js (ES module)  <name>.wl.classic.js (classic script)  <name>.wl.d.ts
# The target <name>_codec builds all of it. Every file whose types PROTOS use must be listed.
# FORMATS: also JSON and text format (toJson/fromJson/toText/fromText; the module grows by the
# schema-driven printers and readers of core/format). PROTOC: as for wirelens_generate_cpp.
function(wirelens_js_codec name)
  cmake_parse_arguments(ARG "FORMATS" "PLUGIN_OPTIONS;OUTPUT_DIR;PROTOC" "PROTOS;IMPORT_DIRS" ${ARGN})
  if(NOT ARG_PROTOC)
    set(ARG_PROTOC "${WIRELENS_PROTOC}")
  endif()
  if(NOT EMSCRIPTEN)
    message(FATAL_ERROR "wirelens_js_codec: configure with emcmake (the codec is wasm)")
  endif()
  if(TARGET protoc-gen-wirelens)
    set(plugin $<TARGET_FILE:protoc-gen-wirelens>)
  else()
    set(plugin "${WIRELENS_PLUGIN}")
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${CMAKE_BINARY_DIR}/codecs")
  endif()
  set(gen_dir "${CMAKE_CURRENT_BINARY_DIR}/${name}_js")
  set(options "js")
  if(ARG_PLUGIN_OPTIONS)
    set(options "${ARG_PLUGIN_OPTIONS},js")
  endif()
  if(ARG_FORMATS)
    set(options "${options},formats")
  endif()
  set(include_args "")
  foreach(dir ${ARG_IMPORT_DIRS})
    list(APPEND include_args "-I${dir}")
  endforeach()
  set(generated "")
  set(sources "")
  set(parts "")
  set(inputs "")
  foreach(proto ${ARG_PROTOS})
    string(REGEX REPLACE "\\.proto$" "" base "${proto}")
    list(APPEND sources "${gen_dir}/${base}.wl.cc" "${gen_dir}/${base}.wl.js.cc")
    list(APPEND parts "${gen_dir}/${base}.wl.part.js")
    list(APPEND generated "${gen_dir}/${base}.wl.h" "${gen_dir}/${base}.wl.cc" "${gen_dir}/${base}.wl.js.h"
         "${gen_dir}/${base}.wl.js.cc" "${gen_dir}/${base}.wl.part.js" "${gen_dir}/${base}.wl.part.d.ts")
    foreach(dir ${ARG_IMPORT_DIRS})
      if(EXISTS "${dir}/${proto}")
        list(APPEND inputs "${dir}/${proto}")
        break()
      endif()
    endforeach()
  endforeach()
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${gen_dir}"
    COMMAND ${ARG_PROTOC} "--plugin=protoc-gen-wirelens=${plugin}" "--wirelens_out=${options}:${gen_dir}"
            ${include_args} ${ARG_PROTOS}
    DEPENDS ${inputs} ${plugin}
    COMMENT "protoc-gen-wirelens (js): ${name}"
    VERBATIM)
  add_executable(${name}_wasm ${sources})
  set_target_properties(${name}_wasm PROPERTIES SUFFIX ".wasm" OUTPUT_NAME "${name}"
                        RUNTIME_OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  target_include_directories(${name}_wasm PRIVATE "${gen_dir}")
  target_link_libraries(${name}_wasm PRIVATE wirelens::jsbind wirelens::js_malloc)
  if(ARG_FORMATS)
    target_link_libraries(${name}_wasm PRIVATE wirelens::jsbind_json)
  endif()
  target_compile_options(${name}_wasm PRIVATE -fno-exceptions -fno-rtti -O3)
  target_link_options(${name}_wasm PRIVATE -O3 --no-entry -sMALLOC=none -sALLOW_MEMORY_GROWTH=1
                      -sMAXIMUM_MEMORY=2GB)
  set(outputs "${ARG_OUTPUT_DIR}/${name}.wl.js" "${ARG_OUTPUT_DIR}/${name}.wl.classic.js" "${ARG_OUTPUT_DIR}/${name}.wl.d.ts")
  set(assembler "${PROJECT_SOURCE_DIR}/web/codec/assemble.mjs")
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND node "${assembler}" --name "${name}" --wasm "$<TARGET_FILE:${name}_wasm>"
            --contract "$<TARGET_FILE:js_contract>" --out "${ARG_OUTPUT_DIR}" ${parts}
    DEPENDS ${name}_wasm js_contract ${parts} "${assembler}" "${PROJECT_SOURCE_DIR}/web/codec/runtime.js"
            "${PROJECT_SOURCE_DIR}/web/codec/runtime.d.ts"
    COMMENT "assembling ${name}.wl.js"
    VERBATIM)
  add_custom_target(${name}_codec ALL DEPENDS ${outputs})
endfunction()
