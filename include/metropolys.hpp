/*
 * metropolys.hpp: a small C++ layer over the Metropolys C API
 * (metropolys.h). C++11 or later; header-only; link with the same library.
 *
 *   metropolys::Game game(4, MTP_VARIANT_EXPERT, 2008);
 *   while (!game.is_over()) {
 *       std::vector<uint16_t> ids = game.legal_action_ids();
 *       game = game.apply_id(ids[0]);          // the old handle is freed
 *   }
 *   for (const MtpNeighborhoodState &n : game.board()) { ... }
 *
 * - metropolys::Game owns one handle (RAII): copying clones it
 *   (mtp_game_clone), moving transfers it, the destructor frees it.
 * - A failing call throws metropolys::Error, which carries the MtpStatus
 *   and the library's message (mtp_last_error). Where a failure is an
 *   ordinary answer, a non-throwing form returns it instead
 *   (Game::check returns the MtpStatus of an action; Game::try_apply
 *   returns a Result holding either a game or the error).
 * - Strings come back as std::string, lists as std::vector; nothing needs
 *   freeing by hand. A string passed in with an embedded NUL character
 *   throws (MTP_STATUS_INVALID_ARGUMENT) instead of being cut short.
 * - metropolys::Bot owns one bot handle (mtp_bot_new): move-only, since a
 *   bot's random generator advances with each decision.
 *
 *   metropolys::Bot bot("ismcts", "{\"iterations\": 1000, \"seed\": 7}");
 *   game = game.apply(bot.choose(game));
 *
 * - metropolys::Cancel owns one cancel handle (mtp_cancel_new): another
 *   thread calls cancel.trip() to stop bot.choose(game, cancel), which then
 *   throws metropolys::Cancelled (an Error with MTP_STATUS_CANCELLED).
 * - Words for players (a game or a record told call by call, an action,
 *   the scoring rules, how to play) take a language tag: "en" (the
 *   default), "cs", "pl", "fr", or a regional tag such as "pl-PL"; another
 *   throws MTP_STATUS_INVALID_ARGUMENT.
 *
 *   std::string told = game.narration_json("cs");
 *
 * Games are immutable: calls on one Game from several threads are safe;
 * different games never contend.
 */
#ifndef METROPOLYS_HPP
#define METROPOLYS_HPP

extern "C" {
#include "metropolys.h"
}

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace metropolys {

/** A failed call: its status and the library's message. */
class Error : public std::runtime_error {
  public:
    Error(MtpStatus status, const std::string &message)
        : std::runtime_error(std::string(mtp_status_name(status)) + ": " + message),
          status_(status) {}
    /** The status the call returned. */
    MtpStatus status() const noexcept { return status_; }

  private:
    MtpStatus status_;
};

/** Throws an Error for any status but MTP_STATUS_OK. */
inline void check(MtpStatus status) {
    if (status != MTP_STATUS_OK) {
        throw Error(status, mtp_last_error());
    }
}

namespace detail {

/** Takes a string the library allocated: copies it and frees it. */
inline std::string take(char *s) {
    std::string out = s != nullptr ? std::string(s) : std::string();
    mtp_string_free(s);
    return out;
}

/** A C string of `text`; throws when it holds a NUL character, which C
 *  would take for its end (a silently different argument). */
inline const char *c_str(const std::string &text, const char *what) {
    if (text.find('\0') != std::string::npos) {
        throw Error(MTP_STATUS_INVALID_ARGUMENT,
                    std::string(what) + " holds a NUL character at byte " +
                        std::to_string(text.find('\0')));
    }
    return text.c_str();
}

/** The buffer protocol: asks for the count, then fills a vector. */
template <typename T, typename F> std::vector<T> list(F fill, std::size_t guess) {
    std::vector<T> items(guess);
    std::size_t count = 0;
    MtpStatus status = fill(items.data(), items.size(), &count);
    if (status == MTP_STATUS_BUFFER_TOO_SMALL) {
        items.resize(count);
        status = fill(items.data(), items.size(), &count);
    }
    check(status);
    items.resize(count);
    return items;
}

} // namespace detail

class Result;

/** One game handle, owned. */
class Game {
  public:
    /** A new game drawn from `seed` (mtp_game_new_simple). */
    Game(uint8_t players, MtpVariant variant, uint64_t seed) : handle_(nullptr) {
        check(mtp_game_new_simple(players, static_cast<uint32_t>(variant), seed, &handle_));
    }

    /** A new game from a configuration in JSON (mtp_game_new). */
    static Game from_config_json(const std::string &config) {
        MtpGame *h = nullptr;
        check(mtp_game_new(detail::c_str(config, "config_json"), &h));
        return Game(h);
    }

    /** The game a record reaches, with its history (mtp_game_from_record):
     *  how a game saved with record_json() is restored. */
    static Game from_record_json(const std::string &record) {
        MtpGame *h = nullptr;
        check(mtp_game_from_record(detail::c_str(record, "record_json"), &h));
        return Game(h);
    }

    /** A position saved with to_json, without history (mtp_game_from_json):
     *  a whole state, a seat's view (view_json) or the public view
     *  (public_view_json), as the game server sends them; a view knows only
     *  its viewer's cards (R-21, viewer(), knows_secrets()). Save a game
     *  with record_json() to keep its history. */
    static Game from_json(const std::string &state) {
        MtpGame *h = nullptr;
        check(mtp_game_from_json(detail::c_str(state, "state_json"), &h));
        return Game(h);
    }

    /** Takes ownership of a handle from the C API. */
    static Game adopt(MtpGame *handle) {
        if (handle == nullptr) {
            throw Error(MTP_STATUS_NULL_POINTER, "adopting a NULL game handle");
        }
        return Game(handle);
    }

    Game(const Game &other) : handle_(nullptr) { check(mtp_game_clone(other.handle_, &handle_)); }
    Game(Game &&other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
    Game &operator=(const Game &other) {
        if (this != &other) {
            Game copy(other);
            std::swap(handle_, copy.handle_);
        }
        return *this;
    }
    Game &operator=(Game &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Game() {
        if (handle_ != nullptr) {
            mtp_game_free(handle_);
        }
    }

    /** The C handle (still owned by this Game). */
    const MtpGame *get() const noexcept { return handle_; }
    /** Gives the handle up: the caller frees it with mtp_game_free. */
    MtpGame *release() noexcept {
        MtpGame *h = handle_;
        handle_ = nullptr;
        return h;
    }

    uint8_t players() const { return get_value<uint8_t>(mtp_game_players); }
    bool is_over() const { return get_value<bool>(mtp_game_is_over); }
    /** The seat to act, MTP_NO_SEAT once the game is over. */
    uint8_t to_act() const { return get_value<uint8_t>(mtp_game_to_act); }
    uint16_t call_number() const { return get_value<uint16_t>(mtp_game_call_number); }
    /** The seat whose view this game is (mtp_game_viewer), MTP_NO_SEAT for
     *  a whole game and for the public view. */
    uint8_t viewer() const { return get_value<uint8_t>(mtp_game_viewer); }
    /** Whether this game knows `seat`'s objectives and Metropolys card
     *  (mtp_game_knows_secrets, R-21): what needs them throws
     *  MTP_STATUS_INVALID_STATE in a view that does not. */
    bool knows_secrets(uint8_t seat) const {
        bool known = false;
        check(mtp_game_knows_secrets(handle_, seat, &known));
        return known;
    }

    std::vector<MtpAction> legal_actions() const {
        return detail::list<MtpAction>(
            [this](MtpAction *b, std::size_t c, std::size_t *n) {
                return mtp_game_legal_actions(handle_, b, c, n);
            },
            MTP_ACTION_COUNT);
    }
    std::vector<uint16_t> legal_action_ids() const {
        return detail::list<uint16_t>(
            [this](uint16_t *b, std::size_t c, std::size_t *n) {
                return mtp_game_legal_action_ids(handle_, b, c, n);
            },
            MTP_ACTION_COUNT);
    }
    /** MTP_STATUS_OK if `action` is legal, else why not (never throws). */
    MtpStatus check_action(MtpAction action) const noexcept {
        return mtp_game_check(handle_, action);
    }

    /** The game after `action` by the seat to act. */
    Game apply(MtpAction action) const {
        MtpGame *h = nullptr;
        check(mtp_game_apply(handle_, action, &h));
        return Game(h);
    }
    Game apply_id(uint16_t id) const {
        MtpGame *h = nullptr;
        check(mtp_game_apply_id(handle_, id, &h));
        return Game(h);
    }
    Game apply_for(uint8_t seat, MtpAction action) const {
        MtpGame *h = nullptr;
        check(mtp_game_apply_for(handle_, seat, action, &h));
        return Game(h);
    }
    /** apply without exceptions: the new game or the error. */
    Result try_apply(MtpAction action) const;
    /** The game before the last decision (mtp_game_undo), also in a game
     *  restored from its record. */
    Game undo() const {
        MtpGame *h = nullptr;
        check(mtp_game_undo(handle_, &h));
        return Game(h);
    }

    /** The events of the transition that led here. */
    std::vector<MtpEvent> events() const {
        return detail::list<MtpEvent>(
            [this](MtpEvent *b, std::size_t c, std::size_t *n) {
                return mtp_game_events(handle_, b, c, n);
            },
            16);
    }
    MtpScoreSheet score_sheet(uint8_t seat) const {
        MtpScoreSheet sheet;
        check(mtp_game_score_sheet(handle_, seat, &sheet));
        return sheet;
    }
    std::vector<uint8_t> winners() const {
        return detail::list<uint8_t>(
            [this](uint8_t *b, std::size_t c, std::size_t *n) {
                return mtp_game_winners(handle_, b, c, n);
            },
            MTP_MAX_PLAYERS);
    }

    /* What a frontend draws. */
    MtpNeighborhoodState neighborhood(uint8_t id) const {
        MtpNeighborhoodState n;
        check(mtp_game_neighborhood(handle_, id, &n));
        return n;
    }
    std::vector<MtpNeighborhoodState> board() const {
        return detail::list<MtpNeighborhoodState>(
            [this](MtpNeighborhoodState *b, std::size_t c, std::size_t *n) {
                return mtp_game_board(handle_, b, c, n);
            },
            MTP_NEIGHBORHOOD_COUNT);
    }
    std::vector<MtpBid> bids() const {
        return detail::list<MtpBid>(
            [this](MtpBid *b, std::size_t c, std::size_t *n) {
                return mtp_game_bids(handle_, b, c, n);
            },
            16);
    }
    std::vector<uint8_t> supply(uint8_t seat) const {
        return detail::list<uint8_t>(
            [this, seat](uint8_t *b, std::size_t c, std::size_t *n) {
                return mtp_game_supply(handle_, seat, b, c, n);
            },
            13);
    }
    MtpTokenCounts tokens_taken(uint8_t seat) const {
        MtpTokenCounts t;
        check(mtp_game_tokens_taken(handle_, seat, &t));
        return t;
    }
    bool has_passed(uint8_t seat) const {
        bool passed = false;
        check(mtp_game_has_passed(handle_, seat, &passed));
        return passed;
    }
    /** The seat holding `card`, MTP_NO_SEAT while it is in the supply. */
    uint8_t card_holder(MtpCard card) const {
        uint8_t seat = MTP_NO_SEAT;
        check(mtp_game_card_holder(handle_, static_cast<uint8_t>(card), &seat));
        return seat;
    }
    /** `seat`'s objective cards as `viewer` sees them. */
    MtpObjectives view_objectives(uint8_t viewer, uint8_t seat) const {
        MtpObjectives o;
        check(mtp_game_view_objectives(handle_, viewer, seat, &o));
        return o;
    }
    std::string svg() const {
        char *s = nullptr;
        check(mtp_game_svg(handle_, nullptr, &s));
        return detail::take(s);
    }
    std::string svg(const MtpSvgOptions &options) const {
        char *s = nullptr;
        check(mtp_game_svg(handle_, &options, &s));
        return detail::take(s);
    }

    /* JSON, for saving and tools. */
    std::string to_json() const { return json(mtp_game_to_json); }
    std::string record_json() const { return json(mtp_game_record_json); }
    std::string view_json(uint8_t seat) const {
        char *s = nullptr;
        check(mtp_game_view_json(handle_, seat, &s));
        return detail::take(s);
    }
    /** What a spectator may see (mtp_game_public_view_json, R-21). */
    std::string public_view_json() const { return json(mtp_game_public_view_json); }
    /** Every seat's score sheet with its groups (mtp_game_scores_json). */
    std::string scores_json() const { return json(mtp_game_scores_json); }
    /** Every seat's score as far as this game knows it, `null` for what
     *  depends on a hidden card (mtp_game_running_scores_json, R-21). */
    std::string running_scores_json() const { return json(mtp_game_running_scores_json); }
    /** Where `seat`'s secret cards score (mtp_game_where_cards_score_json). */
    std::string where_cards_score_json(uint8_t seat) const {
        char *s = nullptr;
        check(mtp_game_where_cards_score_json(handle_, seat, &s));
        return detail::take(s);
    }
    /** The game told call by call from its setup, in the language `lang`,
     *  as JSON: {"calls": [{"call", "title", "lines"}], "ending": [...]}
     *  (mtp_game_narration_json). A game without history (from_json)
     *  throws MTP_STATUS_INVALID_STATE; an unknown language
     *  MTP_STATUS_INVALID_ARGUMENT. */
    std::string narration_json(const std::string &lang = "en") const {
        char *s = nullptr;
        check(mtp_game_narration_json(handle_, detail::c_str(lang, "lang"), &s));
        return detail::take(s);
    }

  private:
    explicit Game(MtpGame *handle) noexcept : handle_(handle) {}
    friend class Result;

    template <typename T, typename F> T get_value(F f) const {
        T value{};
        check(f(handle_, &value));
        return value;
    }
    template <typename F> std::string json(F f) const {
        char *s = nullptr;
        check(f(handle_, &s));
        return detail::take(s);
    }

    MtpGame *handle_;
};

/** A decision stopped through its cancel handle (MTP_STATUS_CANCELLED). */
class Cancelled : public Error {
  public:
    explicit Cancelled(const std::string &message) : Error(MTP_STATUS_CANCELLED, message) {}
};

/**
 * One cancel handle, owned (mtp_cancel_new, mtp_cancel_free): a flag that
 * stops Bot::choose(game, cancel) when another thread trips it. Move-only;
 * trip(), reset() and tripped() may be called from any thread, also while
 * a decision watches the handle (keep the Cancel alive until then).
 */
class Cancel {
  public:
    Cancel() : handle_(nullptr) { check(mtp_cancel_new(&handle_)); }
    Cancel(const Cancel &) = delete;
    Cancel &operator=(const Cancel &) = delete;
    Cancel(Cancel &&other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
    Cancel &operator=(Cancel &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Cancel() {
        if (handle_ != nullptr) {
            mtp_cancel_free(handle_);
        }
    }

    /** The C handle (still owned by this Cancel). */
    MtpCancel *get() const noexcept { return handle_; }
    /** Stops the decision watching this handle, and every later one until
     *  reset(). */
    void trip() const { check(mtp_cancel_trip(handle_)); }
    /** Lowers the flag again, for the next decision. */
    void reset() const { check(mtp_cancel_reset(handle_)); }
    /** Whether the flag is raised. */
    bool tripped() const {
        bool t = false;
        check(mtp_cancel_is_tripped(handle_, &t));
        return t;
    }

  private:
    MtpCancel *handle_;
};

/**
 * One bot handle, owned (mtp_bot_new, mtp_bot_choose, mtp_bot_free).
 * Move-only: a bot changes as it decides (its random generator advances),
 * so a copy would be a second bot with the same future. Do not use one Bot
 * from several threads at once; different bots may decide in different
 * threads, on the same game or not.
 */
class Bot {
  public:
    /** A bot of `kind` ("random", "greedy", "ismcts") with its parameters as
     *  a JSON object (docs/bots.md); "" for every parameter at its default. */
    explicit Bot(const std::string &kind, const std::string &params_json = std::string())
        : handle_(nullptr) {
        check(mtp_bot_new(detail::c_str(kind, "kind"), detail::c_str(params_json, "params_json"),
                          &handle_));
    }

    /** Takes ownership of a handle from the C API. */
    static Bot adopt(MtpBot *handle) {
        if (handle == nullptr) {
            throw Error(MTP_STATUS_NULL_POINTER, "adopting a NULL bot handle");
        }
        return Bot(handle);
    }

    Bot(const Bot &) = delete;
    Bot &operator=(const Bot &) = delete;
    Bot(Bot &&other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
    Bot &operator=(Bot &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Bot() {
        if (handle_ != nullptr) {
            mtp_bot_free(handle_);
        }
    }

    /** The C handle (still owned by this Bot). */
    MtpBot *get() const noexcept { return handle_; }
    /** Gives the handle up: the caller frees it with mtp_bot_free. */
    MtpBot *release() noexcept {
        MtpBot *h = handle_;
        handle_ = nullptr;
        return h;
    }

    /** The bot's decision for the seat to act in `game`, from that seat's
     *  view; the game is not changed. A finished game throws
     *  MTP_STATUS_GAME_OVER; a moved-from Bot throws
     *  MTP_STATUS_NULL_POINTER. */
    MtpAction choose(const Game &game) {
        MtpAction action = {MTP_ACTION_KIND_PASS, 0, 0};
        check(mtp_bot_choose(handle_, game.get(), &action));
        return action;
    }

    /** choose(game) that another thread can stop with cancel.trip(): then
     *  throws Cancelled, and the game is unchanged
     *  (mtp_bot_choose_cancellable). */
    MtpAction choose(const Game &game, const Cancel &cancel) {
        MtpAction action = {MTP_ACTION_KIND_PASS, 0, 0};
        MtpStatus status = mtp_bot_choose_cancellable(handle_, game.get(), cancel.get(), &action);
        if (status == MTP_STATUS_CANCELLED) {
            throw Cancelled(mtp_last_error());
        }
        check(status);
        return action;
    }

  private:
    explicit Bot(MtpBot *handle) noexcept : handle_(handle) {}
    MtpBot *handle_;
};

/** Either a game or the error that kept it from being made. */
class Result {
  public:
    /** True when the call succeeded. */
    bool ok() const noexcept { return status_ == MTP_STATUS_OK; }
    explicit operator bool() const noexcept { return ok(); }
    /** The status of the call. */
    MtpStatus status() const noexcept { return status_; }
    /** The library's message ("" on success). */
    const std::string &message() const noexcept { return message_; }
    /** The game; throws the Error when the call failed. */
    Game &value();

  private:
    friend class Game;
    Result(MtpStatus status, std::string message, MtpGame *handle);
    MtpStatus status_;
    std::string message_;
    std::vector<Game> game_; // empty or one game
};

inline Result::Result(MtpStatus status, std::string message, MtpGame *handle)
    : status_(status), message_(std::move(message)) {
    if (handle != nullptr) {
        game_.push_back(Game(handle));
    }
}

inline Game &Result::value() {
    if (!ok() || game_.empty()) {
        throw Error(status_, message_);
    }
    return game_.front();
}

inline Result Game::try_apply(MtpAction action) const {
    MtpGame *h = nullptr;
    MtpStatus status = mtp_game_apply(handle_, action, &h);
    return Result(status, status == MTP_STATUS_OK ? std::string() : std::string(mtp_last_error()),
                  status == MTP_STATUS_OK ? h : nullptr);
}

/** The scoring rules of a game of `variant`, with or without the
 *  Metropolys cards, as JSON: one object per rule (mtp_scoring_rules_json). */
inline std::string scoring_rules_json(MtpVariant variant, bool metropolys_cards = false) {
    char *s = nullptr;
    check(mtp_scoring_rules_json(static_cast<uint32_t>(variant), metropolys_cards, &s));
    return detail::take(s);
}

/** The languages of the catalogues as JSON: [{"tag": "en", "name":
 *  "English"}, ...] (mtp_languages_json). */
inline std::string languages_json() {
    char *s = nullptr;
    check(mtp_languages_json(&s));
    return detail::take(s);
}

/** A game record (JSON) told call by call in the language `lang`, as
 *  JSON: {"calls": [{"call", "title", "lines"}], "ending": [...]}
 *  (mtp_narrate_record_json). A record that does not replay throws as
 *  Game::from_record_json does; an unknown language
 *  MTP_STATUS_INVALID_ARGUMENT. */
inline std::string narrate_record_json(const std::string &record,
                                       const std::string &lang = "en") {
    char *s = nullptr;
    check(mtp_narrate_record_json(detail::c_str(record, "record_json"),
                                  detail::c_str(lang, "lang"), &s));
    return detail::take(s);
}

/** An action in words in a game of `variant`, in the language `lang`:
 *  "bid 7 (medium) on 12 (center, mall)", "pass" (mtp_action_text). */
inline std::string action_text(MtpAction action, MtpVariant variant,
                               const std::string &lang = "en") {
    char *s = nullptr;
    check(mtp_action_text(action, static_cast<uint32_t>(variant), detail::c_str(lang, "lang"),
                          &s));
    return detail::take(s);
}

/** The action with integer id `id` in words (mtp_action_id_text). */
inline std::string action_id_text(uint16_t id, MtpVariant variant,
                                  const std::string &lang = "en") {
    char *s = nullptr;
    check(mtp_action_id_text(id, static_cast<uint32_t>(variant), detail::c_str(lang, "lang"),
                             &s));
    return detail::take(s);
}

/** The scoring rules of scoring_rules_json in the language `lang`, in
 *  words for players, without rule numbers (mtp_scoring_rules_text_json). */
inline std::string scoring_rules_text_json(MtpVariant variant, bool metropolys_cards = false,
                                           const std::string &lang = "en") {
    char *s = nullptr;
    check(mtp_scoring_rules_text_json(static_cast<uint32_t>(variant), metropolys_cards,
                                      detail::c_str(lang, "lang"), &s));
    return detail::take(s);
}

/** How a game of `variant` is played, in the language `lang`, as a JSON
 *  array of paragraphs (mtp_how_to_play_json). */
inline std::string how_to_play_json(MtpVariant variant, const std::string &lang = "en") {
    char *s = nullptr;
    check(mtp_how_to_play_json(static_cast<uint32_t>(variant), detail::c_str(lang, "lang"), &s));
    return detail::take(s);
}

} // namespace metropolys

#endif // METROPOLYS_HPP
