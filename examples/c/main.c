/*
 * examples/c/main.c: a C program that answers the three seed samples from
 * tables compiled into it, through the godtab C API, and solves a 3x3x3
 * cube from the two-phase tables the library carries.
 *
 * Linked against libgodtab_nostd.a it uses no allocator and no files: the
 * tables are byte arrays (on a microcontroller they would sit in flash),
 * each opened in place in a static godtab_table. `cargo xtask capi`
 * generates the arrays (tables.c, from the built-in puzzles), compiles
 * this file with the system C compiler, runs it, and runs it under
 * valgrind; examples/c/README.md shows the commands.
 *
 * Table files named on the command line are opened too: libgodtab.a and
 * libgodtab.so open them (memory-mapped .gtab, decompressed .gtab.zst);
 * libgodtab_nostd.a, which has no files, answers GODTAB_ERROR_UNSUPPORTED,
 * and the program then reads the file into memory itself and opens the
 * bytes (the library still allocates nothing). A pattern set among them
 * (the 15-puzzle's shipped 6-6-3 set, data/fifteen-puzzle.gtab) solves a
 * 15-puzzle state by IDA*, within a node limit.
 *
 * Exit status: 0 when every answer is the expected one, 1 otherwise.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "godtab.h"

/* The tables, from tables.c. */
extern const uint8_t godtab_nine_digits[];
extern const size_t godtab_nine_digits_len;
extern const uint8_t godtab_nine_puzzle[];
extern const size_t godtab_nine_puzzle_len;
extern const uint8_t godtab_eight_puzzle[];
extern const size_t godtab_eight_puzzle_len;

/* Storage for the open tables: static, so zeroed, and no allocation. */
static godtab_table nine_digits, nine_puzzle, eight_puzzle;

static int failures = 0;

/* Prints a failed call's status and counts it. */
static void report(const char *what, godtab_status status) {
    fprintf(stderr, "godtab-example: %s: %s\n", what, godtab_status_message(status));
    failures++;
}

/* Prints `got` and counts a failure unless it is `want`. */
static void expect(const char *got, const char *want) {
    printf("%s\n", got);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "godtab-example: expected \"%s\"\n", want);
        failures++;
    }
}

/* Opens an embedded table and says what it is. */
static int open_embedded(godtab_table *table, const uint8_t *bytes, size_t len) {
    godtab_status status = godtab_table_open(table, bytes, len);
    if (status != GODTAB_OK) {
        report("opening an embedded table", status);
        return 0;
    }
    return 1;
}

/* Nine Digits (Sicily 2011): tile values in, the number of moves out. */
static void nine_digits_sample(void) {
    const uint8_t tiles[9] = {4, 1, 3, 5, 2, 6, 7, 8, 9};
    uint32_t distance;
    uint8_t moves[GODTAB_MAX_SOLUTION];
    size_t count, len;
    char names[256], line[512];
    godtab_status status = godtab_distance(&nine_digits, tiles, 9, &distance);
    if (status != GODTAB_OK) {
        report("nine-digits distance", status);
        return;
    }
    status = godtab_solve(&nine_digits, tiles, 9, moves, sizeof moves, &count);
    if (status == GODTAB_OK) {
        status = godtab_format_moves(&nine_digits, moves, count, " ", names, sizeof names, &len);
    }
    if (status != GODTAB_OK) {
        report("nine-digits solution", status);
        return;
    }
    snprintf(line, sizeof line, "nine-digits 4 1 3 5 2 6 7 8 9: %u (%s)", (unsigned)distance, names);
    expect(line, "nine-digits 4 1 3 5 2 6 7 8 9: 3 (A A A)");
}

/* 9 Puzzle (UVA 11513): the board as text, three rows, as the input has
   it; the answer as the statement prints it, the count and the moves. */
static void nine_puzzle_sample(void) {
    const char *board = "7 3 9\n2 5 1\n4 8 6";
    uint8_t moves[GODTAB_MAX_SOLUTION];
    size_t count, len;
    char names[256], line[512];
    godtab_status status =
        godtab_solve_text(&nine_puzzle, board, GODTAB_NUL_TERMINATED, moves, sizeof moves, &count);
    if (status == GODTAB_OK) {
        status = godtab_format_moves(&nine_puzzle, moves, count, "", names, sizeof names, &len);
    }
    if (status != GODTAB_OK) {
        report("nine-puzzle solution", status);
        return;
    }
    snprintf(line, sizeof line, "nine-puzzle 7 3 9 / 2 5 1 / 4 8 6: %u %s", (unsigned)count, names);
    expect(line, "nine-puzzle 7 3 9 / 2 5 1 / 4 8 6: 3 V1V3H1");
}

/* Eight (POJ 1077): text with the blank x; the moves run together. An
   unsolvable state is an answer too, and a bad one a status. */
static void eight_puzzle_sample(void) {
    const char *state = "2 3 4 1 5 x 7 6 8";
    uint8_t moves[GODTAB_MAX_SOLUTION];
    size_t count, len;
    uint32_t distance;
    char names[256], line[512];
    godtab_status status =
        godtab_solve_text(&eight_puzzle, state, strlen(state), moves, sizeof moves, &count);
    if (status == GODTAB_OK) {
        status = godtab_format_moves(&eight_puzzle, moves, count, "", names, sizeof names, &len);
    }
    if (status != GODTAB_OK) {
        report("eight-puzzle solution", status);
        return;
    }
    snprintf(line, sizeof line, "eight-puzzle 2 3 4 1 5 x 7 6 8: %s", names);
    expect(line, "eight-puzzle 2 3 4 1 5 x 7 6 8: ullddrurdllurdruldr");

    status = godtab_distance_text(&eight_puzzle, "1 2 3 4 5 6 8 7 x", GODTAB_NUL_TERMINATED, &distance);
    snprintf(line, sizeof line, "eight-puzzle 1 2 3 4 5 6 8 7 x: %s",
             status == GODTAB_UNSOLVABLE ? "unsolvable" : godtab_status_message(status));
    expect(line, "eight-puzzle 1 2 3 4 5 6 8 7 x: unsolvable");

    status = godtab_distance_text(&eight_puzzle, "1 2 3", GODTAB_NUL_TERMINATED, &distance);
    snprintf(line, sizeof line, "eight-puzzle 1 2 3: %s", godtab_status_message(status));
    expect(line, "eight-puzzle 1 2 3: the state has the wrong number of tiles for this puzzle");
}

/* The 3x3x3 cube, solved by two-phase from the tables inside the library
   (no table to open). Facelets: faces U R F D L B, each row by row. */
static void cube_sample(void) {
    /* The solved cube turned by U. */
    const char *turned = "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB";
    /* The solved cube with its URF corner twisted in place. */
    const char *twisted = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    char text[GODTAB_CUBE_SOLUTION_TEXT], line[256];
    size_t len;
    godtab_status status = godtab_cube_solve(turned, GODTAB_NUL_TERMINATED, 0, 0, text, sizeof text, &len);
    snprintf(line, sizeof line, "cube-3x3x3 turned by U: %s", status == GODTAB_OK ? text : godtab_status_message(status));
    expect(line, "cube-3x3x3 turned by U: U'");
    status = godtab_cube_solve(twisted, strlen(twisted), 21, 0, text, sizeof text, &len);
    snprintf(line, sizeof line, "cube-3x3x3 twisted: %s", godtab_status_message(status));
    expect(line, "cube-3x3x3 twisted: a corner is twisted: no turns of the faces reach this cube");
}

/* The whole of a file, in memory the program allocates (NULL if it cannot
   be read). */
static uint8_t *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    uint8_t *bytes = NULL;
    long size;
    if (f == NULL) {
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        bytes = malloc(size > 0 ? (size_t)size : 1);
        if (bytes != NULL && fread(bytes, 1, (size_t)size, f) != (size_t)size) {
            free(bytes);
            bytes = NULL;
        }
        *len = (size_t)size;
    }
    fclose(f);
    return bytes;
}

/* A 15-puzzle state solved from a pattern set: IDA* on this thread's
   stack, at most a million nodes. */
static void fifteen_puzzle_sample(const godtab_table *set) {
    const uint8_t tiles[16] = {6, 1, 3, 7, 5, 2, 10, 4, 13, 12, 11, 8, 14, 0, 9, 15};
    uint8_t moves[GODTAB_MAX_SOLUTION];
    size_t count, len;
    char names[512], line[768];
    godtab_status status = godtab_solve_within(set, tiles, 16, 1000000, moves, sizeof moves, &count);
    if (status == GODTAB_OK) {
        status = godtab_format_moves(set, moves, count, "", names, sizeof names, &len);
    }
    if (status != GODTAB_OK) {
        report("fifteen-puzzle solution", status);
        return;
    }
    snprintf(line, sizeof line, "fifteen-puzzle 6 1 3 7 5 2 10 4 13 12 11 8 14 x 9 15: %u moves %s",
             (unsigned)count, names);
    expect(line, "fifteen-puzzle 6 1 3 7 5 2 10 4 13 12 11 8 14 x 9 15: 24 moves ruldluuurrrddluuldldrrdr");
}

/* Opens a table file, checks every byte, describes it (and solves the
   15-puzzle sample from a pattern set) and closes it. */
static void describe_file(const char *path) {
    godtab_table table;
    char id[GODTAB_MAX_ID];
    uint8_t *bytes = NULL;
    size_t len = 0;
    godtab_status status = godtab_table_open_file(&table, path);
    if (status == GODTAB_ERROR_UNSUPPORTED) {
        /* No files in this library: the bytes are the program's to read. */
        bytes = read_file(path, &len);
        status = bytes != NULL ? godtab_table_open(&table, bytes, len) : GODTAB_ERROR_IO;
        printf("%s: read by the program (this library opens no files)\n", path);
    }
    if (status == GODTAB_OK) {
        status = godtab_table_verify(&table);
        if (status == GODTAB_OK) {
            status = godtab_table_id(&table, id, sizeof id);
        }
        if (status == GODTAB_OK && godtab_table_kind(&table) == GODTAB_KIND_PATTERNS) {
            printf("%s: %s, pattern set, %u cells, %u moves, checksum ok\n", path, id,
                   (unsigned)godtab_table_cells(&table), (unsigned)godtab_table_moves(&table));
            fifteen_puzzle_sample(&table);
        } else if (status == GODTAB_OK) {
            printf("%s: %s, %u cells, %u moves, God's number %u, checksum ok\n", path, id,
                   (unsigned)godtab_table_cells(&table), (unsigned)godtab_table_moves(&table),
                   (unsigned)godtab_table_max_depth(&table));
        }
        /* Once for each successful open of a file: frees the map or buffer. */
        godtab_table_close(&table);
    }
    free(bytes);
    if (status != GODTAB_OK) {
        printf("%s: %s\n", path, godtab_status_message(status));
        failures++;
    }
}

int main(int argc, char **argv) {
    int i;
    if (!open_embedded(&nine_digits, godtab_nine_digits, godtab_nine_digits_len) ||
        !open_embedded(&nine_puzzle, godtab_nine_puzzle, godtab_nine_puzzle_len) ||
        !open_embedded(&eight_puzzle, godtab_eight_puzzle, godtab_eight_puzzle_len)) {
        return 1;
    }
    nine_digits_sample();
    nine_puzzle_sample();
    eight_puzzle_sample();
    cube_sample();
    for (i = 1; i < argc; i++) {
        describe_file(argv[i]);
    }
    /* Tables over the program's own bytes own nothing: closing them only
       marks them closed. */
    godtab_table_close(&nine_digits);
    godtab_table_close(&nine_puzzle);
    godtab_table_close(&eight_puzzle);
    return failures == 0 ? 0 : 1;
}
