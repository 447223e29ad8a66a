/*
 * main.c: plays one seeded four-player Expert game with the first legal
 * action each time and prints the winners. Built by CMakeLists.txt against
 * the installed library.
 */
#include <stdio.h>

#include "metropolys.h"

int main(void) {
    if (mtp_abi_version() != MTP_ABI_VERSION) {
        fprintf(stderr, "library ABI %u, header ABI %u\n", mtp_abi_version(), MTP_ABI_VERSION);
        return 1;
    }
    printf("metropolys %s (header %d.%d.%d, ABI %d)\n", mtp_version(), MTP_VERSION_MAJOR,
           MTP_VERSION_MINOR, MTP_VERSION_PATCH, MTP_ABI_VERSION);

    MtpGame *game = NULL;
    if (mtp_game_new_simple(4, MTP_VARIANT_EXPERT, 2008, &game) != MTP_STATUS_OK) {
        fprintf(stderr, "%s\n", mtp_last_error());
        return 1;
    }
    bool over = false;
    while (mtp_game_is_over(game, &over) == MTP_STATUS_OK && !over) {
        MtpAction legal[MTP_ACTION_COUNT];
        size_t count = 0;
        MtpGame *next = NULL;
        if (mtp_game_legal_actions(game, legal, MTP_ACTION_COUNT, &count) != MTP_STATUS_OK ||
            count == 0 || mtp_game_apply(game, legal[0], &next) != MTP_STATUS_OK) {
            fprintf(stderr, "%s\n", mtp_last_error());
            mtp_game_free(game);
            return 1;
        }
        mtp_game_free(game);
        game = next;
    }
    uint8_t winners[MTP_MAX_PLAYERS];
    size_t n = 0;
    if (mtp_game_winners(game, winners, MTP_MAX_PLAYERS, &n) != MTP_STATUS_OK) {
        fprintf(stderr, "%s\n", mtp_last_error());
        mtp_game_free(game);
        return 1;
    }
    printf("winners:");
    for (size_t i = 0; i < n; i++) printf(" seat %u", (unsigned)winners[i]);
    printf("\n");
    mtp_game_free(game);
    return 0;
}
