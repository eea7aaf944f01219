// What reading a whole file costs on this machine, three ways (the figures behind
// `MappedFile`): read() into a fresh buffer of the file's size (as a whole document was
// read before stop 27, and as simdjson's padded_string::load reads every file), read() 4 MB
// at a time into one reused buffer (as `StreamWindow` streams a log), and mmap of the file.
// Each touches one byte per 64 and prints the milliseconds. Not part of `make bench`:
//
//   cc -O2 -o /tmp/first_touch Tests/Bench/first_touch.c
//   for m in fresh reused mapped fresh reused mapped; do /tmp/first_touch $m FILE; done
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: first_touch fresh|reused|mapped FILE\n");
    return 64;
  }
  int fd = open(argv[2], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    perror(argv[2]);
    return 66;
  }
  size_t size = (size_t)st.st_size;
  unsigned long sum = 0;
  double start = now_ms();
  if (strcmp(argv[1], "fresh") == 0) {
    unsigned char *buffer = mmap(NULL, size + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    size_t done = 0;
    ssize_t count;
    while (done < size && (count = read(fd, buffer + done, size + 1 - done)) > 0) done += (size_t)count;
    for (size_t i = 0; i < done; i += 64) sum += buffer[i];
  } else if (strcmp(argv[1], "reused") == 0) {
    unsigned char *buffer = malloc(4 << 20);
    ssize_t count;
    while ((count = read(fd, buffer, 4 << 20)) > 0)
      for (ssize_t i = 0; i < count; i += 64) sum += buffer[i];
  } else {
    unsigned char *mapped = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    for (size_t i = 0; i < size; i += 64) sum += mapped[i];
  }
  printf("%s %.1f ms (checksum %lu)\n", argv[1], now_ms() - start, sum);
  return 0;
}
