// Calls the functions of host-parts.mlir, compiled in parts.
#include <stdio.h>

void fill(float a, float b);
int sum(long n);
void row_max(void);

int main(void) {
  fill(2.0f, 1.0f);
  printf("sum %d\n", sum(10));
  row_max();
  return 0;
}
