// Built from client/src/boardtypes.ts by scripts/build-web (esbuild). Do not edit.
