// A host program that calls a function compiled by mlirc.
extern "C" void run_vecadd();

int main() {
  run_vecadd();
  return 0;
}
