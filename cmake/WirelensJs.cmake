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
# How a codec's own sources (the generated C++) are compiled and its .wasm is linked; the contract
# module links with the first two of the link options. web/codec/build_codec.mjs reads the same
# lists from the file wirelens_write_js_codec_build() writes.
set(WIRELENS_JS_CODEC_COMPILE_OPTIONS -fno-exceptions -fno-rtti -O3)
set(WIRELENS_JS_CODEC_LINK_OPTIONS -O3 --no-entry -sMALLOC=none -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB)
set(WIRELENS_JS_CONTRACT_LINK_OPTIONS -O3 --no-entry -sMALLOC=none)

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
  list(TRANSFORM ARG_IMPORT_DIRS PREPEND "-I" OUTPUT_VARIABLE include_args)
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
  target_compile_options(${name}_wasm PRIVATE ${WIRELENS_JS_CODEC_COMPILE_OPTIONS})
  target_link_options(${name}_wasm PRIVATE ${WIRELENS_JS_CODEC_LINK_OPTIONS})
  set(outputs "${ARG_OUTPUT_DIR}/${name}.wl.js" "${ARG_OUTPUT_DIR}/${name}.wl.classic.js" "${ARG_OUTPUT_DIR}/${name}.wl.d.ts")
  set(assembler "${PROJECT_SOURCE_DIR}/web/codec/assemble.mjs")
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND node "${assembler}" --name "${name}" --wasm "$<TARGET_FILE:${name}_wasm>"
            --contract "$<TARGET_FILE:js_contract>" --out "${ARG_OUTPUT_DIR}" ${parts}
    DEPENDS ${name}_wasm js_contract ${parts} "${assembler}" "${PROJECT_SOURCE_DIR}/web/codec/runtime.js"
            "${PROJECT_SOURCE_DIR}/web/codec/runtime_json.js" "${PROJECT_SOURCE_DIR}/web/codec/runtime_json_read.js"
            "${PROJECT_SOURCE_DIR}/web/codec/runtime_source.mjs"
            "${PROJECT_SOURCE_DIR}/web/codec/runtime.d.ts"
    COMMENT "assembling ${name}.wl.js"
    VERBATIM)
  add_custom_target(${name}_codec ALL DEPENDS ${outputs})
endfunction()

# The static libraries `target` links, itself first, then each of its dependencies once (depth
# first, CMake's aliases resolved), into the list `out_var`.
function(wirelens_link_closure target out_var)
  set(seen ${${out_var}})
  get_target_property(real ${target} ALIASED_TARGET)
  if(real)
    set(target ${real})
  endif()
  if(target IN_LIST seen)
    return()
  endif()
  list(APPEND seen ${target})
  get_target_property(deps ${target} LINK_LIBRARIES)
  foreach(dep ${deps})
    if(TARGET ${dep})
      wirelens_link_closure(${dep} seen)
    endif()
  endforeach()
  set(${out_var} ${seen} PARENT_SCOPE)
endfunction()

# `list` as a JSON array of strings (no character in our paths and options needs an escape).
function(wirelens_json_strings out_var)
  set(items "")
  foreach(item ${ARGN})
    list(APPEND items "\"${item}\"")
  endforeach()
  string(JOIN ", " joined ${items})
  set(${out_var} "[${joined}]" PARENT_SCOPE)
endfunction()

# Writes FILE: how a JS codec is built from the targets of core/ (web/codec/build_codec.mjs reads
# it, so that the build without CMake compiles the same sources with the same options). For each
# library a codec links: its type (a static library, or an OBJECT_LIBRARY whose objects are linked
# whole), its sources (relative to the repository) and compile options; the
# libraries of a codec, of a codec with formats and of the contract module; the codec's compile
# and link options. Emscripten builds only.
function(wirelens_write_js_codec_build file)
  set(plain "")
  wirelens_link_closure(wirelens::jsbind plain)
  wirelens_link_closure(wirelens::js_malloc plain)
  set(formats ${plain})
  wirelens_link_closure(wirelens::jsbind_json formats)
  set(contract ${plain})
  string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
  # CMake passes the configuration's flags to compiles and links alike, the standard to compiles.
  separate_arguments(link_config_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${config}}")
  set(config_flags ${link_config_flags} "-std=c++${CMAKE_CXX_STANDARD}")
  set(libraries "")
  foreach(target ${formats})
    get_target_property(dir ${target} SOURCE_DIR)
    get_target_property(sources ${target} SOURCES)
    get_target_property(options ${target} COMPILE_OPTIONS)
    get_target_property(type ${target} TYPE)
    if(NOT options)
      set(options "")
    endif()
    set(paths "")
    foreach(source ${sources})
      if(NOT IS_ABSOLUTE "${source}")
        set(source "${dir}/${source}")
      endif()
      file(RELATIVE_PATH path "${PROJECT_SOURCE_DIR}" "${source}")
      list(APPEND paths "${path}")
    endforeach()
    wirelens_json_strings(paths_json ${paths})
    wirelens_json_strings(options_json ${config_flags} ${options})
    list(APPEND libraries
         "    \"${target}\": {\"type\": \"${type}\", \"sources\": ${paths_json}, \"options\": ${options_json}}")
  endforeach()
  string(JOIN ",\n" libraries_json ${libraries})
  wirelens_json_strings(plain_json ${plain})
  wirelens_json_strings(formats_json ${formats})
  wirelens_json_strings(contract_json ${contract})
  get_directory_property(global_options DIRECTORY "${PROJECT_SOURCE_DIR}" COMPILE_OPTIONS)
  wirelens_json_strings(codec_options_json ${config_flags} ${global_options} ${WIRELENS_JS_CODEC_COMPILE_OPTIONS})
  get_directory_property(global_link DIRECTORY "${PROJECT_SOURCE_DIR}" LINK_OPTIONS)
  wirelens_json_strings(codec_link_json ${link_config_flags} ${global_link} ${WIRELENS_JS_CODEC_LINK_OPTIONS})
  wirelens_json_strings(contract_link_json ${link_config_flags} ${global_link} ${WIRELENS_JS_CONTRACT_LINK_OPTIONS})
  get_target_property(contract_sources js_contract SOURCES)
  get_target_property(contract_dir js_contract SOURCE_DIR)
  set(contract_paths "")
  foreach(source ${contract_sources})
    file(RELATIVE_PATH path "${PROJECT_SOURCE_DIR}" "${contract_dir}/${source}")
    list(APPEND contract_paths "${path}")
  endforeach()
  wirelens_json_strings(contract_sources_json ${contract_paths})
  get_target_property(contract_options js_contract COMPILE_OPTIONS)
  wirelens_json_strings(contract_options_json ${config_flags} ${contract_options})
  file(WRITE "${file}.new" "{
  \"libraries\": {
${libraries_json}
  },
  \"codec\": {\"libraries\": ${plain_json}, \"options\": ${codec_options_json}, \"link\": ${codec_link_json}},
  \"formats\": {\"libraries\": ${formats_json}},
  \"contract\": {\"sources\": ${contract_sources_json}, \"options\": ${contract_options_json}, \"libraries\": ${contract_json}, \"link\": ${contract_link_json}}
}
")
  # Rewritten only when it changes, so that what depends on it is not rebuilt for nothing.
  file(COPY_FILE "${file}.new" "${file}" ONLY_IF_DIFFERENT)
  file(REMOVE "${file}.new")
endfunction()
