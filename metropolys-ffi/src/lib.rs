//! C ABI over metropolys-core.
