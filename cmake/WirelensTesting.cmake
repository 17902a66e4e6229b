# wirelens_add_gtest(NAME SOURCES ... LIBS ...): a GoogleTest binary registered with CTest.
# Natively it runs as is; in the Emscripten build it runs under Node with the real file system
# (NODERAWFS), so the same test sources run in both worlds. Each run writes its GoogleTest JSON
# report to <build>/test-results/NAME.json, which tools/test_summary.mjs compares across trees.
function(wirelens_add_gtest name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} wirelens::gtest_main)
  set(report "--gtest_output=json:${CMAKE_BINARY_DIR}/test-results/${name}.json")
  if(EMSCRIPTEN)
    target_link_options(${name} PRIVATE -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1
                        -sMAXIMUM_MEMORY=2GB)
    add_test(NAME ${name} COMMAND node --no-experimental-fetch $<TARGET_FILE:${name}> ${report})
  else()
    add_test(NAME ${name} COMMAND ${name} ${report})
  endif()
endfunction()
