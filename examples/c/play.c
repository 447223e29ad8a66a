/*
 * play.c: plays complete seeded games of Metropolys through the C API only
 * and prints each final score sheet.
 *
 * Usage: play [players variant seed]...
 *   players: 2, 3 or 4; variant: family or expert; seed: any integer.
 *   Without arguments it plays three games: 2 family 1, 3 expert 2, 4 expert 3.
 *
 * Each seat picks a legal action with a small seeded generator (xorshift), so
 * the same arguments always give the same games.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metropolys.h"

/* Prints the failed call, the status and the library's message; exits. */
static void check(MtpStatus status, const char *what) {
    if (status != MTP_STATUS_OK) {
        fprintf(stderr, "%s failed: %s: %s\n", what, mtp_status_name(status), mtp_last_error());
        exit(1);
    }
}

static uint64_t next_random(uint64_t *state) {
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return x;
}

static void print_sheet(const MtpScoreSheet *s) {
    printf("  seat %u | %6d %6d %6d %6d %6d %5d %5d %7d %5d | %5d | %2u\n", (unsigned)s->player,
           s->trendy, s->subway, s->subway_card, s->archaeology, s->archaeology_card, s->area,
           s->neighborhood, s->highest_building, s->metropolys, s->total,
           (unsigned)s->constructed);
}

/* Plays one game to its end; returns 0 on success. */
static int play(uint8_t players, uint32_t variant, uint64_t seed) {
    MtpGame *game = NULL;
    check(mtp_game_new_simple(players, variant, seed, &game), "mtp_game_new_simple");

    MtpAction legal[MTP_ACTION_COUNT];
    MtpEvent events[64];
    uint64_t rng = seed * 2654435761u + 88172645463325252ull;
    unsigned decisions = 0, constructions = 0;
    bool over = false;
    check(mtp_game_is_over(game, &over), "mtp_game_is_over");
    while (!over) {
        size_t count = 0;
        check(mtp_game_legal_actions(game, legal, MTP_ACTION_COUNT, &count),
              "mtp_game_legal_actions");
        if (count == 0) {
            fprintf(stderr, "no legal action in a running game\n");
            mtp_game_free(game);
            return 1;
        }
        MtpAction action = legal[next_random(&rng) % count];
        MtpGame *next = NULL;
        check(mtp_game_apply(game, action, &next), "mtp_game_apply");
        check(mtp_game_free(game), "mtp_game_free"); /* the old state is ours to free */
        game = next;
        decisions++;

        size_t n_events = 0;
        check(mtp_game_events(game, events, sizeof events / sizeof events[0], &n_events),
              "mtp_game_events");
        for (size_t i = 0; i < n_events; i++) {
            if (events[i].tag == MTP_EVENT_TYPE_CONSTRUCTED) {
                constructions++;
            }
        }
        check(mtp_game_is_over(game, &over), "mtp_game_is_over");
    }

    uint16_t calls = 0;
    check(mtp_game_call_number(game, &calls), "mtp_game_call_number");
    printf("%u players, %s, seed %" PRIu64 ": %u decisions, %u calls, %u buildings\n",
           (unsigned)players, variant == MTP_VARIANT_EXPERT ? "expert" : "family", seed,
           decisions, (unsigned)calls, constructions);
    printf("         | trendy subway s.card  arch. a.card  area neigh highest metro | total | "
           "built\n");
    for (uint8_t seat = 0; seat < players; seat++) {
        MtpScoreSheet sheet;
        check(mtp_game_score_sheet(game, seat, &sheet), "mtp_game_score_sheet");
        print_sheet(&sheet);
    }
    uint8_t winners[MTP_MAX_PLAYERS];
    size_t n_winners = 0;
    check(mtp_game_winners(game, winners, MTP_MAX_PLAYERS, &n_winners), "mtp_game_winners");
    printf("  winner%s:", n_winners > 1 ? "s" : "");
    for (size_t i = 0; i < n_winners; i++) {
        printf(" seat %u", (unsigned)winners[i]);
    }
    printf("\n\n");
    check(mtp_game_free(game), "mtp_game_free");
    return 0;
}

int main(int argc, char **argv) {
    if (mtp_abi_version() != MTP_ABI_VERSION) {
        fprintf(stderr, "library ABI %u, header ABI %u\n", mtp_abi_version(), MTP_ABI_VERSION);
        return 1;
    }
    printf("metropolys %s (ABI %u)\n\n", mtp_version(), mtp_abi_version());
    if (argc == 1) {
        return play(2, MTP_VARIANT_FAMILY, 1) || play(3, MTP_VARIANT_EXPERT, 2) ||
               play(4, MTP_VARIANT_EXPERT, 3);
    }
    if ((argc - 1) % 3 != 0) {
        fprintf(stderr, "usage: %s [players family|expert seed]...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i += 3) {
        int players = atoi(argv[i]);
        uint32_t variant;
        if (strcmp(argv[i + 1], "family") == 0) {
            variant = MTP_VARIANT_FAMILY;
        } else if (strcmp(argv[i + 1], "expert") == 0) {
            variant = MTP_VARIANT_EXPERT;
        } else {
            fprintf(stderr, "unknown variant %s: family or expert\n", argv[i + 1]);
            return 2;
        }
        uint64_t seed = strtoull(argv[i + 2], NULL, 10);
        if (players < 0 || players > 255) {
            fprintf(stderr, "bad player count %s\n", argv[i]);
            return 2;
        }
        if (play((uint8_t)players, variant, seed) != 0) {
            return 1;
        }
    }
    return 0;
}
