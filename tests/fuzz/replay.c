/* replay.c: runs a fuzz target's LLVMFuzzerTestOneInput over every file of
 * the directories (or files) given, without libFuzzer: the corpus as a
 * deterministic test (./build.sh test builds it with gcc and the address and
 * undefined-behaviour sanitizers). Each input runs in a child process, so a
 * crash or a failed check fails that input alone and names it; the last line
 * is "N passed, N failed". */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int passed, failed;

/* Reads the whole file; NULL (and a message) if it cannot. */
static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger) free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static void run_one(const char *path)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        printf("FAIL %s: fork failed\n", path);
        failed++;
        return;
    }
    if (pid == 0) {
        size_t len = 0;
        uint8_t *data = slurp(path, &len);
        if (!data) {
            fprintf(stderr, "%s: cannot read\n", path);
            exit(2);
        }
        /* An exact-size copy, so a read past the input shows. */
        uint8_t *copy = malloc(len ? len : 1);
        if (!copy) exit(2);
        memcpy(copy, data, len);
        free(data);
        LLVMFuzzerTestOneInput(copy, len);
        free(copy);
        exit(0); /* through exit: LeakSanitizer checks the child */
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        passed++;
    } else {
        failed++;
        if (WIFSIGNALED(status)) printf("FAIL %s (signal %d)\n", path, WTERMSIG(status));
        else printf("FAIL %s (exit status %d)\n", path, WEXITSTATUS(status));
    }
}

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        if (stat(argv[i], &sb) != 0) {
            printf("FAIL %s: not found\n", argv[i]);
            failed++;
            continue;
        }
        if (!S_ISDIR(sb.st_mode)) {
            run_one(argv[i]);
            continue;
        }
        struct dirent **names;
        int n = scandir(argv[i], &names, NULL, by_name), files = 0;
        for (int k = 0; k < n; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], names[k]->d_name);
            if (names[k]->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
                run_one(path);
                files++;
            }
            free(names[k]);
        }
        free(names);
        if (files == 0) {
            printf("FAIL %s: an empty corpus\n", argv[i]);
            failed++;
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
