// Built from client/src/protocol.ts by scripts/build-web (esbuild). Do not edit.
const PROTOCOL_VERSION = 1;
const CORRESPONDENCE_SECONDS = 3600;
const MAX_TURN_SECONDS = 1209600;
export {
  CORRESPONDENCE_SECONDS,
  MAX_TURN_SECONDS,
  PROTOCOL_VERSION
};
