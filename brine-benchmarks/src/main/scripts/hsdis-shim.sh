#!/bin/sh
# Makes -XX:+PrintAssembly (and JMH's -prof perfasm) print instructions on JDK 17 with Debian's
# libhsdis0-fcml, which exports only the old decode_instructions entry point where JDK 17 looks for
# decode_instructions_virtual: builds a small library exporting the new name that calls the old one,
# and links it as the JDK's hsdis-amd64.so (docs/performance.md, "Profiling tools used").
#   sudo apt-get install libhsdis0-fcml gcc; sh brine-benchmarks/src/main/scripts/hsdis-shim.sh [JAVA_HOME]
set -e
java_home=${1:-/usr/lib/jvm/java-17-openjdk-amd64}
fcml=/usr/lib/x86_64-linux-gnu/libhsdis.so.0
dir=$(mktemp -d)
cat > "$dir/shim.c" <<C
#include <stdint.h>
#include <dlfcn.h>
typedef void *(*event_fn)(void *, const char *, void *);
typedef int (*print_fn)(void *, const char *, ...);
typedef void *(*old_fn)(void *, void *, event_fn, void *, print_fn, void *, const char *);
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
    event_fn event, void *event_stream, print_fn print, void *print_stream, const char *options, int newline) {
  static old_fn old;
  if (!old) {
    old = (old_fn) dlsym(dlopen("$fcml", RTLD_NOW), "decode_instructions");
  }
  return old(buffer, buffer + length, event, event_stream, print, print_stream, options);
}
C
mkdir -p /usr/local/lib/hsdis-shim
gcc -shared -fPIC -o /usr/local/lib/hsdis-shim/hsdis-amd64.so "$dir/shim.c" -ldl
ln -sf /usr/local/lib/hsdis-shim/hsdis-amd64.so "$java_home/lib/hsdis-amd64.so"
echo "linked $java_home/lib/hsdis-amd64.so"
