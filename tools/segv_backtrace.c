// SPDX-License-Identifier: BSD-3-Clause
// Prints the native stack on SIGSEGV/SIGABRT, for crashes inside extension
// modules where Python's faulthandler shows only the Python line.
// Build: cc -shared -fPIC -o /tmp/segv_backtrace.so tools/segv_backtrace.c
// Use:   LD_PRELOAD=/tmp/segv_backtrace.so python3 script.py
// then resolve "lib.so(+0xOFFSET)" frames with addr2line -f -C -e lib.so 0xOFFSET.
#include <execinfo.h>
#include <signal.h>
#include <unistd.h>

static void print_native_stack(int sig) {
  void* frames[64];
  int n = backtrace(frames, 64);
  static const char header[] = "\n--- native stack (segv_backtrace.so) ---\n";
  write(2, header, sizeof header - 1);
  backtrace_symbols_fd(frames, n, 2);
  signal(sig, SIG_DFL);
  raise(sig);
}

__attribute__((constructor)) static void install(void) {
  signal(SIGSEGV, print_native_stack);
  signal(SIGABRT, print_native_stack);
}
