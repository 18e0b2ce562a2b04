# Read by ctest when it starts, after the test cases of sitegen_tests are discovered: the
# cases in doctest's test suite "slow" (`TEST_CASE("..." * doctest::test_suite("slow"))`,
# a label beside the case) get the ctest label `slow`, so `ctest -LE slow` leaves them
# out of a quick run. CI runs plain ctest: they run there. SITEGEN_TESTS_BINARY is set by
# the file CMakeLists.txt generates.
execute_process(COMMAND "${SITEGEN_TESTS_BINARY}" --test-suite=slow --list-test-cases --no-version
                OUTPUT_VARIABLE slow_cases RESULT_VARIABLE slow_code)
if(slow_code EQUAL 0)
  string(REPLACE "\n" ";" slow_cases "${slow_cases}")
  foreach(name IN LISTS slow_cases)
    if(name AND NOT name MATCHES "^(\\[doctest\\]|===)")
      set_tests_properties("${name}" PROPERTIES LABELS slow)
    endif()
  endforeach()
endif()
