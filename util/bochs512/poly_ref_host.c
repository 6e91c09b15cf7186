/* SPDX-License-Identifier: Apache-2.0
 * Host check of poly_ref.h (run by run.py): reads lines "a0 a1 a2 b0 b1 b2" (hex
 * 64-bit limbs) and prints (a * b) mod 2^130 - 5 as three hex limbs, high first. */
#include <stdio.h>

#include "poly_ref.h"

int main(void) {
  unsigned long long x[6];
  while (scanf("%llx %llx %llx %llx %llx %llx", &x[0], &x[1], &x[2], &x[3], &x[4], &x[5]) == 6) {
    uint64_t a[NL] = {x[0], x[1], x[2]}, b[NL] = {x[3], x[4], x[5]}, o[NL];
    mulmod(o, a, b);
    printf("%016llx%016llx%016llx\n", (unsigned long long)o[2], (unsigned long long)o[1],
           (unsigned long long)o[0]);
  }
  return 0;
}
