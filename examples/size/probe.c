/*
 * The C size probe of `cargo xtask bench size`: one query through the C API
 * of libgodtab_nostd.a, from a table compiled into the program (table.c,
 * written by the bench, puts it in a section of its own, .godtab_table,
 * which the bench does not count). Built once per query kind:
 *
 *   (none)          the baseline: the same program, no godtab call
 *   PROBE_TABLE     godtab_table_open, godtab_distance, godtab_solve
 *   PROBE_LOOKUP    godtab_lookup_open, godtab_lookup_distance, godtab_lookup_solve
 *   PROBE_PATTERNS  godtab_table_open, godtab_solve_within (a pattern set)
 *   PROBE_CUBE      godtab_cube_solve (the 3x3x3 cube's facelets, argv[1],
 *                   within 21 moves: its tables are the library's own)
 *
 * The query runs on a stack of its own, painted beforehand (ucontext), so
 * its deepest use is measured afterwards. Prints, as the Rust probe does:
 * "distance D moves M... stack S handle H table T"; PROBE_CUBE prints
 * "status C stack S solution MOVES...".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "godtab.h"

extern const uint8_t godtab_probe_table[];
extern const size_t godtab_probe_table_len;

#define STACK_LEN (256 * 1024)
#define PAINT 0xA5

static uint8_t query_stack[STACK_LEN] __attribute__((aligned(16)));
static ucontext_t main_context, query_context;

static uint8_t values[16];
static size_t cells;
static int distance = -1;
static uint8_t moves[GODTAB_MAX_SOLUTION];
static size_t move_count;
static size_t handle;

#if defined(PROBE_TABLE) || defined(PROBE_PATTERNS)
static godtab_table storage;
#elif defined(PROBE_LOOKUP)
static godtab_lookup storage;
#elif defined(PROBE_CUBE)
static const char *facelets = "";
static char solution[GODTAB_CUBE_SOLUTION_TEXT];
static size_t solution_len;
static int status = -1;
#endif

static void query(void) {
#if defined(PROBE_TABLE) || defined(PROBE_PATTERNS)
    handle = sizeof storage;
    if (godtab_table_open(&storage, godtab_probe_table, godtab_probe_table_len) != GODTAB_OK) return;
#if defined(PROBE_TABLE)
    uint32_t d;
    if (godtab_distance(&storage, values, cells, &d) == GODTAB_OK) distance = (int)d;
    if (godtab_solve(&storage, values, cells, moves, sizeof moves, &move_count) != GODTAB_OK) move_count = 0;
#else
    if (godtab_solve_within(&storage, values, cells, 0, moves, sizeof moves, &move_count) == GODTAB_OK)
        distance = (int)move_count;
#endif
#elif defined(PROBE_LOOKUP)
    handle = sizeof storage;
    if (godtab_lookup_open(&storage, godtab_probe_table, godtab_probe_table_len) != GODTAB_OK) return;
    uint32_t d;
    if (godtab_lookup_distance(&storage, values, cells, &d) == GODTAB_OK) distance = (int)d;
    if (godtab_lookup_solve(&storage, values, cells, moves, sizeof moves, &move_count) != GODTAB_OK) move_count = 0;
#elif defined(PROBE_CUBE)
    status = godtab_cube_solve(facelets, GODTAB_NUL_TERMINATED, 21, 0, solution, sizeof solution, &solution_len);
#else
    distance = cells > 0 ? values[0] : -1;
    moves[0] = godtab_probe_table[0];
    move_count = 1;
#endif
}

int main(int argc, char **argv) {
#if defined(PROBE_CUBE)
    if (argc > 1) facelets = argv[1];
#endif
    for (int i = 1; i < argc && cells < sizeof values; i++) values[cells++] = (uint8_t)atoi(argv[i]);
    memset(query_stack, PAINT, sizeof query_stack);
    if (getcontext(&query_context) != 0) return 1;
    query_context.uc_stack.ss_sp = query_stack;
    query_context.uc_stack.ss_size = sizeof query_stack;
    query_context.uc_link = &main_context;
    makecontext(&query_context, query, 0);
    if (swapcontext(&main_context, &query_context) != 0) return 1;
    size_t untouched = 0;
    while (untouched < sizeof query_stack && query_stack[untouched] == PAINT) untouched++;

#if defined(PROBE_CUBE)
    printf("status %d stack %zu solution %s\n", status, sizeof query_stack - untouched, status == 0 ? solution : "");
    return 0;
#endif
    if (distance < 0) printf("distance none moves");
    else printf("distance %d moves", distance);
    for (size_t i = 0; i < move_count && i < sizeof moves; i++) printf(" %u", moves[i]);
    printf(" stack %zu handle %zu table %zu\n", sizeof query_stack - untouched, handle, godtab_probe_table_len);
    return 0;
}
