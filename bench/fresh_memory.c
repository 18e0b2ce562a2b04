// What a first touch of memory costs on this machine: the number that explains most
// of a large build's time on a VM (bench/README.md, "Where the time goes").
//
//   cc -O2 bench/fresh_memory.c -o /tmp/fresh_memory && /tmp/fresh_memory
//
// Prints the cost per MB of writing to memory the process has never touched, in 4 KB
// pages and in 2 MB transparent huge pages (what sitegen's jemalloc uses), and of
// writing to it again. On bare metal a first touch costs a fraction of a millisecond
// per MB; on some VMs the host backs each page only when the guest first writes it.
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { kMB = 1 << 20, kSize = 64 * kMB, kHuge = 2 * kMB };

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// A fresh private mapping aligned to 2 MB, so huge pages can back all of it.
static char* fresh(int advice) {
  char* p = mmap(NULL, kSize + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    return NULL;
  }
  p = (char*)(((uintptr_t)p + kHuge - 1) & ~(uintptr_t)(kHuge - 1));
  madvise(p, kSize, advice);
  return p;
}

static void measure(const char* what, int advice) {
  char* p = fresh(advice);
  if (!p) return;
  double t0 = now_ms();
  for (size_t i = 0; i < kSize; i += 4096) p[i] = 1;
  double t1 = now_ms();
  memset(p, 2, kSize);
  double t2 = now_ms();
  printf("%-24s first touch %6.2f ms/MB   again %6.3f ms/MB\n", what, (t1 - t0) / 64,
         (t2 - t1) / 64);
}

int main(void) {
  measure("4 KB pages", MADV_NOHUGEPAGE);
  measure("2 MB huge pages", MADV_HUGEPAGE);
  return 0;
}
