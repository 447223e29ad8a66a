// `Symbol.dispose`, which the generated declarations use (`[Symbol.dispose]()`
// frees an object, for `using`): built into TypeScript 5.2 and later; this
// declares it for the older tsc that Debian packages.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}
export {};
