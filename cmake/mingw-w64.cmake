# Cross-building for Windows x86-64 with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix:
# POSIX threads, so std::thread and std::mutex work). scripts/windows.sh uses it for the
# libraries and for sitegen.exe, with SITEGEN_WINDOWS_PREFIX the folder those libraries
# are installed into.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# The checks CMake compiles (try_compile) see the prefix too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SITEGEN_WINDOWS_PREFIX)
# Libraries and headers only from the target's folders and the prefix; programs from
# this machine.
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${SITEGEN_WINDOWS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config reads the prefix's .pc files alone, never this machine's, also when the build
# configures itself again.
if(SITEGEN_WINDOWS_PREFIX)
  set(ENV{PKG_CONFIG_LIBDIR} "${SITEGEN_WINDOWS_PREFIX}/lib/pkgconfig")
  set(ENV{PKG_CONFIG_PATH} "")
endif()
# One file to copy: the C and C++ runtimes and winpthreads linked in, not beside it;
# without symbols (-s), a quarter smaller.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++ -s")
