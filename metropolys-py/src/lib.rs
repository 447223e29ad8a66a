//! Python bindings for metropolys-core.
