//===- mlirc.cpp - mlirc entry point --------------------------------------===//

#include "driver/Driver.h"

int main(int argc, char **argv) { return mlirc::runDriver(argc, argv); }
