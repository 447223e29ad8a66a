// `Symbol.dispose`, which the classes' declarations use (`[Symbol.dispose]()`
// frees an object, for `using`), for TypeScript before 5.2, whose libraries
// do not declare it: the package's index.d.ts references this file, so a
// project type-checks against the package with any `lib`. TypeScript 5.2
// and later declare the same member in lib.esnext.disposable (and
// @types/node does too); declarations of an interface merge, and a
// `unique symbol` member declared twice alike is one member of one type, so
// this adds nothing there and conflicts with nothing.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}
export {};
